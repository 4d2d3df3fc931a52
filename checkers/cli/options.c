// SPDX-License-Identifier: GPL-2.0
/* The options scan and report share, read and reported the same way. */
#include <stdlib.h>
#include <string.h>

#include "cli.h"

static int parse_format(const char *arg, enum output_format *format)
{
	if (output_format_parse(arg, format) == 0)
		return 0;
	fprintf(stderr, "drvcheck: --format: '%s' is not text, json, sarif, gitlab or html\n", arg);
	return -1;
}

static int parse_fail_on(const char *arg, int *fail_on)
{
	enum severity sev;

	if (strcmp(arg, "never") == 0) {
		*fail_on = -1;
		return 0;
	}
	if (severity_parse(arg, &sev) == 0) {
		*fail_on = (int)sev;
		return 0;
	}
	fprintf(stderr, "drvcheck: --fail-on: '%s' is not note, warning, error "
		"or never\n", arg);
	return -1;
}

void cli_report_options_init(struct cli_report_options *o)
{
	memset(o, 0, sizeof(*o));
	o->fail_on = SEV_WARNING;
}

void cli_report_options_free(struct cli_report_options *o)
{
	strlist_free(&o->check_specs);
	strlist_free(&o->exclude_specs);
}

int cli_shared_option(int c, const char *arg, struct cli_report_options *o)
{
	switch (c) {
	case CLI_OPT_FORMAT:
		return parse_format(arg, &o->format) ? -1 : 1;
	case CLI_OPT_CHECKS:
		strlist_add(&o->check_specs, arg);
		return 1;
	case CLI_OPT_EXCLUDE:
		strlist_add(&o->exclude_specs, arg);
		return 1;
	case CLI_OPT_FAIL_ON:
		return parse_fail_on(arg, &o->fail_on) ? -1 : 1;
	default:
		return 0;
	}
}

int cli_build_selection(const struct cli_report_options *o,
			unsigned int kernel_version, struct selection *sel)
{
	const struct strlist *checks = &o->check_specs, *exclude = &o->exclude_specs;
	char *bad = NULL;

	selection_default(sel, kernel_version);
	for (size_t i = 0; i < checks->n; i++)
		if (selection_apply(sel, checks->items[i], false, &bad))
			goto unknown;
	for (size_t i = 0; i < exclude->n; i++)
		if (selection_apply(sel, exclude->items[i], true, &bad))
			goto unknown;
	if (!selection_any(sel)) {
		fputs("drvcheck: no check selected\n", stderr);
		return -1;
	}
	return 0;
unknown:
	fprintf(stderr, "drvcheck: unknown check or family '%s' "
		"(see 'drvcheck list-checks')\n", bad);
	free(bad);
	return -1;
}

int cli_findings_status(const struct finding_list *list, int fail_on)
{
	if (fail_on < 0)
		return EXIT_CLEAN;
	for (size_t i = 0; i < list->n; i++)
		if ((int)list->items[i].severity >= fail_on)
			return EXIT_FINDINGS;
	return EXIT_CLEAN;
}
