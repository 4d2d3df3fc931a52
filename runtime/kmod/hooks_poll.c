// SPDX-License-Identifier: GPL-2.0
/*
 * The poll watcher's hooks (runtime/core/poll_watch.h):
 *
 *  - a kretprobe on each watched ->poll callback, by symbol: time and
 *    current->nvcsw at entry and exit, whether the poll_table had a queue
 *    proc (poll_table->_qproc is __pollwait, select/poll's first pass, or
 *    ep_ptable_queue_proc, epoll_ctl(EPOLL_CTL_ADD)'s poll);
 *  - kprobes on both queue procs: poll_wait() ran for the watched callback
 *    in flight on this task;
 *  - kretprobes on do_sys_poll and do_select: callback calls per syscall;
 *  - a kprobe on pollwake: a wait queue entry of a poll()/select() in
 *    flight was woken (by any task, in any context), counted for that
 *    syscall.
 *
 * A callback may sleep and migrate, so the state in flight is per task: a
 * small open-addressed table of preallocated slots keyed by the task
 * pointer.  A slot is claimed with cmpxchg and only ever read or written
 * by the task that holds it, so no lock is needed.
 */
#include <linux/hash.h>
#include <linux/kallsyms.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/poll.h>
#include <linux/sched.h>
#include <linux/string.h>

#include "rt.h"

#define RT_SLOT_BITS	9
#define RT_SLOTS	(1U << RT_SLOT_BITS)
#define RT_SLOT_PROBE	16

struct task_slot {
	struct task_struct *task;
	struct rt_poll_call *call;	/* innermost watched callback */
	struct rt_poll_syscall *sc;	/* the poll()/select() in flight */
};

static struct task_slot slots[RT_SLOTS];

static struct task_slot *slot_at(unsigned int h, unsigned int i)
{
	return &slots[(h + i) & (RT_SLOTS - 1)];
}

static struct task_slot *slot_of(const struct task_struct *task)
{
	unsigned int h = hash_ptr(task, RT_SLOT_BITS);

	for (unsigned int i = 0; i < RT_SLOT_PROBE; i++)
		if (READ_ONCE(slot_at(h, i)->task) == task)
			return slot_at(h, i);
	return NULL;
}

static struct task_slot *slot_find(void)
{
	return slot_of(current);
}

/*
 * Nothing watched: the poll hooks return at once (__pollwait and pollwake
 * run for every poll() and select() in the system).
 */
static bool watching(void)
{
	return READ_ONCE(drt.poll.n) != 0;
}

static struct task_slot *slot_get(void)
{
	unsigned int h = hash_ptr(current, RT_SLOT_BITS);
	struct task_slot *s = slot_find();

	for (unsigned int i = 0; !s && i < RT_SLOT_PROBE; i++) {
		if (!cmpxchg(&slot_at(h, i)->task, NULL, current)) {
			s = slot_at(h, i);
			s->call = NULL;
			s->sc = NULL;
		}
	}
	return s;
}

static void slot_put_if_idle(struct task_slot *s)
{
	if (!s->call && !s->sc)
		/* Our writes to the slot before another task may claim it. */
		smp_store_release(&s->task, NULL);
}

/* --- watched callbacks --- */

struct poll_hook {
	struct rt_hook h;
	struct rt_poll_watch *w;	/* NULL until the watch is added */
	char symbol[RT_NAME_LEN];
};

static struct poll_hook watch_hooks[RT_MAX_POLL_WATCH];
static DEFINE_MUTEX(watch_lock);
/* The queue procs poll_wait() calls, once hooked: 0 when not. */
static unsigned long pollwait_addr;	/* __pollwait: poll(), select() */
static unsigned long epoll_queue_addr;	/* ep_ptable_queue_proc: epoll */

struct poll_cb_call {
	struct rt_poll_call call;
	struct rt_poll_call *prev;
	struct rt_site site;
};

static struct poll_hook *poll_hook_of(struct kretprobe_instance *ri)
{
	return container_of(rt_hook_of_ri(ri), struct poll_hook, h);
}

/* Put addr in front of the site's stack. */
static void site_push(struct rt_site *s, unsigned long addr)
{
	if (s->n == RT_STACK_DEPTH)
		s->n--;
	memmove(&s->stack[1], &s->stack[0], s->n * sizeof(s->stack[0]));
	s->stack[0] = addr;
	s->n++;
}

/*
 * The site of a poll error is the callback itself, then its caller: the
 * driver function is what the report is about.
 */
static void callback_site(struct rt_site *s, struct poll_hook *ph,
			  struct pt_regs *regs)
{
	rt_site_capture(s, regs);
	site_push(s, (unsigned long)ph->h.rp.kp.addr);
}

/* ->poll(file, poll_table *) */
static int callback_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct poll_cb_call *d = (void *)ri->data;
	struct poll_hook *ph = poll_hook_of(ri);
	struct rt_poll_watch *w = READ_ONCE(ph->w);
	poll_table *pt = (void *)rt_arg(regs, RT_POLL_CB_TABLE);
	struct task_slot *s;
	unsigned long qproc;
	bool can_wait;

	if (!w)
		return 1;
	s = slot_get();
	if (!s)
		return 1;
	qproc = pt ? (unsigned long)READ_ONCE(pt->_qproc) : 0;
	can_wait = qproc && (qproc == pollwait_addr || qproc == epoll_queue_addr);
	callback_site(&d->site, ph, regs);
	rt_poll_enter(&d->call, w, rt_time_ns(), current->nvcsw, can_wait);
	d->prev = s->call;
	s->call = &d->call;
	return 0;
}

static int callback_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct poll_cb_call *d = (void *)ri->data;
	unsigned int mask = (unsigned int)regs_return_value(regs);
	struct task_slot *s = slot_find();

	rt_ctx_enter(&d->site);
	rt_poll_exit(&drt.poll, &d->call, s ? s->sc : NULL, mask, rt_time_ns(),
		     current->nvcsw);
	rt_ctx_leave();
	if (s) {
		s->call = d->prev;
		slot_put_if_idle(s);
	}
	return 0;
}

/* The module a symbol is in, from "%pS": "sym+0x0/0x40 [mod]". */
static u16 owner_of_symbol(unsigned long addr)
{
	char buf[KSYM_SYMBOL_LEN];
	char *mod, *end;

	sprint_symbol(buf, addr);
	mod = strrchr(buf, '[');
	end = mod ? strchr(mod, ']') : NULL;
	if (!end)
		return RT_DRV_UNKNOWN;
	*end = '\0';
	return rt_driver_id(&drt.rep, mod + 1);
}

int rt_poll_watch_symbol(const char *symbol)
{
	struct poll_hook *ph = NULL;
	struct rt_poll_watch *w;
	int err;

	mutex_lock(&watch_lock);
	for (int i = 0; i < RT_MAX_POLL_WATCH; i++) {
		if (watch_hooks[i].h.symbol &&
		    strcmp(watch_hooks[i].symbol, symbol) == 0) {
			err = watch_hooks[i].h.on ? 0 : watch_hooks[i].h.err;
			goto out;
		}
		if (!ph && !watch_hooks[i].h.symbol)
			ph = &watch_hooks[i];
	}
	err = -ENOSPC;
	if (!ph)
		goto out;
	strscpy(ph->symbol, symbol, sizeof(ph->symbol));
	ph->h.symbol = ph->symbol;
	ph->h.entry = callback_entry;
	ph->h.ret = callback_ret;
	ph->h.data_size = sizeof(struct poll_cb_call);
	ph->h.maxactive = 256;
	ph->h.checks = "poll-blocking,poll-errno,poll-no-wait,poll-busy";
	err = rt_hook_register(&ph->h);
	if (err)
		goto out;
	w = rt_poll_watch_add(&drt.poll, ph->symbol,
			      owner_of_symbol((unsigned long)ph->h.rp.kp.addr));
	if (!w) {
		err = -ENOSPC;
		goto out;
	}
	/* The handlers skip the callback until the watch is published. */
	smp_store_release(&ph->w, w);
	rt_log("watching ->poll callback %s", ph->symbol);
out:
	mutex_unlock(&watch_lock);
	return err;
}

/*
 * --- __pollwait(file, wait_queue_head, poll_table) and
 *     ep_ptable_queue_proc(file, wait_queue_head, poll_table) ---
 */

static int pollwait_pre(struct kprobe *p, struct pt_regs *regs)
{
	struct task_slot *s = watching() ? slot_find() : NULL;

	if (s && s->call)
		rt_poll_waited(s->call);
	return 0;
}

/* --- do_sys_poll(ufds, nfds, end_time), do_select(n, fds, end_time) --- */

struct syscall_call {
	struct rt_poll_syscall sc;
	struct rt_poll_syscall *prev;
	struct rt_site site;
};

static int syscall_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct syscall_call *d = (void *)ri->data;
	struct task_slot *s;

	if (!watching())
		return 1;
	s = slot_get();
	if (!s)
		return 1;
	rt_poll_syscall_begin(&d->sc);
	d->prev = s->sc;
	/* Read by pollwake_pre on the waker's CPU. */
	smp_store_release(&s->sc, &d->sc);
	rt_site_capture(&d->site, regs);
	return 0;
}

/*
 * --- pollwake(wait, mode, sync, key): wait->private is the poll_wqueues
 *     of the sleeping poll()/select(), in flight until poll_freewait()
 *     takes its entries off their queues, under the lock this runs in ---
 */
static int pollwake_pre(struct kprobe *p, struct pt_regs *regs)
{
	wait_queue_entry_t *wait = (void *)rt_arg(regs, rt_hook_of_kp(p)->args.buf);
	struct poll_wqueues *pwq = wait->private;
	struct task_slot *s;
	struct rt_poll_syscall *sc;

	if (!watching())
		return 0;
	s = slot_of(pwq->polling_task);
	sc = s ? smp_load_acquire(&s->sc) : NULL;
	if (sc)
		rt_poll_syscall_woken(sc);
	return 0;
}

/* A busy loop is the callback's: its address first, then the syscall's. */
static void busy_site(struct syscall_call *d)
{
	const struct rt_poll_watch *w = d->sc.w;
	struct rt_site *s = &d->site;

	for (int i = 0; w && i < RT_MAX_POLL_WATCH; i++) {
		if (READ_ONCE(watch_hooks[i].w) != w)
			continue;
		site_push(s, (unsigned long)watch_hooks[i].h.rp.kp.addr);
		break;
	}
}

static int syscall_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct syscall_call *d = (void *)ri->data;
	struct task_slot *s = slot_find();

	if (d->sc.calls > drt.poll.busy_calls)
		busy_site(d);
	rt_ctx_enter(&d->site);
	rt_poll_syscall_end(&drt.poll, &d->sc);
	rt_ctx_leave();
	if (s) {
		WRITE_ONCE(s->sc, d->prev);
		slot_put_if_idle(s);
	}
	return 0;
}

static struct rt_hook poll_hooks[] = {
	{ RT_HOOK___pollwait, .pre = pollwait_pre, .checks = "poll-no-wait" },
	{ RT_HOOK_ep_ptable_queue_proc, .pre = pollwait_pre,
	  .checks = "poll-no-wait" },
	{ RT_HOOK_do_sys_poll, .entry = syscall_entry, .ret = syscall_ret,
	  .data_size = sizeof(struct syscall_call), .maxactive = 512,
	  .checks = "poll-busy" },
	{ RT_HOOK_do_select, .entry = syscall_entry, .ret = syscall_ret,
	  .data_size = sizeof(struct syscall_call), .maxactive = 512,
	  .checks = "poll-busy" },
	{ RT_HOOK_pollwake, .pre = pollwake_pre },
};

/*
 * The function a hook sits in, as a function pointer (poll_table._qproc)
 * holds it: with IBT (6.12's CONFIG_X86_KERNEL_IBT) a kprobe is placed
 * after the ENDBR instruction, not at the function's address.
 */
static unsigned long func_start(unsigned long addr)
{
	char buf[KSYM_SYMBOL_LEN];
	unsigned long off;
	char *plus;

	sprint_symbol(buf, addr);
	plus = strrchr(buf, '+');
	if (!plus || sscanf(plus, "+%lx/", &off) != 1 || off > addr)
		return addr;
	return addr - off;
}

int rt_hooks_poll_init(const char *watch_list)
{
	char sym[RT_NAME_LEN];
	int ok;

	ok = rt_hooks_register(poll_hooks, ARRAY_SIZE(poll_hooks));
	if (poll_hooks[0].on)
		pollwait_addr = func_start((unsigned long)poll_hooks[0].kp.addr);
	else
		rt_log("no %s hook: poll-no-wait is not checked for "
		       "poll() and select()", poll_hooks[0].symbol);
	if (poll_hooks[1].on)
		epoll_queue_addr =
			func_start((unsigned long)poll_hooks[1].kp.addr);
	else
		rt_log("no %s hook: poll-no-wait is not checked for epoll",
		       poll_hooks[1].symbol);

	while (watch_list && *watch_list) {
		size_t n = strcspn(watch_list, ",");

		if (n && n < sizeof(sym)) {
			memcpy(sym, watch_list, n);
			sym[n] = '\0';
			rt_poll_watch_symbol(strim(sym));
		}
		watch_list += n;
		if (*watch_list == ',')
			watch_list++;
	}
	return ok;
}
