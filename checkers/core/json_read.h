/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A small JSON reader over a NUL-terminated text: strings (with \u escapes),
 * arrays and objects walked through a callback, other values skipped or
 * read as numbers.  Every function skips leading blanks; on failure
 * j->expected says what was not found at j->p.
 */
#ifndef DRVCHECK_JSON_READ_H
#define DRVCHECK_JSON_READ_H

#include "util.h"

struct json_reader {
	const char *text, *p;
	const char *expected;	/* what was not found at p, on failure */
};

void json_read_ws(struct json_reader *j);
/* Records what was expected (the first failure wins); returns false. */
bool json_read_fail(struct json_reader *j, const char *expected);
bool json_read_expect(struct json_reader *j, char c);
/* A string value into *out (caller frees). */
bool json_read_string(struct json_reader *j, char **out);

typedef bool json_read_member_fn(struct json_reader *j, const char *key,
				 void *arg);
/*
 * An array or an object (open is '[' or '{'): fn is called for each
 * element, with the member's name in an object, NULL in an array.
 */
bool json_read_container(struct json_reader *j, char open,
			 json_read_member_fn *fn, void *arg);
/* Any value; depth points at the current nesting (an int, 0 at the top). */
bool json_read_skip_value(struct json_reader *j, const char *key, void *depth);
/* A non-negative integer value. */
bool json_read_unsigned(struct json_reader *j, unsigned long *out);

#endif
