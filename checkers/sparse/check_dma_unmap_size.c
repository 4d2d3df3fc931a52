// SPDX-License-Identifier: GPL-2.0
/*
 * dma-unmap-size, within one function: a release must give the size the
 * handle was mapped with; a sync must stay inside the mapping.  Only sizes
 * that are provably different (constants, after sparse folded sizeof and
 * the macros) are reported; the same SSA value is equal; anything else is
 * unknown and left alone.
 */
#include "ir_checks.h"
#include "report.h"
#include "ir_values.h"
#include "tu_checks.h"

static void check_release(const struct fn_ctx *ctx, const struct call_site *rel,
			  const struct call_site *map)
{
	pseudo_t mapped = site_value(map, AR_SIZE), given = site_value(rel, AR_SIZE);
	long long m, g;
	struct finding *f;

	if (pseudo_compare(mapped, given) != VALUES_DIFFERENT)
		return;
	pseudo_const(mapped, &m);
	pseudo_const(given, &g);
	f = report("dma-unmap-size", rel->pos, ctx->name, rel->api->name,
		   "%s() of %lld bytes, but the handle was mapped with %lld",
		   rel->api->name, g, m);
	report_note(f, map->pos, "mapped here by %s() with size %lld",
		    map->api->name, m);
}

/* A sync covers [offset, offset + size) of the mapping; past its end is a bug. */
static void check_sync(const struct fn_ctx *ctx, const struct call_site *sync,
		       const struct call_site *map)
{
	long long m, g, off = 0;
	struct finding *f;

	if (!pseudo_const(site_value(map, AR_SIZE), &m) ||
	    !pseudo_const(site_value(sync, AR_SIZE), &g))
		return;
	if ((sync->api->flags & API_RANGE) &&
	    !pseudo_const(site_value(sync, AR_OFFSET), &off))
		return;
	if (off + g <= m)
		return;
	if (off)
		f = report("dma-unmap-size", sync->pos, ctx->name, sync->api->name,
			   "%s() of %lld bytes at offset %lld runs past the %lld mapped",
			   sync->api->name, g, off, m);
	else
		f = report("dma-unmap-size", sync->pos, ctx->name, sync->api->name,
			   "%s() of %lld bytes, but only %lld were mapped",
			   sync->api->name, g, m);
	report_note(f, map->pos, "mapped here by %s() with size %lld",
		    map->api->name, m);
}

void check_dma_unmap_size(const struct fn_ctx *ctx)
{
	for_each_site(ctx, s) {
		const struct call_site *map;

		if (!is_dma_release(s) && !is_dma_sync(s))
			continue;
		map = dma_map_of(ctx, site_value(s, AR_HANDLE));
		if (!map)
			continue;
		if (is_dma_release(s))
			check_release(ctx, s, map);
		else
			check_sync(ctx, s, map);
	}
}

/*
 * Across the module: a release or sync whose handle comes from a location
 * (a struct member, a local) is checked against every map that stored a
 * handle there; only when it differs from all of them is it reported.
 */
void tu_check_unmap_size(void)
{
	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *r = &tu_facts.facts[i], **maps;
		long long end;
		size_t n;
		bool all = true;
		struct finding *f;

		if ((!tu_is_release(r) && !tu_is_sync(r)) || !r->size.known ||
		    !tu_producers(r->handle_loc, &maps, &n))
			continue;
		end = r->size.v + (r->offset.known ? r->offset.v : 0);
		if ((r->api->flags & API_RANGE) && !r->offset.known)
			continue;
		for (size_t k = 0; k < n && all; k++)
			all = tu_is_map(maps[k]) && maps[k]->size.known &&
			      (tu_is_release(r) ? maps[k]->size.v != r->size.v
						: end > maps[k]->size.v);
		if (!all)
			continue;
		f = report("dma-unmap-size", r->pos, r->fn, tu_loc_name(r->handle_loc),
			   "%s() of %lld bytes on %s, but it was mapped with %lld",
			   r->api->name, r->size.v, tu_loc_name(r->handle_loc),
			   maps[0]->size.v);
		for (size_t k = 0; k < n; k++)
			report_note(f, maps[k]->pos, "mapped here by %s() with size %lld",
				    maps[k]->api->name, maps[k]->size.v);
	}
}
