// SPDX-License-Identifier: GPL-2.0
/*
 * A MAC of a frame manager in the fman mac style: the MAC's registers are
 * a window of the manager's region, which the manager driver requested.
 * The MAC driver links its own struct resource under that region with
 * devm_request_resource() (which fails if another claim overlaps) and
 * maps it.  The window is claimed before the map.  Correct.
 *
 * drvcheck-case: negative iomem-unrequested-map iomem-release-mismatch
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/io.h>

#define FM_MAC_CMD	0x08

static struct resource fm_region = DEFINE_RES_MEM_NAMED(0x1a00000, 0x100000, "fm");

static int fm_mac_probe(struct platform_device *pdev)
{
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	void __iomem *regs;
	int err;

	if (!res)
		return -EINVAL;
	err = devm_request_resource(&pdev->dev, &fm_region, res);
	if (err)
		return err;
	regs = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!regs)
		return -EIO;
	writel(0, regs + FM_MAC_CMD);
	return 0;
}

static const struct of_device_id fm_mac_of_match[] = {
	{ .compatible = "example,fm-mac" },
	{ }
};
MODULE_DEVICE_TABLE(of, fm_mac_of_match);

static struct platform_driver fm_mac_driver = {
	.probe	= fm_mac_probe,
	.driver	= { .name = "fm-mac", .of_match_table = fm_mac_of_match },
};
module_platform_driver(fm_mac_driver);
MODULE_LICENSE("GPL");
