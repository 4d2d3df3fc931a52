// SPDX-License-Identifier: GPL-2.0
/*
 * Part of the iomem_unrequested_dt_nested case: an IOMUX driver in the
 * pinctrl-imx1 style.  Its window holds the GPIO banks (dtnest.dtsi), to
 * which the GPIO driver binds and which it requests; the IOMUX driver
 * maps the whole window without a request, as one would fail.  Not
 * reported.
 */
#include <linux/module.h>
#include "../platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/io.h>

#include "dtnest.h"

struct dtnest_iomux {
	void __iomem *base;
};

static int dtnest_iomux_probe(struct platform_device *pdev)
{
	struct dtnest_iomux *bus;
	struct resource *res;

	bus = devm_kzalloc(&pdev->dev, sizeof(*bus), GFP_KERNEL);
	if (!bus)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	/* the GPIO banks inside are the GPIO driver's to request */
	bus->base = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!bus->base)
		return -ENOMEM;
	writel(0, bus->base);
	platform_set_drvdata(pdev, bus);
	return 0;
}

static const struct of_device_id dtnest_iomux_match[] = {
	{ .compatible = "drvcheck,dtnest-iomux" },
	{ }
};
MODULE_DEVICE_TABLE(of, dtnest_iomux_match);

static struct platform_driver dtnest_iomux_driver = {
	.probe = dtnest_iomux_probe,
	.driver = { .name = "dtnest-iomux", .of_match_table = dtnest_iomux_match },
};

int dtnest_iomux_init(void)
{
	return platform_driver_register(&dtnest_iomux_driver);
}

void dtnest_iomux_exit(void)
{
	platform_driver_unregister(&dtnest_iomux_driver);
}
