/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A compiler command line for gcc (Kbuild's, or sparse's $(CHECK) line,
 * which is the same plus sparse's own CHECKFLAGS) as clang 14 takes it
 * for analysis: options clang rejects or that only shape gcc's code or
 * output are dropped, a few are rewritten, so that a kernel translation
 * unit parses without driver errors.  Other options pass unchanged, so a
 * plain userspace command stays as it was.
 */
#ifndef DRVCHECK_CLANG_FLAGS_H
#define DRVCHECK_CLANG_FLAGS_H

#include "util.h"

/* Appends the translation of the options in in to out. */
void clang_flags_translate(const struct strlist *in, struct strlist *out);

/* What every analysis run adds in front: clang's view of unknown options. */
void clang_flags_common(struct strlist *out);

#endif
