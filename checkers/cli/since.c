// SPDX-License-Identifier: GPL-2.0
/* scan --since: both ends of a range written out of git and scanned. */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

#include "../core/run.h"
#include "../core/scan.h"
#include "git.h"
#include "since.h"

/* What a module's scan reads: its sources, headers and Kbuild files. */
static bool wanted(const char *path)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	return has_suffix(base, ".c") || has_suffix(base, ".h") ||
	       strcmp(base, "Makefile") == 0 || strcmp(base, "Kbuild") == 0;
}

static char *dir_of(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? xstrndup(path, (size_t)(slash - path)) : xstrdup("");
}

/* git -C top reads a relative pathspec from the top: make it absolute. */
static char *absolute(const char *path)
{
	char resolved[PATH_MAX], cwd[PATH_MAX];

	if (realpath(path, resolved))
		return xstrdup(resolved);
	if (path[0] == '/' || !getcwd(cwd, sizeof(cwd)))
		return xstrdup(path);
	return xasprintf("%s/%s", cwd, path);
}

static void add_dir(struct since *s, const char *path)
{
	char *dir;

	if (!path || !wanted(path))
		return;
	dir = dir_of(path);
	if (strlist_has(&s->dirs, dir))
		free(dir);
	else
		strlist_add_owned(&s->dirs, dir);
}

int since_open(struct since *s, const char *where, const char *rev,
	       bool worktree, const struct strlist *pathspecs)
{
	struct strlist specs = { 0 };
	struct git_changes changes = { 0 };
	char *why = NULL;
	int ret = -1;

	memset(s, 0, sizeof(*s));
	s->worktree = worktree;
	s->top = git_toplevel(where ? where : ".", &why);
	if (!s->top) {
		fprintf(stderr, "drvcheck: --since: %s is not in a git work tree%s%s\n",
			where ? where : "the current directory",
			why && *why ? ": " : "", why ? why : "");
		goto out;
	}
	s->commit = git_commit(s->top, rev);
	if (!s->commit) {
		fprintf(stderr, "drvcheck: --since: '%s' is not a commit of the "
			"repository at %s\n", rev, s->top);
		goto out;
	}
	for (size_t i = 0; i < pathspecs->n; i++)
		strlist_add_owned(&specs, absolute(pathspecs->items[i]));
	if (git_changes(s->top, s->commit, worktree, &specs, &changes))
		goto out;
	for (size_t i = 0; i < changes.n; i++) {
		const struct git_change *c = &changes.items[i];

		if (!(c->old_path && wanted(c->old_path)) &&
		    !(c->new_path && wanted(c->new_path)))
			continue;
		s->files_changed++;
		add_dir(s, c->old_path);
		add_dir(s, c->new_path);
		if (c->old_path && c->new_path &&
		    strcmp(c->old_path, c->new_path) != 0) {
			strlist_add(&s->renamed, c->old_path);
			strlist_add(&s->renamed, c->new_path);
		}
	}
	ret = 0;
out:
	free(why);
	strlist_free(&specs);
	git_changes_free(&changes);
	return ret;
}

static int copy_file(const char *from, const char *to)
{
	size_t len;
	char *text = read_file(from, &len);
	FILE *f = text ? fopen(to, "w") : NULL;
	int ret = f && fwrite(text, 1, len, f) == len ? 0 : -1;

	if (f && fclose(f))
		ret = -1;
	if (ret)
		fprintf(stderr, "drvcheck: cannot copy %s to %s: %s\n", from, to,
			strerror(errno));
	free(text);
	return ret;
}

/* The work tree's files of dir, copied below root. */
static int copy_dir(const char *top, const char *dir, const char *root,
		    struct strlist *paths)
{
	char *from = xasprintf("%s/%s", top, dir), *to = xasprintf("%s/%s", root, dir);
	DIR *d = opendir(from);
	struct dirent *e;
	int ret = 0;

	if (!d) {	/* the directory is gone at this end */
		free(from);
		free(to);
		return 0;
	}
	if (mkdirs(to, 0700))
		ret = -1;
	while (ret == 0 && (e = readdir(d))) {
		char *src = xasprintf("%s/%s", from, e->d_name);
		char *dst = xasprintf("%s/%s", to, e->d_name);

		if (e->d_name[0] != '.' && wanted(e->d_name) && is_regular(src)) {
			ret = copy_file(src, dst);
			strlist_add_owned(paths, *dir ? xasprintf("%s/%s", dir, e->d_name)
						      : xstrdup(e->d_name));
		}
		free(src);
		free(dst);
	}
	closedir(d);
	free(from);
	free(to);
	return ret;
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/*
 * Writes the directories of s at commit (NULL: the work tree) below root
 * and lists the C files there to scan, sorted.
 */
static int write_end(const struct since *s, const char *commit,
		     const char *root, struct strlist *files)
{
	struct strlist paths = { 0 }, all = { 0 };
	int ret = mkdirs(root, 0700);

	for (size_t i = 0; ret == 0 && i < s->dirs.n; i++) {
		if (!commit) {
			ret = copy_dir(s->top, s->dirs.items[i], root, &paths);
			continue;
		}
		ret = git_list_dir(s->top, commit, s->dirs.items[i], &all);
		for (size_t k = 0; k < all.n; k++)
			if (wanted(all.items[k]))
				strlist_add(&paths, all.items[k]);
		strlist_free(&all);
	}
	if (ret == 0 && commit)
		ret = git_extract(s->top, commit, &paths, root);
	/* relative: the scan runs in root, and its output names them so */
	for (size_t i = 0; ret == 0 && i < paths.n; i++)
		if (has_suffix(paths.items[i], ".c"))
			strlist_add(files, paths.items[i]);
	if (files->n)
		qsort(files->items, files->n, sizeof(char *), compare_strings);
	strlist_free(&paths);
	return ret;
}

/* root/x -> x, and (renames given) an old name -> its new one. */
static void relocate(char **file, const char *root, const struct strlist *renamed)
{
	size_t n = strlen(root);
	char *rel;

	if (strncmp(*file, root, n) == 0 && (*file)[n] == '/')
		rel = xstrdup(*file + n + 1);
	else if ((*file)[0] != '/')
		rel = xstrdup(*file);
	else
		return;		/* a kernel header: not the tree's */
	for (size_t i = 0; renamed && i + 1 < renamed->n; i += 2)
		if (strcmp(rel, renamed->items[i]) == 0) {
			free(rel);
			rel = xstrdup(renamed->items[i + 1]);
			break;
		}
	free(*file);
	*file = rel;
}

static void relocate_all(struct finding_list *list, const char *root,
			 const struct strlist *renamed)
{
	for (size_t i = 0; i < list->n; i++) {
		struct finding *f = &list->items[i];

		relocate(&f->loc.file, root, renamed);
		for (size_t k = 0; k < f->n_notes; k++)
			relocate(&f->notes[k].loc.file, root, renamed);
		finding_fingerprint(f);
	}
}

static void status_add(struct scan_status *to, const struct scan_status *st)
{
	to->files_partial += st->files_partial;
	to->explicit_unparsed += st->explicit_unparsed;
	to->files_timed_out += st->files_timed_out;
	to->tool_error |= st->tool_error;
}

/* Scans one end, written below root; its findings relative to root. */
static int scan_end(const struct since *s, const char *commit, const char *root,
		    const struct scan_request *tmpl, unsigned int engine_mask,
		    bool mask_explicit, const struct strlist *renamed,
		    struct finding_list *out, size_t *n_files,
		    struct scan_status *status)
{
	struct scan_request req = *tmpl;
	struct scan_status st = { 0 };
	int ret;

	memset(&req.files, 0, sizeof(req.files));
	memset(&req.explicit_files, 0, sizeof(req.explicit_files));
	memset(&req.compdb, 0, sizeof(req.compdb));
	ret = write_end(s, commit, root, &req.files);
	*n_files = req.files.n;
	/* an engine that failed is in st, as for any scan */
	if (ret == 0 && req.files.n) {
		int here = open(".", O_RDONLY | O_DIRECTORY);

		if (here < 0 || chdir(root)) {
			fprintf(stderr, "drvcheck: cannot enter %s: %s\n", root,
				strerror(errno));
			ret = -1;
		} else {
			scan_run(&req, engine_mask, mask_explicit, out, &st);
			if (fchdir(here))
				ret = -1;
			relocate_all(out, root, renamed);
			status_add(status, &st);
		}
		if (here >= 0)
			close(here);
	}
	strlist_free(&req.files);
	return ret;
}

/*
 * What is at both ends stays out; each old finding matches one new one of
 * its fingerprint, as a baseline entry hides one finding.
 */
static void match(struct finding_list *old, struct since_result *res)
{
	bool *used = xcalloc(old->n + 1, sizeof(*used));

	for (size_t i = 0; i < res->fresh.n;) {
		size_t j;

		for (j = 0; j < old->n; j++)
			if (!used[j] && strcmp(old->items[j].fingerprint,
					       res->fresh.items[i].fingerprint) == 0)
				break;
		if (j == old->n) {
			i++;
			continue;
		}
		used[j] = true;
		res->still++;
		finding_list_remove(&res->fresh, i);
	}
	for (size_t j = 0; j < old->n; j++)
		res->fixed += !used[j];
	free(used);
}

char *since_cache_dir(const char *given)
{
	const char *env = getenv("DRVCHECK_CACHE_DIR");
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	char *dir, *real;

	if (given)
		dir = xstrdup(given);
	else if (env && *env)
		dir = xasprintf("%s/results", env);
	else if (xdg && *xdg)
		dir = xasprintf("%s/drvcheck/results", xdg);
	else if (home && *home)
		dir = xasprintf("%s/.cache/drvcheck/results", home);
	else
		return NULL;
	if (mkdirs(dir, 0700) || access(dir, W_OK)) {
		fprintf(stderr, "drvcheck: cache %s: %s (no cache kept)\n", dir,
			strerror(errno));
		free(dir);
		return NULL;
	}
	/* absolute: the scans run elsewhere */
	real = realpath(dir, NULL);
	free(dir);
	return real;
}

int since_scan(const struct since *s, const struct scan_request *tmpl,
	       unsigned int engine_mask, bool mask_explicit,
	       struct since_result *res)
{
	char *scratch = tmpdir_create(), *old_root = NULL, *new_root = NULL;
	struct finding_list old = { 0 };
	struct scan_request req = *tmpl;
	char *lock = NULL;
	int lock_fd = -1, ret = -1;

	memset(res, 0, sizeof(*res));
	if (!scratch) {
		perror("drvcheck: cannot create a temporary directory");
		return -1;
	}
	if (!s->dirs.n) {
		ret = 0;
		goto out;
	}
	old_root = xasprintf("%s/old", scratch);
	new_root = xasprintf("%s/new", scratch);
	/* no cache dir: one for this run, shared by its two ends */
	if (!req.cache_dir) {
		req.cache_dir = lock = xasprintf("%s/cache", scratch);
		mkdirs(lock, 0700);
	} else {
		/* one scan at a time updates a cached module's database */
		lock = xasprintf("%s/lock", req.cache_dir);
		lock_fd = open(lock, O_RDWR | O_CREAT, 0644);
		if (lock_fd < 0 || flock(lock_fd, LOCK_EX))
			req.cache_dir = NULL;
	}
	if (scan_end(s, s->commit, old_root, &req, engine_mask, mask_explicit,
		     &s->renamed, &old, &res->files_old, &res->status))
		goto out;
	if (scan_end(s, s->worktree ? NULL : "HEAD", new_root, &req, engine_mask,
		     mask_explicit, NULL, &res->fresh, &res->files_new,
		     &res->status))
		goto out;
	match(&old, res);
	ret = 0;
out:
	if (lock_fd >= 0)
		close(lock_fd);
	free(lock);
	finding_list_free(&old);
	free(old_root);
	free(new_root);
	tmpdir_remove(scratch);
	return ret;
}

void since_free(struct since *s)
{
	free(s->top);
	free(s->commit);
	strlist_free(&s->dirs);
	strlist_free(&s->renamed);
}

void since_result_free(struct since_result *res)
{
	finding_list_free(&res->fresh);
}
