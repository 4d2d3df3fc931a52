/* SPDX-License-Identifier: GPL-2.0 */
/* Running external tools: argv in, stdout and stderr captured to files. */
#ifndef DRVCHECK_RUN_H
#define DRVCHECK_RUN_H

#include <sys/types.h>

#include "util.h"

struct child {
	pid_t pid;
	char *out_path;		/* captured stdout */
	char *err_path;		/* captured stderr */
};

/* True when an executable of this name is on PATH. */
bool tool_on_path(const char *name);

/*
 * A file drvcheck ships: $env when set, else the first of rel (relative
 * paths, NULL-terminated) that exists beside the running program (its
 * build tree or install prefix); NULL when none does.  Caller frees.
 */
char *tool_beside_self(const char *env, const char *const rel[]);

/*
 * Starts argv with stdout/stderr redirected to fresh temporary files, in
 * the directory dir (NULL: this one).
 */
int child_start_in(struct child *c, char *const argv[], const char *dir);
int child_start(struct child *c, char *const argv[]);
/* Waits; returns the exit status, 128+signal, or -1. */
int child_wait(struct child *c);
/* Milliseconds on the monotonic clock, for deadlines. */
long long now_ms(void);
/*
 * The same, but kills the child at deadline (a now_ms(), 0: never) and
 * then sets *timed_out.
 */
int child_wait_until(struct child *c, long long deadline, bool *timed_out);
/* Removes the capture files. */
void child_cleanup(struct child *c);

/*
 * On SIGINT, SIGTERM and SIGHUP: stop the children still running, remove
 * the temporary files and directories not yet removed, then die of the
 * signal (exit status 128 + signal), as an interrupted tool should.  A
 * signal ignored at start stays ignored.
 */
void run_trap_signals(void);

/* A private temporary directory, removed by tmpdir_remove(). */
char *tmpdir_create(void);
void tmpdir_remove(char *dir);

#endif
