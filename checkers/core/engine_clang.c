// SPDX-License-Identifier: GPL-2.0
/*
 * The clang engine: `clang --analyze` with the drvcheck analyzer plugin
 * (checkers/clang/), one run per translation unit, several at a time
 * (module_runs.h), with the unit's compile command from the compile
 * database or Kbuild's for loose files, translated for clang
 * (clang_flags.h).  The plugin's warnings become findings
 * (clang_diag.h); a unit clang cannot parse, or that runs past the time
 * limit, is reported and counted as not analysed.  A module of several
 * files records the plugin's facts into a private database, and
 * the judge joins them as for the sparse engine.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "clang_diag.h"
#include "clang_flags.h"
#include "clang_tools.h"
#include "engine.h"
#include "finding_tab.h"
#include "judge/replay.h"
#include "module_runs.h"


/* What the engine needs to run; NULL fields when unavailable. */
struct clang_setup {
	char *plugin, *plugin_version, *clang, *clang_version;
};

static void setup_free(struct clang_setup *s)
{
	free(s->plugin);
	free(s->plugin_version);
	free(s->clang);
	free(s->clang_version);
}

/* Fills s; NULL, or why the engine cannot run (in a static buffer). */
static const char *setup(struct clang_setup *s)
{
	static char why[512];

	memset(s, 0, sizeof(*s));
	s->plugin = clang_plugin_path();
	if (!s->plugin)
		return "the analyzer plugin checkers/clang/" CLANG_PLUGIN_NAME
		       " is not built (build it, or set DRVCHECK_CLANG_PLUGIN)";
	if (!is_regular(s->plugin)) {
		snprintf(why, sizeof(why), "no analyzer plugin %s", s->plugin);
		return why;
	}
	s->plugin_version = clang_plugin_version(s->plugin);
	if (!s->plugin_version) {
		snprintf(why, sizeof(why), "%s is not a clang analyzer plugin "
			 "(no clang_analyzerAPIVersionString)", s->plugin);
		return why;
	}
	s->clang = clang_prog(s->plugin_version);
	if (!clang_prog_exists(s->clang)) {
		snprintf(why, sizeof(why), "%s not found (install clang-%.*s, "
			 "or set DRVCHECK_CLANG)", s->clang,
			 (int)strcspn(s->plugin_version, "."), s->plugin_version);
		return why;
	}
	s->clang_version = clang_prog_version(s->clang);
	if (!s->clang_version) {
		snprintf(why, sizeof(why), "'%s --version' does not say which "
			 "clang it is", s->clang);
		return why;
	}
	/* clang itself loads a plugin's checkers only on an exact match */
	if (strcmp(s->clang_version, s->plugin_version)) {
		snprintf(why, sizeof(why), "%s is clang %s, the plugin was built "
			 "for clang %s (set DRVCHECK_CLANG to that clang, or "
			 "rebuild the plugin)", s->clang, s->clang_version,
			 s->plugin_version);
		return why;
	}
	return NULL;
}

static const char *clang_unavailable(void)
{
	struct clang_setup s;
	const char *why = setup(&s);

	setup_free(&s);
	return why;
}

struct clang_ctx {
	struct clang_setup setup;
	struct strlist analyzer;	/* the plugin's analyzer flags */
	char *plist_dir;		/* absolute, or NULL */
	const struct scan_request *req;
	struct finding_list *out;
	struct scan_status *status;
};

/* DIR/path-with-slashes-as-underscores.plist: unique per file. */
static char *plist_path(const char *dir, const char *file)
{
	char *name = xstrdup(file + (file[0] == '/')), *path;

	for (char *p = name; *p; p++)
		if (*p == '/')
			*p = '_';
	path = xasprintf("%s/%s.plist", dir, name);
	free(name);
	return path;
}

static void analysis_command(struct clang_ctx *cc, const struct kmodule *m,
			     const char *file, struct strlist *argv)
{
	strlist_add(argv, cc->setup.clang);
	strlist_add(argv, "--analyze");
	strlist_add(argv, "-Xclang");
	strlist_add(argv, "-load");
	strlist_add(argv, "-Xclang");
	strlist_add(argv, cc->setup.plugin);
	for (size_t i = 0; i < cc->analyzer.n; i++)
		strlist_add(argv, cc->analyzer.items[i]);
	/* plist mode prints each warning too, without its path notes */
	strlist_add(argv, "-Xclang");
	strlist_add(argv, cc->plist_dir ? "-analyzer-output=plist-multi-file"
					: "-analyzer-output=text");
	strlist_add(argv, "-o");
	strlist_add_owned(argv, cc->plist_dir ? plist_path(cc->plist_dir, file)
					      : xstrdup("/dev/null"));
	clang_flags_common(argv);
	clang_flags_translate(&m->flags, argv);
	kmodule_defines(m, argv);
	/* a header named on the command line is analysed as C too */
	strlist_add(argv, "-x");
	strlist_add(argv, "c");
	strlist_add(argv, file);
}

static bool clang_command(void *ctx, const struct module_run *r,
			  struct strlist *argv)
{
	struct clang_ctx *cc = ctx;

	analysis_command(cc, r->module, r->module->files.items[r->file], argv);
	return true;
}

static void not_analysed(struct clang_ctx *cc, const char *file)
{
	scan_status_unanalysed(cc->status, cc->req, "clang", file, false);
}

/* The first lines of a failed run's output, to show why. */
static void show_head(const char *path, int lines)
{
	char *text = read_file(path, NULL), *p = text;

	for (; p && *p && lines > 0; lines--) {
		size_t n = strcspn(p, "\n");

		fprintf(stderr, "    %.*s\n", (int)n, p);
		p += n + (p[n] == '\n');
	}
	free(text);
}

static int finish_file(struct clang_ctx *cc, const struct module_run *r,
		       const struct child *c, int rc, bool timed_out)
{
	const struct kmodule *m = r->module;
	const char *file = m->files.items[r->file];
	char *text = read_file(c->err_path, NULL);
	char *error = clang_diag_parse(text, m->dir, cc->req->checks, cc->out);

	if (timed_out) {
		scan_status_unanalysed(cc->status, cc->req, "clang", file, true);
	} else if (error) {
		fprintf(stderr, "drvcheck: %s: clang errors, not analysed: %s\n",
			file, error);
		not_analysed(cc, file);
	} else if (rc) {
		fprintf(stderr, "drvcheck: %s: clang failed (exit status %d), "
			"not analysed:\n", file, rc);
		show_head(c->err_path, 5);
		not_analysed(cc, file);
	}
	free(error);
	free(text);
	return 0;
}

/*
 * The plugin records the files as clang saw them, relative to the
 * module's directory, where clang runs: into out with the
 * paths clang_diag_parse() gives the plugin's own warnings, so that a
 * finding both report is one (finding_list_normalize()).
 */
static void add_replayed(struct finding_list *out, struct finding_list *joined,
			 const char *dir)
{
	for (size_t i = 0; i < joined->n; i++) {
		const struct finding *f = &joined->items[i];
		char *file = clang_diag_path(dir, f->loc.file);
		struct finding *g = finding_add(out, f->check, f->confidence, file,
						f->loc.line, f->loc.col,
						f->function, f->key, f->message,
						ENGINE_CLANG);

		free(file);
		for (size_t k = 0; k < f->n_notes; k++) {
			file = clang_diag_path(dir, f->notes[k].loc.file);
			finding_add_note(g, file, f->notes[k].loc.line,
					 f->notes[k].loc.col, f->notes[k].message);
			free(file);
		}
	}
	finding_list_free(joined);
}

/* The judge over the facts the plugin wrote for the module's files. */
static int clang_replay(void *ctx, const struct module_run *r)
{
	struct clang_ctx *cc = ctx;
	struct finding_list joined = { 0 };

	if (judge_replay(r->db, ENGINE_CLANG, cc->req->checks, &joined)) {
		finding_list_free(&joined);
		return -1;
	}
	add_replayed(cc->out, &joined, r->module->dir);
	return 0;
}

static int clang_finish(void *ctx, const struct module_run *r,
			const struct strlist *argv, const struct child *c,
			int rc, bool timed_out)
{
	(void)argv;
	return finish_file(ctx, r, c, rc, timed_out);
}

/* The plist directory, made if missing, as an absolute path; or NULL. */
static char *plist_dir(const char *dir)
{
	char abs[PATH_MAX];

	if (!is_dir(dir) && mkdir(dir, 0755) && !is_dir(dir)) {
		fprintf(stderr, "drvcheck: --plist-dir %s: ", dir);
		perror(NULL);
		return NULL;
	}
	return realpath(dir, abs) ? xstrdup(abs) : NULL;
}

static int clang_run(const struct scan_request *req, struct finding_list *out,
		     struct scan_status *status)
{
	struct clang_ctx cc = { .req = req, .out = out, .status = status };
	struct module_runner mr = {
		.engine = "clang", .command = clang_command,
		.replay = clang_replay, .finish = clang_finish, .ctx = &cc,
		.timeout = unit_timeout(req),
	};
	struct kmodule_list mods = { 0 };
	int ret = -1;

	if (setup(&cc.setup))
		goto out;	/* scan_run asked unavailable() first */
	clang_analyzer_flags(&cc.analyzer);
	if (req->plist_dir && !(cc.plist_dir = plist_dir(req->plist_dir)))
		goto out;
	if (module_runs_modules(req, cc.setup.plugin, &mods) == 0)
		ret = module_runs(&mr, req, &mods);
out:
	if (ret)
		status->tool_error = true;
	kmodule_list_free(&mods);
	strlist_free(&cc.analyzer);
	free(cc.plist_dir);
	setup_free(&cc.setup);
	return ret;
}

const struct engine_ops clang_engine = {
	.name = "clang",
	.id = ENGINE_CLANG,
	.unavailable = clang_unavailable,
	.run = clang_run,
};
