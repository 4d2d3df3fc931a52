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

/*
 * h2 a phi one of whose sources is h1: the value copied at that source
 * is the one the first release gave back only when no new mapping into h1
 * lies between the copy and the first release, whichever comes first
 * (mlx5 keeps a mapping at bus address 0 in zero_addr and maps again).
 */
static bool copy_is_released(struct instruction *first, pseudo_t h1,
			     struct instruction *second, pseudo_t h2)
{
	pseudo_t src;

	if (h2 == h1)
		return insn_reaches(first, second, defines, h1);
	FOR_EACH_PTR(h2->def->phi_list, src) {
		struct instruction *copy;

		if (src->type != PSEUDO_PHI || !src->def ||
		    src->def->phi_src != h1)
			continue;
		copy = src->def;
		if (insn_reaches(copy, first, defines, h1) &&
		    insn_reaches(first, second, defines, h1))
			return true;
		if (insn_reaches(first, copy, defines, h1) &&
		    insn_reaches(copy, second, defines, h1))
			return true;
	} END_FOR_EACH_PTR(src);
	return false;
}

static bool released_again(const struct call_site *first, pseudo_t h1,
			   const struct call_site *second, pseudo_t h2)
{
	if (pseudo_may_be(h2, h1))
		return copy_is_released(first->cfg, h1, second->cfg, h2);
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
