// SPDX-License-Identifier: GPL-2.0
/*
 * PCI FPGA card requesting its memory BARs with
 * pci_request_selected_regions() as a bare statement (that one is not
 * __must_check); the claim may fail and probe carries on.  Mapping and
 * release match the request.
 *
 * drvcheck-case: positive iomem-unchecked-request
 * drvcheck-case: negative iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME "fpgacard"

struct fpgacard {
	void __iomem *regs;
	int bars;
};

static int fpgacard_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct fpgacard *fc;
	int err;

	fc = devm_kzalloc(&pdev->dev, sizeof(*fc), GFP_KERNEL);
	if (!fc)
		return -ENOMEM;

	err = pci_enable_device_mem(pdev);
	if (err)
		return err;

	fc->bars = pci_select_bars(pdev, IORESOURCE_MEM);
	pci_request_selected_regions(pdev, fc->bars, DRV_NAME); /* expect: iomem-unchecked-request */

	fc->regs = pci_iomap(pdev, 0, 0);
	if (!fc->regs) {
		pci_release_selected_regions(pdev, fc->bars);
		pci_disable_device(pdev);
		return -ENOMEM;
	}

	pci_set_drvdata(pdev, fc);
	return 0;
}

static void fpgacard_remove(struct pci_dev *pdev)
{
	struct fpgacard *fc = pci_get_drvdata(pdev);

	pci_iounmap(pdev, fc->regs);
	pci_release_selected_regions(pdev, fc->bars);
	pci_disable_device(pdev);
}

static const struct pci_device_id fpgacard_ids[] = {
	{ PCI_DEVICE(0x10ee, 0x9038) },
	{ }
};
MODULE_DEVICE_TABLE(pci, fpgacard_ids);

static struct pci_driver fpgacard_driver = {
	.name		= DRV_NAME,
	.id_table	= fpgacard_ids,
	.probe		= fpgacard_probe,
	.remove		= fpgacard_remove,
};
module_pci_driver(fpgacard_driver);
MODULE_LICENSE("GPL");
