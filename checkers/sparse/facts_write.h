/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing one run into the facts database (facts_db.h), whatever engine
 * collected it: drvcheck-sparse's facts_store.c from tu_facts, the clang
 * plugin (checkers/clang/facts_export.cpp) from its field facts.  The rows
 * are those the replay (facts_load.c) reads back; the meaning of each
 * column is tu_facts.h's.  Plain C types only, so that C++ can include it.
 *
 * facts_write_begin() opens the database for writing and replaces the
 * run an earlier build made of the same files; every call after it adds
 * rows to that run, and facts_write_end() commits them all or none.
 */
#ifndef DRVCHECK_SPARSE_FACTS_WRITE_H
#define DRVCHECK_SPARSE_FACTS_WRITE_H

#include <stdbool.h>

#ifdef __cplusplus
extern "C" {
#endif

struct facts_writer;

/* A value that is a constant (known) or not (stored as NULL). */
struct facts_value {
	bool known;
	long long v;
};

/* One row of the facts table; NULL text and a negative loc are NULL. */
struct facts_row {
	const char *api, *role, *kind;	/* api_model.h names */
	const char *file;
	int line, col;
	const char *function;
	struct facts_value size, dir, nents, offset;
	int handle_loc, buf_loc, nents_loc;
	const char *written;		/* the name the driver wrote */
	struct facts_value start;
	const char *start_key;		/* shared keys only */
	const char *start_holder;
};

/* NULL and *why (to free) when the database cannot be used. */
struct facts_writer *facts_write_begin(const char *path, const char *files,
				       char **why);
bool facts_write_location(struct facts_writer *w, int idx, const char *key,
			  const char *name, bool shared);
bool facts_write_source(struct facts_writer *w, int loc, int src);
bool facts_write_fact(struct facts_writer *w, int idx, const struct facts_row *r);
bool facts_write_finding(struct facts_writer *w, const char *check_id,
			 const char *file, int line, const char *fingerprint);
/*
 * Commits if ok (and every write succeeded), else rolls back; closes and
 * frees w.  0, or -1 with *why set (to free) if it is still NULL.
 */
int facts_write_end(struct facts_writer *w, bool ok, char **why);

#ifdef __cplusplus
}
#endif

#endif
