// SPDX-License-Identifier: GPL-2.0
/*
 * dma-double-unmap, within one function: a release of a handle that an
 * earlier release on some path already gave back, with no new mapping of
 * it in between.  The handle is an SSA value; a later use through a phi
 * (the handle variable carried around a loop) counts as the same handle.
 * The paths are CFG paths, not feasible paths: branches on correlated
 * conditions are not told apart yet.
 */
#include "ir_checks.h"
#include "report.h"
#include "ir_values.h"

/* Where the handle value is born: a new mapping ends the old one's story. */
static struct instruction *handle_def(pseudo_t handle)
{
	if (handle->type == PSEUDO_REG || handle->type == PSEUDO_PHI)
		return handle->def;
	return NULL;
}

void check_dma_double_unmap(const struct fn_ctx *ctx)
{
	for_each_site(ctx, second) {
		pseudo_t h2 = site_value(second, AR_HANDLE);

		if (!is_dma_release(second) || !h2)
			continue;
		for_each_site(ctx, first) {
			pseudo_t h1 = site_value(first, AR_HANDLE);
			struct finding *f;

			if (first == second || !is_dma_release(first) || !h1 ||
			    !pseudo_may_be(h2, h1))
				continue;
			if (!first->cfg || !second->cfg ||
			    !insn_reaches(first->cfg, second->cfg, handle_def(h1)))
				continue;
			f = report("dma-double-unmap", second->pos, ctx->name,
				   second->api->name,
				   "%s() of a handle already released on a path through line %u",
				   second->api->name, first->pos.line);
			report_note(f, first->pos, "first released here by %s()",
				    first->api->name);
			break;
		}
	}
}
