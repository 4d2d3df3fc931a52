/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The model calls of one function, read from sparse's linearized IR.
 *
 * A call the driver writes reaches the IR in one of two shapes:
 *  - OP_CALL: an out-of-line function (dma_map_page_attrs, dma_sync_*);
 *  - OP_INLINED_CALL: a static inline function that sparse expanded in
 *    place (dma_map_single_attrs, dma_unmap_single_attrs,
 *    dma_mapping_error in 6.1).  The instruction carries the caller's
 *    position and the argument values, but sparse does not track those
 *    arguments as uses: after SSA conversion an argument that was a load
 *    of a local is a dead pseudo, and the optimiser may even unlink the
 *    instruction (see insn_trace.h).  The inlined body often calls another
 *    model function with the same values, live (dma_unmap_single_attrs ->
 *    dma_unmap_page_attrs), so a site keeps that inner call and takes from
 *    it what its own instruction lost.
 *
 * Which functions are model functions, and which argument is the handle,
 * size or direction, comes only from checkers/model (api_lookup()).
 */
#ifndef DRVCHECK_SPARSE_IR_CALLS_H
#define DRVCHECK_SPARSE_IR_CALLS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/api_model.h"
#include "sparse_headers.h"

/* An argument role of struct api_fn, to ask a site for its value. */
enum arg_role {
	AR_DEV, AR_HANDLE, AR_SIZE, AR_DIR, AR_NENTS, AR_BUF, AR_OFFSET,
	AR_START, AR_TABLE,
};

struct call_site {
	const struct api_fn *api;
	struct instruction *insn;	/* OP_CALL or OP_INLINED_CALL */
	struct instruction *cfg;	/* a live instruction of the call, for
					 * CFG questions; NULL if none is left */
	struct position pos;		/* the call as the driver wrote it */
	struct call_site *inner;	/* model call inside the inlined body */
	bool nested;			/* this is another site's inner call */
	size_t index;			/* order in the function's IR */
	size_t body_start, body_end;	/* an inlined site's body, as indices
					 * into fn_ctx.insns (empty if none) */
};

struct fn_ctx {
	struct entrypoint *ep;
	char *name;			/* the function, for findings (a copy:
				 * show_ident()'s buffers are reused) */
	struct call_site *sites;	/* every model call, in IR order */
	size_t n_sites;
	/* what was allocated while the function was linearized (insn_trace.h),
	 * valid until the next function is */
	struct instruction *const *insns;
	size_t n_insns;
};

/*
 * Collects the model calls of ep from the instructions allocated while it
 * was linearized (insn_trace); fn_ctx_free releases them.
 */
void fn_ctx_init(struct fn_ctx *ctx, struct entrypoint *ep,
		 struct instruction *const *insns, size_t n_insns);
void fn_ctx_free(struct fn_ctx *ctx);

/*
 * The value a site passes in a role (the returned handle for ARG_RET), or
 * NULL when the model has no such argument or the IR lost it.
 */
pseudo_t site_value(const struct call_site *site, enum arg_role role);

/*
 * true when insn was linearized from site's inlined body: what the inline
 * function did with the values the driver passed (dma_mapping_error's
 * comparison of the handle), whose arguments the IR does not keep.
 */
bool site_body_has(const struct fn_ctx *ctx, const struct call_site *site,
		   const struct instruction *insn);

/* Is the site a streaming map / unmap / sync, a coherent free, a
 * dma_mapping_error() (per the model)? */
bool is_dma_map(const struct call_site *site);
bool is_dma_release(const struct call_site *site);
bool is_dma_sync(const struct call_site *site);
bool is_dma_free(const struct call_site *site);
bool is_dma_mapping_error(const struct call_site *site);

/*
 * Iterates over the sites the driver wrote (not the nested inner calls)
 * that are still in the CFG (not in code sparse found unreachable).
 */
#define for_each_site(ctx, s) \
	for (struct call_site *s = (ctx)->sites; \
	     s < (ctx)->sites + (ctx)->n_sites; s++) \
		if (!s->nested && s->cfg)

#endif
