// SPDX-License-Identifier: GPL-2.0
/*
 * PCI parallel-port card with an I/O-port BAR.  probe stores the result of
 * request_region() in res and only prints it: res is never tested against
 * NULL, so the driver pokes ports another driver may own.  Ports are
 * accessed with inb()/outb(), nothing is mapped; the release matches.
 *
 * drvcheck-case: positive iomem-unchecked-request
 * drvcheck-case: negative iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME	"pcipp"
#define PCIPP_EXTENT	8
#define PCIPP_CTRL	2

struct pcipp {
	unsigned long base;
};

static int pcipp_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct pcipp *pp;
	struct resource *res;
	int err;

	pp = devm_kzalloc(&pdev->dev, sizeof(*pp), GFP_KERNEL);
	if (!pp)
		return -ENOMEM;

	err = pci_enable_device(pdev);
	if (err)
		return err;

	pp->base = pci_resource_start(pdev, 0);
	res = request_region(pp->base, PCIPP_EXTENT, DRV_NAME); /* expect: iomem-unchecked-request */
	dev_info(&pdev->dev, "parallel port at %pR\n", res);

	outb(0x0c, pp->base + PCIPP_CTRL);
	pci_set_drvdata(pdev, pp);
	return 0;
}

static void pcipp_remove(struct pci_dev *pdev)
{
	struct pcipp *pp = pci_get_drvdata(pdev);

	outb(0, pp->base + PCIPP_CTRL);
	release_region(pp->base, PCIPP_EXTENT);
	pci_disable_device(pdev);
}

static const struct pci_device_id pcipp_ids[] = {
	{ PCI_DEVICE(0x1415, 0xc118) },
	{ }
};
MODULE_DEVICE_TABLE(pci, pcipp_ids);

static struct pci_driver pcipp_driver = {
	.name		= DRV_NAME,
	.id_table	= pcipp_ids,
	.probe		= pcipp_probe,
	.remove		= pcipp_remove,
};
module_pci_driver(pcipp_driver);
MODULE_LICENSE("GPL");
