// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/checks.h"
#include "core/finding_tab.h"
#include "core/output.h"
#include "core/selection.h"
#include "report.h"

static struct finding_list findings;
static struct selection selected;
static bool selection_set;
static bool tab_format;

static int apply_option(const char *opt)
{
	const char *checks = "--drvcheck-checks=", *format = "--drvcheck-format=";
	char *bad = NULL;

	if (strncmp(opt, checks, strlen(checks)) == 0) {
		if (!selection_set)
			selection_default(&selected, 0);
		selection_set = true;
		if (selection_apply(&selected, opt + strlen(checks), false, &bad)) {
			fprintf(stderr, "drvcheck-sparse: unknown check '%s'\n", bad);
			free(bad);
			return -1;
		}
		return 0;
	}
	opt += strlen(format);
	if (strcmp(opt, "tab") && strcmp(opt, "text")) {
		fprintf(stderr, "drvcheck-sparse: unknown format '%s'\n", opt);
		return -1;
	}
	tab_format = strcmp(opt, "tab") == 0;
	return 0;
}

int report_options(int argc, char **argv)
{
	int out = 1;

	for (int i = 1; i < argc; i++) {
		if (strncmp(argv[i], "--drvcheck-", 11) != 0) {
			argv[out++] = argv[i];
			continue;
		}
		if (apply_option(argv[i]))
			return -1;
	}
	argv[out] = NULL;
	if (!selection_set)
		selection_default(&selected, 0);
	return out;
}

/* sparse prints pos.pos as the column; ours must point at the same place. */
static unsigned int column(struct position pos)
{
	return pos.pos;
}

struct finding *report(const char *id, struct position pos, const char *fn,
		       const char *key, const char *fmt, ...)
{
	const struct check *check = check_lookup(id);
	char msg[512];
	va_list ap;

	if (!check) {
		fprintf(stderr, "drvcheck-sparse: internal error: no check '%s'\n", id);
		abort();
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return finding_add(&findings, check, CONF_HIGH, stream_name(pos.stream),
			   pos.line, column(pos), fn, key, msg, ENGINE_SPARSE);
}

void report_note(struct finding *f, struct position pos, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	finding_add_note(f, stream_name(pos.stream), pos.line, column(pos), msg);
}

void report_verdict(void *unused, const struct judge_verdict *v)
{
	struct judge_findings sink = { &findings, ENGINE_SPARSE };

	(void)unused;
	judge_emit_finding(&sink, v);
}

void (*report_printed_hook)(const struct finding *f);

void report_drop(bool (*drop)(const struct finding *f))
{
	for (size_t i = findings.n; i-- > 0;)
		if (drop(&findings.items[i]))
			finding_list_remove(&findings, i);
}

void report_flush(void)
{
	if (!findings.n)
		return;
	/* every check runs (they are cheap); the selection filters what is said */
	for (size_t i = findings.n; i-- > 0;)
		if (!selection_has(&selected, findings.items[i].check))
			finding_list_remove(&findings, i);
	/* sorted and deduplicated: an inline helper reports once per line */
	finding_list_normalize(&findings);
	for (size_t i = 0; report_printed_hook && i < findings.n; i++)
		report_printed_hook(&findings.items[i]);
	if (tab_format) {
		finding_tab_write(stdout, &findings);
		fflush(stdout);
	} else {
		/* stderr, where sparse writes its warnings and Kbuild shows them */
		output_text(stderr, &findings);
		fflush(stderr);
	}
	finding_list_free(&findings);
}
