/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The poll watcher.  For each watched ->poll callback: calls, time inside,
 * calls that slept (voluntary context switches inside), calls that should
 * have registered with poll_wait() and did not, the last mask; and per
 * poll()/select() syscall, how often watched callbacks ran (a busy loop
 * shows as thousands) and how often its wait queue entries were woken (a
 * loop woken each time is a driver waking its queue with nothing ready).
 *
 * The hooks own the per-call and per-syscall state (kretprobe instance
 * data, in the module) and pass it in; the core keeps only counters.
 */
#ifndef DRVCHECK_RT_POLL_WATCH_H
#define DRVCHECK_RT_POLL_WATCH_H

#include "env.h"
#include "report.h"

struct rt_poll_watch {
	char name[RT_NAME_LEN];		/* the callback's symbol */
	u16 drv;
	rt_atomic_t calls;
	rt_atomic_t ns_total;
	rt_atomic_t ns_max;
	rt_atomic_t slept;
	rt_atomic_t no_wait;
	rt_atomic_t errnos;
	rt_atomic_t last_mask;
	rt_atomic_t max_per_syscall;
};

#define RT_MAX_POLL_WATCH	32

struct rt_poll_watcher {
	struct rt_report *rep;
	u64 block_ns;			/* longer inside ->poll: poll-blocking */
	unsigned long busy_calls;	/* more per syscall: poll-busy */
	rt_lock_t lock;			/* adding watches only */
	unsigned int n;
	struct rt_poll_watch w[RT_MAX_POLL_WATCH];
};

/* One ->poll call in flight. */
struct rt_poll_call {
	struct rt_poll_watch *w;
	u64 t0;
	long nvcsw0;
	bool can_wait;		/* the poll_table had a queue proc */
	bool waited;		/* poll_wait() reached __pollwait */
};

/* One poll()/select() syscall in flight. */
struct rt_poll_syscall {
	struct rt_poll_watch *w;	/* the last watched callback it ran */
	unsigned long calls;
	rt_atomic_t wakeups;		/* counted by the wakers: any CPU */
};

void rt_poll_init(struct rt_poll_watcher *pw, struct rt_report *rep,
		  u64 block_ns, unsigned long busy_calls);
struct rt_poll_watch *rt_poll_watch_add(struct rt_poll_watcher *pw,
					const char *name, u16 drv);
struct rt_poll_watch *rt_poll_watch_find(struct rt_poll_watcher *pw,
					 const char *name);

/*
 * can_wait: whether poll_wait() would register (the first pass of
 * do_poll passes a queue proc, later passes do not and need not wait).
 */
void rt_poll_enter(struct rt_poll_call *c, struct rt_poll_watch *w, u64 now,
		   long nvcsw, bool can_wait);

static inline void rt_poll_waited(struct rt_poll_call *c)
{
	c->waited = true;
}

/* sc may be NULL: a callback reached from outside poll/select (epoll). */
void rt_poll_exit(struct rt_poll_watcher *pw, struct rt_poll_call *c,
		  struct rt_poll_syscall *sc, unsigned int mask, u64 now,
		  long nvcsw);

static inline void rt_poll_syscall_begin(struct rt_poll_syscall *sc)
{
	sc->w = NULL;
	sc->calls = 0;
	rt_atomic_set(&sc->wakeups, 0);
}

/* One of the syscall's wait queue entries was woken (pollwake). */
static inline void rt_poll_syscall_woken(struct rt_poll_syscall *sc)
{
	rt_atomic_inc(&sc->wakeups);
}

void rt_poll_syscall_end(struct rt_poll_watcher *pw,
			 struct rt_poll_syscall *sc);

#endif /* DRVCHECK_RT_POLL_WATCH_H */
