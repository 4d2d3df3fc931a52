// SPDX-License-Identifier: GPL-2.0
/*
 * PCI NIC-style controller that owns its MMIO BARs and claims them with
 * pci_request_regions(): correct in every other respect, but user space
 * can still map the live registers through /dev/mem or the sysfs resource
 * files while the driver runs.  pci_request_regions_exclusive() marks them
 * IORESOURCE_EXCLUSIVE.
 *
 * drvcheck-options: --checks +iomem-not-exclusive
 * drvcheck-case: positive iomem-not-exclusive
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME "xeth"
#define XETH_CTRL 0x0000

struct xeth {
	void __iomem *hw;
};

static int xeth_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xeth *xe;
	int err;

	xe = devm_kzalloc(&pdev->dev, sizeof(*xe), GFP_KERNEL);
	if (!xe)
		return -ENOMEM;

	err = pci_enable_device_mem(pdev);
	if (err)
		return err;

	err = pci_request_regions(pdev, DRV_NAME); /* expect: iomem-not-exclusive */
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

static void xeth_remove(struct pci_dev *pdev)
{
	struct xeth *xe = pci_get_drvdata(pdev);

	iounmap(xe->hw);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
}

static const struct pci_device_id xeth_ids[] = {
	{ PCI_DEVICE(0x8086, 0x10f6) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xeth_ids);

static struct pci_driver xeth_driver = {
	.name		= DRV_NAME,
	.id_table	= xeth_ids,
	.probe		= xeth_probe,
	.remove		= xeth_remove,
};
module_pci_driver(xeth_driver);
MODULE_LICENSE("GPL");
