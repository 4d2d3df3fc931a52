// SPDX-License-Identifier: GPL-2.0
/* drvcheck: the command line.  Subcommands live in their own files. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "core/run.h"

static void usage(FILE *out)
{
	fputs("usage: drvcheck <command> [options]\n"
	      "\n"
	      "commands:\n"
	      "  scan [options] PATH...   run the engines over C files and directories\n"
	      "  report [--db FILE]       the cross-file findings of a facts database\n"
	      "  judge < FACTS            the findings of DRVFACT lines (cocci scripts)\n"
	      "  confirm FINDINGS LOG...  static findings against drvcheck_rt.ko's log\n"
	      "  list-checks [--json]     the check catalogue\n"
	      "  model                    the API model, one function per line\n"
	      "  version                  print the version\n"
	      "\n"
	      "Run 'drvcheck COMMAND --help' for the options of scan, report and\n"
	      "judge; 'man drvcheck' for the whole manual.\n", out);
}

int main(int argc, char **argv)
{
	const char *cmd = argc > 1 ? argv[1] : NULL;

	run_trap_signals();
	if (!cmd || strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 ||
	    strcmp(cmd, "help") == 0) {
		usage(cmd ? stdout : stderr);
		return cmd ? 0 : 2;
	}
	if (strcmp(cmd, "scan") == 0)
		return cmd_scan(argc - 1, argv + 1);
	if (strcmp(cmd, "report") == 0)
		return cmd_report(argc - 1, argv + 1);
	if (strcmp(cmd, "judge") == 0)
		return cmd_judge(argc - 1, argv + 1);
	if (strcmp(cmd, "confirm") == 0)
		return cmd_confirm(argc - 1, argv + 1);
	if (strcmp(cmd, "list-checks") == 0)
		return cmd_list_checks(argc - 1, argv + 1);
	if (strcmp(cmd, "model") == 0)
		return cmd_model(argc - 1, argv + 1);
	if (strcmp(cmd, "version") == 0 || strcmp(cmd, "--version") == 0) {
		puts("drvcheck " DRVCHECK_VERSION);
		return 0;
	}
	fprintf(stderr, "drvcheck: unknown command '%s'\n", cmd);
	usage(stderr);
	return 2;
}
