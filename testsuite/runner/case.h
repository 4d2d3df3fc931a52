/* SPDX-License-Identifier: GPL-2.0 */
/* A testsuite case: its files, expected findings and scan options. */
#ifndef DCTEST_CASE_H
#define DCTEST_CASE_H

#include "core/checks.h"
#include "core/util.h"

struct expectation {
	char *file;
	unsigned int line;
	const struct check *check;
	unsigned int known_miss;	/* engines that do not find it yet */
	/*
	 * "wrong(engines): id" markers: not an expected finding but a known
	 * false positive of those engines, counted apart in the matrix.
	 */
	unsigned int known_wrong;
	bool matched;
};

struct tc {
	char *name;
	struct strlist files;		/* .c files of the module */
	struct expectation *expect;
	size_t n_expect, cap_expect;
	struct strlist positive;	/* ids from drvcheck-case: positive */
	struct strlist negative;	/* ids from drvcheck-case: negative */
	struct strlist options;		/* words of drvcheck-options: */
	struct strlist unparsed;	/* engines of drvcheck-case: unparsed */
};

/* Loads a case (a .c file or a module directory); prints errors, -1. */
int tc_load(struct tc *tc, const char *path);
void tc_free(struct tc *tc);

#endif
