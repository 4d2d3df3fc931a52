// SPDX-License-Identifier: GPL-2.0
/* drvcheck scan: paths in, one merged finding list out. */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/baseline.h"
#include "../core/confirm_read.h"
#include "../core/output.h"
#include "../core/output_html.h"
#include "../core/scan.h"
#include "../core/sources.h"
#include "cli.h"
#include "since.h"

static void scan_usage(FILE *out)
{
	fputs("usage: drvcheck scan [options] PATH...\n"
	      "       drvcheck scan [options] -p compile_commands.json [PATH...]\n"
	      "       drvcheck scan [options] --since REV [--uncommitted] [PATH...]\n"
	      "\n"
	      "PATH is a .c file, a directory searched recursively for *.c, or a\n"
	      "compile_commands.json (or a directory holding one): its C files,\n"
	      "each checked by sparse and clang with its own compiler flags.\n"
	      "\n"
	      "  --format text|json|sarif|gitlab|html\n"
	      "                            output format (default text); html is a\n"
	      "                            report directory, given with -o\n"
	      "  -o, --output FILE|DIR     write findings to FILE (html: into DIR)\n"
	      "  --confirmed FILE          html: mark each finding confirmed or not\n"
	      "                            exercised, from drvcheck confirm --format\n"
	      "                            json's output\n"
	      "  --checks LIST             ids or families (dma, poll, iomem, all);\n"
	      "                            '+id' adds to the defaults\n"
	      "  --exclude LIST            ids or families to leave out\n"
	      "  --engine LIST             cocci, sparse, clang (default: all\n"
	      "                            available)\n"
	      "  --since REV               in a git work tree: only what REV..HEAD\n"
	      "                            adds, in the directories of the files it\n"
	      "                            touched (PATHs limit them), both ends\n"
	      "                            scanned from git; exit status from the\n"
	      "                            new findings\n"
	      "  --uncommitted             with --since: the work tree's changes too\n"
	      "  --cache-dir DIR           with --since: keep each file's results\n"
	      "                            here (default ~/.cache/drvcheck/results)\n"
	      "  --no-cache                with --since: keep none past this run\n"
	      "  --baseline FILE           report only findings not in FILE\n"
	      "  --write-baseline FILE     write the findings as a baseline\n"
	      "  --fail-on SEVERITY        note|warning|error|never (default warning)\n"
	      "  --kernel-version X.Y.Z    target kernel (default: read from the\n"
	      "                            tree's Makefile); before 2.6.29 turns on\n"
	      "                            poll-sleep-legacy\n"
	      "  -j, --jobs N              parallel jobs (default: online CPUs)\n"
	      "  -p FILE|DIR               a compile_commands.json (or a directory\n"
	      "                            holding one) to scan\n"
	      "  --unit-timeout SECONDS    every engine gives up on a file after\n"
	      "                            this long (default 300)\n"
	      "  --plist-dir DIR           the clang engine also writes each file's\n"
	      "                            analyzer plist (plist-multi-file) here\n"
	      "  -q, --quiet               no progress line, no summary\n"
	      "\n"
	      "exit status: 0 clean, 1 findings at or above --fail-on, 2 trouble\n",
	      out);
}

struct scan_options {
	struct cli_report_options report;
	const char *output;
	const char *confirmed;		/* confirm --format json output */
	struct confirm_list confirm;	/* read from it before the scan */
	const char *baseline;
	const char *write_baseline;
	unsigned int engine_mask;
	bool engine_explicit;
	unsigned int kernel_version;
	bool kernel_version_given;
	bool quiet;
	int jobs;
	struct strlist compdbs;		/* -p */
	unsigned int unit_timeout;
	const char *plist_dir;
	const char *since;		/* --since REV */
	bool uncommitted;
	const char *cache_dir;
	bool no_cache;
};

enum {
	OPT_ENGINE = CLI_OPT_OWN, OPT_BASELINE, OPT_WRITE_BASELINE,
	OPT_KERNEL_VERSION, OPT_UNIT_TIMEOUT, OPT_PLIST_DIR, OPT_SINCE,
	OPT_UNCOMMITTED, OPT_CACHE_DIR, OPT_NO_CACHE, OPT_CONFIRMED,
};

static const struct option long_options[] = {
	CLI_SHARED_OPTIONS,
	{ "output", required_argument, NULL, 'o' },
	{ "confirmed", required_argument, NULL, OPT_CONFIRMED },
	{ "engine", required_argument, NULL, OPT_ENGINE },
	{ "baseline", required_argument, NULL, OPT_BASELINE },
	{ "write-baseline", required_argument, NULL, OPT_WRITE_BASELINE },
	{ "kernel-version", required_argument, NULL, OPT_KERNEL_VERSION },
	{ "jobs", required_argument, NULL, 'j' },
	{ "unit-timeout", required_argument, NULL, OPT_UNIT_TIMEOUT },
	{ "plist-dir", required_argument, NULL, OPT_PLIST_DIR },
	{ "since", required_argument, NULL, OPT_SINCE },
	{ "uncommitted", no_argument, NULL, OPT_UNCOMMITTED },
	{ "cache-dir", required_argument, NULL, OPT_CACHE_DIR },
	{ "no-cache", no_argument, NULL, OPT_NO_CACHE },
	{ "quiet", no_argument, NULL, 'q' },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int parse_engines(const char *list, unsigned int *mask)
{
	struct strlist names = { 0 };
	int ret = 0;

	*mask = 0;
	strlist_split(&names, list, ", ");
	for (size_t i = 0; i < names.n; i++) {
		const struct engine_ops *e = engine_lookup(names.items[i]);

		if (!e) {
			fprintf(stderr, "drvcheck: unknown engine '%s' (have:",
				names.items[i]);
			for (size_t k = 0; engines[k]; k++)
				fprintf(stderr, " %s", engines[k]->name);
			fputs(")\n", stderr);
			ret = -1;
			break;
		}
		*mask |= e->id;
	}
	strlist_free(&names);
	return ret;
}

/* -p names a compile database, not any PATH. */
static bool compdb_is(const char *path)
{
	char *json = compdb_find(path);

	if (json) {
		free(json);
		return true;
	}
	fprintf(stderr, "drvcheck: -p %s: not a compile_commands.json, nor a "
		"directory holding one\n", path);
	return false;
}

static int parse_options(int argc, char **argv, struct scan_options *o)
{
	int c;
	long n;
	char *end;

	memset(o, 0, sizeof(*o));
	cli_report_options_init(&o->report);
	o->engine_mask = ~0u;
	n = sysconf(_SC_NPROCESSORS_ONLN);
	o->jobs = n > 0 ? (int)n : 1;
	optind = 1;
	while ((c = getopt_long(argc, argv, "o:j:p:qh", long_options, NULL)) != -1) {
		int shared = cli_shared_option(c, optarg, &o->report);

		if (shared < 0)
			return -1;
		if (shared)
			continue;
		switch (c) {
		case 'o':
			o->output = optarg;
			break;
		case OPT_ENGINE:
			if (parse_engines(optarg, &o->engine_mask))
				return -1;
			o->engine_explicit = true;
			break;
		case OPT_CONFIRMED:
			o->confirmed = optarg;
			break;
		case OPT_BASELINE:
			o->baseline = optarg;
			break;
		case OPT_WRITE_BASELINE:
			o->write_baseline = optarg;
			break;
		case OPT_KERNEL_VERSION:
			o->kernel_version = kernel_version_parse(optarg);
			if (!o->kernel_version) {
				fprintf(stderr, "drvcheck: --kernel-version: '%s' "
					"is not a version like 6.1 or 2.6.28\n",
					optarg);
				return -1;
			}
			o->kernel_version_given = true;
			break;
		case 'j':
			n = strtol(optarg, &end, 10);
			if (*end || n < 1 || n > 1024) {
				fprintf(stderr, "drvcheck: --jobs: '%s' is not a "
					"number from 1 to 1024\n", optarg);
				return -1;
			}
			o->jobs = (int)n;
			break;
		case 'p':
			if (!compdb_is(optarg))
				return -1;
			strlist_add(&o->compdbs, optarg);
			break;
		case OPT_UNIT_TIMEOUT:
			n = strtol(optarg, &end, 10);
			if (*end || n < 1 || n > 86400) {
				fprintf(stderr, "drvcheck: --unit-timeout: '%s' is "
					"not a number of seconds from 1 to 86400\n",
					optarg);
				return -1;
			}
			o->unit_timeout = (unsigned int)n;
			break;
		case OPT_PLIST_DIR:
			o->plist_dir = optarg;
			break;
		case OPT_SINCE:
			o->since = optarg;
			break;
		case OPT_UNCOMMITTED:
			o->uncommitted = true;
			break;
		case OPT_CACHE_DIR:
			o->cache_dir = optarg;
			break;
		case OPT_NO_CACHE:
			o->no_cache = true;
			break;
		case 'q':
			o->quiet = true;
			break;
		case 'h':
			scan_usage(stdout);
			exit(EXIT_CLEAN);
		default:
			scan_usage(stderr);
			return -1;
		}
	}
	if ((o->uncommitted || o->cache_dir || o->no_cache) && !o->since) {
		fprintf(stderr, "drvcheck: --%s goes with --since REV\n",
			o->uncommitted ? "uncommitted" : o->cache_dir ? "cache-dir"
								 : "no-cache");
		return -1;
	}
	if (o->since && (o->compdbs.n || o->write_baseline)) {
		fprintf(stderr, "drvcheck: --since does not go with %s\n",
			o->compdbs.n ? "-p" : "--write-baseline (write baselines "
			"from a full scan)");
		return -1;
	}
	if (o->confirmed && o->report.format != FORMAT_HTML) {
		fputs("drvcheck: --confirmed goes with --format html\n", stderr);
		return -1;
	}
	/* before the scan, which may be long */
	if (o->report.format == FORMAT_HTML && output_html_prepare(o->output))
		return -1;
	if (o->confirmed && confirm_read_json(o->confirmed, &o->confirm))
		return -1;
	return 0;
}

static void summary(const struct finding_list *list, size_t files,
		    long baselined, const struct scan_status *st)
{
	size_t by_sev[3] = { 0 };

	for (size_t i = 0; i < list->n; i++)
		by_sev[list->items[i].severity]++;
	fprintf(stderr, "drvcheck: %zu files, %zu findings (%zu errors, "
		"%zu warnings, %zu notes)", files, list->n, by_sev[SEV_ERROR],
		by_sev[SEV_WARNING], by_sev[SEV_NOTE]);
	if (baselined > 0)
		fprintf(stderr, ", %ld in the baseline", baselined);
	if (st->files_partial)
		fprintf(stderr, ", %u files partly unparsed", st->files_partial);
	if (st->files_timed_out)
		fprintf(stderr, " (%u timed out)", st->files_timed_out);
	fputc('\n', stderr);
	/* the exit status says it too; say which rule made it 2 */
	if (st->explicit_unparsed)
		fprintf(stderr, "drvcheck: %u of the files named on the command "
			"line not fully analysed: exit status 2\n",
			st->explicit_unparsed);
}

static void options_free(struct scan_options *o)
{
	cli_report_options_free(&o->report);
	strlist_free(&o->compdbs);
	confirm_list_free(&o->confirm);
}

/*
 * Writes list as --format and -o say (the HTML report's excerpts: relative
 * paths under root); 0, or -1 after printing why.
 */
static int write_findings(const struct scan_options *o,
			  const struct finding_list *list, const char *root)
{
	FILE *out = stdout;

	if (o->report.format == FORMAT_HTML)
		return output_html_dir(o->output, list,
				       o->confirmed ? &o->confirm : NULL, root);
	if (o->output && !(out = fopen(o->output, "w"))) {
		perror(o->output);
		return -1;
	}
	output_findings(out, o->report.format, list);
	if (out != stdout && fclose(out)) {
		perror(o->output);
		return -1;
	}
	return 0;
}

static void since_summary(const struct scan_options *o, const struct since *s,
			  const struct since_result *r, long baselined)
{
	fprintf(stderr, "drvcheck: since %s: %zu new, %zu fixed, %zu still "
		"present (%zu files changed; %zu C files scanned before, %zu "
		"after)", o->since, r->fresh.n, r->fixed, r->still,
		s->files_changed, r->files_old, r->files_new);
	if (baselined > 0)
		fprintf(stderr, ", %ld new ones in the baseline", baselined);
	if (r->status.files_partial)
		fprintf(stderr, ", %u files partly unparsed",
			r->status.files_partial);
	if (r->status.files_timed_out)
		fprintf(stderr, " (%u timed out)", r->status.files_timed_out);
	fputc('\n', stderr);
}

/* scan --since: paths are pathspecs in the work tree, not files to scan. */
static int scan_since(struct scan_options *o, int argc, char **argv)
{
	struct strlist specs = { 0 };
	struct since s;
	struct since_result res = { 0 };
	struct selection sel;
	struct scan_request req = { 0 };
	char *cache = NULL, *plist = NULL;
	long baselined = 0;
	int status = EXIT_TROUBLE;

	for (int i = optind; i < argc; i++)
		strlist_add(&specs, argv[i]);
	if (since_open(&s, optind < argc ? argv[optind] : NULL, o->since,
		       o->uncommitted, &specs))
		goto out;
	if (!o->kernel_version_given)
		o->kernel_version = sources_kernel_version(s.top);
	if (cli_build_selection(&o->report, o->kernel_version, &sel))
		goto out;
	req.checks = &sel;
	req.jobs = o->jobs;
	req.progress = !o->quiet && isatty(2);
	req.unit_timeout = o->unit_timeout;
	/* the ends are scanned where git writes them out: no relative paths */
	if (o->plist_dir)
		plist = realpath(o->plist_dir, NULL);
	req.plist_dir = plist ? plist : o->plist_dir;
	cache = o->no_cache ? NULL : since_cache_dir(o->cache_dir);
	req.cache_dir = cache;
	if (since_scan(&s, &req, o->engine_mask, o->engine_explicit, &res))
		goto out;
	if (o->baseline) {
		baselined = baseline_filter(o->baseline, &res.fresh);
		if (baselined < 0) {
			fprintf(stderr, "drvcheck: %s: not a readable drvcheck "
				"baseline\n", o->baseline);
			goto out;
		}
	}
	/* the paths are from the top of the work tree */
	if (write_findings(o, &res.fresh, s.top))
		goto out;
	if (!o->quiet)
		since_summary(o, &s, &res, baselined);
	status = cli_findings_status(&res.fresh, o->report.fail_on);
	if (res.status.tool_error)
		status = EXIT_TROUBLE;
out:
	free(cache);
	free(plist);
	since_result_free(&res);
	since_free(&s);
	strlist_free(&specs);
	return status;
}

int cmd_scan(int argc, char **argv)
{
	struct scan_options o;
	struct selection sel;
	struct scan_request req = { 0 };
	struct scan_status st = { 0 };
	struct finding_list findings = { 0 };
	long baselined = 0;
	int status = EXIT_TROUBLE;

	if (parse_options(argc, argv, &o))
		goto out;
	if (o.since) {
		status = scan_since(&o, argc, argv);
		goto out;
	}
	if (optind >= argc && !o.compdbs.n) {
		fputs("drvcheck: scan: no PATH given\n", stderr);
		scan_usage(stderr);
		goto out;
	}
	if (!o.kernel_version_given)
		o.kernel_version = sources_kernel_version(optind < argc ?
			argv[optind] : o.compdbs.items[0]);
	if (cli_build_selection(&o.report,
				o.kernel_version, &sel))
		goto out;
	for (size_t i = 0; i < o.compdbs.n; i++)
		if (sources_add(&req.files, &req.explicit_files, &req.compdb,
				o.compdbs.items[i]))
			goto out;
	for (int i = optind; i < argc; i++)
		if (sources_add(&req.files, &req.explicit_files, &req.compdb, argv[i]))
			goto out;
	req.checks = &sel;
	req.jobs = o.jobs;
	req.progress = !o.quiet && isatty(2);
	req.unit_timeout = o.unit_timeout;
	req.plist_dir = o.plist_dir;
	req.kernel_version = o.kernel_version;

	scan_run(&req, o.engine_mask, o.engine_explicit, &findings, &st);
	if (o.write_baseline && baseline_write(o.write_baseline, &findings)) {
		perror(o.write_baseline);
		goto out;
	}
	if (o.baseline) {
		baselined = baseline_filter(o.baseline, &findings);
		if (baselined < 0) {
			fprintf(stderr, "drvcheck: %s: not a readable drvcheck "
				"baseline\n", o.baseline);
			goto out;
		}
	}
	if (write_findings(&o, &findings, NULL))
		goto out;
	if (!o.quiet)
		summary(&findings, req.files.n, baselined, &st);
	status = cli_findings_status(&findings, o.report.fail_on);
	if (st.tool_error || st.explicit_unparsed)
		status = EXIT_TROUBLE;
out:
	finding_list_free(&findings);
	strlist_free(&req.files);
	strlist_free(&req.explicit_files);
	compdb_free(&req.compdb);
	options_free(&o);
	return status;
}
