// SPDX-License-Identifier: GPL-2.0
/*
 * Registering the hooks.  Each is registered on its own so that one symbol
 * the running kernel does not have (inlined, renamed, blacklisted) costs
 * only that hook: the failure is logged with its error and shown in
 * debugfs `probes`.  At exit all registered hooks go in one batch per kind;
 * unregister_k{,ret}probes() returns after every running handler finished.
 */
#include <linux/slab.h>
#include <linux/mutex.h>
#include <linux/string.h>

#include "rt.h"

#define RT_MAX_HOOKS	96

static struct rt_hook *hooks[RT_MAX_HOOKS];
static unsigned int nhooks;
static DEFINE_MUTEX(hooks_lock);

static int hook_register_one(struct rt_hook *h)
{
	/* The fail_hook parameter: what a kernel without the symbol does. */
	if (rt_fail_hook && strcmp(rt_fail_hook, h->symbol) == 0)
		return -EPERM;
	if (h->pre) {
		h->kp.symbol_name = h->symbol;
		h->kp.pre_handler = h->pre;
		return register_kprobe(&h->kp);
	}
	h->rp.kp.symbol_name = h->symbol;
	h->rp.entry_handler = h->entry;
	h->rp.handler = h->ret;
	h->rp.data_size = h->data_size;
	h->rp.maxactive = h->maxactive ? h->maxactive :
			  max(64, 8 * (int)num_possible_cpus());
	return register_kretprobe(&h->rp);
}

const char *rt_hook_why(const struct rt_hook *h)
{
	switch (h->err) {
	case 0:
		return "registered";
	case -ENOENT:
		return "no such symbol in this kernel";
	case -EINVAL:
		return "refused by the kprobe core (blacklisted or notrace)";
	case -EILSEQ:
		return "not at an instruction boundary";
	case -EBUSY:
	case -EEXIST:
		return "already probed";
	case -ENOSPC:
		return "too many hooks";
	case -EPERM:
		return "refused on request (fail_hook=)";
	case -ENOLINK:
		return "not tried: the hook it needs is off";
	default:
		return "registration failed";
	}
}

static void hook_off_log(const struct rt_hook *h)
{
	rt_log("cannot hook %s (%s): error %d, %s%s%s; off: %s",
	       h->symbol, h->pre ? "kprobe" : "kretprobe", h->err,
	       rt_hook_why(h), h->err == -ENOLINK ? " " : "",
	       h->err == -ENOLINK ? h->needs : "",
	       h->checks ? h->checks : "nothing");
}

/* hooks[] takes h as tried, with err (0: registered). */
static int hook_add(struct rt_hook *h, bool try)
{
	int err = -ENOSPC;

	mutex_lock(&hooks_lock);
	if (nhooks < RT_MAX_HOOKS) {
		err = try ? hook_register_one(h) : h->err;
		hooks[nhooks++] = h;
	}
	h->err = err;
	h->on = !err;
	mutex_unlock(&hooks_lock);
	if (err)
		hook_off_log(h);
	return err;
}

int rt_hook_register(struct rt_hook *h)
{
	return hook_add(h, true);
}

void rt_hook_skip(struct rt_hook *h)
{
	h->err = -ENOLINK;
	hook_add(h, false);
}

static bool needed_on(const struct rt_hook *h, unsigned int n,
		      const char *symbol)
{
	for (unsigned int i = 0; i < n; i++)
		if (strcmp(h[i].symbol, symbol) == 0)
			return h[i].on;
	return false;
}

/* Returns how many registered. */
int rt_hooks_register(struct rt_hook *h, unsigned int n)
{
	int ok = 0;

	for (unsigned int i = 0; i < n; i++)
		if (!h[i].needs)
			ok += rt_hook_register(&h[i]) == 0;
	for (unsigned int i = 0; i < n; i++) {
		if (!h[i].needs)
			continue;
		if (needed_on(h, n, h[i].needs))
			ok += rt_hook_register(&h[i]) == 0;
		else
			rt_hook_skip(&h[i]);
	}
	return ok;
}

void rt_hooks_unregister_all(void)
{
	struct kretprobe **rps;
	struct kprobe **kps;
	unsigned int nk = 0, nr = 0;

	mutex_lock(&hooks_lock);
	kps = kcalloc(nhooks + 1, sizeof(*kps), GFP_KERNEL);
	rps = kcalloc(nhooks + 1, sizeof(*rps), GFP_KERNEL);
	for (unsigned int i = 0; i < nhooks; i++) {
		struct rt_hook *h = hooks[i];

		if (!h->on)
			continue;
		if (!kps || !rps) {
			/* No memory for a batch: one at a time, slower. */
			if (h->pre)
				unregister_kprobe(&h->kp);
			else
				unregister_kretprobe(&h->rp);
		} else if (h->pre) {
			kps[nk++] = &h->kp;
		} else {
			rps[nr++] = &h->rp;
		}
		h->on = false;
	}
	if (nr)
		unregister_kretprobes(rps, nr);
	if (nk)
		unregister_kprobes(kps, nk);
	nhooks = 0;
	mutex_unlock(&hooks_lock);
	kfree(kps);
	kfree(rps);
}

void rt_hooks_for_each(void (*fn)(void *arg, const struct rt_hook *h),
		       void *arg)
{
	mutex_lock(&hooks_lock);
	for (unsigned int i = 0; i < nhooks; i++)
		fn(arg, hooks[i]);
	mutex_unlock(&hooks_lock);
}

unsigned long rt_hook_missed(const struct rt_hook *h)
{
	if (h->pre)
		return h->kp.nmissed;
	return h->rp.nmissed + h->rp.kp.nmissed;
}

unsigned long rt_hooks_releases_missed(void)
{
	unsigned long n = 0;

	mutex_lock(&hooks_lock);
	for (unsigned int i = 0; i < nhooks; i++)
		if (hooks[i]->release && hooks[i]->on)
			n += rt_hook_missed(hooks[i]);
	mutex_unlock(&hooks_lock);
	return n;
}
