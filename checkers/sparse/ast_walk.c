// SPDX-License-Identifier: GPL-2.0
#include "ast_walk.h"

/* The argument of a byte-order conversion of the model (a call of
 * __builtin_bswap16(), an inlined __fswab16()), or NULL. */
static struct expression *conversion_arg(struct expression *e)
{
	struct statement *st = e->type == EXPR_STATEMENT ? e->statement : NULL;
	struct expression *fn = e->type == EXPR_CALL ? e->fn : NULL;
	struct symbol *arg;

	if (fn && fn->type == EXPR_PREOP && fn->op == '*')
		fn = fn->unop;
	if (fn && fn->type == EXPR_SYMBOL && fn->symbol && fn->symbol->ident &&
	    conversion_lookup(show_ident(fn->symbol->ident)) &&
	    expression_list_size(e->args) == 1)
		return first_expression(e->args);
	if (!st || st->type != STMT_COMPOUND || !st->inline_fn ||
	    !st->inline_fn->ident || !st->args ||
	    !conversion_lookup(show_ident(st->inline_fn->ident)) ||
	    symbol_list_size(st->args->declaration) != 1)
		return NULL;
	arg = first_symbol(st->args->declaration);
	return arg ? arg->initializer : NULL;
}

struct expression *ast_strip(struct expression *e)
{
	struct expression *arg;

	while (e) {
		if (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST ||
		    e->type == EXPR_IMPLIED_CAST)
			e = e->cast_expression;
		else if ((arg = conversion_arg(e)))
			e = arg;
		else
			break;
	}
	return e;
}

/* e without casts and without the increments around it */
static struct expression *place_strip(struct expression *e)
{
	for (;;) {
		e = ast_strip(e);
		if (!e || (e->type != EXPR_PREOP && e->type != EXPR_POSTOP) ||
		    (e->op != SPECIAL_INCREMENT && e->op != SPECIAL_DECREMENT))
			return e;
		e = e->unop;
	}
}

bool ast_same_place(struct expression *a, struct expression *b)
{
	a = place_strip(a);
	b = place_strip(b);
	if (!a || !b || a->type != b->type)
		return false;
	switch (a->type) {
	case EXPR_SYMBOL:
		return a->symbol == b->symbol;
	case EXPR_VALUE:
		return a->value == b->value;
	case EXPR_PREOP:
		return a->op == b->op && ast_same_place(a->unop, b->unop);
	case EXPR_BINOP:
		return a->op == b->op && ast_same_place(a->left, b->left) &&
		       ast_same_place(a->right, b->right);
	case EXPR_DEREF:
		return a->member == b->member &&
		       ast_same_place(a->deref, b->deref);
	default:
		return false;
	}
}

static const struct api_fn *symbol_api(struct symbol *sym)
{
	return sym && sym->ident ? api_lookup(show_ident(sym->ident)) : NULL;
}

struct symbol *ast_call_of(struct expression *e, struct ast_call *call)
{
	struct expression *arg;
	struct symbol *a, *fn = NULL;

	call->n_args = 0;
	call->expr = e;
	call->api = NULL;
	if (e && e->type == EXPR_CALL) {
		struct expression *callee = e->fn;

		if (callee && callee->type == EXPR_PREOP && callee->op == '*')
			callee = callee->unop;
		if (!callee || callee->type != EXPR_SYMBOL)
			return NULL;
		fn = callee->symbol;
		FOR_EACH_PTR(e->args, arg) {
			if (call->n_args < AST_MAX_ARGS)
				call->args[call->n_args++] = arg;
		} END_FOR_EACH_PTR(arg);
	} else if (e && e->type == EXPR_STATEMENT && e->statement &&
		   e->statement->type == STMT_COMPOUND && e->statement->inline_fn) {
		fn = e->statement->inline_fn;
		if (e->statement->args)
			FOR_EACH_PTR(e->statement->args->declaration, a) {
				if (call->n_args < AST_MAX_ARGS)
					call->args[call->n_args++] = a->initializer;
			} END_FOR_EACH_PTR(a);
	}
	call->api = symbol_api(fn);
	return fn;
}

bool ast_model_call(struct expression *e, struct ast_call *call)
{
	return ast_call_of(e, call) && call->api;
}

static void walk_expr(struct expression *e, struct ast_visitor *v);
static void walk_stmt(struct statement *s, struct ast_visitor *v);
static void walk_branch(struct expression *cond, bool taken,
			struct statement *s, struct ast_visitor *v);
static void walk_switch(struct statement *s, struct ast_visitor *v);
static void walk_inlined(struct statement *s, struct ast_visitor *v);
static void walk_compound(struct statement *s, struct ast_visitor *v);

static void walk_list(struct expression_list *list, struct ast_visitor *v)
{
	struct expression *e;

	FOR_EACH_PTR(list, e) {
		walk_expr(e, v);
	} END_FOR_EACH_PTR(e);
}

static void walk_decls(struct symbol_list *list, struct ast_visitor *v)
{
	struct symbol *sym;

	FOR_EACH_PTR(list, sym) {
		if (!sym->initializer)
			continue;
		v->decl(v, sym);
		walk_expr(sym->initializer, v);
	} END_FOR_EACH_PTR(sym);
}

/* An inlined call: its arguments (the caller's code), then the body if
 * the visitor wants it. */
static void walk_inlined(struct statement *s, struct ast_visitor *v)
{
	struct statement *child;
	int conds = v->n_conds;

	if (s->args) {
		v->inline_args = true;
		walk_decls(s->args->declaration, v);
		v->inline_args = false;
	}
	if (!v->inline_enter || !v->inline_enter(v, s))
		return;
	v->n_conds = 0;
	FOR_EACH_PTR(s->stmts, child) {
		walk_stmt(child, v);
	} END_FOR_EACH_PTR(child);
	v->n_conds = conds;
	v->inline_leave(v, s);
}

static void walk_expr(struct expression *e, struct ast_visitor *v)
{
	if (!e)
		return;
	v->expr(v, e);
	switch (e->type) {
	case EXPR_PREOP:
	case EXPR_POSTOP:
		walk_expr(e->unop, v);
		break;
	case EXPR_BINOP:
	case EXPR_COMMA:
	case EXPR_COMPARE:
	case EXPR_LOGICAL:
	case EXPR_ASSIGNMENT:
		walk_expr(e->left, v);
		walk_expr(e->right, v);
		break;
	case EXPR_CAST:
	case EXPR_FORCE_CAST:
	case EXPR_IMPLIED_CAST:
		walk_expr(e->cast_expression, v);
		break;
	case EXPR_CONDITIONAL:
	case EXPR_SELECT:
		walk_expr(e->conditional, v);
		walk_expr(e->cond_true, v);
		walk_expr(e->cond_false, v);
		break;
	case EXPR_CALL:
		walk_expr(e->fn, v);
		walk_list(e->args, v);
		break;
	case EXPR_STATEMENT:
		if (e->statement && e->statement->type == STMT_COMPOUND &&
		    e->statement->inline_fn)
			walk_inlined(e->statement, v);
		else
			walk_stmt(e->statement, v);
		break;
	case EXPR_INITIALIZER:
		walk_list(e->expr_list, v);
		break;
	case EXPR_IDENTIFIER:
		walk_expr(e->ident_expression, v);
		break;
	case EXPR_INDEX:
		walk_expr(e->idx_expression, v);
		break;
	case EXPR_POS:
		walk_expr(e->init_expr, v);
		break;
	case EXPR_SLICE:
		walk_expr(e->base, v);
		break;
	default:
		break;
	}
}

/* A statement under a condition, on the stack while it is walked. */
static void walk_under(struct ast_cond cond, struct statement *s,
		       struct ast_visitor *v)
{
	bool pushed = s && v->n_conds < AST_MAX_CONDS;

	if (pushed)
		v->conds[v->n_conds++] = cond;
	walk_stmt(s, v);
	if (pushed)
		v->n_conds--;
}

static void walk_branch(struct expression *cond, bool taken,
			struct statement *s, struct ast_visitor *v)
{
	walk_under((struct ast_cond){ cond, taken, NULL, NULL }, s, v);
}

/* A block: what follows a label is a scope of its own. */
static void walk_compound(struct statement *s, struct ast_visitor *v)
{
	struct statement *child;
	int conds = v->n_conds;

	FOR_EACH_PTR(s->stmts, child) {
		if (child->type == STMT_LABEL && v->n_conds < AST_MAX_CONDS)
			v->conds[v->n_conds++] = (struct ast_cond){ .scope = child };
		walk_stmt(child, v);
	} END_FOR_EACH_PTR(child);
	v->n_conds = conds;
}

/* Can control run off the end of s into the next statement? */
static bool falls_through(struct statement *s)
{
	return !s || (s->type != STMT_GOTO && s->type != STMT_RETURN);
}

/*
 * The body of a switch: each statement runs under "expression == value"
 * of the case label above it, unless control can fall into that label
 * from the case before, or one statement has several labels (then no
 * condition is said).
 */
static void walk_switch(struct statement *s, struct ast_visitor *v)
{
	struct statement *body = s->switch_statement, *child, *prev = NULL;
	struct ast_cond cond = { s->switch_expression, true, NULL, NULL };

	if (!body || body->type != STMT_COMPOUND) {
		walk_stmt(body, v);
		return;
	}
	FOR_EACH_PTR(body->stmts, child) {
		if (child->type == STMT_CASE) {
			bool plain = !child->case_to && child->case_expression &&
				     (!child->case_statement ||
				      child->case_statement->type != STMT_CASE);

			cond.value = plain && (!prev || !falls_through(prev)) ?
				     child->case_expression : NULL;
		}
		if (cond.value)
			walk_under(cond, child, v);
		else
			walk_stmt(child, v);
		prev = child->type == STMT_CASE ? child->case_statement : child;
	} END_FOR_EACH_PTR(child);
}

static void walk_stmt(struct statement *s, struct ast_visitor *v)
{
	if (!s)
		return;
	switch (s->type) {
	case STMT_DECLARATION:
		walk_decls(s->declaration, v);
		break;
	case STMT_EXPRESSION:
		walk_expr(s->expression, v);
		break;
	case STMT_COMPOUND:
		walk_compound(s, v);
		break;
	case STMT_IF:
		walk_expr(s->if_conditional, v);
		walk_branch(s->if_conditional, true, s->if_true, v);
		walk_branch(s->if_conditional, false, s->if_false, v);
		break;
	case STMT_RETURN:
		if (v->ret)
			v->ret(v, s->ret_value);
		walk_expr(s->ret_value, v);
		break;
	case STMT_CASE:
		walk_stmt(s->case_statement, v);
		break;
	case STMT_SWITCH:
		walk_expr(s->switch_expression, v);
		walk_switch(s, v);
		break;
	case STMT_ITERATOR:
		walk_stmt(s->iterator_pre_statement, v);
		walk_expr(s->iterator_pre_condition, v);
		walk_under((struct ast_cond){ .scope = s }, s->iterator_statement, v);
		walk_stmt(s->iterator_post_statement, v);
		walk_expr(s->iterator_post_condition, v);
		break;
	case STMT_LABEL:
		walk_stmt(s->label_statement, v);
		break;
	default:
		break;
	}
}

void ast_walk(struct statement *body, struct ast_visitor *v)
{
	walk_stmt(body, v);
}
