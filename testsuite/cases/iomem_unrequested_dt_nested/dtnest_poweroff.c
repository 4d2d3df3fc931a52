// SPDX-License-Identifier: GPL-2.0
/*
 * Part of the iomem_unrequested_dt_nested case: a power-off driver in the
 * qnap-poweroff style.  The board's tree (dtnest-board.dtsi) puts its
 * register on the UART's, a node the board reopens from the SoC's file
 * without its "reg"; the UART's driver requests the block, and this one
 * maps it with devm_ioremap() on purpose.  Not reported.
 */
#include <linux/module.h>
#include "../platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/io.h>

#include "dtnest.h"

struct dtnest_poweroff {
	void __iomem *base;
};

static int dtnest_poweroff_probe(struct platform_device *pdev)
{
	struct dtnest_poweroff *bus;
	struct resource *res;

	bus = devm_kzalloc(&pdev->dev, sizeof(*bus), GFP_KERNEL);
	if (!bus)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	/* the UART driver requested it */
	bus->base = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!bus->base)
		return -ENOMEM;
	writel(0, bus->base);
	platform_set_drvdata(pdev, bus);
	return 0;
}

static const struct of_device_id dtnest_poweroff_match[] = {
	{ .compatible = "drvcheck,dtnest-poweroff" },
	{ }
};
MODULE_DEVICE_TABLE(of, dtnest_poweroff_match);

static struct platform_driver dtnest_poweroff_driver = {
	.probe = dtnest_poweroff_probe,
	.driver = { .name = "dtnest-poweroff", .of_match_table = dtnest_poweroff_match },
};

int dtnest_poweroff_init(void)
{
	return platform_driver_register(&dtnest_poweroff_driver);
}

void dtnest_poweroff_exit(void)
{
	platform_driver_unregister(&dtnest_poweroff_driver);
}
