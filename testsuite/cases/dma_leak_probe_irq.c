// SPDX-License-Identifier: GPL-2.0
/*
 * Probe of a platform statistics engine: the driver's private data is
 * devm-allocated, the statistics block is mapped DMA_FROM_DEVICE and the
 * handle kept in priv.  When platform_get_irq() fails, probe returns the
 * error straight away; devres frees priv (and with it the only copy of
 * the handle) and ->remove never runs, so the mapping is never released.
 * The request_irq() failure below it unwinds correctly.
 *
 * drvcheck-case: positive dma-leak
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/io.h>

#define SE_STATS_LEN		4096
#define SE_REG_STATS_ADDR	0x00
#define SE_REG_IRQ_EN		0x08

struct se_priv {
	struct device *dev;
	void __iomem *regs;
	void *stats;
	dma_addr_t stats_dma;
};

static irqreturn_t se_irq(int irq, void *data)
{
	struct se_priv *se = data;

	dma_sync_single_for_cpu(se->dev, se->stats_dma, SE_STATS_LEN,
				DMA_FROM_DEVICE);
	dma_sync_single_for_device(se->dev, se->stats_dma, SE_STATS_LEN,
				   DMA_FROM_DEVICE);
	return IRQ_HANDLED;
}

static int se_probe(struct platform_device *pdev)
{
	struct se_priv *se;
	int irq, ret;

	se = devm_kzalloc(&pdev->dev, sizeof(*se), GFP_KERNEL);
	if (!se)
		return -ENOMEM;
	se->dev = &pdev->dev;
	se->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(se->regs))
		return PTR_ERR(se->regs);
	se->stats = devm_kzalloc(&pdev->dev, SE_STATS_LEN, GFP_KERNEL);
	if (!se->stats)
		return -ENOMEM;

	se->stats_dma = dma_map_single(&pdev->dev, se->stats, SE_STATS_LEN,
				       DMA_FROM_DEVICE);
	if (dma_mapping_error(&pdev->dev, se->stats_dma))
		return -ENOMEM;

	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq; /* expect: dma-leak */
	ret = request_irq(irq, se_irq, 0, "statseng", se);
	if (ret)
		goto err_unmap;

	writeq(se->stats_dma, se->regs + SE_REG_STATS_ADDR);
	writel(1, se->regs + SE_REG_IRQ_EN);
	platform_set_drvdata(pdev, se);
	return 0;

err_unmap:
	dma_unmap_single(&pdev->dev, se->stats_dma, SE_STATS_LEN, DMA_FROM_DEVICE);
	return ret;
}

static platform_remove_ret_t se_remove(struct platform_device *pdev)
{
	struct se_priv *se = platform_get_drvdata(pdev);

	writel(0, se->regs + SE_REG_IRQ_EN);
	free_irq(platform_get_irq(pdev, 0), se);
	dma_unmap_single(&pdev->dev, se->stats_dma, SE_STATS_LEN, DMA_FROM_DEVICE);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id se_of_match[] = {
	{ .compatible = "drvcheck,statseng" },
	{ }
};
MODULE_DEVICE_TABLE(of, se_of_match);

static struct platform_driver se_driver = {
	.probe = se_probe,
	.remove = se_remove,
	.driver = {
		.name = "statseng",
		.of_match_table = se_of_match,
	},
};
module_platform_driver(se_driver);

MODULE_DESCRIPTION("drvcheck testsuite: mapping leaked when platform_get_irq() fails");
MODULE_LICENSE("GPL");
