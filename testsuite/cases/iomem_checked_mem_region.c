// SPDX-License-Identifier: GPL-2.0
/*
 * Platform GPIO expander: request_mem_region() tested, the registers
 * mapped with ioremap() after the claim, and remove releases exactly the
 * region probe requested (start and length kept in the private struct).
 * Correct.
 *
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME "xgpio_exp"
#define XGPIO_DIR 0x04

struct xgpio {
	void __iomem *regs;
	resource_size_t phys, len;
};

static int xgpio_probe(struct platform_device *pdev)
{
	struct xgpio *gp;
	struct resource *res;

	gp = devm_kzalloc(&pdev->dev, sizeof(*gp), GFP_KERNEL);
	if (!gp)
		return -ENOMEM;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	gp->phys = res->start;
	gp->len = resource_size(res);

	if (!request_mem_region(gp->phys, gp->len, DRV_NAME))
		return -EBUSY;

	gp->regs = ioremap(gp->phys, gp->len);
	if (!gp->regs) {
		release_mem_region(gp->phys, gp->len);
		return -ENOMEM;
	}

	writel(0, gp->regs + XGPIO_DIR);
	platform_set_drvdata(pdev, gp);
	return 0;
}

static platform_remove_ret_t xgpio_remove(struct platform_device *pdev)
{
	struct xgpio *gp = platform_get_drvdata(pdev);

	iounmap(gp->regs);
	release_mem_region(gp->phys, gp->len);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xgpio_driver = {
	.probe	= xgpio_probe,
	.remove	= xgpio_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xgpio_driver);
MODULE_LICENSE("GPL");
