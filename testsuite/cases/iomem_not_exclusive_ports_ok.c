// SPDX-License-Identifier: GPL-2.0
/*
 * PCI watchdog card (pcwd_pci style) whose only BAR is I/O ports: probe
 * claims it with a tested pci_request_regions() and drives it with
 * inb()/outb(); nothing is mapped.  The exclusive request guards MMIO
 * against /dev/mem and sysfs mappings, and ports cannot be mmap()ed, so
 * the plain request is right.  Correct.
 *
 * drvcheck-options: --checks +iomem-not-exclusive
 * drvcheck-case: negative iomem-not-exclusive iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME	"xpciwdt"
#define XPCIWDT_CTRL	4
#define XPCIWDT_STOP	0xa5

struct xpciwdt {
	unsigned long io;
};

static int xpciwdt_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xpciwdt *wd;
	int err;

	wd = devm_kzalloc(&pdev->dev, sizeof(*wd), GFP_KERNEL);
	if (!wd)
		return -ENOMEM;
	err = pci_enable_device(pdev);
	if (err)
		return err;
	err = pci_request_regions(pdev, DRV_NAME);
	if (err)
		goto err_disable;
	wd->io = pci_resource_start(pdev, 0);
	outb(XPCIWDT_STOP, wd->io + XPCIWDT_CTRL);
	pci_set_drvdata(pdev, wd);
	return 0;

err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xpciwdt_remove(struct pci_dev *pdev)
{
	struct xpciwdt *wd = pci_get_drvdata(pdev);

	outb(XPCIWDT_STOP, wd->io + XPCIWDT_CTRL);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
}

static const struct pci_device_id xpciwdt_ids[] = {
	{ PCI_DEVICE(0x15b2, 0x0001) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xpciwdt_ids);

static struct pci_driver xpciwdt_driver = {
	.name		= DRV_NAME,
	.id_table	= xpciwdt_ids,
	.probe		= xpciwdt_probe,
	.remove		= xpciwdt_remove,
};
module_pci_driver(xpciwdt_driver);

MODULE_DESCRIPTION("drvcheck testsuite: I/O-port PCI BAR, plain request is right");
MODULE_LICENSE("GPL");
