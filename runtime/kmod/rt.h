/* SPDX-License-Identifier: GPL-2.0 */
/*
 * drvcheck_rt.ko: the kernel glue around runtime/core.  One file per job:
 *
 *   main.c        module parameters, init and exit order
 *   ctx.c         the per-CPU hook context: the driver's call site and
 *                 stack, handed to the core's rt_stack_save
 *   sink.c        the error ring behind debugfs `errors`, and dmesg
 *   pool.c        growing the entry pool from a work item
 *   probes.c      registering the kprobes and kretprobes of all hooks
 *   bootinfo.c    what the kernel booted with (iomem=, kernel text)
 *   modules.c     the modules loaded after us: owners of call sites
 *   devices.c     the devices already bound when we loaded
 *   drvid.c       a device's driver id, cached for the hot path
 *   hooks_dma.c   the DMA API entry points
 *   hooks_pool.c  DMA pools
 *   hooks_region.c __request_region, __release_region, user mappings
 *   hooks_poll.c  watched ->poll callbacks, __pollwait, do_sys_poll
 *   notifiers.c   driver unbind, device removal, module unload
 *   debugfs.c     /sys/kernel/debug/drvcheck/
 */
#ifndef DRVCHECK_RT_KMOD_H
#define DRVCHECK_RT_KMOD_H

#include <linux/kprobes.h>
#include <linux/ptrace.h>

#include "dma_check.h"
#include "poll_watch.h"
#include "region.h"
#include "report.h"

struct drvcheck_rt {
	struct rt_report rep;
	struct rt_dma_table table;
	struct rt_dma_ctx dma;
	struct rt_regions regions;
	struct rt_poll_watcher poll;
	bool iomem_relaxed;
};

extern struct drvcheck_rt drt;

/* Module parameters (main.c). */
extern unsigned int rt_pool_size;
extern unsigned int rt_pool_max;
extern char *rt_fail_hook;

/* ctx.c: where a hooked call came from. */
struct rt_site {
	unsigned int n;
	unsigned long stack[RT_STACK_DEPTH];	/* [0]: the call site */
	struct pt_regs *regs;		/* lazy: captured when first needed */
};

void rt_site_capture(struct rt_site *s, struct pt_regs *regs);
/* For a map: the call site alone when it is in module space. */
void rt_site_capture_map(struct rt_site *s, struct pt_regs *regs);
/*
 * For a kprobe pre-handler: the stack is only unwound if the core asks for
 * it (an error to report), while regs, the probed function's entry state,
 * are still live.
 */
void rt_site_lazy(struct rt_site *s, struct pt_regs *regs);
void rt_site_here(struct rt_site *s);
void rt_ctx_enter(struct rt_site *s);
void rt_ctx_leave(void);

static inline unsigned long rt_entry_ret_addr(struct pt_regs *regs)
{
	/* At a function's first instruction the return address is on top. */
	return *(unsigned long *)kernel_stack_pointer(regs);
}

/* sink.c */
int rt_sink_init(void);
void rt_sink_exit(void);
void rt_sink(void *arg, const struct rt_error *e);
void rt_sink_clear(void);
void rt_sink_mute(void);
/* A copy of the log, oldest first, for one read of `errors`. */
char *rt_sink_snapshot(size_t *len);
unsigned long rt_sink_lost(void);

/* pool.c */
void rt_pool_check(void);
void rt_pool_exit(void);

/* probes.c: one hook point. */
struct rt_hook {
	const char *symbol;
	kprobe_pre_handler_t pre;	/* set: a plain kprobe */
	kretprobe_handler_t entry;	/* else a kretprobe */
	kretprobe_handler_t ret;
	size_t data_size;
	int maxactive;
	bool release;		/* a missed hit leaves a DMA mapping live */
	const char *checks;	/* the check ids off without it, "a,b" */
	/*
	 * The hook (by symbol, in the same table) that must be on for this
	 * one to be registered: a map's release, without which every
	 * mapping would read as a leak.
	 */
	const char *needs;
	int kind;		/* enum rt_dma_kind of its mappings */
	struct rt_hook_args args;	/* where the hooked call has what */
	/* state */
	union {
		struct kprobe kp;
		struct kretprobe rp;
	};
	int err;		/* registration result */
	bool on;
};

/*
 * A hook's fields from the model: { RT_HOOK_<symbol>, .pre = ... }
 * (runtime/core/rt_model_gen.h); handlers read arguments with rt_arg().
 */
static inline struct rt_hook *rt_hook_of_kp(struct kprobe *p)
{
	return container_of(p, struct rt_hook, kp);
}

static inline struct rt_hook *rt_hook_of_ri(struct kretprobe_instance *ri)
{
	return container_of(get_kretprobe(ri), struct rt_hook, rp);
}

/* Argument pos of the hooked call; 0 when it has none (pos < 0). */
static inline unsigned long rt_arg(struct pt_regs *regs, int pos)
{
	return pos >= 0 ? regs_get_kernel_argument(regs, pos) : 0;
}

int rt_hook_register(struct rt_hook *h);
/* Not registered on purpose (-ENOLINK): logged and listed like a failure. */
void rt_hook_skip(struct rt_hook *h);
/* Why a hook is not on, in words. */
const char *rt_hook_why(const struct rt_hook *h);
/* The hooks needing none first, then the others, as rt_hook.needs says. */
int rt_hooks_register(struct rt_hook *h, unsigned int n);
void rt_hooks_unregister_all(void);
/* For debugfs `probes`: call fn on every hook tried. */
void rt_hooks_for_each(void (*fn)(void *arg, const struct rt_hook *h),
		       void *arg);
unsigned long rt_hook_missed(const struct rt_hook *h);
/* Hits of the release hooks the kprobe core skipped, since load. */
unsigned long rt_hooks_releases_missed(void);

/* bootinfo.c */
void rt_bootinfo_init(void);
bool rt_phys_in_kernel_text(u64 phys, u64 size);

/* modules.c */
void rt_modules_coming(struct module *mod);
void rt_modules_live(struct module *mod);
void rt_modules_going(struct module *mod);
/* The innermost frame in a module loaded after us: its name, or false. */
bool rt_modules_owner(const struct rt_site *s, char *name, size_t len);

/* drvid.c: rt_driver_id() of dev_driver_string(dev), cached. */
struct device;
u16 rt_dev_driver_id(const struct device *dev);
void rt_dev_driver_ids_forget(void);

/* devices.c */
void rt_devices_init(void);
bool rt_device_prebound(const struct device *dev);
void rt_device_forget(const struct device *dev);

/* hooks_*.c */
int rt_hooks_dma_init(void);
int rt_hooks_pool_init(void);
/* A map hook of this rt_dma_kind is off: its releases are not "unmapped". */
void rt_dma_kind_unseen(enum rt_dma_kind kind);
/* For the pool hooks: what hooks_dma.c does for its own. */
bool rt_dev_tracked(const struct device *dev);
struct rt_dma_ref rt_dma_ref_of(struct device *dev, enum rt_dma_kind kind,
				unsigned long dir);
void rt_dma_release(const struct rt_dma_ref *ref);
int rt_hooks_region_init(void);
int rt_hooks_poll_init(const char *watch_list);
int rt_poll_watch_symbol(const char *symbol);

/* notifiers.c */
int rt_notifiers_init(void);
void rt_notifiers_exit(void);

/* debugfs.c */
int rt_debugfs_init(void);
void rt_debugfs_exit(void);

#endif /* DRVCHECK_RT_KMOD_H */
