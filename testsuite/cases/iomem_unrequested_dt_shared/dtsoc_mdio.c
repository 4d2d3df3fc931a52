// SPDX-License-Identifier: GPL-2.0
/*
 * Part of the iomem_unrequested_dt_shared case: an MDIO bus driver in the
 * mdio-ipq8064 / unimac style.  Its registers lie inside the Ethernet
 * MAC's block (arch/arm64/boot/dts/drvcheck/dtsoc.dtsi), which the MAC's
 * driver requests; it maps them with devm_ioremap() on purpose, as a
 * request would fail with -EBUSY.  Not reported.
 */
#include <linux/module.h>
#include "../platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/io.h>

#include "dtsoc.h"

struct dtsoc_mdio {
	void __iomem *base;
};

static int dtsoc_mdio_probe(struct platform_device *pdev)
{
	struct dtsoc_mdio *bus;
	struct resource *res;

	bus = devm_kzalloc(&pdev->dev, sizeof(*bus), GFP_KERNEL);
	if (!bus)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	/* shared with the MAC, which requested the whole block */
	bus->base = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!bus->base)
		return -ENOMEM;
	writel(0, bus->base);
	platform_set_drvdata(pdev, bus);
	return 0;
}

static const struct of_device_id dtsoc_mdio_match[] = {
	{ .compatible = "drvcheck,dtsoc-mdio" },
	{ }
};
MODULE_DEVICE_TABLE(of, dtsoc_mdio_match);

static struct platform_driver dtsoc_mdio_driver = {
	.probe = dtsoc_mdio_probe,
	.driver = { .name = "dtsoc-mdio", .of_match_table = dtsoc_mdio_match },
};

int dtsoc_mdio_init(void)
{
	return platform_driver_register(&dtsoc_mdio_driver);
}

void dtsoc_mdio_exit(void)
{
	platform_driver_unregister(&dtsoc_mdio_driver);
}
