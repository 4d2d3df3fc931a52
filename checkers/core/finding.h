/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A finding: one diagnostic from any engine, with the notes that point at the
 * other half of a pair.  Engines fill finding_list; dedupe merges what
 * several engines found at the same place.
 */
#ifndef DRVCHECK_FINDING_H
#define DRVCHECK_FINDING_H

#include <stddef.h>

#include "checks.h"

struct location {
	char *file;
	unsigned int line;
	unsigned int col;	/* 1-based, 0 when unknown */
};

struct note {
	struct location loc;
	char *message;
};

struct finding {
	const struct check *check;
	enum severity severity;
	enum confidence confidence;
	struct location loc;
	char *function;		/* enclosing function, "" when none */
	char *key;		/* what it is about: handle location, callback */
	char *message;
	struct note *notes;
	size_t n_notes, cap_notes;
	unsigned int engines;	/* enum engine mask of who reported it */
	char fingerprint[17];	/* hex of 64 bits, see finding_fingerprint */
};

struct finding_list {
	struct finding *items;
	size_t n, cap;
};

/* Appends a finding; strings are copied.  Returns it for notes. */
struct finding *finding_add(struct finding_list *list,
			    const struct check *check,
			    enum confidence conf, const char *file,
			    unsigned int line, unsigned int col,
			    const char *function, const char *key,
			    const char *message, enum engine engine);
void finding_add_note(struct finding *f, const char *file, unsigned int line,
		      unsigned int col, const char *message);

/*
 * Fingerprint: check id, file and function and key, not the line, so a
 * baseline survives unrelated edits that move code.
 */
void finding_fingerprint(struct finding *f);

/* Sorts by file, line, column, id and merges duplicates across engines. */
void finding_list_normalize(struct finding_list *list);
void finding_list_remove(struct finding_list *list, size_t i);
void finding_list_free(struct finding_list *list);

#endif
