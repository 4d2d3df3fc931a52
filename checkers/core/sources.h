/* SPDX-License-Identifier: GPL-2.0 */
/* Turning command-line paths into the C files to scan. */
#ifndef DRVCHECK_SOURCES_H
#define DRVCHECK_SOURCES_H

#include "compdb.h"
#include "util.h"

/*
 * Adds path (a .c file, or a directory walked recursively for *.c) to
 * files, sorted.  A compile_commands.json, or a directory holding one,
 * adds its entries to db and their files to files instead.  Returns 0, or
 * -1 after printing why (no such path, not a C file, a directory without
 * C files, a compile_commands.json that compdb_load() refuses).
 */
int sources_add(struct strlist *files, struct strlist *explicit_files,
		struct compdb *db, const char *path);

/*
 * The version of the kernel tree that holds path, read from the top-level
 * Makefile (VERSION / PATCHLEVEL / SUBLEVEL); 0 when path is not inside a
 * kernel tree.
 */
unsigned int sources_kernel_version(const char *path);

#endif
