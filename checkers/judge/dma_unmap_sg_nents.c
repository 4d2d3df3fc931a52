// SPDX-License-Identifier: GPL-2.0
/*
 * dma-unmap-sg-nents: dma_unmap_sg() takes the nents that was given to
 * dma_map_sg(), not the count it returned (Documentation/core-api/
 * dma-api.rst).  Wrong when the count passed can only be what a
 * dma_map_sg() returned (every source of where it is read from is such a
 * call: a count kept in payload->sg_cnt that was set from nents is not),
 * or when it provably differs from every nents the list was mapped with.
 */
#include <stdlib.h>
#include <string.h>

#include "judge_checks.h"

static bool sg_count(const struct jsite *m)
{
	return judge_is_map(m) && m->api->handle == ARG_NONE && m->api->nents >= 0;
}

/*
 * The sg map whose returned count is all nents_loc may hold, or NULL.  Not
 * when nents_loc is copied from where a map read its nents: the stores are
 * seen without their order, and qc->orig_n_elem = qc->n_elem before
 * qc->n_elem = the returned count saved the nents given.  An unmap with
 * qc->n_elem itself still gets the returned count.
 */
static const struct jsite *returned_count(const struct judge *j,
					  const struct jsite *rel)
{
	const struct jsite *map = NULL;
	int *srcs;
	size_t n;

	if (!j->facts || rel->nents_loc < 0)
		return NULL;
	if (jf_sources(j->facts, rel->nents_loc, &srcs, &n) && n) {
		map = &j->facts->sites[srcs[0]];
		for (size_t i = 0; i < n && map; i++) {
			const struct jsite *m = &j->facts->sites[srcs[i]];

			if (!sg_count(m) ||
			    jf_copies_from(j->facts, rel->nents_loc, m->nents_loc))
				map = NULL;
		}
	}
	free(srcs);
	return map;
}

/* Does a direct source of loc copy loc back (qc->n_elem =
 * qc->orig_n_elem, which was saved from it): a restore. */
static bool restored(const struct judge_facts *jf, int loc)
{
	const struct jloc *l = &jf->locs[loc];

	for (size_t i = 0; i < l->n_srcs; i++)
		if (l->srcs[i].type == JSRC_LOC && l->srcs[i].idx >= 0 &&
		    jf_copies_from(jf, l->srcs[i].idx, loc))
			return true;
	return false;
}

/*
 * The count overwritten in place: a map reads its nents from the location
 * the release reads and stores the count it returns there
 * (qc->n_elem = dma_map_sg(..., qc->n_elem, ...), through a local too).
 * From that map on the location holds the returned count, whatever other
 * nents it is given before the next map; a release in another function
 * runs after the map.  Not when something copies a saved value back.
 */
static const struct jsite *overwritten(const struct judge *j,
				       const struct jsite *rel)
{
	const struct judge_facts *jf = j->facts;
	const struct jsite *map = NULL;
	int *srcs;
	size_t n;

	if (!jf || rel->nents_loc < 0)
		return NULL;
	jf_sources(jf, rel->nents_loc, &srcs, &n);
	for (size_t i = 0; i < n && !map; i++) {
		const struct jsite *m = &jf->sites[srcs[i]];

		if (sg_count(m) && m->nents_loc == rel->nents_loc &&
		    strcmp(m->function, rel->function) != 0)
			map = m;
	}
	free(srcs);
	return map && !restored(jf, rel->nents_loc) ? map : NULL;
}

/* On a path: the count passed is computed from what this map returned,
 * and is not provably the nents it was given. */
static const struct jsite *returned_on_path(const struct judge *j,
					    const struct jsite *rel,
					    const struct jsite *m)
{
	bool mentions = false;

	for (size_t i = 0; i < m->result.n; i++)
		for (size_t k = 0; k < rel->nents.n; k++)
			mentions |= !strcmp(m->result.t[i].atom, rel->nents.t[k].atom);
	return mentions && sg_count(m) &&
	       judge_equal(j, &rel->nents, &m->nents) != JX_TRUE ? m : NULL;
}

static bool differs(const struct judge *j, const struct jsite *rel,
		    const struct jsite *m)
{
	enum jx_truth t;
	struct jx a, b;

	if (!sg_count(m) || m->nents.kind != JX_LINEAR)
		return false;
	t = judge_equal(j, &rel->nents, &m->nents);
	if (t == JX_UNKNOWN) {
		a = judge_resolve(j, &rel->nents, rel->module);
		b = judge_resolve(j, &m->nents, m->module);
		t = judge_equal(j, &a, &b);
		jx_free(&a);
		jx_free(&b);
	}
	return t == JX_FALSE;
}

void judge_dma_unmap_sg_nents(const struct judge *j, const struct jsite *rel,
			      const struct judge_cands *c)
{
	struct judge_verdict v;
	const struct jsite *map;
	char *got, *want;
	bool all = c->n > 0;

	if (!judge_is_unmap(rel) || rel->api->nents < 0)
		return;
	map = c->exact ? returned_on_path(j, rel, c->maps[0]) : returned_count(j, rel);
	if (!map && !c->exact)
		map = overwritten(j, rel);
	if (map) {
		judge_verdict(&v, j, "dma-unmap-sg-nents", rel, judge_key(j, rel),
			      !strcmp(map->function, rel->function),
			      "%s() given the count %s() returned, not the nents it was given",
			      rel->written->name, map->written->name);
		judge_note(&v, map, "mapped here by %s()", map->written->name);
		judge_emit(j, &v);
		return;
	}
	if (rel->nents.kind != JX_LINEAR)
		return;
	for (size_t i = 0; i < c->n && all; i++)
		all = differs(j, rel, c->maps[i]);
	if (!all)
		return;
	got = jx_show(&rel->nents);
	want = jx_show(&c->maps[0]->nents);
	judge_verdict(&v, j, "dma-unmap-sg-nents", rel, judge_key(j, rel),
		      judge_same_function(rel, c),
		      "%s() nents %s differs from the %s entries mapped",
		      rel->written->name, got, want);
	for (size_t i = 0; i < c->n; i++) {
		char *n = jx_show(&c->maps[i]->nents);

		judge_note(&v, c->maps[i], "mapped here by %s() with %s entries",
			   c->maps[i]->written->name, n);
		free(n);
	}
	judge_emit(j, &v);
	free(got);
	free(want);
}
