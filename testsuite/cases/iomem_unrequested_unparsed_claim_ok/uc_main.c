// SPDX-License-Identifier: GPL-2.0
/*
 * A platform driver that claims its register window in a helper whose
 * debug macro takes a statement as its argument (UC_DBG(pr_info(...);),
 * indented with spaces, as iphase.c writes its IF_TX()), which Coccinelle
 * cannot parse: it skips that function.  The probe then maps the window
 * with devm_ioremap().  The claim is there, in the same file, so the map
 * is requested: an engine that lost the helper must not report it.
 * Correct.
 *
 * drvcheck-case: negative iomem-unrequested-map iomem-release-mismatch
 * drvcheck-case: unparsed cocci
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/io.h>
#include "uc.h"

#define UC_CTRL		0x04

int uc_debug;

static int uc_claim(struct platform_device *pdev, struct resource *res)
{
	int ret;

        UC_DBG(pr_info("uc: claiming %pR\n",
                  res);)
	ret = 0;
	if (!devm_request_mem_region(&pdev->dev, res->start, resource_size(res),
				     dev_name(&pdev->dev)))
		ret = -EBUSY;
	return ret;
}

static int uc_probe(struct platform_device *pdev)
{
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	void __iomem *regs;
	int ret;

	if (!res)
		return -ENODEV;
	ret = uc_claim(pdev, res);
	if (ret)
		return ret;
	regs = devm_ioremap(&pdev->dev, res->start, resource_size(res));
	if (!regs)
		return -ENOMEM;
	writel(1, regs + UC_CTRL);
	return 0;
}

static const struct of_device_id uc_of_match[] = {
	{ .compatible = "example,uc" },
	{ }
};
MODULE_DEVICE_TABLE(of, uc_of_match);

static struct platform_driver uc_driver = {
	.probe	= uc_probe,
	.driver	= { .name = "uc", .of_match_table = uc_of_match },
};
module_platform_driver(uc_driver);
MODULE_DESCRIPTION("drvcheck testsuite: a region claim in a function spatch cannot parse (correct)");
MODULE_LICENSE("GPL");
