// SPDX-License-Identifier: GPL-2.0
/*
 * An OF helper device in the ibm emac rgmii / tah style: probe reads its
 * node's first "reg" entry into a struct resource on the stack with
 * of_address_to_resource() and ioremap()s it, without ever requesting
 * the range.  The registers are the node's own, so nothing marks them
 * busy in /proc/iomem and another driver or /dev/mem can use them.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/of_address.h>
#include <linux/io.h>
#include <linux/slab.h>

struct rg_regs {
	u32 fer;
	u32 ssr;
};

struct rg_dev {
	struct rg_regs __iomem *base;
};

static int rg_probe(struct platform_device *ofdev)
{
	struct device_node *np = ofdev->dev.of_node;
	struct resource regs;
	struct rg_dev *dev;

	dev = devm_kzalloc(&ofdev->dev, sizeof(*dev), GFP_KERNEL);
	if (!dev)
		return -ENOMEM;
	if (of_address_to_resource(np, 0, &regs))
		return -ENXIO;
	dev->base = ioremap(regs.start, sizeof(struct rg_regs)); /* expect: iomem-unrequested-map */
	if (!dev->base)
		return -ENOMEM;
	iowrite32be(0, &dev->base->fer);
	platform_set_drvdata(ofdev, dev);
	return 0;
}

static const struct of_device_id rg_of_match[] = {
	{ .compatible = "example,rgmii-interface" },
	{ }
};
MODULE_DEVICE_TABLE(of, rg_of_match);

static struct platform_driver rg_driver = {
	.probe	= rg_probe,
	.driver	= { .name = "rg", .of_match_table = rg_of_match },
};
module_platform_driver(rg_driver);
MODULE_LICENSE("GPL");
