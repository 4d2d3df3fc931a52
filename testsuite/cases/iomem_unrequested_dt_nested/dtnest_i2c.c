// SPDX-License-Identifier: GPL-2.0
/*
 * The iomem_unrequested_dt_nested case: four platform drivers of one SoC
 * in one module, a file each, and the SoC's device tree in the case's
 * arch/arm64/boot/dts.  This one, an I2C controller, maps its own
 * registers with ioremap() and never requests them: reported.  Its node
 * has children too, but with no size (addresses on the I2C bus), and the
 * bus it sits on, though it has registers, translates its children's
 * addresses: no other driver shares its block.  The MDIO bus
 * (dtnest_unimac.c), the IOMUX (dtnest_iomux.c) and the power-off
 * register (dtnest_poweroff.c) map blocks nested with another node's:
 * not reported.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request
 */
#include <linux/module.h>
#include "../platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/io.h>

#include "dtnest.h"

struct dtnest_i2c {
	void __iomem *base;
};

static int dtnest_i2c_probe(struct platform_device *pdev)
{
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	struct dtnest_i2c *t;

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

static platform_remove_ret_t dtnest_i2c_remove(struct platform_device *pdev)
{
	struct dtnest_i2c *t = platform_get_drvdata(pdev);

	iounmap(t->base);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id dtnest_i2c_match[] = {
	{ .compatible = "drvcheck,dtnest-i2c" },
	{ }
};
MODULE_DEVICE_TABLE(of, dtnest_i2c_match);

static struct platform_driver dtnest_i2c_driver = {
	.probe = dtnest_i2c_probe,
	.remove = dtnest_i2c_remove,
	.driver = { .name = "dtnest-i2c", .of_match_table = dtnest_i2c_match },
};

static int __init dtnest_init(void)
{
	int ret = dtnest_unimac_init();

	if (ret)
		return ret;
	ret = dtnest_iomux_init();
	if (ret)
		goto err_unimac;
	ret = dtnest_poweroff_init();
	if (ret)
		goto err_iomux;
	ret = platform_driver_register(&dtnest_i2c_driver);
	if (ret)
		goto err_poweroff;
	return 0;
err_poweroff:
	dtnest_poweroff_exit();
err_iomux:
	dtnest_iomux_exit();
err_unimac:
	dtnest_unimac_exit();
	return ret;
}

static void __exit dtnest_exit(void)
{
	platform_driver_unregister(&dtnest_i2c_driver);
	dtnest_poweroff_exit();
	dtnest_iomux_exit();
	dtnest_unimac_exit();
}

module_init(dtnest_init);
module_exit(dtnest_exit);
MODULE_DESCRIPTION("drvcheck testsuite: registers the device tree nests with another node's");
MODULE_LICENSE("GPL");
