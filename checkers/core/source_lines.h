/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Scanned files read back for excerpts (the HTML report), each read once
 * and split into lines.
 */
#ifndef DRVCHECK_SOURCE_LINES_H
#define DRVCHECK_SOURCE_LINES_H

#include <stddef.h>

struct source_file {
	char *path;
	char *text;		/* NULL when unreadable */
	char **lines;		/* lines[0] is line 1, without '\n' */
	size_t n;
};

/* Pointers, so a file stays where it is while others are added. */
struct source_cache {
	struct source_file **items;
	size_t n, cap;
};

/* path's lines (NULL text when it cannot be read), read on first use. */
const struct source_file *source_get(struct source_cache *cache,
				     const char *path);
/* Line number line (1-based), or NULL past the end or when unreadable. */
const char *source_line(const struct source_file *f, unsigned int line);
void source_cache_free(struct source_cache *cache);

#endif
