// SPDX-License-Identifier: GPL-2.0
/*
 * Probe of a platform crypto offload engine with the usual goto unwind
 * ladder: a coherent command ring, then a streaming mapping of the key
 * buffer, then the interrupt.  Every failure after a mapping jumps to the
 * label that undoes exactly what was set up before it; the failures
 * before the first mapping return directly.  Correct.
 *
 * drvcheck-case: negative dma-leak dma-double-unmap dma-unmap-size
 * drvcheck-case: negative dma-coherent-streaming-mix dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/io.h>

#define COE_RING_BYTES		4096
#define COE_KEY_LEN		64
#define COE_REG_RING		0x00
#define COE_REG_KEY		0x08
#define COE_REG_IRQ_EN		0x10

struct coe {
	struct device *dev;
	void __iomem *regs;
	void *ring;
	dma_addr_t ring_dma;
	u8 *key;
	dma_addr_t key_dma;
	int irq;
};

static irqreturn_t coe_irq(int irq, void *data)
{
	struct coe *coe = data;

	writel(0, coe->regs + COE_REG_IRQ_EN);
	return IRQ_HANDLED;
}

static int coe_probe(struct platform_device *pdev)
{
	struct coe *coe;
	int ret;

	coe = devm_kzalloc(&pdev->dev, sizeof(*coe), GFP_KERNEL);
	if (!coe)
		return -ENOMEM;
	coe->dev = &pdev->dev;
	coe->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(coe->regs))
		return PTR_ERR(coe->regs);
	coe->irq = platform_get_irq(pdev, 0);
	if (coe->irq < 0)
		return coe->irq;
	coe->key = devm_kzalloc(&pdev->dev, COE_KEY_LEN, GFP_KERNEL);
	if (!coe->key)
		return -ENOMEM;

	coe->ring = dma_alloc_coherent(&pdev->dev, COE_RING_BYTES,
				       &coe->ring_dma, GFP_KERNEL);
	if (!coe->ring)
		return -ENOMEM;
	coe->key_dma = dma_map_single(&pdev->dev, coe->key, COE_KEY_LEN,
				      DMA_TO_DEVICE);
	if (dma_mapping_error(&pdev->dev, coe->key_dma)) {
		ret = -ENOMEM;
		goto err_free_ring;
	}
	ret = request_irq(coe->irq, coe_irq, 0, "coe", coe);
	if (ret)
		goto err_unmap_key;

	writeq(coe->ring_dma, coe->regs + COE_REG_RING);
	writeq(coe->key_dma, coe->regs + COE_REG_KEY);
	writel(1, coe->regs + COE_REG_IRQ_EN);
	platform_set_drvdata(pdev, coe);
	return 0;

err_unmap_key:
	dma_unmap_single(&pdev->dev, coe->key_dma, COE_KEY_LEN, DMA_TO_DEVICE);
err_free_ring:
	dma_free_coherent(&pdev->dev, COE_RING_BYTES, coe->ring, coe->ring_dma);
	return ret;
}

static platform_remove_ret_t coe_remove(struct platform_device *pdev)
{
	struct coe *coe = platform_get_drvdata(pdev);

	writel(0, coe->regs + COE_REG_IRQ_EN);
	free_irq(coe->irq, coe);
	dma_unmap_single(&pdev->dev, coe->key_dma, COE_KEY_LEN, DMA_TO_DEVICE);
	dma_free_coherent(&pdev->dev, COE_RING_BYTES, coe->ring, coe->ring_dma);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id coe_of_match[] = {
	{ .compatible = "drvcheck,coe" },
	{ }
};
MODULE_DEVICE_TABLE(of, coe_of_match);

static struct platform_driver coe_driver = {
	.probe = coe_probe,
	.remove = coe_remove,
	.driver = {
		.name = "coe",
		.of_match_table = coe_of_match,
	},
};
module_platform_driver(coe_driver);

MODULE_DESCRIPTION("drvcheck testsuite: probe unwind ladder releases every mapping (correct)");
MODULE_LICENSE("GPL");
