/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Whether a line of a C file lies in a preprocessor branch that is never
 * compiled, judged from the file alone.  spatch parses every branch of an
 * #if, so its findings can sit in code no build sees (docs/engines.md).
 */
#ifndef DRVCHECK_CPP_BRANCH_H
#define DRVCHECK_CPP_BRANCH_H

#include <stdbool.h>

#include "source_lines.h"

/*
 * True only when an enclosing #if/#ifdef/#ifndef/#elif/#else branch is
 * provably inactive: its condition is "#if 0", or [!]defined(X) /
 * #ifdef X / #ifndef X where the file's own #define or #undef of X above
 * the line (outside any branch that might not be compiled) decides it.
 * Any other condition, or a macro the file does not settle, counts as
 * possibly active.
 */
bool cpp_line_inactive(const struct source_file *f, unsigned int line);

#endif
