// SPDX-License-Identifier: GPL-2.0
/*
 * An MCB (MEN Chameleon bus) GPIO block in the gpio-menz127 style:
 * mcb_request_mem() claims the device's window with request_mem_region()
 * and hands back the struct resource, which probe then maps with
 * devm_ioremap(); remove gives it back with mcb_release_mem().  The map
 * is of a requested window.  Correct.
 *
 * drvcheck-case: negative iomem-unrequested-map iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request
 */
#include <linux/module.h>
#include <linux/mcb.h>
#include <linux/io.h>
#include <linux/slab.h>

#define MZ_GPIO_DR	0x00

struct mz_gpio {
	struct resource *mem;
	void __iomem *regs;
};

static int mz_probe(struct mcb_device *mdev, const struct mcb_device_id *id)
{
	struct mz_gpio *mz;

	mz = devm_kzalloc(&mdev->dev, sizeof(*mz), GFP_KERNEL);
	if (!mz)
		return -ENOMEM;
	mz->mem = mcb_request_mem(mdev, dev_name(&mdev->dev));
	if (IS_ERR(mz->mem))
		return PTR_ERR(mz->mem);
	mz->regs = devm_ioremap(&mdev->dev, mz->mem->start, resource_size(mz->mem));
	if (!mz->regs) {
		mcb_release_mem(mz->mem);
		return -ENOMEM;
	}
	writel(0, mz->regs + MZ_GPIO_DR);
	mcb_set_drvdata(mdev, mz);
	return 0;
}

static void mz_remove(struct mcb_device *mdev)
{
	struct mz_gpio *mz = mcb_get_drvdata(mdev);

	mcb_release_mem(mz->mem);
}

static const struct mcb_device_id mz_ids[] = {
	{ .device = 0x7f },
	{ }
};
MODULE_DEVICE_TABLE(mcb, mz_ids);

static struct mcb_driver mz_driver = {
	.driver		= { .name = "mz-gpio" },
	.probe		= mz_probe,
	.remove		= mz_remove,
	.id_table	= mz_ids,
};
module_mcb_driver(mz_driver);

MODULE_DESCRIPTION("drvcheck testsuite: an MCB window mcb_request_mem() claimed, then mapped (correct)");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(MCB);
