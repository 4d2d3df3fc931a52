// SPDX-License-Identifier: GPL-2.0
/*
 * dma-direction, within one function: DMA_NONE is never a valid direction
 * for a map, unmap or sync; an unmap must use the map's direction; a sync
 * must too, unless the buffer was mapped DMA_BIDIRECTIONAL (the rules of
 * kernel/dma/debug.c's check_unmap() and check_sync()).
 */
#include "dma_dir.h"
#include "ir_checks.h"
#include "report.h"
#include "ir_values.h"
#include "tu_checks.h"

static bool is_streaming(const struct call_site *s)
{
	return is_dma_map(s) || is_dma_release(s) || is_dma_sync(s);
}

void check_dma_direction(const struct fn_ctx *ctx)
{
	for_each_site(ctx, s) {
		const struct call_site *map;
		long long dir, mdir;
		struct finding *f;

		if (!is_streaming(s) || !pseudo_const(site_value(s, AR_DIR), &dir))
			continue;
		if (dir == DIR_NONE) {
			report("dma-direction", s->pos, ctx->name, s->api->name,
			       "%s() with DMA_NONE: not a valid DMA direction",
			       s->api->name);
			continue;
		}
		if (is_dma_map(s))
			continue;
		map = dma_map_of(ctx, site_value(s, AR_HANDLE));
		if (!map || !pseudo_const(site_value(map, AR_DIR), &mdir))
			continue;
		if (mdir == dir || mdir == DIR_NONE)
			continue;
		if (is_dma_sync(s) && mdir == DIR_BIDIRECTIONAL)
			continue;
		f = report("dma-direction", s->pos, ctx->name, s->api->name,
			   "%s() with %s, but the handle was mapped %s",
			   s->api->name, dma_dir_name(dir), dma_dir_name(mdir));
		report_note(f, map->pos, "mapped here by %s() with %s",
			    map->api->name, dma_dir_name(mdir));
	}
}

/* Across the module, through the handle's location: see tu_check_unmap_size. */
void tu_check_direction(void)
{
	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *r = &tu_facts.facts[i], **maps;
		size_t n;
		bool all = true;
		struct finding *f;

		if ((!tu_is_release(r) && !tu_is_sync(r)) || !r->dir.known ||
		    r->dir.v == DIR_NONE || !tu_producers(r->handle_loc, &maps, &n))
			continue;
		for (size_t k = 0; k < n && all; k++) {
			long long d = maps[k]->dir.v;

			all = tu_is_map(maps[k]) && maps[k]->dir.known &&
			      d != r->dir.v && d != DIR_NONE &&
			      !(tu_is_sync(r) && d == DIR_BIDIRECTIONAL);
		}
		if (!all)
			continue;
		f = report("dma-direction", r->pos, r->fn, tu_loc_name(r->handle_loc),
			   "%s() with %s, but %s was mapped %s", r->api->name,
			   dma_dir_name(r->dir.v), tu_loc_name(r->handle_loc),
			   dma_dir_name(maps[0]->dir.v));
		for (size_t k = 0; k < n; k++)
			report_note(f, maps[k]->pos, "mapped here by %s() with %s",
				    maps[k]->api->name, dma_dir_name(maps[k]->dir.v));
	}
}
