// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck confirm: static findings (a saved `scan --format json`) against
 * what drvcheck_rt.ko saw on a running kernel (its debugfs error log or a
 * dmesg capture).  A finding is confirmed when the runtime reported the
 * same check id in the same function -- where the error was seen (the
 * release, the sync) or where the mapping was made (a leak) -- and not
 * exercised otherwise; runtime errors no finding predicted are listed.
 * Functions are matched by name: the runtime knows symbols, not lines.
 */
#include <getopt.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../core/findings_read.h"
#include "../core/runtime_log.h"
#include "cli.h"

static void confirm_usage(FILE *out)
{
	fputs("usage: drvcheck confirm [--format text|json] FINDINGS.json RUNTIME_LOG...\n"
	      "       drvcheck confirm --qemu\n"
	      "\n"
	      "Marks each static finding (drvcheck scan --format json) confirmed\n"
	      "when drvcheck_rt.ko reported the same check in the same function,\n"
	      "or not exercised; lists runtime errors no finding predicted.  A\n"
	      "runtime log is /sys/kernel/debug/drvcheck/errors or a dmesg\n"
	      "capture; '-' reads standard input.\n"
	      "\n"
	      "  --format text|json   output format (default text)\n"
	      "  --qemu               the selftest driver end to end in the bundled\n"
	      "                       VM: static scan, boot, runtime log, confirm\n"
	      "\n"
	      "exit status: 0 the runtime reported nothing, 1 it reported errors,\n"
	      "2 trouble\n", out);
}

enum { OPT_FORMAT = 256, OPT_QEMU };

static const struct option long_options[] = {
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "qemu", no_argument, NULL, OPT_QEMU },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static bool static_check(const char *id)
{
	const struct check *c = check_lookup(id);

	return c && (c->engines & (ENGINE_COCCI | ENGINE_SPARSE | ENGINE_CLANG));
}

static bool error_matches(const struct runtime_error *e,
			  const struct finding *f)
{
	return strcmp(e->id, f->check->id) == 0 && *f->function &&
	       (strcmp(e->func, f->function) == 0 ||
		strcmp(e->mapped_func, f->function) == 0);
}

/* Why a runtime error was not predicted. */
static const char *unpredicted_reason(const struct runtime_error *e)
{
	if (!check_lookup(e->id))
		return "unknown check id";
	return static_check(e->id) ? "no static finding in this function"
				   : "runtime-only check";
}

static void print_text(const struct finding_list *findings,
		       const unsigned int *hits, const struct runtime_log *log,
		       const bool *predicted)
{
	unsigned int confirmed = 0, unpredicted = 0, runtime_only = 0;

	for (size_t i = 0; i < findings->n; i++) {
		const struct finding *f = &findings->items[i];

		confirmed += hits[i] > 0;
		printf("%-14s %s:%u: %s in %s", hits[i] ? "confirmed" :
		       "not exercised", f->loc.file, f->loc.line, f->check->id,
		       *f->function ? f->function : "(no function)");
		if (hits[i])
			printf(" (%u runtime error%s)", hits[i],
			       hits[i] == 1 ? "" : "s");
		putchar('\n');
	}
	for (size_t i = 0; i < log->n; i++) {
		const struct runtime_error *e = &log->items[i];

		if (predicted[i])
			continue;
		unpredicted++;
		runtime_only += !static_check(e->id);
		printf("%-14s %s in %s (%s%s%s), %u time%s: %s\n", "unpredicted",
		       e->id, *e->func ? e->func : "?", *e->driver ? e->driver :
		       "", *e->driver ? ": " : "", unpredicted_reason(e),
		       e->count, e->count == 1 ? "" : "s", e->msg);
	}
	printf("drvcheck confirm: %zu finding%s: %u confirmed, %zu not exercised; "
	       "%u runtime error%s no finding predicted (%u of runtime-only "
	       "checks)\n", findings->n, findings->n == 1 ? "" : "s", confirmed,
	       findings->n - confirmed, unpredicted, unpredicted == 1 ? "" : "s",
	       runtime_only);
}

static void print_json(const struct finding_list *findings,
		       const unsigned int *hits, const struct runtime_log *log,
		       const bool *predicted)
{
	for (size_t i = 0; i < findings->n; i++) {
		const struct finding *f = &findings->items[i];

		printf("{\"status\":\"%s\",\"check\":",
		       hits[i] ? "confirmed" : "not-exercised");
		json_string(stdout, f->check->id);
		fputs(",\"file\":", stdout);
		json_string(stdout, f->loc.file);
		printf(",\"line\":%u,\"function\":", f->loc.line);
		json_string(stdout, f->function);
		printf(",\"fingerprint\":\"%s\",\"runtime_errors\":%u}\n",
		       f->fingerprint, hits[i]);
	}
	for (size_t i = 0; i < log->n; i++) {
		const struct runtime_error *e = &log->items[i];

		if (predicted[i])
			continue;
		fputs("{\"status\":\"unpredicted\",\"check\":", stdout);
		json_string(stdout, e->id);
		fputs(",\"driver\":", stdout);
		json_string(stdout, e->driver);
		fputs(",\"function\":", stdout);
		json_string(stdout, e->func);
		fputs(",\"mapped_in\":", stdout);
		json_string(stdout, e->mapped_func);
		fputs(",\"reason\":", stdout);
		json_string(stdout, unpredicted_reason(e));
		printf(",\"count\":%u,\"message\":", e->count);
		json_string(stdout, e->msg);
		fputs("}\n", stdout);
	}
}

/* The end-to-end demo is a script: it builds modules and boots a VM. */
static int run_qemu_demo(void)
{
	const char *dir = getenv("DRVCHECK_KERNEL_DIR");
	char self[4096];
	ssize_t n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	char *script;

	if (n <= 0) {
		perror("drvcheck: /proc/self/exe");
		return EXIT_TROUBLE;
	}
	self[n] = '\0';
	script = xasprintf("%s/confirm-qemu.sh",
			   dir ? dir : DRVCHECK_KERNEL_DIR);
	fflush(NULL);
	execl("/bin/sh", "sh", script, self, (char *)NULL);
	fprintf(stderr, "drvcheck: cannot run %s\n", script);
	free(script);
	return EXIT_TROUBLE;
}

int cmd_confirm(int argc, char **argv)
{
	enum output_format format = FORMAT_TEXT;
	struct finding_list findings = { 0 };
	struct runtime_log log = { 0 };
	unsigned int *hits;
	bool *predicted;
	bool qemu = false;
	int c, status;

	optind = 1;
	while ((c = getopt_long(argc, argv, "h", long_options, NULL)) != -1) {
		switch (c) {
		case OPT_FORMAT:
			if (output_format_parse(optarg, &format) ||
			    (format != FORMAT_TEXT && format != FORMAT_JSON)) {
				fprintf(stderr, "drvcheck: confirm: unknown "
					"format '%s' (text or json)\n", optarg);
				return EXIT_TROUBLE;
			}
			break;
		case OPT_QEMU:
			qemu = true;
			break;
		case 'h':
			confirm_usage(stdout);
			return EXIT_CLEAN;
		default:
			confirm_usage(stderr);
			return EXIT_TROUBLE;
		}
	}
	if (qemu) {
		if (optind < argc) {
			fputs("drvcheck: confirm --qemu takes no files\n", stderr);
			return EXIT_TROUBLE;
		}
		return run_qemu_demo();
	}
	if (argc - optind < 2) {
		confirm_usage(stderr);
		return EXIT_TROUBLE;
	}
	if (findings_read_json(argv[optind], &findings))
		goto trouble;
	for (int i = optind + 1; i < argc; i++)
		if (runtime_log_read(argv[i], &log))
			goto trouble;

	hits = xcalloc(findings.n + 1, sizeof(*hits));
	predicted = xcalloc(log.n + 1, sizeof(*predicted));
	for (size_t i = 0; i < findings.n; i++)
		for (size_t k = 0; k < log.n; k++)
			if (error_matches(&log.items[k], &findings.items[i])) {
				hits[i] += log.items[k].count;
				predicted[k] = true;
			}
	if (format == FORMAT_JSON)
		print_json(&findings, hits, &log, predicted);
	else
		print_text(&findings, hits, &log, predicted);
	status = log.n ? EXIT_FINDINGS : EXIT_CLEAN;
	free(hits);
	free(predicted);
	finding_list_free(&findings);
	runtime_log_free(&log);
	return status;

trouble:
	finding_list_free(&findings);
	runtime_log_free(&log);
	return EXIT_TROUBLE;
}
