// SPDX-License-Identifier: GPL-2.0
#include "ast_walk.h"

struct expression *ast_strip(struct expression *e)
{
	while (e && (e->type == EXPR_CAST || e->type == EXPR_FORCE_CAST ||
		     e->type == EXPR_IMPLIED_CAST))
		e = e->cast_expression;
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

bool ast_model_call(struct expression *e, struct ast_call *call)
{
	struct expression *arg;
	struct symbol *a;

	call->n_args = 0;
	call->expr = e;
	if (e && e->type == EXPR_CALL) {
		struct expression *fn = e->fn;

		if (fn && fn->type == EXPR_PREOP && fn->op == '*')
			fn = fn->unop;
		if (!fn || fn->type != EXPR_SYMBOL)
			return false;
		call->api = symbol_api(fn->symbol);
		if (!call->api)
			return false;
		FOR_EACH_PTR(e->args, arg) {
			if (call->n_args < AST_MAX_ARGS)
				call->args[call->n_args++] = arg;
		} END_FOR_EACH_PTR(arg);
		return true;
	}
	if (!e || e->type != EXPR_STATEMENT || !e->statement ||
	    e->statement->type != STMT_COMPOUND || !e->statement->inline_fn)
		return false;
	call->api = symbol_api(e->statement->inline_fn);
	if (!call->api)
		return false;
	if (e->statement->args)
		FOR_EACH_PTR(e->statement->args->declaration, a) {
			if (call->n_args < AST_MAX_ARGS)
				call->args[call->n_args++] = a->initializer;
		} END_FOR_EACH_PTR(a);
	return true;
}

static void walk_expr(struct expression *e, struct ast_visitor *v);
static void walk_stmt(struct statement *s, struct ast_visitor *v);

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
		/* an inlined body: only the arguments are the driver's code */
		if (e->statement && e->statement->type == STMT_COMPOUND &&
		    e->statement->inline_fn) {
			if (e->statement->args)
				walk_decls(e->statement->args->declaration, v);
		} else {
			walk_stmt(e->statement, v);
		}
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

static void walk_stmt(struct statement *s, struct ast_visitor *v)
{
	struct statement *child;

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
		FOR_EACH_PTR(s->stmts, child) {
			walk_stmt(child, v);
		} END_FOR_EACH_PTR(child);
		break;
	case STMT_IF:
		walk_expr(s->if_conditional, v);
		walk_stmt(s->if_true, v);
		walk_stmt(s->if_false, v);
		break;
	case STMT_RETURN:
		walk_expr(s->ret_value, v);
		break;
	case STMT_CASE:
		walk_stmt(s->case_statement, v);
		break;
	case STMT_SWITCH:
		walk_expr(s->switch_expression, v);
		walk_stmt(s->switch_statement, v);
		break;
	case STMT_ITERATOR:
		walk_stmt(s->iterator_pre_statement, v);
		walk_expr(s->iterator_pre_condition, v);
		walk_stmt(s->iterator_statement, v);
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
