// SPDX-License-Identifier: GPL-2.0
/*
 * PCI SATA-bridge whose newer revision moved the registers from BAR 0 to
 * BAR 2: probe still claims BAR 0 (checked, released in remove with the
 * same BAR) but maps BAR 2, which nobody requested.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME	"xsata"
#define XSATA_CLAIM_BAR	0
#define XSATA_MMIO_BAR	2
#define XSATA_GHC	0x04

struct xsata {
	void __iomem *mmio;
};

static int xsata_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xsata *sata;
	int err;

	sata = devm_kzalloc(&pdev->dev, sizeof(*sata), GFP_KERNEL);
	if (!sata)
		return -ENOMEM;

	err = pci_enable_device(pdev);
	if (err)
		return err;

	err = pci_request_region(pdev, XSATA_CLAIM_BAR, DRV_NAME);
	if (err)
		goto err_disable;

	sata->mmio = pci_iomap(pdev, XSATA_MMIO_BAR, 0); /* expect: iomem-unrequested-map */
	if (!sata->mmio) {
		err = -ENOMEM;
		goto err_release;
	}

	iowrite32(0, sata->mmio + XSATA_GHC);
	pci_set_drvdata(pdev, sata);
	return 0;

err_release:
	pci_release_region(pdev, XSATA_CLAIM_BAR);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xsata_remove(struct pci_dev *pdev)
{
	struct xsata *sata = pci_get_drvdata(pdev);

	pci_iounmap(pdev, sata->mmio);
	pci_release_region(pdev, XSATA_CLAIM_BAR);
	pci_disable_device(pdev);
}

static const struct pci_device_id xsata_ids[] = {
	{ PCI_DEVICE(0x1b4b, 0x9215) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xsata_ids);

static struct pci_driver xsata_driver = {
	.name		= DRV_NAME,
	.id_table	= xsata_ids,
	.probe		= xsata_probe,
	.remove		= xsata_remove,
};
module_pci_driver(xsata_driver);
MODULE_LICENSE("GPL");
