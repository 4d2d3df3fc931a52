// SPDX-License-Identifier: GPL-2.0
/* Each dma-debug error class, with a call that must report and one that must not. */
#include <string.h>

#include "capture.h"
#include "core/dma_check.h"
#include "harness.h"

static struct rt_report rep;
static struct rt_dma_table tab;
static struct rt_dma_ctx ctx;
static struct capture cap;
static u16 drv;
static int dev_a, dev_b;	/* their addresses are the device identities */

static void setup(size_t entries, unsigned int flags)
{
	capture_reset(&cap);
	rt_report_init(&rep, capture_sink, &cap);
	rep.all_errors = true;
	rt_dma_table_init(&tab, entries, 0, flags);
	rt_dma_ctx_init(&ctx, &tab, &rep);
	drv = rt_driver_id(&rep, "e1000");
}

static void teardown(void)
{
	rt_dma_table_destroy(&tab);
}

static struct rt_dma_ref ref(enum rt_dma_kind kind, u64 handle, u64 size,
			     enum rt_dma_dir dir)
{
	struct rt_dma_ref r = {
		.dev = &dev_a, .dev_name = "0000:00:03.0", .drv = drv,
		.kind = (u8)kind, .dir = (u8)dir, .handle = handle,
		.size = size,
	};

	return r;
}

static void map(struct rt_dma_ref r)
{
	CHECK(rt_dma_map(&ctx, &r, RT_MEM_OK) == 0);
}

static void unmap(struct rt_dma_ref r)
{
	rt_dma_unmap(&ctx, &r);
}

static void test_clean_pair(void)
{
	setup(64, 0);
	map(ref(RT_DMA_SINGLE, 0x12345000, 258, RT_DMA_TO_DEVICE));
	unmap(ref(RT_DMA_SINGLE, 0x12345000, 258, RT_DMA_TO_DEVICE));
	CHECK(cap.n == 0);
	CHECK(rt_dma_table_live(&tab) == 0);
	teardown();
}

static void test_not_allocated(void)
{
	setup(64, 0);
	unmap(ref(RT_DMA_SINGLE, 0x5000, 64, RT_DMA_TO_DEVICE));
	CHECK(capture_count(&cap, RT_DMA_DOUBLE_UNMAP) == 1);
	CHECK(capture_has(&cap, RT_DMA_DOUBLE_UNMAP,
			  "DMA-API: e1000 0000:00:03.0: device driver tries to "
			  "free DMA memory it has not allocated [device "
			  "address=0x0000000000005000] [size=64 bytes]"));
	/* Another device's mapping of that address is not this one's. */
	{
		struct rt_dma_ref r = ref(RT_DMA_SINGLE, 0x6000, 64,
					  RT_DMA_TO_DEVICE);

		map(r);
		r.dev = &dev_b;
		unmap(r);
		CHECK(capture_count(&cap, RT_DMA_DOUBLE_UNMAP) == 2);
	}
	teardown();
}

static void test_double_unmap(void)
{
	struct rt_dma_ref r;

	setup(64, 0);
	r = ref(RT_DMA_PAGE, 0x7000, 4096, RT_DMA_FROM_DEVICE);
	map(r);
	unmap(r);
	CHECK(cap.n == 0);
	unmap(r);
	CHECK(cap.n == 1 && capture_count(&cap, RT_DMA_DOUBLE_UNMAP) == 1);
	teardown();
}

static void test_invalid_address(void)
{
	struct rt_dma_ref r;

	setup(64, 0);
	r = ref(RT_DMA_SINGLE, ~0ULL, 64, RT_DMA_TO_DEVICE);
	r.flags = RT_REF_MAP_ERROR;
	unmap(r);
	CHECK(capture_has(&cap, RT_DMA_MAPPING_ERROR_UNCHECKED,
			  "free an invalid DMA memory address"));
	teardown();
}

static void test_size(void)
{
	setup(64, 0);
	map(ref(RT_DMA_SINGLE, 0x12345000, 258, RT_DMA_TO_DEVICE));
	unmap(ref(RT_DMA_SINGLE, 0x12345000, 256, RT_DMA_TO_DEVICE));
	CHECK(cap.n == 1);
	CHECK(strcmp(cap.msg[0],
		     "DMA-API: e1000 0000:00:03.0: device driver frees DMA "
		     "memory with different size [device "
		     "address=0x0000000012345000] [map size=258 bytes] "
		     "[unmap size=256 bytes]") == 0);
	/* The entry is gone even though the unmap was wrong. */
	CHECK(rt_dma_table_live(&tab) == 0);
	teardown();
}

static void test_kind(void)
{
	setup(64, 0);
	map(ref(RT_DMA_PAGE, 0x1000, 4096, RT_DMA_TO_DEVICE));
	unmap(ref(RT_DMA_SINGLE, 0x1000, 4096, RT_DMA_TO_DEVICE));
	CHECK(capture_has(&cap, RT_DMA_UNMAP_KIND,
			  "wrong function [device address=0x0000000000001000] "
			  "[size=4096 bytes] [mapped as page] "
			  "[unmapped as single]"));
	map(ref(RT_DMA_SG, 0x2000, 512, RT_DMA_TO_DEVICE));
	unmap(ref(RT_DMA_PAGE, 0x2000, 512, RT_DMA_TO_DEVICE));
	CHECK(capture_count(&cap, RT_DMA_UNMAP_KIND) == 2);
	map(ref(RT_DMA_POOL, 0x3000, 64, RT_DMA_BIDIRECTIONAL));
	unmap(ref(RT_DMA_COHERENT, 0x3000, 64, RT_DMA_BIDIRECTIONAL));
	CHECK(capture_count(&cap, RT_DMA_UNMAP_KIND) == 3);
	CHECK(capture_count(&cap, RT_DMA_COHERENT_STREAMING_MIX) == 0);

	/* Coherent memory through a streaming call, and the reverse. */
	map(ref(RT_DMA_COHERENT, 0x4000, 8192, RT_DMA_BIDIRECTIONAL));
	unmap(ref(RT_DMA_SINGLE, 0x4000, 8192, RT_DMA_BIDIRECTIONAL));
	map(ref(RT_DMA_SINGLE, 0x8000, 64, RT_DMA_BIDIRECTIONAL));
	unmap(ref(RT_DMA_COHERENT, 0x8000, 64, RT_DMA_BIDIRECTIONAL));
	CHECK(capture_count(&cap, RT_DMA_COHERENT_STREAMING_MIX) == 2);
	CHECK(cap.n == 5);

	/* Negative: each kind released by its own function. */
	cap.n = 0;
	for (int k = 0; k < RT_DMA_KIND_NR; k++) {
		map(ref((enum rt_dma_kind)k, 0x100000 + 0x1000 * (u64)k, 64,
			RT_DMA_BIDIRECTIONAL));
		unmap(ref((enum rt_dma_kind)k, 0x100000 + 0x1000 * (u64)k, 64,
			  RT_DMA_BIDIRECTIONAL));
	}
	CHECK(cap.n == 0);
	teardown();
}

static void test_cpu_address(void)
{
	struct rt_dma_ref r;

	setup(64, 0);
	r = ref(RT_DMA_COHERENT, 0x9000, 4096, RT_DMA_BIDIRECTIONAL);
	r.cpu_addr = 0xffff888000010000ULL;
	map(r);
	r.cpu_addr += 0x1000;
	unmap(r);
	CHECK(capture_has(&cap, RT_DMA_FREE_CPU_ADDR,
			  "[cpu alloc address=0xffff888000010000] "
			  "[cpu free address=0xffff888000011000]"));
	cap.n = 0;
	map(r);
	unmap(r);
	CHECK(cap.n == 0);
	teardown();
}

/* dma_map_sg(nents=4) returning 2 segments: one entry per segment. */
static void map_sg(u64 base)
{
	for (int i = 0; i < 2; i++) {
		struct rt_dma_ref r = ref(RT_DMA_SG, base + 0x1000 * (u64)i,
					  4096, RT_DMA_FROM_DEVICE);

		r.sg_nents = 4;
		r.sg_mapped = 2;
		map(r);
	}
}

static void unmap_sg(u64 base, int nents)
{
	for (int i = 0; i < 2; i++) {
		struct rt_dma_ref r = ref(RT_DMA_SG, base + 0x1000 * (u64)i,
					  4096, RT_DMA_FROM_DEVICE);

		r.sg_nents = nents;
		unmap(r);
	}
}

static void test_sg_nents(void)
{
	setup(64, 0);
	map_sg(0x20000);
	unmap_sg(0x20000, 2);		/* dma_map_sg's return value */
	CHECK(capture_count(&cap, RT_DMA_UNMAP_SG_NENTS) == 2);
	CHECK(capture_has(&cap, RT_DMA_UNMAP_SG_NENTS,
			  "frees DMA sg list with different entry count "
			  "[map count=4] [unmap count=2]"));
	cap.n = 0;
	map_sg(0x20000);
	unmap_sg(0x20000, 4);
	CHECK(cap.n == 0);
	teardown();
}

static void test_direction(void)
{
	setup(64, 0);
	map(ref(RT_DMA_SINGLE, 0xa000, 64, RT_DMA_TO_DEVICE));
	unmap(ref(RT_DMA_SINGLE, 0xa000, 64, RT_DMA_FROM_DEVICE));
	CHECK(capture_has(&cap, RT_DMA_DIRECTION,
			  "frees DMA memory with different direction [device "
			  "address=0x000000000000a000] [size=64 bytes] "
			  "[mapped with DMA_TO_DEVICE] "
			  "[unmapped with DMA_FROM_DEVICE]"));
	CHECK(cap.n == 1);

	map(ref(RT_DMA_SINGLE, 0xb000, 64, RT_DMA_NONE));
	CHECK(capture_has(&cap, RT_DMA_DIRECTION, "with DMA_NONE"));
	cap.n = 0;
	unmap(ref(RT_DMA_SINGLE, 0xb000, 64, RT_DMA_NONE));
	map(ref(RT_DMA_SINGLE, 0xb000, 64, RT_DMA_BIDIRECTIONAL));
	unmap(ref(RT_DMA_SINGLE, 0xb000, 64, RT_DMA_BIDIRECTIONAL));
	CHECK(cap.n == 0);
	teardown();
}

static void sync(struct rt_dma_ref r, bool for_cpu)
{
	rt_dma_sync(&ctx, &r, for_cpu);
}

static void test_sync_unmapped(void)
{
	setup(64, 0);
	sync(ref(RT_DMA_SINGLE, 0xc000, 64, RT_DMA_FROM_DEVICE), true);
	CHECK(capture_has(&cap, RT_DMA_SYNC_UNMAPPED,
			  "tries to sync DMA memory it has not allocated "
			  "[device address=0x000000000000c000] [size=64 bytes]"));
	cap.n = 0;
	map(ref(RT_DMA_SINGLE, 0xc000, 64, RT_DMA_FROM_DEVICE));
	sync(ref(RT_DMA_SINGLE, 0xc000, 64, RT_DMA_FROM_DEVICE), true);
	sync(ref(RT_DMA_SINGLE, 0xc000, 64, RT_DMA_FROM_DEVICE), false);
	CHECK(cap.n == 0);
	unmap(ref(RT_DMA_SINGLE, 0xc000, 64, RT_DMA_FROM_DEVICE));
	sync(ref(RT_DMA_SINGLE, 0xc000, 64, RT_DMA_FROM_DEVICE), true);
	CHECK(capture_count(&cap, RT_DMA_SYNC_UNMAPPED) == 1);
	teardown();
}

static void test_sync_range(void)
{
	u64 big = 0x1000000;

	setup(64, 0);
	map(ref(RT_DMA_SINGLE, 0x40000, 4096, RT_DMA_BIDIRECTIONAL));
	/* dma_sync_single_range_for_cpu(handle, 0x800, 0x800): inside. */
	sync(ref(RT_DMA_SINGLE, 0x40800, 0x800, RT_DMA_BIDIRECTIONAL), true);
	CHECK(cap.n == 0);
	sync(ref(RT_DMA_SINGLE, 0x40800, 0x1000, RT_DMA_BIDIRECTIONAL), true);
	CHECK(capture_has(&cap, RT_DMA_UNMAP_SIZE,
			  "syncs DMA memory outside allocated range [device "
			  "address=0x0000000000040000] [allocation size=4096 "
			  "bytes] [sync offset+size=6144]"));

	/* Found from sixteen pages further on, by walking back. */
	cap.n = 0;
	map(ref(RT_DMA_SINGLE, big, 65536, RT_DMA_BIDIRECTIONAL));
	sync(ref(RT_DMA_SINGLE, big + 40960, 1024, RT_DMA_BIDIRECTIONAL),
	     false);
	CHECK(cap.n == 0);
	sync(ref(RT_DMA_SINGLE, big + 65536 - 1024, 2048,
		 RT_DMA_BIDIRECTIONAL), false);
	CHECK(capture_count(&cap, RT_DMA_UNMAP_SIZE) == 1);
	/* One byte past the end is not in the mapping. */
	sync(ref(RT_DMA_SINGLE, big + 65536, 1, RT_DMA_BIDIRECTIONAL), false);
	CHECK(capture_count(&cap, RT_DMA_SYNC_UNMAPPED) == 1);
	teardown();
}

static void test_sync_direction(void)
{
	setup(64, 0);
	map(ref(RT_DMA_SINGLE, 0xd000, 64, RT_DMA_TO_DEVICE));
	sync(ref(RT_DMA_SINGLE, 0xd000, 64, RT_DMA_FROM_DEVICE), false);
	CHECK(cap.n == 1);
	CHECK(capture_has(&cap, RT_DMA_DIRECTION,
			  "syncs DMA memory with different direction [device "
			  "address=0x000000000000d000] [size=64 bytes] "
			  "[mapped with DMA_TO_DEVICE] "
			  "[synced with DMA_FROM_DEVICE]"));

	/* For cpu, memory the device only reads. */
	cap.n = 0;
	sync(ref(RT_DMA_SINGLE, 0xd000, 64, RT_DMA_BIDIRECTIONAL), true);
	CHECK(capture_has(&cap, RT_DMA_DIRECTION,
			  "syncs device read-only DMA memory for cpu"));
	/* Its own direction for the device is right. */
	cap.n = 0;
	sync(ref(RT_DMA_SINGLE, 0xd000, 64, RT_DMA_TO_DEVICE), false);
	CHECK(cap.n == 0);

	/* To the device, memory the device only writes. */
	map(ref(RT_DMA_SINGLE, 0xe000, 64, RT_DMA_FROM_DEVICE));
	sync(ref(RT_DMA_SINGLE, 0xe000, 64, RT_DMA_BIDIRECTIONAL), false);
	CHECK(capture_has(&cap, RT_DMA_DIRECTION,
			  "syncs device write-only DMA memory to device"));
	cap.n = 0;
	sync(ref(RT_DMA_SINGLE, 0xe000, 64, RT_DMA_FROM_DEVICE), true);
	CHECK(cap.n == 0);

	/* Bidirectional memory syncs any way. */
	map(ref(RT_DMA_SINGLE, 0xf000, 64, RT_DMA_BIDIRECTIONAL));
	sync(ref(RT_DMA_SINGLE, 0xf000, 64, RT_DMA_TO_DEVICE), true);
	sync(ref(RT_DMA_SINGLE, 0xf000, 64, RT_DMA_FROM_DEVICE), false);
	CHECK(cap.n == 0);
	teardown();
}

static void test_sync_sg_and_coherent(void)
{
	struct rt_dma_ref r;

	setup(64, 0);
	map_sg(0x30000);
	r = ref(RT_DMA_SG, 0x30000, 4096, RT_DMA_FROM_DEVICE);
	r.sg_nents = 2;
	sync(r, true);
	CHECK(capture_has(&cap, RT_DMA_UNMAP_SG_NENTS,
			  "syncs DMA sg list with different entry count "
			  "[map count=4] [sync count=2]"));
	cap.n = 0;
	r.sg_nents = 4;
	sync(r, true);
	CHECK(cap.n == 0);

	map(ref(RT_DMA_COHERENT, 0x50000, 4096, RT_DMA_BIDIRECTIONAL));
	sync(ref(RT_DMA_SINGLE, 0x50000, 4096, RT_DMA_BIDIRECTIONAL), true);
	CHECK(capture_has(&cap, RT_DMA_COHERENT_STREAMING_MIX,
			  "syncs coherent DMA memory"));
	teardown();
}

static void test_map_area(void)
{
	struct rt_dma_ref r;

	setup(64, 0);
	r = ref(RT_DMA_SINGLE, 0x60000, 64, RT_DMA_TO_DEVICE);
	r.cpu_addr = 0xffffc90000123000ULL;
	CHECK(rt_dma_map(&ctx, &r, RT_MEM_STACK) == 0);
	CHECK(capture_has(&cap, RT_DMA_MAP_STACK,
			  "maps memory from stack [addr=0xffffc90000123000]"));
	r.handle += 0x1000;
	rt_dma_map(&ctx, &r, RT_MEM_VMALLOC);
	CHECK(capture_has(&cap, RT_DMA_MAP_STACK, "from vmalloc area"));
	r.handle += 0x1000;
	rt_dma_map(&ctx, &r, RT_MEM_TEXT);
	CHECK(capture_has(&cap, RT_DMA_MAP_STACK, "kernel text or rodata"));
	CHECK(cap.n == 3);
	r.handle += 0x1000;
	rt_dma_map(&ctx, &r, RT_MEM_OK);
	CHECK(cap.n == 3);
	teardown();
}

static void test_overlap(void)
{
	struct rt_dma_ref a, b;

	setup(64, RT_DMA_TRACK_OVERLAP);
	a = ref(RT_DMA_SINGLE, 0x70000, 64, RT_DMA_TO_DEVICE);
	a.cpu_addr = 0xffff888000200000ULL;
	b = a;
	b.handle = 0x71000;
	map(a);
	map(b);
	CHECK(capture_count(&cap, RT_DMA_OVERLAP) == 1);
	CHECK(capture_has(&cap, RT_DMA_OVERLAP,
			  "overlapping mappings aren't supported"));
	unmap(b);
	unmap(a);
	cap.n = 0;
	/* One at a time is fine; so is a second with SKIP_CPU_SYNC. */
	map(a);
	unmap(a);
	map(b);
	a.flags = RT_REF_SKIP_CPU_SYNC;
	map(a);
	CHECK(cap.n == 0);
	unmap(a);
	unmap(b);
	CHECK(cap.n == 0 && rt_dma_table_live(&tab) == 0);
	teardown();
}

static void test_best_fit(void)
{
	setup(64, 0);
	/* Without an IOMMU one page can be live twice at one address. */
	map(ref(RT_DMA_SINGLE, 0x80000, 128, RT_DMA_TO_DEVICE));
	map(ref(RT_DMA_SINGLE, 0x80000, 256, RT_DMA_FROM_DEVICE));
	unmap(ref(RT_DMA_SINGLE, 0x80000, 128, RT_DMA_TO_DEVICE));
	unmap(ref(RT_DMA_SINGLE, 0x80000, 256, RT_DMA_FROM_DEVICE));
	CHECK(cap.n == 0);
	CHECK(rt_dma_table_live(&tab) == 0);
	teardown();
}

static void test_pending(void)
{
	struct rt_dma_ref r;
	u16 other;

	setup(64, 0);
	other = rt_driver_id(&rep, "igb");
	for (u64 i = 0; i < 3; i++)
		map(ref(RT_DMA_SINGLE, 0x90000 + 0x1000 * i, 64,
			RT_DMA_TO_DEVICE));
	r = ref(RT_DMA_COHERENT, 0xa0000, 4096, RT_DMA_BIDIRECTIONAL);
	r.dev = &dev_b;
	r.drv = other;
	map(r);
	CHECK(rt_dma_pending(&ctx, &dev_a, -1, false) == 3);
	CHECK(capture_count(&cap, RT_DMA_LEAK) == 3);
	CHECK(capture_has(&cap, RT_DMA_LEAK,
			  "device driver has pending DMA allocations while "
			  "released from device [count=3] One of leaked entries "
			  "details: [device address=0x0000000000091000] "
			  "[size=64 bytes] [mapped with DMA_TO_DEVICE] "
			  "[mapped as single]"));
	CHECK(rt_dma_table_live(&tab) == 4);
	cap.n = 0;
	CHECK(rt_dma_pending(&ctx, NULL, drv, true) == 3);
	CHECK(rt_dma_table_live(&tab) == 1);
	CHECK(rt_dma_driver_live(&tab, drv) == 0);
	CHECK(rt_dma_pending(&ctx, &dev_a, -1, true) == 0);
	CHECK(rt_dma_pending(&ctx, NULL, other, true) == 1);
	/* The pool is full again. */
	CHECK(rt_dma_table_free(&tab) == 64);
	CHECK(rt_dma_pending(&ctx, NULL, -1, false) == 0);
	teardown();
}

static unsigned long three_missed(void)
{
	return 3;
}

/* A release the runtime did not see may be what looks like a leak. */
static void test_pending_after_missed_releases(void)
{
	setup(64, 0);
	ctx.releases_missed = three_missed;
	map(ref(RT_DMA_SINGLE, 0x90000, 64, RT_DMA_TO_DEVICE));
	CHECK(rt_dma_pending(&ctx, &dev_a, -1, true) == 1);
	CHECK(capture_has(&cap, RT_DMA_LEAK,
			  "[mapped as single] [3 release calls were not seen: "
			  "this may be one of them]"));
	teardown();
}

/* The module-unload case: entries picked by their saved call site. */
static bool match_site(void *arg, const struct rt_dma_entry *e)
{
	return e->nstack && e->stack[0] == *(const unsigned long *)arg;
}

static void test_pending_match(void)
{
	unsigned long none = 1;
	struct rt_dma_entry **l;
	struct rt_dma_bucket b;
	unsigned long site;

	setup(64, RT_DMA_STACKS);
	map(ref(RT_DMA_SINGLE, 0x90000, 64, RT_DMA_TO_DEVICE));
	map(ref(RT_DMA_SINGLE, 0x91000, 64, RT_DMA_TO_DEVICE));
	/* Whatever the stack saver put first for the first mapping. */
	{
		struct rt_dma_key k = { .dev = &dev_a, .handle = 0x90000,
					.size = 64, .kind = RT_DMA_SINGLE,
					.dir = RT_DMA_TO_DEVICE };

		rt_dma_lock_bucket(&tab, 0x90000, &b);
		l = rt_dma_find_exact(&b, &k);
		CHECK(l && (*l)->nstack > 0);
		site = l && (*l)->nstack ? (*l)->stack[0] : 0;
		rt_dma_unlock_bucket(&b);
	}
	CHECK(rt_dma_pending_match(&ctx, match_site, &none, true) == 0);
	CHECK(capture_count(&cap, RT_DMA_LEAK) == 0);
	/* Both maps came from the same line of map(): both match. */
	CHECK(rt_dma_pending_match(&ctx, match_site, &site, true) == 2);
	CHECK(capture_count(&cap, RT_DMA_LEAK) == 2);
	CHECK(rt_dma_table_free(&tab) == 64);
	CHECK(rt_dma_driver_live(&tab, drv) == 0);
	teardown();
}

static void test_exhaustion(void)
{
	setup(8, 0);
	for (u64 i = 0; i < 10; i++) {
		struct rt_dma_ref r = ref(RT_DMA_SINGLE, 0x100000 * (i + 1),
					  64, RT_DMA_TO_DEVICE);

		CHECK(rt_dma_map(&ctx, &r, RT_MEM_OK) == (i < 8 ? 0 : -1));
	}
	CHECK(rt_atomic_read(&tab.dropped) == 2);
	CHECK(rt_atomic_read(&tab.exhausted) == 1);
	CHECK(rt_dma_table_free(&tab) == 0);
	/* Releases of what we could not record are not errors. */
	for (u64 i = 0; i < 10; i++)
		unmap(ref(RT_DMA_SINGLE, 0x100000 * (i + 1), 64,
			  RT_DMA_TO_DEVICE));
	CHECK(cap.n == 0);
	CHECK(rt_atomic_read(&ctx.untracked) == 2);
	CHECK(rt_dma_table_free(&tab) == 8);

	/* Growing (outside a hook) makes room again. */
	CHECK(rt_dma_table_grow(&tab, 8) == 0);
	for (u64 i = 0; i < 16; i++) {
		struct rt_dma_ref r = ref(RT_DMA_SINGLE, 0x1000 * (i + 1), 64,
					  RT_DMA_TO_DEVICE);

		CHECK(rt_dma_map(&ctx, &r, RT_MEM_OK) == 0);
	}
	CHECK(rt_atomic_read(&tab.dropped) == 2);
	CHECK(rt_dma_pending(&ctx, NULL, -1, true) == 16);
	CHECK(rt_dma_table_free(&tab) == 16);
	teardown();
}

static void test_filter_and_counters(void)
{
	struct rt_driver *d;
	u16 igb;

	setup(64, 0);
	igb = rt_driver_id(&rep, "igb");
	CHECK(rt_driver_id(&rep, "e1000") == drv);
	rep.all_errors = false;
	for (int i = 0; i < 3; i++)
		unmap(ref(RT_DMA_SINGLE, 0x1000, 64, RT_DMA_TO_DEVICE));
	/* First error per driver only, but every one counted. */
	CHECK(cap.n == 1);
	d = rt_driver(&rep, drv);
	CHECK(rt_atomic_read(&d->errors[RT_DMA_DOUBLE_UNMAP]) == 3);
	CHECK(rt_atomic_read(&rep.total) == 3);

	rep.all_errors = true;
	rt_report_set_filter(&rep, "igb");
	unmap(ref(RT_DMA_SINGLE, 0x1000, 64, RT_DMA_TO_DEVICE));
	CHECK(cap.n == 1);
	{
		struct rt_dma_ref r = ref(RT_DMA_SINGLE, 0x1000, 64,
					  RT_DMA_TO_DEVICE);

		r.drv = igb;
		unmap(r);
	}
	CHECK(cap.n == 2 && strstr(cap.msg[1], "DMA-API: igb ") != NULL);
	rt_report_set_filter(&rep, NULL);

	for (u64 i = 0; i < 5; i++)
		map(ref(RT_DMA_SINGLE, 0x1000 * (i + 1), 64, RT_DMA_TO_DEVICE));
	for (u64 i = 0; i < 3; i++)
		unmap(ref(RT_DMA_SINGLE, 0x1000 * (i + 1), 64,
			  RT_DMA_TO_DEVICE));
	map(ref(RT_DMA_SINGLE, 0x9000, 64, RT_DMA_TO_DEVICE));
	CHECK(rt_dma_driver_live(&tab, drv) == 3);
	CHECK(rt_dma_driver_peak(&tab, drv) == 5);
	CHECK(rt_dma_driver_maps(&tab, drv) == 6);
	/* Unnamed callers land in driver 0. */
	CHECK(rt_driver_id(&rep, NULL) == RT_DRV_UNKNOWN);
	teardown();
}

int main(void)
{
	RUN(test_clean_pair);
	RUN(test_not_allocated);
	RUN(test_double_unmap);
	RUN(test_invalid_address);
	RUN(test_size);
	RUN(test_kind);
	RUN(test_cpu_address);
	RUN(test_sg_nents);
	RUN(test_direction);
	RUN(test_sync_unmapped);
	RUN(test_sync_range);
	RUN(test_sync_direction);
	RUN(test_sync_sg_and_coherent);
	RUN(test_map_area);
	RUN(test_overlap);
	RUN(test_best_fit);
	RUN(test_pending);
	RUN(test_pending_after_missed_releases);
	RUN(test_pending_match);
	RUN(test_exhaustion);
	RUN(test_filter_and_counters);
	return harness_done();
}
