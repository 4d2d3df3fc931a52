// SPDX-License-Identifier: GPL-2.0
/*
 * tegra vic-style firmware load: a flag (client->group) picks where the
 * firmware memory comes from.  Without a shared domain it is
 * dma_alloc_coherent() memory, used as it is; with one it comes from the
 * driver's page allocator and is mapped with dma_map_single() so that the
 * DMA API flushes it.  The streaming map only ever sees the pages, never
 * the coherent memory: the local holds both, and a flag decides.  Correct.
 *
 * drvcheck-case: negative dma-coherent-streaming-mix dma-unmap-kind
 * drvcheck-case: negative dma-direction dma-unmap-size
 */
#include <linux/module.h>
#include <linux/gfp.h>
#include <linux/dma-mapping.h>

struct fw_client {
	struct device *dev;
	void *group;
	void *virt;
	dma_addr_t iova;
	dma_addr_t phys;
};

int fw_load(struct fw_client *client, size_t size);
void fw_unload(struct fw_client *client, size_t size);

static void *fw_pages_alloc(size_t size, dma_addr_t *iova)
{
	void *virt = (void *)__get_free_pages(GFP_KERNEL, get_order(size));

	if (!virt)
		return ERR_PTR(-ENOMEM);
	*iova = virt_to_phys(virt);
	return virt;
}

int fw_load(struct fw_client *client, size_t size)
{
	dma_addr_t iova;
	void *virt;

	if (!client->group) {
		virt = dma_alloc_coherent(client->dev, size, &iova, GFP_KERNEL);
		if (!virt)
			return -ENOMEM;
	} else {
		virt = fw_pages_alloc(size, &iova);
		if (IS_ERR(virt))
			return PTR_ERR(virt);
	}
	client->virt = virt;
	client->iova = iova;

	if (client->group) {
		dma_addr_t phys;

		phys = dma_map_single(client->dev, virt, size, DMA_TO_DEVICE);
		if (dma_mapping_error(client->dev, phys))
			return -ENOMEM;
		client->phys = phys;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(fw_load);

void fw_unload(struct fw_client *client, size_t size)
{
	if (!client->group) {
		dma_free_coherent(client->dev, size, client->virt, client->iova);
	} else {
		dma_unmap_single(client->dev, client->phys, size, DMA_TO_DEVICE);
		free_pages((unsigned long)client->virt, get_order(size));
	}
}
EXPORT_SYMBOL_GPL(fw_unload);

MODULE_DESCRIPTION("drvcheck testsuite: a flag picks coherent or page memory, only the pages are mapped (correct)");
MODULE_LICENSE("GPL");
