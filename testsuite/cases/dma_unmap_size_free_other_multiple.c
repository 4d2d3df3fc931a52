// SPDX-License-Identifier: GPL-2.0
/*
 * A controller with a command queue and a completion queue of the same
 * depth: the command queue holds 64-byte descriptors, the completion queue
 * 16-byte ones.  The teardown was copied from the completion queue's and
 * frees the command queue with depth * QC_CQ_DESC_SZ: a quarter of what
 * was allocated, whatever depth the hardware reports.  dma-debug reports "frees DMA
 * memory with different size"; without it the allocator gets back a
 * smaller order than it gave (leaked pages, or a wrong IOMMU unmap).
 *
 * drvcheck-case: positive dma-unmap-size
 * drvcheck-case: negative dma-unmap-kind dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/io.h>

#define QC_REG_SQ_BASE	0x00
#define QC_REG_CQ_BASE	0x08
#define QC_REG_DEPTH	0x10
#define QC_REG_CAP	0x18
#define QC_SQ_DESC_SZ	64
#define QC_CQ_DESC_SZ	16

struct qc_queue {
	void *base;
	dma_addr_t dma;
	unsigned int depth;
};

struct qc_dev {
	struct pci_dev *pdev;
	void __iomem *bar;
	struct qc_queue sq, cq;
};

static int qc_alloc_queues(struct qc_dev *qc, unsigned int depth)
{
	struct device *dev = &qc->pdev->dev;

	qc->sq.depth = depth;
	qc->sq.base = dma_alloc_coherent(dev, depth * QC_SQ_DESC_SZ,
					 &qc->sq.dma, GFP_KERNEL);
	if (!qc->sq.base)
		return -ENOMEM;
	qc->cq.depth = depth;
	qc->cq.base = dma_alloc_coherent(dev, depth * QC_CQ_DESC_SZ,
					 &qc->cq.dma, GFP_KERNEL);
	if (!qc->cq.base) {
		dma_free_coherent(dev, depth * QC_SQ_DESC_SZ,
				  qc->sq.base, qc->sq.dma);
		return -ENOMEM;
	}
	writeq(qc->sq.dma, qc->bar + QC_REG_SQ_BASE);
	writeq(qc->cq.dma, qc->bar + QC_REG_CQ_BASE);
	writel(depth, qc->bar + QC_REG_DEPTH);
	return 0;
}

static void qc_free_queues(struct qc_dev *qc)
{
	struct device *dev = &qc->pdev->dev;

	writel(0, qc->bar + QC_REG_DEPTH);
	dma_free_coherent(dev, qc->cq.depth * QC_CQ_DESC_SZ,
			  qc->cq.base, qc->cq.dma);
	/* BUG: the command queue's descriptors are 64 bytes, not 16 */
	dma_free_coherent(dev, qc->sq.depth * QC_CQ_DESC_SZ, /* expect: dma-unmap-size */
			  qc->sq.base, qc->sq.dma);
}

static int qc_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct qc_dev *qc;
	int ret;

	qc = devm_kzalloc(&pdev->dev, sizeof(*qc), GFP_KERNEL);
	if (!qc)
		return -ENOMEM;
	qc->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "qc");
	if (ret)
		return ret;
	qc->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	/* the queue depth the controller supports */
	ret = qc_alloc_queues(qc, readl(qc->bar + QC_REG_CAP) & 0xfff);
	if (ret)
		return ret;
	pci_set_drvdata(pdev, qc);
	return 0;
}

static void qc_remove(struct pci_dev *pdev)
{
	qc_free_queues(pci_get_drvdata(pdev));
}

static const struct pci_device_id qc_ids[] = {
	{ PCI_DEVICE(0x1d0f, 0x0061) },
	{ }
};
MODULE_DEVICE_TABLE(pci, qc_ids);

static struct pci_driver qc_driver = {
	.name		= "qc",
	.id_table	= qc_ids,
	.probe		= qc_probe,
	.remove		= qc_remove,
};
module_pci_driver(qc_driver);

MODULE_DESCRIPTION("drvcheck testsuite: a queue freed with another multiple of its depth (bug)");
MODULE_LICENSE("GPL");
