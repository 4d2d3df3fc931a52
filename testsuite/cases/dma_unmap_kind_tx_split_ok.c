// SPDX-License-Identifier: GPL-2.0
/*
 * igb-style TX: the head is mapped with dma_map_single(), each fragment
 * with skb_frag_dma_map(); a buffer longer than one descriptor takes
 * several, the handle stepped with dma += XTX_MAX_DATA_PER_TXD.  The
 * entry that holds the skb (the head) is unmapped with dma_unmap_single(),
 * the others with dma_unmap_page().  Correct: the step is still a handle
 * of the same mappings, each released with its own function.
 *
 * drvcheck-case: negative dma-unmap-kind dma-unmap-size dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/dma-mapping.h>

#define XTX_MAX_DATA_PER_TXD	(1u << 15)
#define XTX_RING_SIZE		256

struct xtx_buffer {
	struct sk_buff *skb;
	DEFINE_DMA_UNMAP_ADDR(dma);
	DEFINE_DMA_UNMAP_LEN(len);
};

struct xtx_ring {
	struct device *dev;
	struct xtx_buffer *tx_buffer_info;
	__le64 *desc;
	u16 next_to_use, next_to_clean;
};

/* the head's entry holds the skb: mapped single; the others page */
static void xtx_unmap_tx_buffer(struct device *dev, struct xtx_buffer *buf)
{
	if (buf->skb)
		dma_unmap_single(dev, dma_unmap_addr(buf, dma),
				 dma_unmap_len(buf, len), DMA_TO_DEVICE);
	else
		dma_unmap_page(dev, dma_unmap_addr(buf, dma),
			       dma_unmap_len(buf, len), DMA_TO_DEVICE);
	dma_unmap_len_set(buf, len, 0);
}

static int xtx_map(struct xtx_ring *ring, struct sk_buff *skb)
{
	u16 i = ring->next_to_use;
	struct xtx_buffer *tx_buffer = &ring->tx_buffer_info[i];
	unsigned int size = skb_headlen(skb);
	unsigned int data_len = skb->data_len;
	skb_frag_t *frag;
	dma_addr_t dma;

	dma = dma_map_single(ring->dev, skb->data, size, DMA_TO_DEVICE);
	tx_buffer->skb = skb;
	for (frag = &skb_shinfo(skb)->frags[0];; frag++) {
		if (dma_mapping_error(ring->dev, dma))
			goto dma_error;
		dma_unmap_len_set(tx_buffer, len, size);
		dma_unmap_addr_set(tx_buffer, dma, dma);
		while (unlikely(size > XTX_MAX_DATA_PER_TXD)) {
			ring->desc[i] = cpu_to_le64(dma);
			dma += XTX_MAX_DATA_PER_TXD;
			size -= XTX_MAX_DATA_PER_TXD;
			i = (i + 1) % XTX_RING_SIZE;
		}
		ring->desc[i] = cpu_to_le64(dma);
		if (likely(!data_len))
			break;
		i = (i + 1) % XTX_RING_SIZE;
		size = skb_frag_size(frag);
		data_len -= size;
		dma = skb_frag_dma_map(ring->dev, frag, 0, size, DMA_TO_DEVICE);
		tx_buffer = &ring->tx_buffer_info[i];
	}
	ring->next_to_use = (i + 1) % XTX_RING_SIZE;
	return 0;

dma_error:
	/* unwind, releasing every entry of the packet */
	for (;;) {
		tx_buffer = &ring->tx_buffer_info[i];
		if (dma_unmap_len(tx_buffer, len))
			xtx_unmap_tx_buffer(ring->dev, tx_buffer);
		if (i == ring->next_to_use)
			break;
		i = i ? i - 1 : XTX_RING_SIZE - 1;
	}
	return -ENOMEM;
}

static void xtx_clean(struct xtx_ring *ring)
{
	u16 i = ring->next_to_clean;
	struct xtx_buffer *tx_buffer = &ring->tx_buffer_info[i];

	while (i != ring->next_to_use) {
		if (dma_unmap_len(tx_buffer, len))
			xtx_unmap_tx_buffer(ring->dev, tx_buffer);
		dev_kfree_skb_any(tx_buffer->skb);
		tx_buffer->skb = NULL;
		i = (i + 1) % XTX_RING_SIZE;
		tx_buffer = &ring->tx_buffer_info[i];
	}
	ring->next_to_clean = i;
}

static struct xtx_ring xtx;

static int __init xtx_init(void)
{
	/* keeps the functions: the case is compiled, never loaded */
	if (!xtx.dev)
		return 0;
	xtx_clean(&xtx);
	return xtx_map(&xtx, NULL);
}
module_init(xtx_init);
MODULE_LICENSE("GPL");
