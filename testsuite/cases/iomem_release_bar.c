// SPDX-License-Identifier: GPL-2.0
/*
 * PCI sound DSP whose registers live in BAR 2: probe claims and maps BAR 2,
 * but remove releases BAR 0, which was never claimed; BAR 2 stays busy.
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME	"xdsp"
#define XDSP_REG_BAR	2
#define XDSP_RESET	0x08

struct xdsp {
	void __iomem *regs;
};

static int xdsp_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xdsp *dsp;
	int err;

	dsp = devm_kzalloc(&pdev->dev, sizeof(*dsp), GFP_KERNEL);
	if (!dsp)
		return -ENOMEM;

	err = pci_enable_device(pdev);
	if (err)
		return err;

	err = pci_request_region(pdev, XDSP_REG_BAR, DRV_NAME);
	if (err)
		goto err_disable;

	dsp->regs = pci_iomap(pdev, XDSP_REG_BAR, 0);
	if (!dsp->regs) {
		err = -ENOMEM;
		goto err_release;
	}

	iowrite32(1, dsp->regs + XDSP_RESET);
	pci_set_drvdata(pdev, dsp);
	return 0;

err_release:
	pci_release_region(pdev, XDSP_REG_BAR);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xdsp_remove(struct pci_dev *pdev)
{
	struct xdsp *dsp = pci_get_drvdata(pdev);

	pci_iounmap(pdev, dsp->regs);
	pci_release_region(pdev, 0); /* expect: iomem-release-mismatch */
	pci_disable_device(pdev);
}

static const struct pci_device_id xdsp_ids[] = {
	{ PCI_DEVICE(0x1102, 0x0008) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xdsp_ids);

static struct pci_driver xdsp_driver = {
	.name		= DRV_NAME,
	.id_table	= xdsp_ids,
	.probe		= xdsp_probe,
	.remove		= xdsp_remove,
};
module_pci_driver(xdsp_driver);
MODULE_LICENSE("GPL");
