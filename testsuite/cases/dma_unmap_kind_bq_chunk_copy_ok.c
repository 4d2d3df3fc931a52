// SPDX-License-Identifier: GPL-2.0
/*
 * qlge-style buffer queues: one descriptor struct (bq_desc) for the small
 * queue, whose skb heads are mapped with dma_map_single() straight into
 * sbq_desc->dma_addr, and the large queue, whose entries share a page
 * chunk mapped with dma_map_page() into rx_ring->chunk_dma_addr and then
 * copied member to member (lbq_desc->dma_addr = rx_ring->chunk_dma_addr).
 * Each queue is released with its own function.  The large queue's
 * dma_unmap_page() undoes the page map it got through the copy.  Correct.
 *
 * drvcheck-case: negative dma-unmap-kind dma-direction dma-unmap-size
 * drvcheck-case: negative dma-double-unmap
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

#define BQ_SMALL_SIZE	256
#define BQ_CHUNK_ORDER	1

struct bq_desc {
	union {
		struct sk_buff *skb;
		struct page *page;
	} p;
	dma_addr_t dma_addr;
};

struct bq_ring {
	struct device *dev;
	struct page *chunk_page;
	dma_addr_t chunk_dma_addr;
};

int bq_refill_sb(struct bq_ring *rx_ring, struct bq_desc *sbq_desc);
int bq_refill_lb(struct bq_ring *rx_ring, struct bq_desc *lbq_desc);
void bq_free_sb(struct bq_ring *rx_ring, struct bq_desc *sbq_desc);
void bq_free_lb(struct bq_ring *rx_ring, struct bq_desc *lbq_desc);

int bq_refill_sb(struct bq_ring *rx_ring, struct bq_desc *sbq_desc)
{
	struct sk_buff *skb = netdev_alloc_skb(NULL, BQ_SMALL_SIZE);

	if (!skb)
		return -ENOMEM;
	sbq_desc->dma_addr = dma_map_single(rx_ring->dev, skb->data,
					    BQ_SMALL_SIZE, DMA_FROM_DEVICE);
	if (dma_mapping_error(rx_ring->dev, sbq_desc->dma_addr)) {
		dev_kfree_skb_any(skb);
		return -EIO;
	}
	sbq_desc->p.skb = skb;
	return 0;
}
EXPORT_SYMBOL_GPL(bq_refill_sb);

int bq_refill_lb(struct bq_ring *rx_ring, struct bq_desc *lbq_desc)
{
	if (!rx_ring->chunk_page) {
		struct page *page;
		dma_addr_t dma_addr;

		page = alloc_pages(GFP_ATOMIC | __GFP_COMP, BQ_CHUNK_ORDER);
		if (!page)
			return -ENOMEM;
		dma_addr = dma_map_page(rx_ring->dev, page, 0,
					PAGE_SIZE << BQ_CHUNK_ORDER,
					DMA_FROM_DEVICE);
		if (dma_mapping_error(rx_ring->dev, dma_addr)) {
			__free_pages(page, BQ_CHUNK_ORDER);
			return -EIO;
		}
		rx_ring->chunk_page = page;
		rx_ring->chunk_dma_addr = dma_addr;
	}
	lbq_desc->p.page = rx_ring->chunk_page;
	lbq_desc->dma_addr = rx_ring->chunk_dma_addr;
	return 0;
}
EXPORT_SYMBOL_GPL(bq_refill_lb);

void bq_free_sb(struct bq_ring *rx_ring, struct bq_desc *sbq_desc)
{
	if (sbq_desc->p.skb) {
		dma_unmap_single(rx_ring->dev, sbq_desc->dma_addr,
				 BQ_SMALL_SIZE, DMA_FROM_DEVICE);
		dev_kfree_skb(sbq_desc->p.skb);
		sbq_desc->p.skb = NULL;
	}
}
EXPORT_SYMBOL_GPL(bq_free_sb);

void bq_free_lb(struct bq_ring *rx_ring, struct bq_desc *lbq_desc)
{
	dma_unmap_page(rx_ring->dev, lbq_desc->dma_addr,
		       PAGE_SIZE << BQ_CHUNK_ORDER, DMA_FROM_DEVICE);
	put_page(lbq_desc->p.page);
}
EXPORT_SYMBOL_GPL(bq_free_lb);

MODULE_DESCRIPTION("drvcheck testsuite: one descriptor type, single and page queues, page handle copied member to member (correct)");
MODULE_LICENSE("GPL");
