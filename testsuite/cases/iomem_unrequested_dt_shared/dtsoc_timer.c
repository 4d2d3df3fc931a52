// SPDX-License-Identifier: GPL-2.0
/*
 * The iomem_unrequested_dt_shared case: three platform drivers of one SoC
 * in one module, a file each, and the SoC's device tree in the case's
 * arch/arm64/boot/dts (a kernel tree's layout, which drvcheck reads).
 * This one, a timer, maps its own registers, which no other node of the
 * tree covers, with ioremap() and never requests them: reported.  The
 * MDIO bus (dtsoc_mdio.c) and the fuse word (dtsoc_fuse.c) map registers
 * the tree puts inside another node's: theirs to claim, not reported.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request
 */
#include <linux/module.h>
#include "../platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/io.h>

#include "dtsoc.h"

struct dtsoc_timer {
	void __iomem *base;
};

static int dtsoc_timer_probe(struct platform_device *pdev)
{
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	struct dtsoc_timer *t;

	if (!res)
		return -ENODEV;
	t = devm_kzalloc(&pdev->dev, sizeof(*t), GFP_KERNEL);
	if (!t)
		return -ENOMEM;
	t->base = ioremap(res->start, resource_size(res)); /* expect: iomem-unrequested-map */
	if (!t->base)
		return -ENOMEM;
	writel(1, t->base);
	platform_set_drvdata(pdev, t);
	return 0;
}

static platform_remove_ret_t dtsoc_timer_remove(struct platform_device *pdev)
{
	struct dtsoc_timer *t = platform_get_drvdata(pdev);

	iounmap(t->base);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id dtsoc_timer_match[] = {
	{ .compatible = "drvcheck,dtsoc-timer" },
	{ }
};
MODULE_DEVICE_TABLE(of, dtsoc_timer_match);

static struct platform_driver dtsoc_timer_driver = {
	.probe = dtsoc_timer_probe,
	.remove = dtsoc_timer_remove,
	.driver = { .name = "dtsoc-timer", .of_match_table = dtsoc_timer_match },
};

static int __init dtsoc_init(void)
{
	int ret = dtsoc_mdio_init();

	if (ret)
		return ret;
	ret = dtsoc_fuse_init();
	if (ret)
		goto err_mdio;
	ret = platform_driver_register(&dtsoc_timer_driver);
	if (ret)
		goto err_fuse;
	return 0;
err_fuse:
	dtsoc_fuse_exit();
err_mdio:
	dtsoc_mdio_exit();
	return ret;
}

static void __exit dtsoc_exit(void)
{
	platform_driver_unregister(&dtsoc_timer_driver);
	dtsoc_fuse_exit();
	dtsoc_mdio_exit();
}

module_init(dtsoc_init);
module_exit(dtsoc_exit);
MODULE_DESCRIPTION("drvcheck testsuite: registers the device tree puts inside another node's");
MODULE_LICENSE("GPL");
