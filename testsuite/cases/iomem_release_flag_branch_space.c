// SPDX-License-Identifier: GPL-2.0
/*
 * PCI serial card driven through an I/O-port BAR 0 only: claim and release
 * test pci_resource_flags() for IORESOURCE_IO like __pci_request_region()
 * and pci_release_region() (drivers/pci/pci.c), but the release was
 * copied from a memory-BAR driver: under the same IORESOURCE_IO test it
 * gives the ports back with release_mem_region(), to iomem_resource, so
 * the port claim stays busy.
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>

#define DRV_NAME	"xuart"
#define XUART_BAR	0

static int xuart_claim(struct pci_dev *pdev, int bar)
{
	if (!(pci_resource_flags(pdev, bar) & IORESOURCE_IO))
		return -ENODEV;
	if (!request_region(pci_resource_start(pdev, bar),
			    pci_resource_len(pdev, bar), DRV_NAME))
		return -EBUSY;
	return 0;
}

static void xuart_unclaim(struct pci_dev *pdev, int bar)
{
	if (pci_resource_flags(pdev, bar) & IORESOURCE_IO)
		release_mem_region(pci_resource_start(pdev, bar), /* expect: iomem-release-mismatch */
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
