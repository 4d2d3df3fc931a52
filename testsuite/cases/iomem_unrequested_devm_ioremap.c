// SPDX-License-Identifier: GPL-2.0
/*
 * Platform GPIO block that maps its register window with devm_ioremap()
 * of the platform resource and never requests it (neither
 * devm_request_mem_region() nor devm_ioremap_resource() /
 * devm_platform_ioremap_resource(), which would claim it): /proc/iomem
 * does not show the window as the driver's and a second driver can claim
 * it.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME	"xgpio"
#define XGPIO_DIR	0x04

struct xgpio {
	void __iomem *regs;
};

static int xgpio_probe(struct platform_device *pdev)
{
	struct xgpio *gc;
	struct resource *res;

	gc = devm_kzalloc(&pdev->dev, sizeof(*gc), GFP_KERNEL);
	if (!gc)
		return -ENOMEM;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -EINVAL;

	gc->regs = devm_ioremap(&pdev->dev, res->start, resource_size(res)); /* expect: iomem-unrequested-map */
	if (!gc->regs)
		return -ENOMEM;

	writel(0, gc->regs + XGPIO_DIR);
	platform_set_drvdata(pdev, gc);
	return 0;
}

static struct platform_driver xgpio_driver = {
	.probe	= xgpio_probe,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xgpio_driver);
MODULE_LICENSE("GPL");
