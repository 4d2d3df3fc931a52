// SPDX-License-Identifier: GPL-2.0
/*
 * Free-list queues of a PCI NIC laid out as cxgb's sge.c: the setup
 * reuses one local for every size it computes; the queue's coherent ring
 * is allocated with size = sizeof(struct flq_e) * q->size, and later the
 * same local, recomputed, is stored to the queue's buffer size member.
 * The teardown recomputes size = sizeof(struct flq_e) * q->size and frees
 * the ring with it.  Correct: the store of the reused local is no record
 * of the ring's size, and the free's size is the allocation's form.
 *
 * drvcheck-case: negative dma-unmap-size dma-coherent-streaming-mix dma-unmap-kind
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/skbuff.h>
#include <linux/slab.h>

#define FLQ_N			2
#define FLQ_ENTRIES		1024
#define FLQ_SMALL_BUF		256

struct flq_e {
	__le32 addr_lo;
	__le32 addr_hi;
	__le32 len_gen;
	__le32 gen2;
};

struct flq {
	unsigned int size;
	u16 rx_buffer_size;
	struct flq_e *entries;
	dma_addr_t dma_addr;
	struct sk_buff **skbs;
};

struct flq_dev {
	struct pci_dev *pdev;
	struct flq q[FLQ_N];
	int jumbo;
};

static void flq_free(struct flq_dev *fd)
{
	unsigned int size, i;

	for (i = 0; i < FLQ_N; i++) {
		struct flq *q = &fd->q[i];

		kfree(q->skbs);
		q->skbs = NULL;
		if (q->entries) {
			size = sizeof(struct flq_e) * q->size;
			dma_free_coherent(&fd->pdev->dev, size, q->entries,
					  q->dma_addr);
			q->entries = NULL;
		}
	}
}

static int flq_alloc(struct flq_dev *fd)
{
	unsigned int size, i;

	for (i = 0; i < FLQ_N; i++) {
		struct flq *q = &fd->q[i];

		q->size = FLQ_ENTRIES;
		size = sizeof(struct flq_e) * q->size;
		q->entries = dma_alloc_coherent(&fd->pdev->dev, size,
						&q->dma_addr, GFP_KERNEL);
		if (!q->entries)
			goto err;
		size = sizeof(*q->skbs) * q->size;
		q->skbs = kzalloc(size, GFP_KERNEL);
		if (!q->skbs)
			goto err;
	}
	fd->q[!fd->jumbo].rx_buffer_size = FLQ_SMALL_BUF;
	size = (16 * 1024) - SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
	fd->q[fd->jumbo].rx_buffer_size = size;
	return 0;
err:
	flq_free(fd);
	return -ENOMEM;
}

static int flq_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct flq_dev *fd;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	fd = devm_kzalloc(&pdev->dev, sizeof(*fd), GFP_KERNEL);
	if (!fd)
		return -ENOMEM;
	fd->pdev = pdev;
	fd->jumbo = 1;
	pci_set_drvdata(pdev, fd);
	return flq_alloc(fd);
}

static void flq_remove(struct pci_dev *pdev)
{
	flq_free(pci_get_drvdata(pdev));
}

static const struct pci_device_id flq_pci_tbl[] = {
	{ PCI_DEVICE(0x1af4, 0x10f5) },
	{ }
};
MODULE_DEVICE_TABLE(pci, flq_pci_tbl);

static struct pci_driver flq_driver = {
	.name		= "flq",
	.id_table	= flq_pci_tbl,
	.probe		= flq_probe,
	.remove		= flq_remove,
};
module_pci_driver(flq_driver);

MODULE_DESCRIPTION("drvcheck testsuite: a reused size local is no record of a ring's size (correct)");
MODULE_LICENSE("GPL");
