// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "facts_db.h"

/*
 * One row per drvcheck-sparse run (the files it was given: one .c under
 * Kbuild); the rest belongs to a run and goes when the run is recorded
 * again, so a rebuild replaces what the last build said of those files.
 * Indexes (idx) count from 0 within a run, as in tu_facts.
 */
#define DB_STR_(x) #x
#define DB_STR(x) DB_STR_(x)

static const char schema[] =
	"CREATE TABLE schema_version(version INTEGER NOT NULL);"
	"CREATE TABLE runs(id INTEGER PRIMARY KEY, files TEXT NOT NULL UNIQUE);"
	/* key: 'struct S.field' when shared (the same in every run) */
	"CREATE TABLE locations(run INTEGER NOT NULL, idx INTEGER NOT NULL,"
	" key TEXT NOT NULL, name TEXT NOT NULL, shared INTEGER NOT NULL,"
	" PRIMARY KEY(run, idx));"
	/* model calls; NULL for a value that is not a constant, a missing location */
	"CREATE TABLE facts(run INTEGER NOT NULL, idx INTEGER NOT NULL,"
	" api TEXT NOT NULL, role TEXT NOT NULL, kind TEXT NOT NULL,"
	" file TEXT NOT NULL, line INTEGER NOT NULL, col INTEGER NOT NULL,"
	" function TEXT NOT NULL, size INTEGER, dir INTEGER, nents INTEGER,"
	" offset INTEGER, handle_loc INTEGER, buf_loc INTEGER, nents_loc INTEGER,"
	/* regions: the name written (a macro), the start as a constant or a
	 * key shared by the module's runs, the struct it is a member of */
	" written TEXT NOT NULL, start INTEGER, start_key TEXT, start_holder TEXT,"
	" PRIMARY KEY(run, idx));"
	/* src: a fact idx (>= 0), -1 unknown, -2 - idx another location */
	"CREATE TABLE sources(run INTEGER NOT NULL, loc INTEGER NOT NULL,"
	" src INTEGER NOT NULL);"
	"CREATE TABLE findings(run INTEGER NOT NULL, check_id TEXT NOT NULL,"
	" file TEXT NOT NULL, line INTEGER NOT NULL, fingerprint TEXT NOT NULL);"
	/*
	 * For people reading the file with sqlite3 (drvcheck reads the
	 * tables): each site with the location of its handle, or for a map
	 * the locations its result was stored to.
	 */
	"CREATE VIEW sites AS SELECT f.*, coalesce(h.name,"
	" (SELECT group_concat(l.name, ', ') FROM sources s JOIN locations l"
	"  ON l.run = s.run AND l.idx = s.loc WHERE s.run = f.run AND s.src = f.idx))"
	" AS handle FROM facts f LEFT JOIN locations h"
	" ON h.run = f.run AND h.idx = f.handle_loc;"
	"CREATE INDEX sources_run ON sources(run);"
	"CREATE INDEX findings_run ON findings(run);"
	"INSERT INTO schema_version VALUES(" DB_STR(FACTS_DB_SCHEMA) ");";

/* Longer than a kernel build keeps one file's write lock waiting. */
#define BUSY_TIMEOUT_MS 60000

static char *db_error(sqlite3 *db, const char *what)
{
	return xasprintf("%s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

sqlite3_stmt *facts_db_prepare(sqlite3 *db, const char *sql, char **why)
{
	sqlite3_stmt *st = NULL;

	if (sqlite3_prepare_v2(db, sql, -1, &st, NULL) != SQLITE_OK) {
		*why = db_error(db, "bad query");
		return NULL;
	}
	return st;
}

/* The schema version, 0 for an empty file, -1 for someone else's tables. */
static int schema_version(sqlite3 *db, char **why)
{
	sqlite3_stmt *st = facts_db_prepare(db,
		"SELECT (SELECT count(*) FROM sqlite_master),"
		" (SELECT count(*) FROM sqlite_master WHERE name = 'schema_version')", why);
	int version = -1;

	if (!st)
		return -1;
	if (sqlite3_step(st) != SQLITE_ROW) {
		*why = db_error(db, "cannot read the database");
		sqlite3_finalize(st);
		return -1;
	}
	if (sqlite3_column_int(st, 0) == 0)
		version = 0;
	else if (sqlite3_column_int(st, 1) == 0)
		*why = xstrdup("not a drvcheck facts database");
	sqlite3_finalize(st);
	if (version == 0 || *why)
		return version;
	st = facts_db_prepare(db, "SELECT max(version) FROM schema_version", why);
	if (st && sqlite3_step(st) == SQLITE_ROW)
		version = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return version;
}

sqlite3 *facts_db_begin(const char *path, bool write, char **why)
{
	int flags = SQLITE_OPEN_READWRITE | (write ? SQLITE_OPEN_CREATE : 0);
	sqlite3 *db = NULL;
	int version;

	*why = NULL;
	if (sqlite3_open_v2(path, &db, flags, NULL) != SQLITE_OK) {
		*why = db_error(db, "cannot open");
		goto fail;
	}
	sqlite3_busy_timeout(db, BUSY_TIMEOUT_MS);
	/* WAL: readers never wait for the writers of a parallel build */
	if ((write && sqlite3_exec(db, "PRAGMA journal_mode=WAL", NULL, NULL,
				   NULL) != SQLITE_OK) ||
	    sqlite3_exec(db, write ? "BEGIN IMMEDIATE" : "BEGIN", NULL, NULL,
			 NULL) != SQLITE_OK) {
		*why = db_error(db, "cannot use it");
		goto fail;
	}
	/* inside the transaction: two first runs cannot both create it */
	version = schema_version(db, why);
	if (version == 0 && write &&
	    sqlite3_exec(db, schema, NULL, NULL, NULL) != SQLITE_OK)
		*why = db_error(db, "cannot create the schema");
	else if (version == 0 && !write)
		*why = xstrdup("no facts recorded in it (empty file)");
	else if (version > 0 && version != FACTS_DB_SCHEMA)
		*why = xasprintf("schema version %d, this drvcheck uses %d "
				 "(remove the file to start a new one)",
				 version, FACTS_DB_SCHEMA);
	if (!*why)
		return db;
fail:
	sqlite3_close(db);
	return NULL;
}

int facts_db_end(sqlite3 *db, bool ok)
{
	int rc = sqlite3_exec(db, ok ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);

	sqlite3_close(db);
	return ok && rc == SQLITE_OK ? 0 : -1;
}
