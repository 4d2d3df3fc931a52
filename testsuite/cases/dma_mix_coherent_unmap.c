// SPDX-License-Identifier: GPL-2.0
/*
 * Status block of a platform DMA controller.  The driver was converted
 * from a kmalloc'ed, streaming-mapped status block to dma_alloc_coherent()
 * in probe, but remove still tears it down the old way: the coherent
 * handle goes to dma_unmap_single().  Coherent memory given to a streaming
 * call (reported as the mix, not as a kind mismatch).
 *
 * drvcheck-case: positive dma-coherent-streaming-mix
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define XDMAC_REG_STATUS_ADDR	0x00
#define XDMAC_REG_IRQ_EN	0x08
#define XDMAC_REG_IRQ_ACK	0x0c
#define XDMAC_NR_CHANNELS	8

struct xdmac_status {
	__le32 chan_done;
	__le32 chan_err;
	__le32 residue[XDMAC_NR_CHANNELS];
};

struct xdmac {
	struct device *dev;
	void __iomem *regs;
	struct xdmac_status *status;
	dma_addr_t status_dma;
	unsigned long done_mask;
};

static irqreturn_t xdmac_irq(int irq, void *data)
{
	struct xdmac *xd = data;
	u32 done = le32_to_cpu(READ_ONCE(xd->status->chan_done));

	if (!done)
		return IRQ_NONE;
	xd->done_mask |= done;
	writel(done, xd->regs + XDMAC_REG_IRQ_ACK);
	return IRQ_HANDLED;
}

static int xdmac_probe(struct platform_device *pdev)
{
	struct xdmac *xd;
	int irq, ret;

	xd = devm_kzalloc(&pdev->dev, sizeof(*xd), GFP_KERNEL);
	if (!xd)
		return -ENOMEM;
	xd->dev = &pdev->dev;
	xd->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(xd->regs))
		return PTR_ERR(xd->regs);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;

	xd->status = dma_alloc_coherent(xd->dev, sizeof(*xd->status),
					&xd->status_dma, GFP_KERNEL);
	if (!xd->status)
		return -ENOMEM;
	writel(lower_32_bits(xd->status_dma), xd->regs + XDMAC_REG_STATUS_ADDR);

	ret = devm_request_irq(xd->dev, irq, xdmac_irq, 0, dev_name(xd->dev), xd);
	if (ret) {
		dma_free_coherent(xd->dev, sizeof(*xd->status), xd->status,
				  xd->status_dma);
		return ret;
	}
	writel(GENMASK(XDMAC_NR_CHANNELS - 1, 0), xd->regs + XDMAC_REG_IRQ_EN);
	platform_set_drvdata(pdev, xd);
	return 0;
}

static platform_remove_ret_t xdmac_remove(struct platform_device *pdev)
{
	struct xdmac *xd = platform_get_drvdata(pdev);

	writel(0, xd->regs + XDMAC_REG_IRQ_EN);
	writel(0, xd->regs + XDMAC_REG_STATUS_ADDR);
	dma_unmap_single(xd->dev, xd->status_dma, sizeof(*xd->status), DMA_FROM_DEVICE); /* expect: dma-coherent-streaming-mix */
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id xdmac_of_match[] = {
	{ .compatible = "drvcheck,xdmac" },
	{ }
};
MODULE_DEVICE_TABLE(of, xdmac_of_match);

static struct platform_driver xdmac_driver = {
	.probe = xdmac_probe,
	.remove = xdmac_remove,
	.driver = {
		.name = "xdmac",
		.of_match_table = xdmac_of_match,
	},
};
module_platform_driver(xdmac_driver);

MODULE_DESCRIPTION("drvcheck testsuite: coherent handle passed to dma_unmap_single");
MODULE_LICENSE("GPL");
