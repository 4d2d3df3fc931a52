// SPDX-License-Identifier: GPL-2.0
/*
 * An EDAC-style driver in the pnd2_edac way: to read one memory
 * controller register it maps the host bridge's MCHBAR window (whose
 * address the bridge's config space gives), reads, and unmaps it again
 * in the same function.  The window belongs to the bridge (firmware
 * claims it as a motherboard resource); a peek that keeps no mapping is
 * no claim the driver could make, so iomem-unrequested-map has nothing to
 * say.
 *
 * drvcheck-case: negative iomem-unrequested-map iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>

#define PK_MCHBAR_LO	0x48
#define PK_MCHBAR_SIZE	0x8000
#define PK_DIMM_CFG	0x5004

static int pk_read_dimm_cfg(struct pci_dev *bridge, u32 *val)
{
	struct resource r = { };
	void __iomem *base;
	u32 lo;

	pci_read_config_dword(bridge, PK_MCHBAR_LO, &lo);
	r.start = lo & ~0x7fffU;
	if (!r.start)
		return -ENODEV;
	r.end = r.start + PK_MCHBAR_SIZE - 1;
	base = ioremap(r.start, resource_size(&r));
	if (!base)
		return -ENODEV;
	*val = readl(base + PK_DIMM_CFG);
	iounmap(base);
	return 0;
}

static int pk_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	u32 cfg;
	int ret = pk_read_dimm_cfg(pdev, &cfg);

	if (ret)
		return ret;
	pci_info(pdev, "DIMM config %#x\n", cfg);
	return 0;
}

static const struct pci_device_id pk_ids[] = {
	{ PCI_DEVICE(PCI_VENDOR_ID_INTEL, 0x1980) },
	{ }
};
MODULE_DEVICE_TABLE(pci, pk_ids);

static struct pci_driver pk_driver = {
	.name		= "pk_edac",
	.id_table	= pk_ids,
	.probe		= pk_probe,
};
module_pci_driver(pk_driver);
MODULE_LICENSE("GPL");
