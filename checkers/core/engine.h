/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The engine interface: every analysis back end (Coccinelle, sparse, the
 * Clang Static Analyzer) takes the same request and fills one finding list.
 */
#ifndef DRVCHECK_ENGINE_H
#define DRVCHECK_ENGINE_H

#include <stdbool.h>

#include "compdb.h"
#include "finding.h"
#include "selection.h"
#include "util.h"

struct scan_request {
	struct strlist files;		/* C sources to analyse */
	struct strlist explicit_files;	/* the subset named on the command line */
	struct compdb compdb;		/* the subset from compile_commands.json */
	const struct selection *checks;
	int jobs;
	bool progress;			/* a progress line on stderr */
	unsigned int clang_timeout;	/* seconds a clang run may take; 0: 300 */
	const char *plist_dir;		/* clang also writes its plists here */
};

/* What went wrong without stopping the scan. */
struct scan_status {
	unsigned int files_partial;	/* parsed with errors: partly analysed */
	unsigned int explicit_unparsed;	/* of those, named on the command line */
	unsigned int files_timed_out;	/* of files_partial, killed at a time limit */
	bool tool_error;		/* an engine could not run at all */
};

struct engine_ops {
	const char *name;
	enum engine id;
	/* NULL when the engine can run, else why not (static string). */
	const char *(*unavailable)(void);
	int (*run)(const struct scan_request *req, struct finding_list *out,
		   struct scan_status *status);
};

extern const struct engine_ops cocci_engine;
extern const struct engine_ops sparse_engine;
extern const struct engine_ops clang_engine;

/* Every engine drvcheck has, in run order; NULL-terminated. */
extern const struct engine_ops *const engines[];

const struct engine_ops *engine_lookup(const char *name);

/*
 * The drvcheck-sparse program ($DRVCHECK_SPARSE, next to drvcheck, or on
 * PATH), NULL if none; also what `drvcheck report` replays facts with.
 */
char *sparse_engine_prog(void);

#endif
