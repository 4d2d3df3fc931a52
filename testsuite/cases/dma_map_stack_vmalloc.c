// SPDX-License-Identifier: GPL-2.0
/*
 * Trace buffer of a PCI FPGA logic analyser: a 1 MiB capture buffer is
 * allocated with vmalloc() (too big for kmalloc, the author thought) and
 * mapped with dma_map_single().  vmalloc memory is not physically
 * contiguous and virt_to_page() does not work on it: it must not be mapped
 * as a single buffer.
 *
 * drvcheck-case: positive dma-map-stack
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/vmalloc.h>
#include <linux/io.h>

#define LA_TRACE_LEN		(1024 * 1024)
#define LA_REG_TRACE_ADDR	0x00
#define LA_REG_TRACE_LEN	0x08
#define LA_REG_ARM		0x0c

struct la {
	struct pci_dev *pdev;
	void __iomem *bar;
	void *trace;
	dma_addr_t trace_dma;
};

static int la_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct la *la;
	int ret;

	la = devm_kzalloc(&pdev->dev, sizeof(*la), GFP_KERNEL);
	if (!la)
		return -ENOMEM;
	la->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "logic-an");
	if (ret)
		return ret;
	la->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);

	la->trace = vzalloc(LA_TRACE_LEN);
	if (!la->trace)
		return -ENOMEM;
	la->trace_dma = dma_map_single(&pdev->dev, la->trace, LA_TRACE_LEN, DMA_FROM_DEVICE); /* expect: dma-map-stack */
	if (dma_mapping_error(&pdev->dev, la->trace_dma)) {
		vfree(la->trace);
		return -ENOMEM;
	}
	writeq(la->trace_dma, la->bar + LA_REG_TRACE_ADDR);
	writel(LA_TRACE_LEN, la->bar + LA_REG_TRACE_LEN);
	writel(1, la->bar + LA_REG_ARM);
	pci_set_drvdata(pdev, la);
	return 0;
}

static void la_remove(struct pci_dev *pdev)
{
	struct la *la = pci_get_drvdata(pdev);

	writel(0, la->bar + LA_REG_ARM);
	pci_clear_master(pdev);
	dma_unmap_single(&pdev->dev, la->trace_dma, LA_TRACE_LEN, DMA_FROM_DEVICE);
	vfree(la->trace);
}

static const struct pci_device_id la_ids[] = {
	{ PCI_DEVICE(0x10ee, 0x9038) },
	{ }
};
MODULE_DEVICE_TABLE(pci, la_ids);

static struct pci_driver la_driver = {
	.name		= "logic-an",
	.id_table	= la_ids,
	.probe		= la_probe,
	.remove		= la_remove,
};
module_pci_driver(la_driver);

MODULE_DESCRIPTION("drvcheck testsuite: vmalloc buffer mapped with dma_map_single");
MODULE_LICENSE("GPL");
