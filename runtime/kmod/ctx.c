// SPDX-License-Identifier: GPL-2.0
/*
 * The hook context: while a hook feeds the core, the core's stack saver
 * (rt_stack_save in env_kernel.h) must see the driver's stack, not the
 * kprobe machinery's.  A hook captures the stack at the hooked function's
 * entry, starting at its return address (the driver's call site), and
 * installs it here for the duration of the core call.
 *
 * Kprobe and kretprobe handlers run with preemption disabled, and a probe
 * hit while another handler runs on the same CPU is skipped by the kprobe
 * core (counted as missed), so one pointer per CPU is enough.
 */
#include <linux/module.h>
#include <linux/percpu.h>
#include <linux/stacktrace.h>
#include <linux/string.h>

#include "rt.h"

/*
 * Deep enough to pass the kprobe frames (int3 or ftrace, about six) and
 * keep RT_STACK_DEPTH of the driver's; not deeper, unwinding is costly.
 */
#define RT_RAW_DEPTH	16

static DEFINE_PER_CPU(struct rt_site *, rt_cur_site);

/* Copy raw[from..] into s, leaving out frames of this module. */
static void site_fill(struct rt_site *s, const unsigned long *raw,
		      unsigned int n, unsigned int from)
{
	s->n = 0;
	for (unsigned int i = from; i < n && s->n < RT_STACK_DEPTH; i++) {
		if (within_module(raw[i], THIS_MODULE))
			continue;
		s->stack[s->n++] = raw[i];
	}
}

void rt_site_capture(struct rt_site *s, struct pt_regs *regs)
{
	unsigned long raw[RT_RAW_DEPTH];
	unsigned long ret = rt_entry_ret_addr(regs);
	unsigned int n, i;

	s->regs = NULL;
	n = stack_trace_save(raw, RT_RAW_DEPTH, 0);
	for (i = 0; i < n; i++)
		if (raw[i] == ret)
			break;
	if (i < n) {
		site_fill(s, raw, n, i);
		return;
	}
	/* The unwinder did not get that far: the call site alone. */
	s->stack[0] = ret;
	s->n = 1;
}

/*
 * A mapping's site is kept with the entry: its call site is what dump,
 * mapped_at= and the module-unload leak check need, unless the call site
 * is core kernel code (dma_pool_alloc, dmam_alloc_attrs, ...), where only
 * the frames below name the module.  Unwinding is the larger half of a
 * hooked map's cost, so a call from module space is not unwound.
 */
void rt_site_capture_map(struct rt_site *s, struct pt_regs *regs)
{
#ifdef MODULES_VADDR
	unsigned long ret = rt_entry_ret_addr(regs);

	if (ret - MODULES_VADDR < MODULES_LEN) {
		s->regs = NULL;
		s->stack[0] = ret;
		s->n = 1;
		return;
	}
#endif
	rt_site_capture(s, regs);
}

void rt_site_lazy(struct rt_site *s, struct pt_regs *regs)
{
	s->n = 0;
	s->regs = regs;
}

void rt_site_here(struct rt_site *s)
{
	unsigned long raw[RT_RAW_DEPTH];

	s->regs = NULL;
	site_fill(s, raw, stack_trace_save(raw, RT_RAW_DEPTH, 0), 0);
}

void rt_ctx_enter(struct rt_site *s)
{
	this_cpu_write(rt_cur_site, s);
}

void rt_ctx_leave(void)
{
	this_cpu_write(rt_cur_site, NULL);
}

unsigned int rt_kstack_save(unsigned long *buf, unsigned int max,
			    unsigned int skip)
{
	struct rt_site *s = this_cpu_read(rt_cur_site);
	struct rt_site here;

	if (s && !s->n && s->regs)
		rt_site_capture(s, s->regs);
	if (!s) {
		rt_site_here(&here);
		s = &here;
	}
	if (max > s->n)
		max = s->n;
	memcpy(buf, s->stack, max * sizeof(buf[0]));
	return max;
}
