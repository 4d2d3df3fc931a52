// SPDX-License-Identifier: GPL-2.0
/*
 * Load for the runtime: stress (N kthreads map/unmap their own buffer M
 * times, joined before the write returns), stress_bg (the same until
 * stopped: unloading drvcheck_rt under load) and pool (N mappings held
 * live: entry pool exhaustion).  All of it is correct DMA API use.
 */
#include <linux/dma-mapping.h>
#include <linux/completion.h>
#include <linux/kthread.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/mm.h>

#include "st.h"

#define ST_STRESS_LEN		256
#define ST_STRESS_MAX_THREADS	16

struct st_worker {
	struct task_struct *task;
	struct device *dev;
	void *buf;
	unsigned int iterations;	/* 0: until stopped */
	struct completion done;		/* iterations done */
	unsigned long maps;
	unsigned long unmaps;
	unsigned long map_errors;
};

static struct st_worker st_workers[ST_STRESS_MAX_THREADS];
static unsigned int st_nworkers;
static bool st_last_bg;

static struct st_worker st_bg[ST_STRESS_MAX_THREADS];
static unsigned int st_nbg;
static bool st_bg_running;

static void st_stress_one(struct st_worker *w)
{
	dma_addr_t dma;

	dma = dma_map_single(w->dev, w->buf, ST_STRESS_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(w->dev, dma)) {
		w->map_errors++;
		return;
	}
	w->maps++;
	dma_unmap_single(w->dev, dma, ST_STRESS_LEN, DMA_TO_DEVICE);
	w->unmaps++;
}

static int st_stress_thread(void *arg)
{
	struct st_worker *w = arg;
	unsigned int i;

	if (w->iterations) {
		for (i = 0; i < w->iterations; i++) {
			st_stress_one(w);
			if (!(i & 255))
				cond_resched();
		}
		/*
		 * Done; stay until kthread_stop(), which must not come before
		 * the thread ran (a kthread stopped before it first runs never
		 * calls its function).
		 */
		complete(&w->done);
		set_current_state(TASK_INTERRUPTIBLE);
		while (!kthread_should_stop()) {
			schedule();
			set_current_state(TASK_INTERRUPTIBLE);
		}
		__set_current_state(TASK_RUNNING);
		return 0;
	}
	while (!kthread_should_stop()) {
		st_stress_one(w);
		cond_resched();
	}
	return 0;
}

static int st_workers_start(struct st_worker *ws, unsigned int n,
			    struct device *dev, unsigned int iterations,
			    const char *tag)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		struct st_worker *w = &ws[i];

		memset(w, 0, sizeof(*w));
		w->dev = dev;
		w->iterations = iterations;
		init_completion(&w->done);
		w->buf = kzalloc(ST_STRESS_LEN, GFP_KERNEL);
		if (!w->buf)
			goto fail;
		w->task = kthread_create(st_stress_thread, w, "st_%s/%u", tag, i);
		if (IS_ERR(w->task)) {
			kfree(w->buf);
			goto fail;
		}
	}
	for (i = 0; i < n; i++)
		wake_up_process(ws[i].task);
	return 0;
fail:
	/* never woken: kthread_stop() makes them exit without running */
	while (i--) {
		kthread_stop(ws[i].task);
		kfree(ws[i].buf);
	}
	return -ENOMEM;
}

static void st_workers_join(struct st_worker *ws, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (ws[i].iterations)
			wait_for_completion(&ws[i].done);
		kthread_stop(ws[i].task);
		ws[i].task = NULL;
		kfree(ws[i].buf);
		ws[i].buf = NULL;
	}
}

int st_stress_run(struct device *dev, unsigned int threads,
		  unsigned int iterations)
{
	int ret;

	if (!threads || threads > ST_STRESS_MAX_THREADS || !iterations)
		return -EINVAL;
	ret = st_workers_start(st_workers, threads, dev, iterations, "stress");
	if (ret)
		return ret;
	st_workers_join(st_workers, threads);
	st_nworkers = threads;
	st_last_bg = false;
	return 0;
}

static int st_result(char *buf, size_t len, const struct st_worker *ws,
		     unsigned int n, const char *what)
{
	unsigned long maps = 0, unmaps = 0, errs = 0;
	unsigned int i;
	int off = 0;

	for (i = 0; i < n; i++) {
		off += scnprintf(buf + off, len - off,
				 "%s thread=%u maps=%lu unmaps=%lu map_errors=%lu\n",
				 what, i, ws[i].maps, ws[i].unmaps,
				 ws[i].map_errors);
		maps += ws[i].maps;
		unmaps += ws[i].unmaps;
		errs += ws[i].map_errors;
	}
	off += scnprintf(buf + off, len - off,
			 "%s total threads=%u maps=%lu unmaps=%lu map_errors=%lu\n",
			 what, n, maps, unmaps, errs);
	return off;
}

int st_stress_result(char *buf, size_t len)
{
	if (st_last_bg)
		return st_result(buf, len, st_bg, st_nbg, "stress_bg");
	return st_result(buf, len, st_workers, st_nworkers, "stress");
}

int st_stress_bg_start(struct device *dev, unsigned int threads)
{
	int ret;

	if (st_bg_running)
		return -EBUSY;
	if (!threads || threads > ST_STRESS_MAX_THREADS)
		return -EINVAL;
	ret = st_workers_start(st_bg, threads, dev, 0, "bg");
	if (ret)
		return ret;
	st_nbg = threads;
	st_bg_running = true;
	return 0;
}

void st_stress_bg_stop(void)
{
	if (!st_bg_running)
		return;
	st_workers_join(st_bg, st_nbg);
	st_bg_running = false;
	st_last_bg = true;
}

bool st_stress_bg_running(void)
{
	return st_bg_running;
}

/* pool: n distinct buffers mapped and held */
struct st_held {
	void *buf;
	dma_addr_t dma;
};

#define ST_POOL_LEN	64
#define ST_POOL_MAX	65536

static struct st_held *st_pool;
static unsigned int st_npool;

int st_pool_hold(struct device *dev, unsigned int n)
{
	unsigned int i;

	if (st_pool)
		return -EBUSY;
	if (!n || n > ST_POOL_MAX)
		return -EINVAL;
	st_pool = kvcalloc(n, sizeof(*st_pool), GFP_KERNEL);
	if (!st_pool)
		return -ENOMEM;
	for (i = 0; i < n; i++) {
		void *buf = kzalloc(ST_POOL_LEN, GFP_KERNEL);
		dma_addr_t dma;

		if (!buf)
			break;
		dma = dma_map_single(dev, buf, ST_POOL_LEN, DMA_TO_DEVICE);
		if (dma_mapping_error(dev, dma)) {
			kfree(buf);
			break;
		}
		st_pool[i].buf = buf;
		st_pool[i].dma = dma;
	}
	st_npool = i;
	if (i < n) {
		st_pool_release(dev);
		return -ENOMEM;
	}
	return 0;
}

void st_pool_release(struct device *dev)
{
	unsigned int i;

	if (!st_pool)
		return;
	for (i = 0; i < st_npool; i++) {
		dma_unmap_single(dev, st_pool[i].dma, ST_POOL_LEN,
				 DMA_TO_DEVICE);
		kfree(st_pool[i].buf);
	}
	kvfree(st_pool);
	st_pool = NULL;
	st_npool = 0;
}

unsigned int st_pool_held(void)
{
	return st_npool;
}
