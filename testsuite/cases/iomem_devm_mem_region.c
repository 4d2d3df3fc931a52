// SPDX-License-Identifier: GPL-2.0
/*
 * Platform PWM block using the managed pair: devm_request_mem_region()
 * tested for NULL, then devm_ioremap() of the claimed range.  devres
 * releases both in reverse order; there is nothing to release by hand.
 * Correct.
 *
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME "xpwm"
#define XPWM_PERIOD 0x08

struct xpwm {
	void __iomem *regs;
};

static int xpwm_probe(struct platform_device *pdev)
{
	struct xpwm *pwm;
	struct resource *res;

	pwm = devm_kzalloc(&pdev->dev, sizeof(*pwm), GFP_KERNEL);
	if (!pwm)
		return -ENOMEM;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;

	if (!devm_request_mem_region(&pdev->dev, res->start, resource_size(res),
				     DRV_NAME))
		return -EBUSY;

	pwm->regs = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!pwm->regs)
		return -ENOMEM;

	writel(0, pwm->regs + XPWM_PERIOD);
	platform_set_drvdata(pdev, pwm);
	return 0;
}

static struct platform_driver xpwm_driver = {
	.probe	= xpwm_probe,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xpwm_driver);
MODULE_LICENSE("GPL");
