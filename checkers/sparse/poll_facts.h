/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The poll facts of a module, for the poll checks (check_poll_*.c), which
 * run once sparse has seen every file (tu_checks.h).
 *
 * A poll callback is the function an initializer of a model ops struct
 * (poll_ops_model: file_operations.poll, proc_ops.proc_poll...) names;
 * sparse has the struct types from the headers, so the member is exact.
 * Each function of the driver keeps its IR (sparse never frees it) with
 * what the checks ask of it: the poll-model calls it makes (functions by
 * callee, macros by the name written at their position, src_index.h), the
 * other functions it calls, and its return statements.  From a callback
 * the calls are followed into the module's own functions: by name in the
 * same file first, else a non-static one in another file.
 */
#ifndef DRVCHECK_SPARSE_POLL_FACTS_H
#define DRVCHECK_SPARSE_POLL_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include "ir_calls.h"

struct finding;

struct poll_site {
	const struct api_fn *api;
	struct position pos;
	struct instruction *cfg;	/* a live instruction of the call */
};

struct poll_call {
	char *callee;
	struct position pos;
	struct instruction *insn;	/* the OP_CALL: its constant arguments */
};

struct poll_return {
	struct instruction *insn;	/* where the CFG returns (phisrc or ret) */
	pseudo_t value;
	unsigned int bits;		/* of the returned value */
	struct position pos;		/* the return statement */
	/* a select of folded returns: the function's only 'return -...' */
	struct position negative_pos;
	bool has_negative_pos;
};

struct poll_fn {
	char *name;
	int tu;				/* which file, for static functions */
	bool is_static;
	struct entrypoint *ep;
	struct poll_site *sites;
	size_t n_sites;
	struct poll_call *calls;
	size_t n_calls;
	struct poll_return *rets;
	size_t n_rets;
};

struct poll_cb {
	char *name;
	int tu;
	const struct poll_ops *ops;
	struct position reg;		/* the ops struct's definition */
};

/* A new file of the module. */
void poll_facts_file(void);
/* The facts of one of the driver's functions, after linearization. */
void poll_facts_function(struct symbol *sym, const struct fn_ctx *ctx);
/* The callbacks an initialized object of the driver names. */
void poll_facts_object(struct symbol *sym);
void poll_facts_free(void);

/* The callbacks, and the definition of one (NULL outside the module). */
size_t poll_cb_count(void);
const struct poll_cb *poll_cb_get(size_t i);
const struct poll_fn *poll_cb_fn(const struct poll_cb *cb);

/* "file_operations.poll = foo registered here" on f */
void poll_note_registered(struct finding *f, const struct poll_cb *cb);

/*
 * Reports, under check id, every site for which wanted() is true in a
 * callback or a function it reaches: "<call>() <what> (<context>)".
 */
void poll_report_sites(const char *id, bool (*wanted)(const struct api_fn *),
		       const char *what);

/* The pseudo of the function's parameter index (0-based), or NULL. */
pseudo_t poll_fn_param(const struct poll_fn *fn, int index);

#endif
