// SPDX-License-Identifier: GPL-2.0
/*
 * I2C master whose registers are MMIO on one board and I/O ports on
 * another, in the i2c-ocores style: the port branch requests its ports,
 * the MMIO branch maps the memory resource with devm_ioremap() and
 * requests nothing.  A request of I/O ports claims no MMIO, so the MMIO
 * window is still unclaimed.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define XI2C_CTRL	0x02

struct xi2c {
	void __iomem *base;
	unsigned long iobase;
};

static int xi2c_probe(struct platform_device *pdev)
{
	struct xi2c *i2c;
	struct resource *res;

	i2c = devm_kzalloc(&pdev->dev, sizeof(*i2c), GFP_KERNEL);
	if (!i2c)
		return -ENOMEM;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (res) {
		i2c->base = devm_ioremap(&pdev->dev, res->start, resource_size(res)); /* expect: iomem-unrequested-map */
		if (!i2c->base)
			return -ENOMEM;
		writeb(0, i2c->base + XI2C_CTRL);
	} else {
		res = platform_get_resource(pdev, IORESOURCE_IO, 0);
		if (!res)
			return -EINVAL;
		i2c->iobase = res->start;
		if (!devm_request_region(&pdev->dev, res->start,
					 resource_size(res), pdev->name))
			return -EBUSY;
		outb(0, i2c->iobase + XI2C_CTRL);
	}
	platform_set_drvdata(pdev, i2c);
	return 0;
}

static struct platform_driver xi2c_driver = {
	.probe	= xi2c_probe,
	.driver	= {
		.name = "xi2c",
	},
};
module_platform_driver(xi2c_driver);
MODULE_LICENSE("GPL");
