// SPDX-License-Identifier: GPL-2.0
/*
 * Platform watchdog that claims the window the firmware describes
 * (resource_size(res)) but gives back a fixed XWDOG_REGS_SIZE in remove.
 * The two agree only while the device tree says exactly 4 KiB; on a board
 * whose node covers more, __release_region() finds no such resource,
 * warns "Trying to free nonexistent resource" and the window stays busy.
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>
#include <linux/sizes.h>

#define DRV_NAME	"xwdog"
#define XWDOG_REGS_SIZE	SZ_4K
#define XWDOG_LOAD	0x00

struct xwdog {
	void __iomem *base;
};

static int xwdog_probe(struct platform_device *pdev)
{
	struct resource *res;
	struct xwdog *wdt;

	wdt = devm_kzalloc(&pdev->dev, sizeof(*wdt), GFP_KERNEL);
	if (!wdt)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENOENT;
	if (!request_mem_region(res->start, resource_size(res), pdev->name))
		return -EBUSY;
	wdt->base = ioremap(res->start, resource_size(res));
	if (!wdt->base) {
		release_mem_region(res->start, resource_size(res));
		return -ENOMEM;
	}
	writel(0, wdt->base + XWDOG_LOAD);
	platform_set_drvdata(pdev, wdt);
	return 0;
}

static platform_remove_ret_t xwdog_remove(struct platform_device *pdev)
{
	struct xwdog *wdt = platform_get_drvdata(pdev);
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);

	iounmap(wdt->base);
	release_mem_region(res->start, XWDOG_REGS_SIZE); /* expect: iomem-release-mismatch */
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xwdog_driver = {
	.probe	= xwdog_probe,
	.remove	= xwdog_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xwdog_driver);
MODULE_LICENSE("GPL");
