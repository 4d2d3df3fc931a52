// SPDX-License-Identifier: GPL-2.0
/*
 * Scratch buffer of a PCI frame grabber: probe kzalloc()s it and maps it
 * with dma_map_single() (the driver used to dma_alloc_coherent() it), and
 * remove still frees it with dma_free_coherent(): a streaming handle and a
 * kmalloc address freed as coherent memory.
 *
 * drvcheck-case: positive dma-coherent-streaming-mix
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/io.h>

#define FG_SCRATCH_LEN		(64 * 1024)
#define FG_REG_SCRATCH_LO	0x30
#define FG_REG_SCRATCH_HI	0x34
#define FG_REG_SCRATCH_LEN	0x38

struct fg_priv {
	struct pci_dev *pdev;
	void __iomem *mmio;
	void *scratch;
	dma_addr_t scratch_dma;
};

static int fg_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct fg_priv *fg;
	int ret;

	fg = devm_kzalloc(&pdev->dev, sizeof(*fg), GFP_KERNEL);
	if (!fg)
		return -ENOMEM;
	fg->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "framegrab");
	if (ret)
		return ret;
	fg->mmio = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	pci_set_master(pdev);

	fg->scratch = kzalloc(FG_SCRATCH_LEN, GFP_KERNEL);
	if (!fg->scratch)
		return -ENOMEM;
	fg->scratch_dma = dma_map_single(&pdev->dev, fg->scratch, FG_SCRATCH_LEN,
					 DMA_BIDIRECTIONAL);
	if (dma_mapping_error(&pdev->dev, fg->scratch_dma)) {
		kfree(fg->scratch);
		return -ENOMEM;
	}
	writel(lower_32_bits(fg->scratch_dma), fg->mmio + FG_REG_SCRATCH_LO);
	writel(upper_32_bits(fg->scratch_dma), fg->mmio + FG_REG_SCRATCH_HI);
	writel(FG_SCRATCH_LEN, fg->mmio + FG_REG_SCRATCH_LEN);
	pci_set_drvdata(pdev, fg);
	return 0;
}

static void fg_remove(struct pci_dev *pdev)
{
	struct fg_priv *fg = pci_get_drvdata(pdev);

	writel(0, fg->mmio + FG_REG_SCRATCH_LEN);
	pci_clear_master(pdev);
	dma_free_coherent(&pdev->dev, FG_SCRATCH_LEN, fg->scratch, fg->scratch_dma); /* expect: dma-coherent-streaming-mix */
}

static const struct pci_device_id fg_ids[] = {
	{ PCI_DEVICE(0x14f1, 0x8880) },
	{ }
};
MODULE_DEVICE_TABLE(pci, fg_ids);

static struct pci_driver fg_driver = {
	.name		= "framegrab",
	.id_table	= fg_ids,
	.probe		= fg_probe,
	.remove		= fg_remove,
};
module_pci_driver(fg_driver);

MODULE_DESCRIPTION("drvcheck testsuite: streaming handle freed with dma_free_coherent");
MODULE_LICENSE("GPL");
