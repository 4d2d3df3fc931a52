// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck_kdma: the DMA API's cost per call, in the spirit of the
 * kernel's dma_map_benchmark, on a platform device of its own (bound to
 * its own driver, as a real driver's device is).  For measuring what
 * drvcheck_rt.ko's hooks add: run it without and with drvcheck_rt loaded
 * in the same boot and compare.
 *
 *   insmod drvcheck_kdma.ko [size=4096] [dir=0..2]
 *   echo "<kind> <threads> <iterations>" > /sys/kernel/debug/drvcheck_kdma/run
 *   cat /sys/kernel/debug/drvcheck_kdma/result
 *
 * kind: single (dma_map_single/dma_unmap_single), sg (dma_map_sg/
 * dma_unmap_sg of size bytes as one entry a page) or coherent
 * (dma_alloc_coherent/dma_free_coherent).  threads: kthreads, 0 for one
 * per online CPU; thread i is bound to the i-th online CPU (modulo).
 * Each thread does <iterations> map+unmap pairs on its own buffer and
 * times every call with ktime_get_ns().  The write returns when all are
 * done; result then holds one line:
 *
 *   kind= threads= iterations= size= map_ns= unmap_ns= map_mean_ns=
 *   unmap_mean_ns= pairs_per_s= errors=
 *
 * map_ns and unmap_ns: the median, over all threads' chunks of
 * KDMA_CHUNK pairs, of a chunk's mean time of one call.  In a VM the
 * guest's clock runs on while the host deschedules the vCPU (or, under
 * single-threaded TCG, runs another vCPU): that lands in a few chunks and
 * moves the plain means (*_mean_ns), not the median.  pairs_per_s: all
 * threads' pairs over the wall time of the run.
 */
#include <linux/platform_device.h>
#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>
#include <linux/completion.h>
#include <linux/debugfs.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/version.h>
#include <linux/ktime.h>
#include <linux/math64.h>
#include <linux/mutex.h>
#include <linux/sort.h>
#include <linux/slab.h>
#include <linux/mm.h>

#define KDMA_NAME		"drvcheck_kdma"
#define KDMA_MAX_THREADS	64
#define KDMA_RESULT_LEN		256
#define KDMA_CHUNK		256

static unsigned int size = PAGE_SIZE;
module_param(size, uint, 0400);
MODULE_PARM_DESC(size, "Bytes each map covers (default one page)");

static unsigned int dir = DMA_BIDIRECTIONAL;
module_param(dir, uint, 0400);
MODULE_PARM_DESC(dir, "0 bidirectional, 1 to device, 2 from device");

enum kdma_kind { KDMA_SINGLE, KDMA_SG, KDMA_COHERENT };
static const char *const kdma_kinds[] = { "single", "sg", "coherent" };

struct kdma_worker {
	struct task_struct *task;
	enum kdma_kind kind;
	unsigned int iterations;
	void *buf;
	struct sg_table sgt;
	struct completion done;
	u64 map_ns, unmap_ns;		/* all timed calls */
	u64 *map_chunk, *unmap_chunk;	/* each chunk's mean */
	unsigned int nchunks;		/* chunks with a timed pair */
	unsigned long errors;
};

static struct device *kdma_dev;		/* set while the driver is bound */
static struct dentry *kdma_dir;
static DEFINE_MUTEX(kdma_lock);		/* one run at a time; guards result */
static char kdma_result[KDMA_RESULT_LEN];
static struct kdma_worker kdma_workers[KDMA_MAX_THREADS];

/* One map+unmap pair, each call's ns added to *map, *unmap; false if the map failed. */
static bool kdma_pair(struct kdma_worker *w, u64 *map, u64 *unmap)
{
	enum dma_data_direction d = dir;
	dma_addr_t dma;
	u64 t0, t1, t2;
	void *cpu;
	int n;

	switch (w->kind) {
	case KDMA_SINGLE:
		t0 = ktime_get_ns();
		dma = dma_map_single(kdma_dev, w->buf, size, d);
		t1 = ktime_get_ns();
		if (dma_mapping_error(kdma_dev, dma))
			return false;
		dma_unmap_single(kdma_dev, dma, size, d);
		break;
	case KDMA_SG:
		t0 = ktime_get_ns();
		n = dma_map_sg(kdma_dev, w->sgt.sgl, w->sgt.orig_nents, d);
		t1 = ktime_get_ns();
		if (!n)
			return false;
		dma_unmap_sg(kdma_dev, w->sgt.sgl, w->sgt.orig_nents, d);
		break;
	default:
		t0 = ktime_get_ns();
		cpu = dma_alloc_coherent(kdma_dev, size, &dma, GFP_KERNEL);
		t1 = ktime_get_ns();
		if (!cpu)
			return false;
		dma_free_coherent(kdma_dev, size, cpu, dma);
		break;
	}
	t2 = ktime_get_ns();
	*map += t1 - t0;
	*unmap += t2 - t1;
	return true;
}

static int kdma_thread(void *arg)
{
	struct kdma_worker *w = arg;
	unsigned int i, timed = 0;
	u64 map = 0, unmap = 0;

	for (i = 0; i < w->iterations; i++) {
		if (kdma_pair(w, &map, &unmap))
			timed++;
		else
			w->errors++;
		if ((i + 1) % KDMA_CHUNK && i + 1 < w->iterations)
			continue;
		if (timed) {
			w->map_chunk[w->nchunks] = div_u64(map, timed);
			w->unmap_chunk[w->nchunks++] = div_u64(unmap, timed);
		}
		w->map_ns += map;
		w->unmap_ns += unmap;
		map = unmap = 0;
		timed = 0;
		cond_resched();
	}
	/*
	 * Stay until kthread_stop(): a kthread stopped before it first ran
	 * never calls its function, so the stop must wait for this.
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

static int kdma_buf_init(struct kdma_worker *w)
{
	unsigned int npages = DIV_ROUND_UP(size, PAGE_SIZE), i;
	unsigned int nchunks = DIV_ROUND_UP(w->iterations, KDMA_CHUNK);
	struct scatterlist *sg;

	w->map_chunk = kvcalloc(nchunks, sizeof(u64), GFP_KERNEL);
	w->unmap_chunk = kvcalloc(nchunks, sizeof(u64), GFP_KERNEL);
	if (!w->map_chunk || !w->unmap_chunk)
		return -ENOMEM;
	if (w->kind == KDMA_COHERENT)
		return 0;
	w->buf = kzalloc(round_up(size, PAGE_SIZE), GFP_KERNEL);
	if (!w->buf)
		return -ENOMEM;
	if (w->kind != KDMA_SG)
		return 0;
	if (sg_alloc_table(&w->sgt, npages, GFP_KERNEL))
		return -ENOMEM;
	for_each_sgtable_sg(&w->sgt, sg, i)
		sg_set_buf(sg, w->buf + i * PAGE_SIZE,
			   min_t(unsigned int, PAGE_SIZE, size - i * PAGE_SIZE));
	return 0;
}

static void kdma_buf_free(struct kdma_worker *w)
{
	if (w->sgt.sgl)
		sg_free_table(&w->sgt);
	kfree(w->buf);
	kvfree(w->map_chunk);
	kvfree(w->unmap_chunk);
	memset(w, 0, sizeof(*w));
}

static int kdma_cmp(const void *a, const void *b)
{
	u64 x = *(const u64 *)a, y = *(const u64 *)b;

	return x < y ? -1 : x > y;
}

/* The median of all workers' chunk means (map or unmap); 0 if none. */
static u64 kdma_median(unsigned int nthreads, bool unmap, u64 *all)
{
	unsigned int i, n = 0;

	for (i = 0; i < nthreads; i++) {
		struct kdma_worker *w = &kdma_workers[i];

		memcpy(all + n, unmap ? w->unmap_chunk : w->map_chunk,
		       w->nchunks * sizeof(u64));
		n += w->nchunks;
	}
	if (!n)
		return 0;
	sort(all, n, sizeof(u64), kdma_cmp, NULL);
	return all[n / 2];
}

/* The i-th online CPU, modulo their number. */
static unsigned int kdma_cpu(unsigned int i)
{
	unsigned int cpu, n = i % num_online_cpus();

	for_each_online_cpu(cpu)
		if (!n--)
			return cpu;
	return raw_smp_processor_id();
}

static int kdma_run(enum kdma_kind kind, unsigned int nthreads,
		    unsigned int iterations)
{
	u64 map_ns = 0, unmap_ns = 0, start, wall, pairs, *all;
	unsigned long errors = 0;
	unsigned int i;
	int ret = 0;

	all = kvcalloc((size_t)nthreads * DIV_ROUND_UP(iterations, KDMA_CHUNK),
		       sizeof(u64), GFP_KERNEL);
	if (!all)
		return -ENOMEM;
	for (i = 0; i < nthreads; i++) {
		struct kdma_worker *w = &kdma_workers[i];

		w->kind = kind;
		w->iterations = iterations;
		init_completion(&w->done);
		ret = kdma_buf_init(w);
		if (ret)
			goto out;
		w->task = kthread_create(kdma_thread, w, KDMA_NAME "/%u", i);
		if (IS_ERR(w->task)) {
			ret = PTR_ERR(w->task);
			w->task = NULL;
			goto out;
		}
		kthread_bind(w->task, kdma_cpu(i));
	}
	start = ktime_get_ns();
	for (i = 0; i < nthreads; i++)
		wake_up_process(kdma_workers[i].task);
	for (i = 0; i < nthreads; i++)
		wait_for_completion(&kdma_workers[i].done);
	wall = ktime_get_ns() - start;
	for (i = 0; i < nthreads; i++) {
		map_ns += kdma_workers[i].map_ns;
		unmap_ns += kdma_workers[i].unmap_ns;
		errors += kdma_workers[i].errors;
	}
	pairs = (u64)nthreads * iterations - errors;	/* the timed ones */
	snprintf(kdma_result, sizeof(kdma_result),
		 "kind=%s threads=%u iterations=%u size=%u map_ns=%llu unmap_ns=%llu map_mean_ns=%llu unmap_mean_ns=%llu pairs_per_s=%llu errors=%lu\n",
		 kdma_kinds[kind], nthreads, iterations, size,
		 kdma_median(nthreads, false, all),
		 kdma_median(nthreads, true, all),
		 pairs ? div64_u64(map_ns, pairs) : 0,
		 pairs ? div64_u64(unmap_ns, pairs) : 0,
		 mul_u64_u64_div_u64(pairs, NSEC_PER_SEC, max_t(u64, wall, 1)),
		 errors);
	pr_info("%s: %s", KDMA_NAME, kdma_result);
out:
	/* threads never woken are stopped before they run: that is fine */
	for (i = 0; i < nthreads; i++) {
		if (kdma_workers[i].task)
			kthread_stop(kdma_workers[i].task);
		kdma_buf_free(&kdma_workers[i]);
	}
	kvfree(all);
	return ret;
}

static ssize_t kdma_run_write(struct file *file, const char __user *ubuf,
			      size_t len, loff_t *ppos)
{
	unsigned int nthreads, iterations;
	char buf[64], name[16];
	int kind, ret;

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	if (sscanf(buf, "%15s %u %u", name, &nthreads, &iterations) != 3)
		return -EINVAL;
	kind = match_string(kdma_kinds, ARRAY_SIZE(kdma_kinds), name);
	if (kind < 0)
		return kind;
	if (!nthreads)
		nthreads = num_online_cpus();
	if (nthreads > KDMA_MAX_THREADS || !iterations)
		return -EINVAL;
	mutex_lock(&kdma_lock);
	ret = kdma_dev ? kdma_run(kind, nthreads, iterations) : -ENODEV;
	mutex_unlock(&kdma_lock);
	return ret ? ret : len;
}

static const struct file_operations kdma_run_fops = {
	.owner = THIS_MODULE,
	.write = kdma_run_write,
	.llseek = noop_llseek,
};

static ssize_t kdma_result_read(struct file *file, char __user *ubuf,
				size_t len, loff_t *ppos)
{
	ssize_t ret;

	mutex_lock(&kdma_lock);
	ret = simple_read_from_buffer(ubuf, len, ppos, kdma_result,
				      strlen(kdma_result));
	mutex_unlock(&kdma_lock);
	return ret;
}

static const struct file_operations kdma_result_fops = {
	.owner = THIS_MODULE,
	.read = kdma_result_read,
	.llseek = default_llseek,
};

static int kdma_probe(struct platform_device *pdev)
{
	int ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));

	if (ret)
		return ret;
	kdma_dev = &pdev->dev;
	return 0;
}

/* 6.11 made platform_driver .remove return void: no return value here. */
static void kdma_remove(struct platform_device *pdev)
{
	mutex_lock(&kdma_lock);		/* not during a run */
	kdma_dev = NULL;
	mutex_unlock(&kdma_lock);
}

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 11, 0)
static int kdma_remove_int(struct platform_device *pdev)
{
	kdma_remove(pdev);
	return 0;
}
#define KDMA_REMOVE kdma_remove_int
#else
#define KDMA_REMOVE kdma_remove
#endif

static struct platform_driver kdma_driver = {
	.probe = kdma_probe,
	.remove = KDMA_REMOVE,
	.driver = { .name = KDMA_NAME },
};

static struct platform_device *kdma_pdev;

static int __init kdma_init(void)
{
	struct platform_device_info info = {
		.name = KDMA_NAME,
		.id = PLATFORM_DEVID_NONE,
		.dma_mask = DMA_BIT_MASK(64),
	};
	int ret;

	if (!size || dir > DMA_FROM_DEVICE)
		return -EINVAL;
	ret = platform_driver_register(&kdma_driver);
	if (ret)
		return ret;
	kdma_pdev = platform_device_register_full(&info);
	if (IS_ERR(kdma_pdev)) {
		platform_driver_unregister(&kdma_driver);
		return PTR_ERR(kdma_pdev);
	}
	kdma_dir = debugfs_create_dir(KDMA_NAME, NULL);
	debugfs_create_file("run", 0200, kdma_dir, NULL, &kdma_run_fops);
	debugfs_create_file("result", 0400, kdma_dir, NULL, &kdma_result_fops);
	return 0;
}

static void __exit kdma_exit(void)
{
	/* waits for running writes: no run after this */
	debugfs_remove(kdma_dir);
	platform_device_unregister(kdma_pdev);
	platform_driver_unregister(&kdma_driver);
}

module_init(kdma_init);
module_exit(kdma_exit);

MODULE_DESCRIPTION("drvcheck: DMA API cost per call, for drvcheck_rt.ko's overhead");
MODULE_LICENSE("GPL");
