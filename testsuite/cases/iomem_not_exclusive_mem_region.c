// SPDX-License-Identifier: GPL-2.0
/*
 * Platform SPI-NOR controller claiming its register window with a tested
 * request_mem_region(): correct, but the window is not exclusive, so a
 * stray /dev/mem mapping can reprogram the flash controller under the
 * driver.  request_mem_region_exclusive() would forbid that.
 *
 * drvcheck-options: --checks +iomem-not-exclusive
 * drvcheck-case: positive iomem-not-exclusive
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME "xspinor"
#define XSPI_CR 0x00

struct xspinor {
	void __iomem *regs;
	resource_size_t phys, len;
};

static int xspinor_probe(struct platform_device *pdev)
{
	struct xspinor *sn;
	struct resource *res;

	sn = devm_kzalloc(&pdev->dev, sizeof(*sn), GFP_KERNEL);
	if (!sn)
		return -ENOMEM;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	sn->phys = res->start;
	sn->len = resource_size(res);

	if (!request_mem_region(sn->phys, sn->len, DRV_NAME)) /* expect: iomem-not-exclusive */
		return -EBUSY;

	sn->regs = ioremap(sn->phys, sn->len);
	if (!sn->regs) {
		release_mem_region(sn->phys, sn->len);
		return -ENOMEM;
	}

	writel(0, sn->regs + XSPI_CR);
	platform_set_drvdata(pdev, sn);
	return 0;
}

static platform_remove_ret_t xspinor_remove(struct platform_device *pdev)
{
	struct xspinor *sn = platform_get_drvdata(pdev);

	iounmap(sn->regs);
	release_mem_region(sn->phys, sn->len);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xspinor_driver = {
	.probe	= xspinor_probe,
	.remove	= xspinor_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xspinor_driver);
MODULE_LICENSE("GPL");
