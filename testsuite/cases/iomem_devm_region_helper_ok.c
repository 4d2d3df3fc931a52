// SPDX-License-Identifier: GPL-2.0
/*
 * Platform I2C controller whose probe claims the register window in a
 * helper (devm_request_mem_region(), tested) before it maps it with
 * devm_ioremap() in probe.  devres releases both.  Correct.
 *
 * drvcheck-case: negative iomem-unrequested-map iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME	"xi2c"
#define XI2C_CR		0x00

struct xi2c {
	void __iomem *base;
};

static int xi2c_claim(struct platform_device *pdev, struct resource *res)
{
	if (!devm_request_mem_region(&pdev->dev, res->start, resource_size(res),
				     DRV_NAME)) {
		dev_err(&pdev->dev, "region %pR busy\n", res);
		return -EBUSY;
	}
	return 0;
}

static int xi2c_probe(struct platform_device *pdev)
{
	struct resource *res;
	struct xi2c *i2c;
	int err;

	i2c = devm_kzalloc(&pdev->dev, sizeof(*i2c), GFP_KERNEL);
	if (!i2c)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;

	err = xi2c_claim(pdev, res);
	if (err)
		return err;
	i2c->base = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!i2c->base)
		return -ENOMEM;

	writel(0, i2c->base + XI2C_CR);
	platform_set_drvdata(pdev, i2c);
	return 0;
}

static struct platform_driver xi2c_driver = {
	.probe	= xi2c_probe,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xi2c_driver);
MODULE_LICENSE("GPL");
