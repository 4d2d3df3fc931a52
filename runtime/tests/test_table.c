// SPDX-License-Identifier: GPL-2.0
/*
 * The live-mapping table's own promises: every pool entry can be used
 * whichever stripes the addresses hash to, the low flag comes up before
 * the pool is empty and goes down when it grows, and a driver's per-CPU
 * counts add up when one thread maps and another unmaps.
 */
#include <pthread.h>

#include "core/dma_table.h"
#include "harness.h"

static int dev;

/* Map handle for driver drv; false when the pool is empty. */
static bool map(struct rt_dma_table *t, u64 handle, u16 drv)
{
	struct rt_dma_entry *e, other;
	struct rt_dma_bucket b;

	rt_dma_lock_bucket(t, handle, &b);
	e = rt_dma_entry_new(&b, drv);
	if (e) {
		e->dev = &dev;
		e->handle = handle;
		e->size = 4096;
		e->cpu_addr = 0;
		e->sg_nents = 0;
		e->kind = RT_DMA_SINGLE;
		e->dir = RT_DMA_TO_DEVICE;
		rt_dma_link(&b, e, false, &other);
	}
	rt_dma_unlock_bucket(&b);
	return e != NULL;
}

static bool unmap(struct rt_dma_table *t, u64 handle)
{
	struct rt_dma_key key = {
		.dev = &dev, .handle = handle, .size = 4096,
		.kind = RT_DMA_SINGLE, .dir = RT_DMA_TO_DEVICE,
	};
	struct rt_dma_entry **l;
	struct rt_dma_bucket b;

	rt_dma_lock_bucket(t, handle, &b);
	l = rt_dma_find_exact(&b, &key);
	if (l)
		rt_dma_entry_free(&b, l);
	rt_dma_unlock_bucket(&b);
	return l != NULL;
}

/* Distinct pages that hash all over the table. */
static u64 page(u64 i)
{
	return (i * 0x9E3779B1ULL % 0xfffffff + 1) << 12;
}

/*
 * Addresses that all hash to one stripe: that stripe runs dry at once
 * and every further map has to steal, until the whole pool is in use.
 */
static void test_steal_to_the_last_entry(void)
{
	struct rt_dma_table t;
	struct rt_dma_bucket first, b;
	u64 h[512];
	unsigned int n = 0;

	CHECK(rt_dma_table_init(&t, 512, 0, 0) == 0);
	CHECK((1U << t.stripe_bits) > 1);
	rt_dma_lock_bucket(&t, page(0), &first);
	rt_dma_unlock_bucket(&first);
	for (u64 i = 0; n < 512 && i < 100000000; i++) {
		rt_dma_lock_bucket(&t, page(i), &b);
		rt_dma_unlock_bucket(&b);
		if (b.stripe == first.stripe)
			h[n++] = page(i);
	}
	CHECK(n == 512);
	for (unsigned int i = 0; i < n; i++)
		CHECK(map(&t, h[i], 1));
	CHECK(rt_dma_table_free(&t) == 0);
	CHECK(rt_dma_table_live(&t) == 512);
	CHECK(!map(&t, page(100000001), 1));
	CHECK(rt_atomic_read(&t.dropped) == 1);
	for (unsigned int i = 0; i < n; i++)
		CHECK(unmap(&t, h[i]));
	CHECK(rt_dma_table_free(&t) == 512);
	CHECK(rt_dma_driver_live(&t, 1) == 0);
	CHECK(rt_dma_driver_maps(&t, 1) == 512);
	CHECK(rt_dma_driver_peak(&t, 1) == 512);
	rt_dma_table_destroy(&t);
}

/* The grow work's trigger: up before the pool is dry, down after a grow. */
static void test_low_flag(void)
{
	struct rt_dma_table t;
	long cap = 4096, maps = 0, free_when_low = -1;

	CHECK(rt_dma_table_init(&t, (size_t)cap, 0, 0) == 0);
	CHECK(!rt_dma_table_low(&t));
	while (map(&t, page((u64)maps), 2)) {
		maps++;
		if (rt_dma_table_low(&t) && free_when_low < 0)
			free_when_low = rt_dma_table_free(&t);
		/* Never up while more than a quarter is free. */
		if (rt_dma_table_low(&t))
			CHECK(free_when_low < cap / 4);
	}
	CHECK(maps == cap);
	/* Up well before the last entry went: a stripe crossed its mark. */
	CHECK(free_when_low > cap / 16);
	CHECK(rt_dma_table_grow(&t, (size_t)cap) == 0);
	CHECK(!rt_dma_table_low(&t));
	CHECK(map(&t, page((u64)maps), 2));
	rt_dma_table_destroy(&t);
}

struct half {
	struct rt_dma_table *t;
	u64 first, n;
	bool map;
};

static void *run_half(void *arg)
{
	struct half *h = arg;

	for (u64 i = h->first; i < h->first + h->n; i++)
		CHECK(h->map ? map(h->t, page(i), 3) : unmap(h->t, page(i)));
	return NULL;
}

static void in_thread(struct half h)
{
	pthread_t th;

	pthread_create(&th, NULL, run_half, &h);
	pthread_join(th, NULL);
}

/*
 * One thread maps, another unmaps: each CPU's (thread's) counts are off
 * on their own, the sums are exact, and the peak reads high by less than
 * RT_DMA_FOLD for the other thread's unfolded unmaps.
 */
static void test_counts_across_threads(void)
{
	struct rt_dma_table t;
	long peak;

	CHECK(rt_dma_table_init(&t, 1024, 0, 0) == 0);
	in_thread((struct half){ &t, 0, 100, true });
	CHECK(rt_dma_driver_live(&t, 3) == 100);
	CHECK(rt_dma_driver_peak(&t, 3) == 100);
	in_thread((struct half){ &t, 0, 100, false });
	CHECK(rt_dma_driver_live(&t, 3) == 0);
	CHECK(rt_dma_driver_maps(&t, 3) == 100);
	in_thread((struct half){ &t, 1000, 104, true });
	CHECK(rt_dma_driver_live(&t, 3) == 104);
	CHECK(rt_dma_driver_maps(&t, 3) == 204);
	peak = rt_dma_driver_peak(&t, 3);
	CHECK(peak >= 104 && peak < 104 + RT_DMA_FOLD);
	in_thread((struct half){ &t, 1000, 104, false });
	CHECK(rt_dma_driver_live(&t, 3) == 0);
	CHECK(rt_dma_table_live(&t) == 0);
	rt_dma_table_destroy(&t);
}

/* Pools past RT_DMA_MAX_ENTRIES are refused, not attempted. */
static void test_size_limits(void)
{
	struct rt_dma_table t;

	CHECK(rt_dma_table_init(&t, RT_DMA_MAX_ENTRIES + 1, 0, 0) == -1);
	CHECK(rt_dma_table_init(&t, 64, (size_t)1 << 40, 0) == 0);
	CHECK(((size_t)1 << t.bits) == RT_DMA_MAX_ENTRIES / 2);
	CHECK(rt_dma_table_grow(&t, RT_DMA_MAX_ENTRIES - 63) == -1);
	CHECK(rt_atomic_read(&t.capacity) == 64);
	rt_dma_table_destroy(&t);
}

int main(void)
{
	RUN(test_steal_to_the_last_entry);
	RUN(test_low_flag);
	RUN(test_counts_across_threads);
	RUN(test_size_limits);
	return harness_done();
}
