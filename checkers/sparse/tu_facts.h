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
	const struct api_fn *written;	/* the name the driver wrote (src_text.h) */
	struct position pos;
	char *fn;			/* enclosing function */
	struct tu_value size, dir, nents, offset;
	struct tu_value start;		/* region start, BAR or BAR mask */
	char *start_key;		/* the start as a key, or NULL */
	struct symbol *start_holder;	/* the struct whose member the start is */
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

void tu_facts_free(void);

#endif
