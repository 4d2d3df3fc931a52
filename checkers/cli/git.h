/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What scan --since asks git: the work tree, a revision, the files a range
 * touched, and a revision's files written out into a scratch directory.
 * git itself does the work (run as a child); nothing here writes to the
 * user's repository or work tree.
 */
#ifndef DRVCHECK_CLI_GIT_H
#define DRVCHECK_CLI_GIT_H

#include "../core/util.h"

/*
 * Runs "git -C dir args..." (args NULL-terminated); its stdout into *out
 * (NUL-terminated, *len bytes; NULL out: dropped), its stderr's first line
 * into *err when err is not NULL.  Returns git's exit status, or -1 when
 * it could not run.
 */
int git_run(const char *dir, const char *const args[], char **out,
	    size_t *len, char **err);

/* The top of the work tree that holds path, or NULL (message in *why). */
char *git_toplevel(const char *path, char **why);

/* The commit rev names (full hex), or NULL when there is none. */
char *git_commit(const char *top, const char *rev);

/* One file a range touched; old or new is NULL when added or deleted. */
struct git_change {
	char *old_path, *new_path;	/* relative to the top */
};

struct git_changes {
	struct git_change *items;
	size_t n, cap;
};

/*
 * The files changed from commit to HEAD, or (worktree) to the work tree,
 * its untracked files counting as added; renames detected.  pathspecs
 * limit it (none: everything).  0, or -1 after printing why.
 */
int git_changes(const char *top, const char *commit, bool worktree,
		const struct strlist *pathspecs, struct git_changes *out);
void git_changes_free(struct git_changes *c);

/*
 * Writes the files of commit listed in paths (relative to the top; those
 * the commit lacks are skipped) below dest, at the same relative paths.
 * 0, or -1 after printing why.
 */
int git_extract(const char *top, const char *commit,
		const struct strlist *paths, const char *dest);

/* The files directly in dir (relative to the top) at commit. */
int git_list_dir(const char *top, const char *commit, const char *dir,
		 struct strlist *names);

#endif
