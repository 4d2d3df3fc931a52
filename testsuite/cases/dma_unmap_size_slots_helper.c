// SPDX-License-Identifier: GPL-2.0
/*
 * A RAID controller with a command packet and a sense buffer per queue
 * slot.  One helper allocates a coherent block of size * SL_QLEN bytes
 * for either kind and carves it into slots (phys[i] = dma + i * size);
 * probe calls it with the packet size and with the sense size.  The
 * teardown frees the sense block with the size of one slot: dma-debug
 * reports "frees DMA memory with different size", and the allocator gets
 * back a smaller order than it gave.  Whichever caller made the block,
 * SL_SENSE_SIZE is neither 64 * SL_QLEN nor SL_SENSE_SIZE * SL_QLEN bytes
 * (3w-9xxx.c's twa_allocate_memory() layout).  Coccinelle knows no struct
 * layouts: sizeof(struct sl_cmd) is an atom of unknown value there, so
 * the first caller's block may be 512 bytes as far as it can tell.
 *
 * drvcheck-case: positive dma-unmap-size
 * drvcheck-case: negative dma-unmap-kind dma-coherent-streaming-mix
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
	/* BUG: one slot, not the block sl_alloc_slots() allocated */
	if (sl->sense_virt[0])
		dma_free_coherent(&sl->pdev->dev, SL_SENSE_SIZE, /* expect(!cocci): dma-unmap-size */
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

MODULE_DESCRIPTION("drvcheck testsuite: a block of slots freed with the size of one slot (bug)");
MODULE_LICENSE("GPL");
