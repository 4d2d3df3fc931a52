// SPDX-License-Identifier: GPL-2.0
/*
 * PCI CAN controller that ioremap()s BAR 1 from pci_resource_start() /
 * pci_resource_len() and never requests the region.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME	"pcican"
#define PCICAN_BAR	1
#define PCICAN_MODE	0x00

struct pcican {
	void __iomem *base;
};

static int pcican_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct pcican *can;
	int err;

	can = devm_kzalloc(&pdev->dev, sizeof(*can), GFP_KERNEL);
	if (!can)
		return -ENOMEM;

	err = pci_enable_device(pdev);
	if (err)
		return err;

	can->base = ioremap(pci_resource_start(pdev, PCICAN_BAR), /* expect: iomem-unrequested-map */
			    pci_resource_len(pdev, PCICAN_BAR));
	if (!can->base) {
		pci_disable_device(pdev);
		return -ENOMEM;
	}

	writeb(1, can->base + PCICAN_MODE);
	pci_set_drvdata(pdev, can);
	return 0;
}

static void pcican_remove(struct pci_dev *pdev)
{
	struct pcican *can = pci_get_drvdata(pdev);

	writeb(1, can->base + PCICAN_MODE);
	iounmap(can->base);
	pci_disable_device(pdev);
}

static const struct pci_device_id pcican_ids[] = {
	{ PCI_DEVICE(0x10b5, 0x9050) },
	{ }
};
MODULE_DEVICE_TABLE(pci, pcican_ids);

static struct pci_driver pcican_driver = {
	.name		= DRV_NAME,
	.id_table	= pcican_ids,
	.probe		= pcican_probe,
	.remove		= pcican_remove,
};
module_pci_driver(pcican_driver);
MODULE_LICENSE("GPL");
