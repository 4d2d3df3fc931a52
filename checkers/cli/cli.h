/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DRVCHECK_CLI_H
#define DRVCHECK_CLI_H

#include "../core/finding.h"
#include "../core/output.h"
#include "../core/selection.h"
#include "../core/util.h"

#ifndef DRVCHECK_VERSION
#define DRVCHECK_VERSION "0"
/*
 * The options scan and report share (options.c): each prints what is wrong
 * with its argument and returns -1.
 */
int cli_parse_format(const char *arg, enum output_format *format);
int cli_parse_fail_on(const char *arg, int *fail_on);	/* -1: never */
/* The default checks, then --checks and --exclude in order. */
int cli_build_selection(const struct strlist *checks, const struct strlist *exclude,
			unsigned int kernel_version, struct selection *sel);
/* EXIT_FINDINGS when a finding is at or above fail_on, else EXIT_CLEAN. */
int cli_findings_status(const struct finding_list *list, int fail_on);

#endif

/* Exit statuses, the same for every command. */
enum {
	EXIT_CLEAN = 0,		/* nothing at or above --fail-on */
	EXIT_FINDINGS = 1,	/* findings at or above --fail-on */
	EXIT_TROUBLE = 2,	/* usage error, tool error, unreadable input */
};

int cmd_scan(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_list_checks(int argc, char **argv);
int cmd_model(int argc, char **argv);

/*
 * The options scan and report share (options.c): each prints what is wrong
 * with its argument and returns -1.
 */
int cli_parse_format(const char *arg, enum output_format *format);
int cli_parse_fail_on(const char *arg, int *fail_on);	/* -1: never */
/* The default checks, then --checks and --exclude in order. */
int cli_build_selection(const struct strlist *checks, const struct strlist *exclude,
			unsigned int kernel_version, struct selection *sel);
/* EXIT_FINDINGS when a finding is at or above fail_on, else EXIT_CLEAN. */
int cli_findings_status(const struct finding_list *list, int fail_on);

#endif
