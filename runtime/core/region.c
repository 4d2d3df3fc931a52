// SPDX-License-Identifier: GPL-2.0
#ifndef __KERNEL__
#include <stdio.h>
#include <string.h>
#endif

#include "region.h"

#define PREFIX "drvcheck: "

static const char *const space_names[] = {
	[RT_REGION_IO] = "io", [RT_REGION_MEM] = "mem",
};

void rt_regions_init(struct rt_regions *rs, struct rt_report *rep)
{
	memset(rs, 0, sizeof(*rs));
	rt_lock_init(&rs->lock);
	rs->rep = rep;
	rs->io_strict_devmem = true;
}

int rt_region_request(struct rt_regions *rs, u16 drv, enum rt_region_space sp,
		      u64 start, u64 size, bool exclusive, const char *name)
{
	rt_lock_flags_t flags;
	struct rt_region *r;

	rt_lock(&rs->lock, &flags);
	if (rs->n == RT_MAX_REGIONS) {
		rt_unlock(&rs->lock, flags);
		rt_atomic_inc(&rs->dropped);
		return -1;
	}
	r = &rs->r[rs->n++];
	r->start = start;
	r->size = size;
	r->drv = drv;
	r->space = (u8)sp;
	r->exclusive = exclusive;
	snprintf(r->name, sizeof(r->name), "%s", name ? name : "");
	rt_unlock(&rs->lock, flags);
	return 0;
}

static bool overlaps(const struct rt_region *r, u64 start, u64 size)
{
	return start < r->start + r->size && r->start < start + size;
}

void rt_region_release(struct rt_regions *rs, u16 drv,
		       enum rt_region_space sp, u64 start, u64 size)
{
	struct rt_region near = { 0 };
	struct rt_error_site s = { .drv = drv, .addr = start, .size = size };
	unsigned long long end = start + size - 1;
	rt_lock_flags_t flags;
	bool found = false;

	rt_lock(&rs->lock, &flags);
	for (unsigned int i = 0; i < rs->n; i++) {
		struct rt_region *r = &rs->r[i];

		if (r->space == sp && r->start == start && r->size == size) {
			rs->r[i] = rs->r[--rs->n];
			rt_unlock(&rs->lock, flags);
			return;
		}
		if (!found && overlaps(r, start, size)) {
			near = *r;
			found = true;
		}
	}
	rt_unlock(&rs->lock, flags);
	/* Nothing recorded can be a request we dropped: stay quiet. */
	if (!found && rt_atomic_read(&rs->dropped))
		return;

	if (!found) {
		rt_report(rs->rep, RT_IOMEM_RELEASE_MISMATCH, &s, PREFIX,
			  "Trying to free nonexistent resource "
			  "[%s 0x%016llx-0x%016llx]", space_names[sp],
			  (unsigned long long)start, end);
		return;
	}
	s.device = near.name;
	rt_report(rs->rep, RT_IOMEM_RELEASE_MISMATCH, &s, PREFIX,
		  "release does not match the request [released %s "
		  "0x%016llx-0x%016llx] [requested %s 0x%016llx-0x%016llx "
		  "by %s]", space_names[sp], (unsigned long long)start, end,
		  space_names[near.space], (unsigned long long)near.start,
		  (unsigned long long)(near.start + near.size - 1),
		  rt_driver(rs->rep, near.drv)->name);
}

enum rt_user_map rt_region_user_map(struct rt_regions *rs, u64 start,
				    u64 size, const char *comm, int pid,
				    bool iomem_relaxed)
{
	struct rt_region owner = { 0 };
	rt_lock_flags_t flags;
	bool found = false;
	bool refused;

	rt_lock(&rs->lock, &flags);
	for (unsigned int i = 0; i < rs->n; i++) {
		struct rt_region *r = &rs->r[i];

		if (r->space != RT_REGION_MEM || !overlaps(r, start, size))
			continue;
		/* An exclusive owner decides the verdict: prefer it. */
		if (!found || r->exclusive)
			owner = *r;
		found = true;
		if (r->exclusive)
			break;
	}
	rt_unlock(&rs->lock, flags);
	if (!found)
		return RT_USER_MAP_UNOWNED;

	/* resource_is_exclusive(): relaxed skips every check but System RAM's. */
	refused = !iomem_relaxed && (owner.exclusive || rs->io_strict_devmem);
	/* Relaxed on purpose, and the driver did ask for exclusivity. */
	if (!refused && owner.exclusive)
		return RT_USER_MAP_ALLOWED;
	{
		struct rt_error_site s = {
			.drv = owner.drv, .device = owner.name,
			.addr = start, .size = size,
		};
		const char *why = refused ? (owner.exclusive ? "exclusive" :
						       "busy, iomem=strict") :
				  iomem_relaxed ? "not exclusive, iomem=relaxed" :
						  "not exclusive";

		rt_report(rs->rep, refused ? RT_IOMEM_USER_MAP_REFUSED :
					     RT_IOMEM_NOT_EXCLUSIVE, &s, PREFIX,
			  "process %s (pid %d) maps driver-owned MMIO "
			  "[mem 0x%016llx-0x%016llx] [region 0x%016llx-0x%016llx]"
			  " (%s): %s", comm ? comm : "?", pid,
			  (unsigned long long)start,
			  (unsigned long long)(start + size - 1),
			  (unsigned long long)owner.start,
			  (unsigned long long)(owner.start + owner.size - 1),
			  why, refused ? "refused" : "allowed");
	}
	return refused ? RT_USER_MAP_REFUSED : RT_USER_MAP_ALLOWED;
}
