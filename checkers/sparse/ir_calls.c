// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "ir_calls.h"
#include "ir_values.h"

static int role_position(const struct api_fn *api, enum arg_role role)
{
	switch (role) {
	case AR_DEV:	return api->dev;
	case AR_HANDLE:	return api->handle;
	case AR_SIZE:	return api->size;
	case AR_DIR:	return api->dir;
	case AR_NENTS:	return api->nents;
	case AR_BUF:	return api->buf;
	case AR_OFFSET:	return api->offset;
	case AR_START:	return api->start;
	case AR_TABLE:	return api->table;
	}
	return ARG_NONE;
}

/* The model entry of a call's callee, by the callee symbol's name. */
static const struct api_fn *callee_api(struct instruction *insn)
{
	pseudo_t fn = insn->func;

	if (!fn || fn->type != PSEUDO_SYM || !fn->sym || !fn->sym->ident)
		return NULL;
	return api_lookup(show_ident(fn->sym->ident));
}

/*
 * Roles that a call inlined from a site's body can stand in for: the same
 * kind of operation (a map's body maps, an unmap's body unmaps).
 */
static bool same_operation(const struct api_fn *outer, const struct api_fn *inner)
{
	return outer->family == inner->family && outer->role == inner->role;
}

/*
 * An inlined call's instruction is allocated right before its body, and
 * the body's instructions carry the positions of the inline function's
 * definition (a header).  So a site is the inner call of the latest
 * earlier inlined site of the same operation, not yet given one, whose
 * definition is in the same file above it.
 */
static void claim_outer(struct fn_ctx *ctx, struct call_site *inner)
{
	for (size_t i = inner->index; i-- > 0;) {
		struct call_site *s = &ctx->sites[i];
		struct symbol *def;

		if (s->insn->opcode != OP_INLINED_CALL || s->inner ||
		    !same_operation(s->api, inner->api))
			continue;
		def = s->insn->func->sym;
		if (def->definition)
			def = def->definition;
		if (inner->insn->pos.stream != def->pos.stream ||
		    inner->insn->pos.line < def->pos.line)
			continue;
		inner->nested = true;
		s->inner = inner;
		return;
	}
}

/*
 * After an inlined call's own instruction come its argument values (the
 * caller's file), then its body (the inline function's file) up to the
 * next instruction of the caller's file, or of the function's own file
 * when the call is in a driver header's inline helper.
 */
static void set_body(struct call_site *s, struct instruction *const *insns,
		     size_t n_insns, size_t at, int top_stream)
{
	int stream = s->insn->pos.stream;
	size_t i = at + 1;

	if (s->insn->opcode != OP_INLINED_CALL)
		return;
	while (i < n_insns && insns[i]->pos.stream == stream)
		i++;
	s->body_start = i;
	while (i < n_insns && insns[i]->pos.stream != stream &&
	       insns[i]->pos.stream != top_stream)
		i++;
	s->body_end = i;
}

bool site_body_has(const struct fn_ctx *ctx, const struct call_site *site,
		   const struct instruction *insn)
{
	for (size_t i = site->body_start; i < site->body_end; i++)
		if (ctx->insns[i] == insn)
			return true;
	return false;
}

static void add_site(struct fn_ctx *ctx, size_t *cap, size_t at,
		     const struct api_fn *api)
{
	struct instruction *insn = ctx->insns[at];
	struct call_site *s;

	GROW(ctx->sites, *cap, ctx->n_sites + 1);
	s = &ctx->sites[ctx->n_sites];
	memset(s, 0, sizeof(*s));
	s->api = api;
	s->insn = insn;
	s->pos = insn->pos;
	s->index = ctx->n_sites++;
	set_body(s, ctx->insns, ctx->n_insns, at, ctx->ep->name ?
		 ctx->ep->name->pos.stream : insn->pos.stream);
}

/* The outermost site stands for the whole call in the CFG. */
static struct instruction *site_cfg(const struct call_site *s)
{
	if (s->insn->bb)
		return s->insn;
	return s->inner ? site_cfg(s->inner) : NULL;
}

void fn_ctx_init(struct fn_ctx *ctx, struct entrypoint *ep,
		 struct instruction *const *insns, size_t n_insns)
{
	size_t cap = 0;

	memset(ctx, 0, sizeof(*ctx));
	ctx->ep = ep;
	ctx->name = xstrdup(ep->name && ep->name->ident ?
			    show_ident(ep->name->ident) : "");
	ctx->insns = insns;
	ctx->n_insns = n_insns;
	for (size_t i = 0; i < n_insns; i++) {
		struct instruction *insn = insns[i];
		const struct api_fn *api;

		/* a dead OP_CALL was unreachable code; a dead inlined call
		 * only lost its block (see insn_trace.h) */
		if (insn->opcode == OP_CALL ? !insn->bb :
		    insn->opcode != OP_INLINED_CALL)
			continue;
		api = callee_api(insn);
		if (api)
			add_site(ctx, &cap, i, api);
	}
	/* once the array has stopped moving: sites point at each other */
	for (size_t i = 0; i < ctx->n_sites; i++)
		claim_outer(ctx, &ctx->sites[i]);
	for (size_t i = 0; i < ctx->n_sites; i++)
		ctx->sites[i].cfg = site_cfg(&ctx->sites[i]);
}

void fn_ctx_free(struct fn_ctx *ctx)
{
	free(ctx->sites);
	free(ctx->name);
	memset(ctx, 0, sizeof(*ctx));
}

pseudo_t site_value(const struct call_site *site, enum arg_role role)
{
	int pos = role_position(site->api, role);
	pseudo_t v = NULL;

	if (pos == ARG_NONE)
		return NULL;
	if (pos == ARG_RET)
		v = site->insn->target;
	else if (pos >= 0)
		v = ptr_list_nth(site->insn->arguments, pos);
	if (pseudo_is_live(v))
		return v;
	/* an inlined site's argument went stale: ask its inner call */
	if (site->inner)
		return site_value(site->inner, role);
	return NULL;
}

static bool dma_role(const struct call_site *site, enum api_role role)
{
	return site->api->family == FAMILY_DMA && site->api->role == role;
}

bool is_dma_map(const struct call_site *site) { return dma_role(site, ROLE_DMA_MAP); }
bool is_dma_release(const struct call_site *site) { return dma_role(site, ROLE_DMA_UNMAP); }
bool is_dma_sync(const struct call_site *site) { return dma_role(site, ROLE_DMA_SYNC); }
bool is_dma_free(const struct call_site *site) { return dma_role(site, ROLE_DMA_FREE); }

bool is_dma_mapping_error(const struct call_site *site)
{
	return dma_role(site, ROLE_DMA_MAPPING_ERROR);
}
