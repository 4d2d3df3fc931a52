/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DRVCHECK_CLI_H
#define DRVCHECK_CLI_H

#include <getopt.h>

#include "../core/finding.h"
#include "../core/output.h"
#include "../core/selection.h"
#include "../core/util.h"

#ifndef DRVCHECK_VERSION
#define DRVCHECK_VERSION "0"
#endif

/* Exit statuses, the same for every command. */
enum {
	EXIT_CLEAN = 0,		/* nothing at or above --fail-on */
	EXIT_FINDINGS = 1,	/* findings at or above --fail-on */
	EXIT_TROUBLE = 2,	/* usage error, tool error, unreadable input */
};

int cmd_scan(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_judge(int argc, char **argv);
int cmd_list_checks(int argc, char **argv);
int cmd_model(int argc, char **argv);
int cmd_confirm(int argc, char **argv);

/*
 * The options scan and report share (options.c): what to report and how.
 * A command lists CLI_SHARED_OPTIONS in its getopt_long() table, numbers
 * its own long options from CLI_OPT_OWN and hands every option to
 * cli_shared_option() first.
 */
struct cli_report_options {
	enum output_format format;
	int fail_on;			/* enum severity, or -1 for never */
	struct strlist check_specs;	/* applied in order */
	struct strlist exclude_specs;
};

enum { CLI_OPT_FORMAT = 256, CLI_OPT_CHECKS, CLI_OPT_EXCLUDE, CLI_OPT_FAIL_ON,
       CLI_OPT_OWN };

#define CLI_SHARED_OPTIONS \
	{ "format", required_argument, NULL, CLI_OPT_FORMAT }, \
	{ "checks", required_argument, NULL, CLI_OPT_CHECKS }, \
	{ "exclude", required_argument, NULL, CLI_OPT_EXCLUDE }, \
	{ "fail-on", required_argument, NULL, CLI_OPT_FAIL_ON }

void cli_report_options_init(struct cli_report_options *o);
void cli_report_options_free(struct cli_report_options *o);
/* 1: c was a shared option, taken; 0: not one; -1: bad argument (printed) */
int cli_shared_option(int c, const char *arg, struct cli_report_options *o);

/* The default checks, then --checks and --exclude in order. */
int cli_build_selection(const struct cli_report_options *o,
			unsigned int kernel_version, struct selection *sel);
/* EXIT_FINDINGS when a finding is at or above fail_on, else EXIT_CLEAN. */
int cli_findings_status(const struct finding_list *list, int fail_on);

#endif
