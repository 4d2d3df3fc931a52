// SPDX-License-Identifier: GPL-2.0
/*
 * dma_table_bench: map+unmap pairs per second at 1k, 100k and 1M live
 * mappings, for drvcheck's table (runtime/core) and for a re-implementation
 * of the design of the kernel's dma-debug table (dma_debug_table.c).  Same
 * handles, same order, same run; the ratios are drvcheck / dma-debug.
 *
 * Each step unmaps a randomly chosen live mapping and maps a fresh address
 * in its place, so the live count stays fixed and lookups land anywhere in
 * the chains.  Addresses are distinct random pages (a bijective mix of a
 * counter), as physical addresses without an IOMMU are.
 *
 * Both tables are built as kernel code is, without vector registers
 * (CMakeLists.txt): user-space SSE copies of the small structs a call
 * passes stall on store forwarding, which the kernel never sees.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/dma_check.h"
#include "dma_debug_table.h"

#define PAGE_BITS	28	/* 1 TiB of 4 KiB pages */
#define PAGE_MASK_	((1ULL << PAGE_BITS) - 1)

/* A bijection on 28-bit page numbers: distinct counters, distinct pages. */
static u64 page_of(u64 x)
{
	x = (x * 0x5bd1e995ULL) & PAGE_MASK_;
	x ^= x >> 15;
	x = (x * 0x27d4eb2dULL) & PAGE_MASK_;
	x ^= x >> 13;
	return x << 12;
}

static u64 rng_state = 88172645463325252ULL;

static u64 rng(void)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return rng_state;
}

static int dev_obj;

struct plan {
	size_t live;
	size_t steps;
	u64 *initial;	/* live handles */
	u32 *victim;	/* per step: which live slot to unmap */
};

#define DD_PREALLOC	65536	/* PREALLOC_DMA_DEBUG_ENTRIES */
#define ROUNDS		5

static size_t pool_of(const struct plan *p)
{
	return p->live + DD_PREALLOC;
}

static struct rt_report rep;
static struct rt_dma_table tab;
static struct rt_dma_ctx ctx;

static struct rt_dma_ref ref_of(u64 h)
{
	struct rt_dma_ref r = {
		.dev = &dev_obj, .dev_name = "bench", .kind = RT_DMA_PAGE,
		.dir = RT_DMA_TO_DEVICE, .handle = h, .size = 2048,
	};

	return r;
}

/*
 * One design under test: set up with the plan's pool, map and unmap one
 * handle, say whether the run ended as it should (no errors, every
 * initial mapping still live), tear down.
 */
struct design {
	void (*init)(const struct plan *p);
	void (*map)(u64 handle);
	void (*unmap)(u64 handle);
	bool (*clean)(const struct plan *p);
	void (*destroy)(void);
};

/* drvcheck in full: the checks and the per-driver counts, as the module. */
static void full_init(const struct plan *p)
{
	rt_report_init(&rep, NULL, NULL);
	rt_dma_table_init(&tab, pool_of(p), 0, 0);
	rt_dma_ctx_init(&ctx, &tab, &rep);
}

static void full_map(u64 h)
{
	struct rt_dma_ref r = ref_of(h);

	rt_dma_map(&ctx, &r, RT_MEM_OK);
}

static void full_unmap(u64 h)
{
	struct rt_dma_ref r = ref_of(h);

	rt_dma_unmap(&ctx, &r);
}

static bool full_clean(const struct plan *p)
{
	return !rt_atomic_read(&rep.total) &&
	       rt_dma_table_live(&tab) == (long)p->live;
}

static void full_destroy(void)
{
	rt_dma_table_destroy(&tab);
}

/*
 * drvcheck's table doing what the dma-debug re-implementation does: take
 * an entry, fill it, hash it in; find the best fit, compare size, kind and
 * direction, unlink, give it back.
 */
static long table_errors;

static void table_init(const struct plan *p)
{
	full_init(p);
	table_errors = 0;
}

static void table_map(u64 h)
{
	struct rt_dma_entry *e, other;
	struct rt_dma_bucket b;

	rt_dma_lock_bucket(&tab, h, &b);
	e = rt_dma_entry_new(&b, 0);
	if (!e) {
		rt_dma_unlock_bucket(&b);
		table_errors++;
		return;
	}
	e->dev = &dev_obj;
	e->dev_name = "bench";
	e->handle = h;
	e->size = 2048;
	e->cpu_addr = 0;
	e->sg_nents = e->sg_mapped = 0;
	e->kind = RT_DMA_PAGE;
	e->dir = RT_DMA_TO_DEVICE;
	rt_dma_link(&b, e, false, &other);
	rt_dma_unlock_bucket(&b);
}

static void table_unmap(u64 h)
{
	struct rt_dma_key key = {
		.dev = &dev_obj, .handle = h, .size = 2048,
		.kind = RT_DMA_PAGE, .dir = RT_DMA_TO_DEVICE,
	};
	struct rt_dma_entry **link, *e;
	struct rt_dma_bucket b;

	rt_dma_lock_bucket(&tab, h, &b);
	link = rt_dma_find_exact(&b, &key);
	if (!link) {
		rt_dma_unlock_bucket(&b);
		table_errors++;
		return;
	}
	e = *link;
	table_errors += (e->size != key.size) + (e->kind != key.kind) +
			(e->dir != key.dir);
	rt_dma_entry_free(&b, link);
	rt_dma_unlock_bucket(&b);
}

static bool table_clean(const struct plan *p)
{
	return !table_errors && rt_dma_table_live(&tab) == (long)p->live;
}

static void dd_map_bench(u64 h)
{
	dd_map(&dev_obj, h, 2048, RT_DMA_TO_DEVICE);
}

static void dd_unmap_bench(u64 h)
{
	dd_unmap(&dev_obj, h, 2048, RT_DMA_TO_DEVICE);
}

static void dd_init_bench(const struct plan *p)
{
	dd_init(pool_of(p));
}

static bool dd_clean(const struct plan *p)
{
	(void)p;
	return !dd_errors();
}

enum { DD, TABLE, FULL, NDESIGNS };

static const struct design designs[NDESIGNS] = {
	[DD] = { dd_init_bench, dd_map_bench, dd_unmap_bench, dd_clean,
		 dd_destroy },
	[TABLE] = { table_init, table_map, table_unmap, table_clean,
		    full_destroy },
	[FULL] = { full_init, full_map, full_unmap, full_clean,
		   full_destroy },
};

static const char *const design_names[NDESIGNS] = {
	[DD] = "dma-debug", [TABLE] = "drvcheck table", [FULL] = "drvcheck",
};

/* Pairs per second; fills the pool with the plan's live set first. */
static double run(const struct plan *p, const struct design *d,
		  const char *name)
{
	u64 *live = malloc(p->live * sizeof(*live));
	u64 next = p->live, t0, t1;

	d->init(p);
	for (size_t i = 0; i < p->live; i++) {
		live[i] = p->initial[i];
		d->map(live[i]);
	}
	t0 = rt_time_ns();
	for (size_t s = 0; s < p->steps; s++) {
		u32 v = p->victim[s];

		d->unmap(live[v]);
		live[v] = page_of(next++);
		d->map(live[v]);
	}
	t1 = rt_time_ns();
	if (!d->clean(p))
		fprintf(stderr, "%s: unexpected errors or lost entries\n", name);
	d->destroy();
	free(live);
	return (double)p->steps / ((double)(t1 - t0) / 1e9);
}

int main(int argc, char **argv)
{
	static const size_t default_sizes[] = { 1000, 100000, 1000000 };
	size_t steps = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000000;
	size_t nsizes = argc > 2 ? (size_t)argc - 2 : 3;
	size_t sizes[16];

	/* dma_table_bench [PAIRS [LIVE...]]: other sizes, for profiling. */
	if (nsizes > 16 || !steps) {
		fputs("usage: dma_table_bench [PAIRS [LIVE...]] (at most 16 sizes)\n",
		      stderr);
		return 2;
	}
	for (size_t k = 0; k < nsizes; k++) {
		sizes[k] = argc > 2 ? strtoul(argv[k + 2], NULL, 0)
				    : default_sizes[k];
		if (!sizes[k]) {
			fputs("dma_table_bench: a live size must be positive\n",
			      stderr);
			return 2;
		}
	}

	printf("map+unmap pairs per second, %zu pairs per size, 1 thread, "
	       "best of %d rounds; ratios against dma-debug\n", steps, ROUNDS);
	printf("%10s %14s %14s %7s %14s %7s\n", "live", design_names[DD],
	       design_names[TABLE], "ratio", design_names[FULL], "ratio");
	for (size_t k = 0; k < nsizes; k++) {
		struct plan p = { .live = sizes[k], .steps = steps };
		double best[NDESIGNS] = { 0 };

		p.initial = malloc(p.live * sizeof(*p.initial));
		p.victim = malloc(p.steps * sizeof(*p.victim));
		for (size_t i = 0; i < p.live; i++)
			p.initial[i] = page_of(i);
		for (size_t s = 0; s < p.steps; s++)
			p.victim[s] = (u32)(rng() % p.live);
		for (int r = 0; r < ROUNDS; r++) {
			for (int d = 0; d < NDESIGNS; d++) {
				double x = run(&p, &designs[d],
					       design_names[d]);

				best[d] = x > best[d] ? x : best[d];
			}
		}
		printf("%10zu %14.0f %14.0f %6.2fx %14.0f %6.2fx\n", p.live,
		       best[DD], best[TABLE], best[TABLE] / best[DD],
		       best[FULL], best[FULL] / best[DD]);
		fflush(stdout);
		free(p.initial);
		free(p.victim);
	}
	return 0;
}
