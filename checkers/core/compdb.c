// SPDX-License-Identifier: GPL-2.0
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "compdb.h"
#include "json_read.h"
#include "kbuild_flags.h"

/* One object of the array, as written. */
struct raw_entry {
	char *dir, *file, *command;
	struct strlist args;
	bool has_args;
};

static bool string_member(struct json_reader *j, char **field)
{
	free(*field);
	*field = NULL;
	return json_read_string(j, field);
}

static bool arg_member(struct json_reader *j, const char *key, void *args)
{
	char *s;

	(void)key;
	if (!json_read_string(j, &s))
		return false;
	strlist_add_owned(args, s);
	return true;
}

static bool entry_member(struct json_reader *j, const char *key, void *arg)
{
	struct raw_entry *r = arg;
	int depth = 0;

	if (strcmp(key, "directory") == 0)
		return string_member(j, &r->dir);
	if (strcmp(key, "file") == 0)
		return string_member(j, &r->file);
	if (strcmp(key, "command") == 0)
		return string_member(j, &r->command);
	if (strcmp(key, "arguments") == 0) {
		strlist_free(&r->args);
		r->has_args = true;
		return json_read_container(j, '[', arg_member, &r->args);
	}
	return json_read_skip_value(j, key, &depth);
}

/*
 * A shell command split into words: blanks, '...', "..." and \.  Only the
 * first command of a list: Kbuild's saved commands go on "; objtool ...".
 */
static void split_command(const char *p, struct strlist *out)
{
	static const char *const ends[] = { ";", "&&", "||", "|", NULL };

	while (*(p += strspn(p, " \t\n"))) {
		struct strbuf w = { 0 };

		sb_add(&w, "", 0);
		for (; *p && !strchr(" \t\n", *p); p++) {
			char quote = *p == '\'' || *p == '"' ? *p : 0;

			if (!quote) {
				if (*p == '\\' && p[1])
					p++;
				sb_add(&w, p, 1);
				continue;
			}
			for (p++; *p && *p != quote; p++) {
				if (quote == '"' && *p == '\\' && p[1] &&
				    strchr("\"\\$`", p[1]))
					p++;
				sb_add(&w, p, 1);
			}
			if (!*p)
				break;
		}
		for (size_t i = 0; ends[i]; i++)
			if (strcmp(w.buf, ends[i]) == 0) {
				free(w.buf);
				return;
			}
		strlist_add_owned(out, w.buf);
	}
}

/*
 * gcc and clang options that take the next word and that sparse does not
 * know: sparse would read that word as a file to check.  And -o OBJECT.
 */
static const char *const dropped_with_arg[] = {
	"-o", "-Xlinker", "-Xassembler", "-Xpreprocessor", "-Xclang",
	"-aux-info", "-dumpbase", "-dumpdir", "-B", "-L", "-l", "-u", "-T",
	"-z", "-e", "-target", "-arch", "-gcc-toolchain", "-iprefix",
	"-iwithprefix", "-iwithprefixbefore", NULL,
};

static bool drops_next(const char *a)
{
	for (size_t i = 0; dropped_with_arg[i]; i++)
		if (strcmp(a, dropped_with_arg[i]) == 0)
			return true;
	return false;
}

/* The compiler command (args) as sparse's flags for e. */
static void entry_flags(struct compdb_entry *e, const struct strlist *args,
			const char *named)
{
	const char *modname = "-DKBUILD_MODNAME=";
	size_t i = 1;

	/* a launcher's words before the compiler's options: ccache gcc ... */
	while (i < args->n && args->items[i][0] != '-' &&
	       strcmp(args->items[i], named) && strcmp(args->items[i], e->file))
		i++;
	for (; i < args->n; i++) {
		const char *a = args->items[i];

		if (strcmp(a, "-c") == 0 || strcmp(a, named) == 0 ||
		    strcmp(a, e->file) == 0)
			continue;
		if (drops_next(a)) {
			i++;
			continue;
		}
		if (strncmp(a, modname, strlen(modname)) == 0) {
			a += strlen(modname);
			free(e->module);
			e->module = xstrndup(a + (*a == '"'), strcspn(a + (*a == '"'), "\""));
			continue;
		}
		if (!kbuild_per_file_flag(a))
			strlist_add(&e->flags, a);
	}
}

/* Checks r and adds it to db when it names a C file. */
static int add_entry(struct compdb *db, struct raw_entry *r, const char *path,
		     size_t index)
{
	char dir[PATH_MAX];
	struct compdb_entry *e;
	struct strlist words = { 0 };

	if (!r->dir || !r->file || (!r->command && !r->has_args)) {
		fprintf(stderr, "drvcheck: %s: entry %zu: not a compile command "
			"(needs \"directory\", \"file\" and \"command\" or "
			"\"arguments\")\n", path, index + 1);
		return -1;
	}
	if (!has_suffix(r->file, ".c"))
		return 0;	/* assembler and others: not drvcheck's */
	if (!realpath(r->dir, dir) || !is_dir(dir)) {
		fprintf(stderr, "drvcheck: %s: entry %zu: directory '%s' does "
			"not exist\n", path, index + 1, r->dir);
		return -1;
	}
	GROW(db->items, db->cap, db->n + 1);
	e = &db->items[db->n++];
	memset(e, 0, sizeof(*e));
	e->dir = xstrdup(dir);
	e->file = r->file[0] == '/' ? xstrdup(r->file)
				    : xasprintf("%s/%s", dir, r->file);
	if (!r->has_args)
		split_command(r->command, &words);
	entry_flags(e, r->has_args ? &r->args : &words, r->file);
	strlist_free(&words);
	if (!is_regular(e->file)) {
		fprintf(stderr, "drvcheck: %s: entry %zu: no such file '%s'\n",
			path, index + 1, e->file);
		return -1;
	}
	return 0;
}

struct load {
	struct compdb *db;
	const char *path;
	size_t index;
	bool bad_entry;		/* add_entry said why */
};

static bool entry_fn(struct json_reader *j, const char *key, void *arg)
{
	struct load *l = arg;
	struct raw_entry r = { 0 };
	bool ok = json_read_container(j, '{', entry_member, &r);

	(void)key;
	if (ok && add_entry(l->db, &r, l->path, l->index++)) {
		l->bad_entry = true;
		ok = false;
	}
	free(r.dir);
	free(r.file);
	free(r.command);
	strlist_free(&r.args);
	return ok;
}

int compdb_load(struct compdb *db, const char *path)
{
	size_t first = db->n;
	struct load l = { db, path, 0, false };
	struct json_reader j = { 0 };
	char *text = read_file(path, NULL);
	bool ok;

	if (!text) {
		perror(path);
		return -1;
	}
	j.text = j.p = text;
	ok = json_read_container(&j, '[', entry_fn, &l);
	json_read_ws(&j);
	if (ok && *j.p)
		ok = json_read_fail(&j, "the end after the array");
	if (!ok && !l.bad_entry) {
		unsigned int line = 1;

		for (const char *p = text; p < j.p; p++)
			line += *p == '\n';
		fprintf(stderr, "drvcheck: %s:%u: not a compile_commands.json: "
			"expected %s\n", path, line, j.expected);
	} else if (ok && db->n == first) {
		fprintf(stderr, "drvcheck: %s: no C file in this "
			"compile_commands.json\n", path);
		ok = false;
	}
	free(text);
	return ok ? 0 : -1;
}

char *compdb_find(const char *path)
{
	char *p;

	if (is_regular(path))
		return has_suffix(path, ".json") ? xstrdup(path) : NULL;
	if (!is_dir(path))
		return NULL;
	p = xasprintf("%s/compile_commands.json", path);
	if (is_regular(p))
		return p;
	free(p);
	return NULL;
}

bool compdb_has(const struct compdb *db, const char *file)
{
	for (size_t i = 0; i < db->n; i++)
		if (strcmp(db->items[i].file, file) == 0)
			return true;
	return false;
}

void compdb_free(struct compdb *db)
{
	for (size_t i = 0; i < db->n; i++) {
		free(db->items[i].dir);
		free(db->items[i].file);
		free(db->items[i].module);
		strlist_free(&db->items[i].flags);
	}
	free(db->items);
	memset(db, 0, sizeof(*db));
}
