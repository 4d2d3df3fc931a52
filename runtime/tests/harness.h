/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A tiny unit test harness: CHECK() counts, RUN() names the test on
 * stderr, harness_done() prints the closing "N passed, N failed" line that
 * ctest output is read for, and gives the exit status.
 */
#ifndef DRVCHECK_RT_HARNESS_H
#define DRVCHECK_RT_HARNESS_H

#include <stdio.h>

extern int harness_passed, harness_failed;

#define CHECK(cond)							\
	do {								\
		if (cond) {						\
			harness_passed++;				\
		} else {						\
			harness_failed++;				\
			fprintf(stderr, "%s:%d: CHECK(%s) failed\n",	\
				__FILE__, __LINE__, #cond);		\
		}							\
	} while (0)

#define RUN(test)							\
	do {								\
		fprintf(stderr, "-- %s\n", #test);			\
		test();							\
	} while (0)

int harness_done(void);

#endif /* DRVCHECK_RT_HARNESS_H */
