// SPDX-License-Identifier: GPL-2.0
/*
 * dma-unmap-sg-nents, across the module: dma_unmap_sg() must get the nents
 * given to dma_map_sg(), not the count it returned (DMA-API.txt).  Reported
 * when the count passed may be what a dma_map_sg() returned, or when it is
 * a constant that differs from every constant the scatterlist was mapped
 * with.
 */
#include "report.h"
#include "tu_checks.h"

static const struct tu_fact *sg_map_result(const struct tu_fact *r)
{
	const struct tu_fact **src;
	size_t n;

	tu_sources(r->nents_loc, &src, &n);
	for (size_t k = 0; k < n; k++)
		if (tu_is_map(src[k]) && src[k]->api->handle == ARG_NONE &&
		    src[k]->api->nents >= 0)
			return src[k];
	return NULL;
}

static const struct tu_fact *other_nents(const struct tu_fact *r)
{
	const struct tu_fact **maps;
	size_t n;

	if (!r->nents.known || !tu_producers(r->buf_loc, &maps, &n))
		return NULL;
	for (size_t k = 0; k < n; k++)
		if (!tu_is_map(maps[k]) || !maps[k]->nents.known ||
		    maps[k]->nents.v == r->nents.v)
			return NULL;
	return maps[0];
}

void tu_check_sg_nents(void)
{
	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *r = &tu_facts.facts[i], *map;
		struct finding *f;

		if (!tu_is_release(r) || r->api->nents < 0)
			continue;
		map = sg_map_result(r);
		if (map) {
			f = report("dma-unmap-sg-nents", r->pos, r->fn, tu_loc_name(r->buf_loc),
				   "%s() given the count %s() returned, not the nents it was given",
				   r->api->name, map->api->name);
			report_note(f, map->pos, "mapped here by %s()", map->api->name);
			continue;
		}
		map = other_nents(r);
		if (!map)
			continue;
		f = report("dma-unmap-sg-nents", r->pos, r->fn, tu_loc_name(r->buf_loc),
			   "%s() of %lld entries, but %s was mapped with %lld",
			   r->api->name, r->nents.v, tu_loc_name(r->buf_loc), map->nents.v);
		report_note(f, map->pos, "mapped here by %s() with %lld entries",
			    map->api->name, map->nents.v);
	}
}
