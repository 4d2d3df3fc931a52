// SPDX-License-Identifier: GPL-2.0
/*
 * The rows of one run (facts_write.h): the statements are prepared once,
 * each row is bound and stepped; the first failure is kept and makes
 * facts_write_end() roll the run back.
 */
#include <stdlib.h>

#include "core/util.h"
#include "facts_db.h"
#include "facts_write.h"

struct facts_writer {
	sqlite3 *db;
	sqlite3_int64 run;
	sqlite3_stmt *loc, *src, *fact, *finding;
	bool failed;
};

static void bind_value(sqlite3_stmt *st, int col, struct facts_value v)
{
	if (v.known)
		sqlite3_bind_int64(st, col, v.v);
	else
		sqlite3_bind_null(st, col);
}

static void bind_loc(sqlite3_stmt *st, int col, int loc)
{
	if (loc >= 0)
		sqlite3_bind_int(st, col, loc);
	else
		sqlite3_bind_null(st, col);
}

static void bind_text(sqlite3_stmt *st, int col, const char *text)
{
	if (text)
		sqlite3_bind_text(st, col, text, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(st, col);
}

/* Runs st once (its bindings set) and readies it for the next row. */
static bool step(sqlite3_stmt *st)
{
	bool ok = sqlite3_step(st) == SQLITE_DONE;

	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
	return ok;
}

/* This run's row, replacing the one an earlier build made of the same files. */
static sqlite3_int64 new_run(sqlite3 *db, const char *files, char **why)
{
	static const char *const forget[] = {
		"DELETE FROM locations WHERE run IN (SELECT id FROM runs WHERE files = ?1)",
		"DELETE FROM facts WHERE run IN (SELECT id FROM runs WHERE files = ?1)",
		"DELETE FROM sources WHERE run IN (SELECT id FROM runs WHERE files = ?1)",
		"DELETE FROM findings WHERE run IN (SELECT id FROM runs WHERE files = ?1)",
		"DELETE FROM runs WHERE files = ?1",
		"INSERT INTO runs(files) VALUES(?1)",
	};

	for (size_t i = 0; i < sizeof(forget) / sizeof(forget[0]); i++) {
		sqlite3_stmt *st = facts_db_prepare(db, forget[i], why);
		bool ok;

		if (!st)
			return -1;
		sqlite3_bind_text(st, 1, files, -1, SQLITE_STATIC);
		ok = step(st);
		sqlite3_finalize(st);
		if (!ok) {
			*why = xasprintf("cannot write: %s", sqlite3_errmsg(db));
			return -1;
		}
	}
	return sqlite3_last_insert_rowid(db);
}

static void finalize(struct facts_writer *w)
{
	sqlite3_finalize(w->loc);
	sqlite3_finalize(w->src);
	sqlite3_finalize(w->fact);
	sqlite3_finalize(w->finding);
}

struct facts_writer *facts_write_begin(const char *path, const char *files,
				       char **why)
{
	struct facts_writer *w = xcalloc(1, sizeof(*w));

	w->db = facts_db_begin(path, true, why);
	if (!w->db)
		goto fail;
	w->run = new_run(w->db, files, why);
	if (w->run < 0 ||
	    !(w->loc = facts_db_prepare(w->db,
		"INSERT INTO locations VALUES(?1, ?2, ?3, ?4, ?5)", why)) ||
	    !(w->src = facts_db_prepare(w->db,
		"INSERT INTO sources VALUES(?1, ?2, ?3)", why)) ||
	    !(w->fact = facts_db_prepare(w->db,
		"INSERT INTO facts VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,"
		" ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)", why)) ||
	    !(w->finding = facts_db_prepare(w->db,
		"INSERT INTO findings VALUES(?1, ?2, ?3, ?4, ?5)", why))) {
		finalize(w);
		facts_db_end(w->db, false);
		goto fail;
	}
	return w;
fail:
	free(w);
	return NULL;
}

static bool done(struct facts_writer *w, bool ok)
{
	if (!ok)
		w->failed = true;
	return ok;
}

bool facts_write_location(struct facts_writer *w, int idx, const char *key,
			  const char *name, bool shared)
{
	sqlite3_bind_int64(w->loc, 1, w->run);
	sqlite3_bind_int(w->loc, 2, idx);
	sqlite3_bind_text(w->loc, 3, key, -1, SQLITE_STATIC);
	sqlite3_bind_text(w->loc, 4, name, -1, SQLITE_STATIC);
	sqlite3_bind_int(w->loc, 5, shared);
	return done(w, step(w->loc));
}

bool facts_write_source(struct facts_writer *w, int loc, int src)
{
	sqlite3_bind_int64(w->src, 1, w->run);
	sqlite3_bind_int(w->src, 2, loc);
	sqlite3_bind_int(w->src, 3, src);
	return done(w, step(w->src));
}

bool facts_write_fact(struct facts_writer *w, int idx, const struct facts_row *r)
{
	sqlite3_stmt *st = w->fact;

	sqlite3_bind_int64(st, 1, w->run);
	sqlite3_bind_int(st, 2, idx);
	sqlite3_bind_text(st, 3, r->api, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 4, r->role, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 5, r->kind, -1, SQLITE_STATIC);
	sqlite3_bind_text(st, 6, r->file, -1, SQLITE_STATIC);
	sqlite3_bind_int(st, 7, r->line);
	sqlite3_bind_int(st, 8, r->col);
	sqlite3_bind_text(st, 9, r->function, -1, SQLITE_STATIC);
	bind_value(st, 10, r->size);
	bind_value(st, 11, r->dir);
	bind_value(st, 12, r->nents);
	bind_value(st, 13, r->offset);
	bind_loc(st, 14, r->handle_loc);
	bind_loc(st, 15, r->buf_loc);
	bind_loc(st, 16, r->nents_loc);
	sqlite3_bind_text(st, 17, r->written, -1, SQLITE_STATIC);
	bind_value(st, 18, r->start);
	bind_text(st, 19, r->start_key);
	bind_text(st, 20, r->start_holder);
	return done(w, step(st));
}

bool facts_write_finding(struct facts_writer *w, const char *check_id,
			 const char *file, int line, const char *fingerprint)
{
	sqlite3_bind_int64(w->finding, 1, w->run);
	sqlite3_bind_text(w->finding, 2, check_id, -1, SQLITE_STATIC);
	sqlite3_bind_text(w->finding, 3, file, -1, SQLITE_STATIC);
	sqlite3_bind_int(w->finding, 4, line);
	sqlite3_bind_text(w->finding, 5, fingerprint, -1, SQLITE_STATIC);
	return done(w, step(w->finding));
}

int facts_write_end(struct facts_writer *w, bool ok, char **why)
{
	int rc;

	ok = ok && !w->failed;
	if (!ok && !*why)
		*why = xasprintf("cannot write: %s", sqlite3_errmsg(w->db));
	finalize(w);
	rc = facts_db_end(w->db, ok);
	if (rc && !*why)
		*why = xstrdup("cannot commit");
	free(w);
	return ok && rc == 0 ? 0 : -1;
}
