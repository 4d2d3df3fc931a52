// SPDX-License-Identifier: GPL-2.0
/*
 * Header-split receive of a PCI capture card: each RX buffer is mapped once
 * with CAP_BUF_LEN (2048) and recycled.  The interrupt handler only looks
 * at the 128-byte record header at offset 64 (after the hardware's
 * timestamp block), so it syncs that sub-range with
 * dma_sync_single_range_for_cpu() / _for_device(); the timestamp block is
 * synced as a 64-byte prefix with dma_sync_single_for_cpu().  Every sync
 * lies inside the mapping; the unmap uses the mapped size.  Correct: a sync
 * may cover less than the mapping, it must not reach outside it.
 *
 * drvcheck-case: negative dma-unmap-size dma-direction dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 * drvcheck-case: negative dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/io.h>
#include "unaligned_compat.h"

#define CAP_NR_BUFS		16
#define CAP_BUF_LEN		2048
#define CAP_TS_LEN		64	/* timestamp block at offset 0 */
#define CAP_HDR_OFF		CAP_TS_LEN
#define CAP_HDR_LEN		128

#define CAP_REG_BUF_ADDR(i)	(0x100 + (i) * 8)
#define CAP_REG_DONE		0x08
#define CAP_REG_RELEASE		0x0c

struct cap_buf {
	void *cpu;
	dma_addr_t dma;
};

struct cap_priv {
	struct pci_dev *pdev;
	void __iomem *bar;
	struct cap_buf buf[CAP_NR_BUFS];
	u64 records;
	u64 last_ts;
};

static irqreturn_t cap_irq(int irq, void *data)
{
	struct cap_priv *cap = data;
	struct device *dev = &cap->pdev->dev;
	u32 done = readl(cap->bar + CAP_REG_DONE);
	unsigned long pending = done;
	unsigned int i;

	if (!done)
		return IRQ_NONE;

	for_each_set_bit(i, &pending, CAP_NR_BUFS) {
		struct cap_buf *b = &cap->buf[i];

		dma_sync_single_for_cpu(dev, b->dma, CAP_TS_LEN, DMA_FROM_DEVICE);
		cap->last_ts = get_unaligned_le64(b->cpu);

		dma_sync_single_range_for_cpu(dev, b->dma, CAP_HDR_OFF,
					      CAP_HDR_LEN, DMA_FROM_DEVICE);
		if (get_unaligned_le16(b->cpu + CAP_HDR_OFF) == 0xca9e)
			cap->records++;
		dma_sync_single_range_for_device(dev, b->dma, CAP_HDR_OFF,
						 CAP_HDR_LEN, DMA_FROM_DEVICE);
		dma_sync_single_for_device(dev, b->dma, CAP_TS_LEN,
					   DMA_FROM_DEVICE);
	}
	writel(done, cap->bar + CAP_REG_RELEASE);
	return IRQ_HANDLED;
}

static void cap_free_bufs(struct cap_priv *cap, unsigned int n)
{
	while (n--) {
		dma_unmap_single(&cap->pdev->dev, cap->buf[n].dma, CAP_BUF_LEN,
				 DMA_FROM_DEVICE);
		kfree(cap->buf[n].cpu);
	}
}

static int cap_alloc_bufs(struct cap_priv *cap)
{
	struct device *dev = &cap->pdev->dev;
	unsigned int i;

	for (i = 0; i < CAP_NR_BUFS; i++) {
		struct cap_buf *b = &cap->buf[i];

		b->cpu = kmalloc(CAP_BUF_LEN, GFP_KERNEL);
		if (!b->cpu)
			goto err;
		b->dma = dma_map_single(dev, b->cpu, CAP_BUF_LEN, DMA_FROM_DEVICE);
		if (dma_mapping_error(dev, b->dma)) {
			kfree(b->cpu);
			goto err;
		}
		writeq(b->dma, cap->bar + CAP_REG_BUF_ADDR(i));
	}
	return 0;
err:
	cap_free_bufs(cap, i);
	return -ENOMEM;
}

static int cap_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct cap_priv *cap;
	int ret;

	cap = devm_kzalloc(&pdev->dev, sizeof(*cap), GFP_KERNEL);
	if (!cap)
		return -ENOMEM;
	cap->pdev = pdev;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "capture");
	if (ret)
		return ret;
	cap->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);

	ret = cap_alloc_bufs(cap);
	if (ret)
		return ret;
	ret = request_irq(pdev->irq, cap_irq, IRQF_SHARED, "capture", cap);
	if (ret) {
		cap_free_bufs(cap, CAP_NR_BUFS);
		return ret;
	}
	pci_set_drvdata(pdev, cap);
	return 0;
}

static void cap_remove(struct pci_dev *pdev)
{
	struct cap_priv *cap = pci_get_drvdata(pdev);

	free_irq(pdev->irq, cap);
	pci_clear_master(pdev);
	cap_free_bufs(cap, CAP_NR_BUFS);
}

static const struct pci_device_id cap_ids[] = {
	{ PCI_DEVICE(0x10ee, 0x7024) },
	{ }
};
MODULE_DEVICE_TABLE(pci, cap_ids);

static struct pci_driver cap_driver = {
	.name		= "capture",
	.id_table	= cap_ids,
	.probe		= cap_probe,
	.remove		= cap_remove,
};
module_pci_driver(cap_driver);

MODULE_DESCRIPTION("drvcheck testsuite: sub-range syncs inside the mapping (correct)");
MODULE_LICENSE("GPL");
