// SPDX-License-Identifier: GPL-2.0
/*
 * dma-unmap-kind, across the module: a streaming release of another kind
 * (single / page / sg / resource) than a map that may have produced its
 * handle.  A ring entry may hold handles of several kinds (the skb head
 * mapped single, the fragments page) when the driver keeps a per-entry
 * flag and releases each with its own function: so a release is reported
 * only when its function has no release of the same location of the map's
 * kind.
 */
#include <string.h>

#include "report.h"
#include "tu_checks.h"

static bool same_kind(enum dma_kind a, enum dma_kind b)
{
	/* dma_map_sgtable() maps the table's scatterlist */
	if ((a == KIND_SG || a == KIND_SGTABLE) && (b == KIND_SG || b == KIND_SGTABLE))
		return true;
	return a == b;
}

/* Does r's function also release r's location with a release of kind? */
static bool function_releases(const struct tu_fact *r, enum dma_kind kind)
{
	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *o = &tu_facts.facts[i];

		if (tu_is_release(o) && o->handle_loc == r->handle_loc &&
		    strcmp(o->fn, r->fn) == 0 && same_kind(o->api->kind, kind))
			return true;
	}
	return false;
}

void tu_check_unmap_kind(void)
{
	for (size_t i = 0; i < tu_facts.n_facts; i++) {
		const struct tu_fact *r = &tu_facts.facts[i], **maps;
		const struct tu_fact *other = NULL;
		size_t n;
		struct finding *f;

		if (!tu_is_release(r) || r->handle_loc < 0 ||
		    !tu_producers(r->handle_loc, &maps, &n))
			continue;
		for (size_t k = 0; k < n && !other; k++)
			if (tu_is_map(maps[k]) &&
			    !same_kind(maps[k]->api->kind, r->api->kind) &&
			    !function_releases(r, maps[k]->api->kind))
				other = maps[k];
		if (!other)
			continue;
		f = report("dma-unmap-kind", r->pos, r->fn, tu_loc_name(r->handle_loc),
			   "%s() releases a %s mapping (%s holds a handle of %s())",
			   r->api->name, dma_kind_name(other->api->kind),
			   tu_loc_name(r->handle_loc), other->api->name);
		report_note(f, other->pos, "mapped here by %s()", other->api->name);
	}
}
