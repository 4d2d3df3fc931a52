// SPDX-License-Identifier: GPL-2.0
/*
 * dma-coherent-streaming-mix: a streaming unmap or sync of a handle only
 * coherent allocations made; a coherent free of a handle only streaming
 * maps made; a streaming map of a buffer only coherent allocations
 * returned.  "Only": a location that may hold both (a flag picks the
 * kind) is no verdict.
 */
#include <stdlib.h>

#include "judge_checks.h"
#include "rules.h"

static bool all_coherent(const struct judge_cands *c)
{
	for (size_t i = 0; i < c->n; i++)
		if (!judge_is_alloc(c->maps[i]) ||
		    !judge_kind_coherent(c->maps[i]->api->kind))
			return false;
	return c->n > 0;
}

static bool all_streaming(const struct judge_cands *c)
{
	for (size_t i = 0; i < c->n; i++)
		if (!judge_is_map(c->maps[i]))
			return false;
	return c->n > 0;
}

void judge_dma_coherent_streaming_mix(const struct judge *j,
				      const struct jsite *rel,
				      const struct judge_cands *c)
{
	struct judge_verdict v;
	const struct jsite *m = c->n ? c->maps[0] : NULL;

	if ((judge_is_unmap(rel) || judge_is_sync(rel)) && all_coherent(c))
		judge_verdict(&v, j, "dma-coherent-streaming-mix", rel,
			      judge_key(j, rel), judge_same_function(rel, c),
			      "%s() given a coherent handle from %s()",
			      rel->written->name, m->written->name);
	else if (judge_is_free(rel) && all_streaming(c))
		judge_verdict(&v, j, "dma-coherent-streaming-mix", rel,
			      judge_key(j, rel), judge_same_function(rel, c),
			      "%s() frees a streaming mapping made by %s()",
			      rel->written->name, m->written->name);
	else
		return;
	judge_note(&v, m, "%s here by %s()", judge_is_alloc(m) ? "allocated" : "mapped",
		   m->written->name);
	judge_emit(j, &v);
}

/* A streaming map of a CPU address that only coherent allocations return. */
void judge_dma_coherent_streaming_mix_map(const struct judge *j,
					  const struct jsite *s,
					  const struct judge_module *mod)
{
	struct judge_verdict v;
	const struct jsite **allocs;
	int *srcs;
	size_t n;
	bool all;

	(void)mod;
	if (!judge_is_map(s) || s->api->handle != ARG_RET || s->buf < 0)
		return;
	all = jf_sources(j->facts, s->buf, &srcs, &n) && n;
	allocs = calloc(n + 1, sizeof(*allocs));
	for (size_t i = 0; all && i < n; i++) {
		allocs[i] = &j->facts->sites[srcs[i]];
		all = judge_is_alloc(allocs[i]) &&
		      judge_kind_coherent(allocs[i]->api->kind);
	}
	if (all) {
		struct judge_cands c = { .maps = allocs, .n = n };

		judge_verdict(&v, j, "dma-coherent-streaming-mix", s,
			      j->facts->locs[s->buf].key, judge_same_function(s, &c),
			      "%s() maps coherent memory from %s(): it needs no mapping",
			      s->written->name, allocs[0]->written->name);
		for (size_t i = 0; i < n; i++)
			judge_note(&v, allocs[i], "allocated here by %s()",
				   allocs[i]->written->name);
		judge_emit(j, &v);
	}
	free(srcs);
	free(allocs);
}
