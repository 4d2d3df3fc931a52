// SPDX-License-Identifier: GPL-2.0
/* The user-space environment: pthread spinlocks, malloc, glibc backtrace(). */
#include <execinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "env.h"

void rt_lock_init(rt_lock_t *lock)
{
	pthread_spin_init(&lock->sl, PTHREAD_PROCESS_PRIVATE);
}

void rt_lock_destroy(rt_lock_t *lock)
{
	pthread_spin_destroy(&lock->sl);
}

void rt_lock(rt_lock_t *lock, rt_lock_flags_t *flags)
{
	*flags = 0;
	pthread_spin_lock(&lock->sl);
}

void rt_unlock(rt_lock_t *lock, rt_lock_flags_t flags)
{
	(void)flags;
	pthread_spin_unlock(&lock->sl);
}

void *rt_alloc_big(size_t bytes)
{
	return calloc(1, bytes);
}

void rt_free_big(void *p)
{
	free(p);
}

static void vlog(const char *fmt, va_list ap)
{
	fputs("drvcheck_rt: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void rt_log(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vlog(fmt, ap);
	va_end(ap);
}

/*
 * The kernel's default: 10 messages per 5 s window.  The window state is
 * shared by all callers, as pr_err_ratelimited's is per call site but the
 * runtime has a single call site for errors.
 */
#define RL_BURST	10
#define RL_WINDOW_NS	(5ULL * 1000000000ULL)

static pthread_mutex_t rl_lock = PTHREAD_MUTEX_INITIALIZER;
static u64 rl_start;
static unsigned int rl_printed;

void rt_log_ratelimited(const char *fmt, ...)
{
	u64 now = rt_time_ns();
	bool print;
	va_list ap;

	pthread_mutex_lock(&rl_lock);
	if (now - rl_start > RL_WINDOW_NS) {
		rl_start = now;
		rl_printed = 0;
	}
	print = rl_printed < RL_BURST;
	if (print)
		rl_printed++;
	pthread_mutex_unlock(&rl_lock);
	if (!print)
		return;
	va_start(ap, fmt);
	vlog(fmt, ap);
	va_end(ap);
}

unsigned int rt_stack_save(unsigned long *buf, unsigned int max,
			   unsigned int skip)
{
	void *frames[32];
	int n = backtrace(frames, 32);
	unsigned int out = 0;

	/* +1: this function's own frame. */
	for (int i = (int)skip + 1; i < n && out < max; i++)
		buf[out++] = (unsigned long)frames[i];
	return out;
}

u64 rt_time_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}
