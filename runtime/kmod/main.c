// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck_rt: dma-debug style checks, I/O region and ->poll checks on a
 * stock kernel, through kprobes (see rt.h for the files).
 *
 * Init order: state, notifiers, hooks, debugfs.  Exit in reverse:
 * debugfs first (no reader left), notifiers, then the hooks (unregistering
 * waits for running handlers), the pool work, and only then the state.
 */
#include <linux/kernel.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/time64.h>

#include "rt.h"

struct drvcheck_rt drt;

static char *filter = "";
module_param(filter, charp, 0400);
MODULE_PARM_DESC(filter, "Show only this driver's errors (all are counted)");

static bool all_errors;
module_param(all_errors, bool, 0400);
MODULE_PARM_DESC(all_errors, "Show every error, not only each driver's first");

static char *poll_watch;
module_param(poll_watch, charp, 0400);
MODULE_PARM_DESC(poll_watch, "Comma-separated ->poll callback symbols to watch");

char *rt_fail_hook;
module_param_named(fail_hook, rt_fail_hook, charp, 0400);
MODULE_PARM_DESC(fail_hook, "Testing: refuse to register this hook, as a kernel without it would");

unsigned int rt_pool_size = 16384;
module_param_named(pool_size, rt_pool_size, uint, 0400);
MODULE_PARM_DESC(pool_size, "Mapping entries preallocated at load");

unsigned int rt_pool_max = 1U << 20;
module_param_named(pool_max, rt_pool_max, uint, 0400);
MODULE_PARM_DESC(pool_max, "The pool grows up to this many entries");

static unsigned long block_ns = 10 * NSEC_PER_MSEC;
module_param(block_ns, ulong, 0400);
MODULE_PARM_DESC(block_ns, "Longer inside a watched ->poll is poll-blocking");

static unsigned long busy_calls = 1000;
module_param(busy_calls, ulong, 0400);
MODULE_PARM_DESC(busy_calls, "More calls of a watched ->poll in one poll() is poll-busy");

static int __init drvcheck_rt_init(void)
{
	size_t buckets;
	int err, n;

	if (!rt_pool_size || rt_pool_size > RT_DMA_MAX_ENTRIES) {
		rt_log("pool_size=%u: the entry pool holds 1 to %lu entries",
		       rt_pool_size, RT_DMA_MAX_ENTRIES);
		return -EINVAL;
	}
	rt_pool_max = clamp_t(unsigned int, rt_pool_max, rt_pool_size,
			      RT_DMA_MAX_ENTRIES);
	err = rt_sink_init();
	if (err)
		return err;
	rt_report_init(&drt.rep, rt_sink, NULL);
	drt.rep.all_errors = all_errors;
	drt.rep.capture_stacks = true;
	rt_report_set_filter(&drt.rep, filter);

	/* Buckets for a pool grown 8 times: chains stay short. */
	buckets = min_t(size_t, (size_t)rt_pool_size * 4, rt_pool_max / 2);
	if (rt_dma_table_init(&drt.table, rt_pool_size, buckets,
			      RT_DMA_TRACK_OVERLAP | RT_DMA_STACKS) < 0) {
		rt_log("cannot allocate a pool of %u entries and %zu buckets",
		       rt_pool_size, buckets);
		err = -ENOMEM;
		goto fail_table;
	}
	rt_dma_ctx_init(&drt.dma, &drt.table, &drt.rep);
	/* Leaks are found in notifiers, process context: the mutex is fine. */
	drt.dma.releases_missed = rt_hooks_releases_missed;
	rt_regions_init(&drt.regions, &drt.rep);
	drt.regions.io_strict_devmem = IS_ENABLED(CONFIG_IO_STRICT_DEVMEM);
	rt_poll_init(&drt.poll, &drt.rep, block_ns, busy_calls);
	rt_bootinfo_init();

	err = rt_notifiers_init();
	if (err)
		goto fail_notifiers;
	n = rt_hooks_dma_init();
	n += rt_hooks_pool_init();
	n += rt_hooks_region_init();
	n += rt_hooks_poll_init(poll_watch);
	/* After the hooks: a device bound by now may have mapped unseen. */
	rt_devices_init();
	err = rt_debugfs_init();
	if (err)
		goto fail_debugfs;
	rt_log("loaded: %d hooks registered, pool %u entries (max %u), iomem=%s",
	       n, rt_pool_size, rt_pool_max,
	       drt.iomem_relaxed ? "relaxed" : "strict");
	return 0;

fail_debugfs:
	rt_hooks_unregister_all();
	rt_notifiers_exit();
fail_notifiers:
	rt_pool_exit();
	rt_dma_table_destroy(&drt.table);
fail_table:
	rt_sink_exit();
	return err;
}

static void __exit drvcheck_rt_exit(void)
{
	rt_debugfs_exit();
	rt_notifiers_exit();
	rt_sink_mute();
	rt_hooks_unregister_all();
	rt_pool_exit();
	rt_log("unloading: %ld mappings still live, %ld errors",
	       rt_dma_table_live(&drt.table), rt_atomic_read(&drt.rep.total));
	rt_dma_table_destroy(&drt.table);
	rt_sink_exit();
}

module_init(drvcheck_rt_init);
module_exit(drvcheck_rt_exit);

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("drvcheck runtime: DMA API, I/O region and poll checks via kprobes");
