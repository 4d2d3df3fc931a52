// SPDX-License-Identifier: GPL-2.0
/* The mixer driver of the twodrv module (see twodrv_core.c). */
#include <linux/module.h>
#include <linux/mod_devicetable.h>
#include <linux/io.h>

#include "twodrv.h"

#define TWODRV_MIXER_LAYERS	0x10

static int twodrv_mixer_probe(struct platform_device *pdev)
{
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	void __iomem *regs;

	if (!res)
		return -ENODEV;
	regs = devm_ioremap(&pdev->dev, res->start, resource_size(res)); /* expect: iomem-unrequested-map */
	if (!regs)
		return -ENOMEM;
	writel(0x3, regs + TWODRV_MIXER_LAYERS);
	return 0;
}

static const struct of_device_id twodrv_mixer_of_match[] = {
	{ .compatible = "example,twodrv-mixer" },
	{ }
};
MODULE_DEVICE_TABLE(of, twodrv_mixer_of_match);

struct platform_driver twodrv_mixer_driver = {
	.probe	= twodrv_mixer_probe,
	.driver	= { .name = "twodrv-mixer", .of_match_table = twodrv_mixer_of_match },
};
