// SPDX-License-Identifier: GPL-2.0
/*
 * PCI Ethernet-style NIC that claims only its memory BARs: the mask from
 * pci_select_bars(IORESOURCE_MEM) is kept in the private struct and the
 * same mask goes to pci_release_selected_regions() on the error path and
 * in remove; BAR 0 (a memory BAR) is mapped after the claim.  Correct.
 *
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME "xnic"
#define XNIC_CTRL 0x0000

struct xnic {
	void __iomem *hw_addr;
	int bars;
};

static int xnic_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xnic *nic;
	int err;

	nic = devm_kzalloc(&pdev->dev, sizeof(*nic), GFP_KERNEL);
	if (!nic)
		return -ENOMEM;

	err = pci_enable_device_mem(pdev);
	if (err)
		return err;

	nic->bars = pci_select_bars(pdev, IORESOURCE_MEM);
	err = pci_request_selected_regions(pdev, nic->bars, DRV_NAME);
	if (err)
		goto err_disable;

	nic->hw_addr = pci_ioremap_bar(pdev, 0);
	if (!nic->hw_addr) {
		err = -EIO;
		goto err_release;
	}

	writel(0, nic->hw_addr + XNIC_CTRL);
	pci_set_master(pdev);
	pci_set_drvdata(pdev, nic);
	return 0;

err_release:
	pci_release_selected_regions(pdev, nic->bars);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xnic_remove(struct pci_dev *pdev)
{
	struct xnic *nic = pci_get_drvdata(pdev);

	iounmap(nic->hw_addr);
	pci_release_selected_regions(pdev, nic->bars);
	pci_disable_device(pdev);
}

static const struct pci_device_id xnic_ids[] = {
	{ PCI_DEVICE(0x8086, 0x10d3) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xnic_ids);

static struct pci_driver xnic_driver = {
	.name		= DRV_NAME,
	.id_table	= xnic_ids,
	.probe		= xnic_probe,
	.remove		= xnic_remove,
};
module_pci_driver(xnic_driver);
MODULE_LICENSE("GPL");
