// SPDX-License-Identifier: GPL-2.0
/*
 * Two windows of one device, claimed through a local that is assigned
 * twice (first the register window, then the FIFO) and given back by a
 * helper that both windows pass through.  Neither the local nor the
 * helper's parameter is one copy of one member, so neither stands for
 * one start: each release is matched by what it is given, and every one
 * gives back what was requested, in the same space and size.
 *
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request
 * drvcheck-case: negative iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/io.h>

#define DRV_NAME	"xwin"
#define XW_REGS_SIZE	0x100
#define XW_FIFO_SIZE	0x40

struct xwin {
	resource_size_t regs_start, fifo_start;
	void __iomem *regs;
};

static void xwin_put(resource_size_t start, resource_size_t size)
{
	release_mem_region(start, size);
}

static int xwin_probe(struct platform_device *pdev)
{
	struct resource *r0 = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	struct resource *r1 = platform_get_resource(pdev, IORESOURCE_MEM, 1);
	struct xwin *xw;
	resource_size_t base;

	if (!r0 || !r1)
		return -ENODEV;
	xw = devm_kzalloc(&pdev->dev, sizeof(*xw), GFP_KERNEL);
	if (!xw)
		return -ENOMEM;
	xw->regs_start = r0->start;
	xw->fifo_start = r1->start;

	base = xw->regs_start;
	if (!request_mem_region(base, XW_REGS_SIZE, DRV_NAME))
		return -EBUSY;
	base = xw->fifo_start;
	if (!request_mem_region(base, XW_FIFO_SIZE, DRV_NAME))
		goto err_regs;
	xw->regs = ioremap(xw->regs_start, XW_REGS_SIZE);
	if (!xw->regs)
		goto err_fifo;
	platform_set_drvdata(pdev, xw);
	return 0;

err_fifo:
	xwin_put(xw->fifo_start, XW_FIFO_SIZE);
err_regs:
	xwin_put(xw->regs_start, XW_REGS_SIZE);
	return -EBUSY;
}

static platform_remove_ret_t xwin_remove(struct platform_device *pdev)
{
	struct xwin *xw = platform_get_drvdata(pdev);

	iounmap(xw->regs);
	xwin_put(xw->fifo_start, XW_FIFO_SIZE);
	xwin_put(xw->regs_start, XW_REGS_SIZE);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xwin_driver = {
	.probe	= xwin_probe,
	.remove	= xwin_remove,
	.driver	= { .name = DRV_NAME },
};
module_platform_driver(xwin_driver);
MODULE_LICENSE("GPL");
