/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The HTML report: one self-contained page (inline style and script, no
 * network) with the findings grouped by driver and check, each with its
 * source excerpt and notes, filters, and a summary table per check.
 */
#ifndef DRVCHECK_OUTPUT_HTML_H
#define DRVCHECK_OUTPUT_HTML_H

#include <stdio.h>

#include "confirm_read.h"
#include "finding.h"

/*
 * The page; confirmed (drvcheck confirm's results) may be NULL.  Relative
 * paths are read for excerpts under root (NULL: the current directory).
 */
void output_html(FILE *out, const struct finding_list *list,
		 const struct confirm_list *confirmed, const char *root);

/*
 * Makes dir (and its parents) for the report: 0, or -1 after printing why
 * (a file is in the way, no permission).  Called before a scan, so a long
 * scan does not end in an unwritable report.
 */
int output_html_prepare(const char *dir);
/* Writes dir/index.html: 0, or -1 after printing why. */
int output_html_dir(const char *dir, const struct finding_list *list,
		    const struct confirm_list *confirmed, const char *root);

#endif
