// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "finding.h"
#include "util.h"

struct finding *finding_add(struct finding_list *list,
			    const struct check *check,
			    enum confidence conf, const char *file,
			    unsigned int line, unsigned int col,
			    const char *function, const char *key,
			    const char *message, enum engine engine)
{
	struct finding *f;

	GROW(list->items, list->cap, list->n + 1);
	f = &list->items[list->n++];
	memset(f, 0, sizeof(*f));
	f->check = check;
	f->severity = check->severity;
	f->confidence = conf;
	f->loc.file = xstrdup(file);
	f->loc.line = line;
	f->loc.col = col;
	f->function = xstrdup(function ? function : "");
	f->key = xstrdup(key ? key : "");
	f->message = xstrdup(message);
	f->engines = engine;
	finding_fingerprint(f);
	return f;
}

void finding_add_note(struct finding *f, const char *file, unsigned int line,
		      unsigned int col, const char *message)
{
	struct note *n;

	GROW(f->notes, f->cap_notes, f->n_notes + 1);
	n = &f->notes[f->n_notes++];
	n->loc.file = xstrdup(file);
	n->loc.line = line;
	n->loc.col = col;
	n->message = xstrdup(message);
}

/*
 * What of a key the fingerprint hashes: a local's key names its file as the
 * engine was given it ("local:FILE:F:x", docs/facts.md), a path that
 * changes with where the tree was checked out; F:x is the local's identity.
 */
static const char *key_identity(const char *key)
{
	const char *x, *fn;

	if (strncmp(key, "local:", 6) != 0 || !(x = strrchr(key, ':')))
		return key;
	for (fn = x; fn > key + 5 && fn[-1] != ':'; fn--)
		;
	return fn > key + 6 ? fn : key;
}

void finding_fingerprint(struct finding *f)
{
	unsigned long long h = FNV1A64_INIT;

	h = fnv1a64(f->check->id, h);
	h = fnv1a64("\n", h);
	h = fnv1a64(f->loc.file, h);
	h = fnv1a64("\n", h);
	h = fnv1a64(f->function, h);
	h = fnv1a64("\n", h);
	if (key_identity(f->key) != f->key)
		h = fnv1a64("local:", h);
	h = fnv1a64(key_identity(f->key), h);
	snprintf(f->fingerprint, sizeof(f->fingerprint), "%016llx", h);
}

static int compare_findings(const void *a, const void *b)
{
	const struct finding *x = a, *y = b;
	int c = strcmp(x->loc.file, y->loc.file);

	if (c)
		return c;
	if (x->loc.line != y->loc.line)
		return x->loc.line < y->loc.line ? -1 : 1;
	if (x->loc.col != y->loc.col)
		return x->loc.col < y->loc.col ? -1 : 1;
	return strcmp(x->check->id, y->check->id);
}

static void finding_free(struct finding *f)
{
	free(f->loc.file);
	free(f->function);
	free(f->key);
	free(f->message);
	for (size_t i = 0; i < f->n_notes; i++) {
		free(f->notes[i].loc.file);
		free(f->notes[i].message);
	}
	free(f->notes);
}

void finding_list_remove(struct finding_list *list, size_t i)
{
	finding_free(&list->items[i]);
	memmove(&list->items[i], &list->items[i + 1],
		(list->n - i - 1) * sizeof(list->items[0]));
	list->n--;
}

/* Two findings are one when id, file and line agree (columns may differ). */
static bool same_place(const struct finding *a, const struct finding *b)
{
	return a->check == b->check && a->loc.line == b->loc.line &&
	       strcmp(a->loc.file, b->loc.file) == 0;
}

/*
 * The finding kept so far (items[0..out]) that f is a duplicate of, or
 * NULL.  Not only the last one: a line is sorted by column first, so two
 * engines reporting two checks on one line at different columns interleave.
 */
static struct finding *kept_twin(struct finding_list *list, size_t out,
				 const struct finding *f)
{
	for (size_t k = out + 1; k-- > 0;) {
		struct finding *kept = &list->items[k];

		if (same_place(kept, f))
			return kept;
		if (kept->loc.line != f->loc.line ||
		    strcmp(kept->loc.file, f->loc.file) != 0)
			return NULL;
	}
	return NULL;
}

void finding_list_normalize(struct finding_list *list)
{
	size_t out = 0;

	if (!list->n)
		return;
	qsort(list->items, list->n, sizeof(list->items[0]), compare_findings);
	for (size_t i = 1; i < list->n; i++) {
		struct finding *kept = kept_twin(list, out, &list->items[i]);

		if (kept) {
			struct finding *other = &list->items[i];

			kept->engines |= other->engines;
			if (other->confidence > kept->confidence)
				kept->confidence = other->confidence;
			/* the analyzer's text output names no function */
			if (!*kept->function && *other->function) {
				char *fn = kept->function;

				kept->function = other->function;
				other->function = fn;
				finding_fingerprint(kept);
			}
			finding_free(other);
			continue;
		}
		list->items[++out] = list->items[i];
	}
	list->n = out + 1;
}

void finding_list_free(struct finding_list *list)
{
	for (size_t i = 0; i < list->n; i++)
		finding_free(&list->items[i]);
	free(list->items);
	list->items = NULL;
	list->n = list->cap = 0;
}
