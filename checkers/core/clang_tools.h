/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the clang engine runs: the drvcheck analyzer plugin, the clang it
 * was built for, and the analyzer flags the plugin recommends.
 */
#ifndef DRVCHECK_CLANG_TOOLS_H
#define DRVCHECK_CLANG_TOOLS_H

#include "util.h"

/* The plugin's file name, in the build tree's checkers/clang/. */
#define CLANG_PLUGIN_NAME "drvcheck-analyzer.so"

/*
 * $DRVCHECK_CLANG_PLUGIN, the build tree's checkers/clang/ beside
 * drvcheck, or the installed lib/drvcheck/; NULL if none.  Caller frees.
 */
char *clang_plugin_path(void);

/*
 * The clang version a plugin was built for: the analyzer's own
 * compatibility mark, the string clang_analyzerAPIVersionString
 * ("14.0.6") in the shared object, which clang compares exactly before
 * loading its checkers.  NULL when the file has none.  Caller frees.
 */
char *clang_plugin_version(const char *plugin);

/*
 * The clang to run: $DRVCHECK_CLANG, else clang-MAJOR for the major of
 * version if it is on PATH, else clang.  Caller frees; it may not exist.
 */
char *clang_prog(const char *version);
/* Whether prog (a path, or a name on PATH) can be run. */
bool clang_prog_exists(const char *prog);

/* The "X.Y.Z" that `prog --version` prints, or NULL.  Caller frees. */
char *clang_prog_version(const char *prog);

/*
 * Appends the plugin's recommended analyzer flags (one argument a line
 * in $DRVCHECK_CLANG_FLAGS, else checkers/clang/analyzer-flags.txt of the
 * source tree), or the contract's -analyzer-checker=drvcheck when there
 * is no such file.
 */
void clang_analyzer_flags(struct strlist *out);

#endif
