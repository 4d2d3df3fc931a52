// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck_kmodtest: the DMA paths of drvcheck_rt.ko that the selftest
 * driver does not take, done once when the device binds: a DMA pool (one
 * block freed, one left to leak), dma_map_sgtable and its sync and unmap,
 * and a page of the current (vmapped) stack mapped with dma_map_page;
 * maps from hard and soft interrupt context;
 * with pci_bar=, an exclusive hold on a PCI BAR and a mapping of that
 * device left behind at unload.
 * The guest script kmodtest.sh reads what drvcheck_rt reported.
 */
#include <linux/completion.h>
#include <linux/dma-mapping.h>
#include <linux/dmapool.h>
#include <linux/hrtimer.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/timer.h>
#include <linux/vmalloc.h>
#include <linux/version.h>

#define KT_NAME "drvcheck_kmodtest"

struct kt_priv {
	struct dma_pool *pool;
	void *leak;
	dma_addr_t leak_dma;
};

static struct platform_device *kt_pdev;

/*
 * pci_bar=<pci device>: hold that device's BAR 0 as an exclusive region
 * (request_mem_region_exclusive), so that mapping its sysfs resource0
 * file from user space is refused (pci_mmap_resource, iomem_is_exclusive).
 */
static char *pci_bar;
module_param(pci_bar, charp, 0400);
/* pci_bar_shared=1: request_mem_region, busy but not exclusive. */
static bool pci_bar_shared;
module_param(pci_bar_shared, bool, 0400);
static struct resource *kt_bar;

/*
 * dma-leak at module unload: a buffer mapped for that PCI device, which
 * has no driver, and never unmapped.  No unbind ever releases it; only the
 * module going away does.  The buffer is left allocated on purpose.
 */
static noinline void kt_map_unowned(struct device *dev)
{
	void *buf = kzalloc(64, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return;
	dma = dma_map_single(dev, buf, 64, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma))
		kfree(buf);
}

static void kt_hold_bar(void)
{
	struct device *dev;
	struct pci_dev *pdev;

	if (!pci_bar)
		return;
	dev = bus_find_device_by_name(&pci_bus_type, NULL, pci_bar);
	if (!dev) {
		pr_err(KT_NAME ": no PCI device %s\n", pci_bar);
		return;
	}
	pdev = to_pci_dev(dev);
	if (pci_bar_shared)
		kt_bar = request_mem_region(pci_resource_start(pdev, 0),
					    pci_resource_len(pdev, 0), KT_NAME);
	else
		kt_bar = request_mem_region_exclusive(pci_resource_start(pdev, 0),
						      pci_resource_len(pdev, 0),
						      KT_NAME);
	pr_info(KT_NAME ": %s BAR 0 %pR %s\n", pci_bar, &pdev->resource[0],
		!kt_bar ? "busy, not held" :
		pci_bar_shared ? "held" : "held exclusive");
	kt_map_unowned(dev);
	put_device(dev);
}

/* correct: a block allocated and freed */
static int kt_pool_ok(struct device *dev, struct dma_pool *pool)
{
	dma_addr_t dma;
	void *p = dma_pool_alloc(pool, GFP_KERNEL, &dma);

	if (!p)
		return -ENOMEM;
	dma_pool_free(pool, p, dma);
	return 0;
}

/* correct: an sg_table mapped, synced, unmapped */
static int kt_sgtable_ok(struct device *dev)
{
	struct sg_table sgt;
	void *buf = kzalloc(2 * PAGE_SIZE, GFP_KERNEL);
	int ret;

	if (!buf)
		return -ENOMEM;
	ret = sg_alloc_table(&sgt, 2, GFP_KERNEL);
	if (ret)
		goto out;
	sg_set_buf(&sgt.sgl[0], buf, 512);
	sg_set_buf(&sgt.sgl[1], buf + PAGE_SIZE, 512);
	ret = dma_map_sgtable(dev, &sgt, DMA_FROM_DEVICE, 0);
	if (!ret) {
		dma_sync_sgtable_for_cpu(dev, &sgt, DMA_FROM_DEVICE);
		dma_unmap_sgtable(dev, &sgt, DMA_FROM_DEVICE, 0);
	}
	sg_free_table(&sgt);
out:
	kfree(buf);
	return ret;
}

/* dma-map-stack: a page of the vmapped stack, through dma_map_page */
static noinline int kt_map_stack(struct device *dev)
{
	char local[64];
	struct page *page = is_vmalloc_addr(local) ? vmalloc_to_page(local) :
						     virt_to_page(local);
	dma_addr_t dma;

	memset(local, 0, sizeof(local));
	dma = dma_map_page(dev, page, offset_in_page(local), sizeof(local),
			   DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma))
		return -EIO;
	dma_unmap_page(dev, dma, sizeof(local), DMA_TO_DEVICE);
	return 0;
}

/*
 * Hard and soft interrupt context: map and unmap from an hrtimer and a
 * timer, side by side; then one more hrtimer round, alone, unmaps with
 * the wrong size (dma-unmap-size from hard IRQ context).  Alone: a hard
 * interrupt that hits while the soft timer's map is in a probe handler
 * is skipped by the kprobe core, and the wrong round was lost that way
 * in one boot of several.
 */
#define KT_HARD_ROUNDS	500
#define KT_SOFT_ROUNDS	100

static struct device *kt_irq_dev;
/*
 * Counted after each unmap, so that the unmap is not a tail call: a tail
 * call leaves no frame of its caller, and the call site drvcheck_rt sees
 * is the caller's caller.
 */
static unsigned long kt_irq_unmaps;
static void *kt_irq_buf;
static atomic_t kt_hard_left, kt_soft_left;
static bool kt_hard_wrong;
static DECLARE_COMPLETION(kt_hard_done);
static DECLARE_COMPLETION(kt_soft_done);
static struct hrtimer kt_hrtimer;
static struct timer_list kt_timer;

static noinline void kt_hardirq_map(bool wrong)
{
	dma_addr_t dma = dma_map_single(kt_irq_dev, kt_irq_buf, 64,
					DMA_TO_DEVICE);

	if (dma_mapping_error(kt_irq_dev, dma))
		return;
	dma_unmap_single(kt_irq_dev, dma, wrong ? 32 : 64, DMA_TO_DEVICE);
	WRITE_ONCE(kt_irq_unmaps, kt_irq_unmaps + 1);
}

static noinline void kt_softirq_map(void)
{
	dma_addr_t dma = dma_map_single(kt_irq_dev, kt_irq_buf, 64,
					DMA_TO_DEVICE);

	if (dma_mapping_error(kt_irq_dev, dma))
		return;
	dma_unmap_single(kt_irq_dev, dma, 64, DMA_TO_DEVICE);
	WRITE_ONCE(kt_irq_unmaps, kt_irq_unmaps + 1);
}

static enum hrtimer_restart kt_hard_fn(struct hrtimer *t)
{
	int left = atomic_dec_return(&kt_hard_left);

	kt_hardirq_map(READ_ONCE(kt_hard_wrong));
	if (left > 0) {
		hrtimer_forward_now(t, ns_to_ktime(50 * NSEC_PER_USEC));
		return HRTIMER_RESTART;
	}
	complete(&kt_hard_done);
	return HRTIMER_NORESTART;
}

static void kt_soft_fn(struct timer_list *t)
{
	kt_softirq_map();
	if (atomic_dec_return(&kt_soft_left) > 0)
		mod_timer(t, jiffies + 1);
	else
		complete(&kt_soft_done);
}

static int kt_irq_contexts(struct device *dev)
{
	int ret = 0;

	kt_irq_dev = dev;
	kt_irq_buf = kzalloc(64, GFP_KERNEL);
	if (!kt_irq_buf)
		return -ENOMEM;
	WRITE_ONCE(kt_hard_wrong, false);
	atomic_set(&kt_hard_left, KT_HARD_ROUNDS - 1);
	atomic_set(&kt_soft_left, KT_SOFT_ROUNDS);
	hrtimer_init(&kt_hrtimer, CLOCK_MONOTONIC, HRTIMER_MODE_REL_HARD);
	kt_hrtimer.function = kt_hard_fn;
	timer_setup(&kt_timer, kt_soft_fn, 0);
	hrtimer_start(&kt_hrtimer, ns_to_ktime(50 * NSEC_PER_USEC), HRTIMER_MODE_REL_HARD);
	mod_timer(&kt_timer, jiffies + 1);
	if (!wait_for_completion_timeout(&kt_hard_done, 30 * HZ) ||
	    !wait_for_completion_timeout(&kt_soft_done, 30 * HZ))
		ret = -ETIMEDOUT;
	if (!ret) {
		reinit_completion(&kt_hard_done);
		WRITE_ONCE(kt_hard_wrong, true);
		atomic_set(&kt_hard_left, 1);
		hrtimer_start(&kt_hrtimer, ns_to_ktime(50 * NSEC_PER_USEC),
			      HRTIMER_MODE_REL_HARD);
		if (!wait_for_completion_timeout(&kt_hard_done, 30 * HZ))
			ret = -ETIMEDOUT;
	}
	hrtimer_cancel(&kt_hrtimer);
	del_timer_sync(&kt_timer);
	kfree(kt_irq_buf);
	return ret;
}

static int kt_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct kt_priv *priv;
	int ret;

	ret = dma_set_mask_and_coherent(dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	priv = devm_kzalloc(dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	priv->pool = dma_pool_create(KT_NAME, dev, 96, 32, 0);
	if (!priv->pool)
		return -ENOMEM;
	platform_set_drvdata(pdev, priv);
	dev_info(dev, "pool_ok=%d sgtable_ok=%d map_stack=%d irq=%d\n",
		 kt_pool_ok(dev, priv->pool), kt_sgtable_ok(dev),
		 kt_map_stack(dev), kt_irq_contexts(dev));
	/* dma-leak: a block still allocated when the driver lets go */
	priv->leak = dma_pool_alloc(priv->pool, GFP_KERNEL, &priv->leak_dma);
	return 0;
}

/*
 * The leak: the block is never freed, so dma_pool_destroy() says the pool
 * is busy and keeps the page under it; drvcheck_rt reports both, the block
 * ("pool") and the page ("coherent"), when the device is released.
 */
static int kt_remove(struct platform_device *pdev)
{
	struct kt_priv *priv = platform_get_drvdata(pdev);

	dma_pool_destroy(priv->pool);
	return 0;
}

/* 6.11 made platform_driver .remove return void. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
static void kt_remove_void(struct platform_device *pdev)
{
	kt_remove(pdev);
}
#define KT_REMOVE kt_remove_void
#else
#define KT_REMOVE kt_remove
#endif

static struct platform_driver kt_driver = {
	.probe = kt_probe,
	.remove = KT_REMOVE,
	.driver = { .name = KT_NAME },
};

static int __init kt_init(void)
{
	int ret = platform_driver_register(&kt_driver);

	if (ret)
		return ret;
	kt_pdev = platform_device_register_simple(KT_NAME, 0, NULL, 0);
	if (IS_ERR(kt_pdev)) {
		platform_driver_unregister(&kt_driver);
		return PTR_ERR(kt_pdev);
	}
	kt_hold_bar();
	return 0;
}

static void __exit kt_exit(void)
{
	if (kt_bar)
		release_mem_region(kt_bar->start, resource_size(kt_bar));
	platform_device_unregister(kt_pdev);
	platform_driver_unregister(&kt_driver);
}

module_init(kt_init);
module_exit(kt_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("drvcheck_rt test: DMA pool, sg_table and stack mapping paths");
