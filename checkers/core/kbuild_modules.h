/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which files of a scan form one module, for engines that analyse a module
 * at a time (drvcheck-sparse pairs a map and its release across the files
 * of one module).  The rule follows how Kbuild would build them:
 *  - a directory with a Kbuild or Makefile: the files a composite object
 *    links (name-y := a.o $(common-objs), name-objs, name-$(CONFIG_X):
 *    kbuild_composites.h) are module "name", a file two link is in both;
 *    every other file is a module of its own;
 *  - a directory without one (a testsuite case directory, which the
 *    parent's Kbuild builds as one composite module): all its files;
 *  - the files of a compile_commands.json: those with the same
 *    KBUILD_MODNAME (else the same name), directory and flags.
 */
#ifndef DRVCHECK_KBUILD_MODULES_H
#define DRVCHECK_KBUILD_MODULES_H

#include "compdb.h"
#include "util.h"

struct kmodule {
	char *name;		/* KBUILD_MODNAME */
	char *key;		/* directory + name: what makes it unique */
	struct strlist files;
	struct strlist flags;	/* the checker's, without kbuild_per_file_flag()s */
	char *dir;		/* where the checker runs; NULL: here */
	bool kbuild;		/* built by Kbuild: it defines KBUILD_MODNAME */
};

struct kmodule_list {
	struct kmodule *items;
	size_t n, cap;
};

/*
 * Groups files (in order of first appearance) into modules, added to out;
 * a new module gets a copy of flags and the include paths its
 * directory's Makefiles add (kbuild_includes.h).
 */
void kbuild_modules(const struct strlist *files, const struct strlist *flags,
		    struct kmodule_list *out);
/* The same for the entries of a compile database, each with its flags. */
void kbuild_modules_compdb(const struct compdb *db, struct kmodule_list *out);
void kmodule_list_free(struct kmodule_list *list);
/* The key of the nth module of list (a struct kmodule_list *) that holds
 * file, NULL after the last: the judge's facts_module_fn (facts_text.h). */
const char *kmodule_key_of(void *list, const char *file, size_t nth);

/* The -D options Kbuild gives each file of a Kbuild module m (none else). */
void kmodule_defines(const struct kmodule *m, struct strlist *argv);

#endif
