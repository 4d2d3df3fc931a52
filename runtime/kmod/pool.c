// SPDX-License-Identifier: GPL-2.0
/*
 * The entry pool grows from a work item, never in a hook: a hook that
 * finds the table's low flag up (less than a quarter of the pool free)
 * schedules the work, which doubles the pool up to pool_max entries.
 */
#include <linux/minmax.h>
#include <linux/workqueue.h>

#include "rt.h"

static void rt_pool_grow(struct work_struct *work)
{
	long cap = rt_atomic_read(&drt.table.capacity);
	long add = min_t(long, cap, (long)rt_pool_max - cap);

	/* Maybe the mappings went away meanwhile: then it stays as it is. */
	rt_dma_table_check_low(&drt.table);
	if (add <= 0 || !rt_dma_table_low(&drt.table))
		return;
	if (rt_dma_table_grow(&drt.table, add) < 0)
		rt_log("cannot grow the entry pool by %ld entries", add);
}

static DECLARE_WORK(rt_pool_work, rt_pool_grow);

void rt_pool_check(void)
{
	if (rt_dma_table_low(&drt.table) &&
	    rt_atomic_read(&drt.table.capacity) < rt_pool_max)
		schedule_work(&rt_pool_work);
}

/* After the hooks are gone: nothing schedules it any more. */
void rt_pool_exit(void)
{
	cancel_work_sync(&rt_pool_work);
}
