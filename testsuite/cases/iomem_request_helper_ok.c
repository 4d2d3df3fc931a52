// SPDX-License-Identifier: GPL-2.0
/*
 * Platform (ISA-style) sensor hub with an I/O-port window and an MMIO
 * window.  The port claim lives in a helper that compares the result with
 * NULL and returns an errno that probe tests; the MMIO claim is kept in a
 * local and tested before the window is mapped.  Both are released with
 * their own counterpart and the same start and size.  Correct.
 *
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/io.h>
#include <linux/ioport.h>

#define DRV_NAME	"xshub"
#define XSHUB_IO_EXTENT	8
#define XSHUB_IO_INDEX	0
#define XSHUB_MMIO_CTRL	0x00

struct xshub {
	void __iomem *regs;
	unsigned long io_base;
	resource_size_t mmio_phys, mmio_len;
};

static int xshub_claim_ports(struct xshub *hub)
{
	if (request_region(hub->io_base, XSHUB_IO_EXTENT, DRV_NAME) == NULL)
		return -EBUSY;
	return 0;
}

static int xshub_probe(struct platform_device *pdev)
{
	struct resource *io, *mem, *claim;
	struct xshub *hub;
	int err;

	hub = devm_kzalloc(&pdev->dev, sizeof(*hub), GFP_KERNEL);
	if (!hub)
		return -ENOMEM;
	io = platform_get_resource(pdev, IORESOURCE_IO, 0);
	mem = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!io || !mem)
		return -ENODEV;
	hub->io_base = io->start;
	hub->mmio_phys = mem->start;
	hub->mmio_len = resource_size(mem);
	err = xshub_claim_ports(hub);
	if (err)
		return err;
	claim = request_mem_region(hub->mmio_phys, hub->mmio_len, DRV_NAME);
	if (!claim) {
		err = -EBUSY;
		goto err_ports;
	}
	hub->regs = ioremap(hub->mmio_phys, hub->mmio_len);
	if (!hub->regs) {
		err = -ENOMEM;
		goto err_mmio;
	}
	outb(0, hub->io_base + XSHUB_IO_INDEX);
	writel(0, hub->regs + XSHUB_MMIO_CTRL);
	platform_set_drvdata(pdev, hub);
	return 0;

err_mmio:
	release_mem_region(hub->mmio_phys, hub->mmio_len);
err_ports:
	release_region(hub->io_base, XSHUB_IO_EXTENT);
	return err;
}

static platform_remove_ret_t xshub_remove(struct platform_device *pdev)
{
	struct xshub *hub = platform_get_drvdata(pdev);

	iounmap(hub->regs);
	release_mem_region(hub->mmio_phys, hub->mmio_len);
	release_region(hub->io_base, XSHUB_IO_EXTENT);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xshub_driver = {
	.probe	= xshub_probe,
	.remove	= xshub_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xshub_driver);

MODULE_DESCRIPTION("drvcheck testsuite: tested region requests through a helper and a local");
MODULE_LICENSE("GPL");
