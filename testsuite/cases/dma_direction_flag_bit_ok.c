// SPDX-License-Identifier: GPL-2.0
/*
 * A queue of frames that are mapped for receive or for transmit, marked
 * the way rt2x00queue.c marks them: after the map, the entry's flags get
 * MAPPED_RX or MAPPED_TX (flags |= BIT), and the common unmap picks the
 * direction by testing those bits: DMA_FROM_DEVICE under MAPPED_RX,
 * DMA_TO_DEVICE under MAPPED_TX.  Correct.
 *
 * drvcheck-case: negative dma-direction dma-unmap-kind dma-unmap-size
 * drvcheck-case: negative dma-double-unmap
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/skbuff.h>
#include <linux/io.h>

#define FQ_ENTRIES		64
#define FQ_BUF_SIZE		2048
#define FQ_REG_RX_ADDR		0x00
#define FQ_REG_TX_ADDR		0x08

#define FQ_MAPPED_RX		BIT(0)
#define FQ_MAPPED_TX		BIT(1)

struct fq_entry {
	struct sk_buff *skb;
	dma_addr_t skb_dma;
	unsigned int len;
	u8 flags;
};

struct fq_priv {
	struct device *dev;
	void __iomem *regs;
	struct fq_entry rx[FQ_ENTRIES];
	struct fq_entry tx[FQ_ENTRIES];
};

static int fq_map_rx(struct fq_priv *fq, struct fq_entry *e)
{
	dma_addr_t dma;

	/* through a local, as rt2x00queue_alloc_rxskb() does */
	dma = dma_map_single(fq->dev, e->skb->data, FQ_BUF_SIZE,
			     DMA_FROM_DEVICE);
	if (dma_mapping_error(fq->dev, dma))
		return -ENOMEM;
	e->skb_dma = dma;
	e->len = FQ_BUF_SIZE;
	e->flags |= FQ_MAPPED_RX;
	writeq(e->skb_dma, fq->regs + FQ_REG_RX_ADDR);
	return 0;
}

static int fq_map_tx(struct fq_priv *fq, struct fq_entry *e)
{
	e->skb_dma = dma_map_single(fq->dev, e->skb->data, FQ_BUF_SIZE,
				    DMA_TO_DEVICE);
	if (dma_mapping_error(fq->dev, e->skb_dma))
		return -ENOMEM;
	e->len = FQ_BUF_SIZE;
	e->flags |= FQ_MAPPED_TX;
	writeq(e->skb_dma, fq->regs + FQ_REG_TX_ADDR);
	return 0;
}

static void fq_unmap(struct fq_priv *fq, struct fq_entry *e)
{
	if (e->flags & FQ_MAPPED_RX) {
		dma_unmap_single(fq->dev, e->skb_dma, e->len, DMA_FROM_DEVICE);
		e->flags &= ~FQ_MAPPED_RX;
	} else if (e->flags & FQ_MAPPED_TX) {
		dma_unmap_single(fq->dev, e->skb_dma, e->len, DMA_TO_DEVICE);
		e->flags &= ~FQ_MAPPED_TX;
	}
}

static int fq_fill(struct fq_priv *fq)
{
	int i, ret;

	for (i = 0; i < FQ_ENTRIES; i++) {
		fq->rx[i].skb = alloc_skb(FQ_BUF_SIZE, GFP_KERNEL);
		if (!fq->rx[i].skb)
			return -ENOMEM;
		ret = fq_map_rx(fq, &fq->rx[i]);
		if (ret)
			return ret;
	}
	return 0;
}

/* the stack above hands frames to send */
int fqy_send(struct platform_device *pdev, struct sk_buff *skb, int i);

int fqy_send(struct platform_device *pdev, struct sk_buff *skb, int i)
{
	struct fq_priv *fq = platform_get_drvdata(pdev);
	struct fq_entry *e = &fq->tx[i % FQ_ENTRIES];

	if (e->flags & FQ_MAPPED_TX)
		return -EBUSY;
	e->skb = skb;
	return fq_map_tx(fq, e);
}
EXPORT_SYMBOL_GPL(fqy_send);

static void fq_drain(struct fq_priv *fq)
{
	int i;

	for (i = 0; i < FQ_ENTRIES; i++) {
		fq_unmap(fq, &fq->rx[i]);
		kfree_skb(fq->rx[i].skb);
		fq_unmap(fq, &fq->tx[i]);
	}
}

static int fq_probe(struct platform_device *pdev)
{
	struct fq_priv *fq;
	int ret;

	fq = devm_kzalloc(&pdev->dev, sizeof(*fq), GFP_KERNEL);
	if (!fq)
		return -ENOMEM;
	fq->dev = &pdev->dev;
	fq->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(fq->regs))
		return PTR_ERR(fq->regs);
	platform_set_drvdata(pdev, fq);
	ret = fq_fill(fq);
	if (ret)
		fq_drain(fq);
	return ret;
}

static platform_remove_ret_t fq_remove(struct platform_device *pdev)
{
	fq_drain(platform_get_drvdata(pdev));
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id fq_of_match[] = {
	{ .compatible = "drvcheck,fqy" },
	{ }
};
MODULE_DEVICE_TABLE(of, fq_of_match);

static struct platform_driver fq_driver = {
	.probe = fq_probe,
	.remove = fq_remove,
	.driver = {
		.name = "fqy",
		.of_match_table = fq_of_match,
	},
};
module_platform_driver(fq_driver);

MODULE_DESCRIPTION("drvcheck testsuite: each branch of a flag-bit unmap with its map's direction (correct)");
MODULE_LICENSE("GPL");
