// SPDX-License-Identifier: GPL-2.0
/*
 * What the intra-procedural DMA pairing checks share: finding the map that
 * produced the handle a release or sync is given.  Within one function the
 * handle is an SSA value, so "the same handle" is "the same pseudo" as the
 * map's return value.
 */
#include "ir_checks.h"
#include "ir_values.h"

bool is_dma_map(const struct call_site *site)
{
	return site->api->family == FAMILY_DMA && site->api->role == ROLE_DMA_MAP;
}

bool is_dma_release(const struct call_site *site)
{
	return site->api->family == FAMILY_DMA && site->api->role == ROLE_DMA_UNMAP;
}

bool is_dma_free(const struct call_site *site)
{
	return site->api->family == FAMILY_DMA && site->api->role == ROLE_DMA_FREE;
}

bool is_dma_mapping_error(const struct call_site *site)
{
	return site->api->family == FAMILY_DMA &&
	       site->api->role == ROLE_DMA_MAPPING_ERROR;
}

bool is_dma_sync(const struct call_site *site)
{
	return site->api->family == FAMILY_DMA && site->api->role == ROLE_DMA_SYNC;
}

const struct call_site *dma_map_of(const struct fn_ctx *ctx, pseudo_t handle)
{
	if (!pseudo_is_live(handle))
		return NULL;
	for_each_site(ctx, s) {
		if (is_dma_map(s) && site_value(s, AR_HANDLE) == handle)
			return s;
	}
	return NULL;
}
