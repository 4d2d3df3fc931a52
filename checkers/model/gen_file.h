/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the generators of checkers/model share: bringing a committed file
 * in step with what the model makes of it, or telling that it is not.
 */
#ifndef DRVCHECK_GEN_FILE_H
#define DRVCHECK_GEN_FILE_H

#include <stdbool.h>

/*
 * path holds old; fresh is what it should hold.  With write, rewrite it
 * when they differ; without, name its first differing line and the make
 * target that regenerates it.  0: in step or rewritten, 1: stale, 2: the
 * write failed.
 */
int gen_update(const char *tool, const char *target, const char *path,
	       const char *old, const char *fresh, bool write);

/* "--check"/"--write" as argv[1] with one path: 0 or 1 (write), else -1. */
int gen_mode(int argc, char **argv, const char *tool, const char *what);

#endif
