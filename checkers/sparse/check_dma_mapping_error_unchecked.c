// SPDX-License-Identifier: GPL-2.0
/*
 * dma-mapping-error-unchecked, within one function: the handle a streaming
 * map returns reaches a use -- a store, a call, an asm (writel and friends)
 * -- on some path that has not passed a dma_mapping_error() test of it, or
 * is never tested at all.  The handle is followed through copies, casts,
 * arithmetic and phis.  What counts as the test:
 *  - the comparison the inlined dma_mapping_error() body makes of it (the
 *    call's own arguments are not kept in the IR, see ir_calls.h), or an
 *    out-of-line call of a model test given it;
 *  - a call of a static function of the file that passes its parameter to
 *    a model test (the driver's own foo_dma_err() helper).
 * Comparing by hand (!dma, dma == 0) is neither a use nor a test.  A
 * handle returned is the caller's to test.
 *
 * Storing the handle where the test then reads it is not a use: the map's
 * result assigned to a place (buf->dma = dma_map_single(...)), or copied
 * there from its variable, when a test reads that place.  Which place a
 * store or a test was written as is read from the AST of the function the
 * map is written in (a driver helper sparse inlined, too); the test of the
 * place then tests the handle, whether or not sparse forwarded the stored
 * value to the test's load.
 */
#include <stdlib.h>
#include <string.h>

#include "ast_walk.h"
#include "core/util.h"
#include "sparse_checks.h"
#include "ir_values.h"
#include "report.h"

/*
 * The IR site and the AST call of one map: the same line (their columns
 * differ: an inlined call's is its '(').
 */
static bool same_line(struct position a, struct position b)
{
	return a.stream == b.stream && a.line == b.line;
}

static bool helper_tests(struct symbol *fn, int arg);

/*
 * The handle argument of a model test call, or of a call of a static
 * function that passes that parameter to one (the driver's
 * fc_dma_mapping_error(), a header's ib_dma_mapping_error()), or NULL.
 */
static struct expression *tested_expr(struct expression *e)
{
	struct ast_call c;
	struct symbol *fn = ast_call_of(e, &c);

	if (c.api)
		return c.api->family == FAMILY_DMA &&
		       c.api->role == ROLE_DMA_MAPPING_ERROR && c.api->handle >= 0 &&
		       c.api->handle < c.n_args ? c.args[c.api->handle] : NULL;
	for (int i = 0; fn && i < c.n_args; i++)
		if (helper_tests(fn, i))
			return c.args[i];
	return NULL;
}

/* What happens to one handle: its tests, its uses. */
struct handle_flow {
	const struct fn_ctx *ctx;
	const struct call_site *map;
	pseudo_t handle;
	bool home_tested;
	struct symbol *home_local;	/* the home is this automatic variable */
	struct position *copy_lines, *test_lines;
	size_t n_copy_lines, cap_copy_lines, n_test_lines, cap_test_lines;
	bool returned;
	struct instruction **tests, **uses;
	size_t n_tests, cap_tests, n_uses, cap_uses;
	pseudo_t *values;		/* the handle and what is made of it */
	size_t n_values, cap_values;
};

/*
 * Where the map at pos is assigned to (its home: a place, or a local
 * declared with it), the places tested, and the assignments.
 */
struct home_visit {
	struct ast_visitor v;
	struct position map_pos;
	struct symbol *callee;		/* the call on that line: a driver
					 * function returning the handle,
					 * or NULL for the model map itself */
	struct expression *home;
	struct symbol *home_sym;
	struct expression **tested, **assigns;	/* test calls, '=' */
	size_t n_tested, cap_tested, n_assigns, cap_assigns;
};

static struct symbol *definition(struct symbol *fn)
{
	return fn && fn->definition ? fn->definition : fn;
}

/* e is the call whose result is the handle */
static bool is_the_call(const struct home_visit *hv, struct expression *e)
{
	struct ast_call c;
	struct symbol *fn;

	e = ast_strip(e);
	if (!e || !same_line(e->pos, hv->map_pos))
		return false;
	fn = ast_call_of(e, &c);
	if (!hv->callee)
		return c.api != NULL;
	return fn && definition(fn) == hv->callee;
}

static void home_expr(struct ast_visitor *v, struct expression *e)
{
	struct home_visit *hv = (struct home_visit *)v;
	struct expression *t = tested_expr(e);

	if (t) {
		GROW(hv->tested, hv->cap_tested, hv->n_tested + 1);
		hv->tested[hv->n_tested++] = e;
	}
	if (e->type != EXPR_ASSIGNMENT || e->op != '=')
		return;
	if (is_the_call(hv, e->right))
		hv->home = e->left;
	GROW(hv->assigns, hv->cap_assigns, hv->n_assigns + 1);
	hv->assigns[hv->n_assigns++] = e;
}

static void home_decl(struct ast_visitor *v, struct symbol *sym)
{
	struct home_visit *hv = (struct home_visit *)v;

	if (is_the_call(hv, sym->initializer))
		hv->home_sym = sym;
}

/*
 * The variable e reads, or NULL.  After evaluation a scalar variable reads
 * as *sym and a pointer variable as sym, so *sym of a pointer is what it
 * points to (*mapping), not the variable.
 */
static struct symbol *variable(struct expression *e)
{
	e = ast_strip(e);
	if (e && e->type == EXPR_PREOP && e->op == '*') {
		e = ast_strip(e->unop);
		if (e && e->type == EXPR_SYMBOL && is_ptr_type(e->symbol))
			return NULL;
	}
	return e && e->type == EXPR_SYMBOL ? e->symbol : NULL;
}

static bool is_automatic(struct expression *e)
{
	struct symbol *sym = variable(e);

	return sym && !(sym->ctype.modifiers & (MOD_STATIC | MOD_NONLOCAL));
}

/* e reads the home */
static bool is_home(const struct home_visit *hv, struct expression *e)
{
	if (hv->home)
		return ast_same_place(hv->home, e);
	return hv->home_sym && variable(e) == hv->home_sym;
}

/*
 * Is place (or, without one, the local sym) tested?  The lines of those
 * tests go to hf.
 */
static bool is_tested(const struct home_visit *hv, struct expression *place,
		      struct symbol *sym, struct handle_flow *hf)
{
	bool tested = false;

	for (size_t i = 0; i < hv->n_tested; i++) {
		struct expression *arg = tested_expr(hv->tested[i]);

		if (place ? !ast_same_place(place, arg) : variable(arg) != sym)
			continue;
		tested = true;
		GROW(hf->test_lines, hf->cap_test_lines, hf->n_test_lines + 1);
		hf->test_lines[hf->n_test_lines++] = hv->tested[i]->pos;
	}
	return tested;
}

/* A function's evaluated body (an inline function keeps it aside). */
static struct statement *body(struct symbol *fn)
{
	struct symbol *type = fn ? fn->ctype.base_type : NULL;

	if (!type || type->type != SYM_FN)
		return NULL;
	return type->stmt ? type->stmt : type->inline_stmt;
}

/*
 * The function whose text holds pos: the function itself or a driver
 * function sparse inlined into it (bnxt's __bnxt_alloc_rx_frag() maps into
 * its caller's &mapping), i.e. the nearest one defined above pos in the
 * same file.
 */
static struct symbol *written_in(const struct fn_ctx *ctx, struct position pos)
{
	struct symbol *best = definition(ctx->ep->name);

	for (size_t i = 0; i < ctx->n_insns; i++) {
		struct instruction *insn = ctx->insns[i];
		struct symbol *fn;

		if (insn->opcode != OP_INLINED_CALL || !insn->func ||
		    insn->func->type != PSEUDO_SYM)
			continue;
		fn = definition(insn->func->sym);
		if (fn->pos.stream == pos.stream && fn->pos.line <= pos.line &&
		    (best->pos.stream != pos.stream || best->pos.line > pos.line ||
		     fn->pos.line > best->pos.line))
			best = fn;
	}
	return best;
}

/*
 * The stores that keep the handle where a test reads it: the map's result
 * assigned to a tested place (home_tested), and copies of the home to a
 * tested place (buf->dma = dma; ... dma_mapping_error(dev, buf->dma)), by
 * line (copy_lines).  The tests of those places (test_lines) test the
 * handle even where sparse did not forward the stored value to them.
 */
/*
 * The inlined call of fn that the instruction at trace index at belongs to
 * (the latest one allocated before it), or NULL.
 */
static struct instruction *inlined_call_of(const struct fn_ctx *ctx,
					   struct symbol *fn, size_t at)
{
	while (at-- > 0) {
		struct instruction *insn = ctx->insns[at];

		if (insn->opcode == OP_INLINED_CALL && insn->func &&
		    insn->func->type == PSEUDO_SYM &&
		    definition(insn->func->sym) == fn)
			return insn;
	}
	return NULL;
}

static size_t trace_index(const struct fn_ctx *ctx, struct instruction *insn)
{
	size_t i = 0;

	while (i < ctx->n_insns && ctx->insns[i] != insn)
		i++;
	return i;
}

static void find_homes(struct handle_flow *hf)
{
	struct home_visit hv = { .v = { .expr = home_expr, .decl = home_decl },
				 .map_pos = hf->map->pos };
	struct symbol *in = written_in(hf->ctx, hf->map->pos);
	struct symbol *top = definition(hf->ctx->ep->name);
	size_t at = trace_index(hf->ctx, hf->map->insn);

	ast_walk(body(in), &hv.v);
	/*
	 * A driver helper sparse inlined that returns the map's result
	 * (return dma_map_single(...)): the home is where its caller puts
	 * what the helper returned.
	 */
	while (!hv.home && !hv.home_sym && in != top) {
		struct instruction *call = inlined_call_of(hf->ctx, in, at);

		if (!call)
			break;
		free(hv.tested);
		free(hv.assigns);
		memset(&hv, 0, sizeof(hv));
		hv.v.expr = home_expr;
		hv.v.decl = home_decl;
		hv.map_pos = call->pos;
		hv.callee = in;
		at = trace_index(hf->ctx, call);
		in = written_in(hf->ctx, call->pos);
		ast_walk(body(in), &hv.v);
	}
	if (hv.home_sym || (hv.home && is_automatic(hv.home)))
		hf->home_local = hv.home_sym ? hv.home_sym : variable(hv.home);
	hf->home_tested = (hv.home || hv.home_sym) &&
			  is_tested(&hv, hv.home, hv.home_sym, hf);
	for (size_t i = 0; i < hv.n_assigns; i++) {
		struct expression *a = hv.assigns[i];

		if ((hv.home || hv.home_sym) && is_home(&hv, a->right) &&
		    is_tested(&hv, a->left, NULL, hf)) {
			GROW(hf->copy_lines, hf->cap_copy_lines,
			     hf->n_copy_lines + 1);
			hf->copy_lines[hf->n_copy_lines++] = a->pos;
		}
	}
	free(hv.tested);
	free(hv.assigns);
}

/* Does a static function of the file test its parameter number arg? */
struct helper_visit {
	struct ast_visitor v;
	struct symbol *param;
	bool tests;
};

static void helper_expr(struct ast_visitor *v, struct expression *e)
{
	struct helper_visit *hv = (struct helper_visit *)v;
	struct expression *t = tested_expr(e);

	if (t && variable(t) == hv->param)
		hv->tests = true;
}

/* (the helper's own locals do not matter) */
static void helper_decl(struct ast_visitor *v, struct symbol *sym)
{
	(void)v;
	(void)sym;
}

static bool helper_tests(struct symbol *fn, int arg)
{
	struct helper_visit hv = { .v = { .expr = helper_expr, .decl = helper_decl } };
	static int depth;	/* helpers of helpers, not recursion */
	struct symbol *param;
	int i = 0;

	fn = definition(fn);
	if (!fn || !(fn->ctype.modifiers & MOD_STATIC) || !body(fn) || depth > 2)
		return false;
	FOR_EACH_PTR(fn->ctype.base_type->arguments, param) {
		if (i++ == arg)
			hv.param = param;
	} END_FOR_EACH_PTR(param);
	depth++;
	if (hv.param)
		ast_walk(body(fn), &hv.v);
	depth--;
	return hv.tests;
}

static void add_insn(struct instruction ***list, size_t *n, size_t *cap,
		     struct instruction *insn)
{
	GROW(*list, *cap, *n + 1);
	(*list)[(*n)++] = insn;
}

static void add_value(struct handle_flow *hf, pseudo_t p)
{
	if (!pseudo_is_live(p))
		return;
	for (size_t i = 0; i < hf->n_values; i++)
		if (hf->values[i] == p)
			return;
	GROW(hf->values, hf->cap_values, hf->n_values + 1);
	hf->values[hf->n_values++] = p;
}

static bool in_test_body(const struct fn_ctx *ctx, struct instruction *insn)
{
	for_each_site(ctx, t)
		if (is_dma_mapping_error(t) && site_body_has(ctx, t, insn))
			return true;
	return false;
}

/* A call given p: a test of it, or a use. */
static bool call_tests(const struct handle_flow *hf, struct instruction *call,
		       pseudo_t p)
{
	struct symbol *callee;
	pseudo_t arg;
	int i = 0;

	for_each_site(hf->ctx, t)
		if (t->insn == call && is_dma_mapping_error(t))
			return site_value(t, AR_HANDLE) == p;
	if (!call->func || call->func->type != PSEUDO_SYM)
		return false;
	callee = call->func->sym;
	FOR_EACH_PTR(call->arguments, arg) {
		if (arg == p && helper_tests(callee, i))
			return true;
		i++;
	} END_FOR_EACH_PTR(arg);
	return false;
}

/*
 * The store of the map's result to its tested home is not a use: to a
 * local whose address is taken, the store to that local; to memory, the
 * first store of the handle (or of what a helper returning it passed on)
 * allocated after the map (the assignment's own;
 * its address is computed after the value, so stores such as ++addr's to
 * a local may come first, but those hold no handle).
 */
/* v is the handle or made of it (so far as the walk has seen) */
static bool is_handle_value(const struct handle_flow *hf, pseudo_t v)
{
	for (size_t i = 0; i < hf->n_values; i++)
		if (hf->values[i] == v)
			return true;
	return false;
}

static bool is_home_store(const struct handle_flow *hf, struct instruction *st)
{
	size_t i;

	if (!hf->home_tested)
		return false;
	/* an inlined function's locals are copies, same name and place */
	if (hf->home_local)
		return st->src && st->src->type == PSEUDO_SYM &&
		       st->src->sym->ident == hf->home_local->ident &&
		       same_line(st->src->sym->pos, hf->home_local->pos) &&
		       st->src->sym->pos.pos == hf->home_local->pos.pos;
	/* (a map body stores no handle; the store may carry a position from
	 * the inlined body, where linearization last was) */
	for (i = trace_index(hf->ctx, hf->map->insn) + 1;
	     i < hf->ctx->n_insns; i++) {
		struct instruction *insn = hf->ctx->insns[i];

		if (insn->bb && insn->opcode == OP_STORE &&
		    is_handle_value(hf, insn->target))
			return insn == st;
	}
	return false;
}

static bool is_copy_home(const struct handle_flow *hf, struct instruction *st)
{
	for (size_t i = 0; i < hf->n_copy_lines; i++)
		if (same_line(hf->copy_lines[i], st->pos))
			return true;
	return false;
}

static void classify(struct handle_flow *hf, pseudo_t p, struct instruction *u)
{
	if (in_test_body(hf->ctx, u)) {
		add_insn(&hf->tests, &hf->n_tests, &hf->cap_tests, u);
		return;
	}
	switch (u->opcode) {
	case OP_CALL:
		if (call_tests(hf, u, p))
			add_insn(&hf->tests, &hf->n_tests, &hf->cap_tests, u);
		else if (u->func != p)
			add_insn(&hf->uses, &hf->n_uses, &hf->cap_uses, u);
		break;
	case OP_STORE:
		/* the stored value (target), not the address */
		if (u->target == p && !is_home_store(hf, u) &&
		    !is_copy_home(hf, u))
			add_insn(&hf->uses, &hf->n_uses, &hf->cap_uses, u);
		break;
	case OP_ASM:
		add_insn(&hf->uses, &hf->n_uses, &hf->cap_uses, u);
		break;
	case OP_RET:
		hf->returned = true;
		break;
	case OP_LOAD:
	case OP_CBR:
	case OP_SWITCH:
	case OP_BINCMP ... OP_BINCMP_END:
		/* an address, a branch, a comparison by hand */
		break;
	default:
		/* a copy, a cast, arithmetic, a phi: the handle goes on */
		if (u->target && u->target != p)
			add_value(hf, u->target);
		break;
	}
}

/* The test sites of the home's places: their bodies and calls block paths. */
static void add_home_tests(struct handle_flow *hf)
{
	for_each_site(hf->ctx, t) {
		bool home = false;

		for (size_t i = 0; i < hf->n_test_lines && !home; i++)
			home = same_line(hf->test_lines[i], t->pos);
		if (!home || !is_dma_mapping_error(t))
			continue;
		add_insn(&hf->tests, &hf->n_tests, &hf->cap_tests, t->cfg);
		for (size_t i = t->body_start; i < t->body_end; i++)
			add_insn(&hf->tests, &hf->n_tests, &hf->cap_tests,
				 hf->ctx->insns[i]);
	}
}

static bool is_test(struct instruction *insn, void *arg)
{
	struct handle_flow *hf = arg;

	for (size_t i = 0; i < hf->n_tests; i++)
		if (hf->tests[i] == insn)
			return true;
	return false;
}

/*
 * A store of the handle into memory reaches the device only through what
 * runs after it: a call (a doorbell, a helper handed the descriptor), an
 * asm (writel, a barrier before the owner bit) or the return to a caller
 * that does so.  A store that a test follows on every path before any of
 * those (the handle parked in a bookkeeping field, or in a descriptor not
 * armed yet, one line before dma_mapping_error()) has not been used.
 */
static bool store_exposed(struct handle_flow *hf, struct instruction *st)
{
	for (size_t i = 0; i < hf->ctx->n_insns; i++) {
		struct instruction *x = hf->ctx->insns[i];

		if (!x->bb || (x->opcode != OP_CALL && x->opcode != OP_ASM &&
			       x->opcode != OP_RET))
			continue;
		if (is_test(x, hf) || in_test_body(hf->ctx, x))
			continue;
		if (insn_reaches(st, x, is_test, hf))
			return true;
	}
	return false;
}

static void check_map(const struct fn_ctx *ctx, const struct call_site *map,
		      pseudo_t handle)
{
	struct handle_flow hf = { .ctx = ctx, .map = map, .handle = handle };
	struct instruction *used = NULL;

	find_homes(&hf);
	add_home_tests(&hf);
	/*
	 * The source tests the handle's home, and sparse folded every such
	 * test away: a copy narrower than dma_addr_t (a u32 descriptor word)
	 * never equals DMA_MAPPING_ERROR.  That truncation is the bug there,
	 * not a missing test; the paths cannot be judged without the tests.
	 */
	if (hf.n_test_lines && !hf.n_tests)
		goto out;
	add_value(&hf, handle);
	for (size_t i = 0; i < hf.n_values; i++) {
		struct pseudo_user *pu;
		pseudo_t p = hf.values[i];

		FOR_EACH_PTR(p->users, pu) {
			if (pu->insn && pu->insn->bb)
				classify(&hf, p, pu->insn);
		} END_FOR_EACH_PTR(pu);
	}
	for (size_t i = 0; i < hf.n_uses && !used; i++)
		if (insn_reaches(map->cfg, hf.uses[i], is_test, &hf) &&
		    (hf.uses[i]->opcode != OP_STORE ||
		     store_exposed(&hf, hf.uses[i])))
			used = hf.uses[i];
	if (!hf.n_tests && !hf.returned)
		report("dma-mapping-error-unchecked", map->pos, ctx->name,
		       map->api->name,
		       "handle returned by %s() is never tested with dma_mapping_error()",
		       map->api->name);
	else if (used)
		report_note(report("dma-mapping-error-unchecked", map->pos,
				   ctx->name, map->api->name,
				   "handle returned by %s() is used before any dma_mapping_error() test",
				   map->api->name),
			    used->pos, "used here");
out:
	free(hf.tests);
	free(hf.uses);
	free(hf.values);
	free(hf.copy_lines);
	free(hf.test_lines);
}

void check_dma_mapping_error_unchecked(const struct fn_ctx *ctx)
{
	for_each_site(ctx, s) {
		pseudo_t handle = site_value(s, AR_HANDLE);

		/* sg maps return a count, tested directly */
		if (is_dma_map(s) && s->api->handle == ARG_RET && handle)
			check_map(ctx, s, handle);
	}
}
