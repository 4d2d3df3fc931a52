// SPDX-License-Identifier: GPL-2.0
#include <dirent.h>
#include <stdlib.h>
#include <string.h>

#include "case.h"

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* "!cocci,sparse" or "clang" -> mask of the named engines. */
static int parse_engines(const char *s, size_t n, unsigned int *mask)
{
	static const enum engine all[] = {
		ENGINE_COCCI, ENGINE_SPARSE, ENGINE_CLANG, ENGINE_RUNTIME,
	};
	char *list = xstrndup(s, n);
	struct strlist names = { 0 };
	int ret = 0;

	strlist_split(&names, list, "!, ");
	for (size_t i = 0; i < names.n; i++) {
		size_t k;

		for (k = 0; k < sizeof(all) / sizeof(all[0]); k++)
			if (strcmp(names.items[i], engine_name(all[k])) == 0)
				break;
		if (k == sizeof(all) / sizeof(all[0])) {
			ret = -1;
			break;
		}
		*mask |= all[k];
	}
	strlist_free(&names);
	free(list);
	return ret;
}

/*
 * "expect: ids", "expect(!engines): ids" (known misses) and
 * "wrong(engines): ids" (known false positives) on one line.
 */
static int add_expectations(struct tc *tc, const char *file,
			    unsigned int line, const char *text)
{
	const char *p = text;

	while ((p = strpbrk(p, "ew")) != NULL) {
		bool wrong = strncmp(p, "wrong(", 6) == 0;
		unsigned int miss = 0, engines = 0;
		struct strlist ids = { 0 };
		const char *end;
		char *idtext;

		if (!wrong && strncmp(p, "expect", 6) != 0) {
			p++;
			continue;
		}
		p += wrong ? strlen("wrong") : strlen("expect");
		if (*p == '(') {
			const char *close = strchr(p, ')');
			/* wrong(...) names engines, expect(...) negates them */
			bool bad = !close || (wrong ? p[1] == '!' : p[1] != '!');

			if (bad || parse_engines(p + 1, (size_t)(close - p - 1),
						    wrong ? &engines : &miss)) {
				fprintf(stderr, "%s:%u: bad %s(...) engine list\n",
					file, line, wrong ? "wrong" : "expect");
				return -1;
			}
			p = close + 1;
		}
		if (*p != ':')
			continue;
		p++;
		end = strstr(p, "*/");
		if (!end)
			end = p + strlen(p);
		idtext = xstrndup(p, (size_t)(end - p));
		strlist_split(&ids, idtext, ", \t");
		free(idtext);
		for (size_t i = 0; i < ids.n; i++) {
			const struct check *c = check_lookup(ids.items[i]);
			struct expectation *e;

			if (!c) {
				fprintf(stderr, "%s:%u: unknown check id '%s'\n",
					file, line, ids.items[i]);
				strlist_free(&ids);
				return -1;
			}
			GROW(tc->expect, tc->cap_expect, tc->n_expect + 1);
			e = &tc->expect[tc->n_expect++];
			e->file = xstrdup(file);
			e->line = line;
			e->check = c;
			e->known_miss = miss;
			e->known_wrong = engines;
			e->matched = false;
		}
		strlist_free(&ids);
		p = end;
	}
	return 0;
}

/* Words after a "tag:" up to the end of the line. */
static void header_words(struct strlist *out, const char *line,
			 const char *tag)
{
	const char *p = strstr(line, tag);

	if (p)
		strlist_split(out, p + strlen(tag), " \t*/");
}

static int scan_file(struct tc *tc, const char *file)
{
	char *text = read_file(file, NULL);
	unsigned int lineno = 0;
	int ret = 0;

	if (!text) {
		perror(file);
		return -1;
	}
	for (char *line = text; line && ret == 0;) {
		char *next = strchr(line, '\n');
		const char *role;

		if (next)
			*next++ = '\0';
		lineno++;
		role = strstr(line, "drvcheck-case:");
		if (role) {
			role += strlen("drvcheck-case:");
			role += strspn(role, " \t");
			if (strncmp(role, "positive", 8) == 0)
				header_words(&tc->positive, role, "positive");
			else if (strncmp(role, "negative", 8) == 0)
				header_words(&tc->negative, role, "negative");
			else if (strncmp(role, "unparsed", 8) == 0)
				header_words(&tc->unparsed, role, "unparsed");
		}
		header_words(&tc->options, line, "drvcheck-options:");
		if (!strstr(line, "drvcheck-case:") &&
		    !strstr(line, "drvcheck-options:"))
			ret = add_expectations(tc, file, lineno, line);
		line = next;
	}
	free(text);
	return ret;
}

int tc_load(struct tc *tc, const char *path)
{
	const char *base = strrchr(path, '/');

	memset(tc, 0, sizeof(*tc));
	tc->name = xstrdup(base ? base + 1 : path);
	if (has_suffix(tc->name, ".c"))
		tc->name[strlen(tc->name) - 2] = '\0';
	if (is_dir(path)) {
		DIR *d = opendir(path);
		struct dirent *e;

		while (d && (e = readdir(d)))
			if (has_suffix(e->d_name, ".c"))
				strlist_add_owned(&tc->files,
						  xasprintf("%s/%s", path, e->d_name));
		if (d)
			closedir(d);
		qsort(tc->files.items, tc->files.n, sizeof(char *),
		      compare_strings);
	} else {
		strlist_add(&tc->files, path);
	}
	for (size_t i = 0; i < tc->files.n; i++)
		if (scan_file(tc, tc->files.items[i]))
			return -1;
	for (size_t i = 0; i < tc->positive.n + tc->negative.n; i++) {
		const char *id = i < tc->positive.n ? tc->positive.items[i]
			: tc->negative.items[i - tc->positive.n];

		if (!check_lookup(id)) {
			fprintf(stderr, "%s: drvcheck-case names unknown check '%s'\n",
				path, id);
			return -1;
		}
	}
	return 0;
}

void tc_free(struct tc *tc)
{
	for (size_t i = 0; i < tc->n_expect; i++)
		free(tc->expect[i].file);
	free(tc->expect);
	free(tc->name);
	strlist_free(&tc->files);
	strlist_free(&tc->positive);
	strlist_free(&tc->negative);
	strlist_free(&tc->options);
	strlist_free(&tc->unparsed);
}
