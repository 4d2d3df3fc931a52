// SPDX-License-Identifier: GPL-2.0
/*
 * Platform watchdog: probe calls request_mem_region() as a bare statement
 * and maps the registers whether or not the claim succeeded, so a second
 * driver bound to the same registers goes unnoticed.  The region is
 * requested (unchecked), mapped and released with matching arguments.
 *
 * drvcheck-case: positive iomem-unchecked-request
 * drvcheck-case: negative iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME "xwdt"
#define XWDT_CTRL 0x00

struct xwdt {
	void __iomem *regs;
	resource_size_t phys, len;
};

static int xwdt_probe(struct platform_device *pdev)
{
	struct xwdt *wdt;
	struct resource *res;

	wdt = devm_kzalloc(&pdev->dev, sizeof(*wdt), GFP_KERNEL);
	if (!wdt)
		return -ENOMEM;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	wdt->phys = res->start;
	wdt->len = resource_size(res);

	request_mem_region(wdt->phys, wdt->len, DRV_NAME); /* expect: iomem-unchecked-request */

	wdt->regs = ioremap(wdt->phys, wdt->len);
	if (!wdt->regs) {
		release_mem_region(wdt->phys, wdt->len);
		return -ENOMEM;
	}

	writel(0, wdt->regs + XWDT_CTRL);
	platform_set_drvdata(pdev, wdt);
	return 0;
}

static platform_remove_ret_t xwdt_remove(struct platform_device *pdev)
{
	struct xwdt *wdt = platform_get_drvdata(pdev);

	iounmap(wdt->regs);
	release_mem_region(wdt->phys, wdt->len);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xwdt_driver = {
	.probe	= xwdt_probe,
	.remove	= xwdt_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xwdt_driver);
MODULE_LICENSE("GPL");
