// SPDX-License-Identifier: GPL-2.0
/*
 * dma-direction: DMA_NONE is no direction for any streaming call; an unmap
 * must name the direction of the map, a sync too unless the buffer was
 * mapped DMA_BIDIRECTIONAL.  Wrong only when every candidate has a known
 * direction and none fits.
 */
#include "judge_checks.h"
#include "rules.h"

static bool streaming(const struct jsite *s)
{
	return judge_is_map(s) || judge_is_unmap(s) || judge_is_sync(s);
}

void judge_dma_direction_none(const struct judge *j, const struct jsite *s,
			      const struct judge_module *m)
{
	struct judge_verdict v;

	(void)m;
	if (!streaming(s) || s->dir != DIR_NONE)
		return;
	judge_verdict(&v, j, "dma-direction", s, s->written->name, true,
		      "%s() with DMA_NONE: not a valid DMA direction",
		      s->written->name);
	judge_emit(j, &v);
}

void judge_dma_direction(const struct judge *j, const struct jsite *rel,
			 const struct judge_cands *c)
{
	struct judge_verdict v;
	bool sync = judge_is_sync(rel);
	size_t n = 0;

	if ((!judge_is_unmap(rel) && !sync) || rel->dir < 0 || rel->dir == DIR_NONE)
		return;
	for (size_t i = 0; i < c->n_all; i++) {
		const struct jsite *m = c->all[i];

		/*
		 * a coherent allocation has none: the release may be of that
		 * memory (a local that holds the RX ring's coherent buffer or
		 * the TX buffer's mapping, by branch), for the mix check
		 */
		if (m->api->dir == ARG_NONE)
			return;
		if (m->dir < 0 || m->dir == DIR_NONE ||
		    judge_dir_fits(m->dir, rel->dir, sync))
			return;
		n++;
	}
	if (!n)
		return;
	judge_verdict(&v, j, "dma-direction", rel, judge_key(j, rel),
		      judge_same_function(rel, c),
		      "%s() direction %s differs from the map direction %s",
		      rel->written->name, dma_dir_name(rel->dir),
		      dma_dir_name(c->all[0]->dir));
	for (size_t i = 0; i < c->n_all; i++)
		judge_note(&v, c->all[i], "mapped here by %s() with %s",
			   c->all[i]->written->name, dma_dir_name(c->all[i]->dir));
	judge_emit(j, &v);
}
