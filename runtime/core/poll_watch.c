// SPDX-License-Identifier: GPL-2.0
#ifndef __KERNEL__
#include <stdio.h>
#include <string.h>
#endif

#include "poll_watch.h"

#define PREFIX "drvcheck: "

void rt_poll_init(struct rt_poll_watcher *pw, struct rt_report *rep,
		  u64 block_ns, unsigned long busy_calls)
{
	memset(pw, 0, sizeof(*pw));
	pw->rep = rep;
	pw->block_ns = block_ns;
	pw->busy_calls = busy_calls;
	rt_lock_init(&pw->lock);
}

struct rt_poll_watch *rt_poll_watch_find(struct rt_poll_watcher *pw,
					 const char *name)
{
	unsigned int n = __atomic_load_n(&pw->n, __ATOMIC_ACQUIRE);

	for (unsigned int i = 0; i < n; i++)
		if (strncmp(pw->w[i].name, name, RT_NAME_LEN - 1) == 0)
			return &pw->w[i];
	return NULL;
}

struct rt_poll_watch *rt_poll_watch_add(struct rt_poll_watcher *pw,
					const char *name, u16 drv)
{
	struct rt_poll_watch *w;
	rt_lock_flags_t flags;

	rt_lock(&pw->lock, &flags);
	w = rt_poll_watch_find(pw, name);
	if (!w && pw->n < RT_MAX_POLL_WATCH) {
		w = &pw->w[pw->n];
		snprintf(w->name, sizeof(w->name), "%s", name);
		w->drv = drv;
		/* Readers look without the lock: publish the name first. */
		__atomic_store_n(&pw->n, pw->n + 1, __ATOMIC_RELEASE);
	}
	rt_unlock(&pw->lock, flags);
	return w;
}

void rt_poll_enter(struct rt_poll_call *c, struct rt_poll_watch *w, u64 now,
		   long nvcsw, bool can_wait)
{
	c->w = w;
	c->t0 = now;
	c->nvcsw0 = nvcsw;
	c->can_wait = can_wait;
	c->waited = false;
}

/* A __poll_t holding -EINVAL and friends: the top 4095 values. */
static bool is_errno(unsigned int mask)
{
	return mask >= (unsigned int)-4095;
}

void rt_poll_exit(struct rt_poll_watcher *pw, struct rt_poll_call *c,
		  struct rt_poll_syscall *sc, unsigned int mask, u64 now,
		  long nvcsw)
{
	struct rt_poll_watch *w = c->w;
	struct rt_error_site s = { .drv = w->drv, .device = w->name };
	unsigned long long ns = now - c->t0;
	long switches = nvcsw - c->nvcsw0;

	rt_atomic_inc(&w->calls);
	rt_atomic_add_return(&w->ns_total, (long)ns);
	rt_atomic_max(&w->ns_max, (long)ns);
	rt_atomic_set(&w->last_mask, (long)mask);
	if (sc) {
		sc->w = w;
		sc->calls++;
	}

	if (switches > 0 || ns > pw->block_ns) {
		rt_atomic_inc(&w->slept);
		rt_report(pw->rep, RT_POLL_BLOCKING, &s, PREFIX,
			  "->poll blocks [callback=%s] [time inside=%llu ns] "
			  "[voluntary context switches=%ld]", w->name, ns,
			  switches);
	}
	if (is_errno(mask)) {
		rt_atomic_inc(&w->errnos);
		rt_report(pw->rep, RT_POLL_ERRNO, &s, PREFIX,
			  "->poll returns a negative errno as event mask "
			  "[callback=%s] [returned=%d] [mask=0x%08x]", w->name,
			  (int)mask, mask);
	} else if (mask == 0 && c->can_wait && !c->waited) {
		rt_atomic_inc(&w->no_wait);
		rt_report(pw->rep, RT_POLL_NO_WAIT, &s, PREFIX,
			  "->poll returns no events without calling poll_wait "
			  "[callback=%s]", w->name);
	}
}

void rt_poll_syscall_end(struct rt_poll_watcher *pw,
			 struct rt_poll_syscall *sc)
{
	struct rt_poll_watch *w = sc->w;

	if (!w)
		return;
	rt_atomic_max(&w->max_per_syscall, (long)sc->calls);
	if (sc->calls > pw->busy_calls) {
		struct rt_error_site s = { .drv = w->drv, .device = w->name };

		rt_report(pw->rep, RT_POLL_BUSY, &s, PREFIX,
			  "->poll ran %lu times in one poll() call, a busy loop "
			  "[callback=%s] [wakeups=%ld]", sc->calls, w->name,
			  rt_atomic_read(&sc->wakeups));
	}
}
