// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "selection.h"
#include "sources.h"

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static void walk(struct strlist *found, const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;

	if (!d) {
		fprintf(stderr, "drvcheck: %s: %s (skipped)\n", dir,
			strerror(errno));
		return;
	}
	while ((e = readdir(d))) {
		char *p;

		if (e->d_name[0] == '.')	/* ., .., .git, .tmp_versions */
			continue;
		p = xasprintf("%s/%s", strcmp(dir, "/") ? dir : "", e->d_name);
		if (is_dir(p))
			walk(found, p);
		else if (has_suffix(p, ".c") && is_regular(p))
			strlist_add(found, p);
		free(p);
	}
	closedir(d);
}

/* A C source has no NUL bytes; catches binaries and other mistakes. */
static bool looks_like_text(const char *path)
{
	size_t len;
	char *text = read_file(path, &len);
	bool ok = text && memchr(text, '\0', len) == NULL;

	free(text);
	return ok;
}

int sources_add(struct strlist *files, struct strlist *explicit_files,
		struct compdb *db, const char *path)
{
	struct strlist found = { 0 };
	char *json = compdb_find(path);

	if (json) {
		size_t first = db->n;
		int ret = compdb_load(db, json);

		free(json);
		for (size_t i = first; i < db->n; i++)
			if (!strlist_has(files, db->items[i].file))
				strlist_add(files, db->items[i].file);
		return ret;
	}
	if (is_dir(path)) {
		char *clean = xstrdup(path);
		size_t n = strlen(clean);

		while (n > 1 && clean[n - 1] == '/')
			clean[--n] = '\0';
		walk(&found, clean);
		free(clean);
		if (!found.n) {
			fprintf(stderr, "drvcheck: %s: no C files (*.c) in this "
				"directory\n", path);
			return -1;
		}
		qsort(found.items, found.n, sizeof(char *), compare_strings);
		for (size_t i = 0; i < found.n; i++)
			if (!strlist_has(files, found.items[i]))
				strlist_add(files, found.items[i]);
		strlist_free(&found);
		return 0;
	}
	if (!is_regular(path)) {
		fprintf(stderr, "drvcheck: %s: %s\n", path,
			errno == ENOENT ? "no such file or directory"
					: "not a regular file or directory");
		return -1;
	}
	if (!has_suffix(path, ".c") && !has_suffix(path, ".h")) {
		fprintf(stderr, "drvcheck: %s: not a C source (.c or .h)\n", path);
		return -1;
	}
	if (!looks_like_text(path)) {
		fprintf(stderr, "drvcheck: %s: not a text file, cannot be C\n",
			path);
		return -1;
	}
	if (!strlist_has(files, path))
		strlist_add(files, path);
	strlist_add(explicit_files, path);
	return 0;
}

/* Value of "NAME = value" in a Makefile's text, or -1. */
static long makefile_var(const char *text, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : p) {
		const char *q = p;

		if (strncmp(q, name, n) != 0)
			continue;
		q += n;
		q += strspn(q, " \t");
		if (*q != '=')
			continue;
		q++;
		return strtol(q, NULL, 10);
	}
	return -1;
}

unsigned int sources_kernel_version(const char *path)
{
	char resolved[PATH_MAX];
	char *dir;

	if (!realpath(path, resolved))
		return 0;
	dir = xstrdup(resolved);
	if (!is_dir(dir))
		*strrchr(dir, '/') = '\0';
	for (;;) {
		char *mk = xasprintf("%s/Makefile", *dir ? dir : "");
		char *text = read_file(mk, NULL);
		long v = text ? makefile_var(text, "VERSION") : -1;
		long p = text ? makefile_var(text, "PATCHLEVEL") : -1;
		long s = text ? makefile_var(text, "SUBLEVEL") : -1;
		char *slash;

		free(mk);
		free(text);
		if (v >= 2 && p >= 0) {
			free(dir);
			return KERNEL_VERSION_NUM((unsigned int)v, (unsigned int)p,
						  s > 0 && s < 256 ? (unsigned int)s : 0);
		}
		slash = strrchr(dir, '/');
		if (!slash || !*dir)
			break;
		*slash = '\0';
	}
	free(dir);
	return 0;
}
