// SPDX-License-Identifier: GPL-2.0
/*
 * iomem-unchecked-request, within one function: the result of a region
 * request (NULL or an errno when the region is busy) must decide a
 * branch.  The result is followed through its SSA uses (copies, casts,
 * comparisons, phis); a conditional branch or switch tests it, a return
 * or a store hands it to someone who may.  A result with no such use was
 * discarded, overwritten before any test, or only passed to other calls
 * (printed).  Request-and-map calls that return the mapping are tested as
 * mappings, not here; the PCI ones return a status like a request.
 */
#include <stdlib.h>

#include "core/util.h"
#include "ir_checks.h"
#include "ir_values.h"
#include "report.h"
#include "src_text.h"

static bool is_status_request(const struct api_fn *api)
{
	if (api->family != FAMILY_IOMEM)
		return false;
	if (api->role == ROLE_REGION_REQUEST)
		return true;
	return api->role == ROLE_REGION_REQUEST_MAP &&
	       (api->space == SPACE_PCI_ALL || api->space == SPACE_PCI_MASK ||
		api->space == SPACE_PCI_BAR);
}

static bool hands_on(struct instruction *insn)
{
	switch (insn->opcode) {
	case OP_CBR:
	case OP_SWITCH:
	case OP_RET:
	case OP_STORE:
		return true;
	default:
		return false;
	}
}

static bool result_tested(pseudo_t result)
{
	pseudo_t *work = NULL;
	size_t n = 0, cap = 0, done = 0;
	bool tested = false;

	GROW(work, cap, 1);
	work[n++] = result;
	while (done < n && !tested) {
		pseudo_t p = work[done++];
		struct pseudo_user *pu;

		FOR_EACH_PTR(p->users, pu) {
			struct instruction *insn = pu->insn;
			bool seen = false;

			if (!insn || !insn->bb)
				continue;
			if (hands_on(insn)) {
				tested = true;
				break;
			}
			/* an argument of another call is not a test of it */
			if (insn->opcode == OP_CALL || !insn->target ||
			    insn->target == VOID)
				continue;
			for (size_t i = 0; i < n; i++)
				seen = seen || work[i] == insn->target;
			if (!seen) {
				GROW(work, cap, n + 1);
				work[n++] = insn->target;
			}
		} END_FOR_EACH_PTR(pu);
	}
	free(work);
	return tested;
}

void check_iomem_unchecked_request(const struct fn_ctx *ctx)
{
	for_each_site(ctx, s) {
		const struct api_fn *api = api_as_written(s->pos, s->api);
		pseudo_t result = s->insn->target;

		if (!is_status_request(api) || s->insn->opcode != OP_CALL ||
		    !result || result == VOID || result_tested(result))
			continue;
		report("iomem-unchecked-request", s->pos, ctx->name, api->name,
		       "the result of %s() is never tested: the region may be busy (claimed by another driver) and the driver goes on using it",
		       api->name);
	}
}
