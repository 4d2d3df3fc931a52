/* SPDX-License-Identifier: GPL-2.0 */
#ifndef DRVCHECK_CLI_H
#define DRVCHECK_CLI_H

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
int cmd_list_checks(int argc, char **argv);
int cmd_model(int argc, char **argv);

#endif
