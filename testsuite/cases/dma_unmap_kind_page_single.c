// SPDX-License-Identifier: GPL-2.0
/*
 * Crash-dump page of a platform co-processor: probe gives the firmware a
 * whole page, mapped with dma_map_page(), to write its crash log into.  The
 * log is read on demand through a sysfs attribute; remove releases the
 * mapping with dma_unmap_single(), which is the wrong kind for a page
 * mapping.  Handle goes through the private struct (probe -> remove).
 *
 * drvcheck-case: positive dma-unmap-kind
 * drvcheck-case: negative dma-unmap-size dma-direction dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/gfp.h>
#include <linux/mm.h>
#include <linux/io.h>

#define COP_REG_DUMP_ADDR	0x40
#define COP_REG_DUMP_LEN	0x48

struct cop_priv {
	struct device *dev;
	void __iomem *regs;
	struct page *dump_page;
	dma_addr_t dump_dma;
};

static ssize_t crashlog_show(struct device *dev, struct device_attribute *attr,
			     char *buf)
{
	struct cop_priv *cop = dev_get_drvdata(dev);
	ssize_t len = min_t(u32, readl(cop->regs + COP_REG_DUMP_LEN), PAGE_SIZE - 1);

	dma_sync_single_for_cpu(cop->dev, cop->dump_dma, PAGE_SIZE,
				DMA_FROM_DEVICE);
	memcpy(buf, page_address(cop->dump_page), len);
	dma_sync_single_for_device(cop->dev, cop->dump_dma, PAGE_SIZE,
				   DMA_FROM_DEVICE);
	return len;
}
static DEVICE_ATTR_RO(crashlog);

static struct attribute *cop_attrs[] = {
	&dev_attr_crashlog.attr,
	NULL
};
ATTRIBUTE_GROUPS(cop);

static int cop_probe(struct platform_device *pdev)
{
	struct cop_priv *cop;

	cop = devm_kzalloc(&pdev->dev, sizeof(*cop), GFP_KERNEL);
	if (!cop)
		return -ENOMEM;
	cop->dev = &pdev->dev;
	cop->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(cop->regs))
		return PTR_ERR(cop->regs);

	cop->dump_page = alloc_page(GFP_KERNEL | __GFP_ZERO);
	if (!cop->dump_page)
		return -ENOMEM;
	cop->dump_dma = dma_map_page(cop->dev, cop->dump_page, 0, PAGE_SIZE,
				     DMA_FROM_DEVICE);
	if (dma_mapping_error(cop->dev, cop->dump_dma)) {
		__free_page(cop->dump_page);
		return -ENOMEM;
	}
	writeq(cop->dump_dma, cop->regs + COP_REG_DUMP_ADDR);
	platform_set_drvdata(pdev, cop);
	return 0;
}

static platform_remove_ret_t cop_remove(struct platform_device *pdev)
{
	struct cop_priv *cop = platform_get_drvdata(pdev);

	writeq(0, cop->regs + COP_REG_DUMP_ADDR);
	dma_unmap_single(cop->dev, cop->dump_dma, PAGE_SIZE, DMA_FROM_DEVICE); /* expect: dma-unmap-kind */
	__free_page(cop->dump_page);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id cop_of_match[] = {
	{ .compatible = "drvcheck,coproc" },
	{ }
};
MODULE_DEVICE_TABLE(of, cop_of_match);

static struct platform_driver cop_driver = {
	.probe = cop_probe,
	.remove = cop_remove,
	.driver = {
		.name = "coproc",
		.of_match_table = cop_of_match,
		.dev_groups = cop_groups,
	},
};
module_platform_driver(cop_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_map_page released with dma_unmap_single");
MODULE_LICENSE("GPL");
