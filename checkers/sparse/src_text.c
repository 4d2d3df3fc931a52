// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "src_text.h"

/* The lines of the file read last: calls come file by file. */
static int cached_stream = -1;
static char **lines;
static size_t n_lines, cap_lines;

static void forget(void)
{
	for (size_t i = 0; i < n_lines; i++)
		free(lines[i]);
	free(lines);
	lines = NULL;
	n_lines = cap_lines = 0;
	cached_stream = -1;
}

static const char *line_of(struct position pos)
{
	FILE *f;
	char *line = NULL;
	size_t cap = 0;

	if (pos.stream != cached_stream) {
		forget();
		cached_stream = pos.stream;
		f = fopen(stream_name(pos.stream), "r");
		while (f && getline(&line, &cap, f) >= 0) {
			GROW(lines, cap_lines, n_lines + 1);
			lines[n_lines++] = xstrdup(line);
		}
		if (f)
			fclose(f);
		free(line);
	}
	return pos.line >= 1 && pos.line <= n_lines ? lines[pos.line - 1] : NULL;
}

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/*
 * The byte where display column col starts: sparse counts columns with
 * tabs expanded to its tabstop (8) and from 1 (tokenize.c).
 */
static const char *at_column(const char *line, unsigned int col)
{
	unsigned int c = 1;

	for (const char *p = line; *p && *p != '\n'; p++) {
		if (c == col)
			return p;
		c = *p == '\t' ? c + 8 - (c - 1) % 8 : c + 1;
	}
	return NULL;
}

const struct api_fn *api_as_written(struct position pos,
				    const struct api_fn *callee)
{
	const char *line = line_of(pos), *start, *end;
	const struct api_fn *api;
	char *name;

	start = line ? at_column(line, pos.pos) : NULL;
	if (!start || !ident_char(*start) || (start > line && ident_char(start[-1])))
		return callee;
	for (end = start; ident_char(*end); end++)
		;
	name = xstrndup(start, (size_t)(end - start));
	api = api_lookup(name);
	free(name);
	if (!api || api->family != callee->family || api->role != callee->role)
		return callee;
	return api;
}

void src_text_free(void)
{
	forget();
}
