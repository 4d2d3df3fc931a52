// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "kbuild_composites.h"

struct assign {
	char *name;
	struct strlist words;
};

struct makefile {
	struct assign *items;
	size_t n, cap;
};

/* Every "name op words" line (op one of = := += ?=), in order. */
static void parse(const char *text, struct makefile *mk)
{
	struct strlist lines = { 0 };

	strlist_split(&lines, text, "\n");
	for (size_t i = 0; i < lines.n; i++) {
		char *line = lines.items[i], *assign, *name;
		struct assign *a;

		line[strcspn(line, "#")] = '\0';
		assign = strchr(line, '=');
		if (!assign)
			continue;
		*assign = '\0';
		if (assign > line && strchr(":+?", assign[-1]))
			assign[-1] = '\0';
		name = line + strspn(line, " \t");
		name[strcspn(name, " \t")] = '\0';
		if (!*name)
			continue;
		GROW(mk->items, mk->cap, mk->n + 1);
		a = &mk->items[mk->n++];
		memset(a, 0, sizeof(*a));
		a->name = xstrdup(name);
		strlist_split(&a->words, assign + 1, " \t");
	}
	strlist_free(&lines);
}

static void makefile_free(struct makefile *mk)
{
	for (size_t i = 0; i < mk->n; i++) {
		free(mk->items[i].name);
		strlist_free(&mk->items[i].words);
	}
	free(mk->items);
}

/* "$(x)" or "${x}": x, else NULL */
static char *reference(const char *word)
{
	size_t n = strlen(word);

	if (n < 4 || word[0] != '$' || !strchr("({", word[1]) ||
	    word[n - 1] != (word[1] == '(' ? ')' : '}') ||
	    strcspn(word + 2, "$(){} :,") != n - 3)
		return NULL;
	return xstrndup(word + 2, n - 3);
}

/* Does assignment a define var?  "x-y" is also what every "x-$(CONFIG_Y)"
 * adds to, whichever option is set. */
static bool defines(const struct assign *a, const char *var)
{
	size_t n = strlen(var);

	if (strcmp(a->name, var) == 0)
		return true;
	return n > 2 && has_suffix(var, "-y") && strncmp(a->name, var, n - 1) == 0 &&
	       strncmp(a->name + n - 1, "$(CONFIG_", 9) == 0;
}

static void expand_words(const struct makefile *mk, const struct strlist *words,
			 int depth, struct strlist *out);

static void expand_var(const struct makefile *mk, const char *var, int depth,
		       struct strlist *out)
{
	for (size_t i = 0; depth < 8 && i < mk->n; i++)
		if (defines(&mk->items[i], var))
			expand_words(mk, &mk->items[i].words, depth + 1, out);
}

/* The objects the words name, variables expanded; functions are not. */
static void expand_words(const struct makefile *mk, const struct strlist *words,
			 int depth, struct strlist *out)
{
	for (size_t i = 0; i < words->n; i++) {
		const char *w = words->items[i];
		char *var = reference(w);

		if (var)
			expand_var(mk, var, depth, out);
		else if (!strpbrk(w, "$(){}") && !strlist_has(out, w))
			strlist_add(out, w);
		free(var);
	}
}

/*
 * The composite an assignment adds to ("name-y", "name-objs",
 * "name-$(CONFIG_X)"), or NULL: object lists (obj-y, obj-$(CONFIG_X)) and
 * flags are none, nor are the lists of what is not linked into a module.
 */
static char *composite_name(const char *name)
{
	static const char *const not_modules[] = {
		"obj", "lib", "always", "extra", "targets", "hostprogs",
		"userprogs", "subdir", "header-test", NULL,
	};
	const char *cfg = strstr(name, "-$(CONFIG_");
	size_t len;

	if (cfg && has_suffix(name, ")") && !strchr(cfg + 2, '-'))
		len = (size_t)(cfg - name);
	else if (has_suffix(name, "-y"))
		len = strlen(name) - 2;
	else if (has_suffix(name, "-objs"))
		len = strlen(name) - 5;
	else
		return NULL;
	if (!len || memchr(name, '$', len))
		return NULL;
	for (size_t i = 0; not_modules[i]; i++)
		if (strlen(not_modules[i]) == len && !strncmp(name, not_modules[i], len))
			return NULL;
	if (len >= 5 && strncmp(name + len - 5, "flags", 5) == 0)
		return NULL;
	return xstrndup(name, len);
}

static bool links(const struct makefile *mk, const char *composite, const char *obj)
{
	struct strlist members = { 0 };
	bool yes;

	for (size_t i = 0; i < mk->n; i++) {
		char *c = composite_name(mk->items[i].name);

		if (c && strcmp(c, composite) == 0)
			expand_words(mk, &mk->items[i].words, 0, &members);
		free(c);
	}
	yes = strlist_has(&members, obj);
	strlist_free(&members);
	return yes;
}

void kbuild_composites_of(const char *text, const char *obj, struct strlist *out)
{
	struct makefile mk = { 0 };
	struct strlist built = { 0 }, seen = { 0 };
	char *fallback = NULL;
	size_t had = out->n;

	parse(text, &mk);
	for (size_t i = 0; i < mk.n; i++)
		if (strncmp(mk.items[i].name, "obj-", 4) == 0)
			expand_words(&mk, &mk.items[i].words, 0, &built);
	for (size_t i = 0; i < mk.n; i++) {
		char *c = composite_name(mk.items[i].name), *o;

		if (!c || strlist_has(&seen, c) || !links(&mk, c, obj)) {
			free(c);
			continue;
		}
		strlist_add(&seen, c);
		o = xasprintf("%s.o", c);
		if (strlist_has(&built, o))
			strlist_add(out, c);
		else if (!fallback)
			fallback = xstrdup(c);
		free(o);
		free(c);
	}
	if (out->n == had && fallback)
		strlist_add(out, fallback);
	free(fallback);
	strlist_free(&seen);
	strlist_free(&built);
	makefile_free(&mk);
}
