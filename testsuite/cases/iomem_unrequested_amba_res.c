// SPDX-License-Identifier: GPL-2.0
/*
 * An AMBA (PrimeCell) mailbox in the pl320-ipc style: probe ioremap()s
 * the device's window adev->res without amba_request_regions() (nor
 * request_mem_region()); the AMBA bus only inserts the resource, it does
 * not mark it busy, so another driver or /dev/mem can use the registers.
 * The window is the embedded struct resource of struct amba_device,
 * which a header declares: the size read through resource_size() says
 * what it is to an engine that does not read headers.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include <linux/amba/bus.h>
#include <linux/io.h>

#define MB_REG_CTRL	0x08

static void __iomem *mb_base;

static int mb_probe(struct amba_device *adev, const struct amba_id *id)
{
	mb_base = ioremap(adev->res.start, resource_size(&adev->res)); /* expect: iomem-unrequested-map */
	if (!mb_base)
		return -ENOMEM;
	writel(0, mb_base + MB_REG_CTRL);
	return 0;
}

static void mb_remove(struct amba_device *adev)
{
	iounmap(mb_base);
}

static const struct amba_id mb_ids[] = {
	{ .id = 0x00041320, .mask = 0x000fffff },
	{ }
};
MODULE_DEVICE_TABLE(amba, mb_ids);

static struct amba_driver mb_driver = {
	.drv.name	= "mb",
	.probe		= mb_probe,
	.remove		= mb_remove,
	.id_table	= mb_ids,
};
module_amba_driver(mb_driver);

MODULE_DESCRIPTION("drvcheck testsuite: ioremap of an AMBA window nobody requests");
MODULE_LICENSE("GPL");
