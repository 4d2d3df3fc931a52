// SPDX-License-Identifier: GPL-2.0
/*
 * iomem-unchecked-request, within one function: the result of a region
 * request (NULL or an errno when the region is busy) must decide a
 * branch.  The result is followed through its SSA uses (copies, casts,
 * comparisons, phis) and through memory (stored to priv->res, loaded
 * again in the same function); a conditional branch or switch tests it, a
 * return hands it to the caller, who may.  A result with no such use was
 * discarded, overwritten before any test, stored and never read back, or
 * only passed to other calls (printed).  Request-and-map calls that return the mapping are tested as
 * mappings, not here; the PCI ones return a status like a request.  A
 * driver that requests ports and does no port I/O, or memory and maps
 * none, makes the request only to show the range in /proc (matroxfb's
 * legacy VGA ports, a PCI quirk fencing off a port, parisc's LED
 * registers): its result gates nothing (region_request_used()).
 */
#include <stdlib.h>

#include "core/util.h"
#include "sparse_checks.h"
#include "ir_values.h"
#include "report.h"
#include "src_index.h"

static bool is_status_request(const struct api_fn *api)
{
	if (api->family != FAMILY_IOMEM)
		return false;
	if (api->role == ROLE_REGION_REQUEST)
		return true;
	/* pcim_iomap_regions*() return a status; the one-BAR and resource
	 * forms (pcim_iomap_region(), devm_ioremap_resource()) an ERR_PTR
	 * the driver uses at once, as cocci has it */
	return api->role == ROLE_REGION_REQUEST_MAP &&
	       (api->space == SPACE_PCI_ALL || api->space == SPACE_PCI_MASK);
}

static bool hands_on(struct instruction *insn)
{
	switch (insn->opcode) {
	case OP_CBR:
	case OP_SWITCH:
	case OP_RET:
		return true;
	default:
		return false;
	}
}

/* What the function reads back from the memory store wrote. */
static void add_loads(struct entrypoint *ep, struct instruction *store,
		      struct pseudo_set *v)
{
	struct basic_block *bb;
	struct instruction *insn;

	FOR_EACH_PTR(ep->bbs, bb) {
		FOR_EACH_PTR(bb->insns, insn) {
			if (insn->bb && insn->opcode == OP_LOAD &&
			    insn_same_memory(insn, store))
				pseudo_set_add(v, insn->target);
		} END_FOR_EACH_PTR(insn);
	} END_FOR_EACH_PTR(bb);
}

static bool result_tested(struct entrypoint *ep, pseudo_t result)
{
	struct pseudo_set v = { 0 };
	size_t done = 0;
	bool tested = false;

	pseudo_set_add(&v, result);
	while (done < v.n && !tested) {
		pseudo_t p = v.items[done++];
		struct pseudo_user *pu;

		FOR_EACH_PTR(p->users, pu) {
			struct instruction *insn = pu->insn;

			if (!insn || !insn->bb)
				continue;
			if (hands_on(insn)) {
				tested = true;
				break;
			}
			if (insn->opcode == OP_STORE) {
				if (pu->userp == &insn->target)
					add_loads(ep, insn, &v);
				continue;
			}
			/* an argument of another call is not a test of it */
			if (insn->opcode == OP_CALL || !insn->target ||
			    insn->target == VOID)
				continue;
			pseudo_set_add(&v, insn->target);
		} END_FOR_EACH_PTR(pu);
	}
	free(v.items);
	return tested;
}

static bool fixed_start(const struct call_site *s)
{
	pseudo_t start = site_value(s, AR_START);

	return start && start->type == PSEUDO_VAL;
}

void check_iomem_unchecked_request(const struct fn_ctx *ctx)
{
	for_each_site(ctx, s) {
		const struct api_fn *api;
		pseudo_t result = s->insn->target;

		/* the source is read only for region calls */
		if (s->api->family != FAMILY_IOMEM)
			continue;
		api = src_written_api(s->pos, s->api);
		if (!is_status_request(api) || s->insn->opcode != OP_CALL ||
		    !result || result == VOID ||
		    !region_request_used(api->space, fixed_start(s),
					 src_index_port_io(), src_index_maps_mmio()) ||
		    result_tested(ctx->ep, result))
			continue;
		report("iomem-unchecked-request", s->pos, ctx->name, api->name,
		       "the result of %s() is never tested: the region may be busy (claimed by another driver) and the driver goes on using it",
		       api->name);
	}
}
