/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A compile_commands.json (the JSON compilation database that bear or
 * CMake write): an array of { "directory", "file", "command" or
 * "arguments" } objects, one per compiled file.  drvcheck keeps the C
 * files and turns each compiler command into the command line sparse
 * takes, as Kbuild's $(CHECK) gets it: the compiler, -c, -o OBJECT and
 * the file itself go; options sparse does not know that take a separate
 * argument (sparse would read the argument as a file) go with it; every
 * other option (-D, -I, -include, -isystem, -std, -m64...) stays.
 */
#ifndef DRVCHECK_COMPDB_H
#define DRVCHECK_COMPDB_H

#include "util.h"

struct compdb_entry {
	char *dir;		/* "directory", absolute: sparse runs there */
	char *file;		/* the C file, absolute or as the entry names it */
	char *module;		/* -DKBUILD_MODNAME's value, or NULL */
	struct strlist flags;	/* sparse's flags, without kbuild_per_file_flag()s */
};

struct compdb {
	struct compdb_entry *items;
	size_t n, cap;
};

/*
 * The compile_commands.json that path names (the file itself, or a
 * directory holding one), or NULL when path is not one.  Caller frees.
 */
char *compdb_find(const char *path);

/*
 * Adds the C files of the database at path to db.  Returns 0, or -1 after
 * printing why (not valid JSON, not an array of command objects, no C
 * file in it, a directory or file that does not exist).
 */
int compdb_load(struct compdb *db, const char *path);

/* Whether db has an entry for file. */
bool compdb_has(const struct compdb *db, const char *file);

void compdb_free(struct compdb *db);

#endif
