// SPDX-License-Identifier: GPL-2.0
/*
 * The true form of dma_mix_flag_picks_memory_ok: the firmware memory is
 * always dma_alloc_coherent() memory, kept in a local, and the load path
 * still maps it with dma_map_single() "so that the DMA API flushes it".
 * Coherent memory given to a streaming map: every value the local is
 * given is a coherent allocation.
 *
 * drvcheck-case: positive dma-coherent-streaming-mix
 * drvcheck-case: negative dma-unmap-kind dma-direction dma-unmap-size
 */
#include <linux/module.h>
#include <linux/dma-mapping.h>

struct fwc_client {
	struct device *dev;
	void *virt;
	dma_addr_t iova;
	dma_addr_t phys;
};

int fwc_load(struct fwc_client *client, size_t size);
void fwc_unload(struct fwc_client *client, size_t size);

int fwc_load(struct fwc_client *client, size_t size)
{
	dma_addr_t iova, phys;
	void *virt;

	virt = dma_alloc_coherent(client->dev, size, &iova, GFP_KERNEL);
	if (!virt)
		return -ENOMEM;
	client->virt = virt;
	client->iova = iova;

	phys = dma_map_single(client->dev, virt, size, DMA_TO_DEVICE); /* expect: dma-coherent-streaming-mix */
	if (dma_mapping_error(client->dev, phys)) {
		dma_free_coherent(client->dev, size, virt, iova);
		return -ENOMEM;
	}
	client->phys = phys;
	return 0;
}
EXPORT_SYMBOL_GPL(fwc_load);

void fwc_unload(struct fwc_client *client, size_t size)
{
	dma_unmap_single(client->dev, client->phys, size, DMA_TO_DEVICE);
	dma_free_coherent(client->dev, size, client->virt, client->iova);
}
EXPORT_SYMBOL_GPL(fwc_unload);

MODULE_DESCRIPTION("drvcheck testsuite: coherent memory in a local mapped with dma_map_single");
MODULE_LICENSE("GPL");
