/* SPDX-License-Identifier: GPL-2.0 */
/*
 * scan --since REV: what a commit range adds.  The directories (Kbuild
 * modules) holding the files REV..HEAD touched are written out of git at
 * both ends into a scratch directory and scanned there, the user's tree
 * untouched; findings are matched by fingerprint (finding_fingerprint(),
 * as baselines are), with paths relative to the top of the work tree and
 * a renamed file's old findings under its new name.
 */
#ifndef DRVCHECK_CLI_SINCE_H
#define DRVCHECK_CLI_SINCE_H

#include "../core/engine.h"

struct since {
	char *top;		/* the work tree */
	char *commit;		/* REV, resolved */
	bool worktree;		/* the new end is the work tree, not HEAD */
	size_t files_changed;	/* C sources, headers, Makefiles, Kbuilds */
	struct strlist dirs;	/* their directories, relative to top */
	struct strlist renamed;	/* pairs: old path, new path */
};

struct since_result {
	struct finding_list fresh;	/* at the new end only: reported */
	size_t fixed, still;		/* at the old end only; at both */
	struct scan_status status;	/* both scans' */
	size_t files_old, files_new;	/* C files scanned at each end */
};

/*
 * Finds the work tree holding where (a path; NULL: here), resolves rev and
 * lists what changed, limited to pathspecs.  0, or -1 after printing why.
 */
int since_open(struct since *s, const char *where, const char *rev,
	       bool worktree, const struct strlist *pathspecs);
/*
 * Scans both ends with tmpl's checks, jobs, limits and result cache
 * (none: one for this run).  0, or -1 when an end could not be written
 * out; an engine that failed is in res->status.
 */
int since_scan(const struct since *s, const struct scan_request *tmpl,
	       unsigned int engine_mask, bool mask_explicit,
	       struct since_result *res);
/*
 * The result cache: given, else $DRVCHECK_CACHE_DIR/results, else the
 * user's cache directory; made when missing.  NULL when none can be.
 */
char *since_cache_dir(const char *given);
void since_free(struct since *s);
void since_result_free(struct since_result *res);

#endif
