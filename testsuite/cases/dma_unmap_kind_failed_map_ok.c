// SPDX-License-Identifier: GPL-2.0
/*
 * A TX path in the bgmac style: the head is mapped with dma_map_single()
 * into its slot, each fragment with skb_frag_dma_map() into the next
 * slot, and the error label unmaps "slot->dma" with dma_unmap_single(),
 * meant for the head.  The label is reached only when a fragment's map
 * failed, and slot then points at that fragment's slot, which holds
 * DMA_MAPPING_ERROR: no page mapping is undone there, so the release is
 * of no wrong kind.  (Unmapping the error handle is a bug of its own,
 * which dma-debug reports at run time; bgmac.c:211 in 6.1.)
 *
 * drvcheck-case: negative dma-unmap-kind dma-unmap-size dma-direction
 * drvcheck-case: negative dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/dma-mapping.h>

#define FM_SLOTS	64

struct fm_slot {
	struct sk_buff *skb;
	dma_addr_t dma;
};

struct fm_ring {
	struct device *dev;
	struct fm_slot slots[FM_SLOTS];
	unsigned int end;
};

netdev_tx_t fm_xmit(struct fm_ring *ring, struct sk_buff *skb);
void fm_tx_done(struct fm_ring *ring, unsigned int index, unsigned int len, bool head);

netdev_tx_t fm_xmit(struct fm_ring *ring, struct sk_buff *skb)
{
	unsigned int index = ring->end % FM_SLOTS;
	struct fm_slot *slot = &ring->slots[index];
	int nr_frags = skb_shinfo(skb)->nr_frags;
	int i;

	slot->dma = dma_map_single(ring->dev, skb->data, skb_headlen(skb),
				   DMA_TO_DEVICE);
	if (unlikely(dma_mapping_error(ring->dev, slot->dma)))
		goto err_drop;

	for (i = 0; i < nr_frags; i++) {
		skb_frag_t *frag = &skb_shinfo(skb)->frags[i];

		index = (index + 1) % FM_SLOTS;
		slot = &ring->slots[index];
		slot->dma = skb_frag_dma_map(ring->dev, frag, 0, skb_frag_size(frag),
					     DMA_TO_DEVICE);
		if (unlikely(dma_mapping_error(ring->dev, slot->dma)))
			goto err_dma;
	}
	slot->skb = skb;
	ring->end += nr_frags + 1;
	return NETDEV_TX_OK;

err_dma:
	dma_unmap_single(ring->dev, slot->dma, skb_headlen(skb), DMA_TO_DEVICE);
err_drop:
	dev_kfree_skb(skb);
	return NETDEV_TX_OK;
}
EXPORT_SYMBOL_GPL(fm_xmit);

void fm_tx_done(struct fm_ring *ring, unsigned int index, unsigned int len, bool head)
{
	struct fm_slot *slot = &ring->slots[index % FM_SLOTS];

	if (head)
		dma_unmap_single(ring->dev, slot->dma, len, DMA_TO_DEVICE);
	else
		dma_unmap_page(ring->dev, slot->dma, len, DMA_TO_DEVICE);
}
EXPORT_SYMBOL_GPL(fm_tx_done);

MODULE_DESCRIPTION("drvcheck testsuite: a release reached only where its map failed (no wrong kind)");
MODULE_LICENSE("GPL");
