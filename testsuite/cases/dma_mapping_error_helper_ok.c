// SPDX-License-Identifier: GPL-2.0
/*
 * PCI sound card period buffers: a helper, ndsp_map_period(), maps one
 * period and returns the handle to its caller; the caller tests it with
 * dma_mapping_error() and unwinds the periods mapped so far.  The check is
 * in the caller, not next to the map call.  Correct.
 *
 * drvcheck-case: negative dma-mapping-error-unchecked dma-unmap-size dma-direction
 * drvcheck-case: negative dma-unmap-kind dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/io.h>

#define NDSP_PERIODS		4
#define NDSP_PERIOD_BYTES	4096
#define NDSP_REG_PERIOD(i)	(0x80 + (i) * 8)
#define NDSP_REG_PERIOD_LEN	0xc0

struct ndsp {
	struct pci_dev *pdev;
	void __iomem *bar;
	void *period[NDSP_PERIODS];
	dma_addr_t period_dma[NDSP_PERIODS];
};

static dma_addr_t ndsp_map_period(struct ndsp *nd, void *buf)
{
	return dma_map_single(&nd->pdev->dev, buf, NDSP_PERIOD_BYTES,
			      DMA_TO_DEVICE);
}

static void ndsp_unmap_periods(struct ndsp *nd, int n)
{
	while (n--)
		dma_unmap_single(&nd->pdev->dev, nd->period_dma[n],
				 NDSP_PERIOD_BYTES, DMA_TO_DEVICE);
}

static int ndsp_setup_periods(struct ndsp *nd)
{
	int i;

	for (i = 0; i < NDSP_PERIODS; i++) {
		dma_addr_t dma = ndsp_map_period(nd, nd->period[i]);

		if (dma_mapping_error(&nd->pdev->dev, dma)) {
			ndsp_unmap_periods(nd, i);
			return -ENOMEM;
		}
		nd->period_dma[i] = dma;
		writeq(dma, nd->bar + NDSP_REG_PERIOD(i));
	}
	writel(NDSP_PERIOD_BYTES, nd->bar + NDSP_REG_PERIOD_LEN);
	return 0;
}

static int ndsp_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct ndsp *nd;
	int i, ret;

	nd = devm_kzalloc(&pdev->dev, sizeof(*nd), GFP_KERNEL);
	if (!nd)
		return -ENOMEM;
	nd->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "ndsp");
	if (ret)
		return ret;
	nd->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	pci_set_master(pdev);

	for (i = 0; i < NDSP_PERIODS; i++) {
		nd->period[i] = devm_kzalloc(&pdev->dev, NDSP_PERIOD_BYTES,
					     GFP_KERNEL);
		if (!nd->period[i])
			return -ENOMEM;
	}
	ret = ndsp_setup_periods(nd);
	if (ret)
		return ret;
	pci_set_drvdata(pdev, nd);
	return 0;
}

static void ndsp_remove(struct pci_dev *pdev)
{
	struct ndsp *nd = pci_get_drvdata(pdev);

	writel(0, nd->bar + NDSP_REG_PERIOD_LEN);
	ndsp_unmap_periods(nd, NDSP_PERIODS);
}

static const struct pci_device_id ndsp_ids[] = {
	{ PCI_DEVICE(0x1102, 0x0012) },
	{ }
};
MODULE_DEVICE_TABLE(pci, ndsp_ids);

static struct pci_driver ndsp_driver = {
	.name		= "ndsp",
	.id_table	= ndsp_ids,
	.probe		= ndsp_probe,
	.remove		= ndsp_remove,
};
module_pci_driver(ndsp_driver);

MODULE_DESCRIPTION("drvcheck testsuite: mapping checked by the helper's caller (correct)");
MODULE_LICENSE("GPL");
