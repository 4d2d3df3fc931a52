// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kbuild_flags.h"
#include "module_runs.h"

struct job {
	const struct module_run *run;
	struct child child;
	struct strlist argv;
	long long deadline;	/* now_ms() it is killed at, 0: never */
	bool started;		/* false: the engine had nothing to run */
};

static int job_start(struct job *job, const struct module_runner *mr,
		     const struct module_run *r, const char *user_db)
{
	int rc;

	memset(job, 0, sizeof(*job));
	job->run = r;
	if (!mr->command(mr->ctx, r, &job->argv))
		return 0;
	strlist_add_owned(&job->argv, NULL);
	/* the child inherits the database it records into */
	if (r->kind == RUN_FILE && r->db)
		setenv("DRVCHECK_DB", r->db, 1);
	rc = child_start_in(&job->child, job->argv.items, r->module->dir);
	if (user_db)
		setenv("DRVCHECK_DB", user_db, 1);
	else
		unsetenv("DRVCHECK_DB");
	job->started = rc == 0;
	job->deadline = mr->timeout ? now_ms() + 1000LL * mr->timeout : 0;
	return rc;
}

static int job_finish(struct job *job, const struct module_runner *mr)
{
	bool timed_out = false;
	int rc, ret = 0;

	if (job->started) {
		rc = child_wait_until(&job->child, job->deadline, &timed_out);
		/* the NULL that ends argv is not the engine's */
		job->argv.n--;
		ret = mr->finish(mr->ctx, job->run, &job->argv, &job->child,
				 rc, timed_out);
	}
	child_cleanup(&job->child);
	strlist_free(&job->argv);
	return ret;
}

/* Every module's runs, in order; *n = 0 without a directory. */
static struct module_run *plan(const struct kmodule_list *mods,
			       const char *dir, size_t *n)
{
	size_t cap = 0;
	struct module_run *runs = NULL;

	*n = 0;
	for (size_t i = 0; i < mods->n; i++) {
		const struct kmodule *m = &mods->items[i];
		char *db = m->files.n > 1 ? xasprintf("%s/m%zu.db", dir, i) : NULL;

		for (size_t f = 0; f < (db ? m->files.n + 1 : 1); f++) {
			GROW(runs, cap, *n + 1);
			runs[*n] = (struct module_run){
				.kind = f < m->files.n ? RUN_FILE : RUN_REPLAY,
				.module = m, .file = f,
				.db = db,	/* freed with the replay */
			};
			++*n;
		}
	}
	return runs;
}

int module_runs(const struct module_runner *mr, const struct scan_request *req,
		const struct kmodule_list *mods)
{
	size_t width = req->jobs > 1 ? (size_t)req->jobs : 1;
	struct job *jobs = xcalloc(width, sizeof(*jobs));
	const char *env = getenv("DRVCHECK_DB");
	char *user_db = env ? xstrdup(env) : NULL;
	char *dir = tmpdir_create();
	size_t n_runs = 0, next = 0, done = 0;
	struct module_run *runs = dir ? plan(mods, dir, &n_runs) : NULL;
	int ret = dir ? 0 : -1;

	if (!dir)
		perror("drvcheck: cannot create a temporary directory");
	/* a window of running jobs, finished in the order they started */
	while (done < n_runs) {
		/* a replay waits for the runs that record its facts */
		while (next < n_runs && next - done < width &&
		       (runs[next].kind != RUN_REPLAY || next == done)) {
			struct job *job = &jobs[next % width];

			if (runs[next].kind == RUN_REPLAY) {
				if (is_regular(runs[next].db) &&
				    mr->replay(mr->ctx, &runs[next]))
					ret = -1;
				next++;
				done++;
				continue;
			}
			if (job_start(job, mr, &runs[next], user_db)) {
				fprintf(stderr, "drvcheck: %s: cannot run %s: ",
					mr->engine, job->argv.items[0]);
				perror(NULL);
				child_cleanup(&job->child);
				strlist_free(&job->argv);
				ret = -1;
				goto out;
			}
			next++;
		}
		if (done == next)
			continue;	/* a replay, done already */
		if (req->progress)
			fprintf(stderr, "\rdrvcheck: %s %zu/%zu runs...\033[K",
				mr->engine, done + 1, n_runs);
		if (job_finish(&jobs[done % width], mr))
			ret = -1;
		done++;
	}
out:
	while (done < next) {
		job_finish(&jobs[done % width], mr);
		done++;
	}
	if (req->progress && n_runs)
		fputs("\r\033[K", stderr);
	for (size_t i = 0; i < n_runs; i++)
		if (runs[i].kind == RUN_REPLAY)
			free(runs[i].db);
	free(runs);
	free(jobs);
	free(user_db);
	if (dir)
		tmpdir_remove(dir);
	return ret;
}

/* Where the recorded flags are kept: the build tree, else the user's cache. */
static char *cache_dir(const char *near)
{
	const char *env = getenv("DRVCHECK_CACHE_DIR");
	const char *xdg = getenv("XDG_CACHE_HOME"), *home = getenv("HOME");
	const char *slash = strrchr(near, '/');
	char *dir;

	if (env && *env)
		return xstrdup(env);
	if (slash) {
		dir = xstrndup(near, (size_t)(slash - near));
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

static bool in_compdb(const struct compdb *db, const char *file)
{
	for (size_t i = 0; i < db->n; i++)
		if (strcmp(db->items[i].file, file) == 0)
			return true;
	return false;
}

int module_runs_modules(const struct scan_request *req, const char *near,
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
		kdir = kbuild_kdir(req->kernel_version, true);
		cache = cache_dir(near);
		if (!kdir)
			fputs("drvcheck: no kernel headers for the files outside "
			      "a compile_commands.json (install "
			      "linux-headers-amd64, or set KDIR)\n", stderr);
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
