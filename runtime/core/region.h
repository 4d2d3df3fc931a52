/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The region tracker: I/O port and memory regions drivers requested, with
 * owner and the exclusive flag (IORESOURCE_EXCLUSIVE, request_*_exclusive).
 * Reports releases that match no request, and user-space mapping attempts
 * (/dev/mem, PCI sysfs resource files) of memory a driver owns, with the
 * verdict of the kernel's resource_is_exclusive() (6.1): iomem=relaxed
 * allows everything a driver requested, exclusive or not; otherwise an
 * exclusive region is refused, and so is any busy one under
 * CONFIG_IO_STRICT_DEVMEM (io_strict_devmem).  An allowed attempt is
 * iomem-not-exclusive, except on an exclusive region under iomem=relaxed:
 * the driver did its part and relaxed was asked for, nothing to report.
 */
#ifndef DRVCHECK_RT_REGION_H
#define DRVCHECK_RT_REGION_H

#include "env.h"
#include "report.h"

enum rt_region_space {
	RT_REGION_IO,
	RT_REGION_MEM,
};

struct rt_region {
	u64 start;
	u64 size;
	u16 drv;
	u8 space;
	u8 exclusive;
	char name[RT_NAME_LEN];		/* the resource name */
};

/* Requests are rare: a fixed array and one lock are enough. */
#define RT_MAX_REGIONS	256

struct rt_regions {
	rt_lock_t lock;
	struct rt_report *rep;
	unsigned int n;
	rt_atomic_t dropped;		/* requests not recorded: array full */
	bool io_strict_devmem;		/* CONFIG_IO_STRICT_DEVMEM; default on */
	struct rt_region r[RT_MAX_REGIONS];
};

enum rt_user_map {
	RT_USER_MAP_UNOWNED,	/* no driver owns it: not our business */
	RT_USER_MAP_ALLOWED,
	RT_USER_MAP_REFUSED,
};

void rt_regions_init(struct rt_regions *rs, struct rt_report *rep);

/* A successful request; -1 when the array is full (counted). */
int rt_region_request(struct rt_regions *rs, u16 drv, enum rt_region_space sp,
		      u64 start, u64 size, bool exclusive, const char *name);

/* A release; anything but an exact match is iomem-release-mismatch. */
void rt_region_release(struct rt_regions *rs, u16 drv,
		       enum rt_region_space sp, u64 start, u64 size);

/* A user mapping of physical memory by process comm/pid: the verdict. */
enum rt_user_map rt_region_user_map(struct rt_regions *rs, u64 start,
				    u64 size, const char *comm, int pid,
				    bool iomem_relaxed);

#endif /* DRVCHECK_RT_REGION_H */
