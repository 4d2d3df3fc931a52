// SPDX-License-Identifier: GPL-2.0
/*
 * Platform mailbox controller using the managed request: probe calls
 * devm_request_mem_region() as a bare statement and maps the window with
 * devm_ioremap() whether or not the claim succeeded.  devres would release
 * only a claim that was made, so nothing else is wrong; the bug is that a
 * busy window (another driver bound to the same block) goes unnoticed.
 *
 * drvcheck-case: positive iomem-unchecked-request
 * drvcheck-case: negative iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/io.h>

#define DRV_NAME	"xmbox"
#define XMBOX_IRQ_EN	0x20

struct xmbox {
	void __iomem *regs;
};

static int xmbox_probe(struct platform_device *pdev)
{
	struct xmbox *mb;
	struct resource *res;

	mb = devm_kzalloc(&pdev->dev, sizeof(*mb), GFP_KERNEL);
	if (!mb)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	devm_request_mem_region(&pdev->dev, res->start, resource_size(res), DRV_NAME); /* expect: iomem-unchecked-request */
	mb->regs = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!mb->regs)
		return -ENOMEM;
	writel(0, mb->regs + XMBOX_IRQ_EN);
	platform_set_drvdata(pdev, mb);
	return 0;
}

static struct platform_driver xmbox_driver = {
	.probe	= xmbox_probe,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xmbox_driver);

MODULE_DESCRIPTION("drvcheck testsuite: unchecked devm_request_mem_region()");
MODULE_LICENSE("GPL");
