// SPDX-License-Identifier: GPL-2.0
/*
 * fealnx-style rings: one descriptor type for RX and TX, reached through
 * several cursor pointers of the private struct (rx_ring[i] and lack_rxbuf
 * when refilling, cur_rx when receiving, a local "next" for TX).  The RX
 * release through cur_rx pairs with the RX maps made through the other
 * pointers, not with the TX map made through "next".  Correct.
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

#define RP_RING		32
#define RP_BUF_SZ	1536

struct rp_desc {
	u32 status;
	u32 buffer_dma;
	dma_addr_t buffer;
	struct sk_buff *skb;
	struct rp_desc *next_desc;
};

struct rp_priv {
	struct device *dev;
	struct rp_desc rx_ring[RP_RING];
	struct rp_desc tx_ring[RP_RING];
	struct rp_desc *cur_rx, *lack_rxbuf, *cur_tx;
};

int rp_init_rx(struct rp_priv *np);
void rp_refill(struct rp_priv *np);
struct sk_buff *rp_rx(struct rp_priv *np);
netdev_tx_t rp_xmit(struct rp_priv *np, struct sk_buff *skb);
void rp_tx_done(struct rp_priv *np, unsigned int i);

int rp_init_rx(struct rp_priv *np)
{
	int i;

	for (i = 0; i < RP_RING; i++) {
		struct sk_buff *skb = netdev_alloc_skb(NULL, RP_BUF_SZ);

		if (!skb)
			return -ENOMEM;
		np->rx_ring[i].buffer = dma_map_single(np->dev, skb->data,
						       RP_BUF_SZ, DMA_FROM_DEVICE);
		if (dma_mapping_error(np->dev, np->rx_ring[i].buffer)) {
			dev_kfree_skb_any(skb);
			return -ENOMEM;
		}
		np->rx_ring[i].skb = skb;
		np->rx_ring[i].next_desc = &np->rx_ring[(i + 1) % RP_RING];
	}
	np->cur_rx = np->lack_rxbuf = &np->rx_ring[0];
	return 0;
}
EXPORT_SYMBOL_GPL(rp_init_rx);

void rp_refill(struct rp_priv *np)
{
	while (np->lack_rxbuf && !np->lack_rxbuf->skb) {
		struct sk_buff *skb = netdev_alloc_skb(NULL, RP_BUF_SZ);

		if (!skb)
			break;
		np->lack_rxbuf->buffer = dma_map_single(np->dev, skb->data,
							RP_BUF_SZ, DMA_FROM_DEVICE);
		if (dma_mapping_error(np->dev, np->lack_rxbuf->buffer)) {
			dev_kfree_skb_any(skb);
			break;
		}
		np->lack_rxbuf->skb = skb;
		np->lack_rxbuf = np->lack_rxbuf->next_desc;
	}
}
EXPORT_SYMBOL_GPL(rp_refill);

struct sk_buff *rp_rx(struct rp_priv *np)
{
	struct sk_buff *skb = np->cur_rx->skb;

	dma_unmap_single(np->dev, np->cur_rx->buffer, RP_BUF_SZ,
			 DMA_FROM_DEVICE);
	np->cur_rx->skb = NULL;
	np->cur_rx = np->cur_rx->next_desc;
	return skb;
}
EXPORT_SYMBOL_GPL(rp_rx);

netdev_tx_t rp_xmit(struct rp_priv *np, struct sk_buff *skb)
{
	struct rp_desc *next = np->cur_tx;

	next->buffer = dma_map_single(np->dev, skb->data, skb->len,
				      DMA_TO_DEVICE);
	if (dma_mapping_error(np->dev, next->buffer)) {
		dev_kfree_skb_any(skb);
		return NETDEV_TX_OK;
	}
	next->skb = skb;
	np->cur_tx = next->next_desc;
	return NETDEV_TX_OK;
}
EXPORT_SYMBOL_GPL(rp_xmit);

void rp_tx_done(struct rp_priv *np, unsigned int i)
{
	dma_unmap_single(np->dev, np->tx_ring[i].buffer, np->tx_ring[i].skb->len,
			 DMA_TO_DEVICE);
	dev_consume_skb_any(np->tx_ring[i].skb);
	np->tx_ring[i].skb = NULL;
}
EXPORT_SYMBOL_GPL(rp_tx_done);

MODULE_DESCRIPTION("drvcheck testsuite: one descriptor type behind several ring cursors (correct)");
MODULE_LICENSE("GPL");
