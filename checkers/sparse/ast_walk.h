/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The model calls of a function's expanded AST, and a walk over it.
 *
 * The IR knows values but not where they live: a load from ring->buf[i].dma
 * is an offset from a pointer.  The AST after sparse's evaluation still
 * knows the member and its struct, so what goes through struct fields
 * (tu_facts.h) is read here.  After expansion a call the driver wrote is
 * either an EXPR_CALL (out-of-line function) or, for a static inline
 * function, an EXPR_STATEMENT whose compound statement names the inlined
 * function and declares one symbol per argument, initialised with the
 * argument expression (sparse's inline.c).
 */
#ifndef DRVCHECK_SPARSE_AST_WALK_H
#define DRVCHECK_SPARSE_AST_WALK_H

#include <stdbool.h>

#include "model/api_model.h"
#include "sparse_headers.h"

#define AST_MAX_ARGS 8

struct ast_call {
	const struct api_fn *api;
	struct expression *expr;	/* the call, as the driver wrote it */
	struct expression *args[AST_MAX_ARGS];
	int n_args;
};

/* true and *call when e is a call of a model function */
bool ast_model_call(struct expression *e, struct ast_call *call);
/*
 * Any call, written out or inlined: the function called (NULL for none, or
 * a call through a pointer) and its arguments into call (call->api NULL
 * when it is no model function).
 */
struct symbol *ast_call_of(struct expression *e, struct ast_call *call);

/* e without the casts and byte-order conversions (the model's) around it */
struct expression *ast_strip(struct expression *e);

/*
 * true when a and b name the same place: the same symbols, members and
 * indices, casts aside, and ++/-- aside (a map writes *++addr, the test
 * then reads *addr).
 */
bool ast_same_place(struct expression *a, struct expression *b);

#define AST_MAX_CONDS 16

/*
 * An if the walk is inside: cond held (taken) or did not; or a case of a
 * switch: cond (the switch's expression) equals value.  A loop body, and
 * the statements after a label, are scopes of their own (cond NULL,
 * scope the loop or the label): code there does not simply follow what
 * came before.
 */
struct ast_cond {
	struct expression *cond;
	bool taken;
	struct expression *value;
	struct statement *scope;
};

/*
 * Calls visit for every expression of body, parents first, for every
 * local declared with an initializer (as decl) and for every return (ret,
 * its value or NULL).  The bodies that sparse inlined are not entered
 * unless inline_enter asks, only their arguments: the code the driver
 * wrote is walked once, where it wrote it.  While it walks a branch of an if or a case of a switch that
 * is not reached by falling through from another, conds says which (the
 * innermost AST_MAX_CONDS).
 */
struct ast_visitor {
	void (*expr)(struct ast_visitor *v, struct expression *e);
	void (*decl)(struct ast_visitor *v, struct symbol *sym);
	void (*ret)(struct ast_visitor *v, struct expression *value);
	/*
	 * An inlined call (its compound statement): the walk enters the body
	 * when this says so, with no conditions on the stack (they are the
	 * caller's), and says when it leaves.
	 */
	bool (*inline_enter)(struct ast_visitor *v, struct statement *inlined);
	void (*inline_leave)(struct ast_visitor *v, struct statement *inlined);
	struct ast_cond conds[AST_MAX_CONDS];
	int n_conds;
	bool inline_args;	/* decl is an inlined call's argument */
};
void ast_walk(struct statement *body, struct ast_visitor *v);

#endif
