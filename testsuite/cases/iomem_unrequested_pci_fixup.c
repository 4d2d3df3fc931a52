// SPDX-License-Identifier: GPL-2.0
/*
 * A USB controller handoff in the usb/host/pci-quirks.c style: a final
 * PCI fixup runs on every USB-class function at enumeration, maps BAR 0,
 * takes the controller from the BIOS (the operational registers sit
 * cap_length bytes in, polled by a helper) and unmaps it again, before
 * any driver binds; ehci-pci or xhci-pci requests the BAR later.  The
 * fixup is no driver of the device: its peek is not reported, neither
 * the EHCI one's PCI BAR map nor the xHCI one's ioremap() of the start,
 * whose base a capability-walking helper is given.  The same file's own
 * PCI driver peeks at its device's BAR 1 from probe, unrequested: that one
 * is the driver's to request, and is reported.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>
#include <linux/delay.h>

#define HQ_CAPLENGTH	0x00
#define HQ_USBLEGSUP	0x40
#define HQ_BIOS_OWNED	BIT(16)
#define HQ_OS_OWNED	BIT(24)
#define HQ_CONFIGFLAG	0x40
#define HQ_HCCPARAMS	0x10
#define HQ_CAP_LEGACY	1

static int hq_handshake(void __iomem *reg, u32 mask, u32 done, int usec)
{
	while (usec > 0) {
		if ((readl(reg) & mask) == done)
			return 0;
		udelay(10);
		usec -= 10;
	}
	return -ETIMEDOUT;
}

static void hq_ehci_handoff(struct pci_dev *pdev)
{
	void __iomem *base, *op_reg_base;
	u32 cap_length;

	if (!pci_resource_start(pdev, 0))
		return;
	base = pci_ioremap_bar(pdev, 0);
	if (!base)
		return;
	cap_length = readb(base + HQ_CAPLENGTH);
	op_reg_base = base + cap_length;
	writel(HQ_OS_OWNED, base + HQ_USBLEGSUP);
	if (hq_handshake(base + HQ_USBLEGSUP, HQ_BIOS_OWNED, 0, 1000))
		dev_warn(&pdev->dev, "BIOS kept the controller\n");
	writel(0, op_reg_base + HQ_CONFIGFLAG);
	iounmap(base);
}

static int hq_find_cap(void __iomem *base, int id)
{
	u32 off = readl(base + HQ_HCCPARAMS) >> 16 << 2;

	while (off) {
		u32 cap = readl(base + off);

		if ((cap & 0xff) == id)
			return off;
		off = ((cap >> 8) & 0xff) << 2;
	}
	return 0;
}

static void hq_xhci_handoff(struct pci_dev *pdev)
{
	void __iomem *base;
	int cap;

	base = ioremap(pci_resource_start(pdev, 0), pci_resource_len(pdev, 0));
	if (!base)
		return;
	cap = hq_find_cap(base, HQ_CAP_LEGACY);
	if (cap)
		writel(HQ_OS_OWNED, base + cap);
	iounmap(base);
}

static void hq_early_handoff(struct pci_dev *pdev)
{
	if (pdev->class == PCI_CLASS_SERIAL_USB_EHCI)
		hq_ehci_handoff(pdev);
	else if (pdev->class == PCI_CLASS_SERIAL_USB_XHCI)
		hq_xhci_handoff(pdev);
}
DECLARE_PCI_FIXUP_CLASS_FINAL(PCI_ANY_ID, PCI_ANY_ID,
			      PCI_CLASS_SERIAL_USB, 8, hq_early_handoff);

/* The companion function's driver, in the same file. */
static int hq_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	void __iomem *regs;
	u32 rev;
	int ret = pcim_enable_device(pdev);

	if (ret)
		return ret;
	regs = pci_ioremap_bar(pdev, 1); /* expect: iomem-unrequested-map */
	if (!regs)
		return -ENOMEM;
	rev = readl(regs);
	iounmap(regs);
	return rev ? 0 : -ENODEV;
}

static const struct pci_device_id hq_ids[] = {
	{ PCI_DEVICE(0x1dad, 0x0303) },
	{ }
};
MODULE_DEVICE_TABLE(pci, hq_ids);

static struct pci_driver hq_driver = {
	.name		= "hq",
	.id_table	= hq_ids,
	.probe		= hq_probe,
};
module_pci_driver(hq_driver);

MODULE_DESCRIPTION("drvcheck testsuite: a PCI fixup peeking at a BAR");
MODULE_LICENSE("GPL");
