// SPDX-License-Identifier: GPL-2.0
/*
 * PCI video-capture card: probe claims every BAR with
 * pci_request_regions(), remove releases only BAR 0 with
 * pci_release_region(pdev, 0), leaving the other BARs claimed after
 * unbind (rebinding then fails with -EBUSY).  The error path releases
 * correctly.
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME "xvcap"
#define XVCAP_CTRL 0x00

struct xvcap {
	void __iomem *regs;
};

static int xvcap_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xvcap *vc;
	int err;

	vc = devm_kzalloc(&pdev->dev, sizeof(*vc), GFP_KERNEL);
	if (!vc)
		return -ENOMEM;

	err = pci_enable_device(pdev);
	if (err)
		return err;

	err = pci_request_regions(pdev, DRV_NAME);
	if (err)
		goto err_disable;

	vc->regs = pci_iomap(pdev, 0, 0);
	if (!vc->regs) {
		err = -ENOMEM;
		goto err_release;
	}

	iowrite32(0, vc->regs + XVCAP_CTRL);
	pci_set_drvdata(pdev, vc);
	return 0;

err_release:
	pci_release_regions(pdev);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xvcap_remove(struct pci_dev *pdev)
{
	struct xvcap *vc = pci_get_drvdata(pdev);

	pci_iounmap(pdev, vc->regs);
	pci_release_region(pdev, 0); /* expect: iomem-release-mismatch */
	pci_disable_device(pdev);
}

static const struct pci_device_id xvcap_ids[] = {
	{ PCI_DEVICE(0x14f1, 0x8800) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xvcap_ids);

static struct pci_driver xvcap_driver = {
	.name		= DRV_NAME,
	.id_table	= xvcap_ids,
	.probe		= xvcap_probe,
	.remove		= xvcap_remove,
};
module_pci_driver(xvcap_driver);
MODULE_LICENSE("GPL");
