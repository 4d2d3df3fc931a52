// SPDX-License-Identifier: GPL-2.0
#define _XOPEN_SOURCE 700
#include <ftw.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "run.h"

bool tool_on_path(const char *name)
{
	const char *path = getenv("PATH");
	struct strlist dirs = { 0 };
	bool found = false;

	strlist_split(&dirs, path ? path : "/usr/bin:/bin", ":");
	for (size_t i = 0; i < dirs.n && !found; i++) {
		char *p = xasprintf("%s/%s", dirs.items[i], name);

		found = access(p, X_OK) == 0;
		free(p);
	}
	strlist_free(&dirs);
	return found;
}

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

char *tool_beside_self(const char *env, const char *const rel[])
{
	const char *value = getenv(env);
	char *dir = self_dir();

	if (value && *value) {
		free(dir);
		return xstrdup(value);
	}
	for (size_t i = 0; dir && rel[i]; i++) {
		char *p = xasprintf("%s/%s", dir, rel[i]);

		if (access(p, F_OK) == 0) {
			free(dir);
			return p;
		}
		free(p);
	}
	free(dir);
	return NULL;
}

/*
 * What an interrupted run would leave behind: the children still running
 * and the temporary files and directories not yet removed.  Fixed slots,
 * as the signal handler reads them (run_trap_signals()); a run that
 * outgrows them only loses the clean-up of the extra ones.
 */
#define LIVE_MAX 256
static volatile pid_t live_pids[LIVE_MAX];
static char *volatile live_paths[LIVE_MAX];
static volatile sig_atomic_t live_is_dir[LIVE_MAX];

static void track_pid(pid_t pid, bool on)
{
	for (size_t i = 0; i < LIVE_MAX; i++)
		if (live_pids[i] == (on ? 0 : pid)) {
			live_pids[i] = on ? pid : 0;
			return;
		}
}

static void track_path(char *path, bool dir, bool on)
{
	for (size_t i = 0; i < LIVE_MAX; i++)
		if (live_paths[i] == (on ? NULL : path)) {
			live_is_dir[i] = dir;
			live_paths[i] = on ? path : NULL;
			return;
		}
}

/* Only async-signal-safe calls: the signal may interrupt anything. */
static void on_signal(int sig)
{
	const struct timespec tick = { 0, 50 * 1000 * 1000 };
	char *argv[LIVE_MAX + 4] = { "rm", "-rf", "--" };
	int n = 3, left = 1;
	pid_t rm;

	for (size_t i = 0; i < LIVE_MAX; i++)
		if (live_pids[i] > 0)
			kill(live_pids[i], SIGTERM);
	/* two seconds to go, then no choice */
	for (int t = 0; t < 40 && left; t++) {
		left = 0;
		for (size_t i = 0; i < LIVE_MAX; i++)
			if (live_pids[i] > 0 && waitpid(live_pids[i], NULL, WNOHANG) == 0)
				left = 1;
		if (left)
			nanosleep(&tick, NULL);
	}
	for (size_t i = 0; i < LIVE_MAX && left; i++)
		if (live_pids[i] > 0 && kill(live_pids[i], SIGKILL) == 0)
			waitpid(live_pids[i], NULL, 0);
	for (size_t i = 0; i < LIVE_MAX; i++) {
		char *p = live_paths[i];

		if (p && live_is_dir[i])
			argv[n++] = p;
		else if (p)
			unlink(p);
	}
	argv[n] = NULL;
	if (n > 3 && (rm = fork()) == 0) {
		execv("/bin/rm", argv);
		_exit(127);
	}
	if (n > 3 && rm > 0)
		waitpid(rm, NULL, 0);
	signal(sig, SIG_DFL);
	raise(sig);
}

/* the signals an interrupted run cleans up after */
static const int trapped_sigs[] = { SIGINT, SIGTERM, SIGHUP };
#define N_TRAPPED (sizeof(trapped_sigs) / sizeof(trapped_sigs[0]))

void run_trap_signals(void)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_signal;
	sigfillset(&sa.sa_mask);
	/* one ignored stays ignored (a background job of a script, nohup) */
	for (size_t i = 0; i < N_TRAPPED; i++) {
		struct sigaction old;

		if (sigaction(trapped_sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(trapped_sigs[i], &sa, NULL);
	}
}

static char *temp_file(void)
{
	const char *base = getenv("TMPDIR");
	char *path = xasprintf("%s/drvcheck.XXXXXX", base ? base : "/tmp");
	int fd = mkstemp(path);

	if (fd < 0) {
		free(path);
		return NULL;
	}
	close(fd);
	track_path(path, false, true);
	return path;
}

int child_start_in(struct child *c, char *const argv[], const char *dir)
{
	sigset_t trapped, old;
	int out, err, null;

	memset(c, 0, sizeof(*c));
	c->out_path = temp_file();
	c->err_path = temp_file();
	if (!c->out_path || !c->err_path)
		return -1;
	/* no interruption between the fork and the child's tracking: the
	 * handler would miss the child, or run in it */
	sigemptyset(&trapped);
	for (size_t i = 0; i < N_TRAPPED; i++)
		sigaddset(&trapped, trapped_sigs[i]);
	sigprocmask(SIG_BLOCK, &trapped, &old);
	c->pid = fork();
	if (c->pid > 0)
		track_pid(c->pid, true);
	if (c->pid != 0) {
		sigprocmask(SIG_SETMASK, &old, NULL);
		return c->pid < 0 ? -1 : 0;
	}
	out = open(c->out_path, O_WRONLY | O_TRUNC);
	err = open(c->err_path, O_WRONLY | O_TRUNC);
	null = open("/dev/null", O_RDONLY);
	/* the parent cleans up after an interrupted run, not this one */
	for (size_t i = 0; i < N_TRAPPED; i++)
		signal(trapped_sigs[i], SIG_DFL);
	sigprocmask(SIG_SETMASK, &old, NULL);
	if (out < 0 || err < 0 || null < 0)
		_exit(127);
	dup2(null, 0);
	dup2(out, 1);
	dup2(err, 2);
	if (dir && chdir(dir)) {
		perror(dir);
		_exit(127);
	}
	execvp(argv[0], argv);
	_exit(127);
}

int child_start(struct child *c, char *const argv[])
{
	return child_start_in(c, argv, NULL);
}

static int exit_status(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return 128 + WTERMSIG(status);
}

int child_wait(struct child *c)
{
	int status;

	while (waitpid(c->pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	track_pid(c->pid, false);
	return exit_status(status);
}

long long now_ms(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (long long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

int child_wait_until(struct child *c, long long deadline, bool *timed_out)
{
	/* polled: a SIGCHLD handler would be process-wide state */
	const struct timespec tick = { 0, 20 * 1000 * 1000 };
	int status;
	pid_t got;

	*timed_out = false;
	if (!deadline)
		return child_wait(c);
	while ((got = waitpid(c->pid, &status, WNOHANG)) == 0 ||
	       (got < 0 && errno == EINTR)) {
		if (got == 0 && now_ms() >= deadline && !*timed_out) {
			kill(c->pid, SIGKILL);
			*timed_out = true;
		}
		nanosleep(&tick, NULL);
	}
	if (got < 0)
		return -1;
	track_pid(c->pid, false);
	return exit_status(status);
}

void child_cleanup(struct child *c)
{
	track_path(c->out_path, false, false);
	track_path(c->err_path, false, false);
	if (c->out_path)
		unlink(c->out_path);
	if (c->err_path)
		unlink(c->err_path);
	free(c->out_path);
	free(c->err_path);
	c->out_path = c->err_path = NULL;
}

char *tmpdir_create(void)
{
	const char *base = getenv("TMPDIR");
	char *path = xasprintf("%s/drvcheck.XXXXXX", base ? base : "/tmp");

	if (!mkdtemp(path)) {
		free(path);
		return NULL;
	}
	track_path(path, true, true);
	return path;
}

static int remove_entry(const char *path, const struct stat *st, int type,
			struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (type == FTW_DP)
		rmdir(path);
	else
		unlink(path);
	return 0;
}

/* Recursive: spatch's AST cache and Kbuild's .*.cmd files live in here. */
void tmpdir_remove(char *dir)
{
	track_path(dir, true, false);
	nftw(dir, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
	free(dir);
}
