// SPDX-License-Identifier: GPL-2.0
/*
 * Another device-tree node's struct resource (of_nodes.h).  Only what the
 * function itself writes is followed: a node passed in by a caller is the
 * device's own as far as this file can tell.
 */
#include "of_nodes.h"

#include <stdlib.h>

#include "ast_walk.h"
#include "core/util.h"
#include "model/api_model.h"

static struct symbol **nodes, **resources;
static size_t n_nodes, cap_nodes, n_resources, cap_resources;

static bool member(struct symbol *const *set, size_t n, const struct symbol *sym)
{
	for (size_t i = 0; i < n; i++)
		if (set[i] == sym)
			return true;
	return false;
}

/*
 * The local a value names: after evaluation sparse writes a read of x as
 * *x (an EXPR_SYMBOL is x's address).
 */
static struct symbol *local_of(struct expression *e)
{
	e = ast_strip(e);
	if (e && e->type == EXPR_PREOP && e->op == '*')
		e = ast_strip(e->unop);
	return e && e->type == EXPR_SYMBOL ? e->symbol : NULL;
}

/* The local whose address e is (&x, which sparse writes as x). */
static struct symbol *address_of(struct expression *e)
{
	e = ast_strip(e);
	if (e && e->type == EXPR_PREOP && e->op == '&')
		return local_of(e->unop);
	return e && e->type == EXPR_SYMBOL ? e->symbol : NULL;
}

/* The model's device-tree row of the call e, or NULL. */
static const struct of_fn *of_call(struct expression *e, struct ast_call *c)
{
	struct symbol *fn = ast_call_of(ast_strip(e), c);

	return fn && fn->ident ? of_lookup(show_ident(fn->ident)) : NULL;
}

/* Is e another node: a lookup of one, or a local that holds one? */
static bool other_node(struct expression *e)
{
	struct ast_call c;
	const struct of_fn *f;

	if (local_of(e))
		return member(nodes, n_nodes, local_of(e));
	f = of_call(e, &c);
	return f && f->role == OF_OTHER_NODE;
}

static void node_stored(struct symbol *sym, struct expression *value)
{
	if (sym && other_node(value) && !member(nodes, n_nodes, sym)) {
		GROW(nodes, cap_nodes, n_nodes + 1);
		nodes[n_nodes++] = sym;
	}
}

void of_nodes_begin(void)
{
	n_nodes = n_resources = 0;
}

void of_nodes_expr(struct expression *e)
{
	struct ast_call c;
	const struct of_fn *f;
	struct symbol *res;

	if (e->type == EXPR_ASSIGNMENT && e->op == '=') {
		node_stored(local_of(e->left), e->right);
		return;
	}
	f = of_call(e, &c);
	if (!f || f->role != OF_FILL_RESOURCE || f->res >= c.n_args ||
	    f->node >= c.n_args || !other_node(c.args[f->node]))
		return;
	res = address_of(c.args[f->res]);
	if (res) {
		GROW(resources, cap_resources, n_resources + 1);
		resources[n_resources++] = res;
	}
}

void of_nodes_decl(struct symbol *sym)
{
	node_stored(sym, sym->initializer);
}

bool of_nodes_other_resource(struct symbol *sym)
{
	return member(resources, n_resources, sym);
}

void of_nodes_free(void)
{
	free(nodes);
	free(resources);
	nodes = resources = NULL;
	n_nodes = cap_nodes = n_resources = cap_resources = 0;
}
