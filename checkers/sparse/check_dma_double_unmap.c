// SPDX-License-Identifier: GPL-2.0
/*
 * dma-double-unmap, within one function: a release (streaming unmap or
 * coherent free) of a handle that an earlier release on some path already
 * gave back, with no new value for it in between.  The handle is either an
 * SSA value (a later use through a phi, the handle variable carried around
 * a loop, counts as the same handle), or what is read twice from the same
 * memory (em->rx_ring_dma), when nothing on the path may have written it
 * (a store, or a call given its address).  The paths are CFG paths, not
 * feasible paths: branches on correlated conditions are not told apart yet.
 */
#include "sparse_checks.h"
#include "report.h"
#include "ir_values.h"

static bool is_release(const struct call_site *s)
{
	return is_dma_release(s) || is_dma_free(s);
}

/* Where the handle value is born: a new mapping ends the old one's story. */
static bool defines(struct instruction *insn, void *handle)
{
	pseudo_t h = handle;

	return (h->type == PSEUDO_REG || h->type == PSEUDO_PHI) && insn == h->def;
}

static bool writes(struct instruction *insn, void *loaded)
{
	return insn_may_write(insn, loaded);
}

static bool released_again(const struct call_site *first, pseudo_t h1,
			   const struct call_site *second, pseudo_t h2)
{
	if (pseudo_may_be(h2, h1))
		return insn_reaches(first->cfg, second->cfg, defines, h1);
	/*
	 * The second must read the memory after the first release: a copy
	 * taken before it (e1000's olddma, kept across a reallocation) may
	 * be another handle.
	 */
	if (pseudo_same_load(h2, h1))
		return insn_reaches(first->cfg, h2->def, writes, h1) &&
		       insn_reaches(first->cfg, second->cfg, writes, h1);
	return false;
}

void check_dma_double_unmap(const struct fn_ctx *ctx)
{
	for_each_site(ctx, second) {
		pseudo_t h2 = site_value(second, AR_HANDLE);

		if (!is_release(second) || !h2)
			continue;
		for_each_site(ctx, first) {
			pseudo_t h1 = site_value(first, AR_HANDLE);
			struct finding *f;

			if (first == second || !is_release(first) || !h1 ||
			    !released_again(first, h1, second, h2))
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
