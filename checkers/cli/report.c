// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck report: the cross-TU findings of a facts database (DRVCHECK_DB,
 * written by drvcheck-sparse under make C=1/2).  The join is drvcheck-sparse's
 * own module-wide checks run again over every file's facts
 * (--drvcheck-replay), so a finding means the same whichever way it was
 * found; what the per-file runs printed already is left out there.  Its
 * DRVCHECK lines come back here and go out as scan's findings do.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "../core/engine.h"
#include "../core/finding_tab.h"
#include "../core/run.h"
#include "cli.h"

static void report_usage(FILE *out)
{
	fputs("usage: drvcheck report [options]\n"
	      "\n"
	      "The cross-file findings of a facts database, which drvcheck-sparse\n"
	      "writes when DRVCHECK_DB is set (make C=2 CHECK=drvcheck-sparse).\n"
	      "\n"
	      "  --db FILE                 the database (default: $DRVCHECK_DB)\n"
	      "  --format text|json|sarif  output format (default text)\n"
	      "  --checks LIST             ids or families; '+id' adds to the defaults\n"
	      "  --exclude LIST            ids or families to leave out\n"
	      "  --fail-on SEVERITY        note|warning|error|never (default warning)\n"
	      "\n"
	      "exit status: 0 clean, 1 findings at or above --fail-on, 2 trouble\n",
	      out);
}

struct report_options {
	const char *db;
	struct cli_report_options report;
};

enum { OPT_DB = CLI_OPT_OWN };

static const struct option long_options[] = {
	{ "db", required_argument, NULL, OPT_DB },
	CLI_SHARED_OPTIONS,
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int parse_options(int argc, char **argv, struct report_options *o)
{
	int c;

	memset(o, 0, sizeof(*o));
	o->db = getenv("DRVCHECK_DB");
	cli_report_options_init(&o->report);
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", long_options, NULL)) != -1) {
		int shared = cli_shared_option(c, optarg, &o->report);

		if (shared < 0)
			return -1;
		if (shared)
			continue;
		switch (c) {
		case OPT_DB:
			o->db = optarg;
			break;
		case 'h':
			report_usage(stdout);
			exit(EXIT_CLEAN);
		default:
			report_usage(stderr);
			return -1;
		}
	}
	if (optind < argc) {
		fprintf(stderr, "drvcheck: report: unexpected argument '%s'\n",
			argv[optind]);
		return -1;
	}
	if (!o->db || !*o->db) {
		fputs("drvcheck: report: no database (--db FILE or DRVCHECK_DB)\n",
		      stderr);
		return -1;
	}
	return 0;
}

/*
 * Every check is asked for (the selection is applied here, as scan does);
 * drvcheck-sparse's own message says why a database cannot be read.
 */
static int replay(const char *db, const struct selection *sel,
		  struct finding_list *out)
{
	char *prog = sparse_engine_prog(), *text;
	char *argv[] = { prog, NULL, "--drvcheck-format=tab",
			 "--drvcheck-checks=all", NULL };
	struct child child;
	int rc;

	if (!prog) {
		fputs("drvcheck: report: drvcheck-sparse not found (build it, "
		      "or set DRVCHECK_SPARSE)\n", stderr);
		return -1;
	}
	argv[1] = xasprintf("--drvcheck-replay=%s", db);
	rc = child_start(&child, argv);
	if (rc == 0) {
		rc = child_wait(&child);
		text = read_file(rc ? child.err_path : child.out_path, NULL);
		if (rc)
			fprintf(stderr, "drvcheck: report: %s", text && *text ? text :
				"drvcheck-sparse failed\n");
		else
			finding_tab_parse(text, sel, ENGINE_SPARSE, out);
		free(text);
	} else {
		perror("drvcheck: report: cannot run drvcheck-sparse");
	}
	child_cleanup(&child);
	free(argv[1]);
	free(prog);
	return rc ? -1 : 0;
}

int cmd_report(int argc, char **argv)
{
	struct report_options o;
	struct selection sel;
	struct finding_list findings = { 0 };
	int status = EXIT_TROUBLE;

	if (parse_options(argc, argv, &o) ||
	    cli_build_selection(&o.report, 0, &sel))
		goto out;
	if (!is_regular(o.db)) {
		fprintf(stderr, "drvcheck: report: %s: no such facts database\n", o.db);
		goto out;
	}
	if (replay(o.db, &sel, &findings))
		goto out;
	finding_list_normalize(&findings);
	output_findings(stdout, o.report.format, &findings);
	status = cli_findings_status(&findings, o.report.fail_on);
out:
	finding_list_free(&findings);
	cli_report_options_free(&o.report);
	return status;
}
