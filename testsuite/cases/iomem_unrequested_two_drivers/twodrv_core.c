// SPDX-License-Identifier: GPL-2.0
/*
 * One module, two platform drivers, a file each, the way exynosdrm links
 * its mixer, HDMI and FIMD drivers into one .ko: the core driver here
 * maps its registers with devm_platform_ioremap_resource(), which
 * requests them.  That request claims the core's region, not the mixer's:
 * the mixer in twodrv_mixer.c maps its own resource with devm_ioremap()
 * and requests nothing, and another driver (or /dev/mem) may use it.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request
 */
#include <linux/module.h>
#include <linux/mod_devicetable.h>
#include <linux/io.h>

#include "twodrv.h"

#define TWODRV_CORE_CTRL	0x00

static int twodrv_core_probe(struct platform_device *pdev)
{
	void __iomem *regs = devm_platform_ioremap_resource(pdev, 0);

	if (IS_ERR(regs))
		return PTR_ERR(regs);
	writel(1, regs + TWODRV_CORE_CTRL);
	return 0;
}

static const struct of_device_id twodrv_core_of_match[] = {
	{ .compatible = "example,twodrv-core" },
	{ }
};
MODULE_DEVICE_TABLE(of, twodrv_core_of_match);

static struct platform_driver twodrv_core_driver = {
	.probe	= twodrv_core_probe,
	.driver	= { .name = "twodrv-core", .of_match_table = twodrv_core_of_match },
};

static struct platform_driver *const twodrv_drivers[] = {
	&twodrv_core_driver,
	&twodrv_mixer_driver,
};

static int __init twodrv_init(void)
{
	return platform_register_drivers(twodrv_drivers, ARRAY_SIZE(twodrv_drivers));
}
module_init(twodrv_init);

static void __exit twodrv_exit(void)
{
	platform_unregister_drivers(twodrv_drivers, ARRAY_SIZE(twodrv_drivers));
}
module_exit(twodrv_exit);
MODULE_LICENSE("GPL");
