/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Writing findings: gcc-style text, JSON lines, SARIF 2.1.0, GitLab Code
 * Quality, HTML.
 */
#ifndef DRVCHECK_OUTPUT_H
#define DRVCHECK_OUTPUT_H

#include <stdio.h>

#include "finding.h"

enum output_format {
	FORMAT_TEXT,
	FORMAT_JSON,
	FORMAT_SARIF,
	FORMAT_HTML,	/* output_html.h: a page, or a directory (scan -o) */
	FORMAT_GITLAB,
};

int output_format_parse(const char *name, enum output_format *out);
void output_findings(FILE *out, enum output_format format,
		     const struct finding_list *list);

void output_text(FILE *out, const struct finding_list *list);
void output_json(FILE *out, const struct finding_list *list);
void output_sarif(FILE *out, const struct finding_list *list);
void output_gitlab(FILE *out, const struct finding_list *list);

/* JSON string literal with escapes, shared by the JSON writers. */
void json_string(FILE *out, const char *s);
/* "engines": the names of the engines in mask, as a JSON array. */
void json_engines(FILE *out, unsigned int mask);

#endif
