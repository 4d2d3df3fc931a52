// SPDX-License-Identifier: GPL-2.0
/*
 * Scratch area of a PCI RAID engine: the engine uses a host buffer as
 * private scratch space the CPU never reads or writes, and the author took
 * DMA_NONE to mean "no CPU access".  DMA_NONE is not a valid direction for
 * any mapping call: the map in probe and the unmap in remove each pass it
 * and each is reported at its own call.
 *
 * drvcheck-case: positive dma-direction
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/io.h>

#define RE_SCRATCH_LEN		(128 * 1024)
#define RE_REG_SCRATCH_BASE	0x40
#define RE_REG_SCRATCH_SIZE	0x48

struct re_priv {
	struct pci_dev *pdev;
	void __iomem *bar;
	void *scratch;
	dma_addr_t scratch_dma;
};

static int re_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct re_priv *re;
	int ret;

	re = devm_kzalloc(&pdev->dev, sizeof(*re), GFP_KERNEL);
	if (!re)
		return -ENOMEM;
	re->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "raideng");
	if (ret)
		return ret;
	re->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);

	re->scratch = devm_kzalloc(&pdev->dev, RE_SCRATCH_LEN, GFP_KERNEL);
	if (!re->scratch)
		return -ENOMEM;
	re->scratch_dma = dma_map_single(&pdev->dev, re->scratch, RE_SCRATCH_LEN, DMA_NONE); /* expect: dma-direction */
	if (dma_mapping_error(&pdev->dev, re->scratch_dma))
		return -ENOMEM;

	writeq(re->scratch_dma, re->bar + RE_REG_SCRATCH_BASE);
	writel(RE_SCRATCH_LEN, re->bar + RE_REG_SCRATCH_SIZE);
	pci_set_drvdata(pdev, re);
	return 0;
}

static void re_remove(struct pci_dev *pdev)
{
	struct re_priv *re = pci_get_drvdata(pdev);

	writel(0, re->bar + RE_REG_SCRATCH_SIZE);
	pci_clear_master(pdev);
	dma_unmap_single(&pdev->dev, re->scratch_dma, RE_SCRATCH_LEN, DMA_NONE); /* expect: dma-direction */
}

static const struct pci_device_id re_ids[] = {
	{ PCI_DEVICE(0x9005, 0x0285) },
	{ }
};
MODULE_DEVICE_TABLE(pci, re_ids);

static struct pci_driver re_driver = {
	.name		= "raideng",
	.id_table	= re_ids,
	.probe		= re_probe,
	.remove		= re_remove,
};
module_pci_driver(re_driver);

MODULE_DESCRIPTION("drvcheck testsuite: DMA_NONE passed to map and unmap");
MODULE_LICENSE("GPL");
