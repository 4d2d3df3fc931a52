// SPDX-License-Identifier: GPL-2.0
/*
 * PCI data-acquisition card: the result of pci_request_regions() goes into
 * err and is overwritten by the DMA-mask call before anyone tests it, so a
 * failed claim is silently ignored.  Mapping and release otherwise match
 * the request.
 *
 * drvcheck-case: positive iomem-unchecked-request
 * drvcheck-case: negative iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>

#define DRV_NAME "pcidaq"

struct pcidaq {
	void __iomem *regs;
};

static int pcidaq_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct pcidaq *daq;
	int err;

	daq = devm_kzalloc(&pdev->dev, sizeof(*daq), GFP_KERNEL);
	if (!daq)
		return -ENOMEM;

	err = pci_enable_device(pdev);
	if (err)
		return err;

	err = pci_request_regions(pdev, DRV_NAME); /* expect: iomem-unchecked-request */
	err = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (err)
		goto err_release;

	daq->regs = pci_iomap(pdev, 0, 0);
	if (!daq->regs) {
		err = -ENOMEM;
		goto err_release;
	}

	pci_set_master(pdev);
	pci_set_drvdata(pdev, daq);
	return 0;

err_release:
	pci_release_regions(pdev);
	pci_disable_device(pdev);
	return err;
}

static void pcidaq_remove(struct pci_dev *pdev)
{
	struct pcidaq *daq = pci_get_drvdata(pdev);

	pci_iounmap(pdev, daq->regs);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
}

static const struct pci_device_id pcidaq_ids[] = {
	{ PCI_DEVICE(0x10ee, 0x7011) },
	{ }
};
MODULE_DEVICE_TABLE(pci, pcidaq_ids);

static struct pci_driver pcidaq_driver = {
	.name		= DRV_NAME,
	.id_table	= pcidaq_ids,
	.probe		= pcidaq_probe,
	.remove		= pcidaq_remove,
};
module_pci_driver(pcidaq_driver);
MODULE_LICENSE("GPL");
