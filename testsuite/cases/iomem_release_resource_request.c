// SPDX-License-Identifier: GPL-2.0
/*
 * Platform Ethernet MAC (ftmac100's shape): probe keeps what
 * request_mem_region() returns and gives it back with release_resource(),
 * on the error path and in remove.  release_resource() unlinks the region
 * from the tree but does not free the struct resource __request_region()
 * allocated for it: every unbind (and every failed probe) leaks it.
 * release_mem_region() is the pair of request_mem_region().
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME	"xmac"
#define XMAC_MACCR	0x88

struct xmac {
	struct resource *res;
	void __iomem *base;
};

static int xmac_probe(struct platform_device *pdev)
{
	struct resource *res;
	struct xmac *priv;
	int err;

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		return -ENXIO;
	priv = devm_kzalloc(&pdev->dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;

	priv->res = request_mem_region(res->start, resource_size(res),
				       dev_name(&pdev->dev));
	if (!priv->res)
		return -ENOMEM;

	priv->base = ioremap(res->start, resource_size(res));
	if (!priv->base) {
		err = -EIO;
		goto err_ioremap;
	}
	writel(0, priv->base + XMAC_MACCR);
	platform_set_drvdata(pdev, priv);
	return 0;

err_ioremap:
	release_resource(priv->res); /* expect: iomem-release-mismatch */
	return err;
}

static platform_remove_ret_t xmac_remove(struct platform_device *pdev)
{
	struct xmac *priv = platform_get_drvdata(pdev);

	iounmap(priv->base);
	release_resource(priv->res); /* expect: iomem-release-mismatch */
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xmac_driver = {
	.probe	= xmac_probe,
	.remove	= xmac_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xmac_driver);
MODULE_LICENSE("GPL");
