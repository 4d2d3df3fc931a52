/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Reads back what `drvcheck confirm --format json` wrote (one object per
 * line): each static finding confirmed or not exercised at run time, and
 * the runtime errors no finding predicted; the HTML report shows both.
 */
#ifndef DRVCHECK_CONFIRM_READ_H
#define DRVCHECK_CONFIRM_READ_H

#include "finding.h"

enum confirm_status {
	CONFIRM_CONFIRMED,
	CONFIRM_NOT_EXERCISED,
	CONFIRM_UNPREDICTED,	/* a runtime error, no finding */
};

struct confirm_entry {
	enum confirm_status status;
	char *check, *file, *function, *fingerprint;
	unsigned long line;
	unsigned long runtime_errors;	/* confirmed: how many */
	/* unpredicted only */
	char *driver, *mapped_in, *reason, *message;
	unsigned long count;
};

struct confirm_list {
	struct confirm_entry *items;
	size_t n, cap;
};

/* Appends path's entries to list; 0, or -1 after printing why. */
int confirm_read_json(const char *path, struct confirm_list *list);
/*
 * The entry about f: same fingerprint and check (the fingerprint leaves
 * the line out, as confirm matches by function), or NULL.
 */
const struct confirm_entry *confirm_lookup(const struct confirm_list *list,
					   const struct finding *f);
const char *confirm_status_name(enum confirm_status status);
void confirm_list_free(struct confirm_list *list);

#endif
