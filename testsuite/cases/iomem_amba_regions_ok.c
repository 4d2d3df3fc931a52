// SPDX-License-Identifier: GPL-2.0
/*
 * AMBA (PrimeCell) timer: probe claims the device's one register window
 * with amba_request_regions() (adev->res) and maps it with ioremap();
 * remove unmaps it and gives it back with amba_release_regions(), as
 * rtc-pl030 and ambakmi do.  Correct: the window ioremap() maps was
 * requested.
 *
 * drvcheck-case: negative iomem-unrequested-map iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include <linux/amba/bus.h>
#include <linux/slab.h>
#include <linux/io.h>

#define PT_REG_CTRL	0x08

struct pt_dev {
	void __iomem *base;
};

static int pt_probe(struct amba_device *adev, const struct amba_id *id)
{
	struct pt_dev *pt;
	int ret;

	pt = kzalloc(sizeof(*pt), GFP_KERNEL);
	if (!pt)
		return -ENOMEM;
	ret = amba_request_regions(adev, NULL);
	if (ret)
		goto err_free;
	pt->base = ioremap(adev->res.start, resource_size(&adev->res));
	if (!pt->base) {
		ret = -ENOMEM;
		goto err_release;
	}
	writel(0, pt->base + PT_REG_CTRL);
	amba_set_drvdata(adev, pt);
	return 0;

err_release:
	amba_release_regions(adev);
err_free:
	kfree(pt);
	return ret;
}

static void pt_remove(struct amba_device *adev)
{
	struct pt_dev *pt = amba_get_drvdata(adev);

	iounmap(pt->base);
	amba_release_regions(adev);
	kfree(pt);
}

static const struct amba_id pt_ids[] = {
	{ .id = 0x00041804, .mask = 0x000fffff },
	{ }
};
MODULE_DEVICE_TABLE(amba, pt_ids);

static struct amba_driver pt_driver = {
	.drv.name	= "pt",
	.probe		= pt_probe,
	.remove		= pt_remove,
	.id_table	= pt_ids,
};
module_amba_driver(pt_driver);

MODULE_DESCRIPTION("drvcheck testsuite: ioremap of an AMBA window amba_request_regions() claimed (correct)");
MODULE_LICENSE("GPL");
