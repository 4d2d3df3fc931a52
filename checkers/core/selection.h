/* SPDX-License-Identifier: GPL-2.0 */
/* Which checks run: defaults, --checks / --exclude, the kernel version. */
#ifndef DRVCHECK_SELECTION_H
#define DRVCHECK_SELECTION_H

#include <stdbool.h>

#include "checks.h"

#define MAX_CHECKS 64

struct selection {
	bool on[MAX_CHECKS];	/* indexed like check_table */
};

/* A kernel version as major*65536 + minor*256 + patch; 0 = unknown. */
unsigned int kernel_version_parse(const char *s);
#define KERNEL_VERSION_NUM(a, b, c) (((a) << 16) + ((b) << 8) + (c))

/* The default set; poll-sleep-legacy joins it for trees before 2.6.29. */
void selection_default(struct selection *sel, unsigned int kernel_version);

/*
 * Applies a comma-separated list of ids, families ("dma", "poll", "iomem")
 * or "all".  For --checks, a list whose first item has no '+' replaces the
 * current set; "+x" adds to it.  For --exclude every item is removed.
 * Returns 0, or -1 with *bad set to the unknown item (owned by caller).
 */
int selection_apply(struct selection *sel, const char *list, bool exclude,
		    char **bad);

bool selection_has(const struct selection *sel, const struct check *c);
bool selection_any(const struct selection *sel);

#endif
