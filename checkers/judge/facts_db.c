// SPDX-License-Identifier: GPL-2.0
#include <sqlite3.h>
#include <stdlib.h>
#include <string.h>

#include "facts_db.h"

#define DB_STR_(x) #x
#define DB_STR(x) DB_STR_(x)

/*
 * Indexes (idx) count from 0 within a run.  Values are the text form of
 * jx.h; guards and sets name the run's locations by idx ("3==1;5!=0",
 * "3=1").  A source's ref is a site idx or a location idx.
 */
static const char schema[] =
	"CREATE TABLE schema_version(version INTEGER NOT NULL);"
	"CREATE TABLE runs(id INTEGER PRIMARY KEY, files TEXT NOT NULL,"
	" engine TEXT NOT NULL, UNIQUE(files, engine));"
	"CREATE TABLE locations(run INTEGER NOT NULL, idx INTEGER NOT NULL,"
	" module TEXT NOT NULL, key TEXT NOT NULL, name TEXT NOT NULL,"
	" shared INTEGER NOT NULL, PRIMARY KEY(run, idx));"
	"CREATE TABLE sites(run INTEGER NOT NULL, idx INTEGER NOT NULL,"
	" api TEXT NOT NULL, written TEXT NOT NULL, role TEXT NOT NULL,"
	" kind TEXT NOT NULL, module TEXT NOT NULL, file TEXT NOT NULL,"
	" line INTEGER NOT NULL, col INTEGER NOT NULL, function TEXT NOT NULL,"
	" handle_loc INTEGER, buf_loc INTEGER, nents_loc INTEGER,"
	" size TEXT NOT NULL, nents TEXT NOT NULL, offset TEXT NOT NULL,"
	" start TEXT NOT NULL, dir INTEGER, start_key TEXT, start_holder TEXT,"
	" start_loc INTEGER, guards TEXT NOT NULL, sets TEXT NOT NULL, PRIMARY KEY(run, idx));"
	"CREATE TABLE sources(run INTEGER NOT NULL, loc INTEGER NOT NULL,"
	" type TEXT NOT NULL"
	" CHECK(type IN ('site', 'loc', 'value', 'unknown', 'derived')),"
	" ref INTEGER, value TEXT);"
	"CREATE TABLE findings(run INTEGER NOT NULL, check_id TEXT NOT NULL,"
	" file TEXT NOT NULL, line INTEGER NOT NULL, fingerprint TEXT NOT NULL);"
	/* for people reading the file with sqlite3: each site with the name
	 * of the location its handle (or list) was read from */
	"CREATE VIEW site_handles AS SELECT s.*, l.name AS handle FROM sites s"
	" LEFT JOIN locations l ON l.run = s.run"
	" AND l.idx = coalesce(s.handle_loc, s.buf_loc);"
	"CREATE INDEX sources_run ON sources(run);"
	"CREATE INDEX findings_run ON findings(run);"
	"INSERT INTO schema_version VALUES(" DB_STR(FACTS_DB_SCHEMA) ");";

/* Longer than a kernel build keeps one file's write lock waiting. */
#define BUSY_TIMEOUT_MS 60000

static char *db_error(sqlite3 *db, const char *what)
{
	return xasprintf("%s: %s", what, db ? sqlite3_errmsg(db) : "out of memory");
}

static sqlite3_stmt *prepare(sqlite3 *db, const char *sql, char **why)
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
	sqlite3_stmt *st = prepare(db,
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
	st = prepare(db, "SELECT max(version) FROM schema_version", why);
	if (st && sqlite3_step(st) == SQLITE_ROW)
		version = sqlite3_column_int(st, 0);
	sqlite3_finalize(st);
	return version;
}

/*
 * Opens path and begins a transaction whose schema version is checked.
 * To write: the file and the schema are made if missing, WAL, immediate
 * (the write lock: parallel runs take turns).  To read: deferred, one
 * consistent view that does not hold writers back.
 */
static sqlite3 *db_begin(const char *path, bool write, char **why)
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

static int db_end(sqlite3 *db, bool ok)
{
	int rc = sqlite3_exec(db, ok ? "COMMIT" : "ROLLBACK", NULL, NULL, NULL);

	sqlite3_close(db);
	return ok && rc == SQLITE_OK ? 0 : -1;
}

/* --- writing ------------------------------------------------------------- */

struct writer {
	sqlite3 *db;
	sqlite3_int64 run;
	bool ok;
};

static void bind_text(sqlite3_stmt *st, int col, const char *text)
{
	if (text)
		sqlite3_bind_text(st, col, text, -1, SQLITE_TRANSIENT);
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

static void bind_jx(sqlite3_stmt *st, int col, const struct jx *x)
{
	char *text = jx_text(x);

	sqlite3_bind_text(st, col, text, -1, SQLITE_TRANSIENT);
	free(text);
}

/* Runs st once and readies it for the next row. */
static void step(struct writer *w, sqlite3_stmt *st)
{
	if (sqlite3_step(st) != SQLITE_DONE)
		w->ok = false;
	sqlite3_reset(st);
	sqlite3_clear_bindings(st);
}

/* This run's row, replacing the one an earlier build made of the files. */
static bool new_run(struct writer *w, const char *files, const char *engine,
		    char **why)
{
	static const char *const forget[] = {
		"DELETE FROM locations WHERE run IN (SELECT id FROM runs WHERE files = ?1 AND engine = ?2)",
		"DELETE FROM sites WHERE run IN (SELECT id FROM runs WHERE files = ?1 AND engine = ?2)",
		"DELETE FROM sources WHERE run IN (SELECT id FROM runs WHERE files = ?1 AND engine = ?2)",
		"DELETE FROM findings WHERE run IN (SELECT id FROM runs WHERE files = ?1 AND engine = ?2)",
		"DELETE FROM runs WHERE files = ?1 AND engine = ?2",
		"INSERT INTO runs(files, engine) VALUES(?1, ?2)",
	};

	for (size_t i = 0; i < sizeof(forget) / sizeof(forget[0]) && w->ok; i++) {
		sqlite3_stmt *st = prepare(w->db, forget[i], why);

		if (!st)
			return false;
		bind_text(st, 1, files);
		bind_text(st, 2, engine);
		step(w, st);
		sqlite3_finalize(st);
	}
	w->run = sqlite3_last_insert_rowid(w->db);
	return w->ok;
}

static void write_locations(struct writer *w, sqlite3_stmt *loc,
			    sqlite3_stmt *src, const struct judge_facts *jf)
{
	static const char *const types[] = {
		[JSRC_SITE] = "site", [JSRC_LOC] = "loc",
		[JSRC_VALUE] = "value", [JSRC_UNKNOWN] = "unknown",
		[JSRC_DERIVED] = "derived",
	};

	for (size_t i = 0; i < jf->n_locs && w->ok; i++) {
		const struct jloc *l = &jf->locs[i];

		sqlite3_bind_int64(loc, 1, w->run);
		sqlite3_bind_int(loc, 2, (int)i);
		bind_text(loc, 3, l->module);
		bind_text(loc, 4, l->key);
		bind_text(loc, 5, l->name);
		sqlite3_bind_int(loc, 6, l->shared);
		step(w, loc);
		for (size_t k = 0; k < l->n_srcs && w->ok; k++) {
			const struct jsrc *s = &l->srcs[k];

			if (s->type == JSRC_LOC && s->idx < 0)
				continue;	/* jf_finish()'s, made again on load */
			sqlite3_bind_int64(src, 1, w->run);
			sqlite3_bind_int(src, 2, (int)i);
			bind_text(src, 3, types[s->type]);
			if (s->type == JSRC_SITE || s->type == JSRC_LOC)
				sqlite3_bind_int(src, 4, s->idx);
			if (s->type == JSRC_VALUE)
				bind_jx(src, 5, &s->value);
			step(w, src);
		}
	}
}

static char *guards_text(const struct jsite *s)
{
	struct strbuf sb = { 0 };

	sb_puts(&sb, "");
	for (size_t i = 0; i < s->n_guards; i++)
		sb_printf(&sb, "%s%d%s%lld", i ? ";" : "", s->guards[i].loc,
			  s->guards[i].equal ? "==" : "!=", s->guards[i].v);
	return sb.buf;
}

static char *sets_text(const struct jsite *s)
{
	struct strbuf sb = { 0 };

	sb_puts(&sb, "");
	for (size_t i = 0; i < s->n_sets; i++)
		sb_printf(&sb, "%s%d=%lld", i ? ";" : "", s->sets[i].loc, s->sets[i].v);
	return sb.buf;
}

static void write_sites(struct writer *w, sqlite3_stmt *st,
			const struct judge_facts *jf)
{
	for (size_t i = 0; i < jf->n_sites && w->ok; i++) {
		const struct jsite *s = &jf->sites[i];
		char *guards = guards_text(s), *sets = sets_text(s);

		sqlite3_bind_int64(st, 1, w->run);
		sqlite3_bind_int(st, 2, (int)i);
		bind_text(st, 3, s->api->name);
		bind_text(st, 4, s->written->name);
		bind_text(st, 5, api_role_name(s->api->role));
		bind_text(st, 6, dma_kind_name(s->api->kind));
		bind_text(st, 7, s->module);
		bind_text(st, 8, s->file);
		sqlite3_bind_int(st, 9, (int)s->line);
		sqlite3_bind_int(st, 10, (int)s->col);
		bind_text(st, 11, s->function);
		bind_loc(st, 12, s->handle);
		bind_loc(st, 13, s->buf);
		bind_loc(st, 14, s->nents_loc);
		bind_jx(st, 15, &s->size);
		bind_jx(st, 16, &s->nents);
		bind_jx(st, 17, &s->offset);
		bind_jx(st, 18, &s->start);
		if (s->dir >= 0)
			sqlite3_bind_int(st, 19, s->dir);
		bind_text(st, 20, s->start_key);
		bind_text(st, 21, s->start_holder);
		bind_loc(st, 22, s->start_loc);
		bind_text(st, 23, guards);
		bind_text(st, 24, sets);
		step(w, st);
		free(guards);
		free(sets);
	}
}

static void write_findings(struct writer *w, sqlite3_stmt *st,
			   const struct finding_list *printed)
{
	for (size_t i = 0; printed && i < printed->n && w->ok; i++) {
		const struct finding *f = &printed->items[i];

		sqlite3_bind_int64(st, 1, w->run);
		bind_text(st, 2, f->check->id);
		bind_text(st, 3, f->loc.file);
		sqlite3_bind_int(st, 4, (int)f->loc.line);
		bind_text(st, 5, f->fingerprint);
		step(w, st);
	}
}

int facts_db_write(const char *path, const char *files, const char *engine,
		   const struct judge_facts *jf,
		   const struct finding_list *printed, char **why)
{
	struct writer w = { .ok = true };
	sqlite3_stmt *loc = NULL, *src = NULL, *site = NULL, *finding = NULL;

	w.db = db_begin(path, true, why);
	if (!w.db)
		return -1;
	if (new_run(&w, files, engine, why) &&
	    (loc = prepare(w.db, "INSERT INTO locations VALUES(?1, ?2, ?3, ?4, ?5, ?6)", why)) &&
	    (src = prepare(w.db, "INSERT INTO sources VALUES(?1, ?2, ?3, ?4, ?5)", why)) &&
	    (site = prepare(w.db, "INSERT INTO sites VALUES(?1, ?2, ?3, ?4, ?5, ?6,"
			    " ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, ?15, ?16, ?17, ?18,"
			    " ?19, ?20, ?21, ?22, ?23, ?24)", why)) &&
	    (finding = prepare(w.db, "INSERT INTO findings VALUES(?1, ?2, ?3, ?4, ?5)", why))) {
		write_locations(&w, loc, src, jf);
		write_sites(&w, site, jf);
		write_findings(&w, finding, printed);
	} else {
		w.ok = false;
	}
	if (!w.ok && !*why)
		*why = db_error(w.db, "cannot write");
	sqlite3_finalize(loc);
	sqlite3_finalize(src);
	sqlite3_finalize(site);
	sqlite3_finalize(finding);
	if (db_end(w.db, w.ok) && !*why)
		*why = xstrdup("cannot commit");
	return *why ? -1 : 0;
}

/* --- reading ------------------------------------------------------------- */

/* A run's location idx and the location it became in jf. */
struct run_locs {
	int *map;
	size_t n, cap;
};

static const char *column_text(sqlite3_stmt *st, int col)
{
	const unsigned char *t = sqlite3_column_text(st, col);

	return t ? (const char *)t : NULL;
}

static int run_loc(const struct run_locs *rl, sqlite3_stmt *st, int col)
{
	int idx;

	if (sqlite3_column_type(st, col) == SQLITE_NULL)
		return JLOC_NONE;
	idx = sqlite3_column_int(st, col);
	return idx >= 0 && (size_t)idx < rl->n ? rl->map[idx] : JLOC_NONE;
}

static bool load_locations(sqlite3 *db, sqlite3_int64 run, struct run_locs *rl,
			   struct judge_facts *jf, char **why)
{
	sqlite3_stmt *st = prepare(db, "SELECT idx, module, key, name, shared"
				   " FROM locations WHERE run = ?1 ORDER BY idx", why);
	int rc;

	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, run);
	rl->n = 0;
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		/* a local's key names its file: runs of other files keep apart */
		GROW(rl->map, rl->cap, rl->n + 1);
		rl->map[rl->n++] = jf_loc(jf, column_text(st, 1), column_text(st, 2),
					  column_text(st, 3),
					  sqlite3_column_int(st, 4) != 0);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

static struct jx column_jx(sqlite3_stmt *st, int col)
{
	struct jx x;

	jx_parse(column_text(st, col), &x);
	return x;
}

/* "3==1;5!=0" and "3=1" back onto site idx */
static void parse_guards(struct judge_facts *jf, int site, const char *text,
			 const struct run_locs *rl, bool sets)
{
	const char *p = text;

	while (p && *p) {
		char *end;
		long idx = strtol(p, &end, 10);
		bool equal = true;
		long long v;

		if (sets) {
			if (*end != '=')
				return;
			end++;
		} else {
			if ((end[0] != '=' && end[0] != '!') || end[1] != '=')
				return;
			equal = end[0] == '=';
			end += 2;
		}
		v = strtoll(end, &end, 10);
		if (idx >= 0 && (size_t)idx < rl->n) {
			if (sets)
				jf_site_set(jf, site, rl->map[idx], v);
			else
				jf_site_guard(jf, site, rl->map[idx], equal, v);
		}
		p = *end == ';' ? end + 1 : NULL;
	}
}

static bool load_sites(sqlite3 *db, sqlite3_int64 run, const struct run_locs *rl,
		       struct judge_facts *jf, char **why)
{
	sqlite3_stmt *st = prepare(db,
		"SELECT api, written, module, file, line, col, function, handle_loc,"
		" buf_loc, nents_loc, size, nents, offset, start, dir, start_key,"
		" start_holder, start_loc, guards, sets FROM sites WHERE run = ?1 ORDER BY idx", why);
	int rc;

	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, run);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		const struct api_fn *api = api_lookup(column_text(st, 0));
		const struct api_fn *written = api_lookup(column_text(st, 1));
		struct jsite *s;
		int idx;

		/* the sources count sites by index: none may be skipped */
		if (!api) {
			*why = xasprintf("unknown model function '%s' (recorded "
					 "by another drvcheck version?)", column_text(st, 0));
			break;
		}
		idx = jf_site(jf, api, written, column_text(st, 3),
			      (unsigned int)sqlite3_column_int(st, 4),
			      (unsigned int)sqlite3_column_int(st, 5),
			      column_text(st, 6), column_text(st, 2));
		s = &jf->sites[idx];
		s->handle = run_loc(rl, st, 7);
		s->buf = run_loc(rl, st, 8);
		s->nents_loc = run_loc(rl, st, 9);
		s->size = column_jx(st, 10);
		s->nents = column_jx(st, 11);
		s->offset = column_jx(st, 12);
		s->start = column_jx(st, 13);
		s->dir = sqlite3_column_type(st, 14) == SQLITE_NULL ? -1
								    : sqlite3_column_int(st, 14);
		s->start_key = column_text(st, 15) ? xstrdup(column_text(st, 15)) : NULL;
		s->start_holder = column_text(st, 16) ? xstrdup(column_text(st, 16)) : NULL;
		s->start_loc = run_loc(rl, st, 17);
		parse_guards(jf, idx, column_text(st, 18), rl, false);
		parse_guards(jf, idx, column_text(st, 19), rl, true);
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

static bool load_sources(sqlite3 *db, sqlite3_int64 run, size_t base,
			 const struct run_locs *rl, struct judge_facts *jf,
			 char **why)
{
	sqlite3_stmt *st = prepare(db, "SELECT loc, type, ref, value FROM sources"
				   " WHERE run = ?1", why);
	int rc;

	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, run);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		int loc = sqlite3_column_int(st, 0), ref = sqlite3_column_int(st, 2);
		const char *type = column_text(st, 1);
		struct jx value;

		if (loc < 0 || (size_t)loc >= rl->n)
			continue;
		loc = rl->map[loc];
		if (!strcmp(type, "site") && ref >= 0 && base + (size_t)ref < jf->n_sites) {
			jf_add_site_source(jf, loc, (int)base + ref);
		} else if (!strcmp(type, "loc") && ref >= 0 && (size_t)ref < rl->n) {
			jf_add_loc_source(jf, loc, rl->map[ref]);
		} else if (!strcmp(type, "value")) {
			jx_parse(column_text(st, 3), &value);
			jf_add_value(jf, loc, value);
		} else if (!strcmp(type, "derived")) {
			jf_add_derived(jf, loc);
		} else {
			jf_add_unknown(jf, loc);
		}
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

static bool load_printed(sqlite3 *db, sqlite3_int64 run,
			 struct facts_printed *p, char **why)
{
	sqlite3_stmt *st = prepare(db, "SELECT check_id, file, line, fingerprint"
				   " FROM findings WHERE run = ?1", why);
	int rc;

	if (!st)
		return false;
	sqlite3_bind_int64(st, 1, run);
	while ((rc = sqlite3_step(st)) == SQLITE_ROW) {
		strlist_add_owned(&p->places, xasprintf("%s\n%s\n%d",
			column_text(st, 0), column_text(st, 1), sqlite3_column_int(st, 2)));
		strlist_add(&p->fingerprints, column_text(st, 3));
	}
	sqlite3_finalize(st);
	return rc == SQLITE_DONE;
}

int facts_db_load(const char *path, const char *engine, struct judge_facts *jf,
		  struct facts_printed *printed, char **why)
{
	sqlite3 *db = db_begin(path, false, why);
	sqlite3_stmt *st;
	struct run_locs rl = { 0 };
	bool ok;

	if (!db)
		return -1;
	st = prepare(db, "SELECT id FROM runs WHERE ?1 IS NULL OR engine = ?1"
		     " ORDER BY id", why);
	ok = st != NULL;
	if (ok)
		bind_text(st, 1, engine);
	while (ok && sqlite3_step(st) == SQLITE_ROW) {
		sqlite3_int64 run = sqlite3_column_int64(st, 0);
		size_t base = jf->n_sites;

		ok = load_locations(db, run, &rl, jf, why) &&
		     load_sites(db, run, &rl, jf, why) &&
		     load_sources(db, run, base, &rl, jf, why) &&
		     (!printed || load_printed(db, run, printed, why));
	}
	sqlite3_finalize(st);
	free(rl.map);
	db_end(db, false);
	if (!ok && !*why)
		*why = xstrdup("cannot read the facts database");
	return ok ? 0 : -1;
}

int facts_db_engines(const char *path, struct strlist *out, char **why)
{
	sqlite3 *db = db_begin(path, false, why);
	sqlite3_stmt *st;
	int rc = SQLITE_ERROR;

	if (!db)
		return -1;
	st = prepare(db, "SELECT DISTINCT engine FROM runs ORDER BY engine", why);
	while (st && (rc = sqlite3_step(st)) == SQLITE_ROW)
		strlist_add(out, column_text(st, 0));
	sqlite3_finalize(st);
	db_end(db, false);
	if (rc != SQLITE_DONE && !*why)
		*why = xstrdup("cannot read the facts database");
	return rc == SQLITE_DONE ? 0 : -1;
}

bool facts_printed_has(const struct facts_printed *p, const struct finding *f)
{
	char *at = xasprintf("%s\n%s\n%u", f->check->id, f->loc.file, f->loc.line);
	bool found = strlist_has(&p->places, at) ||
		     strlist_has(&p->fingerprints, f->fingerprint);

	free(at);
	return found;
}

void facts_printed_free(struct facts_printed *p)
{
	strlist_free(&p->places);
	strlist_free(&p->fingerprints);
}
