// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer target: random map/unmap/sync/pending sequences against the
 * table and against a plain array that models it.  Both must agree on
 * every error id count, on map failures (a small pool runs dry: its
 * stripes steal from each other until the last entry) and on what is live,
 * in the table and in the driver's count, after every step.  Small pool, few buckets and a small address
 * space, so chains collide, addresses repeat and syncs walk back.
 */
#include <stdlib.h>
#include <string.h>

#include "core/dma_check.h"

#define POOL	48
#define PAGE	4096ULL

struct model_entry {
	int dev;
	u64 handle, size, cpu;
	int nents;
	u8 kind, dir;
	bool indexed;
};

static struct model_entry model[POOL];
static int nmodel;
static bool model_dropped;
static long got[RT_CHECK_NR], want[RT_CHECK_NR];
static int devs[2];

static void sink(void *arg, const struct rt_error *e)
{
	(void)arg;
	got[e->check]++;
}

static bool coherent(u8 kind)
{
	return kind == RT_DMA_COHERENT || kind == RT_DMA_POOL;
}

static void agree(void)
{
	if (memcmp(got, want, sizeof(got)) != 0)
		abort();
}

static int fit(const struct model_entry *m, const struct rt_dma_ref *r)
{
	return (m->size == r->size) + (m->kind == r->kind) +
	       (m->dir == r->dir) + (m->nents == r->sg_nents);
}

/* Newest first, first best wins: the table's chain order. */
static int model_find(const struct rt_dma_ref *r, int dev)
{
	int best = -1, best_fit = -1;

	for (int i = nmodel - 1; i >= 0; i--) {
		int f;

		if (model[i].dev != dev || model[i].handle != r->handle)
			continue;
		f = fit(&model[i], r);
		if (f == 4)
			return i;
		if (f > best_fit) {
			best_fit = f;
			best = i;
		}
	}
	return best;
}

static void model_remove(int i)
{
	memmove(&model[i], &model[i + 1],
		(size_t)(nmodel - i - 1) * sizeof(model[0]));
	nmodel--;
}

static void do_map(struct rt_dma_ctx *c, struct rt_dma_ref *r, int dev,
		   enum rt_mem_area area)
{
	bool index = !coherent(r->kind) && !(r->flags & RT_REF_SKIP_CPU_SYNC) &&
		     r->cpu_addr;
	int rc;

	if (area != RT_MEM_OK)
		want[RT_DMA_MAP_STACK]++;
	if (r->dir == RT_DMA_NONE)
		want[RT_DMA_DIRECTION]++;
	rc = rt_dma_map(c, r, area);
	if (nmodel == POOL) {
		if (rc != -1)
			abort();
		model_dropped = true;
		return;
	}
	if (rc != 0)
		abort();
	if (index) {
		for (int i = 0; i < nmodel; i++) {
			if (model[i].indexed && model[i].cpu == r->cpu_addr) {
				want[RT_DMA_OVERLAP]++;
				break;
			}
		}
	}
	model[nmodel++] = (struct model_entry){
		.dev = dev, .handle = r->handle, .size = r->size,
		.cpu = r->cpu_addr, .nents = r->sg_nents, .kind = r->kind,
		.dir = r->dir, .indexed = index,
	};
}

static void do_unmap(struct rt_dma_ctx *c, struct rt_dma_ref *r, int dev)
{
	int i = model_find(r, dev);
	struct model_entry *m;

	rt_dma_unmap(c, r);
	if (i < 0) {
		if (r->flags & RT_REF_MAP_ERROR)
			want[RT_DMA_MAPPING_ERROR_UNCHECKED]++;
		else if (!model_dropped)
			want[RT_DMA_DOUBLE_UNMAP]++;
		return;
	}
	m = &model[i];
	if (m->size != r->size)
		want[RT_DMA_UNMAP_SIZE]++;
	if (m->kind != r->kind)
		want[coherent(m->kind) != coherent(r->kind) ?
		     RT_DMA_COHERENT_STREAMING_MIX : RT_DMA_UNMAP_KIND]++;
	else if (coherent(m->kind) && m->cpu != r->cpu_addr)
		want[RT_DMA_FREE_CPU_ADDR]++;
	if (r->sg_nents && r->kind == RT_DMA_SG && r->sg_nents != m->nents)
		want[RT_DMA_UNMAP_SG_NENTS]++;
	if (m->dir != r->dir)
		want[RT_DMA_DIRECTION]++;
	model_remove(i);
}

static void do_sync(struct rt_dma_ctx *c, struct rt_dma_ref *r, int dev,
		    bool for_cpu)
{
	int i = model_find(r, dev), hits = 0;
	struct model_entry *m;

	if (i < 0) {
		for (int j = 0; j < nmodel; j++) {
			if (model[j].dev == dev && model[j].handle <= r->handle &&
			    r->handle - model[j].handle < model[j].size) {
				i = j;
				hits++;
			}
		}
	}
	if (hits > 1) {
		/* Which one the walk meets first is not the model's business. */
		long before[RT_CHECK_NR];

		memcpy(before, got, sizeof(got));
		rt_dma_sync(c, r, for_cpu);
		if (got[RT_DMA_SYNC_UNMAPPED] != before[RT_DMA_SYNC_UNMAPPED])
			abort();
		memcpy(want, got, sizeof(got));
		return;
	}
	rt_dma_sync(c, r, for_cpu);
	if (i < 0) {
		if (!model_dropped)
			want[RT_DMA_SYNC_UNMAPPED]++;
		return;
	}
	m = &model[i];
	if (coherent(m->kind))
		want[RT_DMA_COHERENT_STREAMING_MIX]++;
	if (r->handle - m->handle + r->size > m->size)
		want[RT_DMA_UNMAP_SIZE]++;
	if (r->sg_nents && r->kind == RT_DMA_SG && r->sg_nents != m->nents)
		want[RT_DMA_UNMAP_SG_NENTS]++;
	if (m->dir == RT_DMA_BIDIRECTIONAL)
		return;
	if (r->dir != m->dir)
		want[RT_DMA_DIRECTION]++;
	if (for_cpu && m->dir != RT_DMA_FROM_DEVICE && r->dir != RT_DMA_TO_DEVICE)
		want[RT_DMA_DIRECTION]++;
	if (!for_cpu && m->dir != RT_DMA_TO_DEVICE && r->dir != RT_DMA_FROM_DEVICE)
		want[RT_DMA_DIRECTION]++;
}

static void do_pending(struct rt_dma_ctx *c, int dev, bool release)
{
	unsigned long n = 0;

	for (int i = nmodel - 1; i >= 0; i--) {
		if (model[i].dev != dev)
			continue;
		n++;
		if (release)
			model_remove(i);
	}
	want[RT_DMA_LEAK] += (long)n;
	if (rt_dma_pending(c, &devs[dev], -1, release) != n)
		abort();
}

static const u64 sizes[8] = { 1, 64, 256, 4096, 4097, 8192, 65536, 300000 };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t len)
{
	struct rt_dma_table tab;
	struct rt_report rep;
	struct rt_dma_ctx ctx;

	memset(got, 0, sizeof(got));
	memset(want, 0, sizeof(want));
	nmodel = 0;
	model_dropped = false;
	rt_report_init(&rep, sink, NULL);
	rep.all_errors = true;
	if (rt_dma_table_init(&tab, POOL, 8, RT_DMA_TRACK_OVERLAP) < 0)
		abort();
	rt_dma_ctx_init(&ctx, &tab, &rep);

	for (size_t p = 0; p + 5 <= len; p += 5) {
		const uint8_t *b = data + p;
		int dev = b[0] >> 7;
		struct rt_dma_ref r = {
			.dev = &devs[dev], .dev_name = "fuzz",
			.kind = (u8)((b[0] & 7) % RT_DMA_KIND_NR),
			.dir = (u8)(b[1] & 3),
			/* 64 pages, sometimes an offset into one */
			.handle = (u64)(b[2] & 63) * PAGE +
				  ((b[2] & 64) ? (u64)b[3] * 16 : 0),
			.size = sizes[(b[1] >> 2) & 7],
			.cpu_addr = (b[4] & 3) ? 0x10000ULL * (b[4] & 3) : 0,
			.sg_nents = (b[1] >> 5) & 3,
		};

		if (b[4] & 4)
			r.flags |= RT_REF_SKIP_CPU_SYNC;
		switch ((b[0] >> 3) & 15) {
		case 0: case 1: case 2: case 3: case 4: case 5:
			do_map(&ctx, &r, dev,
			       (b[4] & 0x18) == 0x18 ? (enum rt_mem_area)(b[4] >> 6) :
			       RT_MEM_OK);
			break;
		case 6: case 7: case 8: case 9: case 10:
			if ((b[4] & 0xf0) == 0xf0)
				r.flags |= RT_REF_MAP_ERROR;
			do_unmap(&ctx, &r, dev);
			break;
		case 11: case 12: case 13:
			do_sync(&ctx, &r, dev, b[3] & 1);
			break;
		case 14:
			do_pending(&ctx, dev, b[3] & 1);
			break;
		case 15:
			/* Replay the newest mapping's exact release. */
			if (nmodel) {
				struct model_entry *m = &model[nmodel - 1];

				r.dev = &devs[m->dev];
				r.handle = m->handle;
				r.size = m->size;
				r.kind = m->kind;
				r.dir = m->dir;
				r.cpu_addr = m->cpu;
				r.sg_nents = m->nents;
				r.flags = 0;
				do_unmap(&ctx, &r, m->dev);
			}
			break;
		}
		agree();
		/* Every ref is driver 0's: its count is the table's. */
		if (rt_dma_table_live(&tab) != nmodel ||
		    rt_dma_driver_live(&tab, 0) != nmodel)
			abort();
	}
	do_pending(&ctx, 0, true);
	do_pending(&ctx, 1, true);
	agree();
	if (rt_dma_table_free(&tab) != POOL || nmodel != 0)
		abort();
	rt_dma_table_destroy(&tab);
	return 0;
}
