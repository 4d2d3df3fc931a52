// SPDX-License-Identifier: GPL-2.0
/*
 * Companion-chip MFD core (tc6387xb's shape): the driver owns a struct
 * resource for its system-control registers inside the parent window,
 * links it into the tree with request_resource(), maps it, and unlinks it
 * with release_resource().  request_resource() allocates nothing, so
 * release_resource() is its exact pair; the map is of a region the driver
 * claimed.  Correct.
 *
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME	"xtcore"
#define XTCORE_SCR_SIZE	0x100
#define XTCORE_SCR_CTRL	0x08

struct xtcore {
	struct resource rscr;
	void __iomem *scr;
};

static int xtcore_probe(struct platform_device *pdev)
{
	struct resource *iomem, *rscr;
	struct xtcore *tc;
	int ret;

	iomem = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!iomem)
		return -EINVAL;
	tc = devm_kzalloc(&pdev->dev, sizeof(*tc), GFP_KERNEL);
	if (!tc)
		return -ENOMEM;

	rscr = &tc->rscr;
	rscr->name = DRV_NAME;
	rscr->start = iomem->start;
	rscr->end = iomem->start + XTCORE_SCR_SIZE - 1;
	rscr->flags = IORESOURCE_MEM;

	ret = request_resource(iomem, rscr);
	if (ret)
		return ret;

	tc->scr = ioremap(rscr->start, resource_size(rscr));
	if (!tc->scr) {
		ret = -ENOMEM;
		goto err_ioremap;
	}
	writew(0, tc->scr + XTCORE_SCR_CTRL);
	platform_set_drvdata(pdev, tc);
	return 0;

err_ioremap:
	release_resource(&tc->rscr);
	return ret;
}

static platform_remove_ret_t xtcore_remove(struct platform_device *pdev)
{
	struct xtcore *tc = platform_get_drvdata(pdev);

	iounmap(tc->scr);
	release_resource(&tc->rscr);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xtcore_driver = {
	.probe	= xtcore_probe,
	.remove	= xtcore_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xtcore_driver);
MODULE_LICENSE("GPL");
