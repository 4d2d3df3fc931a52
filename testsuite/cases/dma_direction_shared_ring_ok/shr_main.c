// SPDX-License-Identifier: GPL-2.0
/*
 * One struct type for the entries of both rings: RX entries are mapped
 * DMA_FROM_DEVICE through a typed local (map->mapping), TX entries
 * DMA_TO_DEVICE through the ring field (priv->tx_buffers[i].mapping), and
 * each ring is released with its own direction through typed locals.  The
 * TX release pairs with the TX maps, not with the RX ones.  Correct.
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include "shr.h"

int shr_alloc_rx(struct shr *priv, unsigned int i)
{
	struct shr_ring_info *map = &priv->rx_buffers[i];
	struct sk_buff *skb;
	dma_addr_t mapping;

	skb = netdev_alloc_skb(NULL, SHR_RX_BUF);
	if (!skb)
		return -ENOMEM;
	mapping = dma_map_single(priv->dev, skb->data, SHR_RX_BUF,
				 DMA_FROM_DEVICE);
	if (dma_mapping_error(priv->dev, mapping)) {
		dev_kfree_skb_any(skb);
		return -ENOMEM;
	}
	map->skb = skb;
	dma_unmap_addr_set(map, mapping, mapping);
	return 0;
}
EXPORT_SYMBOL_GPL(shr_alloc_rx);

struct sk_buff *shr_rx(struct shr *priv)
{
	struct shr_ring_info *rp = &priv->rx_buffers[priv->rx_cons % SHR_RING];
	struct sk_buff *skb = rp->skb;

	dma_unmap_single(priv->dev, dma_unmap_addr(rp, mapping), SHR_RX_BUF,
			 DMA_FROM_DEVICE);
	rp->skb = NULL;
	priv->rx_cons++;
	return skb;
}
EXPORT_SYMBOL_GPL(shr_rx);

netdev_tx_t shr_start_xmit(struct shr *priv, struct sk_buff *skb)
{
	unsigned int entry = priv->tx_prod % SHR_RING;
	dma_addr_t mapping;

	mapping = dma_map_single(priv->dev, skb->data, skb->len, DMA_TO_DEVICE);
	if (dma_mapping_error(priv->dev, mapping)) {
		dev_kfree_skb_any(skb);
		return NETDEV_TX_OK;
	}
	priv->tx_buffers[entry].skb = skb;
	dma_unmap_addr_set(&priv->tx_buffers[entry], mapping, mapping);
	priv->tx_prod++;
	return NETDEV_TX_OK;
}
EXPORT_SYMBOL_GPL(shr_start_xmit);

void shr_tx_complete(struct shr *priv)
{
	while (priv->tx_cons != priv->tx_prod) {
		struct shr_ring_info *rp = &priv->tx_buffers[priv->tx_cons % SHR_RING];
		struct sk_buff *skb = rp->skb;

		dma_unmap_single(priv->dev, dma_unmap_addr(rp, mapping),
				 skb->len, DMA_TO_DEVICE);
		dev_consume_skb_any(skb);
		rp->skb = NULL;
		priv->tx_cons++;
	}
}
EXPORT_SYMBOL_GPL(shr_tx_complete);

MODULE_DESCRIPTION("drvcheck testsuite: one ring entry type for RX and TX (correct)");
MODULE_LICENSE("GPL");
