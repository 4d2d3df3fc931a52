/* SPDX-License-Identifier: GPL-2.0 */
/*
 * clang's diagnostics as the analyzer plugin prints them (its contract):
 *   file:line:col: warning: <message> [drvcheck-<check-id>]
 *   file:line:col: note: <a step of the path>
 * Warnings of other checkers and of the compiler are not drvcheck's and
 * are skipped with their notes; an error means the file was not analysed.
 */
#ifndef DRVCHECK_CLANG_DIAG_H
#define DRVCHECK_CLANG_DIAG_H

#include "finding.h"
#include "selection.h"

/*
 * Adds the findings of text (modified) whose check sel selects to out,
 * with relative paths taken from dir (NULL: as printed).  Returns the
 * first error line, or NULL; caller frees.
 */
/* file taken from dir when relative (dir NULL: as is), to free. */
char *clang_diag_path(const char *dir, const char *file);

char *clang_diag_parse(char *text, const char *dir,
		       const struct selection *sel, struct finding_list *out);

#endif
