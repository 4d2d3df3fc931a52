// SPDX-License-Identifier: GPL-2.0
/*
 * Part of the iomem_unrequested_dt_nested case: an MDIO bus driver in the
 * mdio-bcm-unimac style.  The tree (arch/arm64/boot/dts/drvcheck/
 * dtnest.dtsi) describes the bus as a child of its MAC with an offset
 * into the MAC's block, which the MAC's driver requests; it maps it with
 * devm_ioremap() on purpose.  Not reported.
 */
#include <linux/module.h>
#include "../platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/io.h>

#include "dtnest.h"

struct dtnest_unimac {
	void __iomem *base;
};

static int dtnest_unimac_probe(struct platform_device *pdev)
{
	struct dtnest_unimac *bus;
	struct resource *res;

	bus = devm_kzalloc(&pdev->dev, sizeof(*bus), GFP_KERNEL);
	if (!bus)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	/* inside the MAC, which requested the whole block */
	bus->base = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!bus->base)
		return -ENOMEM;
	writel(0, bus->base);
	platform_set_drvdata(pdev, bus);
	return 0;
}

static const struct of_device_id dtnest_unimac_match[] = {
	{ .compatible = "drvcheck,dtnest-unimac" },
	{ }
};
MODULE_DEVICE_TABLE(of, dtnest_unimac_match);

static struct platform_driver dtnest_unimac_driver = {
	.probe = dtnest_unimac_probe,
	.driver = { .name = "dtnest-unimac", .of_match_table = dtnest_unimac_match },
};

int dtnest_unimac_init(void)
{
	return platform_driver_register(&dtnest_unimac_driver);
}

void dtnest_unimac_exit(void)
{
	platform_driver_unregister(&dtnest_unimac_driver);
}
