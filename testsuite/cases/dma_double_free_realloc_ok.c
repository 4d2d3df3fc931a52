// SPDX-License-Identifier: GPL-2.0
/*
 * e1000's descriptor ring setup: when the first coherent allocation
 * straddles a 64 kB boundary the hardware cannot cross, keep it, allocate
 * again, and free both if the second is no better.  The two frees are of
 * two allocations: the old handle was copied to a local before the ring
 * field was given the new one.  Correct.
 *
 * drvcheck-case: negative dma-double-unmap dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>

struct rr_ring {
	void *desc;
	dma_addr_t dma;
	unsigned int size;
};

static bool rr_crosses_64k(const void *start, unsigned long len)
{
	unsigned long begin = (unsigned long)start;
	unsigned long end = begin + len;

	return (begin ^ (end - 1)) >> 16;
}

int rr_setup_ring(struct pci_dev *pdev, struct rr_ring *ring);
void rr_free_ring(struct pci_dev *pdev, struct rr_ring *ring);

int rr_setup_ring(struct pci_dev *pdev, struct rr_ring *ring)
{
	ring->size = ALIGN(256 * 16, 4096);
	ring->desc = dma_alloc_coherent(&pdev->dev, ring->size, &ring->dma,
					GFP_KERNEL);
	if (!ring->desc)
		return -ENOMEM;
	if (rr_crosses_64k(ring->desc, ring->size)) {
		void *olddesc = ring->desc;
		dma_addr_t olddma = ring->dma;

		/* try again, without freeing the previous one */
		ring->desc = dma_alloc_coherent(&pdev->dev, ring->size,
						&ring->dma, GFP_KERNEL);
		if (!ring->desc) {
			dma_free_coherent(&pdev->dev, ring->size, olddesc, olddma);
			return -ENOMEM;
		}
		if (rr_crosses_64k(ring->desc, ring->size)) {
			/* give up */
			dma_free_coherent(&pdev->dev, ring->size, ring->desc,
					  ring->dma);
			dma_free_coherent(&pdev->dev, ring->size, olddesc, olddma);
			ring->desc = NULL;
			return -ENOMEM;
		}
		dma_free_coherent(&pdev->dev, ring->size, olddesc, olddma);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(rr_setup_ring);

void rr_free_ring(struct pci_dev *pdev, struct rr_ring *ring)
{
	dma_free_coherent(&pdev->dev, ring->size, ring->desc, ring->dma);
	ring->desc = NULL;
}
EXPORT_SYMBOL_GPL(rr_free_ring);

MODULE_DESCRIPTION("drvcheck testsuite: a kept allocation and a new one freed (correct)");
MODULE_LICENSE("GPL");
