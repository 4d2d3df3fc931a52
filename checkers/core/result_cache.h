/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What an engine printed for one file, kept under a key made of everything
 * the output depends on: the command line, the file's text and the headers
 * beside it (a file's local includes), the engine program.  scan --since
 * turns it on (scan_request.cache_dir), so a file untouched by a patch is
 * analysed once, not at both ends, nor again at the next patch.  Paths in
 * the output are relative (the scan runs where the tree is), so an entry
 * holds wherever the tree is written out.
 */
#ifndef DRVCHECK_RESULT_CACHE_H
#define DRVCHECK_RESULT_CACHE_H

#include "util.h"

struct cache_key {
	unsigned long long a, b;	/* two FNV-1a hashes: 128 bits */
};

void cache_key_init(struct cache_key *k);
/* Adds s (and a separator) to the key. */
void cache_key_add(struct cache_key *k, const char *s);
/* Adds path's name and text, or that it is missing. */
void cache_key_add_file(struct cache_key *k, const char *path);
/* Adds the *.h files of the directory path is in, by name and text. */
void cache_key_add_headers_beside(struct cache_key *k, const char *path);
/* Adds a program's size and modification time (found on PATH if bare). */
void cache_key_add_program(struct cache_key *k, const char *prog);
/* The key as 32 hex digits plus NUL. */
void cache_key_hex(const struct cache_key *k, char hex[33]);

/* The entry dir/<kind>-<hex>, or NULL when missing.  Caller frees. */
char *result_cache_get(const char *dir, const char *kind, const char *hex,
		       size_t *len);
/* Stores text (len bytes) as that entry, atomically; errors are ignored. */
void result_cache_put(const char *dir, const char *kind, const char *hex,
		      const char *text, size_t len);

#endif
