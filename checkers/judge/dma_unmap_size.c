// SPDX-License-Identifier: GPL-2.0
/*
 * dma-unmap-size: an unmap or a free must give the size the mapping or
 * allocation was made with; a sync must stay inside the mapping.  Wrong
 * only when it provably differs from every candidate (the same linear
 * form with another constant, or two constants): an unknown size on
 * either side is no verdict.
 */
#include <stdlib.h>

#include "core/util.h"
#include "judge_checks.h"
#include "rules.h"

/* The maps rel is compared with: those its kind can release. */
static bool comparable(const struct jsite *rel, const struct jsite *m)
{
	if (judge_is_sync(rel))
		return judge_is_map(m) || m->api->kind == KIND_NONCOHERENT;
	if (judge_is_free(rel))
		return judge_is_alloc(m) && judge_kind_undoes(m->api->kind, rel->api->kind);
	return judge_is_map(m) && judge_kind_undoes(m->api->kind, rel->api->kind);
}

/* Two sizes of an unmap and its map: provably not equal, or two
 * multiples of one form ("n * 4" freed where "n * 8" was allocated: equal
 * only for a mapping of 0 bytes, which is none). */
static bool sizes_differ(const struct judge *j, const struct jx *a,
			 const struct jx *b)
{
	return judge_equal(j, a, b) == JX_FALSE || jx_other_multiple(a, b);
}

/*
 * Does the release's size differ from every value the map's size may
 * take, and the reverse?  A helper sized by its parameter allocates 1024
 * bytes for one caller and 512 for the other: a free of 256 differs from
 * both.
 */
#define MAX_VALUES 8
static bool every_value_differs(const struct judge *j, const struct jsite *rel,
				const struct jx *end, const struct jsite *m)
{
	struct jx a[MAX_VALUES], b[MAX_VALUES];
	size_t na = 0, nb = 0;
	bool all = judge_values(j, end, rel->module, a, MAX_VALUES, &na) &&
		   judge_values(j, &m->size, m->module, b, MAX_VALUES, &nb) &&
		   na * nb > 1;

	for (size_t i = 0; i < na && all; i++)
		for (size_t k = 0; k < nb && all; k++)
			all = sizes_differ(j, &a[i], &b[k]);
	while (na)
		jx_free(&a[--na]);
	while (nb)
		jx_free(&b[--nb]);
	return all;
}

/*
 * Does this map provably disagree with the release (sync: end past it)?
 * By value, or for an unmap or free by where the release's size comes
 * from: a member of the entry that is not the one keeping the map's size
 * (*record, size_record.c).
 */
static bool differs(const struct judge *j, const struct jsite *rel,
		    const struct jx *end, const struct jsite *m, int *record)
{
	enum jx_truth t;
	struct jx a, b;

	if (m->size.kind != JX_LINEAR)
		return false;
	t = judge_is_sync(rel) ? judge_greater(j, end, &m->size)
			       : judge_equal(j, end, &m->size);
	if (t == JX_UNKNOWN) {
		a = judge_resolve(j, end, rel->module);
		b = judge_resolve(j, &m->size, m->module);
		t = judge_is_sync(rel) ? judge_greater(j, &a, &b) : judge_equal(j, &a, &b);
		if (t == JX_UNKNOWN && !judge_is_sync(rel) &&
		    (jx_other_multiple(&a, &b) || every_value_differs(j, rel, end, m)))
			t = JX_FALSE;
		jx_free(&a);
		jx_free(&b);
	}
	if (t == JX_UNKNOWN && !judge_is_sync(rel))
		return (*record = judge_size_unrecorded(j, rel, m)) >= 0;
	return judge_is_sync(rel) ? t == JX_TRUE : t == JX_FALSE;
}

/*
 * A size as the source writes it, and what the stores the judge read make
 * of it: "8 * nstats" alone would read as equal to the "8 * nstats" of
 * another function; "dma->size" is "size / 2", "256 * size" is 262144 or
 * 131072 for the helper's two callers.
 */
static char *show_size(const struct judge *j, const struct jsite *s,
		       const struct jx *x)
{
	struct jx v[MAX_VALUES];
	size_t n;
	struct strbuf sb = { 0 };
	char *text = jx_show(x);
	bool same;

	if (!judge_values(j, x, s->module, v, MAX_VALUES, &n))
		return text;
	same = n == 1 && jx_same(&v[0], x);
	sb_printf(&sb, "%s", text);
	for (size_t i = 0; i < n && !same; i++) {
		char *one = jx_show(&v[i]);

		sb_printf(&sb, "%s%s", i ? " or " : " (", one);
		free(one);
	}
	if (n && !same)
		sb_printf(&sb, ")");
	while (n)
		jx_free(&v[--n]);
	free(text);
	return sb.buf;
}

static void report(const struct judge *j, const struct jsite *rel,
		   const struct jsite *const *maps, size_t n, bool same_fn,
		   int record)
{
	struct judge_verdict v;
	char *got = show_size(j, rel, &rel->size);
	char *want = show_size(j, maps[0], &maps[0]->size);
	char *off = rel->offset.kind == JX_LINEAR ? jx_show(&rel->offset) : NULL;

	if (judge_is_sync(rel) && off)
		judge_verdict(&v, j, "dma-unmap-size", rel, judge_key(j, rel), same_fn,
			      "%s() syncs %s bytes at offset %s, past the end of a mapping of size %s",
			      rel->written->name, got, off, want);
	else if (judge_is_sync(rel))
		judge_verdict(&v, j, "dma-unmap-size", rel, judge_key(j, rel), same_fn,
			      "%s() syncs %s bytes of a mapping of size %s",
			      rel->written->name, got, want);
	else if (record >= 0)
		judge_verdict(&v, j, "dma-unmap-size", rel, judge_key(j, rel), same_fn,
			      "%s() size %s is not the %s size %s, which the entry keeps in %s",
			      rel->written->name, got,
			      judge_is_free(rel) ? "allocated" : "map", want,
			      jf_loc_name(j->facts, record));
	else
		judge_verdict(&v, j, "dma-unmap-size", rel, judge_key(j, rel), same_fn,
			      "%s() size %s differs from the %s size %s",
			      rel->written->name, got,
			      judge_is_free(rel) ? "allocated" : "map", want);
	for (size_t i = 0; i < n; i++) {
		char *size = show_size(j, maps[i], &maps[i]->size);

		judge_note(&v, maps[i], "%s here by %s() with size %s",
			   judge_is_alloc(maps[i]) ? "allocated" : "mapped",
			   maps[i]->written->name, size);
		free(size);
	}
	judge_emit(j, &v);
	free(got);
	free(want);
	free(off);
}

void judge_dma_unmap_size(const struct judge *j, const struct jsite *rel,
			  const struct judge_cands *c)
{
	const struct jsite **maps = calloc(c->n + 1, sizeof(*maps));
	size_t n = 0;
	struct jx end = { 0 };
	bool all = true;
	int record = JLOC_NONE;

	if (rel->size.kind != JX_LINEAR ||
	    (!judge_is_unmap(rel) && !judge_is_sync(rel) && !judge_is_free(rel)))
		goto out;
	if (rel->api->flags & API_RANGE)
		end = jx_add(&rel->size, &rel->offset);
	else
		end = jx_copy(&rel->size);
	if (end.kind != JX_LINEAR)
		goto out;
	for (size_t i = 0; i < c->n && all; i++)
		if (comparable(rel, c->maps[i])) {
			all = differs(j, rel, &end, c->maps[i], &record);
			maps[n++] = c->maps[i];
		}
	if (all && n)
		report(j, rel, maps, n, judge_same_function(rel, c), record);
out:
	jx_free(&end);
	free(maps);
}
