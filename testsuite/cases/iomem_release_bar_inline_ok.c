// SPDX-License-Identifier: GPL-2.0
/*
 * A network card with two register windows, BAR 0 and BAR 2 (64-bit BARs
 * take two slots), claimed and given back by one pair of inline helpers
 * called with the window's index, the way liquidio's octeon_map_pci_barx()
 * does.  Each inlined copy claims or releases another BAR: remove gives
 * back BAR 2 and BAR 0, both of which probe requested; so does the
 * error path, which gives back BAR 2 first.
 *
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request
 * drvcheck-case: negative iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME	"xbar"
#define XBAR_WINDOWS	2
#define XBAR_REG_ID	0x00
#define XBAR_ID		0x7a010001

struct xbar {
	struct pci_dev *pdev;
	struct {
		resource_size_t start;
		void __iomem *regs;
	} win[XBAR_WINDOWS];
};

static inline int xbar_map_window(struct xbar *xb, int idx)
{
	if (pci_request_region(xb->pdev, idx * 2, DRV_NAME))
		return -EBUSY;
	xb->win[idx].start = pci_resource_start(xb->pdev, idx * 2);
	xb->win[idx].regs = pci_ioremap_bar(xb->pdev, idx * 2);
	if (!xb->win[idx].regs) {
		pci_release_region(xb->pdev, idx * 2);
		return -ENOMEM;
	}
	return 0;
}

static inline void xbar_unmap_window(struct xbar *xb, int idx)
{
	iounmap(xb->win[idx].regs);
	if (xb->win[idx].start)
		pci_release_region(xb->pdev, idx * 2);
}

static int xbar_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xbar *xb;
	int err;

	xb = devm_kzalloc(&pdev->dev, sizeof(*xb), GFP_KERNEL);
	if (!xb)
		return -ENOMEM;
	xb->pdev = pdev;
	err = pci_enable_device(pdev);
	if (err)
		return err;
	err = xbar_map_window(xb, 0);
	if (err)
		goto err_disable;
	err = xbar_map_window(xb, 1);
	if (err)
		goto err_unmap0;
	if (readl(xb->win[0].regs + XBAR_REG_ID) != XBAR_ID) {
		err = -ENODEV;
		goto err_unmap1;
	}
	pci_set_drvdata(pdev, xb);
	return 0;

err_unmap1:
	xbar_unmap_window(xb, 1);
err_unmap0:
	xbar_unmap_window(xb, 0);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xbar_remove(struct pci_dev *pdev)
{
	struct xbar *xb = pci_get_drvdata(pdev);

	xbar_unmap_window(xb, 1);
	xbar_unmap_window(xb, 0);
	pci_disable_device(pdev);
}

static const struct pci_device_id xbar_ids[] = {
	{ PCI_DEVICE(0x1d0f, 0x7a01) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xbar_ids);

static struct pci_driver xbar_driver = {
	.name		= DRV_NAME,
	.id_table	= xbar_ids,
	.probe		= xbar_probe,
	.remove		= xbar_remove,
};
module_pci_driver(xbar_driver);
MODULE_LICENSE("GPL");
