// SPDX-License-Identifier: GPL-2.0
/*
 * Platform (ISA-style) hardware-monitor chip on I/O ports: probe claims
 * the ports with request_region(), remove gives them back with
 * release_mem_region(), i.e. to iomem_resource instead of ioport_resource.
 * The port claim is never released.
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME	"xhwmon"
#define XHWMON_ADDR	0
#define XHWMON_DATA	1

struct xhwmon {
	unsigned long base;
	unsigned long len;
};

static int xhwmon_probe(struct platform_device *pdev)
{
	struct xhwmon *hw;
	struct resource *res;

	hw = devm_kzalloc(&pdev->dev, sizeof(*hw), GFP_KERNEL);
	if (!hw)
		return -ENOMEM;

	res = platform_get_resource(pdev, IORESOURCE_IO, 0);
	if (!res)
		return -ENODEV;
	hw->base = res->start;
	hw->len = resource_size(res);

	if (!request_region(hw->base, hw->len, DRV_NAME))
		return -EBUSY;

	outb(0x40, hw->base + XHWMON_ADDR);
	outb(0x01, hw->base + XHWMON_DATA);
	platform_set_drvdata(pdev, hw);
	return 0;
}

static platform_remove_ret_t xhwmon_remove(struct platform_device *pdev)
{
	struct xhwmon *hw = platform_get_drvdata(pdev);

	outb(0x40, hw->base + XHWMON_ADDR);
	outb(0x00, hw->base + XHWMON_DATA);
	release_mem_region(hw->base, hw->len); /* expect: iomem-release-mismatch */
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xhwmon_driver = {
	.probe	= xhwmon_probe,
	.remove	= xhwmon_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xhwmon_driver);
MODULE_LICENSE("GPL");
