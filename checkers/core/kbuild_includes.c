// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "kbuild_includes.h"

char *kbuild_makefile_text(const char *dir)
{
	static const char *const names[] = { "Kbuild", "Makefile" };

	for (size_t i = 0; i < 2; i++) {
		char *p = xasprintf("%s/%s", dir, names[i]);
		char *text = read_file(p, NULL);

		free(p);
		if (!text)
			continue;
		/* one logical line per line: continuations joined */
		for (char *c = text; (c = strstr(c, "\\\n")); )
			c[0] = c[1] = ' ';
		return text;
	}
	return NULL;
}

static bool has_file(const char *dir, const char *rel)
{
	char *p = xasprintf("%s/%s", dir, rel);
	bool yes = is_regular(p) || is_dir(p);

	free(p);
	return yes;
}

/* The kernel tree dir is in ($(srctree)), or NULL: not in one. */
static char *tree_root(const char *dir)
{
	char *p = xstrdup(dir), *slash;

	for (;;) {
		if (has_file(p, "scripts/Makefile.build") && has_file(p, "include/linux"))
			return p;
		slash = strrchr(p, '/');
		if (!slash || slash == p) {
			free(p);
			return NULL;
		}
		*slash = '\0';
	}
}

/* Replaces every $(var) and ${var} in *s by val. */
static void subst(char **s, const char *var, const char *val)
{
	for (int i = 0; i < 2; i++) {
		char *ref = i ? xasprintf("${%s}", var) : xasprintf("$(%s)", var), *at;

		while ((at = strstr(*s, ref))) {
			char *n = xasprintf("%.*s%s%s", (int)(at - *s), *s, val,
					    at + strlen(ref));

			free(*s);
			*s = n;
		}
		free(ref);
	}
}

/* The directory an -I path names, or NULL when it cannot be known. */
static char *expand(const char *path, const char *root, const char *dir)
{
	/* Kbuild's $(src) is relative to the tree: -I$(srctree)/$(src) */
	const char *rel = root && strlen(dir) > strlen(root) ? dir + strlen(root) + 1 : dir;
	char *p = xstrdup(path), *abs;

	subst(&p, "src", rel);
	subst(&p, "obj", rel);
	if (root)
		subst(&p, "srctree", root);
	if (strchr(p, '$') || (!root && p[0] != '/')) {
		free(p);
		return NULL;
	}
	if (p[0] == '/')
		return p;
	/* Kbuild's make runs at the tree's root: -Idrivers/media/tuners */
	abs = xasprintf("%s/%s", root, p);
	free(p);
	return abs;
}

/* ccflags-y, ccflags-$(CONFIG_X), EXTRA_CFLAGS, CFLAGS_file.o */
static bool own_flags(const char *name)
{
	return !strncmp(name, "ccflags-", 8) || !strcmp(name, "EXTRA_CFLAGS") ||
	       (!strncmp(name, "CFLAGS_", 7) && has_suffix(name, ".o"));
}

static void add_include(const char *path, const char *root, const char *dir,
			struct strlist *out)
{
	char *p = expand(path, root, dir), *opt;

	if (!p)
		return;
	opt = xasprintf("-I%s", p);
	if (is_dir(p) && !strlist_has(out, opt))
		strlist_add(out, opt);
	free(opt);
	free(p);
}

/*
 * Flags every file of the directory gets whatever the configuration:
 * ccflags-y, EXTRA_CFLAGS, subdir-ccflags-y outside ifeq/ifdef blocks (not
 * ccflags-$(CONFIG_X), nor one file's CFLAGS_file.o).  Their defines are
 * kept (ACPICA's -DBUILDING_ACPICA, without which its headers refuse to
 * be included), but for one spelled with make's or the shell's quoting
 * (caam's -DVERSION=\"\"), which would reach the engine unquoted.
 */
static bool unconditional(const char *name)
{
	return !strcmp(name, "ccflags-y") || !strcmp(name, "EXTRA_CFLAGS") ||
	       !strcmp(name, "subdir-ccflags-y");
}

/* The include paths of one Makefile, and its unconditional defines; only
 * subdir-ccflags for a parent's. */
static void makefile_includes(const char *mkdir, bool parent, const char *root,
			      struct strlist *out)
{
	char *text = kbuild_makefile_text(mkdir), *save = NULL;
	int depth = 0;		/* inside ifeq/ifdef: a configuration's */

	for (char *line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *assign = strchr(line, '='), *name, *hash = strchr(line, '#');
		struct strlist words = { 0 };
		const char *first = line + strspn(line, " \t");

		if (!strncmp(first, "ifeq", 4) || !strncmp(first, "ifneq", 5) ||
		    !strncmp(first, "ifdef", 5) || !strncmp(first, "ifndef", 6))
			depth++;
		else if (!strncmp(first, "endif", 5) && depth > 0)
			depth--;
		if (hash)
			*hash = '\0';
		if (!assign || (hash && hash < assign))
			continue;
		*assign = '\0';
		if (assign > line && strchr(":+?", assign[-1]))
			assign[-1] = '\0';
		name = line + strspn(line, " \t");
		name[strcspn(name, " \t")] = '\0';
		if (strncmp(name, "subdir-ccflags-", 15) && (parent || !own_flags(name)))
			continue;
		strlist_split(&words, assign + 1, " \t");
		for (size_t i = 0; i < words.n; i++) {
			const char *w = words.items[i];

			if (!strcmp(w, "-I") && i + 1 < words.n)
				add_include(words.items[++i], root, mkdir, out);
			else if (!strncmp(w, "-I", 2))
				add_include(w + 2, root, mkdir, out);
			else if (!strncmp(w, "-D", 2) && w[2] && !strpbrk(w, "$\\\"'") &&
				 !depth && unconditional(name) && !strlist_has(out, w))
				strlist_add(out, w);
		}
		strlist_free(&words);
	}
	free(text);
}

/*
 * define_trace.h includes a driver's trace header by a path relative to
 * its own directory (TRACE_INCLUDE_PATH ../../drivers/net/ethernet/intel/ice),
 * which lands in the tree only when include/trace is the tree's; with a
 * distribution's headers package it is not, and ice_main.c, mlx5's
 * vhca_event.c and 21 more did not parse.  The tree's include/trace,
 * searched last, stands in for the directory the path was written for.
 */
static void trace_includes(const char *root, struct strlist *out)
{
	char *trace = xasprintf("%s/include/trace", root);

	if (is_dir(trace) && !strlist_has(out, trace)) {
		strlist_add(out, "-idirafter");
		strlist_add(out, trace);
	}
	free(trace);
}

void kbuild_dir_includes(const char *dir, struct strlist *out)
{
	char abs[PATH_MAX], *root, *slash;

	if (!realpath(dir, abs))
		return;
	root = tree_root(abs);
	/*
	 * a directory without a Makefile is built by the nearest one above
	 * it, with that one's flags (hns3/Makefile builds
	 * hns3pf/hclge_main.o with -I of its own subdirectories)
	 */
	while (root && !has_file(abs, "Makefile") && !has_file(abs, "Kbuild") &&
	       strlen(abs) > strlen(root) && (slash = strrchr(abs, '/')))
		*slash = '\0';
	makefile_includes(abs, false, root, out);
	/* the parents' subdir-ccflags-y, up to the tree's root */
	while (root && strlen(abs) > strlen(root) && (slash = strrchr(abs, '/'))) {
		*slash = '\0';
		makefile_includes(abs, true, root, out);
	}
	if (root)
		trace_includes(root, out);
	free(root);
}
