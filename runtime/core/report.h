/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Where runtime errors go: the check ids, the per-driver registry and its
 * counters, the driver filter, the all-errors switch and the sink.
 *
 * Errors are counted always; whether one is handed to the sink depends on
 * the filter (only that driver's errors) and on all_errors (off: only the
 * first error of each driver, as dma-debug shows only its first error).
 */
#ifndef DRVCHECK_RT_REPORT_H
#define DRVCHECK_RT_REPORT_H

#ifdef __KERNEL__
#include <linux/stdarg.h>
#else
#include <stdarg.h>
#endif

#include "env.h"

/*
 * The first ids are drvcheck's static check ids (checkers/core/checks.c),
 * so `drvcheck confirm` can match a runtime error to a static finding; the
 * rest can only be seen at run time.
 */
enum rt_check {
	RT_DMA_UNMAP_SIZE,
	RT_DMA_UNMAP_KIND,
	RT_DMA_COHERENT_STREAMING_MIX,
	RT_DMA_DIRECTION,
	RT_DMA_MAPPING_ERROR_UNCHECKED,
	RT_DMA_UNMAP_SG_NENTS,
	RT_DMA_DOUBLE_UNMAP,
	RT_DMA_MAP_STACK,
	RT_POLL_BLOCKING,
	RT_POLL_NO_WAIT,
	RT_POLL_ERRNO,
	RT_IOMEM_RELEASE_MISMATCH,
	RT_IOMEM_NOT_EXCLUSIVE,
	/* runtime only */
	RT_DMA_FREE_CPU_ADDR,
	RT_DMA_SYNC_UNMAPPED,
	RT_DMA_OVERLAP,
	RT_DMA_LEAK,
	RT_IOMEM_USER_MAP_REFUSED,
	RT_POLL_BUSY,
	RT_CHECK_NR
};

extern const char *const rt_check_ids[RT_CHECK_NR];

#define RT_STACK_DEPTH	6
#define RT_NAME_LEN	32
#define RT_MAX_DRIVERS	64
#define RT_MSG_LEN	384

/* Driver 0 collects whatever has no name or does not fit in the registry. */
#define RT_DRV_UNKNOWN	0

/* A driver's DMA counts live in the table: rt_dma_driver_live() and co. */
struct rt_driver {
	char name[RT_NAME_LEN];
	rt_atomic_t shown;		/* errors handed to the sink */
	rt_atomic_t errors[RT_CHECK_NR];
};

struct rt_error {
	enum rt_check check;
	const char *id;
	const char *driver;
	const char *device;
	const void *dev;
	u64 addr;
	u64 size;
	unsigned int nmap_stack;	/* where the mapping was made */
	unsigned int nstack;		/* where the error was seen */
	unsigned long map_stack[RT_STACK_DEPTH];
	unsigned long stack[RT_STACK_DEPTH];
	char msg[RT_MSG_LEN];		/* dma-debug wording, no newline */
};

/* Called with a bucket lock held: must not call back into the runtime. */
typedef void (*rt_sink_fn)(void *arg, const struct rt_error *e);

struct rt_report {
	rt_sink_fn sink;		/* NULL: rt_log_ratelimited */
	void *sink_arg;
	bool all_errors;
	bool capture_stacks;
	char filter[RT_NAME_LEN];	/* "": every driver */
	rt_atomic_t total;
	rt_lock_t drv_lock;		/* registration only */
	unsigned int ndrivers;
	struct rt_driver drivers[RT_MAX_DRIVERS];
};

void rt_report_init(struct rt_report *r, rt_sink_fn sink, void *arg);
void rt_report_set_filter(struct rt_report *r, const char *driver);

/* The id of a driver name, registering it; RT_DRV_UNKNOWN when full. */
u16 rt_driver_id(struct rt_report *r, const char *name);

static inline struct rt_driver *rt_driver(struct rt_report *r, u16 id)
{
	return &r->drivers[id < RT_MAX_DRIVERS ? id : RT_DRV_UNKNOWN];
}

/* What an error is about, besides its text. */
struct rt_error_site {
	u16 drv;
	const void *dev;
	const char *device;
	u64 addr;
	u64 size;
	const unsigned long *map_stack;
	unsigned int nmap_stack;
};

/*
 * Count an error and, if the filter and all_errors let it through, format
 * "<prefix><driver> <device>: <fmt>" and give it to the sink.  DMA errors
 * use the prefix "DMA-API: " as dma-debug does.
 */
void rt_report(struct rt_report *r, enum rt_check check,
	       const struct rt_error_site *site, const char *prefix,
	       const char *fmt, ...) __attribute__((format(printf, 5, 6)));
void rt_vreport(struct rt_report *r, enum rt_check check,
		const struct rt_error_site *site, const char *prefix,
		const char *fmt, va_list ap) __attribute__((format(printf, 5, 0)));

#endif /* DRVCHECK_RT_REPORT_H */
