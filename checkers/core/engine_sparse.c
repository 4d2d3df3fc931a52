// SPDX-License-Identifier: GPL-2.0
/*
 * The sparse engine: runs drvcheck-sparse once per file of each module
 * (module_runs.h) with the command line Kbuild would give it
 * (kbuild_flags.h), or the one a compile_commands.json gives its files
 * (compdb.h), several at a time under --jobs, and reads back the DRVCHECK
 * lines it prints with --drvcheck-format=tab.  Only the checks the
 * catalogue gives to sparse are asked for; sparse's own warnings are not
 * drvcheck findings and are dropped, its errors are shown.
 */
#include <stdlib.h>
#include <string.h>

#include "engine.h"
#include "finding_tab.h"
#include "judge/replay.h"
#include "kbuild_flags.h"
#include "module_runs.h"

#define SPARSE_PROG "drvcheck-sparse"

/* $DRVCHECK_SPARSE, next to drvcheck (installed or build tree), or PATH. */
static char *sparse_engine_prog(void)
{
	static const char *const rel[] = {
		SPARSE_PROG, "checkers/sparse/" SPARSE_PROG, NULL,
	};
	char *prog = tool_beside_self("DRVCHECK_SPARSE", rel);

	if (prog)
		return prog;
	return tool_on_path(SPARSE_PROG) ? xstrdup(SPARSE_PROG) : NULL;
}

static const char *sparse_unavailable(void)
{
	char *prog = sparse_engine_prog(), *kdir = kbuild_kdir(0, false);
	const char *why = NULL;

	if (!prog)
		why = SPARSE_PROG " not found (build it, or set DRVCHECK_SPARSE)";
	else if (!kdir)
		why = "no kernel headers (install linux-headers-amd64, or set KDIR)";
	else if (!tool_on_path("make"))
		why = "make not found (needed to learn Kbuild's flags)";
	free(prog);
	free(kdir);
	return why;
}

/* The checks to ask for: selected, and given to sparse by the catalogue. */
static void sparse_selection(const struct selection *req, struct selection *sel,
			     struct strbuf *ids)
{
	memset(sel, 0, sizeof(*sel));
	for (size_t i = 0; i < check_count; i++) {
		const struct check *c = &check_table[i];

		if (!(c->engines & ENGINE_SPARSE) || !selection_has(req, c))
			continue;
		sel->on[i] = true;
		sb_printf(ids, "%s%s", ids->len ? "," : "--drvcheck-checks=", c->id);
	}
}

struct sparse_ctx {
	const char *prog, *checks;
	const struct scan_request *req;
	const struct selection *sel;
	struct finding_list *out;
	struct scan_status *status;
};

/* A file alone (into the module's private facts when it has several). */
static bool sparse_command(void *ctx, const struct module_run *r,
			   struct strlist *argv)
{
	const struct sparse_ctx *sc = ctx;
	const struct kmodule *m = r->module;

	strlist_add(argv, sc->prog);
	strlist_add(argv, "--drvcheck-format=tab");
	strlist_add(argv, sc->checks);
	for (size_t i = 0; i < m->flags.n; i++)
		strlist_add(argv, m->flags.items[i]);
	kmodule_defines(m, argv);
	strlist_add(argv, m->files.items[r->file]);
	return true;
}

/* "file:line:" opens each of sparse's messages about the code. */
static bool at_location(const char *line)
{
	const char *colon = strchr(line, ':');

	return colon && colon > line && colon[1] >= '0' && colon[1] <= '9';
}

/*
 * A file sparse's errors stopped ("analysis skipped") counts as partly
 * analysed and is named in one line with sparse's first error, which is
 * often in a header (a missing tracepoint or tuner header): the line names
 * the unit that was not analysed, as the clang engine's does.  sparse's
 * messages without a location (such as "No such file: x" for a word of the
 * command line it took for a file) are shown; its include-chain notes and
 * warnings are not drvcheck's.
 */
static void read_errors(const char *path, const struct scan_request *req,
			struct scan_status *status)
{
	char *text = read_file(path, NULL), *save = NULL, *first = NULL;
	const char *skipped = ": note: drvcheck: analysis skipped";

	for (char *line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *at = strstr(line, skipped);

		if (!at) {
			if (strstr(line, ": error: "))
				first = first ? first : line;
			else if (!at_location(line) && !strstr(line, ": note: in included file"))
				fprintf(stderr, "%s\n", line);
			continue;
		}
		*at = '\0';
		scan_status_unanalysed(status, req, "sparse", line, false);
		fprintf(stderr, "drvcheck: %s: sparse errors, the file was not "
			"analysed: %s\n", line, first ? first : "(no error shown)");
		first = NULL;
	}
	if (first)	/* an error without the note: shown as sparse gave it */
		fprintf(stderr, "%s\n", first);
	free(text);
}

static int sparse_finish(void *ctx, const struct module_run *r,
			 const struct strlist *argv, const struct child *c,
			 int rc, bool timed_out)
{
	struct sparse_ctx *sc = ctx;
	char *text;

	if (timed_out) {
		scan_status_unanalysed(sc->status, sc->req, "sparse",
				       r->module->files.items[r->file], true);
		return 0;
	}
	/* sparse exits 1 after errors in the file; more is a crash */
	if (rc > 1) {
		fprintf(stderr, "drvcheck: sparse: %s failed on module %s "
			"(exit status %d)\n", argv->items[0], r->module->key, rc);
		text = read_file(c->err_path, NULL);
		fputs(text ? text : "", stderr);
		free(text);
	}
	text = read_file(c->out_path, NULL);
	finding_tab_parse(text, sc->sel, ENGINE_SPARSE, sc->out);
	free(text);
	read_errors(c->err_path, sc->req, sc->status);
	return rc > 1 ? -1 : 0;
}

/* The judge over the module's files, as one run over them all would. */
static int sparse_replay(void *ctx, const struct module_run *r)
{
	const struct sparse_ctx *sc = ctx;

	return judge_replay(r->db, ENGINE_SPARSE, sc->sel, sc->out);
}

static int sparse_run(const struct scan_request *req, struct finding_list *out,
		      struct scan_status *status)
{
	char *prog = sparse_engine_prog();
	struct kmodule_list mods = { 0 };
	struct strbuf checks = { 0 };
	struct selection sel;
	int ret = -1;

	sparse_selection(req->checks, &sel, &checks);
	if (!checks.len) {
		ret = 0;	/* nothing selected that sparse checks */
		goto out;
	}
	if (prog && module_runs_modules(req, prog, &mods) == 0) {
		struct sparse_ctx sc = { prog, checks.buf, req, &sel, out, status };
		struct module_runner mr = {
			.engine = "sparse", .timeout = unit_timeout(req),
			.command = sparse_command,
			.replay = sparse_replay, .finish = sparse_finish,
			.ctx = &sc,
		};

		ret = module_runs(&mr, req, &mods);
	}
out:
	if (ret)
		status->tool_error = true;
	kmodule_list_free(&mods);
	sb_free(&checks);
	free(prog);
	return ret;
}

const struct engine_ops sparse_engine = {
	.name = "sparse",
	.id = ENGINE_SPARSE,
	.unavailable = sparse_unavailable,
	.run = sparse_run,
};
