// SPDX-License-Identifier: GPL-2.0
/*
 * Platform timer whose probe claims a 4 KiB register window and whose
 * remove releases 8 KiB (the size of the rev-B window, from another
 * macro): __release_region() finds no resource of that size and warns
 * "Trying to free nonexistent resource", and the 4 KiB claim leaks.
 * Request and release meet through the private struct.
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>
#include <linux/sizes.h>

#define DRV_NAME		"xtimer"
#define XTIMER_REGS_SIZE	SZ_4K
#define XTIMER_REGS_SIZE_REVB	SZ_8K
#define XTIMER_LOAD		0x04

struct xtimer {
	void __iomem *regs;
	resource_size_t phys;
};

static int xtimer_probe(struct platform_device *pdev)
{
	struct xtimer *t;
	struct resource *res;

	t = devm_kzalloc(&pdev->dev, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	t->phys = res->start;

	if (!request_mem_region(t->phys, XTIMER_REGS_SIZE, DRV_NAME))
		return -EBUSY;

	t->regs = ioremap(t->phys, XTIMER_REGS_SIZE);
	if (!t->regs) {
		release_mem_region(t->phys, XTIMER_REGS_SIZE);
		return -ENOMEM;
	}

	writel(0, t->regs + XTIMER_LOAD);
	platform_set_drvdata(pdev, t);
	return 0;
}

static platform_remove_ret_t xtimer_remove(struct platform_device *pdev)
{
	struct xtimer *t = platform_get_drvdata(pdev);

	iounmap(t->regs);
	release_mem_region(t->phys, XTIMER_REGS_SIZE_REVB); /* expect: iomem-release-mismatch */
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xtimer_driver = {
	.probe	= xtimer_probe,
	.remove	= xtimer_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xtimer_driver);
MODULE_LICENSE("GPL");
