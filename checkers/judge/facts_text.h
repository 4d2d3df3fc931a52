/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Facts as text lines, for an engine that is a separate program (the
 * Coccinelle scripts print them in drvcheck mode; `drvcheck judge` reads
 * them on standard input).  Tab-separated, "-" for an empty field, locations
 * named by key (facts.h), sites numbered per file in the order they are
 * printed (a file's lines come together, its site lines first; a DRVFACT
 * line of another FILE than the one before starts the numbering again, so
 * each file's block stands alone, as the result cache keeps it):
 *
 *   DRVFACT site API WRITTEN FILE LINE COL FUNCTION HANDLE BUF NENTS-LOC
 *           SIZE NENTS OFFSET START DIR START-KEY START-HOLDER START-LOC
 *           GUARDS SETS
 *   DRVFACT src FILE LOC site N | loc KEY | value JX | unknown | derived
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

/*
 * The nth module a file belongs to (a Kbuild module), NULL after the last;
 * a file no module holds is in "".  A file two modules link (a common
 * object of a PF and a VF driver) gives its facts to each.
 */
typedef const char *(*facts_module_fn)(void *arg, const char *file, size_t nth);

struct facts_text_reader {
	struct judge_facts *jf;
	facts_module_fn module_of;
	void *module_arg;
	size_t base;		/* the current file's site 0 */
	char *file;		/* the FILE of the last DRVFACT line */
	const char *module;	/* the module its block is read for */
	unsigned int bad;	/* lines that were not understood */
};

/* The FILE field of a DRVFACT line (not modified), *len long; NULL for
 * other lines and lines without one. */
const char *facts_text_file(const char *line, size_t *len);

/* Starts a stream. */
void facts_text_begin(struct facts_text_reader *r, struct judge_facts *jf,
		      facts_module_fn module_of, void *arg);
/* Every line of text (modified); lines that are not DRVFACT lines are
 * ignored. */
void facts_text_lines(struct facts_text_reader *r, char *text);
/* Ends a stream (the facts stay; r->bad too). */
void facts_text_end(struct facts_text_reader *r);

#endif
