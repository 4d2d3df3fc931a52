// SPDX-License-Identifier: GPL-2.0
/*
 * A PATA driver in the pata_marvell style: before handing the device to
 * the generic BMDMA code, probe maps BAR 5 of its own device, reads one
 * register to see whether the PATA port is wired, and unmaps it again,
 * without requesting the BAR.  A peek, but at its own device's registers
 * while another driver (ahci on the same function) may own them: the BAR
 * is the driver's to request.  Unlike a peek at a window of another
 * device, this one is reported.
 *
 * drvcheck-case: positive iomem-unrequested-map
 * drvcheck-case: negative iomem-release-mismatch iomem-unchecked-request
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define PM_ABAR		5
#define PM_PORT_CAP	0x0c

static int pm_pata_wired(struct pci_dev *pdev)
{
	void __iomem *barp;
	u32 cap;

	barp = pci_iomap(pdev, PM_ABAR, 0x10); /* expect: iomem-unrequested-map */
	if (!barp)
		return -ENOMEM;
	cap = ioread32(barp + PM_PORT_CAP);
	pci_iounmap(pdev, barp);
	return cap & 1;
}

static int pm_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	int ret = pcim_enable_device(pdev);

	if (ret)
		return ret;
	ret = pm_pata_wired(pdev);
	if (ret <= 0)
		return ret ? ret : -ENODEV;
	return 0;
}

static const struct pci_device_id pm_ids[] = {
	{ PCI_DEVICE(0x11ab, 0x6101) },
	{ }
};
MODULE_DEVICE_TABLE(pci, pm_ids);

static struct pci_driver pm_driver = {
	.name		= "pm_pata",
	.id_table	= pm_ids,
	.probe		= pm_probe,
};
module_pci_driver(pm_driver);
MODULE_LICENSE("GPL");
