/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DMA facts of a module (every file drvcheck-sparse was given), for the
 * checks that pair a map with its release across functions: the handle
 * stored to ring->buf[i].dma in xmit() and released from the same field in
 * clean_tx().
 *
 * A location is where a value lives: a struct member, named by struct tag
 * and member ("struct e1000_buffer.dma": the same in every file of the
 * module, exact because sparse has the types), an element of an array
 * member counts as the member, or a local (one function).  Each location
 * has sources: model calls whose result was stored there, other
 * locations copied into it, or "unknown" (anything else but 0).  Sources
 * are collected without regard to order or paths, so a release is paired
 * with every map that may have produced its handle.
 *
 * Region calls (probe requests, remove releases) meet through their start
 * instead: equal keys are the same start (read_start() in tu_facts.c).
 */
#ifndef DRVCHECK_SPARSE_TU_FACTS_H
#define DRVCHECK_SPARSE_TU_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include "model/api_model.h"
#include "sparse_headers.h"

struct tu_value {
	bool known;		/* a constant after sparse's folding */
	long long v;
};

struct tu_fact {
	const struct api_fn *api;
	const struct api_fn *written;	/* the name the driver wrote (src_index.h) */
	struct position pos;
	char *fn;			/* enclosing function */
	struct tu_value size, dir, nents, offset;
	struct tu_value start;		/* region start, BAR or BAR mask */
	char *start_key;		/* the start as a key, or NULL */
	char *start_holder;		/* the tag of the struct whose member it is */
	int handle_loc;			/* where the handle argument comes from */
	int buf_loc;			/* the buffer / scatterlist argument */
	int nents_loc;			/* the nents argument */
};

struct tu_facts {
	struct tu_fact *facts;
	size_t n_facts, cap_facts;
};

extern struct tu_facts tu_facts;

/* Collects the facts of one function definition (after expansion). */
void tu_facts_function(struct symbol *fn);

/*
 * The facts that may have produced what location loc holds: *n of them,
 * in a static buffer; false when some source is unknown.
 */
bool tu_sources(int loc, const struct tu_fact ***facts, size_t *n);
/* "struct e1000_buffer.dma", or the local's name */
const char *tu_loc_name(int loc);

/*
 * The raw graph, for the facts database (facts_db.h), which stores a run's
 * facts and locations and loads every run's back for the cross-TU checks.
 * A source is a fact (>= 0), another location (TU_SRC_LOC(loc)) or
 * TU_SRC_UNKNOWN.  A shared location is a member of a named struct: the
 * same location in every file of the module; any other (a local, an
 * anonymous struct's member) belongs to the one run that saw it.
 */
#define TU_SRC_UNKNOWN (-1)
#define TU_SRC_LOC(l) (-2 - (l))

size_t tu_n_locs(void);
const char *tu_loc_key(int loc);
bool tu_loc_shared(int loc);
void tu_loc_sources(int loc, const int **srcs, size_t *n);
/* The location of key (copied), made if new. */
int tu_loc_intern(const char *key, const char *name, bool shared);
void tu_loc_add_source(int loc, int src);
/* A new zeroed fact at the end of tu_facts, fn copied; returns its index. */
int tu_fact_new(const struct api_fn *api, struct position pos, const char *fn);

/* Is f's start key the same in every run (not a local of this one)? */
bool tu_start_key_shared(const struct tu_fact *f);

void tu_facts_free(void);

#endif
