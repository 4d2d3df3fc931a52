/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The facts database (docs/facts.md): a SQLite file named by DRVCHECK_DB
 * that every engine run of a build adds its facts (facts.h) and the
 * findings it printed to, so that the judge can decide over every file's
 * facts at once: a map in one .c, the release of the same struct member
 * in another.  `drvcheck report` reads it back.
 *
 * A run is one engine's view of some files (one .c under Kbuild); writing
 * the same files again for the same engine (a rebuild) replaces that run,
 * in one transaction, so a killed build leaves no half run.  Concurrent
 * writers of a `make -j` take turns (WAL journal, a busy timeout).
 */
#ifndef DRVCHECK_JUDGE_FACTS_DB_H
#define DRVCHECK_JUDGE_FACTS_DB_H

#include "core/finding.h"
#include "core/util.h"
#include "facts.h"

#define FACTS_DB_SCHEMA 5

/*
 * Writes jf (before jf_finish()) as engine's run of files, with the
 * findings it printed (may be NULL).  0, or -1 and *why (to free).
 */
int facts_db_write(const char *path, const char *files, const char *engine,
		   const struct judge_facts *jf,
		   const struct finding_list *printed, char **why);

/* What the runs printed: a finding the replay makes again is not new. */
struct facts_printed {
	struct strlist places;		/* "id\nfile\nline" */
	struct strlist fingerprints;
};

/*
 * Every run of engine (NULL: of every engine) into jf, each run's private
 * locations kept apart; what they printed into printed (may be NULL).
 * 0, or -1 and *why (to free).
 */
int facts_db_load(const char *path, const char *engine, struct judge_facts *jf,
		  struct facts_printed *printed, char **why);
/* The engines that wrote runs into path, into out. */
int facts_db_engines(const char *path, struct strlist *out, char **why);

bool facts_printed_has(const struct facts_printed *p, const struct finding *f);
void facts_printed_free(struct facts_printed *p);

#endif
