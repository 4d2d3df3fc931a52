// SPDX-License-Identifier: GPL-2.0
/*
 * PCI serial-bus controller, the canonical unmanaged sequence:
 * pci_enable_device(), pci_request_regions() tested with goto unwinding,
 * pci_iomap() of BAR 0, and pci_release_regions() on the error path and in
 * remove.  Correct.
 *
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME "sbctl"
#define SBCTL_RESET 0x10

struct sbctl {
	void __iomem *regs;
};

static int sbctl_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct sbctl *sb;
	int err;

	sb = devm_kzalloc(&pdev->dev, sizeof(*sb), GFP_KERNEL);
	if (!sb)
		return -ENOMEM;

	err = pci_enable_device(pdev);
	if (err)
		return err;

	err = pci_request_regions(pdev, DRV_NAME);
	if (err)
		goto err_disable;

	sb->regs = pci_iomap(pdev, 0, 0);
	if (!sb->regs) {
		err = -ENOMEM;
		goto err_release;
	}

	iowrite32(1, sb->regs + SBCTL_RESET);
	pci_set_master(pdev);
	pci_set_drvdata(pdev, sb);
	return 0;

err_release:
	pci_release_regions(pdev);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void sbctl_remove(struct pci_dev *pdev)
{
	struct sbctl *sb = pci_get_drvdata(pdev);

	pci_iounmap(pdev, sb->regs);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
}

static const struct pci_device_id sbctl_ids[] = {
	{ PCI_DEVICE(0x1b36, 0x0105) },
	{ }
};
MODULE_DEVICE_TABLE(pci, sbctl_ids);

static struct pci_driver sbctl_driver = {
	.name		= DRV_NAME,
	.id_table	= sbctl_ids,
	.probe		= sbctl_probe,
	.remove		= sbctl_remove,
};
module_pci_driver(sbctl_driver);
MODULE_LICENSE("GPL");
