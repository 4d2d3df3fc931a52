// SPDX-License-Identifier: GPL-2.0
/*
 * Part of the iomem_unrequested_dt_shared case: a fuse reader whose one
 * register word is a child of the system controller, a "syscon" and
 * "simple-mfd" node with registers of its own (dtsoc.dtsi), as
 * clk-fsl-flexspi's divider is.  Not reported.
 */
#include <linux/module.h>
#include "../platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/io.h>

#include "dtsoc.h"

static int dtsoc_fuse_probe(struct platform_device *pdev)
{
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	void __iomem *reg;

	if (!res)
		return -ENODEV;
	reg = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!reg)
		return -ENOMEM;
	platform_set_drvdata(pdev, (void __force *)reg);
	dev_info(&pdev->dev, "fuses %08x\n", readl(reg));
	return 0;
}

static const struct of_device_id dtsoc_fuse_match[] = {
	{ .compatible = "drvcheck,dtsoc-fuse" },
	{ }
};
MODULE_DEVICE_TABLE(of, dtsoc_fuse_match);

static struct platform_driver dtsoc_fuse_driver = {
	.probe = dtsoc_fuse_probe,
	.driver = { .name = "dtsoc-fuse", .of_match_table = dtsoc_fuse_match },
};

int dtsoc_fuse_init(void)
{
	return platform_driver_register(&dtsoc_fuse_driver);
}

void dtsoc_fuse_exit(void)
{
	platform_driver_unregister(&dtsoc_fuse_driver);
}
