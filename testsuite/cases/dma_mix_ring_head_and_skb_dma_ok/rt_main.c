// SPDX-License-Identifier: GPL-2.0
/*
 * rtw88-style TX ring: the descriptor ring is dma_alloc_coherent() memory
 * whose handle goes through a local named dma into tx_ring->r.dma and is
 * freed from there with dma_free_coherent().  Every skb is mapped with
 * dma_map_single() into another local named dma, stored to the buffer
 * descriptors (buf_desc[0].dma, little endian) and to the skb's tx data
 * (tx_data->dma), and unmapped from tx_data->dma.  Members and locals of
 * one name, different memory: the coherent free is of the ring, the
 * streaming unmap of the skb.  Correct.  The structs are declared in rt.h,
 * as rtw88's in pci.h, where a no-includes Coccinelle run cannot see them.
 *
 * drvcheck-case: negative dma-coherent-streaming-mix dma-unmap-kind
 * drvcheck-case: negative dma-direction dma-unmap-size
 */
#include <linux/module.h>
#include "rt.h"

int rt_init_tx_ring(struct rt_dev *rtw, u8 desc_size, u32 len);
int rt_tx_write(struct rt_dev *rtw, struct sk_buff *skb);
void rt_free_tx_ring(struct rt_dev *rtw);

int rt_init_tx_ring(struct rt_dev *rtw, u8 desc_size, u32 len)
{
	struct rt_tx_ring *tx_ring = &rtw->tx_ring;
	int ring_sz = desc_size * len;
	dma_addr_t dma;
	u8 *head;

	head = dma_alloc_coherent(rtw->dev, ring_sz, &dma, GFP_KERNEL);
	if (!head)
		return -ENOMEM;
	skb_queue_head_init(&tx_ring->queue);
	tx_ring->r.head = head;
	tx_ring->r.dma = dma;
	tx_ring->r.len = len;
	tx_ring->r.desc_size = desc_size;
	tx_ring->r.wp = 0;
	return 0;
}
EXPORT_SYMBOL_GPL(rt_init_tx_ring);

int rt_tx_write(struct rt_dev *rtw, struct sk_buff *skb)
{
	struct rt_tx_ring *ring = &rtw->tx_ring;
	struct rt_buf_desc *buf_desc;
	struct rt_tx_data *tx_data;
	dma_addr_t dma;

	dma = dma_map_single(rtw->dev, skb->data, skb->len, DMA_TO_DEVICE);
	if (dma_mapping_error(rtw->dev, dma))
		return -EBUSY;
	buf_desc = (struct rt_buf_desc *)(ring->r.head + ring->r.wp * ring->r.desc_size);
	buf_desc[0].buf_size = cpu_to_le16(skb->len);
	buf_desc[0].dma = cpu_to_le32(dma);
	tx_data = rt_get_tx_data(skb);
	tx_data->dma = dma;
	skb_queue_tail(&ring->queue, skb);
	return 0;
}
EXPORT_SYMBOL_GPL(rt_tx_write);

static void rt_free_tx_ring_skbs(struct rt_dev *rtw, struct rt_tx_ring *tx_ring)
{
	struct rt_tx_data *tx_data;
	struct sk_buff *skb, *tmp;
	dma_addr_t dma;

	skb_queue_walk_safe(&tx_ring->queue, skb, tmp) {
		__skb_unlink(skb, &tx_ring->queue);
		tx_data = rt_get_tx_data(skb);
		dma = tx_data->dma;

		dma_unmap_single(rtw->dev, dma, skb->len, DMA_TO_DEVICE);
		dev_kfree_skb_any(skb);
	}
}

void rt_free_tx_ring(struct rt_dev *rtw)
{
	struct rt_tx_ring *tx_ring = &rtw->tx_ring;
	u8 *head = tx_ring->r.head;
	int ring_sz = tx_ring->r.len * tx_ring->r.desc_size;

	rt_free_tx_ring_skbs(rtw, tx_ring);
	dma_free_coherent(rtw->dev, ring_sz, head, tx_ring->r.dma);
	tx_ring->r.head = NULL;
}
EXPORT_SYMBOL_GPL(rt_free_tx_ring);

MODULE_DESCRIPTION("drvcheck testsuite: coherent ring handle and per-skb streaming handles in members of one name (correct)");
MODULE_LICENSE("GPL");
