// SPDX-License-Identifier: GPL-2.0
/*
 * Managed PCI crypto accelerator: pcim_enable_device() and
 * pcim_iomap_regions() claim and map BAR 0 in one tested call; devres
 * unmaps and releases on unbind, so remove has nothing to release.
 * Correct.
 *
 * drvcheck-case: negative iomem-release-mismatch iomem-unrequested-map iomem-unchecked-request
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME	"xcrypt"
#define XCRYPT_BAR	0
#define XCRYPT_IRQ_MASK	0x20

struct xcrypt {
	void __iomem *regs;
};

static int xcrypt_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xcrypt *xc;
	int err;

	xc = devm_kzalloc(&pdev->dev, sizeof(*xc), GFP_KERNEL);
	if (!xc)
		return -ENOMEM;

	err = pcim_enable_device(pdev);
	if (err)
		return err;

	err = pcim_iomap_regions(pdev, BIT(XCRYPT_BAR), DRV_NAME);
	if (err)
		return err;
	xc->regs = pcim_iomap_table(pdev)[XCRYPT_BAR];

	writel(0, xc->regs + XCRYPT_IRQ_MASK);
	pci_set_master(pdev);
	pci_set_drvdata(pdev, xc);
	return 0;
}

static void xcrypt_remove(struct pci_dev *pdev)
{
	struct xcrypt *xc = pci_get_drvdata(pdev);

	writel(0, xc->regs + XCRYPT_IRQ_MASK);
}

static const struct pci_device_id xcrypt_ids[] = {
	{ PCI_DEVICE(0x1d0f, 0xf000) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xcrypt_ids);

static struct pci_driver xcrypt_driver = {
	.name		= DRV_NAME,
	.id_table	= xcrypt_ids,
	.probe		= xcrypt_probe,
	.remove		= xcrypt_remove,
};
module_pci_driver(xcrypt_driver);
MODULE_LICENSE("GPL");
