// SPDX-License-Identifier: GPL-2.0
/*
 * EEPROM read of a platform I2C-attached fan controller with its own DMA
 * engine: the 32-byte identification block is read into a local array on
 * the stack, mapped with dma_map_single().  Stack memory is not DMA-able
 * (vmapped stacks, cache-line sharing with other locals).
 *
 * drvcheck-case: positive dma-map-stack
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/io.h>

#define FAN_ID_LEN		32
#define FAN_REG_DMA_ADDR	0x00
#define FAN_REG_DMA_LEN		0x04
#define FAN_REG_EEPROM_READ	0x08
#define FAN_REG_STATUS		0x0c

struct fanctl {
	struct device *dev;
	void __iomem *regs;
	char model[FAN_ID_LEN + 1];
};

static int fan_read_id(struct fanctl *fan)
{
	u8 id[FAN_ID_LEN];
	dma_addr_t dma;
	u32 st;
	int ret;

	dma = dma_map_single(fan->dev, id, sizeof(id), DMA_FROM_DEVICE); /* expect: dma-map-stack */
	if (dma_mapping_error(fan->dev, dma))
		return -ENOMEM;
	writel(lower_32_bits(dma), fan->regs + FAN_REG_DMA_ADDR);
	writel(sizeof(id), fan->regs + FAN_REG_DMA_LEN);
	writel(1, fan->regs + FAN_REG_EEPROM_READ);
	ret = readl_poll_timeout(fan->regs + FAN_REG_STATUS, st, st, 100, 100000);
	dma_unmap_single(fan->dev, dma, sizeof(id), DMA_FROM_DEVICE);
	if (ret)
		return ret;
	memcpy(fan->model, id, FAN_ID_LEN);
	fan->model[FAN_ID_LEN] = '\0';
	return 0;
}

static int fan_probe(struct platform_device *pdev)
{
	struct fanctl *fan;
	int ret;

	fan = devm_kzalloc(&pdev->dev, sizeof(*fan), GFP_KERNEL);
	if (!fan)
		return -ENOMEM;
	fan->dev = &pdev->dev;
	fan->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(fan->regs))
		return PTR_ERR(fan->regs);
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	ret = fan_read_id(fan);
	if (ret)
		return ret;
	dev_info(&pdev->dev, "fan controller %s\n", fan->model);
	platform_set_drvdata(pdev, fan);
	return 0;
}

static const struct of_device_id fan_of_match[] = {
	{ .compatible = "drvcheck,fanctl" },
	{ }
};
MODULE_DEVICE_TABLE(of, fan_of_match);

static struct platform_driver fan_driver = {
	.probe = fan_probe,
	.driver = {
		.name = "fanctl",
		.of_match_table = fan_of_match,
	},
};
module_platform_driver(fan_driver);

MODULE_DESCRIPTION("drvcheck testsuite: local array mapped for DMA");
MODULE_LICENSE("GPL");
