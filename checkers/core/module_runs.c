// SPDX-License-Identifier: GPL-2.0
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "kbuild_flags.h"
#include "module_runs.h"
#include "result_cache.h"

/*
 * With a result cache, a module of several files keeps its facts database
 * in the cache and, beside it (.keys), which file's run it holds under
 * which key: a file whose output is cached under its key and whose facts
 * the database holds under that same key is not run again.  The
 * database is named by the module's files, so one that lost or gained a
 * file is another database.
 */
struct module_state {
	char *keys_path;	/* NULL: no cache for this module */
	struct strlist keys;	/* pairs: file, key of its run in the db */
	bool dirty;
};

struct job {
	const struct module_run *run;
	struct child child;
	struct strlist argv;
	long long deadline;	/* now_ms() it is killed at, 0: never */
	bool started;		/* false: the engine had nothing to run */
	bool cached;		/* child's captures come from the cache */
	int cached_rc;
	char hex[33];		/* the run's cache key, "" when uncached */
};

static const char *state_key(const struct module_state *ms, const char *file)
{
	for (size_t i = 0; ms && i + 1 < ms->keys.n; i += 2)
		if (strcmp(ms->keys.items[i], file) == 0)
			return ms->keys.items[i + 1];
	return NULL;
}

static void state_set(struct module_state *ms, const char *file, const char *hex)
{
	for (size_t i = 0; i + 1 < ms->keys.n; i += 2)
		if (strcmp(ms->keys.items[i], file) == 0) {
			free(ms->keys.items[i + 1]);
			ms->keys.items[i + 1] = xstrdup(hex);
			ms->dirty = true;
			return;
		}
	strlist_add(&ms->keys, file);
	strlist_add(&ms->keys, hex);
	ms->dirty = true;
}

static char *write_temp(const char *dir, const char *name, const char *text,
			size_t len)
{
	char *path = xasprintf("%s/%s", dir, name);
	FILE *f = fopen(path, "w");

	if (f) {
		fwrite(text, 1, len, f);
		fclose(f);
	}
	return path;
}

/*
 * A cached run: "RC\n" then its stdout in <engine>o-KEY, its stderr in
 * <engine>e-KEY; its captures are written to tmp for finish() to read.
 */
static bool job_from_cache(struct job *job, const char *cache, const char *engine,
			   const char *tmp, size_t seq)
{
	char *okind = xasprintf("%so", engine), *ekind = xasprintf("%se", engine);
	size_t olen = 0, elen = 0;
	char *out = result_cache_get(cache, okind, job->hex, &olen);
	char *err = out ? result_cache_get(cache, ekind, job->hex, &elen) : NULL;
	char *nl = out ? memchr(out, '\n', olen) : NULL;
	char name[32];

	if (nl && err) {
		job->cached_rc = atoi(out);
		snprintf(name, sizeof(name), "hit%zu.out", seq);
		job->child.out_path = write_temp(tmp, name, nl + 1,
						 olen - (size_t)(nl + 1 - out));
		snprintf(name, sizeof(name), "hit%zu.err", seq);
		job->child.err_path = write_temp(tmp, name, err, elen);
		job->cached = job->started = true;
	}
	free(out);
	free(err);
	free(okind);
	free(ekind);
	return job->cached;
}

static void job_to_cache(const struct job *job, const char *cache,
			 const char *engine, int rc)
{
	char *okind = xasprintf("%so", engine), *ekind = xasprintf("%se", engine);
	size_t olen = 0, elen = 0;
	char *out = read_file(job->child.out_path, &olen);
	char *err = read_file(job->child.err_path, &elen);
	struct strbuf sb = { 0 };

	if (out && err) {
		sb_printf(&sb, "%d\n", rc);
		sb_add(&sb, out, olen);
		/* the stderr entry first: a stdout entry means both are there */
		result_cache_put(cache, ekind, job->hex, err, elen);
		result_cache_put(cache, okind, job->hex, sb.buf, sb.len);
	}
	sb_free(&sb);
	free(out);
	free(err);
	free(okind);
	free(ekind);
}

/* The key of a file run: its command, its file and headers, the program. */
static void run_key(const struct strlist *argv, const struct kmodule *m,
		    size_t file, char hex[33])
{
	struct cache_key k;

	cache_key_init(&k);
	cache_key_add_program(&k, argv->items[0]);
	for (size_t i = 0; i < argv->n; i++)
		cache_key_add(&k, argv->items[i] ? argv->items[i] : "");
	cache_key_add_file(&k, m->files.items[file]);
	cache_key_add_headers_beside(&k, m->files.items[file]);
	cache_key_hex(&k, hex);
}

static int job_start(struct job *job, const struct module_runner *mr,
		     const struct module_run *r, const char *user_db,
		     const char *cache, struct module_state *ms,
		     const char *tmp, size_t seq)
{
	int rc;

	memset(job, 0, sizeof(*job));
	job->run = r;
	if (!mr->command(mr->ctx, r, &job->argv))
		return 0;
	if (cache) {
		const char *have;

		run_key(&job->argv, r->module, r->file, job->hex);
		have = state_key(ms, r->module->files.items[r->file]);
		/* a database's facts must be this very run's */
		if ((!r->db || (have && strcmp(have, job->hex) == 0)) &&
		    job_from_cache(job, cache, mr->engine, tmp, seq)) {
			strlist_add_owned(&job->argv, NULL);
			return 0;
		}
		if (r->db)	/* unknown until this run ends well */
			state_set(ms, r->module->files.items[r->file], "-");
	}
	strlist_add_owned(&job->argv, NULL);
	/*
	 * the child inherits the database it records into, and leaves the
	 * verdicts to the replay over the module's files
	 */
	if (r->kind == RUN_FILE && r->db) {
		setenv("DRVCHECK_DB", r->db, 1);
		setenv("DRVCHECK_JUDGE", "module", 1);
	}
	rc = child_start_in(&job->child, job->argv.items, r->module->dir);
	unsetenv("DRVCHECK_JUDGE");
	if (user_db)
		setenv("DRVCHECK_DB", user_db, 1);
	else
		unsetenv("DRVCHECK_DB");
	job->started = rc == 0;
	job->deadline = mr->timeout ? now_ms() + 1000LL * mr->timeout : 0;
	return rc;
}

static int job_finish(struct job *job, const struct module_runner *mr,
		      const char *cache, struct module_state *ms)
{
	bool timed_out = false;
	int rc, ret = 0;

	if (job->started) {
		rc = job->cached ? job->cached_rc
				 : child_wait_until(&job->child, job->deadline,
						    &timed_out);
		/* the NULL that ends argv is not the engine's */
		job->argv.n--;
		ret = mr->finish(mr->ctx, job->run, &job->argv, &job->child,
				 rc, timed_out);
		if (cache && !job->cached && !timed_out && ret == 0) {
			job_to_cache(job, cache, mr->engine, rc);
			if (job->run->db)
				state_set(ms, job->run->module->files.items[job->run->file],
					  job->hex);
		}
	}
	child_cleanup(&job->child);
	strlist_free(&job->argv);
	return ret;
}

/* The cached database of module m: named by engine, module and files. */
static char *cached_db(const char *cache, const char *engine,
		       const struct kmodule *m, struct module_state *ms)
{
	struct cache_key k;
	char hex[33], *text;

	cache_key_init(&k);
	cache_key_add(&k, engine);
	cache_key_add(&k, m->key);
	for (size_t f = 0; f < m->files.n; f++)
		cache_key_add(&k, m->files.items[f]);
	cache_key_hex(&k, hex);
	ms->keys_path = xasprintf("%s/%sdb-%s.keys", cache, engine, hex);
	text = read_file(ms->keys_path, NULL);
	if (text)
		strlist_split(&ms->keys, text, "\t\n");
	free(text);
	if (ms->keys.n % 2)	/* torn: trust none of it */
		strlist_free(&ms->keys);
	return xasprintf("%s/%sdb-%s.db", cache, engine, hex);
}

static void write_state(const struct module_state *ms)
{
	char *tmp;
	FILE *f;

	if (!ms->keys_path || !ms->dirty)
		return;
	tmp = xasprintf("%s.%ld.tmp", ms->keys_path, (long)getpid());
	f = fopen(tmp, "w");
	for (size_t i = 0; f && i + 1 < ms->keys.n; i += 2)
		fprintf(f, "%s\t%s\n", ms->keys.items[i], ms->keys.items[i + 1]);
	if (!f || fclose(f) || rename(tmp, ms->keys_path))
		unlink(tmp);
	free(tmp);
}

/* Every module's runs, in order; *n = 0 without a directory. */
static struct module_run *plan(const struct kmodule_list *mods,
			       const char *dir, const char *cache,
			       const char *engine, struct module_state *states,
			       size_t *n)
{
	size_t cap = 0;
	struct module_run *runs = NULL;

	*n = 0;
	for (size_t i = 0; i < mods->n; i++) {
		const struct kmodule *m = &mods->items[i];
		char *db = NULL;

		if (m->files.n > 1)
			db = cache ? cached_db(cache, engine, m, &states[i])
				   : xasprintf("%s/m%zu.db", dir, i);

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
	/* a user's DRVCHECK_DB wants every run: no cache then */
	const char *cache = user_db ? NULL : req->cache_dir;
	struct module_state *states = xcalloc(mods->n + 1, sizeof(*states));
	size_t n_runs = 0, next = 0, done = 0;
	struct module_run *runs = dir ? plan(mods, dir, cache, mr->engine,
					     states, &n_runs) : NULL;
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
			if (job_start(job, mr, &runs[next], user_db, cache,
				      &states[runs[next].module - mods->items],
				      dir, next)) {
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
		if (job_finish(&jobs[done % width], mr, cache,
			       &states[runs[done].module - mods->items]))
			ret = -1;
		done++;
	}
out:
	while (done < next) {
		job_finish(&jobs[done % width], mr, cache,
			   &states[runs[done].module - mods->items]);
		done++;
	}
	for (size_t i = 0; i < mods->n; i++) {
		write_state(&states[i]);
		free(states[i].keys_path);
		strlist_free(&states[i].keys);
	}
	free(states);
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

int module_runs_modules(const struct scan_request *req, const char *near,
			struct kmodule_list *mods)
{
	struct strlist loose = { 0 }, flags = { 0 };
	char *kdir = NULL, *cache = NULL;
	int ret = 0;

	kbuild_modules_compdb(&req->compdb, mods);
	for (size_t i = 0; i < req->files.n; i++)
		if (!compdb_has(&req->compdb, req->files.items[i]))
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
