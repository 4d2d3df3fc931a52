// SPDX-License-Identifier: GPL-2.0
/*
 * tc35815-style rings: the RX and the TX ring are two arrays of one entry
 * type in the private struct.  RX buffers are mapped DMA_FROM_DEVICE by a
 * helper that hands the handle back through a pointer, TX buffers
 * DMA_TO_DEVICE straight into tx_skbs[i].skb_dma.  The RX release of
 * rx_skbs[i].skb_dma is not a release of the TX ring's mappings.  Correct.
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

#define TR_RING		16
#define TR_RX_BUF	1536

struct tr_buf {
	struct sk_buff *skb;
	dma_addr_t skb_dma;
};

struct tr_priv {
	struct device *dev;
	struct tr_buf rx_skbs[TR_RING];
	struct tr_buf tx_skbs[TR_RING];
};

int tr_init_rx(struct tr_priv *lp);
struct sk_buff *tr_rx(struct tr_priv *lp, unsigned int i);
int tr_xmit(struct tr_priv *lp, unsigned int i, struct sk_buff *skb);
void tr_tx_done(struct tr_priv *lp, unsigned int i);

static struct sk_buff *tr_alloc_rxbuf(struct tr_priv *lp, dma_addr_t *dma_handle)
{
	struct sk_buff *skb = netdev_alloc_skb(NULL, TR_RX_BUF);

	if (!skb)
		return NULL;
	*dma_handle = dma_map_single(lp->dev, skb->data, TR_RX_BUF,
				     DMA_FROM_DEVICE);
	if (dma_mapping_error(lp->dev, *dma_handle)) {
		dev_kfree_skb_any(skb);
		return NULL;
	}
	return skb;
}

int tr_init_rx(struct tr_priv *lp)
{
	int i;

	for (i = 0; i < TR_RING; i++) {
		lp->rx_skbs[i].skb = tr_alloc_rxbuf(lp, &lp->rx_skbs[i].skb_dma);
		if (!lp->rx_skbs[i].skb)
			return -ENOMEM;
	}
	return 0;
}
EXPORT_SYMBOL_GPL(tr_init_rx);

struct sk_buff *tr_rx(struct tr_priv *lp, unsigned int i)
{
	struct sk_buff *skb = lp->rx_skbs[i].skb;

	lp->rx_skbs[i].skb = NULL;
	dma_unmap_single(lp->dev, lp->rx_skbs[i].skb_dma, TR_RX_BUF,
			 DMA_FROM_DEVICE);
	return skb;
}
EXPORT_SYMBOL_GPL(tr_rx);

int tr_xmit(struct tr_priv *lp, unsigned int i, struct sk_buff *skb)
{
	lp->tx_skbs[i].skb_dma = dma_map_single(lp->dev, skb->data, skb->len,
						DMA_TO_DEVICE);
	if (dma_mapping_error(lp->dev, lp->tx_skbs[i].skb_dma))
		return -ENOMEM;
	lp->tx_skbs[i].skb = skb;
	return 0;
}
EXPORT_SYMBOL_GPL(tr_xmit);

void tr_tx_done(struct tr_priv *lp, unsigned int i)
{
	struct sk_buff *skb = lp->tx_skbs[i].skb;

	dma_unmap_single(lp->dev, lp->tx_skbs[i].skb_dma, skb->len,
			 DMA_TO_DEVICE);
	dev_consume_skb_any(skb);
	lp->tx_skbs[i].skb = NULL;
}
EXPORT_SYMBOL_GPL(tr_tx_done);

MODULE_DESCRIPTION("drvcheck testsuite: RX and TX rings as two arrays of one entry type (correct)");
MODULE_LICENSE("GPL");
