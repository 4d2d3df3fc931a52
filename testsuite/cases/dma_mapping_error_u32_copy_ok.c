// SPDX-License-Identifier: GPL-2.0
/*
 * A 32-bit DMA engine in the greth / sunhme style: the driver keeps the
 * handle in a u32 local (its descriptors have 32-bit address words) and
 * tests that copy with dma_mapping_error() before the descriptor is armed.
 * The test is in the source; on a 64-bit dma_addr_t the compiler folds it
 * away, since a zero-extended u32 never equals DMA_MAPPING_ERROR.  That
 * truncation is a bug of its own, but the handle is not left untested:
 * dma-mapping-error-unchecked has nothing to say.
 *
 * drvcheck-case: negative dma-mapping-error-unchecked dma-unmap-size
 * drvcheck-case: negative dma-direction dma-unmap-kind
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>

#define XG_REG_TXADDR	0x10
#define XG_REG_TXGO	0x14
#define XG_BUF		1536

struct xg_desc {
	__le32 addr;
	__le32 ctrl;
};

struct xg {
	struct device *dev;
	void __iomem *regs;
	struct xg_desc *desc;
	void *buf;
};

static int xg_xmit(struct xg *xg, size_t len)
{
	u32 des;

	des = dma_map_single(xg->dev, xg->buf, len, DMA_TO_DEVICE);
	if (dma_mapping_error(xg->dev, des))
		return -ENOMEM;
	xg->desc->addr = cpu_to_le32(des);
	xg->desc->ctrl = cpu_to_le32(len | BIT(31));
	writel(des, xg->regs + XG_REG_TXADDR);
	writel(1, xg->regs + XG_REG_TXGO);
	return 0;
}

static void xg_tx_done(struct xg *xg, size_t len)
{
	dma_unmap_single(xg->dev, le32_to_cpu(xg->desc->addr), len, DMA_TO_DEVICE);
}

static int xg_probe(struct platform_device *pdev)
{
	struct xg *xg;

	xg = devm_kzalloc(&pdev->dev, sizeof(*xg), GFP_KERNEL);
	if (!xg)
		return -ENOMEM;
	xg->dev = &pdev->dev;
	xg->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(xg->regs))
		return PTR_ERR(xg->regs);
	xg->desc = devm_kzalloc(&pdev->dev, sizeof(*xg->desc), GFP_KERNEL);
	xg->buf = devm_kzalloc(&pdev->dev, XG_BUF, GFP_KERNEL);
	if (!xg->desc || !xg->buf)
		return -ENOMEM;
	if (!xg_xmit(xg, 64))
		xg_tx_done(xg, 64);
	return 0;
}

static const struct of_device_id xg_of_match[] = {
	{ .compatible = "example,xg" },
	{ }
};
MODULE_DEVICE_TABLE(of, xg_of_match);

static struct platform_driver xg_driver = {
	.probe	= xg_probe,
	.driver	= { .name = "xg", .of_match_table = xg_of_match },
};
module_platform_driver(xg_driver);
MODULE_LICENSE("GPL");
