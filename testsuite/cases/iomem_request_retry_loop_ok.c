// SPDX-License-Identifier: GPL-2.0
/*
 * Bus driver that claims a framebuffer window below its MMIO root (after
 * vmbus_reserve_fb() in drivers/hv/vmbus_drv.c): the reported length is
 * not trusted, so it asks for a large range and halves it until the claim
 * succeeds.  The result is tested in the retry loop's condition (and by
 * every later user: the release happens only when the claim exists).
 *
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/ioport.h>
#include <linux/sizes.h>

#define DRV_NAME	"xfbres"

static unsigned long xfb_start = 0xf8000000;
module_param(xfb_start, ulong, 0444);

static struct resource *xfb_mmio;

static int __init xfbres_init(void)
{
	resource_size_t size = SZ_64M;

	for (; !xfb_mmio && (size >= 0x100000); size >>= 1)
		xfb_mmio = __request_region(&iomem_resource, xfb_start, size,
					    DRV_NAME, 0);

	/* best effort: the users of the window test xfb_mmio */
	pr_info("fb=%pR\n", xfb_mmio);
	return 0;
}
module_init(xfbres_init);

static void __exit xfbres_exit(void)
{
	if (xfb_mmio)
		__release_region(&iomem_resource, xfb_mmio->start,
				 resource_size(xfb_mmio));
}
module_exit(xfbres_exit);
MODULE_LICENSE("GPL");
