// SPDX-License-Identifier: GPL-2.0
/*
 * pci_fixup.h from the file's text: comments, strings and preprocessor
 * lines blanked, function definitions found by their braces at file
 * level, and a function's callees taken as every identifier of its body
 * that names another function of the file (a callback handed to
 * pci_walk_bus() runs too).
 */
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "pci_fixup.h"

struct cfunc {
	char *name;
	const char *body, *end;		/* inside the braces */
};

static bool ident_char(char c)
{
	return isalnum((unsigned char)c) || c == '_';
}

/* Blanks what is not code: comments, string and character literals, and
 * preprocessor lines with their continuations (a macro's braces are no
 * function's). */
static void blank_non_code(char *t)
{
	bool line_start = true;

	for (char *p = t; *p; ) {
		char *q = p;

		if (line_start) {
			while (*q == ' ' || *q == '\t')
				q++;
			if (*q == '#') {
				for (; *q && *q != '\n'; q++)
					if (*q == '\\' && q[1] == '\n')
						*q++ = ' ';
					else
						*q = ' ';
				p = q;
				continue;
			}
		}
		line_start = *p == '\n';
		if (p[0] == '/' && p[1] == '*') {
			for (q = p + 2; *q && !(q[0] == '*' && q[1] == '/'); q++)
				;
			q = *q ? q + 2 : q;
		} else if (p[0] == '/' && p[1] == '/') {
			for (q = p; *q && *q != '\n'; q++)
				;
		} else if (*p == '"' || *p == '\'') {
			for (q = p + 1; *q && *q != *p && *q != '\n'; q++)
				q += q[0] == '\\' && q[1];
			q = *q == *p ? q + 1 : q;
		} else {
			p++;
			continue;
		}
		for (; p < q; p++)
			if (*p != '\n')
				*p = ' ';
	}
}

/* The function a '{' at file level opens: the identifier before the
 * parenthesis that the last ')' before the brace closes; none for an
 * initialiser (an '=' since the last declaration) or a struct. */
static char *definition_name(const char *from, const char *brace)
{
	const char *close = NULL, *p, *id;
	int depth = 0;

	for (p = from; p < brace; p++) {
		if (*p == '=')
			return NULL;
		if (*p == ')')
			close = p;
	}
	if (!close)
		return NULL;
	for (p = close; p > from; p--) {
		depth += (*p == ')') - (*p == '(');
		if (!depth)
			break;
	}
	while (p > from && isspace((unsigned char)p[-1]))
		p--;
	for (id = p; id > from && ident_char(id[-1]); id--)
		;
	return id < p && !isdigit((unsigned char)*id) ? xstrndup(id, (size_t)(p - id)) : NULL;
}

static size_t functions(const char *t, struct cfunc **out)
{
	size_t n = 0, cap = 0;
	const char *decl = t;
	int depth = 0;

	*out = NULL;
	for (const char *p = t; *p; p++) {
		if (*p == '{' && depth++ == 0) {
			char *name = definition_name(decl, p);

			if (name) {
				GROW(*out, cap, n + 1);
				(*out)[n++] = (struct cfunc){ name, p + 1, NULL };
			}
		} else if (*p == '}' && depth > 0 && --depth == 0) {
			if (n && !(*out)[n - 1].end)
				(*out)[n - 1].end = p;
			decl = p + 1;
		} else if (*p == ';' && depth == 0) {
			decl = p + 1;
		}
	}
	return n;
}

static struct cfunc *find(struct cfunc *fns, size_t n, const char *s, size_t len)
{
	for (size_t i = 0; i < n; i++)
		if (strlen(fns[i].name) == len && !strncmp(fns[i].name, s, len))
			return &fns[i];
	return NULL;
}

/* Adds f, and what it names, to the functions a fixup runs. */
static void runs(struct cfunc *fns, size_t n, struct cfunc *f, struct strlist *out)
{
	if (strlist_has(out, f->name))
		return;
	strlist_add(out, f->name);
	for (const char *p = f->body; f->end && p < f->end; ) {
		const char *s = p;
		struct cfunc *g;

		if (!ident_char(*p) || (p > f->body && ident_char(p[-1]))) {
			p++;
			continue;
		}
		while (p < f->end && ident_char(*p))
			p++;
		g = find(fns, n, s, (size_t)(p - s));
		if (g)
			runs(fns, n, g, out);
	}
}

/* The hooks: the last argument of each DECLARE_PCI_FIXUP_*(...). */
static void fixups(char *t, struct cfunc *fns, size_t n, struct strlist *out)
{
	static const char tag[] = "DECLARE_PCI_FIXUP_";

	for (char *p = t; (p = strstr(p, tag)); ) {
		char *q = p + strlen(tag), *last = NULL, *e;
		int depth = 0;

		p = q;
		while (ident_char(*q))
			q++;
		while (isspace((unsigned char)*q))
			q++;
		if (*q != '(')
			continue;
		for (; *q; q++) {
			if (*q == '(' && depth++ == 0)
				last = q + 1;
			else if (*q == ',' && depth == 1)
				last = q + 1;
			else if (*q == ')' && --depth == 0)
				break;
		}
		if (!*q || !last)
			continue;
		while (isspace((unsigned char)*last))
			last++;
		for (e = last; ident_char(*e); e++)
			;
		struct cfunc *hook = find(fns, n, last, (size_t)(e - last));

		if (hook)
			runs(fns, n, hook, out);
	}
}

bool pci_fixup_runs(const char *path, const char *fn)
{
	static char *cached_path;
	static struct strlist run;
	char *text;

	if (!cached_path || strcmp(cached_path, path)) {
		struct cfunc *fns;
		size_t n;

		free(cached_path);
		cached_path = xstrdup(path);
		strlist_free(&run);
		text = read_file(path, NULL);
		if (!text)
			return false;
		blank_non_code(text);
		n = functions(text, &fns);
		fixups(text, fns, n, &run);
		for (size_t i = 0; i < n; i++)
			free(fns[i].name);
		free(fns);
		free(text);
	}
	return strlist_has(&run, fn);
}
