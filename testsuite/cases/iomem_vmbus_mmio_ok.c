// SPDX-License-Identifier: GPL-2.0
/*
 * Hyper-V synthetic video device (after drivers/gpu/drm/hyperv/
 * hyperv_drm_drv.c): vmbus_allocate_mmio() picks the VRAM range in the
 * VMBus MMIO windows and claims it with request_mem_region_exclusive()
 * before it hands it back through &xvid->mem; the driver then maps exactly
 * that range with ioremap_cache().  The map is of a requested region, and
 * the request is exclusive.
 *
 * drvcheck-case: negative iomem-unrequested-map iomem-unchecked-request iomem-not-exclusive iomem-release-mismatch
 */
#include <linux/module.h>
#include <linux/hyperv.h>
#include <linux/io.h>

#define DRV_NAME	"xvid"
#define XVID_VRAM_SIZE	(8 * 1024 * 1024)

struct xvid {
	struct resource *mem;
	void __iomem *vram;
};

static int xvid_probe(struct hv_device *hdev,
		      const struct hv_vmbus_device_id *dev_id)
{
	struct xvid *xv;
	int ret;

	xv = devm_kzalloc(&hdev->device, sizeof(*xv), GFP_KERNEL);
	if (!xv)
		return -ENOMEM;

	ret = vmbus_allocate_mmio(&xv->mem, hdev, 0, -1, XVID_VRAM_SIZE,
				  0x100000, true);
	if (ret)
		return -ENOMEM;

	xv->vram = ioremap_cache(xv->mem->start, XVID_VRAM_SIZE);
	if (!xv->vram) {
		vmbus_free_mmio(xv->mem->start, XVID_VRAM_SIZE);
		return -ENOMEM;
	}

	memset_io(xv->vram, 0, XVID_VRAM_SIZE);
	hv_set_drvdata(hdev, xv);
	return 0;
}

static const struct hv_vmbus_device_id xvid_ids[] = {
	{ HV_SYNTHVID_GUID },
	{ }
};
MODULE_DEVICE_TABLE(vmbus, xvid_ids);

static struct hv_driver xvid_driver = {
	.name		= DRV_NAME,
	.id_table	= xvid_ids,
	.probe		= xvid_probe,
};

static int __init xvid_init(void)
{
	return vmbus_driver_register(&xvid_driver);
}
module_init(xvid_init);

static void __exit xvid_exit(void)
{
	vmbus_driver_unregister(&xvid_driver);
}
module_exit(xvid_exit);
MODULE_LICENSE("GPL");
