// SPDX-License-Identifier: GPL-2.0
/*
 * Platform (ISA-bridge) watchdog with an MMIO window and an I/O-port
 * window.  The MMIO window is requested with resource_size(), released
 * with resource_size() on the error path and as end - start + 1 (what
 * resource_size() computes) in remove; the port window's length is saved
 * in a field at probe and both calls use that field.  Every release gives
 * back exactly what was requested.  Correct.
 *
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME	"xiwdt"
#define XIWDT_CTRL	0x00
#define XIWDT_KICK	0x01

struct xiwdt {
	void __iomem *regs;
	unsigned long io_base;
	resource_size_t io_len;
};

static int xiwdt_probe(struct platform_device *pdev)
{
	struct resource *mem, *io;
	struct xiwdt *wdt;
	int err;

	wdt = devm_kzalloc(&pdev->dev, sizeof(*wdt), GFP_KERNEL);
	if (!wdt)
		return -ENOMEM;
	mem = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	io = platform_get_resource(pdev, IORESOURCE_IO, 0);
	if (!mem || !io)
		return -ENODEV;
	wdt->io_base = io->start;
	wdt->io_len = resource_size(io);

	if (!request_mem_region(mem->start, resource_size(mem), DRV_NAME))
		return -EBUSY;
	if (!request_region(wdt->io_base, wdt->io_len, DRV_NAME)) {
		err = -EBUSY;
		goto err_mem;
	}
	wdt->regs = ioremap(mem->start, resource_size(mem));
	if (!wdt->regs) {
		err = -ENOMEM;
		goto err_io;
	}
	writel(0, wdt->regs + XIWDT_CTRL);
	outb(0, wdt->io_base + XIWDT_KICK);
	platform_set_drvdata(pdev, wdt);
	return 0;

err_io:
	release_region(wdt->io_base, wdt->io_len);
err_mem:
	release_mem_region(mem->start, resource_size(mem));
	return err;
}

static platform_remove_ret_t xiwdt_remove(struct platform_device *pdev)
{
	struct xiwdt *wdt = platform_get_drvdata(pdev);
	struct resource *mem = platform_get_resource(pdev, IORESOURCE_MEM, 0);

	iounmap(wdt->regs);
	release_region(wdt->io_base, wdt->io_len);
	release_mem_region(mem->start, mem->end - mem->start + 1);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xiwdt_driver = {
	.probe	= xiwdt_probe,
	.remove	= xiwdt_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xiwdt_driver);
MODULE_LICENSE("GPL");
