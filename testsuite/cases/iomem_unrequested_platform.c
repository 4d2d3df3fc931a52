// SPDX-License-Identifier: GPL-2.0
/*
 * Platform RTC that takes its register window from platform_get_resource()
 * and ioremap()s it directly, with neither request_mem_region() nor
 * devm_request_mem_region() (devm_ioremap_resource() would do both).
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME "xrtc"
#define XRTC_CTRL 0x10

struct xrtc {
	void __iomem *regs;
};

static int xrtc_probe(struct platform_device *pdev)
{
	struct xrtc *rtc;
	struct resource *res;

	rtc = devm_kzalloc(&pdev->dev, sizeof(*rtc), GFP_KERNEL);
	if (!rtc)
		return -ENOMEM;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;

	rtc->regs = ioremap(res->start, resource_size(res)); /* expect: iomem-unrequested-map */
	if (!rtc->regs)
		return -ENOMEM;

	writel(1, rtc->regs + XRTC_CTRL);
	platform_set_drvdata(pdev, rtc);
	return 0;
}

static platform_remove_ret_t xrtc_remove(struct platform_device *pdev)
{
	struct xrtc *rtc = platform_get_drvdata(pdev);

	iounmap(rtc->regs);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xrtc_driver = {
	.probe	= xrtc_probe,
	.remove	= xrtc_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xrtc_driver);
MODULE_LICENSE("GPL");
