// SPDX-License-Identifier: GPL-2.0
/*
 * Receive queue of a platform DMA engine with its buffers on a list:
 * teardown walks the list with list_for_each_entry_safe() in an outer loop
 * over the queues and unmaps each entry, then, after list_del(), a
 * leftover "release what the device saw" unmaps the same entry's handle
 * again.  The cursor moving on between iterations is no excuse within one.
 * sparse and clang do not see b->dma read twice around list_del() as one
 * handle (known misses).
 *
 * drvcheck-case: positive dma-double-unmap
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/list.h>
#include <linux/slab.h>
#include <linux/io.h>

#define LQ_QUEUES	4
#define LQ_BUF_LEN	2048
#define LQ_BOUNCE_LEN	512
#define LQ_REG_ADDR(q)	(0x10 * (q))

struct lq_buf {
	struct list_head node;
	void *data;
	dma_addr_t dma;
};

struct lq_queue {
	struct list_head bufs;
	struct lq_buf *cur;	/* taken off the list, given to the device */
	void *bounce;
	dma_addr_t bounce_dma;
};

struct lq_dev {
	struct device *dev;
	void __iomem *regs;
	struct lq_queue q[LQ_QUEUES];
};

static int lq_add_buf(struct lq_dev *lq, struct lq_queue *q)
{
	struct lq_buf *b = kzalloc(sizeof(*b), GFP_KERNEL);

	if (!b)
		return -ENOMEM;
	b->data = kmalloc(LQ_BUF_LEN, GFP_KERNEL);
	if (!b->data)
		goto err_buf;
	b->dma = dma_map_single(lq->dev, b->data, LQ_BUF_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(lq->dev, b->dma))
		goto err_data;
	list_add_tail(&b->node, &q->bufs);
	return 0;

err_data:
	kfree(b->data);
err_buf:
	kfree(b);
	return -ENOMEM;
}

static void lq_teardown(struct lq_dev *lq)
{
	struct lq_buf *b, *tmp;
	int i;

	for (i = 0; i < LQ_QUEUES; i++) {
		list_for_each_entry_safe(b, tmp, &lq->q[i].bufs, node) {
			dma_unmap_single(lq->dev, b->dma, LQ_BUF_LEN, DMA_FROM_DEVICE);
			list_del(&b->node);
			dma_unmap_single(lq->dev, b->dma, LQ_BUF_LEN, DMA_FROM_DEVICE); /* expect(!sparse,!clang): dma-double-unmap */
			kfree(b->data);
			kfree(b);
		}
		b = lq->q[i].cur;
		if (b) {
			dma_unmap_single(lq->dev, b->dma, LQ_BUF_LEN, DMA_FROM_DEVICE);
			kfree(b->data);
			kfree(b);
			b = NULL;
		}
		if (b)		/* the same with a local pointer */
			dma_unmap_single(lq->dev, b->dma, LQ_BUF_LEN, DMA_FROM_DEVICE);
		if (lq->q[i].bounce) {
			dma_unmap_single(lq->dev, lq->q[i].bounce_dma, LQ_BOUNCE_LEN,
					 DMA_TO_DEVICE);
			kfree(lq->q[i].bounce);
			lq->q[i].bounce = NULL;
		}
		/* a leftover second release, never reached with a live pointer */
		if (lq->q[i].bounce)
			dma_unmap_single(lq->dev, lq->q[i].bounce_dma, LQ_BOUNCE_LEN,
					 DMA_TO_DEVICE);
	}
}

static int lq_probe(struct platform_device *pdev)
{
	struct lq_dev *lq;
	int i, ret = 0;

	lq = devm_kzalloc(&pdev->dev, sizeof(*lq), GFP_KERNEL);
	if (!lq)
		return -ENOMEM;
	lq->dev = &pdev->dev;
	lq->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(lq->regs))
		return PTR_ERR(lq->regs);
	for (i = 0; i < LQ_QUEUES && !ret; i++) {
		struct lq_queue *q = &lq->q[i];

		INIT_LIST_HEAD(&q->bufs);
		q->bounce = kzalloc(LQ_BOUNCE_LEN, GFP_KERNEL);
		if (!q->bounce) {
			ret = -ENOMEM;
			break;
		}
		q->bounce_dma = dma_map_single(lq->dev, q->bounce, LQ_BOUNCE_LEN,
					       DMA_TO_DEVICE);
		if (dma_mapping_error(lq->dev, q->bounce_dma)) {
			kfree(q->bounce);
			q->bounce = NULL;
			ret = -ENOMEM;
			break;
		}
		writeq(q->bounce_dma, lq->regs + LQ_REG_ADDR(i));
		ret = lq_add_buf(lq, q);
	}
	if (ret) {
		lq_teardown(lq);
		return ret;
	}
	platform_set_drvdata(pdev, lq);
	return 0;
}

static platform_remove_ret_t lq_remove(struct platform_device *pdev)
{
	lq_teardown(platform_get_drvdata(pdev));
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id lq_of_match[] = {
	{ .compatible = "drvcheck,lq2" },
	{ }
};
MODULE_DEVICE_TABLE(of, lq_of_match);

static struct platform_driver lq_driver = {
	.probe = lq_probe,
	.remove = lq_remove,
	.driver = {
		.name = "lq2",
		.of_match_table = lq_of_match,
	},
};
module_platform_driver(lq_driver);

MODULE_DESCRIPTION("drvcheck testsuite: an entry unmapped twice in a list walk");
MODULE_LICENSE("GPL");
