// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "source_lines.h"
#include "util.h"

static void split_lines(struct source_file *f, size_t len)
{
	size_t cap = 0;
	char *p = f->text, *end = f->text + len;

	while (p < end) {
		char *nl = memchr(p, '\n', (size_t)(end - p));

		if (nl)
			*nl = '\0';
		GROW(f->lines, cap, f->n + 1);
		f->lines[f->n++] = p;
		if (!nl)
			break;
		p = nl + 1;
	}
}

const struct source_file *source_get(struct source_cache *cache,
				     const char *path)
{
	struct source_file *f;
	size_t len = 0;

	for (size_t i = 0; i < cache->n; i++)
		if (strcmp(cache->items[i]->path, path) == 0)
			return cache->items[i];
	GROW(cache->items, cache->cap, cache->n + 1);
	f = xcalloc(1, sizeof(*f));
	cache->items[cache->n++] = f;
	f->path = xstrdup(path);
	f->text = is_regular(path) ? read_file(path, &len) : NULL;
	if (f->text)
		split_lines(f, len);
	return f;
}

const char *source_line(const struct source_file *f, unsigned int line)
{
	return line >= 1 && line <= f->n ? f->lines[line - 1] : NULL;
}

void source_cache_free(struct source_cache *cache)
{
	for (size_t i = 0; i < cache->n; i++) {
		free(cache->items[i]->path);
		free(cache->items[i]->text);
		free(cache->items[i]->lines);
		free(cache->items[i]);
	}
	free(cache->items);
	cache->items = NULL;
	cache->n = cache->cap = 0;
}
