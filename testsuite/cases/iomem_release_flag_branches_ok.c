// SPDX-License-Identifier: GPL-2.0
/*
 * PCI serial card whose BAR 0 is I/O ports on some boards and MMIO on
 * others.  Like __pci_request_region() and pci_release_region()
 * (drivers/pci/pci.c), the claim and the release branch on
 * pci_resource_flags(): ports with request_region()/release_region() under
 * IORESOURCE_IO, memory with __request_mem_region()/release_mem_region()
 * under IORESOURCE_MEM.  Each release gives back what the request of its
 * own branch claimed; the branches exclude each other.
 *
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>

#define DRV_NAME	"xuart"
#define XUART_BAR	0

static int xuart_claim(struct pci_dev *pdev, int bar)
{
	if (pci_resource_flags(pdev, bar) & IORESOURCE_IO) {
		if (!request_region(pci_resource_start(pdev, bar),
				    pci_resource_len(pdev, bar), DRV_NAME))
			return -EBUSY;
	} else if (pci_resource_flags(pdev, bar) & IORESOURCE_MEM) {
		if (!__request_mem_region(pci_resource_start(pdev, bar),
					  pci_resource_len(pdev, bar), DRV_NAME, 0))
			return -EBUSY;
	}
	return 0;
}

static void xuart_unclaim(struct pci_dev *pdev, int bar)
{
	if (pci_resource_flags(pdev, bar) & IORESOURCE_IO)
		release_region(pci_resource_start(pdev, bar),
			       pci_resource_len(pdev, bar));
	else if (pci_resource_flags(pdev, bar) & IORESOURCE_MEM)
		release_mem_region(pci_resource_start(pdev, bar),
				   pci_resource_len(pdev, bar));
}

static int xuart_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	int err;

	err = pci_enable_device(pdev);
	if (err)
		return err;
	err = xuart_claim(pdev, XUART_BAR);
	if (err)
		pci_disable_device(pdev);
	return err;
}

static void xuart_remove(struct pci_dev *pdev)
{
	xuart_unclaim(pdev, XUART_BAR);
	pci_disable_device(pdev);
}

static const struct pci_device_id xuart_ids[] = {
	{ PCI_DEVICE(0x1415, 0x9501) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xuart_ids);

static struct pci_driver xuart_driver = {
	.name		= DRV_NAME,
	.id_table	= xuart_ids,
	.probe		= xuart_probe,
	.remove		= xuart_remove,
};
module_pci_driver(xuart_driver);
MODULE_LICENSE("GPL");
