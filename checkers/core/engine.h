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
	unsigned int unit_timeout;	/* seconds one file may take; 0: the default */
	const char *plist_dir;		/* clang also writes its plists here */
	unsigned int kernel_version;	/* the target's; picks the headers (0: unknown) */
	const char *cache_dir;		/* result_cache.h entries; NULL: none */
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

/* What --unit-timeout means when it is not given. */
#define UNIT_TIMEOUT_DEFAULT 300

/* Seconds an engine may spend on one file (--unit-timeout). */
unsigned int unit_timeout(const struct scan_request *req);

/*
 * Counts file as not (fully) analysed and, when timed_out, says so with
 * the engine's name: the message and counts every engine gives.
 */
void scan_status_unanalysed(struct scan_status *st,
			    const struct scan_request *req, const char *engine,
			    const char *file, bool timed_out);

extern const struct engine_ops cocci_engine;
extern const struct engine_ops sparse_engine;
extern const struct engine_ops clang_engine;

/* Every engine drvcheck has, in run order; NULL-terminated. */
extern const struct engine_ops *const engines[];

const struct engine_ops *engine_lookup(const char *name);

#endif
