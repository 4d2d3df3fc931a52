/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which composite objects of a Kbuild Makefile link an object, the way
 * Kbuild reads the lists: "name-y", "name-objs" and "name-$(CONFIG_X)"
 * (any option may be set), with the variables they name expanded
 * ("liquidio_vf-y := lio_vf_main.o $(common-objs)").  A helper list that
 * is no module of its own (common-objs) is expanded where it is used, not
 * reported: an object two modules share is in both.
 */
#ifndef DRVCHECK_KBUILD_COMPOSITES_H
#define DRVCHECK_KBUILD_COMPOSITES_H

#include "util.h"

/*
 * Adds to out the names of the composites of the Makefile text (logical
 * lines: continuations joined) that link obj ("a.o"): those an obj-*
 * line builds, or, when none does, the first list that names it.
 */
void kbuild_composites_of(const char *text, const char *obj, struct strlist *out);

#endif
