// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck report: the cross-TU findings of a facts database (DRVCHECK_DB,
 * written by drvcheck-sparse under make C=1/2 and by the analyzer plugin).
 * The judge decides over every file's facts, each engine's runs apart, so
 * a finding means the same whichever way it was found; what the per-file
 * runs printed already is left out.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>

#include "../core/engine.h"
#include "../judge/facts_db.h"
#include "../judge/replay.h"
#include "cli.h"

static void report_usage(FILE *out)
{
	fputs("usage: drvcheck report [options]\n"
	      "\n"
	      "The cross-file findings of a facts database, which drvcheck-sparse\n"
	      "writes when DRVCHECK_DB is set (make C=2 CHECK=drvcheck-sparse).\n"
	      "\n"
	      "  --db FILE                 the database (default: $DRVCHECK_DB)\n"
	      "  --format FORMAT           text|json|sarif|gitlab|html (default text)\n"
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

/* Each engine's runs, judged apart: a finding is that engine's. */
static int replay(const char *db, const struct selection *sel,
		  struct finding_list *out)
{
	struct strlist wrote = { 0 };
	char *why = NULL;
	int ret = facts_db_engines(db, &wrote, &why);

	if (ret)
		fprintf(stderr, "drvcheck: report: %s: %s\n", db, why);
	for (size_t i = 0; !ret && engines[i]; i++)
		if (strlist_has(&wrote, engines[i]->name))
			ret = judge_replay(db, engines[i]->id, sel, out);
	strlist_free(&wrote);
	free(why);
	return ret;
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
