// SPDX-License-Identifier: GPL-2.0
/*
 * xgene-v2-style TX: each packet is copied into a coherent buffer of
 * XGE_STD_MTU bytes whose handle goes to the entry of the ring's pkt_info
 * array (pkt_info[i].dma_addr); the ring's own descriptors are coherent
 * memory of another size, their handle in the ring's member dma_addr.
 * Each is freed with its own size.  The types are in a header (the
 * array member declared as xgene-v2 does, struct xge_pkt_info (*pkt_info)),
 * so an engine that reads no headers does not know the entry's struct: a
 * store to tx_ring->pkt_info[tail].dma_addr must still be the member the
 * completion reads back, not a member "pkt_info.dma_addr" of an unnamed
 * struct, or the read meets only the ring's own dma_addr.
 *
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "xge.h"

#define XGE_RING_BYTES	4096	/* XGE_NUM_DESC descriptors */

static int xge_ring_create(struct device *dev, struct xge_desc_ring *ring)
{
	size_t size = XGE_RING_BYTES;

	ring->desc_addr = dma_alloc_coherent(dev, size, &ring->dma_addr, GFP_KERNEL);
	if (!ring->desc_addr)
		return -ENOMEM;
	ring->raw_desc = (struct xge_raw_desc *)ring->desc_addr;
	return 0;
}

static void xge_ring_delete(struct device *dev, struct xge_desc_ring *ring)
{
	size_t size = XGE_RING_BYTES;

	if (ring->desc_addr)
		dma_free_coherent(dev, size, ring->desc_addr, ring->dma_addr);
}

static netdev_tx_t xge_xmit(struct device *dev, struct xge_desc_ring *tx_ring,
			    struct sk_buff *skb)
{
	dma_addr_t dma_addr;
	void *pkt_buf;
	u16 tail = tx_ring->tail;

	pkt_buf = dma_alloc_coherent(dev, XGE_STD_MTU, &dma_addr, GFP_ATOMIC);
	if (!pkt_buf)
		return NETDEV_TX_BUSY;
	memcpy(pkt_buf, skb->data, min_t(unsigned int, skb->len, XGE_STD_MTU));
	tx_ring->pkt_info[tail].skb = skb;
	tx_ring->pkt_info[tail].dma_addr = dma_addr;
	tx_ring->pkt_info[tail].pkt_buf = pkt_buf;
	tx_ring->raw_desc[tail].m1 = cpu_to_le64(dma_addr);
	tx_ring->tail = (tail + 1) % XGE_NUM_DESC;
	return NETDEV_TX_OK;
}

static void xge_tx_complete(struct device *dev, struct xge_desc_ring *tx_ring)
{
	u16 head = tx_ring->head;
	dma_addr_t dma_addr;
	void *pkt_buf;

	dma_addr = tx_ring->pkt_info[head].dma_addr;
	pkt_buf = tx_ring->pkt_info[head].pkt_buf;
	dma_free_coherent(dev, XGE_STD_MTU, pkt_buf, dma_addr);
	dev_kfree_skb_any(tx_ring->pkt_info[head].skb);
	tx_ring->head = (head + 1) % XGE_NUM_DESC;
}

static struct xge_desc_ring xge_ring;

static int __init xge_init(void)
{
	/* keeps the functions: the case is compiled, never loaded */
	if (!xge_ring.pkt_info)
		return 0;
	xge_tx_complete(NULL, &xge_ring);
	xge_ring_delete(NULL, &xge_ring);
	return xge_ring_create(NULL, &xge_ring) + xge_xmit(NULL, &xge_ring, NULL);
}
module_init(xge_init);
MODULE_LICENSE("GPL");
