// SPDX-License-Identifier: GPL-2.0
/*
 * Platform I2C controller with two register windows: the core block via
 * devm_platform_ioremap_resource() and the clock block via
 * platform_get_resource() + devm_ioremap_resource().  Both helpers request
 * the region before mapping it.  Correct.
 *
 * drvcheck-case: negative iomem-unrequested-map iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/ioport.h>
#include <linux/io.h>
#include <linux/err.h>

#define DRV_NAME "xi2c"
#define XI2C_CR 0x00
#define XI2C_CLKDIV 0x04

struct xi2c {
	void __iomem *base;
	void __iomem *clk;
};

static int xi2c_probe(struct platform_device *pdev)
{
	struct xi2c *i2c;
	struct resource *res;

	i2c = devm_kzalloc(&pdev->dev, sizeof(*i2c), GFP_KERNEL);
	if (!i2c)
		return -ENOMEM;

	i2c->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(i2c->base))
		return PTR_ERR(i2c->base);

	res = platform_get_resource(pdev, IORESOURCE_MEM, 1);
	i2c->clk = devm_ioremap_resource(&pdev->dev, res);
	if (IS_ERR(i2c->clk))
		return PTR_ERR(i2c->clk);

	writel(0, i2c->base + XI2C_CR);
	writel(99, i2c->clk + XI2C_CLKDIV);
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
