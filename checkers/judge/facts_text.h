/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Facts as text lines, for an engine that is a separate program (the
 * Coccinelle scripts print them in drvcheck mode; `drvcheck judge` reads
 * them on standard input).  Tab-separated, "-" for an empty field, locations
 * named by key (facts.h), sites numbered in the order they are printed:
 *
 *   DRVFACT site API WRITTEN FILE LINE COL FUNCTION HANDLE BUF NENTS-LOC
 *           SIZE NENTS OFFSET START DIR START-KEY START-HOLDER GUARDS SETS
 *   DRVFACT src FILE LOC site N | loc KEY | value JX | unknown
 *   DRVFACT loc FILE KEY NAME
 *
 * SIZE, NENTS, OFFSET and START are jx.h's text form; DIR a number or a
 * direction's name; GUARDS "KEY==V;KEY!=V", SETS "KEY=V".  FILE in src and
 * loc lines is where the assignment is, for its module.  docs/facts.md has
 * the whole description.
 */
#ifndef DRVCHECK_JUDGE_FACTS_TEXT_H
#define DRVCHECK_JUDGE_FACTS_TEXT_H

#include "facts.h"

/* The module a file belongs to (a Kbuild module), or NULL for "". */
typedef const char *(*facts_module_fn)(void *arg, const char *file);

struct facts_text_reader {
	struct judge_facts *jf;
	facts_module_fn module_of;
	void *module_arg;
	size_t base;		/* site numbers of this stream start here */
	unsigned int bad;	/* lines that were not understood */
};

/* Starts a stream (its site numbers count from 0 again). */
void facts_text_begin(struct facts_text_reader *r, struct judge_facts *jf,
		      facts_module_fn module_of, void *arg);
/* One line (modified); lines that are not DRVFACT lines are ignored. */
void facts_text_line(struct facts_text_reader *r, char *line);

#endif
