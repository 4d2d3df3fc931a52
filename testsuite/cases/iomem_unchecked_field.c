// SPDX-License-Identifier: GPL-2.0
/*
 * Platform (ISA-style) keypad controller on I/O ports: probe keeps the
 * struct resource that request_region() returns in the private struct
 * but never tests it, so a port range that another driver holds is
 * driven anyway.  The release matches the
 * request; nothing is mapped.
 *
 * drvcheck-case: positive iomem-unchecked-request
 * drvcheck-case: negative iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/io.h>
#include <linux/ioport.h>

#define DRV_NAME	"xkpad"
#define XKPAD_EXTENT	4
#define XKPAD_CTRL	1

struct xkpad {
	unsigned long base;
	struct resource *ports;
};

static int xkpad_probe(struct platform_device *pdev)
{
	struct xkpad *kp;
	struct resource *res;

	kp = devm_kzalloc(&pdev->dev, sizeof(*kp), GFP_KERNEL);
	if (!kp)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_IO, 0);
	if (!res)
		return -ENODEV;
	kp->base = res->start;
	kp->ports = request_region(kp->base, XKPAD_EXTENT, DRV_NAME); /* expect: iomem-unchecked-request */
	outb(0x01, kp->base + XKPAD_CTRL);
	platform_set_drvdata(pdev, kp);
	return 0;
}

static platform_remove_ret_t xkpad_remove(struct platform_device *pdev)
{
	struct xkpad *kp = platform_get_drvdata(pdev);

	outb(0, kp->base + XKPAD_CTRL);
	release_region(kp->base, XKPAD_EXTENT);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xkpad_driver = {
	.probe	= xkpad_probe,
	.remove	= xkpad_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xkpad_driver);

MODULE_DESCRIPTION("drvcheck testsuite: request_region() result stored, never tested");
MODULE_LICENSE("GPL");
