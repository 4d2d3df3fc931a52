// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck judge: the pairing verdicts over DRVFACT lines on standard input
 * (docs/facts.md), which the Coccinelle scripts print when they run on
 * their own (make coccicheck): the same judge, and the same Kbuild
 * modules, as drvcheck scan gives them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "../core/kbuild_modules.h"
#include "../judge/facts_text.h"
#include "../judge/judge.h"
#include "cli.h"

static void judge_usage(FILE *out)
{
	fputs("usage: drvcheck judge [options] < FACTS\n"
	      "\n"
	      "The pairing checks' findings over the DRVFACT lines on standard\n"
	      "input (other lines are ignored), which the Coccinelle scripts print\n"
	      "when run on their own; relative paths are relative to the current\n"
	      "directory (the kernel tree under make coccicheck).\n"
	      "\n"
	      "  --format FORMAT           text|json|sarif|gitlab|html (default text)\n"
	      "  --checks LIST             ids or families; '+id' adds to the defaults\n"
	      "  --exclude LIST            ids or families to leave out\n"
	      "  --fail-on SEVERITY        note|warning|error|never (default warning)\n"
	      "\n"
	      "exit status: 0 clean, 1 findings at or above --fail-on, 2 trouble\n"
	      "(unreadable input, lines not understood)\n",
	      out);
}

static const struct option long_options[] = {
	CLI_SHARED_OPTIONS,
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int parse_options(int argc, char **argv, struct cli_report_options *o)
{
	int c;

	cli_report_options_init(o);
	optind = 1;
	while ((c = getopt_long(argc, argv, "h", long_options, NULL)) != -1) {
		int shared = cli_shared_option(c, optarg, o);

		if (shared < 0)
			return -1;
		if (shared)
			continue;
		if (c == 'h') {
			judge_usage(stdout);
			exit(EXIT_CLEAN);
		}
		judge_usage(stderr);
		return -1;
	}
	if (optind < argc) {
		fprintf(stderr, "drvcheck: judge: unexpected argument '%s'\n",
			argv[optind]);
		return -1;
	}
	return 0;
}

/* The files the facts name, for their modules. */
static void fact_files(const char *text, struct strlist *files)
{
	for (const char *line = text; *line;
	     line += strcspn(line, "\n"), line += *line == '\n') {
		size_t len;
		const char *at = facts_text_file(line, &len);
		char *file;

		if (!at || !len)
			continue;	/* the reader counts what is wrong */
		file = xstrndup(at, len);
		if (!strlist_has(files, file))
			strlist_add_owned(files, file);
		else
			free(file);
	}
}

int cmd_judge(int argc, char **argv)
{
	struct cli_report_options o;
	struct selection sel;
	struct strlist files = { 0 }, noflags = { 0 };
	struct kmodule_list mods = { 0 };
	struct judge_facts jf = { 0 };
	struct finding_list findings = { 0 };
	struct facts_text_reader r;
	char *text = NULL;
	int status = EXIT_TROUBLE;

	if (parse_options(argc, argv, &o) || cli_build_selection(&o, 0, &sel))
		goto out;
	text = read_file_or_stdin(NULL);
	if (!text) {
		fprintf(stderr, "drvcheck: judge: standard input: %s\n",
			strerror(errno));
		goto out;
	}
	fact_files(text, &files);
	kbuild_modules(&files, &noflags, &mods);
	facts_text_begin(&r, &jf, kmodule_key_of, &mods);
	facts_text_lines(&r, text);
	facts_text_end(&r);
	judge_findings_run(&jf, &sel, ENGINE_COCCI, &findings);
	finding_list_normalize(&findings);
	output_findings(stdout, o.format, &findings);
	if (r.bad)
		fprintf(stderr, "drvcheck: judge: %u fact lines not understood\n",
			r.bad);
	else
		status = cli_findings_status(&findings, o.fail_on);
out:
	finding_list_free(&findings);
	jf_free(&jf);
	kmodule_list_free(&mods);
	strlist_free(&files);
	free(text);
	cli_report_options_free(&o);
	return status;
}
