/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The DRVCHECK line format an engine's program prints for drvcheck to read
 * back (docs/cocci.md): one finding per line,
 *   DRVCHECK<TAB>id<TAB>confidence<TAB>file<TAB>line<TAB>col<TAB>function<TAB>key<TAB>message
 * followed by its notes,
 *   DRVNOTE<TAB>file<TAB>line<TAB>col<TAB>message
 * The Coccinelle scripts print it from Python; drvcheck-sparse with
 * --drvcheck-format=tab.
 */
#ifndef DRVCHECK_FINDING_TAB_H
#define DRVCHECK_FINDING_TAB_H

#include <stdio.h>

#include "finding.h"
#include "selection.h"

void finding_tab_write(FILE *out, const struct finding_list *list);

/*
 * Adds the findings of the lines in text (modified) whose check sel selects,
 * as found by engine; other lines are ignored.
 */
void finding_tab_parse(char *text, const struct selection *sel,
		       enum engine engine, struct finding_list *out);

#endif
