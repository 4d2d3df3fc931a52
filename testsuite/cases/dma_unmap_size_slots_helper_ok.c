// SPDX-License-Identifier: GPL-2.0
/*
 * The slot blocks done right: one helper allocates size * SL_QLEN bytes
 * for the command packets and for the sense buffers, and the teardown
 * frees each block with the size its caller gave times SL_QLEN.  The
 * helper's size is 64 for one caller and SL_SENSE_SIZE for the other, so
 * each free matches one of the values the allocation may have had: no
 * verdict (3w-9xxx.c's twa_allocate_memory() and its teardown).
 *
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/io.h>

#define SL_QLEN		32
#define SL_SENSE_SIZE	512
#define SL_REG_CMD	0x00
#define SL_REG_SENSE	0x08

struct sl_cmd {
	__le32 opcode;
	__le32 flags;
	__le64 sgl[7];
};

struct sl_dev {
	struct pci_dev *pdev;
	void __iomem *bar;
	dma_addr_t cmd_phys[SL_QLEN];
	struct sl_cmd *cmd_virt[SL_QLEN];
	dma_addr_t sense_phys[SL_QLEN];
	void *sense_virt[SL_QLEN];
};

static int sl_alloc_slots(struct sl_dev *sl, int size, int which)
{
	dma_addr_t dma;
	u8 *cpu;
	int i;

	cpu = dma_alloc_coherent(&sl->pdev->dev, size * SL_QLEN, &dma, GFP_KERNEL);
	if (!cpu)
		return -ENOMEM;
	for (i = 0; i < SL_QLEN; i++) {
		if (which == 0) {
			sl->cmd_phys[i] = dma + i * size;
			sl->cmd_virt[i] = (struct sl_cmd *)(cpu + i * size);
		} else {
			sl->sense_phys[i] = dma + i * size;
			sl->sense_virt[i] = cpu + i * size;
		}
	}
	return 0;
}

static void sl_free_slots(struct sl_dev *sl)
{
	if (sl->cmd_virt[0])
		dma_free_coherent(&sl->pdev->dev, sizeof(struct sl_cmd) * SL_QLEN,
				  sl->cmd_virt[0], sl->cmd_phys[0]);
	if (sl->sense_virt[0])
		dma_free_coherent(&sl->pdev->dev, SL_SENSE_SIZE * SL_QLEN,
				  sl->sense_virt[0], sl->sense_phys[0]);
}

static int sl_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct sl_dev *sl;
	int ret;

	sl = devm_kzalloc(&pdev->dev, sizeof(*sl), GFP_KERNEL);
	if (!sl)
		return -ENOMEM;
	sl->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "sl");
	if (ret)
		return ret;
	sl->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	ret = sl_alloc_slots(sl, sizeof(struct sl_cmd), 0);
	if (ret)
		return ret;
	ret = sl_alloc_slots(sl, SL_SENSE_SIZE, 1);
	if (ret) {
		sl_free_slots(sl);
		return ret;
	}
	writel(lower_32_bits(sl->cmd_phys[0]), sl->bar + SL_REG_CMD);
	writel(lower_32_bits(sl->sense_phys[0]), sl->bar + SL_REG_SENSE);
	pci_set_drvdata(pdev, sl);
	return 0;
}

static void sl_remove(struct pci_dev *pdev)
{
	struct sl_dev *sl = pci_get_drvdata(pdev);

	writel(0, sl->bar + SL_REG_CMD);
	sl_free_slots(sl);
}

static const struct pci_device_id sl_ids[] = {
	{ PCI_DEVICE(0x13c1, 0x1010) },
	{ }
};
MODULE_DEVICE_TABLE(pci, sl_ids);

static struct pci_driver sl_driver = {
	.name		= "sl",
	.id_table	= sl_ids,
	.probe		= sl_probe,
	.remove		= sl_remove,
};
module_pci_driver(sl_driver);

MODULE_DESCRIPTION("drvcheck testsuite: blocks of slots freed with the size they were allocated with (correct)");
MODULE_LICENSE("GPL");
