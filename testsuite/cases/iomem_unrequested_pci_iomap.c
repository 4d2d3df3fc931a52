// SPDX-License-Identifier: GPL-2.0
/*
 * PCI GPIO card that enables the device and pci_iomap()s BAR 0 without
 * claiming any region: nothing stops a second driver (or uio_pci_generic)
 * from driving the same registers, and /proc/iomem does not show the owner.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME "pcigpio"
#define PCIGPIO_OUT 0x04

struct pcigpio {
	void __iomem *regs;
};

static int pcigpio_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct pcigpio *pg;
	int err;

	pg = devm_kzalloc(&pdev->dev, sizeof(*pg), GFP_KERNEL);
	if (!pg)
		return -ENOMEM;

	err = pci_enable_device(pdev);
	if (err)
		return err;

	pg->regs = pci_iomap(pdev, 0, 0); /* expect: iomem-unrequested-map */
	if (!pg->regs) {
		pci_disable_device(pdev);
		return -ENOMEM;
	}

	iowrite32(0, pg->regs + PCIGPIO_OUT);
	pci_set_drvdata(pdev, pg);
	return 0;
}

static void pcigpio_remove(struct pci_dev *pdev)
{
	struct pcigpio *pg = pci_get_drvdata(pdev);

	pci_iounmap(pdev, pg->regs);
	pci_disable_device(pdev);
}

static const struct pci_device_id pcigpio_ids[] = {
	{ PCI_DEVICE(0x494f, 0x0c50) },
	{ }
};
MODULE_DEVICE_TABLE(pci, pcigpio_ids);

static struct pci_driver pcigpio_driver = {
	.name		= DRV_NAME,
	.id_table	= pcigpio_ids,
	.probe		= pcigpio_probe,
	.remove		= pcigpio_remove,
};
module_pci_driver(pcigpio_driver);
MODULE_LICENSE("GPL");
