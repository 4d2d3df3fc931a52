// SPDX-License-Identifier: GPL-2.0
/*
 * Comedi PCI data-acquisition board (after drivers/comedi/drivers/rtd520.c):
 * auto_attach calls comedi_pci_enable(), which enables the device and
 * claims every BAR with pci_request_regions() (comedi_pci.c), tests its
 * result, then maps BARs 2 and 0.  The maps are of requested BARs;
 * comedi_pci_disable() gives them back in detach.
 *
 * drvcheck-case: negative iomem-unrequested-map iomem-unchecked-request iomem-release-mismatch
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/io.h>
#include <linux/comedi/comedi_pci.h>

#define DRV_NAME	"xdaq"
#define XDAQ_CTRL	0x04

struct xdaq_private {
	void __iomem *lcfg;
};

static int xdaq_auto_attach(struct comedi_device *dev, unsigned long context)
{
	struct pci_dev *pcidev = comedi_to_pci_dev(dev);
	struct xdaq_private *devpriv;
	int ret;

	devpriv = comedi_alloc_devpriv(dev, sizeof(*devpriv));
	if (!devpriv)
		return -ENOMEM;

	ret = comedi_pci_enable(dev);
	if (ret)
		return ret;

	dev->mmio = pci_ioremap_bar(pcidev, 2);
	devpriv->lcfg = pci_ioremap_bar(pcidev, 0);
	if (!dev->mmio || !devpriv->lcfg)
		return -ENOMEM;

	writel(0, dev->mmio + XDAQ_CTRL);
	return 0;
}

static void xdaq_detach(struct comedi_device *dev)
{
	struct xdaq_private *devpriv = dev->private;

	if (devpriv && devpriv->lcfg)
		iounmap(devpriv->lcfg);
	comedi_pci_detach(dev);
}

static struct comedi_driver xdaq_driver = {
	.driver_name	= DRV_NAME,
	.module		= THIS_MODULE,
	.auto_attach	= xdaq_auto_attach,
	.detach		= xdaq_detach,
};

static int xdaq_pci_probe(struct pci_dev *dev, const struct pci_device_id *id)
{
	return comedi_pci_auto_config(dev, &xdaq_driver, id->driver_data);
}

static const struct pci_device_id xdaq_pci_table[] = {
	{ PCI_DEVICE(0x1435, 0x4520) },
	{ }
};
MODULE_DEVICE_TABLE(pci, xdaq_pci_table);

static struct pci_driver xdaq_pci_driver = {
	.name		= DRV_NAME,
	.id_table	= xdaq_pci_table,
	.probe		= xdaq_pci_probe,
	.remove		= comedi_pci_auto_unconfig,
};
module_comedi_pci_driver(xdaq_driver, xdaq_pci_driver);
MODULE_LICENSE("GPL");
