// SPDX-License-Identifier: GPL-2.0
/*
 * atlantic-style transmit ring teardown: walk the ring from head to tail,
 * the index wrapping to 0 past the last entry, and unmap every mapped
 * buffer (the first one of a packet as single, the others as pages).
 * Each turn releases another entry; only a ring of one entry would bring
 * the walk back to one it released, and then head == tail ends it first.
 * Correct.  (On atlantic's own aq_ring_tx_deinit() the clang engine
 * reports a double unmap on such a path; this distilled walk does not
 * reproduce it: docs/corpus.md, Ten clean drivers.)
 *
 * drvcheck-case: negative dma-double-unmap dma-unmap-kind dma-unmap-size
 * drvcheck-case: negative dma-direction
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/dma-mapping.h>

struct __packed rw_buff {
	union {
		dma_addr_t pa;
		struct {
			dma_addr_t pa_eop;
			struct sk_buff *skb;
		};
	};
	union {
		struct {
			u32 len:16;
			u32 is_sop:1;
			u32 is_eop:1;
			u32 is_mapped:1;
		};
		u64 flags;
	};
};

struct rw_ring {
	struct device *dev;
	struct rw_buff *buff_ring;
	unsigned int size;
	unsigned int sw_head;
	unsigned int sw_tail;
};

/* the next entry, wrapping past the last (a macro, as a header's inline
 * helper is to the analyzer: evaluated in place) */
#define rw_next_dx(ring, dx)	((dx) + 1 >= (ring)->size ? 0U : (dx) + 1)

int rw_xmit(struct rw_ring *ring, struct sk_buff *skb);
int rw_xmit(struct rw_ring *ring, struct sk_buff *skb)
{
	unsigned int dx = ring->sw_tail, i;
	struct rw_buff *buff = &ring->buff_ring[dx];

	buff->pa = dma_map_single(ring->dev, skb->data, skb_headlen(skb),
				  DMA_TO_DEVICE);
	if (dma_mapping_error(ring->dev, buff->pa))
		return -ENOMEM;
	buff->len = skb_headlen(skb);
	buff->is_mapped = 1;
	buff->is_sop = 1;
	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
		skb_frag_t *frag = &skb_shinfo(skb)->frags[i];

		dx = rw_next_dx(ring, dx);
		buff = &ring->buff_ring[dx];
		buff->pa = skb_frag_dma_map(ring->dev, frag, 0, skb_frag_size(frag),
					    DMA_TO_DEVICE);
		if (dma_mapping_error(ring->dev, buff->pa))
			return -ENOMEM;
		buff->len = skb_frag_size(frag);
		buff->is_mapped = 1;
		buff->is_sop = 0;
	}
	buff->is_eop = 1;
	buff->skb = skb;
	ring->sw_tail = rw_next_dx(ring, dx);
	return 0;
}

void rw_tx_deinit(struct rw_ring *ring);
void rw_tx_deinit(struct rw_ring *ring)
{
	if (!ring)
		return;
	for (; ring->sw_head != ring->sw_tail;
	     ring->sw_head = rw_next_dx(ring, ring->sw_head)) {
		struct rw_buff *buff = &ring->buff_ring[ring->sw_head];
		struct device *ndev = ring->dev;

		if (buff->is_mapped) {
			if (buff->is_sop)
				dma_unmap_single(ndev, buff->pa, buff->len,
						 DMA_TO_DEVICE);
			else
				dma_unmap_page(ndev, buff->pa, buff->len,
					       DMA_TO_DEVICE);
		}
		if (buff->is_eop && buff->skb)
			dev_kfree_skb_any(buff->skb);
		buff->flags = 0;
	}
}

MODULE_LICENSE("GPL");
