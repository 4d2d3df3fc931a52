// SPDX-License-Identifier: GPL-2.0
/*
 * The core's driver id of a device, for every DMA call: rt_driver_id()
 * takes the registry's lock and compares names, one global lock on every
 * map and unmap of every CPU.  This cache maps the name pointer that
 * dev_driver_string() returns to the id, read without a lock (a seqlock,
 * retried only while a slot is rewritten).  Only pointers are compared, a
 * cached name is never read; since a name's memory can be reused once its
 * driver is gone, the cache is emptied when a driver lets a device go and
 * when a module unloads.
 */
#include <linux/device.h>
#include <linux/hash.h>
#include <linux/seqlock.h>
#include <linux/string.h>

#include "rt.h"

#define RT_DRVID_BITS	8

struct drvid {
	const char *name;
	u16 id;
};

static struct drvid cache[1U << RT_DRVID_BITS];
static DEFINE_SEQLOCK(cache_lock);

u16 rt_dev_driver_id(const struct device *dev)
{
	const char *name = dev_driver_string(dev);
	unsigned int h = hash_ptr((void *)name, RT_DRVID_BITS), seq;
	unsigned long flags;
	bool hit;
	u16 id;

	do {
		seq = read_seqbegin(&cache_lock);
		hit = cache[h].name == name;
		id = cache[h].id;
	} while (read_seqretry(&cache_lock, seq));
	if (hit)
		return id;

	id = rt_driver_id(&drt.rep, name);
	write_seqlock_irqsave(&cache_lock, flags);
	cache[h].name = name;
	cache[h].id = id;
	write_sequnlock_irqrestore(&cache_lock, flags);
	return id;
}

void rt_dev_driver_ids_forget(void)
{
	unsigned long flags;

	write_seqlock_irqsave(&cache_lock, flags);
	memset(cache, 0, sizeof(cache));
	write_sequnlock_irqrestore(&cache_lock, flags);
}
