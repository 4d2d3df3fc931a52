// SPDX-License-Identifier: GPL-2.0
/*
 * RX queue setup of a small platform NIC: the descriptor ring is
 * allocated coherent into locals and published in the queue only once
 * everything else succeeded.  When the buffer-info array allocation
 * fails, the function returns -ENOMEM with the ring still allocated and
 * its handle in a local: nothing can free it any more.
 *
 * drvcheck-case: positive dma-leak
 * drvcheck-case: negative dma-unmap-size dma-coherent-streaming-mix
 * drvcheck-case: negative dma-double-unmap dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/slab.h>
#include <linux/io.h>

#define RQ_COUNT		256
#define RQ_REG_RING_LO		0x00
#define RQ_REG_RING_HI		0x04

struct rq_desc {
	__le64 addr;
	__le32 len;
	__le32 status;
};

struct rq_buf {
	struct sk_buff *skb;
	dma_addr_t dma;
};

struct rq {
	struct device *dev;
	void __iomem *regs;
	struct rq_desc *ring;
	dma_addr_t ring_dma;
	struct rq_buf *bufs;
};

static int rq_setup(struct rq *q)
{
	size_t size = RQ_COUNT * sizeof(struct rq_desc);
	struct rq_desc *ring;
	dma_addr_t ring_dma;
	struct rq_buf *bufs;

	ring = dma_alloc_coherent(q->dev, size, &ring_dma, GFP_KERNEL);
	if (!ring)
		return -ENOMEM;
	bufs = kcalloc(RQ_COUNT, sizeof(*bufs), GFP_KERNEL);
	if (!bufs)
		return -ENOMEM; /* expect: dma-leak */
	q->ring = ring;
	q->ring_dma = ring_dma;
	q->bufs = bufs;
	writel(lower_32_bits(ring_dma), q->regs + RQ_REG_RING_LO);
	writel(upper_32_bits(ring_dma), q->regs + RQ_REG_RING_HI);
	return 0;
}

static void rq_teardown(struct rq *q)
{
	writel(0, q->regs + RQ_REG_RING_LO);
	writel(0, q->regs + RQ_REG_RING_HI);
	kfree(q->bufs);
	dma_free_coherent(q->dev, RQ_COUNT * sizeof(struct rq_desc), q->ring,
			  q->ring_dma);
}

static int rq_probe(struct platform_device *pdev)
{
	struct rq *q;
	int ret;

	q = devm_kzalloc(&pdev->dev, sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	q->dev = &pdev->dev;
	q->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(q->regs))
		return PTR_ERR(q->regs);
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	ret = rq_setup(q);
	if (ret)
		return ret;
	platform_set_drvdata(pdev, q);
	return 0;
}

static platform_remove_ret_t rq_remove(struct platform_device *pdev)
{
	rq_teardown(platform_get_drvdata(pdev));
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id rq_of_match[] = {
	{ .compatible = "drvcheck,rxq" },
	{ }
};
MODULE_DEVICE_TABLE(of, rq_of_match);

static struct platform_driver rq_driver = {
	.probe = rq_probe,
	.remove = rq_remove,
	.driver = {
		.name = "rxq",
		.of_match_table = rq_of_match,
	},
};
module_platform_driver(rq_driver);

MODULE_DESCRIPTION("drvcheck testsuite: coherent ring leaked when the buffer array allocation fails");
MODULE_LICENSE("GPL");
