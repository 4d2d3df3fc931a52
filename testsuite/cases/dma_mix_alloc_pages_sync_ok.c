// SPDX-License-Identifier: GPL-2.0
/*
 * Completion queue of a PCI accelerator in noncoherent pages
 * (dma_alloc_pages in probe, dma_free_pages in remove).  The
 * interrupt handler gives the queue to the CPU with
 * dma_sync_single_for_cpu() and back with dma_sync_single_for_device(),
 * in the direction it was allocated with: that is how noncoherent memory
 * is used (Documentation/core-api/dma-api.rst), not a coherent/streaming
 * mix.  Correct.
 *
 * drvcheck-case: negative dma-coherent-streaming-mix dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define ACQ_DEPTH		128
#define ACQ_REG_CQ_BASE		0x00
#define ACQ_REG_CQ_HEAD		0x08
#define ACQ_REG_INTMASK		0x0c

struct acq_cqe {
	__le32 tag;
	__le16 status;
	__le16 phase;
};

struct acq_dev {
	struct pci_dev *pdev;
	void __iomem *bar;
	struct acq_cqe *cq;
	struct page *cq_page;
	dma_addr_t cq_dma;
	unsigned int cq_head;
	u16 phase;
	u64 completed;
};

static irqreturn_t acq_irq(int irq, void *data)
{
	struct acq_dev *acq = data;
	struct device *dev = &acq->pdev->dev;
	size_t cq_bytes = ACQ_DEPTH * sizeof(*acq->cq);
	int handled = 0;

	dma_sync_single_for_cpu(dev, acq->cq_dma, cq_bytes, DMA_FROM_DEVICE);
	while (le16_to_cpu(acq->cq[acq->cq_head].phase) == acq->phase) {
		acq->completed++;
		handled++;
		if (++acq->cq_head == ACQ_DEPTH) {
			acq->cq_head = 0;
			acq->phase ^= 1;
		}
	}
	dma_sync_single_for_device(dev, acq->cq_dma, cq_bytes, DMA_FROM_DEVICE);

	if (!handled)
		return IRQ_NONE;
	writel(acq->cq_head, acq->bar + ACQ_REG_CQ_HEAD);
	return IRQ_HANDLED;
}

static int acq_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct acq_dev *acq;
	int ret;

	acq = devm_kzalloc(&pdev->dev, sizeof(*acq), GFP_KERNEL);
	if (!acq)
		return -ENOMEM;
	acq->pdev = pdev;
	acq->phase = 1;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "acq_pg");
	if (ret)
		return ret;
	acq->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);

	acq->cq_page = dma_alloc_pages(&pdev->dev, ACQ_DEPTH * sizeof(*acq->cq),
				       &acq->cq_dma, DMA_FROM_DEVICE, GFP_KERNEL);
	if (!acq->cq_page)
		return -ENOMEM;
	acq->cq = page_address(acq->cq_page);
	writeq(acq->cq_dma, acq->bar + ACQ_REG_CQ_BASE);

	ret = request_irq(pdev->irq, acq_irq, IRQF_SHARED, "acq_pg", acq);
	if (ret)
		goto err_free;
	writel(0, acq->bar + ACQ_REG_INTMASK);
	pci_set_drvdata(pdev, acq);
	return 0;

err_free:
	writeq(0, acq->bar + ACQ_REG_CQ_BASE);
	dma_free_pages(&pdev->dev, ACQ_DEPTH * sizeof(*acq->cq), acq->cq_page,
		       acq->cq_dma, DMA_FROM_DEVICE);
	return ret;
}

static void acq_remove(struct pci_dev *pdev)
{
	struct acq_dev *acq = pci_get_drvdata(pdev);

	writel(~0u, acq->bar + ACQ_REG_INTMASK);
	free_irq(pdev->irq, acq);
	writeq(0, acq->bar + ACQ_REG_CQ_BASE);
	dma_free_pages(&pdev->dev, ACQ_DEPTH * sizeof(*acq->cq), acq->cq_page,
		       acq->cq_dma, DMA_FROM_DEVICE);
}

static const struct pci_device_id acq_ids[] = {
	{ PCI_DEVICE(0x1ded, 0x1013) },
	{ }
};
MODULE_DEVICE_TABLE(pci, acq_ids);

static struct pci_driver acq_driver = {
	.name		= "acq_pg",
	.id_table	= acq_ids,
	.probe		= acq_probe,
	.remove		= acq_remove,
};
module_pci_driver(acq_driver);

MODULE_DESCRIPTION("drvcheck testsuite: syncs on noncoherent pages (correct)");
MODULE_LICENSE("GPL");
