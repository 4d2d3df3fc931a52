// SPDX-License-Identifier: GPL-2.0
/*
 * xtsonic-style ISA/platform NIC: the probe copies dev->base_addr into a
 * local and requests that much memory space with request_mem_region();
 * its error path and the remove path give it back with release_region(),
 * the I/O port call, by dev->base_addr.  __release_region() of
 * ioport_resource finds nothing at that start: the memory region stays
 * claimed and the next probe fails with -EBUSY.  Starts are matched
 * through the copy into the local.
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/io.h>

#define XS_MEM_SIZE	0x100
#define DRV_NAME	"xsonic"

static const struct net_device_ops xs_netdev_ops;

static int xs_probe1(struct net_device *dev)
{
	unsigned long base_addr = dev->base_addr;
	int err;

	if (!request_mem_region(base_addr, XS_MEM_SIZE, DRV_NAME))
		return -EBUSY;
	dev->netdev_ops = &xs_netdev_ops;
	err = register_netdev(dev);
	if (err)
		goto out;
	return 0;
out:
	release_region(dev->base_addr, XS_MEM_SIZE); /* expect: iomem-release-mismatch */
	return err;
}

static int xs_probe(struct platform_device *pdev)
{
	struct resource *res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	struct net_device *dev;
	int err;

	if (!res)
		return -ENODEV;
	dev = alloc_etherdev(0);
	if (!dev)
		return -ENOMEM;
	dev->base_addr = res->start;
	err = xs_probe1(dev);
	if (err) {
		free_netdev(dev);
		return err;
	}
	platform_set_drvdata(pdev, dev);
	return 0;
}

static platform_remove_ret_t xs_remove(struct platform_device *pdev)
{
	struct net_device *dev = platform_get_drvdata(pdev);

	unregister_netdev(dev);
	release_region(dev->base_addr, XS_MEM_SIZE); /* expect: iomem-release-mismatch */
	free_netdev(dev);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver xs_driver = {
	.probe	= xs_probe,
	.remove	= xs_remove,
	.driver	= { .name = DRV_NAME },
};
module_platform_driver(xs_driver);
MODULE_LICENSE("GPL");
