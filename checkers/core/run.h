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
 * Starts argv with stdout/stderr redirected to fresh temporary files, in
 * the directory dir (NULL: this one).
 */
int child_start_in(struct child *c, char *const argv[], const char *dir);
int child_start(struct child *c, char *const argv[]);
/* Waits; returns the exit status, 128+signal, or -1. */
int child_wait(struct child *c);
/* Removes the capture files. */
void child_cleanup(struct child *c);

/* A private temporary directory, removed by tmpdir_remove(). */
char *tmpdir_create(void);
void tmpdir_remove(char *dir);

#endif
