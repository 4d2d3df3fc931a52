// SPDX-License-Identifier: GPL-2.0
/*
 * mtk_star-style rings: RX and TX are two rings of one type embedded in
 * the private struct.  RX refills its ring directly; TX puts the handle
 * into a struct variable on the stack (desc.addr) that a helper given
 * &desc pushes into the ring.  The pop helper fills another such variable
 * that the unmap helpers read through their pointer parameter (d->addr).  The TX unmap pairs with the
 * TX map stored through desc.addr, the RX unmap with the RX map.  Correct
 * (mtk_star_emac.c).
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

#define MS_RING		32

struct ms_desc_data {
	unsigned int len;
	dma_addr_t addr;
	struct sk_buff *skb;
};

struct ms_ring {
	dma_addr_t addrs[MS_RING];
	struct sk_buff *skbs[MS_RING];
	unsigned int head, tail;
};

struct ms_priv {
	struct device *dev;
	struct ms_ring rx_ring;
	struct ms_ring tx_ring;
};

int ms_rx_refill(struct ms_priv *priv, struct sk_buff *skb);
netdev_tx_t ms_xmit(struct ms_priv *priv, struct sk_buff *skb);
int ms_rx_one(struct ms_priv *priv);
int ms_tx_complete_one(struct ms_priv *priv);

static void ms_push_head(struct ms_ring *ring, struct ms_desc_data *d)
{
	ring->addrs[ring->head] = d->addr;
	ring->skbs[ring->head] = d->skb;
	ring->head = (ring->head + 1) % MS_RING;
}

static int ms_pop_tail(struct ms_ring *ring, struct ms_desc_data *d)
{
	if (!ring->skbs[ring->tail])
		return -1;
	d->addr = ring->addrs[ring->tail];
	d->skb = ring->skbs[ring->tail];
	ring->skbs[ring->tail] = NULL;
	ring->tail = (ring->tail + 1) % MS_RING;
	return 0;
}

static void ms_unmap_rx(struct ms_priv *priv, struct ms_desc_data *d)
{
	dma_unmap_single(priv->dev, d->addr, skb_tailroom(d->skb), DMA_FROM_DEVICE);
}

static void ms_unmap_tx(struct ms_priv *priv, struct ms_desc_data *d)
{
	dma_unmap_single(priv->dev, d->addr, skb_headlen(d->skb), DMA_TO_DEVICE);
}

int ms_rx_refill(struct ms_priv *priv, struct sk_buff *skb)
{
	struct ms_ring *ring = &priv->rx_ring;
	dma_addr_t addr;

	addr = dma_map_single(priv->dev, skb_tail_pointer(skb),
			      skb_tailroom(skb), DMA_FROM_DEVICE);
	if (dma_mapping_error(priv->dev, addr))
		return -ENOMEM;
	ring->skbs[ring->head] = skb;
	ring->addrs[ring->head] = addr;
	ring->head = (ring->head + 1) % MS_RING;
	return 0;
}
EXPORT_SYMBOL_GPL(ms_rx_refill);

netdev_tx_t ms_xmit(struct ms_priv *priv, struct sk_buff *skb)
{
	struct ms_desc_data desc;

	desc.addr = dma_map_single(priv->dev, skb->data, skb_headlen(skb),
				   DMA_TO_DEVICE);
	if (dma_mapping_error(priv->dev, desc.addr)) {
		dev_kfree_skb(skb);
		return NETDEV_TX_OK;
	}
	desc.skb = skb;
	desc.len = skb->len;
	ms_push_head(&priv->tx_ring, &desc);
	return NETDEV_TX_OK;
}
EXPORT_SYMBOL_GPL(ms_xmit);

int ms_rx_one(struct ms_priv *priv)
{
	struct ms_desc_data desc;

	if (ms_pop_tail(&priv->rx_ring, &desc))
		return 0;
	ms_unmap_rx(priv, &desc);
	netif_receive_skb(desc.skb);
	return 1;
}
EXPORT_SYMBOL_GPL(ms_rx_one);

int ms_tx_complete_one(struct ms_priv *priv)
{
	struct ms_desc_data desc;
	int len;

	if (ms_pop_tail(&priv->tx_ring, &desc))
		return -1;
	ms_unmap_tx(priv, &desc);
	len = desc.skb->len;
	dev_kfree_skb_irq(desc.skb);
	return len;
}
EXPORT_SYMBOL_GPL(ms_tx_complete_one);

MODULE_LICENSE("GPL");
