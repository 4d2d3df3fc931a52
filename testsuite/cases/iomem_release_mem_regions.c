// SPDX-License-Identifier: GPL-2.0
/*
 * hclge-style PCI NIC: probe claims every BAR, I/O ones too, with
 * pci_request_regions(); the uninit path gives back only the memory BARs
 * with pci_release_mem_regions() (pci_release_selected_regions() of
 * pci_select_bars(pdev, IORESOURCE_MEM)).  An I/O BAR stays claimed after
 * unbind and the next probe's request fails with -EBUSY.  The probe's own
 * error path releases correctly.
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME "xhns"

struct xhns {
	void __iomem *io_base;
};

static int xhns_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xhns *hw;
	int err;

	hw = devm_kzalloc(&pdev->dev, sizeof(*hw), GFP_KERNEL);
	if (!hw)
		return -ENOMEM;
	err = pci_enable_device(pdev);
	if (err)
		return err;
	err = pci_request_regions(pdev, DRV_NAME);
	if (err)
		goto err_disable;
	hw->io_base = pcim_iomap(pdev, 2, 0);
	if (!hw->io_base) {
		err = -ENOMEM;
		goto err_release;
	}
	pci_set_drvdata(pdev, hw);
	return 0;

err_release:
	pci_release_regions(pdev);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xhns_remove(struct pci_dev *pdev)
{
	struct xhns *hw = pci_get_drvdata(pdev);

	pcim_iounmap(pdev, hw->io_base);
	pci_release_mem_regions(pdev); /* expect: iomem-release-mismatch */
	pci_disable_device(pdev);
}

static const struct pci_device_id xhns_ids[] = {
	{ PCI_DEVICE(0x19e5, 0xa222) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xhns_ids);

static struct pci_driver xhns_driver = {
	.name		= DRV_NAME,
	.id_table	= xhns_ids,
	.probe		= xhns_probe,
	.remove		= xhns_remove,
};
module_pci_driver(xhns_driver);
MODULE_LICENSE("GPL");
