// SPDX-License-Identifier: GPL-2.0
#ifdef __KERNEL__
#include <linux/string.h>
#include <linux/kernel.h>
#else
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#endif

#include "report.h"

const char *const rt_check_ids[RT_CHECK_NR] = {
	[RT_DMA_UNMAP_SIZE] = "dma-unmap-size",
	[RT_DMA_UNMAP_KIND] = "dma-unmap-kind",
	[RT_DMA_COHERENT_STREAMING_MIX] = "dma-coherent-streaming-mix",
	[RT_DMA_DIRECTION] = "dma-direction",
	[RT_DMA_MAPPING_ERROR_UNCHECKED] = "dma-mapping-error-unchecked",
	[RT_DMA_UNMAP_SG_NENTS] = "dma-unmap-sg-nents",
	[RT_DMA_DOUBLE_UNMAP] = "dma-double-unmap",
	[RT_DMA_MAP_STACK] = "dma-map-stack",
	[RT_POLL_BLOCKING] = "poll-blocking",
	[RT_POLL_NO_WAIT] = "poll-no-wait",
	[RT_POLL_ERRNO] = "poll-errno",
	[RT_IOMEM_RELEASE_MISMATCH] = "iomem-release-mismatch",
	[RT_IOMEM_NOT_EXCLUSIVE] = "iomem-not-exclusive",
	[RT_DMA_FREE_CPU_ADDR] = "dma-free-cpu-addr",
	[RT_DMA_SYNC_UNMAPPED] = "dma-sync-unmapped",
	[RT_DMA_OVERLAP] = "dma-overlap",
	[RT_DMA_LEAK] = "dma-leak",
	[RT_IOMEM_USER_MAP_REFUSED] = "iomem-user-map-refused",
	[RT_POLL_BUSY] = "poll-busy",
};

void rt_report_init(struct rt_report *r, rt_sink_fn sink, void *arg)
{
	memset(r, 0, sizeof(*r));
	r->sink = sink;
	r->sink_arg = arg;
	rt_lock_init(&r->drv_lock);
	snprintf(r->drivers[RT_DRV_UNKNOWN].name, RT_NAME_LEN, "NULL");
	r->ndrivers = 1;
}

void rt_report_set_filter(struct rt_report *r, const char *driver)
{
	snprintf(r->filter, sizeof(r->filter), "%s", driver ? driver : "");
}

u16 rt_driver_id(struct rt_report *r, const char *name)
{
	rt_lock_flags_t flags;
	u16 id = RT_DRV_UNKNOWN;

	if (!name || !*name)
		return RT_DRV_UNKNOWN;
	rt_lock(&r->drv_lock, &flags);
	for (unsigned int i = 1; i < r->ndrivers; i++) {
		if (strncmp(r->drivers[i].name, name, RT_NAME_LEN - 1) == 0) {
			id = (u16)i;
			goto out;
		}
	}
	if (r->ndrivers < RT_MAX_DRIVERS) {
		id = (u16)r->ndrivers;
		snprintf(r->drivers[id].name, RT_NAME_LEN, "%s", name);
		/* Publish the name before the count that makes it visible. */
		__atomic_store_n(&r->ndrivers, r->ndrivers + 1, __ATOMIC_RELEASE);
	}
out:
	rt_unlock(&r->drv_lock, flags);
	return id;
}

/* Whether this error is one the user asked to see. */
static bool shown(struct rt_report *r, struct rt_driver *d)
{
	if (r->filter[0] && strcmp(r->filter, d->name) != 0)
		return false;
	if (r->all_errors)
		return true;
	/* First error of this driver only; the increment decides races. */
	return rt_atomic_add_return(&d->shown, 1) == 1;
}

void rt_report(struct rt_report *r, enum rt_check check,
	       const struct rt_error_site *site, const char *prefix,
	       const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	rt_vreport(r, check, site, prefix, fmt, ap);
	va_end(ap);
}

void rt_vreport(struct rt_report *r, enum rt_check check,
		const struct rt_error_site *site, const char *prefix,
		const char *fmt, va_list ap)
{
	struct rt_driver *d = rt_driver(r, site->drv);
	struct rt_error e;
	int n;

	rt_atomic_inc(&r->total);
	rt_atomic_inc(&d->errors[check]);
	if (!shown(r, d))
		return;

	memset(&e, 0, sizeof(e));
	e.check = check;
	e.id = rt_check_ids[check];
	e.driver = d->name;
	e.device = site->device ? site->device : "NULL";
	e.dev = site->dev;
	e.addr = site->addr;
	e.size = site->size;
	if (site->map_stack) {
		e.nmap_stack = site->nmap_stack < RT_STACK_DEPTH ?
			       site->nmap_stack : RT_STACK_DEPTH;
		memcpy(e.map_stack, site->map_stack,
		       e.nmap_stack * sizeof(e.map_stack[0]));
	}
	if (r->capture_stacks)
		e.nstack = rt_stack_save(e.stack, RT_STACK_DEPTH, 1);

	n = snprintf(e.msg, sizeof(e.msg), "%s%s %s: ", prefix, e.driver,
		     e.device);
	if (n < 0 || (size_t)n >= sizeof(e.msg))
		n = 0;
	vsnprintf(e.msg + n, sizeof(e.msg) - (size_t)n, fmt, ap);

	if (r->sink)
		r->sink(r->sink_arg, &e);
	else
		rt_log_ratelimited("%s", e.msg);
}
