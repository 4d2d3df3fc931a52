// SPDX-License-Identifier: GPL-2.0
#include "capture.h"
#include "core/region.h"
#include "harness.h"

static struct rt_report rep;
static struct rt_regions rs;
static struct capture cap;
static u16 drv;

static void setup(void)
{
	capture_reset(&cap);
	rt_report_init(&rep, capture_sink, &cap);
	rep.all_errors = true;
	rt_regions_init(&rs, &rep);
	drv = rt_driver_id(&rep, "e1000e");
}

static void test_release(void)
{
	setup();
	CHECK(rt_region_request(&rs, drv, RT_REGION_MEM, 0xfe000000, 0x20000,
				false, "e1000e") == 0);
	rt_region_release(&rs, drv, RT_REGION_MEM, 0xfe000000, 0x20000);
	CHECK(cap.n == 0 && rs.n == 0);

	/* Half of it, then the other space, then something never asked. */
	rt_region_request(&rs, drv, RT_REGION_MEM, 0xfe000000, 0x20000, false,
			  "e1000e");
	rt_region_release(&rs, drv, RT_REGION_MEM, 0xfe000000, 0x10000);
	CHECK(capture_has(&cap, RT_IOMEM_RELEASE_MISMATCH,
			  "[released mem 0x00000000fe000000-0x00000000fe00ffff]"
			  " [requested mem 0x00000000fe000000-0x00000000fe01ffff"
			  " by e1000e]"));
	rt_region_release(&rs, drv, RT_REGION_IO, 0xfe000000, 0x20000);
	CHECK(capture_count(&cap, RT_IOMEM_RELEASE_MISMATCH) == 2);
	rt_region_release(&rs, drv, RT_REGION_IO, 0x3f8, 8);
	CHECK(capture_has(&cap, RT_IOMEM_RELEASE_MISMATCH,
			  "Trying to free nonexistent resource"));
	CHECK(rs.n == 1);
}

static void test_user_map(void)
{
	u16 other;

	setup();
	other = rt_driver_id(&rep, "mgag200");
	rt_region_request(&rs, drv, RT_REGION_MEM, 0xfe000000, 0x20000, true,
			  "e1000e");
	rt_region_request(&rs, other, RT_REGION_MEM, 0xf0000000, 0x1000000,
			  false, "mgag200");
	rt_region_request(&rs, other, RT_REGION_IO, 0x1000, 0x100, false,
			  "mgag200");

	CHECK(rt_region_user_map(&rs, 0x1000, 0x1000, "devmem", 42, true) ==
	      RT_USER_MAP_UNOWNED);
	CHECK(rt_region_user_map(&rs, 0x100000, 0x1000, "devmem", 42, false) ==
	      RT_USER_MAP_UNOWNED);
	CHECK(cap.n == 0);

	CHECK(rt_region_user_map(&rs, 0xfe010000, 0x1000, "devmem", 42, false) ==
	      RT_USER_MAP_REFUSED);
	CHECK(capture_has(&cap, RT_IOMEM_USER_MAP_REFUSED,
			  "drvcheck: e1000e e1000e: process devmem (pid 42) "
			  "maps driver-owned MMIO"));
	CHECK(capture_has(&cap, RT_IOMEM_USER_MAP_REFUSED,
			  "(exclusive): refused"));
	/*
	 * 6.1's resource_is_exclusive(): iomem=relaxed lets exclusive
	 * through, and that is no finding.
	 */
	CHECK(rt_region_user_map(&rs, 0xfe010000, 0x1000, "devmem", 42, true) ==
	      RT_USER_MAP_ALLOWED);
	CHECK(cap.n == 1);

	CHECK(rt_region_user_map(&rs, 0xf0000000, 0x1000, "Xorg", 7, true) ==
	      RT_USER_MAP_ALLOWED);
	CHECK(capture_has(&cap, RT_IOMEM_NOT_EXCLUSIVE,
			  "process Xorg (pid 7)"));
	CHECK(rt_region_user_map(&rs, 0xf0000000, 0x1000, "Xorg", 7, false) ==
	      RT_USER_MAP_REFUSED);
	CHECK(capture_has(&cap, RT_IOMEM_USER_MAP_REFUSED,
			  "(busy, iomem=strict): refused"));
	/* Without CONFIG_IO_STRICT_DEVMEM, busy alone is not refused. */
	rs.io_strict_devmem = false;
	CHECK(rt_region_user_map(&rs, 0xf0000000, 0x1000, "Xorg", 7, false) ==
	      RT_USER_MAP_ALLOWED);
	CHECK(capture_has(&cap, RT_IOMEM_NOT_EXCLUSIVE, "(not exclusive): allowed"));
	CHECK(rt_region_user_map(&rs, 0xfe010000, 0x1000, "devmem", 42, false) ==
	      RT_USER_MAP_REFUSED);
	CHECK(cap.n == 5);
}

static void test_full(void)
{
	setup();
	for (int i = 0; i < RT_MAX_REGIONS; i++)
		CHECK(rt_region_request(&rs, drv, RT_REGION_IO,
					0x1000 + 16 * (u64)i, 16, false,
					"x") == 0);
	CHECK(rt_region_request(&rs, drv, RT_REGION_IO, 0x9000, 16, false,
				"x") == -1);
	/* That one may be released without a report: we never saw it. */
	rt_region_release(&rs, drv, RT_REGION_IO, 0x9000, 16);
	CHECK(cap.n == 0);
}

int main(void)
{
	RUN(test_release);
	RUN(test_user_map);
	RUN(test_full);
	return harness_done();
}
