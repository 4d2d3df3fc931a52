// SPDX-License-Identifier: GPL-2.0
/*
 * A framebuffer for a PCI graphics card in matroxfb's style: its registers
 * are MMIO in BAR 1 (requested, tested, mapped), and it also marks the
 * legacy VGA ports as its own with request_region(0x3c0, 32), best effort,
 * without looking at the result -- the driver never does port I/O, so a
 * failed claim is not followed by any use of the ports.  The request only
 * shows the range in /proc/ioports (and is never released).  Correct: a
 * reservation, not a gate.
 *
 * drvcheck-case: negative iomem-unchecked-request iomem-release-mismatch
 * drvcheck-case: negative iomem-unrequested-map
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/ioport.h>
#include <linux/io.h>

#define DRV_NAME	"legfb"
#define LEGFB_REG_CTRL	0x1c00
#define LEGFB_VGA_BASE	0x3c0
#define LEGFB_VGA_LEN	32

struct legfb {
	void __iomem *regs;
};

static int legfb_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct legfb *fb;
	int ret;

	fb = devm_kzalloc(&pdev->dev, sizeof(*fb), GFP_KERNEL);
	if (!fb)
		return -ENOMEM;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pci_request_region(pdev, 1, DRV_NAME);
	if (ret)
		return ret;
	fb->regs = pci_iomap(pdev, 1, 0);
	if (!fb->regs) {
		pci_release_region(pdev, 1);
		return -ENOMEM;
	}
	/* shown in /proc/ioports: the card decodes the VGA ports too */
	request_region(LEGFB_VGA_BASE, LEGFB_VGA_LEN, DRV_NAME);
	writel(1, fb->regs + LEGFB_REG_CTRL);
	pci_set_drvdata(pdev, fb);
	return 0;
}

static void legfb_remove(struct pci_dev *pdev)
{
	struct legfb *fb = pci_get_drvdata(pdev);

	writel(0, fb->regs + LEGFB_REG_CTRL);
	pci_iounmap(pdev, fb->regs);
	pci_release_region(pdev, 1);
}

static const struct pci_device_id legfb_ids[] = {
	{ PCI_DEVICE(0x102b, 0x0525) },
	{ }
};
MODULE_DEVICE_TABLE(pci, legfb_ids);

static struct pci_driver legfb_driver = {
	.name		= DRV_NAME,
	.id_table	= legfb_ids,
	.probe		= legfb_probe,
	.remove		= legfb_remove,
};
module_pci_driver(legfb_driver);

MODULE_DESCRIPTION("drvcheck testsuite: legacy ports reserved for /proc, never accessed (correct)");
MODULE_LICENSE("GPL");
