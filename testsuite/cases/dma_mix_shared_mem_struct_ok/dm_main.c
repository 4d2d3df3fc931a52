// SPDX-License-Identifier: GPL-2.0
/*
 * irdma-style memory descriptors: struct dm_dma_mem {va, pa, size} is
 * embedded as member mem of two objects.  The event queue's mem.va is
 * dma_alloc_coherent() memory (pa its coherent handle, freed with
 * dma_free_coherent()); a packet buffer's mem.va is kzalloc()'d and mapped
 * with dma_map_single() into mem.pa, unmapped with dma_unmap_single().
 * The streaming map never sees coherent memory: mem.va of the buffer is
 * given kzalloc() memory, not only coherent allocations.  Correct.
 *
 * drvcheck-case: negative dma-coherent-streaming-mix dma-unmap-kind
 * drvcheck-case: negative dma-direction dma-unmap-size
 */
#include <linux/module.h>
#include "dm.h"

int dm_create_ceq(struct dm_dev *dev, u32 size);
void dm_destroy_ceq(struct dm_dev *dev);
struct dm_buf *dm_alloc_buf(struct dm_dev *dev, u32 len);
void dm_free_buf(struct dm_dev *dev, struct dm_buf *buf);

int dm_create_ceq(struct dm_dev *dev, u32 size)
{
	struct dm_ceq *ceq = &dev->ceq;

	ceq->mem.size = ALIGN(size * 16, 256);
	ceq->mem.va = dma_alloc_coherent(dev->device, ceq->mem.size,
					 &ceq->mem.pa, GFP_KERNEL);
	if (!ceq->mem.va)
		return -ENOMEM;
	ceq->size = size;
	return 0;
}
EXPORT_SYMBOL_GPL(dm_create_ceq);

void dm_destroy_ceq(struct dm_dev *dev)
{
	struct dm_ceq *ceq = &dev->ceq;

	dma_free_coherent(dev->device, ceq->mem.size, ceq->mem.va, ceq->mem.pa);
	ceq->mem.va = NULL;
}
EXPORT_SYMBOL_GPL(dm_destroy_ceq);

struct dm_buf *dm_alloc_buf(struct dm_dev *dev, u32 len)
{
	struct dm_buf *buf = kzalloc(sizeof(*buf), GFP_KERNEL);

	if (!buf)
		return NULL;
	buf->mem.size = len;
	buf->mem.va = kzalloc(buf->mem.size, GFP_KERNEL);
	if (!buf->mem.va)
		goto free_buf;
	buf->mem.pa = dma_map_single(dev->device, buf->mem.va,
				     buf->mem.size, DMA_BIDIRECTIONAL);
	if (dma_mapping_error(dev->device, buf->mem.pa)) {
		kfree(buf->mem.va);
		goto free_buf;
	}
	return buf;

free_buf:
	kfree(buf);
	return NULL;
}
EXPORT_SYMBOL_GPL(dm_alloc_buf);

void dm_free_buf(struct dm_dev *dev, struct dm_buf *buf)
{
	dma_unmap_single(dev->device, buf->mem.pa, buf->mem.size,
			 DMA_BIDIRECTIONAL);
	kfree(buf->mem.va);
	kfree(buf);
}
EXPORT_SYMBOL_GPL(dm_free_buf);

MODULE_DESCRIPTION("drvcheck testsuite: one memory descriptor type for coherent and streaming objects (correct)");
MODULE_LICENSE("GPL");
