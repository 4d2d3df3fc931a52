// SPDX-License-Identifier: GPL-2.0
/*
 * Audio DSP that streams straight into the FIFO of a peer I2S controller:
 * probe maps the peer's FIFO register (a physical MMIO address of another
 * device, from the "peer-fifo" resource) with dma_map_resource() so the DSP
 * can write to it.  Remove releases it with dma_unmap_page(): a resource
 * mapping released by a page unmap.
 *
 * drvcheck-case: positive dma-unmap-kind
 * drvcheck-case: negative dma-unmap-size dma-direction dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>

#define DSP_REG_SINK_ADDR	0x80
#define DSP_REG_SINK_WIDTH	0x88
#define DSP_FIFO_OFFSET		0x10
#define DSP_FIFO_WIDTH		4

struct dsp_priv {
	struct device *dev;
	void __iomem *regs;
	dma_addr_t fifo_dma;
};

static int dsp_probe(struct platform_device *pdev)
{
	struct dsp_priv *dsp;
	struct resource *peer;
	int ret;

	dsp = devm_kzalloc(&pdev->dev, sizeof(*dsp), GFP_KERNEL);
	if (!dsp)
		return -ENOMEM;
	dsp->dev = &pdev->dev;
	dsp->regs = devm_platform_ioremap_resource_byname(pdev, "regs");
	if (IS_ERR(dsp->regs))
		return PTR_ERR(dsp->regs);
	peer = platform_get_resource_byname(pdev, IORESOURCE_MEM, "peer-fifo");
	if (!peer)
		return -ENODEV;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;

	dsp->fifo_dma = dma_map_resource(dsp->dev, peer->start + DSP_FIFO_OFFSET,
					 DSP_FIFO_WIDTH, DMA_TO_DEVICE, 0);
	if (dma_mapping_error(dsp->dev, dsp->fifo_dma))
		return -ENOMEM;

	writel(lower_32_bits(dsp->fifo_dma), dsp->regs + DSP_REG_SINK_ADDR);
	writel(DSP_FIFO_WIDTH, dsp->regs + DSP_REG_SINK_WIDTH);
	platform_set_drvdata(pdev, dsp);
	return 0;
}

static platform_remove_ret_t dsp_remove(struct platform_device *pdev)
{
	struct dsp_priv *dsp = platform_get_drvdata(pdev);

	writel(0, dsp->regs + DSP_REG_SINK_ADDR);
	dma_unmap_page(dsp->dev, dsp->fifo_dma, DSP_FIFO_WIDTH, DMA_TO_DEVICE); /* expect: dma-unmap-kind */
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id dsp_of_match[] = {
	{ .compatible = "drvcheck,audio-dsp" },
	{ }
};
MODULE_DEVICE_TABLE(of, dsp_of_match);

static struct platform_driver dsp_driver = {
	.probe = dsp_probe,
	.remove = dsp_remove,
	.driver = {
		.name = "audio-dsp",
		.of_match_table = dsp_of_match,
	},
};
module_platform_driver(dsp_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_map_resource released with dma_unmap_page");
MODULE_LICENSE("GPL");
