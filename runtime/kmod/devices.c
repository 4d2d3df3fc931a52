// SPDX-License-Identifier: GPL-2.0
/*
 * Devices whose driver was bound before drvcheck_rt loaded.  Their
 * mappings made before the hooks were in place are unknown, so an unmap
 * or sync of an address the table does not hold is no evidence of a bug
 * for them: the DMA hooks stay quiet about those (every other check still
 * applies).  A device leaves the set when its driver is unbound: from the
 * next bind on, everything it maps is seen.
 *
 * Filled once at load, after the hooks are registered; until then every
 * device is treated as one of these.  Lookups are lockless: slots only go
 * from a device to a tombstone after the fill.
 */
#include <linux/device.h>
#include <linux/hash.h>
#include <linux/pci.h>
#include <linux/platform_device.h>

#include "rt.h"

#define RT_DEV_BITS	10
#define RT_DEV_SLOTS	(1U << RT_DEV_BITS)
#define RT_DEV_GONE	((const struct device *)1)

static const struct device *prebound[RT_DEV_SLOTS];
static bool filling = true;
static unsigned int nprebound, nlost;

static int add_device(struct device *dev, void *data)
{
	unsigned int h = hash_ptr(dev, RT_DEV_BITS);

	if (!READ_ONCE(dev->driver))
		return 0;
	for (unsigned int i = 0; i < RT_DEV_SLOTS; i++) {
		const struct device **s = &prebound[(h + i) & (RT_DEV_SLOTS - 1)];

		if (!*s) {
			WRITE_ONCE(*s, dev);
			nprebound++;
			return 0;
		}
	}
	nlost++;
	return 0;
}

void rt_devices_init(void)
{
	bus_for_each_dev(&platform_bus_type, NULL, NULL, add_device);
	if (IS_ENABLED(CONFIG_PCI))
		bus_for_each_dev(&pci_bus_type, NULL, NULL, add_device);
	/* The slots are written before anyone stops treating all as such. */
	smp_store_release(&filling, false);
	if (nlost)
		rt_log("%u devices bound before load not recorded: their unmaps of unknown addresses may be reported",
		       nlost);
}

static const struct device **slot_of(const struct device *dev)
{
	unsigned int h = hash_ptr((void *)dev, RT_DEV_BITS);

	for (unsigned int i = 0; i < RT_DEV_SLOTS; i++) {
		const struct device **s = &prebound[(h + i) & (RT_DEV_SLOTS - 1)];
		const struct device *d = READ_ONCE(*s);

		if (d == dev)
			return s;
		if (!d)
			return NULL;
	}
	return NULL;
}

bool rt_device_prebound(const struct device *dev)
{
	/* Pairs with rt_devices_init(): after the fill, the slots are set. */
	if (smp_load_acquire(&filling))
		return true;
	return nprebound && slot_of(dev);
}

/* The driver let go of the device: it starts with a clean slate. */
void rt_device_forget(const struct device *dev)
{
	const struct device **s;

	/* As in rt_device_prebound(). */
	if (smp_load_acquire(&filling) || !nprebound)
		return;
	s = slot_of(dev);
	if (s)
		WRITE_ONCE(*s, RT_DEV_GONE);
}
