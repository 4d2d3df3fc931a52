// SPDX-License-Identifier: GPL-2.0
/*
 * Several threads map and unmap at once, on distinct and on shared
 * buckets; some threads also release addresses that were never mapped.
 * Afterwards every count must be exact: nothing lost, nothing invented.
 */
#include <stdlib.h>

#include "capture.h"
#include "core/dma_check.h"
#include "harness.h"

#define THREADS		4
#define LIVE_MAX	2048
#define OPS		200000
#define BOGUS_EVERY	1000	/* one never-mapped release per this many */

static struct rt_report rep;
static struct rt_dma_table tab;
static struct rt_dma_ctx ctx;
static struct capture cap;
static int devs[THREADS];

struct worker {
	int id;
	u16 drv;
	unsigned int seed;
	u64 live[LIVE_MAX];
	int nlive;
	long maps, unmaps, bogus, drops;
};

static struct rt_dma_ref ref_of(struct worker *w, u64 handle)
{
	struct rt_dma_ref r = {
		.dev = &devs[w->id], .dev_name = "stress", .drv = w->drv,
		.kind = RT_DMA_SINGLE, .dir = RT_DMA_TO_DEVICE,
		.handle = handle, .size = 256,
	};

	return r;
}

static void *work(void *arg)
{
	struct worker *w = arg;
	u64 next = 0;

	for (long op = 0; op < OPS; op++) {
		int r = rand_r(&w->seed);
		struct rt_dma_ref ref;

		if (op % BOGUS_EVERY == BOGUS_EVERY - 1) {
			/* Odd page numbers are never mapped. */
			ref = ref_of(w, ((u64)r << 13) | 0x1000);
			rt_dma_unmap(&ctx, &ref);
			w->bogus++;
		} else if (w->nlive < LIVE_MAX && (w->nlive == 0 || r & 1)) {
			/*
			 * Every thread maps the same even pages on its own
			 * device, so threads collide on buckets but never on
			 * entries.
			 */
			u64 h = (next++ % 65536) << 13;

			ref = ref_of(w, h);
			if (rt_dma_map(&ctx, &ref, RT_MEM_OK) == 0) {
				w->live[w->nlive++] = h;
				w->maps++;
			} else {
				w->drops++;
			}
		} else {
			int i = (r >> 1) % w->nlive;

			ref = ref_of(w, w->live[i]);
			rt_dma_unmap(&ctx, &ref);
			w->live[i] = w->live[--w->nlive];
			w->unmaps++;
		}
	}
	return NULL;
}

static void test_stress(void)
{
	static struct worker w[THREADS];
	pthread_t th[THREADS];
	long live = 0, bogus = 0, drops = 0;

	capture_reset(&cap);
	rt_report_init(&rep, capture_sink, &cap);
	rep.all_errors = true;
	/* Small buckets on purpose: long chains, many collisions. */
	CHECK(rt_dma_table_init(&tab, THREADS * LIVE_MAX, 64, 0) == 0);
	rt_dma_ctx_init(&ctx, &tab, &rep);
	for (int i = 0; i < THREADS; i++) {
		char name[16];

		snprintf(name, sizeof(name), "drv%d", i % 2);
		w[i].id = i;
		w[i].drv = rt_driver_id(&rep, name);
		w[i].seed = 1234u + (unsigned int)i;
		pthread_create(&th[i], NULL, work, &w[i]);
	}
	for (int i = 0; i < THREADS; i++) {
		pthread_join(th[i], NULL);
		live += w[i].nlive;
		bogus += w[i].bogus;
		drops += w[i].drops;
		CHECK(w[i].maps - w[i].unmaps == w[i].nlive);
	}
	CHECK(drops == 0);
	CHECK(rt_dma_table_live(&tab) == live);
	CHECK(rt_dma_driver_live(&tab, w[0].drv) +
	      rt_dma_driver_live(&tab, w[1].drv) == live);
	/* Exactly the bogus releases were reported, nothing else. */
	CHECK(rt_atomic_read(&rep.total) == bogus);
	CHECK(cap.n == bogus);
	CHECK(capture_count(&cap, RT_DMA_DOUBLE_UNMAP) ==
	      (bogus < CAPTURE_MAX ? bogus : CAPTURE_MAX));

	/* What is left is exactly what the threads think is live. */
	CHECK(rt_dma_pending(&ctx, NULL, -1, false) == (unsigned long)live);
	for (int i = 0; i < THREADS; i++) {
		for (int j = 0; j < w[i].nlive; j++) {
			struct rt_dma_ref ref = ref_of(&w[i], w[i].live[j]);

			rt_dma_unmap(&ctx, &ref);
		}
	}
	CHECK(rt_atomic_read(&rep.total) == bogus + live);	/* the leaks */
	CHECK(rt_dma_table_live(&tab) == 0);
	CHECK(rt_dma_table_free(&tab) == THREADS * LIVE_MAX);
	rt_dma_table_destroy(&tab);
}

int main(void)
{
	RUN(test_stress);
	return harness_done();
}
