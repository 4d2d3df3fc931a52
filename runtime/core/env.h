/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The environment the runtime core runs in.  Everything in runtime/core is
 * plain C that only talks to the world through this header, so the same
 * table and checks are compiled into drvcheck_rt.ko (env_kernel.h) and into
 * a user-space library that the unit tests, the fuzzer and the bench use
 * (the declarations below, implemented in env_user.c).
 *
 * The contract both sides keep:
 *   rt_alloc_big/rt_free_big  large arrays, may sleep: never on a hook path;
 *   rt_lock_t                 a short-held spinlock, safe in hard IRQ
 *                             context (the kernel disables interrupts);
 *   rt_log/rt_log_ratelimited one line of text, no trailing newline needed;
 *   rt_stack_save             the caller's return addresses, innermost first;
 *   rt_time_ns                monotonic nanoseconds;
 *   rt_atomic_t               a long that several CPUs update without a lock;
 *   rt_pcpu_t                 memory with a copy per CPU (in user space, per
 *                             live thread): rt_pcpu_this() is the caller's
 *                             copy, to be used with preemption off (a lock
 *                             held); readers visit every rt_pcpu_of().
 */
#ifndef DRVCHECK_RT_ENV_H
#define DRVCHECK_RT_ENV_H

#ifdef __KERNEL__
#include "env_kernel.h"
#else

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;

/* Spinlocks, not mutexes: the critical sections are a few loads long. */
typedef struct {
	pthread_spinlock_t sl;
} rt_lock_t;

/* The kernel needs the saved IRQ state; user space has none to save. */
typedef unsigned long rt_lock_flags_t;

void rt_lock_init(rt_lock_t *lock);
void rt_lock_destroy(rt_lock_t *lock);
void rt_lock(rt_lock_t *lock, rt_lock_flags_t *flags);
void rt_unlock(rt_lock_t *lock, rt_lock_flags_t flags);

void *rt_alloc_big(size_t bytes);	/* zeroed */
void rt_free_big(void *p);

void rt_log(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void rt_log_ratelimited(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

unsigned int rt_stack_save(unsigned long *buf, unsigned int max,
			   unsigned int skip);

u64 rt_time_ns(void);

/* A copy per thread slot; a slot is one live thread's at a time. */
#define RT_USER_CPUS	64

typedef struct {
	void *base;
	size_t size;		/* of one copy, in whole cache lines */
} rt_pcpu_t;

int rt_pcpu_alloc(rt_pcpu_t *p, size_t size);	/* zeroed; -1: no memory */
void rt_pcpu_free(rt_pcpu_t *p);
void *rt_pcpu_of(const rt_pcpu_t *p, unsigned int cpu);	/* NULL: none */

/* The calling thread's slot, -1 until its first rt_pcpu_this(). */
extern __thread int rt_thread_slot;
int rt_thread_slot_claim(void);

static inline void *rt_pcpu_this(const rt_pcpu_t *p)
{
	if (__builtin_expect(rt_thread_slot < 0, 0))
		rt_thread_slot = rt_thread_slot_claim();
	return (char *)p->base + (size_t)rt_thread_slot * p->size;
}

static inline unsigned int rt_pcpu_ids(void)
{
	return RT_USER_CPUS;
}

typedef struct {
	long v;
} rt_atomic_t;

static inline long rt_atomic_read(const rt_atomic_t *a)
{
	return __atomic_load_n(&a->v, __ATOMIC_RELAXED);
}

static inline void rt_atomic_set(rt_atomic_t *a, long v)
{
	__atomic_store_n(&a->v, v, __ATOMIC_RELAXED);
}

static inline long rt_atomic_add_return(rt_atomic_t *a, long v)
{
	return __atomic_add_fetch(&a->v, v, __ATOMIC_RELAXED);
}

/* Returns true when *a was old and is now new. */
static inline bool rt_atomic_try_cmpxchg(rt_atomic_t *a, long *old, long new)
{
	return __atomic_compare_exchange_n(&a->v, old, new, false,
					   __ATOMIC_RELAXED, __ATOMIC_RELAXED);
}

#define rt_likely(x)	__builtin_expect(!!(x), 1)
#define rt_unlikely(x)	__builtin_expect(!!(x), 0)

#endif /* !__KERNEL__ */

/* sparse's lock context annotations; nothing to user-space compilers. */
#ifdef __KERNEL__
#define rt_acquires(x)	__acquires(x)
#define rt_releases(x)	__releases(x)
#define rt_must_hold(x)	__must_hold(x)
#else
#define rt_acquires(x)
#define rt_releases(x)
#define rt_must_hold(x)
#endif

/* Shared by both sides. */
static inline void rt_atomic_inc(rt_atomic_t *a)
{
	rt_atomic_add_return(a, 1);
}

static inline void rt_atomic_dec(rt_atomic_t *a)
{
	rt_atomic_add_return(a, -1);
}

/*
 * A counter that one lock guards for writing and anyone may read: a plain
 * load and store (no locked instruction), still a well-defined race for
 * the readers.
 */
static inline void rt_counter_add_locked(rt_atomic_t *a, long v)
{
	rt_atomic_set(a, rt_atomic_read(a) + v);
}

/* Raise *a to at least v (peak counters). */
static inline void rt_atomic_max(rt_atomic_t *a, long v)
{
	long old = rt_atomic_read(a);

	while (old < v && !rt_atomic_try_cmpxchg(a, &old, v))
		;
}

#endif /* DRVCHECK_RT_ENV_H */
