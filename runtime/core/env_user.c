// SPDX-License-Identifier: GPL-2.0
/*
 * The user-space environment: pthread spinlocks, malloc, glibc backtrace(),
 * per-thread slots for per-CPU data.
 */
#include <execinfo.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
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

/*
 * Per-CPU memory in user space: a copy per thread slot.  A thread claims a
 * slot at its first rt_pcpu_this() and gives it back when it exits, so a
 * slot has one live owner at a time and its owner writes it without
 * atomics, as a CPU writes its per-CPU data in the kernel.  What a slot
 * counted stays when its thread exits: the next owner carries on.
 */
static pthread_mutex_t slots_lock = PTHREAD_MUTEX_INITIALIZER;
static bool slot_used[RT_USER_CPUS];
static pthread_key_t slot_key;
static pthread_once_t slot_key_once = PTHREAD_ONCE_INIT;
__thread int rt_thread_slot = -1;

static void slot_release(void *arg)
{
	pthread_mutex_lock(&slots_lock);
	slot_used[(intptr_t)arg - 1] = false;
	pthread_mutex_unlock(&slots_lock);
}

static void slot_key_init(void)
{
	if (pthread_key_create(&slot_key, slot_release)) {
		fputs("drvcheck_rt: cannot create the thread slot key\n", stderr);
		abort();
	}
}

int rt_thread_slot_claim(void)
{
	int slot = -1;

	pthread_once(&slot_key_once, slot_key_init);
	pthread_mutex_lock(&slots_lock);
	for (int i = 0; i < RT_USER_CPUS && slot < 0; i++) {
		if (!slot_used[i]) {
			slot_used[i] = true;
			slot = i;
		}
	}
	pthread_mutex_unlock(&slots_lock);
	if (slot < 0) {
		fprintf(stderr, "drvcheck_rt: more than %d threads use the "
			"runtime at once\n", RT_USER_CPUS);
		abort();
	}
	pthread_setspecific(slot_key, (void *)(intptr_t)(slot + 1));
	return slot;
}

#define LINE	64

int rt_pcpu_alloc(rt_pcpu_t *p, size_t size)
{
	/* Whole lines: two threads' copies never share one. */
	p->size = (size + LINE - 1) / LINE * LINE;
	if (posix_memalign(&p->base, LINE, p->size * RT_USER_CPUS)) {
		p->base = NULL;
		return -1;
	}
	memset(p->base, 0, p->size * RT_USER_CPUS);
	return 0;
}

void rt_pcpu_free(rt_pcpu_t *p)
{
	free(p->base);
	p->base = NULL;
}

void *rt_pcpu_of(const rt_pcpu_t *p, unsigned int cpu)
{
	return cpu < RT_USER_CPUS ? (char *)p->base + cpu * p->size : NULL;
}

u64 rt_time_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (u64)ts.tv_sec * 1000000000ULL + (u64)ts.tv_nsec;
}
