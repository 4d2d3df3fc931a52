/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reads back what `drvcheck scan --format json` wrote (one object per
 * line), so other commands (confirm) work on a saved scan.
 */
#ifndef DRVCHECK_FINDINGS_READ_H
#define DRVCHECK_FINDINGS_READ_H

#include "finding.h"

/*
 * Appends the findings in path (NULL or "-": stdin) to list.  Returns 0,
 * or -1 after printing why (unreadable, not drvcheck JSON, unknown check).
 */
int findings_read_json(const char *path, struct finding_list *list);

#endif
