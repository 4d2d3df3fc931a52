// SPDX-License-Identifier: GPL-2.0
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "clang_diag.h"
#include "util.h"

#define TAG " [drvcheck-"

struct diag {
	char *file;		/* NULL: no location ("clang: error: ...") */
	unsigned int line, col;
	const char *kind;	/* "warning", "note", "error", "fatal error" */
	char *message;
};

/* "file:line:col" ending at end, split off; false if line has none. */
static bool location(char *line, char *end, struct diag *d)
{
	*end = '\0';
	for (int field = 0; field < 2; field++) {
		char *colon = strrchr(line, ':'), *after;
		unsigned long v;

		if (!colon || !colon[1])
			return false;
		v = strtoul(colon + 1, &after, 10);
		if (*after || v == 0 || v > 10000000)
			return false;
		if (field)
			d->line = (unsigned int)v;
		else
			d->col = (unsigned int)v;
		*colon = '\0';
	}
	d->file = line;
	return *line != '\0';
}

/*
 * One line of clang's output as a diagnostic: the first ": kind: " in it,
 * or a line that opens with "kind: ".  False when it is not one.
 */
static bool diag_parse(char *line, struct diag *d)
{
	static const char *const kinds[] = {
		"warning", "note", "error", "fatal error", NULL,
	};
	char *best = NULL;
	size_t skip = 0;

	memset(d, 0, sizeof(*d));
	for (size_t i = 0; kinds[i]; i++) {
		size_t n = strlen(kinds[i]);
		char *at;

		if (strncmp(line, kinds[i], n) == 0 && strncmp(line + n, ": ", 2) == 0) {
			/* "error: unable to load plugin ...": no location */
			d->kind = kinds[i];
			d->message = line + n + 2;
			return true;
		}
		for (at = strstr(line, ": "); at; at = strstr(at + 1, ": "))
			if (strncmp(at + 2, kinds[i], n) == 0 &&
			    strncmp(at + 2 + n, ": ", 2) == 0)
				break;
		if (at && (!best || at < best)) {
			best = at;
			skip = n + 4;
			d->kind = kinds[i];
		}
	}
	if (!best)
		return false;
	d->message = best + skip;
	/* "clang: error: ..." is the driver speaking, not about a file */
	if (!location(line, best, d))
		d->file = NULL;
	return true;
}

char *clang_diag_path(const char *dir, const char *file)
{
	return dir && file[0] != '/' ? xasprintf("%s/%s", dir, file)
				     : xstrdup(file);
}

/*
 * The function a line is in, the kernel's way of writing C: a definition's
 * body opens with '{' in column 0, its declarator starts in column 0 just
 * above, and its body closes with '}' in column 0.  The analyzer's text
 * output names no function; "" when the line is not in one.
 */
static char *function_at(char **lines, size_t n, unsigned int line)
{
	size_t open = 0;

	for (size_t i = line <= n ? line - 1 : n; i-- > 0;) {
		if (lines[i][0] == '}')
			break;
		if (strcmp(lines[i], "{") == 0) {
			open = i;
			break;
		}
	}
	/* the declarator: from its column-0 line, the word before '(' */
	for (size_t i = open; open && i-- > 0 && open - i <= 8;) {
		const char *l = lines[i], *paren = strchr(l, '('), *end, *start;

		if (l[0] == ' ' || l[0] == '\t' || !paren)
			continue;
		for (end = paren; end > l && end[-1] == ' '; end--)
			;
		for (start = end; start > l && (isalnum((unsigned char)start[-1]) ||
						 start[-1] == '_'); start--)
			;
		return start < end ? xstrndup(start, (size_t)(end - start))
				   : xstrdup("");
	}
	return xstrdup("");
}

/* Names the functions of out's findings from first on, each file read once. */
static void name_functions(struct finding_list *out, size_t first)
{
	for (size_t i = first; i < out->n; i++) {
		const char *file = out->items[i].loc.file;
		char *text, **lines = NULL;
		size_t n = 0, cap = 0;

		if (*out->items[i].function || !(text = read_file(file, NULL)))
			continue;
		for (char *p = text; *p; n++) {
			GROW(lines, cap, n + 1);
			lines[n] = p;
			p += strcspn(p, "\n");
			if (*p)
				*p++ = '\0';
		}
		for (size_t k = i; k < out->n; k++) {
			struct finding *f = &out->items[k];

			if (*f->function || strcmp(f->loc.file, file))
				continue;
			free(f->function);
			f->function = function_at(lines, n, f->loc.line);
			finding_fingerprint(f);
		}
		free(lines);
		free(text);
	}
}

/* A drvcheck warning; NULL when it is not one or not selected. */
static struct finding *add_warning(struct diag *d, const char *dir,
				   const struct selection *sel,
				   struct finding_list *out)
{
	char *tag = strstr(d->message, TAG), *id, *key, *path;
	const struct check *c;
	struct finding *f;
	size_t n, len;

	if (!tag || !d->file)
		return NULL;
	/* "[drvcheck-ID]" or "[drvcheck-ID KEY]", closing the message */
	id = tag + strlen(TAG);
	len = strlen(id);
	if (!len || id[len - 1] != ']')
		return NULL;
	id[len - 1] = '\0';
	n = strcspn(id, " ]");
	if (id[n] == ']')
		return NULL;
	key = id[n] ? id + n + 1 : NULL;
	id[n] = '\0';
	*tag = '\0';
	c = check_lookup(id);
	if (!c) {
		fprintf(stderr, "drvcheck: clang: %s:%u: unknown check id "
			"'drvcheck-%s', finding dropped\n", d->file, d->line, id);
		return NULL;
	}
	if (!selection_has(sel, c))
		return NULL;
	path = clang_diag_path(dir, d->file);
	/*
	 * the analyzer proved a path; the judge's key, or else the message,
	 * names what it is about
	 */
	f = finding_add(out, c, CONF_HIGH, path, d->line, d->col, "",
			key && *key ? key : d->message, d->message, ENGINE_CLANG);
	free(path);
	return f;
}

/*
 * A note that is a step of the analyzer's path; not clang's macro
 * backtrace, nor the path's last step, which repeats the warning.
 */
static bool path_step(const struct diag *d)
{
	return strncmp(d->message, "expanded from macro '", 21) != 0 &&
	       !strstr(d->message, TAG);
}

char *clang_diag_parse(char *text, const char *dir,
		       const struct selection *sel, struct finding_list *out)
{
	struct finding *last = NULL;
	char *save = NULL, *first_error = NULL;
	size_t first = out->n;

	for (char *line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *copy = xstrdup(line);
		struct diag d;

		if (!diag_parse(line, &d)) {
			free(copy);
			continue;
		}
		if (strcmp(d.kind, "note") == 0) {
			if (last && d.file && path_step(&d)) {
				char *path = clang_diag_path(dir, d.file);

				finding_add_note(last, path, d.line, d.col, d.message);
				free(path);
			}
		} else if (strcmp(d.kind, "warning") == 0) {
			last = add_warning(&d, dir, sel, out);
		} else {
			last = NULL;
			if (!first_error)
				first_error = xstrdup(copy);
		}
		free(copy);
	}
	name_functions(out, first);
	return first_error;
}
