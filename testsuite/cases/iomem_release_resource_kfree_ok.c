// SPDX-License-Identifier: GPL-2.0
/*
 * Platform Ethernet chip with separate address and data windows (dm9000's
 * shape): each request_mem_region() result is kept, and teardown gives it
 * back with release_resource() followed by kfree() of the same struct
 * resource, which is what release_mem_region() does.  Nothing leaks.
 * Correct.
 *
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/ioport.h>
#include <linux/io.h>
#include <linux/slab.h>

#define DRV_NAME	"xdm"

struct xdm {
	struct resource *addr_req;
	struct resource *data_req;
	void __iomem *io_addr;
	void __iomem *io_data;
};

static void xdm_release(struct xdm *db)
{
	if (db->io_data)
		iounmap(db->io_data);
	if (db->io_addr)
		iounmap(db->io_addr);
	if (db->data_req)
		release_resource(db->data_req);
	kfree(db->data_req);
	if (db->addr_req)
		release_resource(db->addr_req);
	kfree(db->addr_req);
}

static int xdm_probe(struct platform_device *pdev)
{
	struct resource *addr_res, *data_res;
	struct xdm *db;
	int ret = -EIO;

	db = devm_kzalloc(&pdev->dev, sizeof(*db), GFP_KERNEL);
	if (!db)
		return -ENOMEM;
	addr_res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	data_res = platform_get_resource(pdev, IORESOURCE_MEM, 1);
	if (!addr_res || !data_res)
		return -ENOENT;

	db->addr_req = request_mem_region(addr_res->start, resource_size(addr_res),
					  pdev->name);
	if (!db->addr_req)
		goto out;
	db->io_addr = ioremap(addr_res->start, resource_size(addr_res));
	if (!db->io_addr)
		goto out;
	db->data_req = request_mem_region(data_res->start, resource_size(data_res),
					  pdev->name);
	if (!db->data_req)
		goto out;
	db->io_data = ioremap(data_res->start, resource_size(data_res));
	if (!db->io_data)
		goto out;
	writeb(0, db->io_addr);
	platform_set_drvdata(pdev, db);
	return 0;
out:
	xdm_release(db);
	return ret;
}

static platform_remove_ret_t xdm_remove(struct platform_device *pdev)
{
	xdm_release(platform_get_drvdata(pdev));
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xdm_driver = {
	.probe	= xdm_probe,
	.remove	= xdm_remove,
	.driver	= {
		.name = DRV_NAME,
	},
};
module_platform_driver(xdm_driver);
MODULE_LICENSE("GPL");
