/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The kernel environment for runtime/core, included by env.h when
 * __KERNEL__ is defined (drvcheck_rt.ko).  Same contract as the user-space
 * declarations in env.h.  Hooks run in any context, hard IRQ included, so
 * the table locks disable interrupts and nothing here that a hook reaches
 * may sleep; rt_alloc_big may, and is only called at init and from the
 * pool-grow work item.
 */
#ifndef DRVCHECK_RT_ENV_KERNEL_H
#define DRVCHECK_RT_ENV_KERNEL_H

#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/percpu.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <linux/spinlock.h>
#include <linux/stacktrace.h>
#include <linux/timekeeping.h>
#include <linux/types.h>

typedef spinlock_t rt_lock_t;
typedef unsigned long rt_lock_flags_t;

static inline void rt_lock_init(rt_lock_t *lock)
{
	spin_lock_init(lock);
}

static inline void rt_lock_destroy(rt_lock_t *lock)
{
}

/* A macro: spin_lock_irqsave stores into its flags argument by name. */
#define rt_lock(lock, flagsp) \
	do { spin_lock_irqsave((lock), *(flagsp)); } while (0)
#define rt_unlock(lock, flags)	spin_unlock_irqrestore((lock), (flags))

static inline void *rt_alloc_big(size_t bytes)
{
	return kvzalloc(bytes, GFP_KERNEL);
}

static inline void rt_free_big(void *p)
{
	kvfree(p);
}

#define rt_log(fmt, ...)	pr_err("drvcheck_rt: " fmt "\n", ##__VA_ARGS__)
#define rt_log_ratelimited(fmt, ...) \
	pr_err_ratelimited("drvcheck_rt: " fmt "\n", ##__VA_ARGS__)

/*
 * Inside a hook the stack that matters starts at the driver's call into
 * the hooked function, which the hook saved at entry (runtime/kmod/ctx.c);
 * anywhere else it is the current stack.
 */
unsigned int rt_kstack_save(unsigned long *buf, unsigned int max,
			    unsigned int skip);

static inline unsigned int rt_stack_save(unsigned long *buf, unsigned int max,
					 unsigned int skip)
{
	return rt_kstack_save(buf, max, skip);
}

static inline u64 rt_time_ns(void)
{
	return ktime_get_ns();
}

typedef struct {
	void __percpu *p;
} rt_pcpu_t;

static inline int rt_pcpu_alloc(rt_pcpu_t *p, size_t size)
{
	p->p = __alloc_percpu(size, SMP_CACHE_BYTES);	/* zeroed */
	return p->p ? 0 : -1;
}

static inline void rt_pcpu_free(rt_pcpu_t *p)
{
	free_percpu(p->p);
	p->p = NULL;
}

static inline void *rt_pcpu_this(const rt_pcpu_t *p)
{
	return this_cpu_ptr(p->p);
}

static inline unsigned int rt_pcpu_ids(void)
{
	return nr_cpu_ids;
}

static inline void *rt_pcpu_of(const rt_pcpu_t *p, unsigned int cpu)
{
	return cpu_possible(cpu) ? per_cpu_ptr(p->p, cpu) : NULL;
}

typedef atomic_long_t rt_atomic_t;

#define rt_atomic_read(a)		atomic_long_read(a)
#define rt_atomic_set(a, v)		atomic_long_set((a), (v))
#define rt_atomic_add_return(a, v)	atomic_long_add_return((v), (a))
#define rt_atomic_try_cmpxchg(a, oldp, new) \
	atomic_long_try_cmpxchg((a), (oldp), (new))

#define rt_likely(x)	likely(x)
#define rt_unlikely(x)	unlikely(x)

#endif /* DRVCHECK_RT_ENV_KERNEL_H */
