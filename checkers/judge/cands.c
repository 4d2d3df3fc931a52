// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "cands.h"
#include "core/util.h"

int cands_key(const struct jsite *rel)
{
	return rel->handle >= 0 ? rel->handle : rel->buf;
}

static bool is_release(const struct jsite *s)
{
	return judge_is_unmap(s) || judge_is_sync(s) || judge_is_free(s);
}

/* Can a value meet both conditions (loc == v, loc != v)? */
static bool compatible(const struct jguard *a, const struct jguard *b)
{
	if (a->equal && b->equal)
		return a->v == b->v;
	if (a->equal != b->equal)
		return a->v != b->v;
	return true;
}

/* Is rel under a guard that a member holds something other than 0, where
 * the module never stores anything else to it (altera_tse tests
 * mapped_as_page, which nothing sets)?  Then rel never runs. */
static bool never_runs(const struct judge_facts *jf, const struct jsite *rel)
{
	for (size_t g = 0; g < rel->n_guards; g++) {
		const struct jguard *rg = &rel->guards[g];

		if (rg->loc >= 0 && rg->loc != cands_key(rel) &&
		    (rg->equal ? rg->v != 0 : rg->v == 0) &&
		    !strncmp(jf->locs[rg->loc].key, "field:", 6) &&
		    /* a bit is set by sites (sets), never stored */
		    !jf_bit_base(jf->locs[rg->loc].key) &&
		    jf_never_stored(jf, rg->loc))
			return true;
	}
	return false;
}

/*
 * Does the map fit every guard of the release?  Not when a flag it sets
 * after mapping contradicts one (mapped_as_page = 0, released under
 * "if (buf->mapped_as_page)"), nor when it runs under the opposite
 * condition on the same member (a flag that picks coherent or streaming
 * memory, tested again at the release).  A map that says nothing of the
 * member fits.  A test of the handle itself ("if (!rx->dma)" before a
 * refill, "if (rx->dma)" before the unmap), or of anything else the map
 * stores its result to (lima allocates a page table under "if
 * (!bt->cpu)" and frees it under "if (bt->cpu)"), is what the map changes.
 */
static bool made_by(const struct judge_facts *jf, int loc, const struct jsite *map)
{
	for (size_t k = 0; loc >= 0 && k < jf->locs[loc].n_srcs; k++)
		if (jf->locs[loc].srcs[k].type == JSRC_SITE &&
		    &jf->sites[jf->locs[loc].srcs[k].idx] == map)
			return true;
	return false;
}

/*
 * Is a guard's location what it was when the map and the release tested
 * it?  A member is (a flag of the entry); a local only while nothing but
 * its function's argument is stored to it (serial-tegra's dma_to_memory
 * picks a coherent RX buffer or a streaming TX map for one local).
 */
static bool guard_stable(const struct judge_facts *jf, int loc)
{
	const struct jloc *l = loc >= 0 ? &jf->locs[loc] : NULL;

	if (!l || strncmp(l->key, "local:", 6))
		return true;
	for (size_t k = 0; k < l->n_srcs; k++)
		if (l->srcs[k].type != JSRC_LOC ||
		    strncmp(jf->locs[l->srcs[k].idx].key, "param:", 6))
			return false;
	return true;
}

/*
 * Does the map's function fill loc (a site of it, or one of its locals,
 * is a source of loc)?  A map under "loc == 0" then makes loc non-zero on
 * its way (b44 allocates its ring coherent and, under "if (!bp->rx_ring)",
 * kzalloc()s and maps it instead, storing the buffer to rx_ring): the
 * release's "if (bp->rx_ring)" does not exclude it.
 */
static bool filled_by(const struct judge_facts *jf, int loc, const struct jsite *map)
{
	char *prefix = xasprintf("local:%s:%s:", map->file, map->function);
	bool filled = false;

	for (size_t k = 0; loc >= 0 && k < jf->locs[loc].n_srcs && !filled; k++) {
		const struct jsrc *src = &jf->locs[loc].srcs[k];

		if (src->type == JSRC_SITE)
			filled = !strcmp(jf->sites[src->idx].file, map->file) &&
				 !strcmp(jf->sites[src->idx].function, map->function);
		else if (src->type == JSRC_LOC)
			filled = !strncmp(jf->locs[src->idx].key, prefix, strlen(prefix));
	}
	free(prefix);
	return filled;
}

/* Does site s set loc to v after its map? */
static bool sets(const struct jsite *s, int loc, long long v)
{
	for (size_t k = 0; k < s->n_sets; k++)
		if (s->sets[k].loc == loc && s->sets[k].v == v)
			return true;
	return false;
}

/*
 * A release under "if (e->flags & BIT)": a map that marks its entry with
 * another bit of that member and not with BIT is another kind of mapping,
 * when BIT is the mark some map of the module sets (rt2x00 maps RX skbs
 * and sets SKBDESC_DMA_MAPPED_RX, TX skbs and sets ..._TX).  A bit no map
 * sets says nothing of which map it was.
 */
static bool other_mark(const struct judge_facts *jf, int bit, const struct jsite *map)
{
	const char *key = jf->locs[bit].key;
	size_t base = jf_bit_base(key);
	bool marked = false, other = false;

	if (!base || sets(map, bit, 1))
		return false;
	for (size_t k = 0; k < map->n_sets && !other; k++) {
		const char *mk = jf->locs[map->sets[k].loc].key;

		other = map->sets[k].v == 1 && jf_bit_base(mk) == base &&
			!strncmp(mk, key, base);
	}
	for (size_t i = 0; i < jf->n_sites && other && !marked; i++)
		marked = sets(&jf->sites[i], bit, 1);
	return other && marked;
}

static bool fits_guards(const struct judge_facts *jf, const struct jsite *rel,
			const struct jsite *map)
{
	for (size_t g = 0; g < rel->n_guards; g++) {
		const struct jguard *rg = &rel->guards[g];

		if (rg->loc == cands_key(rel) || made_by(jf, rg->loc, map) ||
		    !guard_stable(jf, rg->loc))
			continue;
		for (size_t k = 0; k < map->n_sets; k++)
			if (map->sets[k].loc == rg->loc &&
			    (map->sets[k].v == rg->v) != rg->equal)
				return false;
		if (!rg->equal && rg->v == 0 && other_mark(jf, rg->loc, map))
			return false;
		for (size_t k = 0; k < map->n_guards; k++)
			if (map->guards[k].loc == rg->loc &&
			    !compatible(&map->guards[k], rg) &&
			    !(map->guards[k].equal && map->guards[k].v == 0 &&
			      filled_by(jf, rg->loc, map)))
				return false;
	}
	return true;
}

static bool same_dir(const struct jsite *rel, const struct jsite *map)
{
	return map->dir == rel->dir || map->dir == DIR_BIDIRECTIONAL;
}

/*
 * The candidates of rel into c (arrays allocated); none when some source
 * is unknown: the checks that need none (a count passed back from
 * dma_map_sg()) still look at the release.
 */
static void cands_of(const struct judge_facts *jf, const struct jsite *rel,
		     struct judge_cands *c)
{
	int *srcs = NULL;
	size_t n = 0, n_all = 0, n_dir = 0;
	bool complete = cands_key(rel) >= 0 &&
			jf_sources(jf, cands_key(rel), &srcs, &n);
	const struct jsite **all = xmalloc((n + 1) * sizeof(*all));
	const struct jsite **dir = xmalloc((n + 1) * sizeof(*dir));

	for (size_t i = 0; complete && i < n; i++) {
		const struct jsite *m = &jf->sites[srcs[i]];

		if (!judge_is_map(m) && !judge_is_alloc(m))
			complete = false;
		else if (fits_guards(jf, rel, m))
			all[n_all++] = m;
	}
	free(srcs);
	if (!complete || never_runs(jf, rel))
		n_all = 0;
	if (rel->dir >= 0 && rel->dir != DIR_NONE)
		for (size_t i = 0; i < n_all; i++)
			if (same_dir(rel, all[i]))
				dir[n_dir++] = all[i];
	if (!n_dir) {
		memcpy(dir, all, n_all * sizeof(*all));
		n_dir = n_all;
	}
	*c = (struct judge_cands){ .maps = dir, .n = n_dir, .all = all,
				   .n_all = n_all };
}

void cands_module(const struct judge_facts *jf, const size_t *idx, size_t n,
		  struct judge_module *mod)
{
	memset(mod, 0, sizeof(*mod));
	mod->sites = xmalloc((n + 1) * sizeof(*mod->sites));
	mod->releases = xmalloc((n + 1) * sizeof(*mod->releases));
	mod->cands = xmalloc((n + 1) * sizeof(*mod->cands));
	for (size_t i = 0; i < n; i++) {
		const struct jsite *s = &jf->sites[idx[i]];

		mod->sites[mod->n_sites++] = s;
		if (!is_release(s))
			continue;
		cands_of(jf, s, &mod->cands[mod->n]);
		mod->cands[mod->n].module = mod;
		mod->releases[mod->n++] = s;
	}
}

void cands_module_free(struct judge_module *mod)
{
	for (size_t i = 0; i < mod->n; i++) {
		free((void *)mod->cands[i].maps);
		free((void *)mod->cands[i].all);
	}
	free(mod->cands);
	free(mod->releases);
	free(mod->sites);
	memset(mod, 0, sizeof(*mod));
}

bool cands_has(const struct judge_module *mod, size_t rel,
	       const struct jsite *map)
{
	for (size_t i = 0; i < mod->cands[rel].n_all; i++)
		if (mod->cands[rel].all[i] == map)
			return true;
	return false;
}
