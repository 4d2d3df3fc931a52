// SPDX-License-Identifier: GPL-2.0
/*
 * PCI NIC-style controller that owns its MMIO BARs and claims them with
 * pci_request_regions_exclusive(): the BARs are IORESOURCE_EXCLUSIVE, so
 * /dev/mem and the sysfs resource files cannot map them while the driver
 * is bound; pci_release_regions() is the matching release.  Correct.
 *
 * drvcheck-options: --checks +iomem-not-exclusive
 * drvcheck-case: negative iomem-not-exclusive iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME "xethx"
#define XETH_CTRL 0x0000

struct xethx {
	void __iomem *hw;
};

static int xethx_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xethx *xe;
	int err;

	xe = devm_kzalloc(&pdev->dev, sizeof(*xe), GFP_KERNEL);
	if (!xe)
		return -ENOMEM;

	err = pci_enable_device_mem(pdev);
	if (err)
		return err;

	err = pci_request_regions_exclusive(pdev, DRV_NAME);
	if (err)
		goto err_disable;

	xe->hw = pci_ioremap_bar(pdev, 0);
	if (!xe->hw) {
		err = -EIO;
		goto err_release;
	}

	writel(0, xe->hw + XETH_CTRL);
	pci_set_master(pdev);
	pci_set_drvdata(pdev, xe);
	return 0;

err_release:
	pci_release_regions(pdev);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xethx_remove(struct pci_dev *pdev)
{
	struct xethx *xe = pci_get_drvdata(pdev);

	iounmap(xe->hw);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
}

static const struct pci_device_id xethx_ids[] = {
	{ PCI_DEVICE(0x8086, 0x10f6) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xethx_ids);

static struct pci_driver xethx_driver = {
	.name		= DRV_NAME,
	.id_table	= xethx_ids,
	.probe		= xethx_probe,
	.remove		= xethx_remove,
};
module_pci_driver(xethx_driver);
MODULE_LICENSE("GPL");
