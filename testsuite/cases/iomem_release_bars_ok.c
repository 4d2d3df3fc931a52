// SPDX-License-Identifier: GPL-2.0
/*
 * PCI framebuffer in the tdfxfb style: three BARs claimed one by one, the
 * registers (BAR 0) and the frame buffer (BAR 1) as memory, the legacy
 * ports (BAR 2) as I/O ports, the memory BARs through the starts the
 * driver keeps; remove gives each back in its own space with
 * pci_resource_start() of its own BAR.  Three releases of three
 * starts: none is another BAR's request.
 *
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request
 * drvcheck-case: negative iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define DRV_NAME	"xfb"

struct xfb {
	void __iomem *regs;
	resource_size_t mmio_start, mmio_len, smem_start, smem_len;
};

static int xfb_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct xfb *xf;
	int err;

	xf = devm_kzalloc(&pdev->dev, sizeof(*xf), GFP_KERNEL);
	if (!xf)
		return -ENOMEM;
	err = pci_enable_device(pdev);
	if (err)
		return err;
	err = -EBUSY;
	xf->mmio_start = pci_resource_start(pdev, 0);
	xf->mmio_len = pci_resource_len(pdev, 0);
	if (!request_mem_region(xf->mmio_start, xf->mmio_len, DRV_NAME))
		goto err_disable;
	xf->smem_start = pci_resource_start(pdev, 1);
	xf->smem_len = pci_resource_len(pdev, 1);
	if (!request_mem_region(xf->smem_start, xf->smem_len, DRV_NAME))
		goto err_regs;
	if (!request_region(pci_resource_start(pdev, 2),
			    pci_resource_len(pdev, 2), DRV_NAME))
		goto err_fb;
	xf->regs = ioremap(xf->mmio_start, xf->mmio_len);
	if (!xf->regs) {
		err = -ENOMEM;
		goto err_io;
	}
	pci_set_drvdata(pdev, xf);
	return 0;

err_io:
	release_region(pci_resource_start(pdev, 2), pci_resource_len(pdev, 2));
err_fb:
	release_mem_region(xf->smem_start, xf->smem_len);
err_regs:
	release_mem_region(xf->mmio_start, xf->mmio_len);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void xfb_remove(struct pci_dev *pdev)
{
	struct xfb *xf = pci_get_drvdata(pdev);

	iounmap(xf->regs);
	release_region(pci_resource_start(pdev, 2), pci_resource_len(pdev, 2));
	release_mem_region(pci_resource_start(pdev, 1), pci_resource_len(pdev, 1));
	release_mem_region(pci_resource_start(pdev, 0), pci_resource_len(pdev, 0));
	pci_disable_device(pdev);
}

static const struct pci_device_id xfb_ids[] = {
	{ PCI_DEVICE(0x121a, 0x0005) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xfb_ids);

static struct pci_driver xfb_driver = {
	.name		= DRV_NAME,
	.id_table	= xfb_ids,
	.probe		= xfb_probe,
	.remove		= xfb_remove,
};
module_pci_driver(xfb_driver);
MODULE_LICENSE("GPL");
