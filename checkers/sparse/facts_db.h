/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The facts database (docs/engines.md, "The facts database"): a SQLite file
 * named by DRVCHECK_DB that every drvcheck-sparse run of a build adds its
 * facts (tu_facts.h) and its printed findings to, so that the module-wide
 * checks (tu_checks.h) can be run again over every file's facts at once:
 * a map in one .c, the release of the same struct member in another.
 *
 *  - facts_db.c: opening, the schema and its version;
 *  - facts_write.c: the rows of one run, in one transaction, for any
 *    engine (facts_write.h; the clang plugin writes through it too);
 *  - facts_store.c: drvcheck-sparse's run (tu_facts) through it, at exit;
 *  - facts_load.c: every run's facts back into tu_facts, for the replay
 *    that `drvcheck report` asks for (drvcheck-sparse --drvcheck-replay=DB).
 *
 * A database that cannot be used is a note on stderr, never a stop: the
 * build goes on, sparse's exit status stands.
 */
#ifndef DRVCHECK_SPARSE_FACTS_DB_H
#define DRVCHECK_SPARSE_FACTS_DB_H

#include <sqlite3.h>
#include <stdbool.h>

#include "core/finding.h"

#define FACTS_DB_SCHEMA 2

/*
 * Opens path with a busy timeout and begins a transaction whose schema
 * version is checked.  To write: the file and the schema are made if
 * missing, the journal is WAL and the transaction immediate (the write
 * lock, so concurrent runs take turns).  To read: a deferred transaction,
 * one consistent view that does not hold writers back (WAL still needs
 * the directory writable for its -shm file).  On failure returns NULL and
 * *why, a message to free.
 */
sqlite3 *facts_db_begin(const char *path, bool write, char **why);
/* Commits (or, if ok is false, rolls back) and closes. */
int facts_db_end(sqlite3 *db, bool ok);
/* Prepares sql; NULL after a message in *why (sqlite's own). */
sqlite3_stmt *facts_db_prepare(sqlite3 *db, const char *sql, char **why);

/* Recording, when DRVCHECK_DB is set: the file sparse is given, ... */
void facts_store_file(const char *filename);
/* ... each finding printed for it, ... */
void facts_store_finding(const struct finding *f);
/* ... and at exit everything tu_facts holds. */
void facts_store(const char *path);

/* Replay: every run's facts into tu_facts; -1 after a message. */
int facts_load(const char *path);
/* Was f (or a finding of its check at its line) printed by a run? */
bool facts_load_printed(const struct finding *f);
void facts_load_free(void);

#endif
