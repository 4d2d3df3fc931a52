/* SPDX-License-Identifier: GPL-2.0 */
/*
 * drvcheck-sparse's diagnostics: findings of the current translation unit,
 * kept in the shared finding list and printed with the shared gcc-style
 * writer after sparse has finished with the file (sparse's own warnings are
 * printed as they come, untouched).
 */
#ifndef DRVCHECK_SPARSE_REPORT_H
#define DRVCHECK_SPARSE_REPORT_H

#include "core/finding.h"
#include "judge/judge.h"
#include "sparse_headers.h"

/* Adds a finding for check id at pos in function fn; returns it for notes. */
struct finding *report(const char *id, struct position pos, const char *fn,
		       const char *key, const char *fmt, ...)
	__attribute__((format(printf, 5, 6)));
void report_note(struct finding *f, struct position pos, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

/* A judge's emit function: its verdicts become findings like report()'s. */
void report_verdict(void *unused, const struct judge_verdict *v);

/*
 * drvcheck's own options, taken out of the command line before sparse sees
 * it: --drvcheck-checks=LIST (the --checks syntax of drvcheck scan) and
 * --drvcheck-format=text|tab (tab: DRVCHECK lines on stdout for the
 * drvcheck engine, finding_tab.h).  Returns the new argc, or -1 after
 * printing why an option is wrong.
 */
int report_options(int argc, char **argv);

/*
 * Called with each finding report_flush() prints: the facts database
 * records them, so that `drvcheck report` does not say them again.
 */
extern void (*report_printed_hook)(const struct finding *f);

/* Forgets the findings not printed yet for which drop() is true. */
void report_drop(bool (*drop)(const struct finding *f));

/* Prints and forgets what was reported so far (per file and at exit). */
void report_flush(void);

#endif
