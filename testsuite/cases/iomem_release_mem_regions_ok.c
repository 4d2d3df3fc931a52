// SPDX-License-Identifier: GPL-2.0
/*
 * The same NIC done right: probe claims only the memory BARs with
 * pci_request_mem_regions() and both paths give back the same with
 * pci_release_mem_regions().
 *
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME "xhnm"

struct xhnm {
	void __iomem *io_base;
};

static int xhnm_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xhnm *hw;
	int err;

	hw = devm_kzalloc(&pdev->dev, sizeof(*hw), GFP_KERNEL);
	if (!hw)
		return -ENOMEM;
	err = pci_enable_device(pdev);
	if (err)
		return err;
	err = pci_request_mem_regions(pdev, DRV_NAME);
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
	pci_release_mem_regions(pdev);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xhnm_remove(struct pci_dev *pdev)
{
	struct xhnm *hw = pci_get_drvdata(pdev);

	pcim_iounmap(pdev, hw->io_base);
	pci_release_mem_regions(pdev);
	pci_disable_device(pdev);
}

static const struct pci_device_id xhnm_ids[] = {
	{ PCI_DEVICE(0x19e5, 0xa222) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xhnm_ids);

static struct pci_driver xhnm_driver = {
	.name		= DRV_NAME,
	.id_table	= xhnm_ids,
	.probe		= xhnm_probe,
	.remove		= xhnm_remove,
};
module_pci_driver(xhnm_driver);
MODULE_LICENSE("GPL");
