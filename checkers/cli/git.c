// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/run.h"
#include "git.h"

int git_run(const char *dir, const char *const args[], char **out,
	    size_t *len, char **err)
{
	struct strlist argv = { 0 };
	struct child c;
	int rc;

	strlist_add(&argv, "git");
	strlist_add(&argv, "-C");
	strlist_add(&argv, dir);
	for (size_t i = 0; args[i]; i++)
		strlist_add(&argv, args[i]);
	strlist_add_owned(&argv, NULL);
	rc = child_start(&c, argv.items);
	if (rc == 0)
		rc = child_wait(&c);
	/* execvp failing in the child: git is not installed */
	if (rc == 127 || rc < 0) {
		child_cleanup(&c);
		strlist_free(&argv);
		if (err)
			*err = xstrdup("git could not run (is it installed?)");
		return -1;
	}
	if (out)
		*out = read_file(c.out_path, len);
	if (out && !*out)
		rc = -1;
	if (err) {
		char *text = read_file(c.err_path, NULL);

		*err = xstrndup(text ? text : "", text ? strcspn(text, "\n") : 0);
		free(text);
	}
	child_cleanup(&c);
	strlist_free(&argv);
	return rc;
}

static void chomp(char *s)
{
	s[strcspn(s, "\n")] = '\0';
}

char *git_toplevel(const char *path, char **why)
{
	const char *args[] = { "rev-parse", "--show-toplevel", NULL };
	char *dir = is_dir(path) ? xstrdup(path) : NULL, *out = NULL;
	int rc;

	if (!dir) {
		const char *slash = strrchr(path, '/');

		dir = slash ? xstrndup(path, (size_t)(slash - path) + 1)
			    : xstrdup(".");
	}
	rc = git_run(dir, args, &out, NULL, why);
	free(dir);
	if (rc != 0 || !out || !*out) {
		free(out);
		return NULL;
	}
	chomp(out);
	return out;
}

char *git_commit(const char *top, const char *rev)
{
	char *spec = xasprintf("%s^{commit}", rev), *out = NULL;
	const char *args[] = { "rev-parse", "--verify", "--quiet", "--end-of-options",
			       spec, NULL };
	int rc = git_run(top, args, &out, NULL, NULL);

	free(spec);
	if (rc != 0 || !out || !*out) {
		free(out);
		return NULL;
	}
	chomp(out);
	return out;
}

static void add_change(struct git_changes *out, const char *old_path,
		       const char *new_path)
{
	GROW(out->items, out->cap, out->n + 1);
	out->items[out->n++] = (struct git_change){
		old_path ? xstrdup(old_path) : NULL,
		new_path ? xstrdup(new_path) : NULL,
	};
}

/* "git diff -z --name-status": STATUS NUL PATH NUL [PATH NUL] ... */
static int parse_name_status(const char *buf, size_t len,
			     struct git_changes *out)
{
	const char *p = buf, *end = buf + len;

	while (p < end) {
		const char *status = p, *a, *b = NULL;

		a = status + strlen(status) + 1;
		if (a >= end)
			return -1;
		if (*status == 'R' || *status == 'C') {
			b = a + strlen(a) + 1;
			if (b >= end)
				return -1;
			p = b + strlen(b) + 1;
		} else {
			p = a + strlen(a) + 1;
		}
		switch (*status) {
		case 'A':
			add_change(out, NULL, a);
			break;
		case 'D':
			add_change(out, a, NULL);
			break;
		case 'R':
			add_change(out, a, b);
			break;
		case 'C':	/* a copy leaves its source as it was */
			add_change(out, NULL, b);
			break;
		default:	/* M, T (type change), U (unmerged) */
			add_change(out, a, a);
		}
	}
	return 0;
}

static void pathspec_args(struct strlist *args, const struct strlist *specs)
{
	strlist_add(args, "--");
	for (size_t i = 0; i < specs->n; i++)
		strlist_add(args, specs->items[i]);
	strlist_add_owned(args, NULL);
}

int git_changes(const char *top, const char *commit, bool worktree,
		const struct strlist *pathspecs, struct git_changes *out)
{
	struct strlist args = { 0 };
	char *text = NULL, *err = NULL;
	size_t len = 0;
	int rc;

	strlist_add(&args, "diff");
	strlist_add(&args, "--no-ext-diff");
	strlist_add(&args, "--no-textconv");
	strlist_add(&args, "-z");
	strlist_add(&args, "--name-status");
	strlist_add(&args, "-M");
	strlist_add(&args, commit);
	if (!worktree)
		strlist_add(&args, "HEAD");
	pathspec_args(&args, pathspecs);
	rc = git_run(top, (const char *const *)args.items, &text, &len, &err);
	strlist_free(&args);
	if (rc == 0 && parse_name_status(text, len, out))
		rc = -1;
	free(text);
	text = NULL;
	if (rc == 0 && worktree) {
		strlist_add(&args, "ls-files");
		strlist_add(&args, "-z");
		strlist_add(&args, "--others");
		strlist_add(&args, "--exclude-standard");
		pathspec_args(&args, pathspecs);
		free(err);
		rc = git_run(top, (const char *const *)args.items, &text, &len, &err);
		strlist_free(&args);
		for (size_t i = 0; rc == 0 && i < len; i += strlen(text + i) + 1)
			add_change(out, NULL, text + i);
		free(text);
	}
	if (rc != 0)
		fprintf(stderr, "drvcheck: git could not list the changed files%s%s\n",
			err && *err ? ": " : "", err ? err : "");
	free(err);
	return rc ? -1 : 0;
}

void git_changes_free(struct git_changes *c)
{
	for (size_t i = 0; i < c->n; i++) {
		free(c->items[i].old_path);
		free(c->items[i].new_path);
	}
	free(c->items);
	memset(c, 0, sizeof(*c));
}

int git_list_dir(const char *top, const char *commit, const char *dir,
		 struct strlist *names)
{
	char *spec = *dir ? xasprintf("%s/", dir) : NULL, *text = NULL;
	const char *args[] = { "ls-tree", "-z", commit, "--", spec, NULL };
	size_t len = 0;
	int rc = git_run(top, args, &text, &len, NULL);

	/* "MODE TYPE OBJECT\tPATH": the blobs only, not subdirectories */
	for (size_t i = 0; rc == 0 && i < len; i += strlen(text + i) + 1) {
		const char *entry = text + i, *tab = strchr(entry, '\t');

		if (tab && strstr(entry, " blob ") && strstr(entry, " blob ") < tab)
			strlist_add(names, tab + 1);
	}
	free(text);
	free(spec);
	return rc ? -1 : 0;
}

int git_extract(const char *top, const char *commit,
		const struct strlist *paths, const char *dest)
{
	char *tar = xasprintf("%s/.extract.tar", dest), *err = NULL;
	struct strlist args = { 0 };
	const char *untar[] = { "tar", "-x", "-f", tar, "-C", dest, NULL };
	struct child c;
	int rc;

	if (!paths->n) {
		free(tar);
		return 0;
	}
	strlist_add(&args, "archive");
	strlist_add(&args, "--format=tar");
	strlist_add(&args, "-o");
	strlist_add(&args, tar);
	strlist_add(&args, commit);
	pathspec_args(&args, paths);
	rc = git_run(top, (const char *const *)args.items, NULL, NULL, &err);
	strlist_free(&args);
	if (rc != 0) {
		fprintf(stderr, "drvcheck: git archive %s failed: %s\n", commit,
			err ? err : "");
	} else {
		rc = child_start(&c, (char *const *)untar);
		if (rc == 0)
			rc = child_wait(&c);
		child_cleanup(&c);
		if (rc)
			fprintf(stderr, "drvcheck: tar could not unpack %s\n", tar);
	}
	unlink(tar);
	free(tar);
	free(err);
	return rc ? -1 : 0;
}
