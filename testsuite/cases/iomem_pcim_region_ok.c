// SPDX-License-Identifier: GPL-2.0
/*
 * PCI sensor hub on 6.11's managed region helpers: pcim_iomap_region()
 * claims and maps the register BAR in one call, pcim_request_region()
 * claims the FIFO BAR and pcim_iomap_range() maps one window of it.
 * Every result is tested and devres releases all of it on unbind.
 * Correct.
 *
 * Before 6.11: pcim_compat.h.
 *
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>
#include <linux/err.h>

#include "pcim_compat.h"

#define DRV_NAME	"shub"
#define SHUB_REG_BAR	0
#define SHUB_FIFO_BAR	2
#define SHUB_FIFO_OFF	0x1000
#define SHUB_FIFO_LEN	0x400
#define SHUB_CTRL	0x04

struct shub {
	void __iomem *regs;
	void __iomem *fifo;
};

static int shub_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct shub *hub;
	int err;

	hub = devm_kzalloc(&pdev->dev, sizeof(*hub), GFP_KERNEL);
	if (!hub)
		return -ENOMEM;

	err = pcim_enable_device(pdev);
	if (err)
		return err;

	hub->regs = pcim_iomap_region(pdev, SHUB_REG_BAR, DRV_NAME);
	if (IS_ERR(hub->regs))
		return PTR_ERR(hub->regs);

	err = pcim_request_region(pdev, SHUB_FIFO_BAR, DRV_NAME);
	if (err)
		return err;
	hub->fifo = pcim_iomap_range(pdev, SHUB_FIFO_BAR, SHUB_FIFO_OFF,
				     SHUB_FIFO_LEN);
	if (IS_ERR_OR_NULL(hub->fifo))
		return -ENOMEM;

	writel(1, hub->regs + SHUB_CTRL);
	pci_set_drvdata(pdev, hub);
	return 0;
}

static void shub_remove(struct pci_dev *pdev)
{
	struct shub *hub = pci_get_drvdata(pdev);

	writel(0, hub->regs + SHUB_CTRL);
}

static const struct pci_device_id shub_ids[] = {
	{ PCI_DEVICE(0x8086, 0x9d35) },
	{ }
};
MODULE_DEVICE_TABLE(pci, shub_ids);

static struct pci_driver shub_driver = {
	.name		= DRV_NAME,
	.id_table	= shub_ids,
	.probe		= shub_probe,
	.remove		= shub_remove,
};
module_pci_driver(shub_driver);
MODULE_LICENSE("GPL");
