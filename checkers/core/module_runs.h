/* SPDX-License-Identifier: GPL-2.0 */
/*
 * How an engine's program (drvcheck-sparse, clang with the plugin) is run
 * over the modules of a scan, the way Kbuild runs a checker: one run per
 * file, several at a time under --jobs.  The files of a module of several
 * files each record their facts into a private database (DRVCHECK_DB),
 * and the judge then joins them in this process (replay); a one-file
 * module records into the user's DRVCHECK_DB, if any.  The engine says
 * what each run's command is and reads back what it printed.
 */
#ifndef DRVCHECK_MODULE_RUNS_H
#define DRVCHECK_MODULE_RUNS_H

#include "engine.h"
#include "kbuild_modules.h"
#include "run.h"

enum module_run_kind { RUN_FILE, RUN_REPLAY };

struct module_run {
	enum module_run_kind kind;
	const struct kmodule *module;
	size_t file;		/* RUN_FILE: which of the module's files */
	char *db;		/* the module's private facts, or NULL */
};

struct module_runner {
	const char *engine;	/* "sparse": names the engine in messages */
	unsigned int timeout;	/* seconds a run may take; 0: no limit */
	/* Fills argv for the file run r; false: nothing to run. */
	bool (*command)(void *ctx, const struct module_run *r,
			struct strlist *argv);
	/* Joins the facts the file runs of r->module recorded in r->db
	 * (called once they are all done, if they wrote any); -1 ends the
	 * scan. */
	int (*replay)(void *ctx, const struct module_run *r);
	/*
	 * Reads a run that ended with exit status rc (killed at the timeout
	 * when timed_out); -1 when the engine failed, which ends the scan.
	 */
	int (*finish)(void *ctx, const struct module_run *r,
		      const struct strlist *argv, const struct child *c,
		      int rc, bool timed_out);
	void *ctx;
};

/* Every run of every module; 0, or -1 when one failed or could not start. */
int module_runs(const struct module_runner *mr, const struct scan_request *req,
		const struct kmodule_list *mods);

/*
 * The modules of a scan: the compile database's with its flags, the other
 * files' with the flags Kbuild would give them, recorded once and cached
 * beside the file near (or in the user's cache).  0, or -1 after printing
 * why.
 */
int module_runs_modules(const struct scan_request *req, const char *near,
			struct kmodule_list *mods);

#endif
