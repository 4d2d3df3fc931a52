// SPDX-License-Identifier: GPL-2.0
/*
 * Recording a run: the facts, their locations and the findings printed
 * stay in memory until exit and go to the database in one transaction, so
 * a run's rows are all there or none (a killed build leaves no half run).
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/util.h"
#include "facts_db.h"
#include "tu_facts.h"

static struct strbuf files;
/* the printed findings, kept until the store (report.c frees its own) */
static struct finding_list printed;

void facts_store_file(const char *filename)
{
	sb_printf(&files, "%s%s", files.len ? " " : "", filename);
}

void facts_store_finding(const struct finding *f)
{
	finding_add(&printed, f->check, f->confidence, f->loc.file, f->loc.line,
		    f->loc.col, f->function, f->key, f->message, ENGINE_SPARSE);
}

static void bind_value(sqlite3_stmt *st, int col, struct tu_value v)
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
static sqlite3_int64 new_run(sqlite3 *db, char **why)
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
		sqlite3_bind_text(st, 1, files.buf, -1, SQLITE_STATIC);
		ok = step(st);
		sqlite3_finalize(st);
		if (!ok) {
			*why = xasprintf("cannot write: %s", sqlite3_errmsg(db));
			return -1;
		}
	}
	return sqlite3_last_insert_rowid(db);
}

static bool store_locations(sqlite3 *db, sqlite3_int64 run, char **why)
{
	sqlite3_stmt *loc = facts_db_prepare(db,
		"INSERT INTO locations VALUES(?1, ?2, ?3, ?4, ?5)", why);
	sqlite3_stmt *src = loc ? facts_db_prepare(db,
		"INSERT INTO sources VALUES(?1, ?2, ?3)", why) : NULL;
	bool ok = src != NULL;

	for (int l = 0; ok && (size_t)l < tu_n_locs(); l++) {
		const int *srcs;
		size_t n;

		sqlite3_bind_int64(loc, 1, run);
		sqlite3_bind_int(loc, 2, l);
		sqlite3_bind_text(loc, 3, tu_loc_key(l), -1, SQLITE_STATIC);
		sqlite3_bind_text(loc, 4, tu_loc_name(l), -1, SQLITE_STATIC);
		sqlite3_bind_int(loc, 5, tu_loc_shared(l));
		ok = step(loc);
		tu_loc_sources(l, &srcs, &n);
		for (size_t i = 0; ok && i < n; i++) {
			sqlite3_bind_int64(src, 1, run);
			sqlite3_bind_int(src, 2, l);
			sqlite3_bind_int(src, 3, srcs[i]);
			ok = step(src);
		}
	}
	sqlite3_finalize(loc);
	sqlite3_finalize(src);
	return ok;
}

static bool store_facts(sqlite3 *db, sqlite3_int64 run, char **why)
{
	sqlite3_stmt *st = facts_db_prepare(db,
		"INSERT INTO facts VALUES(?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9,"
		" ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18, ?19, ?20)", why);
	bool ok = st != NULL;

	for (size_t i = 0; ok && i < tu_facts.n_facts; i++) {
		const struct tu_fact *f = &tu_facts.facts[i];

		sqlite3_bind_int64(st, 1, run);
		sqlite3_bind_int64(st, 2, (sqlite3_int64)i);
		sqlite3_bind_text(st, 3, f->api->name, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 4, api_role_name(f->api->role), -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 5, dma_kind_name(f->api->kind), -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 6, stream_name(f->pos.stream), -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 7, (int)f->pos.line);
		sqlite3_bind_int(st, 8, (int)f->pos.pos);
		sqlite3_bind_text(st, 9, f->fn, -1, SQLITE_STATIC);
		bind_value(st, 10, f->size);
		bind_value(st, 11, f->dir);
		bind_value(st, 12, f->nents);
		bind_value(st, 13, f->offset);
		bind_loc(st, 14, f->handle_loc);
		bind_loc(st, 15, f->buf_loc);
		bind_loc(st, 16, f->nents_loc);
		sqlite3_bind_text(st, 17, f->written->name, -1, SQLITE_STATIC);
		bind_value(st, 18, f->start);
		bind_text(st, 19, tu_start_key_shared(f) ? f->start_key : NULL);
		bind_text(st, 20, f->start_holder);
		ok = step(st);
	}
	sqlite3_finalize(st);
	return ok;
}

static bool store_findings(sqlite3 *db, sqlite3_int64 run, char **why)
{
	sqlite3_stmt *st = facts_db_prepare(db,
		"INSERT INTO findings VALUES(?1, ?2, ?3, ?4, ?5)", why);
	bool ok = st != NULL;

	for (size_t i = 0; ok && i < printed.n; i++) {
		const struct finding *f = &printed.items[i];

		sqlite3_bind_int64(st, 1, run);
		sqlite3_bind_text(st, 2, f->check->id, -1, SQLITE_STATIC);
		sqlite3_bind_text(st, 3, f->loc.file, -1, SQLITE_STATIC);
		sqlite3_bind_int(st, 4, (int)f->loc.line);
		sqlite3_bind_text(st, 5, f->fingerprint, -1, SQLITE_STATIC);
		ok = step(st);
	}
	sqlite3_finalize(st);
	return ok;
}

void facts_store(const char *path)
{
	char *why = NULL;
	sqlite3 *db;
	sqlite3_int64 run;
	bool ok;

	if (!files.len)
		goto out;
	db = facts_db_begin(path, true, &why);
	if (!db)
		goto out;
	run = new_run(db, &why);
	ok = run >= 0 && store_locations(db, run, &why) &&
	     store_facts(db, run, &why) && store_findings(db, run, &why);
	if (!ok && !why)
		why = xasprintf("cannot write: %s", sqlite3_errmsg(db));
	if (facts_db_end(db, ok) && !why)
		why = xstrdup("cannot commit");
out:
	if (why)
		fprintf(stderr, "drvcheck-sparse: note: DRVCHECK_DB=%s: %s; "
			"facts of %s not recorded\n", path, why,
			files.len ? files.buf : "this run");
	free(why);
	sb_free(&files);
	finding_list_free(&printed);
}
