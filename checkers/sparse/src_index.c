// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "src_index.h"

struct token *__real_tokenize(const struct position *pos, const char *name,
			      int fd, struct token *endtoken,
			      const char **next_path);

/* A model name written before '(' (api), or a 'return' keyword (NULL). */
struct entry {
	int stream;
	unsigned int line, col;
	const struct api_fn *api;
	bool negative;		/* a return whose expression starts with '-' */
};

/*
 * Each tokenize() call opens a new stream (numbers only grow) and yields
 * its tokens in order, so appending keeps the array sorted.
 */
static struct entry *entries;
static size_t n_entries, cap_entries;
static char *file_dir;
static bool port_io, maps_mmio;

void src_index_file(const char *filename)
{
	const char *slash = strrchr(filename, '/');

	free(file_dir);
	file_dir = slash ? xstrndup(filename, (size_t)(slash - filename) + 1) :
			   xstrdup("");
	n_entries = 0;
	port_io = maps_mmio = false;
}

bool src_index_driver_stream(int stream)
{
	const char *name = stream_name(stream);
	size_t len = file_dir ? strlen(file_dir) : 0;

	return file_dir && strncmp(name, file_dir, len) == 0 &&
	       !strchr(name + len, '/');
}

static void add(struct token *t, const struct api_fn *api, bool negative)
{
	GROW(entries, cap_entries, n_entries + 1);
	entries[n_entries].stream = t->pos.stream;
	entries[n_entries].line = t->pos.line;
	entries[n_entries].col = t->pos.pos;
	entries[n_entries].negative = negative;
	entries[n_entries++].api = api;
}

struct token *__wrap_tokenize(const struct position *pos, const char *name,
			      int fd, struct token *endtoken,
			      const char **next_path)
{
	struct token *begin = __real_tokenize(pos, name, fd, endtoken, next_path);

	if (begin == endtoken || eof_token(begin) ||
	    !src_index_driver_stream(begin->pos.stream))
		return begin;
	for (struct token *t = begin; t && t != endtoken && !eof_token(t);
	     t = t->next) {
		struct token *next = t->next;
		const struct api_fn *api;

		if (token_type(t) != TOKEN_IDENT)
			continue;
		if (t->ident == &return_ident) {
			add(t, NULL, next && token_type(next) == TOKEN_SPECIAL &&
				     next->special == '-');
			continue;
		}
		if (!next || token_type(next) != TOKEN_SPECIAL ||
		    next->special != '(')
			continue;
		api = api_lookup(show_ident(t->ident));
		if (api)
			add(t, api, false);
		port_io |= port_io_lookup(show_ident(t->ident));
		maps_mmio |= api_maps_mmio(api);
	}
	return begin;
}

static int compare(int stream, unsigned int line, unsigned int col,
		   const struct entry *e)
{
	if (stream != e->stream)
		return stream < e->stream ? -1 : 1;
	if (line != e->line)
		return line < e->line ? -1 : 1;
	if (col != e->col)
		return col < e->col ? -1 : 1;
	return 0;
}

/* The number of entries at or before the position. */
static size_t upper_bound(struct position pos)
{
	size_t lo = 0, hi = n_entries;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (compare(pos.stream, pos.line, pos.pos, &entries[mid]) >= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

const struct api_fn *src_model_name_at(struct position pos)
{
	size_t i = upper_bound(pos);

	if (!i || compare(pos.stream, pos.line, pos.pos, &entries[i - 1]))
		return NULL;
	return entries[i - 1].api;
}

const struct api_fn *src_written_api(struct position pos,
				     const struct api_fn *callee)
{
	const struct api_fn *api = src_model_name_at(pos);

	if (!api || api->family != callee->family || api->role != callee->role)
		return callee;
	return api;
}

bool src_return_before(struct position pos, struct position *ret)
{
	for (size_t i = upper_bound(pos); i-- > 0;) {
		if (entries[i].stream != pos.stream)
			return false;
		if (entries[i].api)
			continue;
		*ret = pos;
		ret->line = entries[i].line;
		ret->pos = entries[i].col;
		return true;
	}
	return false;
}

bool src_lone_negative_return(struct position from, struct position to,
			      struct position *ret)
{
	size_t found = 0;

	for (size_t i = upper_bound(from); i < upper_bound(to); i++) {
		if (entries[i].stream != from.stream || entries[i].api ||
		    !entries[i].negative)
			continue;
		if (found++)
			return false;
		*ret = from;
		ret->line = entries[i].line;
		ret->pos = entries[i].col;
	}
	return found == 1;
}

bool src_index_port_io(void)
{
	return port_io;
}

bool src_index_maps_mmio(void)
{
	return maps_mmio;
}

void src_index_free(void)
{
	free(entries);
	entries = NULL;
	n_entries = cap_entries = 0;
	free(file_dir);
	file_dir = NULL;
}
