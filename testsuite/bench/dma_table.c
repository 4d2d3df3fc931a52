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
 * A second table repeats the run with a thread per CPU the process may use
 * (taskset -c 1 for the first table alone), each thread on its own share
 * of the live mappings: what the locks cost when CPUs map at once.
 *
 * Both tables are built as kernel code is, without vector registers
 * (CMakeLists.txt): user-space SSE copies of the small structs a call
 * passes stall on store forwarding, which the kernel never sees.
 */
#define _GNU_SOURCE		/* sched_getaffinity */
#include <pthread.h>
#include <sched.h>
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
#define MAX_THREADS	8

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

/*
 * One thread's share of a run: the live slots [first, first + n), the
 * steps s = id, id + nthreads, ..., and new handles from its own counter
 * sequence, so threads never touch each other's mappings.
 */
struct worker {
	const struct plan *p;
	const struct design *d;
	u64 *live;
	size_t first, n;
	unsigned int id, nthreads;
	pthread_barrier_t *start;
};

static void steps(const struct worker *w)
{
	u64 next = w->p->live + w->id;

	for (size_t s = w->id; s < w->p->steps; s += w->nthreads) {
		size_t v = w->first + w->p->victim[s] % w->n;

		w->d->unmap(w->live[v]);
		w->live[v] = page_of(next);
		next += w->nthreads;
		w->d->map(w->live[v]);
	}
}

static void *work(void *arg)
{
	struct worker *w = arg;

	pthread_barrier_wait(w->start);
	steps(w);
	return NULL;
}

/*
 * Pairs per second with nthreads threads (1: on the calling thread);
 * fills the pool with the plan's live set first.
 */
static double run(const struct plan *p, const struct design *d,
		  const char *name, unsigned int nthreads)
{
	u64 *live = malloc(p->live * sizeof(*live));
	struct worker w[MAX_THREADS];
	pthread_t th[MAX_THREADS];
	pthread_barrier_t start;
	u64 t0, t1;

	d->init(p);
	for (size_t i = 0; i < p->live; i++) {
		live[i] = p->initial[i];
		d->map(live[i]);
	}
	pthread_barrier_init(&start, NULL, nthreads + 1);
	for (unsigned int i = 0; i < nthreads; i++) {
		w[i] = (struct worker){
			.p = p, .d = d, .live = live,
			.first = p->live * i / nthreads,
			.n = p->live * (i + 1) / nthreads - p->live * i / nthreads,
			.id = i, .nthreads = nthreads, .start = &start,
		};
		if (nthreads > 1)
			pthread_create(&th[i], NULL, work, &w[i]);
	}
	if (nthreads > 1)
		pthread_barrier_wait(&start);
	t0 = rt_time_ns();
	if (nthreads == 1)
		steps(&w[0]);
	for (unsigned int i = 0; nthreads > 1 && i < nthreads; i++)
		pthread_join(th[i], NULL);
	t1 = rt_time_ns();
	pthread_barrier_destroy(&start);
	if (!d->clean(p))
		fprintf(stderr, "%s: unexpected errors or lost entries\n", name);
	d->destroy();
	free(live);
	return (double)p->steps / ((double)(t1 - t0) / 1e9);
}

/* One line of the table: every design, best of ROUNDS alternating rounds. */
static void bench_size(const struct plan *p, unsigned int nthreads)
{
	double best[NDESIGNS] = { 0 };

	for (int r = 0; r < ROUNDS; r++) {
		for (int d = 0; d < NDESIGNS; d++) {
			double x = run(p, &designs[d], design_names[d],
				       nthreads);

			best[d] = x > best[d] ? x : best[d];
		}
	}
	printf("%10zu %14.0f %14.0f %6.2fx %14.0f %6.2fx\n", p->live,
	       best[DD], best[TABLE], best[TABLE] / best[DD], best[FULL],
	       best[FULL] / best[DD]);
	fflush(stdout);
}

static void header(const char *threads, size_t steps)
{
	printf("map+unmap pairs per second, %zu pairs per size, %s, best of "
	       "%d rounds; ratios against dma-debug\n", steps, threads,
	       ROUNDS);
	printf("%10s %14s %14s %7s %14s %7s\n", "live", design_names[DD],
	       design_names[TABLE], "ratio", design_names[FULL], "ratio");
}

int main(int argc, char **argv)
{
	static const size_t default_sizes[] = { 1000, 100000, 1000000 };
	size_t steps = argc > 1 ? strtoul(argv[1], NULL, 0) : 1000000;
	size_t nsizes = argc > 2 ? (size_t)argc - 2 : 3;
	size_t sizes[16];
	struct plan plans[16];
	char threads[32];
	cpu_set_t cpus;

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

	for (size_t k = 0; k < nsizes; k++) {
		plans[k] = (struct plan){ .live = sizes[k], .steps = steps };
		plans[k].initial = malloc(sizes[k] * sizeof(u64));
		plans[k].victim = malloc(steps * sizeof(u32));
		for (size_t i = 0; i < sizes[k]; i++)
			plans[k].initial[i] = page_of(i);
		for (size_t s = 0; s < steps; s++)
			plans[k].victim[s] = (u32)(rng() % sizes[k]);
	}
	header("1 thread", steps);
	for (size_t k = 0; k < nsizes; k++)
		bench_size(&plans[k], 1);
	/* The locks' contention: a thread per CPU this process may use. */
	if (sched_getaffinity(0, sizeof(cpus), &cpus) == 0 &&
	    CPU_COUNT(&cpus) > 1) {
		unsigned int n = (unsigned int)CPU_COUNT(&cpus);

		if (n > MAX_THREADS)
			n = MAX_THREADS;
		snprintf(threads, sizeof(threads), "%u threads", n);
		putchar('\n');
		header(threads, steps);
		for (size_t k = 0; k < nsizes; k++)
			bench_size(&plans[k], n);
	} else {
		puts("\n(one CPU allowed: no run with several threads)");
	}
	for (size_t k = 0; k < nsizes; k++) {
		free(plans[k].initial);
		free(plans[k].victim);
	}
	return 0;
}
