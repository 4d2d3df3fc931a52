// SPDX-License-Identifier: GPL-2.0
/*
 * The replay's input: every run's facts and locations into tu_facts, as if
 * one drvcheck-sparse had been given every file.  A shared location (a
 * member of a named struct) becomes one location whatever run saw it,
 * which is the cross-TU join; a run's own locations (locals) stay apart.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "facts_db.h"
#include "tu_facts.h"

/* What the runs printed: check id, file, line, fingerprint. */
static struct strlist printed;

/*
 * A finding needs a sparse stream for its file name: one per file, made
 * with init_stream() (which keeps the name: the strlist owns it).
 */
static struct strlist stream_files;
static int *streams;
static size_t cap_streams;

static int file_stream(const char *name)
{
	for (size_t i = 0; i < stream_files.n; i++)
		if (strcmp(stream_files.items[i], name) == 0)
			return streams[i];
	GROW(streams, cap_streams, stream_files.n + 1);
	strlist_add(&stream_files, name);
	streams[stream_files.n - 1] =
		init_stream(NULL, stream_files.items[stream_files.n - 1], -1, NULL);
	return streams[stream_files.n - 1];
}

/* The run's location idx, and the global location it became. */
struct run_locs {
	int *map;
	size_t n, cap;
};

static bool load_locations(sqlite3 *db, sqlite3_int64 run, struct run_locs *rl,
			   char **why)
{
	sqlite3_stmt *st = facts_db_prepare(db,
		"SELECT idx, key, name, shared FROM locations WHERE run = ?1"
		" ORDER BY idx", why);
	int rc;

	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, run);
	rl->n = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const char *key = (const char *)sqlite3_column_text(st, 1);
		const char *name = (const char *)sqlite3_column_text(st, 2);
		bool shared = sqlite3_column_int(st, 3) != 0;
		char *own = shared ? xstrdup(key) :
			    xasprintf("run %lld: %s", (long long)run, key);

		GROW(rl->map, rl->cap, rl->n + 1);
		rl->map[rl->n++] = tu_loc_intern(own, name, shared);
		free(own);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

static int run_loc(const struct run_locs *rl, sqlite3_stmt *st, int col)
{
	int idx;

	if (sqlite3_column_type(st, col) == SQLITE_NULL)
		return -1;
	idx = sqlite3_column_int(st, col);
	return idx >= 0 && (size_t)idx < rl->n ? rl->map[idx] : -1;
}

static struct tu_value column_value(sqlite3_stmt *st, int col)
{
	struct tu_value v = { 0 };

	if (sqlite3_column_type(st, col) != SQLITE_NULL) {
		v.known = true;
		v.v = sqlite3_column_int64(st, col);
	}
	return v;
}

static char *column_text(sqlite3_stmt *st, int col)
{
	const unsigned char *t = sqlite3_column_text(st, col);

	return t ? xstrdup((const char *)t) : NULL;
}

/* The run's facts, appended to tu_facts in their order. */
static bool load_facts(sqlite3 *db, sqlite3_int64 run,
		       const struct run_locs *rl, char **why)
{
	sqlite3_stmt *st = facts_db_prepare(db,
		"SELECT api, file, line, col, function, size, dir, nents, offset,"
		" handle_loc, buf_loc, nents_loc, written, start, start_key,"
		" start_holder FROM facts WHERE run = ?1"
		" ORDER BY idx", why);
	int rc;

	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, run);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const struct api_fn *api = api_lookup((const char *)sqlite3_column_text(st, 0));
		const struct api_fn *written;
		struct position pos = { 0 };
		struct tu_fact *f;
		int index;

		/* the sources count facts by index: none may be skipped */
		if (!api) {
			*why = xasprintf("unknown model function '%s' (recorded "
					 "by another drvcheck version?)",
					 sqlite3_column_text(st, 0));
			break;
		}
		pos.stream = file_stream((const char *)sqlite3_column_text(st, 1));
		pos.line = (unsigned int)sqlite3_column_int(st, 2);
		pos.pos = (unsigned int)sqlite3_column_int(st, 3);
		/* tu_fact_new() may move tu_facts.facts */
		index = tu_fact_new(api, pos, (const char *)sqlite3_column_text(st, 4));
		f = &tu_facts.facts[index];
		f->size = column_value(st, 5);
		f->dir = column_value(st, 6);
		f->nents = column_value(st, 7);
		f->offset = column_value(st, 8);
		f->handle_loc = run_loc(rl, st, 9);
		f->buf_loc = run_loc(rl, st, 10);
		f->nents_loc = run_loc(rl, st, 11);
		written = api_lookup((const char *)sqlite3_column_text(st, 12));
		f->written = written ? written : api;
		f->start = column_value(st, 13);
		f->start_key = column_text(st, 14);
		f->start_holder = column_text(st, 15);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

/* A run's sources, its indexes moved to the global ones. */
static bool load_sources(sqlite3 *db, sqlite3_int64 run, size_t base,
			 const struct run_locs *rl, char **why)
{
	sqlite3_stmt *st = facts_db_prepare(db,
		"SELECT loc, src FROM sources WHERE run = ?1", why);
	int rc;

	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, run);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int loc = sqlite3_column_int(st, 0), src = sqlite3_column_int(st, 1);

		if (loc < 0 || (size_t)loc >= rl->n)
			continue;
		if (src >= 0 && base + (size_t)src < tu_facts.n_facts)
			src = (int)base + src;
		else if (src <= TU_SRC_LOC(0) && (size_t)(TU_SRC_LOC(0) - src) < rl->n)
			src = TU_SRC_LOC(rl->map[TU_SRC_LOC(0) - src]);
		else
			src = TU_SRC_UNKNOWN;
		tu_loc_add_source(rl->map[loc], src);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

static bool load_printed(sqlite3 *db, char **why)
{
	sqlite3_stmt *st = facts_db_prepare(db,
		"SELECT check_id, file, line, fingerprint FROM findings", why);
	int rc;

	if (!st)
		return false;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		strlist_add_owned(&printed, xasprintf("%s\n%s\n%d",
			sqlite3_column_text(st, 0), sqlite3_column_text(st, 1),
			sqlite3_column_int(st, 2)));
		strlist_add(&printed, (const char *)sqlite3_column_text(st, 3));
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

static bool load_runs(sqlite3 *db, char **why)
{
	sqlite3_stmt *st = facts_db_prepare(db, "SELECT id FROM runs ORDER BY id", why);
	struct run_locs rl = { 0 };
	bool ok = st != NULL;

	while (ok && sqlite3_step(st) == SQLITE_ROW) {
		sqlite3_int64 run = sqlite3_column_int64(st, 0);
		size_t base = tu_facts.n_facts;

		ok = load_locations(db, run, &rl, why) &&
		     load_facts(db, run, &rl, why) &&
		     load_sources(db, run, base, &rl, why);
	}
	sqlite3_finalize(st);
	free(rl.map);
	return ok && load_printed(db, why);
}

int facts_load(const char *path)
{
	char *why = NULL;
	/* a transaction: one consistent view while a build may still write */
	sqlite3 *db = facts_db_begin(path, false, &why);
	bool ok = db && load_runs(db, &why);

	if (db)
		facts_db_end(db, false);
	if (ok)
		return 0;
	fprintf(stderr, "drvcheck-sparse: %s: %s\n", path,
		why ? why : "cannot read the facts database");
	free(why);
	return -1;
}

bool facts_load_printed(const struct finding *f)
{
	char *at = xasprintf("%s\n%s\n%u", f->check->id, f->loc.file, f->loc.line);
	bool found = false;

	/* pairs: place, then fingerprint */
	for (size_t i = 0; i + 1 < printed.n && !found; i += 2)
		found = strcmp(printed.items[i], at) == 0 ||
			strcmp(printed.items[i + 1], f->fingerprint) == 0;
	free(at);
	return found;
}

void facts_load_free(void)
{
	strlist_free(&printed);
	/* the streams keep pointing at the names until exit */
}
