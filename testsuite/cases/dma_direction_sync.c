// SPDX-License-Identifier: GPL-2.0
/*
 * Hardware statistics block of a platform switch: probe maps a kmalloc'ed
 * counter block DMA_FROM_DEVICE once and tells the switch to DMA its
 * counters there every second.  The sysfs "counters" attribute syncs the
 * block for the CPU with DMA_TO_DEVICE before reading it (the give-back
 * sync uses DMA_FROM_DEVICE, as mapped).  A sync_for_cpu whose direction
 * differs from the map's; handle through the private struct.
 *
 * drvcheck-case: positive dma-direction
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/sysfs.h>
#include <linux/slab.h>
#include <linux/io.h>

#define SW_NR_PORTS		8
#define SW_REG_STATS_ADDR	0x500
#define SW_REG_STATS_CTRL	0x504
#define  SW_STATS_PERIODIC	BIT(0)

struct sw_port_stats {
	__le64 rx_frames;
	__le64 tx_frames;
	__le64 rx_drops;
	__le64 crc_errors;
};

struct sw_priv {
	struct device *dev;
	void __iomem *regs;
	struct sw_port_stats *stats;
	dma_addr_t stats_dma;
};

#define SW_STATS_LEN	(SW_NR_PORTS * sizeof(struct sw_port_stats))

static ssize_t counters_show(struct device *dev, struct device_attribute *attr,
			     char *buf)
{
	struct sw_priv *sw = dev_get_drvdata(dev);
	int len = 0, p;

	dma_sync_single_for_cpu(sw->dev, sw->stats_dma, SW_STATS_LEN, DMA_TO_DEVICE); /* expect: dma-direction */
	for (p = 0; p < SW_NR_PORTS; p++)
		len += sysfs_emit_at(buf, len, "port%d %llu %llu %llu %llu\n", p,
				     le64_to_cpu(sw->stats[p].rx_frames),
				     le64_to_cpu(sw->stats[p].tx_frames),
				     le64_to_cpu(sw->stats[p].rx_drops),
				     le64_to_cpu(sw->stats[p].crc_errors));
	dma_sync_single_for_device(sw->dev, sw->stats_dma, SW_STATS_LEN,
				   DMA_FROM_DEVICE);
	return len;
}
static DEVICE_ATTR_RO(counters);

static struct attribute *sw_attrs[] = {
	&dev_attr_counters.attr,
	NULL
};
ATTRIBUTE_GROUPS(sw);

static int sw_probe(struct platform_device *pdev)
{
	struct sw_priv *sw;

	sw = devm_kzalloc(&pdev->dev, sizeof(*sw), GFP_KERNEL);
	if (!sw)
		return -ENOMEM;
	sw->dev = &pdev->dev;
	sw->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(sw->regs))
		return PTR_ERR(sw->regs);

	sw->stats = devm_kzalloc(&pdev->dev, SW_STATS_LEN, GFP_KERNEL);
	if (!sw->stats)
		return -ENOMEM;
	sw->stats_dma = dma_map_single(sw->dev, sw->stats, SW_STATS_LEN,
				       DMA_FROM_DEVICE);
	if (dma_mapping_error(sw->dev, sw->stats_dma))
		return -ENOMEM;

	writel(lower_32_bits(sw->stats_dma), sw->regs + SW_REG_STATS_ADDR);
	writel(SW_STATS_PERIODIC, sw->regs + SW_REG_STATS_CTRL);
	platform_set_drvdata(pdev, sw);
	return 0;
}

static platform_remove_ret_t sw_remove(struct platform_device *pdev)
{
	struct sw_priv *sw = platform_get_drvdata(pdev);

	writel(0, sw->regs + SW_REG_STATS_CTRL);
	dma_unmap_single(sw->dev, sw->stats_dma, SW_STATS_LEN, DMA_FROM_DEVICE);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id sw_of_match[] = {
	{ .compatible = "drvcheck,l2switch" },
	{ }
};
MODULE_DEVICE_TABLE(of, sw_of_match);

static struct platform_driver sw_driver = {
	.probe = sw_probe,
	.remove = sw_remove,
	.driver = {
		.name = "l2switch",
		.of_match_table = sw_of_match,
		.dev_groups = sw_groups,
	},
};
module_platform_driver(sw_driver);

MODULE_DESCRIPTION("drvcheck testsuite: sync_for_cpu direction differs from map");
MODULE_LICENSE("GPL");
