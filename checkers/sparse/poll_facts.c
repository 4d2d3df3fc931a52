// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "ast_walk.h"
#include "ir_values.h"
#include "core/util.h"
#include "poll_facts.h"
#include "report.h"
#include "src_index.h"

/* How many calls deep a callback is followed (cocci/poll.cocci: the same). */
#define POLL_MAX_DEPTH 6

static struct poll_fn *fns;
static size_t n_fns, cap_fns;
static struct poll_cb *cbs;
static size_t n_cbs, cap_cbs;
static int cur_tu;

void poll_facts_file(void)
{
	cur_tu++;
}

static bool is_poll_model(const struct api_fn *api)
{
	return api && api->family == FAMILY_POLL;
}

static void add_site(struct poll_fn *fn, size_t *cap, const struct api_fn *api,
		     struct position pos, struct instruction *cfg)
{
	for (size_t i = 0; i < fn->n_sites; i++)
		if (fn->sites[i].pos.stream == pos.stream &&
		    fn->sites[i].pos.line == pos.line &&
		    fn->sites[i].pos.pos == pos.pos)
			return;
	GROW(fn->sites, *cap, fn->n_sites + 1);
	fn->sites[fn->n_sites].api = api;
	fn->sites[fn->n_sites].pos = pos;
	fn->sites[fn->n_sites++].cfg = cfg;
}

/* Macros by the name written where their instructions are; other calls. */
static void scan_insns(struct poll_fn *fn, size_t *cap_sites,
		       struct entrypoint *ep)
{
	struct basic_block *bb;
	struct instruction *insn;
	size_t cap_calls = 0;

	FOR_EACH_PTR(ep->bbs, bb) {
		FOR_EACH_PTR(bb->insns, insn) {
			const struct api_fn *api;
			pseudo_t f;

			if (!insn->bb)
				continue;
			api = src_model_name_at(insn->pos);
			if (is_poll_model(api))
				add_site(fn, cap_sites, api, insn->pos, insn);
			f = insn->opcode == OP_CALL ? insn->func : NULL;
			/* the calls inside a model macro are not the driver's */
			if (api || !f || f->type != PSEUDO_SYM || !f->sym->ident ||
			    api_lookup(show_ident(f->sym->ident)))
				continue;
			GROW(fn->calls, cap_calls, fn->n_calls + 1);
			fn->calls[fn->n_calls].callee = xstrdup(show_ident(f->sym->ident));
			fn->calls[fn->n_calls].insn = insn;
			fn->calls[fn->n_calls++].pos = insn->pos;
		} END_FOR_EACH_PTR(insn);
	} END_FOR_EACH_PTR(bb);
}

/* Model functions the driver called (not in a kernel inline's body). */
static void scan_sites(struct poll_fn *fn, size_t *cap_sites,
		       const struct fn_ctx *ctx)
{
	for_each_site(ctx, s) {
		if (is_poll_model(s->api) && src_index_driver_stream(s->pos.stream) &&
		    !src_model_name_at(s->pos))
			add_site(fn, cap_sites, s->api, s->pos, s->cfg);
	}
}

/*
 * The return statement an instruction of the function's return belongs
 * to: the last 'return' before the nearest instruction, going back in
 * allocation order, that sparse placed in the function's own text (not in
 * an inlined body), after the function's start.  sparse knows where a
 * function starts, not where it ends.
 */
static struct position return_pos(struct symbol *sym, const struct fn_ctx *ctx,
				  struct instruction *insn)
{
	struct position ret = insn->pos, at;
	size_t i = ctx->n_insns;

	while (i-- > 0 && ctx->insns[i] != insn)
		;
	for (i++; i-- > 0;) {
		struct position p = ctx->insns[i]->pos;

		if (p.stream == sym->pos.stream && p.line >= sym->pos.line &&
		    src_return_before(p, &at) && at.line >= sym->pos.line) {
			ret = at;
			break;
		}
	}
	return ret;
}

static void add_return(struct poll_fn *fn, size_t *cap, struct symbol *sym,
		       const struct fn_ctx *ctx, struct instruction *insn,
		       pseudo_t value, unsigned int bits)
{
	GROW(fn->rets, *cap, fn->n_rets + 1);
	fn->rets[fn->n_rets].insn = insn;
	fn->rets[fn->n_rets].value = value;
	fn->rets[fn->n_rets].bits = bits;
	fn->rets[fn->n_rets].has_negative_pos = false;
	fn->rets[fn->n_rets++].pos = return_pos(sym, ctx, insn);
}

/* A phi of the function's return statements, one phisrc each. */
static bool return_phi(struct instruction *ret, pseudo_t v)
{
	pseudo_t src;

	if (!v || v->type != PSEUDO_REG || !v->def || v->def->opcode != OP_PHI ||
	    v->def->bb != ret->bb)
		return false;
	FOR_EACH_PTR(v->def->phi_list, src) {
		if (src->type == PSEUDO_PHI && src->ident != &return_ident)
			return false;
	} END_FOR_EACH_PTR(src);
	return true;
}

/*
 * sparse joins the return statements in one OP_RET, through a phi of one
 * phisrc per statement; with one statement left the phi is gone.
 */
static void scan_returns(struct poll_fn *fn, struct symbol *sym,
			 const struct fn_ctx *ctx)
{
	struct basic_block *bb;
	struct instruction *insn, *ret = NULL;
	size_t cap = 0;
	pseudo_t src;

	FOR_EACH_PTR(ctx->ep->bbs, bb) {
		FOR_EACH_PTR(bb->insns, insn) {
			if (insn->bb && insn->opcode == OP_RET && insn->src)
				ret = insn;
		} END_FOR_EACH_PTR(insn);
	} END_FOR_EACH_PTR(bb);
	if (!ret || ret->src == VOID)
		return;
	if (!return_phi(ret, ret->src)) {
		struct poll_return *r;

		add_return(fn, &cap, sym, ctx, ret, ret->src, ret->size);
		/*
		 * One return left where the text has several: sparse folded
		 * them into a select, and the position is the last one's.
		 */
		r = &fn->rets[fn->n_rets - 1];
		r->has_negative_pos = src_lone_negative_return(sym->pos, r->pos,
							       &r->negative_pos);
		return;
	}
	FOR_EACH_PTR(ret->src->def->phi_list, src) {
		if (src->type == PSEUDO_PHI && src->def && src->def->bb)
			add_return(fn, &cap, sym, ctx, src->def, src->def->phi_src,
				   ret->size);
	} END_FOR_EACH_PTR(src);
}

void poll_facts_function(struct symbol *sym, const struct fn_ctx *ctx)
{
	struct poll_fn *fn;
	size_t cap_sites = 0;

	if (!sym->ident)
		return;
	GROW(fns, cap_fns, n_fns + 1);
	fn = &fns[n_fns++];
	memset(fn, 0, sizeof(*fn));
	fn->name = xstrdup(show_ident(sym->ident));
	fn->tu = cur_tu;
	fn->is_static = sym->ctype.modifiers & MOD_STATIC;
	fn->ep = ctx->ep;
	scan_insns(fn, &cap_sites, ctx->ep);
	scan_sites(fn, &cap_sites, ctx);
	scan_returns(fn, sym, ctx);
}

static struct symbol *strip_node(struct symbol *t)
{
	while (t && t->type == SYM_NODE)
		t = t->ctype.base_type;
	return t;
}

static const struct poll_ops *ops_of(struct symbol *type)
{
	if (!type || type->type != SYM_STRUCT || !type->ident)
		return NULL;
	for (size_t i = 0; i < poll_ops_model_count; i++)
		if (strcmp(show_ident(type->ident), poll_ops_model[i].type) == 0)
			return &poll_ops_model[i];
	return NULL;
}

static long member_offset(struct symbol *st, const char *member)
{
	struct symbol *m;

	FOR_EACH_PTR(st->symbol_list, m) {
		if (m->ident && strcmp(show_ident(m->ident), member) == 0)
			return m->offset;
	} END_FOR_EACH_PTR(m);
	return -1;
}

static void add_cb(struct symbol *obj, const struct poll_ops *ops,
		   struct expression *e)
{
	e = ast_strip(e);
	if (e && e->type == EXPR_PREOP && e->op == '&')
		e = ast_strip(e->unop);
	if (!e || e->type != EXPR_SYMBOL || !e->symbol || !e->symbol->ident)
		return;
	GROW(cbs, cap_cbs, n_cbs + 1);
	cbs[n_cbs].name = xstrdup(show_ident(e->symbol->ident));
	cbs[n_cbs].tu = cur_tu;
	cbs[n_cbs].ops = ops;
	cbs[n_cbs++].reg = obj->pos;
}

/* An object of a model ops struct, or an array of them. */
static void scan_init(struct symbol *obj, struct symbol *type,
		      struct expression *init)
{
	const struct poll_ops *ops;
	struct expression *e;
	long offset;

	type = strip_node(type);
	if (!type || !init || init->type != EXPR_INITIALIZER)
		return;
	if (type->type == SYM_ARRAY) {
		/* an element is positioned only when it has a designator */
		FOR_EACH_PTR(init->expr_list, e) {
			scan_init(obj, type->ctype.base_type,
				  e->type == EXPR_POS ? e->init_expr : e);
		} END_FOR_EACH_PTR(e);
		return;
	}
	ops = ops_of(type);
	offset = ops ? member_offset(type, ops->member) : -1;
	if (offset < 0)
		return;
	FOR_EACH_PTR(init->expr_list, e) {
		if (e->type == EXPR_POS && (long)e->init_offset == offset)
			add_cb(obj, ops, e->init_expr);
	} END_FOR_EACH_PTR(e);
}

void poll_facts_object(struct symbol *sym)
{
	if (sym->initializer)
		scan_init(sym, sym->ctype.base_type, sym->initializer);
}

size_t poll_cb_count(void)
{
	return n_cbs;
}

const struct poll_cb *poll_cb_get(size_t i)
{
	return &cbs[i];
}

/* The definition a call of name in file tu reaches. */
static const struct poll_fn *resolve(const char *name, int tu)
{
	const struct poll_fn *other = NULL;

	for (size_t i = 0; i < n_fns; i++) {
		if (strcmp(fns[i].name, name))
			continue;
		if (fns[i].tu == tu)
			return &fns[i];
		if (!fns[i].is_static && !other)
			other = &fns[i];
	}
	return other;
}

const struct poll_fn *poll_cb_fn(const struct poll_cb *cb)
{
	return resolve(cb->name, cb->tu);
}

void poll_note_registered(struct finding *f, const struct poll_cb *cb)
{
	report_note(f, cb->reg, "%s registered as %s.%s here", cb->name,
		    cb->ops->type, cb->ops->member);
}

pseudo_t poll_fn_param(const struct poll_fn *fn, int index)
{
	if (!fn->ep->entry || index < 0)
		return NULL;
	return ptr_list_nth(fn->ep->entry->arg_list, index);
}

/* A breadth-first walk from a callback: how each function was reached. */
struct reach {
	const struct poll_fn *fn;
	size_t parent;			/* index in the walk, self for the start */
	const struct poll_call *via;	/* the call from the parent */
	int depth;
	bool other_calls;		/* also reached through other calls */
};

#define MAX_ARG_FACTS 8

/*
 * Does fn, entered through the call that reached it, run insn?  The
 * callee's parameters a call passes a constant are zero or not on every
 * path of it: "stop(s, 0)" never runs the wait under "if (drain)".
 */
static bool runs(const struct reach *r, struct instruction *insn)
{
	struct pseudo_fact facts[MAX_ARG_FACTS];
	size_t n = 0;
	int i = 0;
	pseudo_t arg;

	if (!insn || !r->via || !r->via->insn || r->other_calls)
		return true;
	FOR_EACH_PTR(r->via->insn->arguments, arg) {
		pseudo_t param = poll_fn_param(r->fn, i++);

		if (param && arg && arg->type == PSEUDO_VAL && n < MAX_ARG_FACTS)
			facts[n++] = (struct pseudo_fact){ param, arg->value != 0 };
	} END_FOR_EACH_PTR(arg);
	return !n || insn_reaches_given(r->fn->ep->entry, insn, NULL, NULL, facts, n);
}

static size_t walk(const struct poll_fn *start, struct reach **out)
{
	struct reach *r = NULL;
	size_t n = 0, cap = 0;

	GROW(r, cap, 1);
	r[n++] = (struct reach){ start, 0, NULL, 0, false };
	for (size_t i = 0; i < n; i++) {
		const struct poll_fn *fn = r[i].fn;

		if (r[i].depth >= POLL_MAX_DEPTH)
			continue;
		for (size_t c = 0; c < fn->n_calls; c++) {
			const struct poll_fn *to = resolve(fn->calls[c].callee, fn->tu);
			bool seen = !to;

			if (!runs(&r[i], fn->calls[c].insn))
				continue;
			for (size_t k = 0; k < n && !seen; k++)
				if (r[k].fn == to) {
					seen = true;
					r[k].other_calls = true;
				}
			if (seen)
				continue;
			GROW(r, cap, n + 1);
			r[n++] = (struct reach){ to, i, &fn->calls[c], r[i].depth + 1, false };
		}
	}
	*out = r;
	return n;
}

/* "foo -> helper -> msleep()" */
static void chain_text(const struct reach *r, size_t i, const char *call,
		       char *buf, size_t size)
{
	size_t at;

	if (i != r[i].parent)
		chain_text(r, r[i].parent, NULL, buf, size);
	at = strlen(buf);
	snprintf(buf + at, size - at, "%s -> ", r[i].fn->name);
	if (call) {
		at = strlen(buf);
		snprintf(buf + at, size - at, "%s()", call);
	}
}

static void note_chain(struct finding *f, const struct reach *r, size_t i)
{
	if (i == r[i].parent)
		return;
	note_chain(f, r, r[i].parent);
	report_note(f, r[i].via->pos, "%s() called here", r[i].fn->name);
}

void poll_report_sites(const char *id, bool (*wanted)(const struct api_fn *),
		       const char *what)
{
	for (size_t c = 0; c < n_cbs; c++) {
		const struct poll_cb *cb = &cbs[c];
		const struct poll_fn *start = poll_cb_fn(cb);
		struct reach *r;
		size_t n;

		if (!start)
			continue;
		n = walk(start, &r);
		for (size_t i = 0; i < n; i++) {
			for (size_t s = 0; s < r[i].fn->n_sites; s++) {
				const struct poll_site *site = &r[i].fn->sites[s];
				char chain[512] = "";
				struct finding *f;

				if (!wanted(site->api) || !runs(&r[i], site->cfg))
					continue;
				if (r[i].depth)
					chain_text(r, i, site->api->name, chain, sizeof(chain));
				f = report(id, site->pos, r[i].fn->name, cb->name,
					   "%s() %s (%s%s.%s = %s%s%s)", site->api->name,
					   what, r[i].depth ? "reached from " : "",
					   cb->ops->type, cb->ops->member, cb->name,
					   r[i].depth ? ": " : "", chain);
				f->confidence = r[i].depth <= 1 ? CONF_HIGH : CONF_MEDIUM;
				poll_note_registered(f, cb);
				note_chain(f, r, i);
			}
		}
		free(r);
	}
}

void poll_facts_free(void)
{
	for (size_t i = 0; i < n_fns; i++) {
		free(fns[i].name);
		free(fns[i].sites);
		for (size_t c = 0; c < fns[i].n_calls; c++)
			free(fns[i].calls[c].callee);
		free(fns[i].calls);
		free(fns[i].rets);
	}
	free(fns);
	fns = NULL;
	n_fns = cap_fns = 0;
	for (size_t i = 0; i < n_cbs; i++)
		free(cbs[i].name);
	free(cbs);
	cbs = NULL;
	n_cbs = cap_cbs = 0;
}
