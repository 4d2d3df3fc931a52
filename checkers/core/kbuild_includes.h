/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The include paths a driver directory's Makefile adds for its files, for
 * a scan that reads the Makefile instead of running Kbuild:
 * ccflags-y / ccflags-$(CONFIG_...) / EXTRA_CFLAGS / CFLAGS_file.o of the
 * directory, and subdir-ccflags-y of it and of its parents up to the
 * kernel tree's root; and the defines of those that hold whatever the
 * configuration (ccflags-y, EXTRA_CFLAGS, subdir-ccflags-y).
 */
#ifndef DRVCHECK_KBUILD_INCLUDES_H
#define DRVCHECK_KBUILD_INCLUDES_H

#include "util.h"

/* The text of dir's Kbuild, else its Makefile, or NULL. */
char *kbuild_makefile_text(const char *dir);

/*
 * Adds to out the unconditional -D options of dir's Makefiles (without
 * make variables or quoting), and an -I option for each include path
 * that exists: $(srctree), $(src) and $(obj) expanded, a relative path
 * taken from the tree's root as Kbuild's make does.  The CFLAGS_file.o paths of
 * every file of the directory are added, not only one file's, so that
 * the files of a module keep one command line (an extra -I only finds
 * headers, and those would have been the same ones).  Last, the tree's
 * include/trace as -idirafter, for trace headers named relative to it.
 */
void kbuild_dir_includes(const char *dir, struct strlist *out);

#endif
