// SPDX-License-Identifier: GPL-2.0
/*
 * igb-style transmit unwind: when a fragment fails to map, walk the ring
 * back from the failing entry to the first one, unmapping each fragment
 * as a page and finally the head as single.  Every release is of another
 * ring entry (the cursor moves), none twice.  Correct.
 *
 * drvcheck-case: negative dma-double-unmap dma-unmap-size dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/dma-mapping.h>

struct uw_buffer {
	struct sk_buff *skb;
	DEFINE_DMA_UNMAP_ADDR(dma);
	DEFINE_DMA_UNMAP_LEN(len);
};

struct uw_ring {
	struct device *dev;
	struct uw_buffer *info;
	u16 count;
	u16 next_to_use;
};

int uw_tx_map(struct uw_ring *ring, struct sk_buff *skb);

int uw_tx_map(struct uw_ring *ring, struct sk_buff *skb)
{
	u16 i = ring->next_to_use;
	struct uw_buffer *first = &ring->info[i], *buf = first;
	unsigned int f, size = skb_headlen(skb);
	dma_addr_t dma;

	dma = dma_map_single(ring->dev, skb->data, size, DMA_TO_DEVICE);
	if (dma_mapping_error(ring->dev, dma))
		goto dma_error;
	dma_unmap_len_set(buf, len, size);
	dma_unmap_addr_set(buf, dma, dma);

	for (f = 0; f < skb_shinfo(skb)->nr_frags; f++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[f];

		if (++i == ring->count)
			i = 0;
		buf = &ring->info[i];
		size = skb_frag_size(frag);
		dma = skb_frag_dma_map(ring->dev, frag, 0, size, DMA_TO_DEVICE);
		if (dma_mapping_error(ring->dev, dma))
			goto dma_error;
		dma_unmap_len_set(buf, len, size);
		dma_unmap_addr_set(buf, dma, dma);
	}
	first->skb = skb;
	ring->next_to_use = i;
	return 0;

dma_error:
	buf = &ring->info[i];
	/* the failing entry holds nothing; the ones before it fragments */
	while (buf != first) {
		if (dma_unmap_len(buf, len))
			dma_unmap_page(ring->dev, dma_unmap_addr(buf, dma),
				       dma_unmap_len(buf, len), DMA_TO_DEVICE);
		dma_unmap_len_set(buf, len, 0);
		if (i-- == 0)
			i += ring->count;
		buf = &ring->info[i];
	}
	/*
	 * clang follows a path where the cursor wraps onto the head's slot
	 * (a one-entry ring) and a fragment's page mapping overwrote it.
	 */
	if (dma_unmap_len(buf, len))
		dma_unmap_single(ring->dev, dma_unmap_addr(buf, dma), /* wrong(clang): dma-unmap-kind */
				 dma_unmap_len(buf, len), DMA_TO_DEVICE);
	dma_unmap_len_set(buf, len, 0);
	dev_kfree_skb_any(skb);
	return -ENOMEM;
}
EXPORT_SYMBOL_GPL(uw_tx_map);

MODULE_DESCRIPTION("drvcheck testsuite: transmit unwind over ring entries (correct)");
MODULE_LICENSE("GPL");
