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
