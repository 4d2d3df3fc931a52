/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The command line Kbuild gives $(CHECK) for a module file, learnt once
 * from a real Kbuild run: drvcheck builds a dummy module against the kernel
 * headers with C=2 and CHECK= a recorder, and keeps the recorded flags
 * (without the per-file parts: the dependency file, KBUILD_*NAME, the
 * file) in a cache file.  So drvcheck-sparse sees loose .c files (the
 * testsuite, a driver directory without a build) exactly as make C=2 would
 * show them, with the headers' own configuration.
 */
#ifndef DRVCHECK_KBUILD_FLAGS_H
#define DRVCHECK_KBUILD_FLAGS_H

#include "util.h"

/*
 * The kernel build directory: $KDIR; else, for a tree of a known
 * kernel_version (0: unknown), the headers of its series (6.1 headers for
 * a 6.1 tree, not simply the newest installed); else
 * /lib/modules/$(uname -r)/build, else the newest
 * /usr/src/linux-headers-*-amd64.  NULL when none exists.  With several
 * header sets installed and say set, says once on stderr which it chose.
 * Caller frees.
 */
char *kbuild_kdir(unsigned int kernel_version, bool say);

/*
 * Fills flags with the cached CHECK flags for kdir, recording them first
 * when the cache (in cache_dir) is missing or older than the kernel's
 * configuration.  Returns 0, or -1 after printing why.
 */
int kbuild_check_flags(const char *kdir, const char *cache_dir,
		       struct strlist *flags);

/*
 * The parts of Kbuild's command line that name one file (the dependency
 * file, KBUILD_BASENAME, KBUILD_MODNAME): what the sparse engine gives
 * each run itself.
 */
bool kbuild_per_file_flag(const char *arg);

#endif
