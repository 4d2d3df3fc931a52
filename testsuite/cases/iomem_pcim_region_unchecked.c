// SPDX-License-Identifier: GPL-2.0
/*
 * PCI frame grabber on 6.11's managed region helpers: it overwrites what
 * pcim_request_region() returns for its register BAR before testing it, so a BAR another
 * driver owns is driven anyway, and it maps a debug window of BAR 4 with
 * pcim_iomap_range(), which claims nothing, while nothing ever requests
 * BAR 4.
 *
 * Before 6.11: pcim_compat.h.
 *
 * drvcheck-case: positive iomem-unchecked-request iomem-unrequested-map
 * drvcheck-case: negative iomem-release-mismatch
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>
#include <linux/dma-mapping.h>
#include <linux/err.h>

#include "pcim_compat.h"

#define DRV_NAME	"fgrab"
#define FGRAB_REG_BAR	0
#define FGRAB_DBG_BAR	4
#define FGRAB_DBG_OFF	0x200
#define FGRAB_DBG_LEN	0x40
#define FGRAB_START	0x10

struct fgrab {
	void __iomem *regs;
	void __iomem *dbg;
};

static int fgrab_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct fgrab *fg;
	int err;

	fg = devm_kzalloc(&pdev->dev, sizeof(*fg), GFP_KERNEL);
	if (!fg)
		return -ENOMEM;

	err = pcim_enable_device(pdev);
	if (err)
		return err;

	err = pcim_request_region(pdev, FGRAB_REG_BAR, DRV_NAME); /* expect: iomem-unchecked-request */
	err = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (err)
		return err;
	fg->regs = pcim_iomap(pdev, FGRAB_REG_BAR, 0);
	if (!fg->regs)
		return -ENOMEM;

	fg->dbg = pcim_iomap_range(pdev, FGRAB_DBG_BAR, FGRAB_DBG_OFF, /* expect: iomem-unrequested-map */
				   FGRAB_DBG_LEN);
	if (IS_ERR_OR_NULL(fg->dbg))
		return -ENOMEM;

	writel(1, fg->regs + FGRAB_START);
	pci_set_drvdata(pdev, fg);
	return 0;
}

static void fgrab_remove(struct pci_dev *pdev)
{
	struct fgrab *fg = pci_get_drvdata(pdev);

	writel(0, fg->regs + FGRAB_START);
}

static const struct pci_device_id fgrab_ids[] = {
	{ PCI_DEVICE(0x1ae0, 0x0042) },
	{ }
};
MODULE_DEVICE_TABLE(pci, fgrab_ids);

static struct pci_driver fgrab_driver = {
	.name		= DRV_NAME,
	.id_table	= fgrab_ids,
	.probe		= fgrab_probe,
	.remove		= fgrab_remove,
};
module_pci_driver(fgrab_driver);
MODULE_LICENSE("GPL");
