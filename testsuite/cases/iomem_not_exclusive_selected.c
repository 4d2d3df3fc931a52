// SPDX-License-Identifier: GPL-2.0
/*
 * e1000e before "resource: allow MMIO exclusivity for device drivers": the
 * memory BARs are claimed with pci_request_selected_regions(), tested and
 * released with the same mask.  The patch switched this call to
 * pci_request_selected_regions_exclusive().
 *
 * drvcheck-options: --checks +iomem-not-exclusive
 * drvcheck-case: positive iomem-not-exclusive
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME "xe1000"
#define XE1000_CTRL 0x0000

struct xe1000 {
	void __iomem *hw_addr;
	int bars;
};

static int xe1000_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xe1000 *adapter;
	int err;

	adapter = devm_kzalloc(&pdev->dev, sizeof(*adapter), GFP_KERNEL);
	if (!adapter)
		return -ENOMEM;

	err = pci_enable_device_mem(pdev);
	if (err)
		return err;

	adapter->bars = pci_select_bars(pdev, IORESOURCE_MEM);
	err = pci_request_selected_regions(pdev, /* expect: iomem-not-exclusive */
					   adapter->bars, DRV_NAME);
	if (err)
		goto err_disable;

	adapter->hw_addr = pci_ioremap_bar(pdev, 0);
	if (!adapter->hw_addr) {
		err = -EIO;
		goto err_release;
	}

	writel(0, adapter->hw_addr + XE1000_CTRL);
	pci_set_master(pdev);
	pci_set_drvdata(pdev, adapter);
	return 0;

err_release:
	pci_release_selected_regions(pdev, adapter->bars);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xe1000_remove(struct pci_dev *pdev)
{
	struct xe1000 *adapter = pci_get_drvdata(pdev);

	iounmap(adapter->hw_addr);
	pci_release_selected_regions(pdev, adapter->bars);
	pci_disable_device(pdev);
}

static const struct pci_device_id xe1000_ids[] = {
	{ PCI_DEVICE(0x8086, 0x10d3) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xe1000_ids);

static struct pci_driver xe1000_driver = {
	.name		= DRV_NAME,
	.id_table	= xe1000_ids,
	.probe		= xe1000_probe,
	.remove		= xe1000_remove,
};
module_pci_driver(xe1000_driver);
MODULE_LICENSE("GPL");
