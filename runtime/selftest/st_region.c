// SPDX-License-Identifier: GPL-2.0
/*
 * iomem scenarios, inside the MMIO window the platform device owns (a free
 * physical range nothing decodes).  Slots of ST_WIN_SLOT bytes:
 * 0 region, 1 region_exclusive, 2 release_unrequested, 3 release_size,
 * 4 exclusive_hold, 5 region_hold; 8 and 9 are the DMA resource
 * scenarios' pages.
 */
#include <linux/ioport.h>

#include "st.h"

static resource_size_t st_slot(unsigned int n)
{
	return st.win_start + n * ST_WIN_SLOT;
}

/* correct: request, release the same */
static int st_region(struct device *dev)
{
	resource_size_t base = st_slot(0);

	if (!request_mem_region(base, ST_WIN_SLOT, dev_name(dev)))
		return -EBUSY;
	release_mem_region(base, ST_WIN_SLOT);
	return 0;
}

/* correct: an exclusive request, released */
static int st_region_exclusive(struct device *dev)
{
	resource_size_t base = st_slot(1);

	if (!request_mem_region_exclusive(base, ST_WIN_SLOT, dev_name(dev)))
		return -EBUSY;
	release_mem_region(base, ST_WIN_SLOT);
	return 0;
}

/*
 * iomem-release-mismatch: the error path releases a region it never
 * requested (the kernel prints "Trying to free nonexistent resource").
 */
static int st_release_unrequested(struct device *dev)
{
	release_mem_region(st_slot(2), ST_WIN_SLOT);
	return 0;
}

/*
 * iomem-release-mismatch: released with half the requested size.  The
 * kernel refuses that release and keeps the region busy, so the driver's
 * later full-size release (the one its remove path does) frees it.
 */
static int st_release_size(struct device *dev)
{
	resource_size_t base = st_slot(3);

	if (!request_mem_region(base, ST_WIN_SLOT, dev_name(dev)))
		return -EBUSY;
	release_mem_region(base, ST_WIN_SLOT / 2);
	release_mem_region(base, ST_WIN_SLOT);
	return 0;
}

/*
 * Holds an exclusive region until exclusive_drop, so user space can try
 * /dev/mem on it (iomem-user-map-refused is reported at that attempt).
 */
static int st_exclusive_hold(struct device *dev)
{
	if (st.excl)
		return -EBUSY;
	st.excl = request_mem_region_exclusive(st_slot(4), ST_WIN_SLOT,
					       dev_name(dev));
	return st.excl ? 0 : -EBUSY;
}

static int st_exclusive_drop(struct device *dev)
{
	if (!st.excl)
		return -ENOENT;
	release_mem_region(st_slot(4), ST_WIN_SLOT);
	st.excl = NULL;
	return 0;
}

/*
 * Holds a plain (not exclusive) region until region_drop: user space may
 * map it only under iomem=relaxed (busy regions are refused otherwise,
 * CONFIG_IO_STRICT_DEVMEM).
 */
static int st_region_hold(struct device *dev)
{
	if (st.held)
		return -EBUSY;
	st.held = request_mem_region(st_slot(5), ST_WIN_SLOT, dev_name(dev));
	return st.held ? 0 : -EBUSY;
}

static int st_region_drop(struct device *dev)
{
	if (!st.held)
		return -ENOENT;
	release_mem_region(st_slot(5), ST_WIN_SLOT);
	st.held = NULL;
	return 0;
}

const struct st_scenario st_region_scenarios[] = {
	{ "region", st_region },
	{ "region_exclusive", st_region_exclusive },
	{ "release_unrequested", st_release_unrequested },
	{ "release_size", st_release_size },
	{ "exclusive_hold", st_exclusive_hold },
	{ "exclusive_drop", st_exclusive_drop },
	{ "region_hold", st_region_hold },
	{ "region_drop", st_region_drop },
};
const unsigned int st_region_nscenarios = ARRAY_SIZE(st_region_scenarios);
