// SPDX-License-Identifier: GPL-2.0
/*
 * Part of the iomem_release_size_xtu case (the declaration is in
 * xadc_hw.c): probe claims the register window with XADC_REGS_SIZE and
 * keeps its start in struct xadc; remove leaves the release to
 * xadc_hw_teardown().
 */
#include <linux/module.h>

#include "xadc.h"

static int xadc_probe(struct platform_device *pdev)
{
	struct xadc *adc;
	struct resource *res;
	int err;

	adc = devm_kzalloc(&pdev->dev, sizeof(*adc), GFP_KERNEL);
	if (!adc)
		return -ENOMEM;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENODEV;
	adc->phys = res->start;
	if (!request_mem_region(adc->phys, XADC_REGS_SIZE, XADC_DRV_NAME))
		return -EBUSY;
	err = xadc_hw_init(adc);
	if (err) {
		release_mem_region(adc->phys, XADC_REGS_SIZE);
		return err;
	}
	platform_set_drvdata(pdev, adc);
	return 0;
}

static platform_remove_ret_t xadc_remove(struct platform_device *pdev)
{
	xadc_hw_teardown(platform_get_drvdata(pdev));
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xadc_driver = {
	.probe	= xadc_probe,
	.remove	= xadc_remove,
	.driver	= {
		.name = XADC_DRV_NAME,
	},
};
module_platform_driver(xadc_driver);

MODULE_DESCRIPTION("drvcheck testsuite: cross-TU region release size");
MODULE_LICENSE("GPL");
