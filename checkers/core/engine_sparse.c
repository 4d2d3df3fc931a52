// SPDX-License-Identifier: GPL-2.0
/*
 * The sparse engine: runs drvcheck-sparse once per module (kbuild_modules.h)
 * with the command line Kbuild would give it (kbuild_flags.h), or the one
 * a compile_commands.json gives its files (compdb.h), several at a
 * time under --jobs, and reads back the DRVCHECK lines it prints with
 * --drvcheck-format=tab.  Only the checks the catalogue gives to sparse
 * are asked for; sparse's own warnings are not drvcheck findings and are
 * dropped, its errors are shown.
 */
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "engine.h"
#include "finding_tab.h"
#include "kbuild_flags.h"
#include "kbuild_modules.h"
#include "run.h"

#define SPARSE_PROG "drvcheck-sparse"

/* The directory of the running program, where a build tree keeps its tools. */
static char *self_dir(void)
{
	char buf[PATH_MAX];
	ssize_t n = readlink("/proc/self/exe", buf, sizeof(buf) - 1);
	char *slash;

	if (n <= 0)
		return NULL;
	buf[n] = '\0';
	slash = strrchr(buf, '/');
	return slash ? xstrndup(buf, (size_t)(slash - buf)) : NULL;
}

/* $DRVCHECK_SPARSE, next to drvcheck (installed or build tree), or PATH. */
char *sparse_engine_prog(void)
{
	const char *env = getenv("DRVCHECK_SPARSE");
	static const char *const rel[] = {
		SPARSE_PROG, "checkers/sparse/" SPARSE_PROG,
	};
	char *dir = self_dir();

	if (env && *env)
		return xstrdup(env);
	for (size_t i = 0; dir && i < 2; i++) {
		char *p = xasprintf("%s/%s", dir, rel[i]);

		if (access(p, X_OK) == 0) {
			free(dir);
			return p;
		}
		free(p);
	}
	free(dir);
	return tool_on_path(SPARSE_PROG) ? xstrdup(SPARSE_PROG) : NULL;
}

static const char *sparse_unavailable(void)
{
	char *prog = sparse_engine_prog(), *kdir = kbuild_kdir();
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

/* Where the recorded flags are kept: the build tree, else the user's cache. */
static char *cache_dir(const char *prog)
{
	const char *env = getenv("DRVCHECK_CACHE_DIR");
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	const char *slash = strrchr(prog, '/');
	char *dir;

	if (env && *env)
		return xstrdup(env);
	if (slash) {
		dir = xstrndup(prog, (size_t)(slash - prog));
		if (access(dir, W_OK) == 0)
			return dir;
		free(dir);
	}
	if (xdg && *xdg)
		dir = xasprintf("%s/drvcheck", xdg);
	else
		dir = xasprintf("%s/.cache/drvcheck", home && *home ? home : "/tmp");
	/* one level: the user's cache directory itself exists, or use /tmp */
	if (!is_dir(dir) && mkdir(dir, 0755) && !is_dir(dir)) {
		free(dir);
		return xstrdup("/tmp");
	}
	return dir;
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

/*
 * What one drvcheck-sparse run does.  A module of several files is checked
 * the way Kbuild does it, one file per run recording its facts in a
 * private database, then one replay that joins them (docs/engines.md):
 * one run over all the files (sparse's own multi-file mode) lost a later
 * file to parse errors plain sparse does not have.
 */
enum task_kind { TASK_MODULE, TASK_FILE, TASK_REPLAY };

struct task {
	enum task_kind kind;
	const struct kmodule *module;
	size_t file;		/* TASK_FILE: which of the module's files */
	char *db;		/* TASK_FILE, TASK_REPLAY: the module's facts */
};

struct job {
	const struct task *task;
	struct child child;
	struct strlist argv;
};

static void add_file_flags(struct strlist *argv, const struct kmodule *m)
{
	for (size_t i = 0; i < m->flags.n; i++)
		strlist_add(argv, m->flags.items[i]);
	strlist_add_owned(argv, xasprintf("-DKBUILD_BASENAME=\"%s\"", m->name));
	strlist_add_owned(argv, xasprintf("-DKBUILD_MODNAME=\"%s\"", m->name));
	strlist_add_owned(argv, xasprintf("-D__KBUILD_MODNAME=kmod_%s", m->name));
}

static int job_start(struct job *job, const char *prog, const char *checks,
		     const struct task *t, const char *user_db)
{
	const struct kmodule *m = t->module;
	int rc;

	memset(job, 0, sizeof(*job));
	job->task = t;
	strlist_add(&job->argv, prog);
	if (t->kind == TASK_REPLAY)
		strlist_add_owned(&job->argv, xasprintf("--drvcheck-replay=%s", t->db));
	strlist_add(&job->argv, "--drvcheck-format=tab");
	strlist_add(&job->argv, checks);
	if (t->kind != TASK_REPLAY)
		add_file_flags(&job->argv, m);
	if (t->kind == TASK_FILE)
		strlist_add(&job->argv, m->files.items[t->file]);
	for (size_t i = 0; t->kind == TASK_MODULE && i < m->files.n; i++)
		strlist_add(&job->argv, m->files.items[i]);
	strlist_add_owned(&job->argv, NULL);
	/* the child inherits the database it records into */
	if (t->kind == TASK_FILE)
		setenv("DRVCHECK_DB", t->db, 1);
	rc = child_start_in(&job->child, job->argv.items, m->dir);
	if (user_db)
		setenv("DRVCHECK_DB", user_db, 1);
	else
		unsetenv("DRVCHECK_DB");
	return rc;
}

/* "file:line:" opens each of sparse's messages about the code. */
static bool at_location(const char *line)
{
	const char *colon = strchr(line, ':');

	return colon && colon > line && colon[1] >= '0' && colon[1] <= '9';
}

/*
 * sparse's errors are shown, and its messages without a location (such as
 * "No such file: x" for a word of the command line it took for a file);
 * a file drvcheck-sparse did not analyse ("analysis skipped") counts as
 * partly analysed.
 */
static void read_errors(const char *path, const struct scan_request *req,
			struct scan_status *status)
{
	char *text = read_file(path, NULL), *save = NULL;
	const char *skipped = ": note: drvcheck: analysis skipped";

	for (char *line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *at = strstr(line, skipped);

		if (strstr(line, ": error: ") || !at_location(line))
			fprintf(stderr, "%s\n", line);
		if (!at)
			continue;
		*at = '\0';
		status->files_partial++;
		if (strlist_has(&req->explicit_files, line))
			status->explicit_unparsed++;
		fprintf(stderr, "drvcheck: %s: sparse errors, the file was not "
			"analysed\n", line);
	}
	free(text);
}

static int job_finish(struct job *job, const struct scan_request *req,
		      const struct selection *sel, struct finding_list *out,
		      struct scan_status *status)
{
	int rc = child_wait(&job->child);
	char *text;

	/* sparse exits 1 after errors in the file; more is a crash */
	if (rc > 1) {
		fprintf(stderr, "drvcheck: sparse: %s failed on module %s "
			"(exit status %d)\n", job->argv.items[0],
			job->task->module->key, rc);
		text = read_file(job->child.err_path, NULL);
		fputs(text ? text : "", stderr);
		free(text);
	}
	text = read_file(job->child.out_path, NULL);
	finding_tab_parse(text, sel, ENGINE_SPARSE, out);
	free(text);
	read_errors(job->child.err_path, req, status);
	child_cleanup(&job->child);
	strlist_free(&job->argv);
	return rc > 1 ? -1 : 0;
}

/* Every module's tasks, in order; NULL and *n = 0 without a directory. */
static struct task *plan(const struct kmodule_list *mods, const char *dir,
			 size_t *n)
{
	size_t cap = 0;
	struct task *tasks = NULL;

	*n = 0;
	for (size_t i = 0; i < mods->n; i++) {
		const struct kmodule *m = &mods->items[i];
		char *db = m->files.n > 1 ? xasprintf("%s/m%zu.db", dir, i) : NULL;

		for (size_t f = 0; f < (db ? m->files.n + 1 : 1); f++) {
			GROW(tasks, cap, *n + 1);
			tasks[*n] = (struct task){
				.kind = !db ? TASK_MODULE :
					f < m->files.n ? TASK_FILE : TASK_REPLAY,
				.module = m, .file = f,
				.db = db,	/* freed with the replay task */
			};
			++*n;
		}
	}
	return tasks;
}

static int run_modules(const struct scan_request *req, const char *prog,
		       const struct kmodule_list *mods, const struct selection *sel,
		       const char *checks, struct finding_list *out,
		       struct scan_status *status)
{
	size_t width = req->jobs > 1 ? (size_t)req->jobs : 1;
	struct job *jobs = xcalloc(width, sizeof(*jobs));
	const char *env = getenv("DRVCHECK_DB");
	char *user_db = env ? xstrdup(env) : NULL;
	char *dir = tmpdir_create();
	size_t n_tasks = 0, next = 0, done = 0;
	struct task *tasks = dir ? plan(mods, dir, &n_tasks) : NULL;
	int ret = dir ? 0 : -1;

	if (!dir)
		perror("drvcheck: cannot create a temporary directory");
	/* a window of running jobs, finished in the order they started */
	while (done < n_tasks) {
		/* a replay waits for the runs that record its facts */
		while (next < n_tasks && next - done < width &&
		       (tasks[next].kind != TASK_REPLAY || next == done)) {
			struct job *job = &jobs[next % width];

			if (job_start(job, prog, checks, &tasks[next], user_db)) {
				perror("drvcheck: cannot run " SPARSE_PROG);
				child_cleanup(&job->child);
				strlist_free(&job->argv);
				ret = -1;
				goto out;
			}
			next++;
		}
		if (req->progress)
			fprintf(stderr, "\rdrvcheck: sparse %zu/%zu runs...\033[K",
				done + 1, n_tasks);
		if (job_finish(&jobs[done % width], req, sel, out, status))
			ret = -1;
		done++;
	}
out:
	while (done < next) {
		job_finish(&jobs[done % width], req, sel, out, status);
		done++;
	}
	if (req->progress && n_tasks)
		fputs("\r\033[K", stderr);
	for (size_t i = 0; i < n_tasks; i++)
		if (tasks[i].kind == TASK_REPLAY)
			free(tasks[i].db);
	free(tasks);
	free(jobs);
	free(user_db);
	if (dir)
		tmpdir_remove(dir);
	return ret;
}

static bool in_compdb(const struct compdb *db, const char *file)
{
	for (size_t i = 0; i < db->n; i++)
		if (strcmp(db->items[i].file, file) == 0)
			return true;
	return false;
}

/*
 * The modules to check: the compile database's with its flags, the other
 * files' with the flags Kbuild would give them.  Returns 0, or -1 after
 * printing why.
 */
static int modules(const struct scan_request *req, const char *prog,
		   struct kmodule_list *mods)
{
	struct strlist loose = { 0 }, flags = { 0 };
	char *kdir = NULL, *cache = NULL;
	int ret = 0;

	kbuild_modules_compdb(&req->compdb, mods);
	for (size_t i = 0; i < req->files.n; i++)
		if (!in_compdb(&req->compdb, req->files.items[i]))
			strlist_add(&loose, req->files.items[i]);
	if (loose.n) {
		kdir = kbuild_kdir();
		cache = cache_dir(prog);
		ret = kdir ? kbuild_check_flags(kdir, cache, &flags) : -1;
		if (ret == 0)
			kbuild_modules(&loose, &flags, mods);
	}
	strlist_free(&loose);
	strlist_free(&flags);
	free(cache);
	free(kdir);
	return ret;
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
	if (prog && modules(req, prog, &mods) == 0)
		ret = run_modules(req, prog, &mods, &sel, checks.buf, out, status);
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
