// SPDX-License-Identifier: GPL-2.0
/*
 * Platform SPI controller (the shape of the old pre-resource_size()
 * drivers): probe claims its window with resource_size(res), remove looks
 * the resource up again and releases res->end - res->start bytes, one
 * short.  __release_region() finds no resource that ends there, warns
 * "Trying to free nonexistent resource" and the window stays busy: the
 * next bind fails with -EBUSY.
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME	"xspic"
#define XSPIC_CR	0x00

struct xspic {
	void __iomem *regs;
};

static int xspic_probe(struct platform_device *pdev)
{
	struct xspic *hw;
	struct resource *res;

	hw = devm_kzalloc(&pdev->dev, sizeof(*hw), GFP_KERNEL);
	if (!hw)
		return -ENOMEM;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;

	if (!request_mem_region(res->start, resource_size(res), DRV_NAME))
		return -EBUSY;

	hw->regs = ioremap(res->start, resource_size(res));
	if (!hw->regs) {
		release_mem_region(res->start, resource_size(res));
		return -ENOMEM;
	}

	writel(0, hw->regs + XSPIC_CR);
	platform_set_drvdata(pdev, hw);
	return 0;
}

static platform_remove_ret_t xspic_remove(struct platform_device *pdev)
{
	struct xspic *hw = platform_get_drvdata(pdev);
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);

	writel(0, hw->regs + XSPIC_CR);
	iounmap(hw->regs);
	release_mem_region(res->start, res->end - res->start); /* expect: iomem-release-mismatch */
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xspic_driver = {
	.probe	= xspic_probe,
	.remove	= xspic_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xspic_driver);
MODULE_LICENSE("GPL");
