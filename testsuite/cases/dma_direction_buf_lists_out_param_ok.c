// SPDX-License-Identifier: GPL-2.0
/*
 * ath5k-style buffers: one struct (ab_buf) sits on the RX, the TX and the
 * beacon list, reached through plain pointers.  TX and beacon buffers are
 * mapped DMA_TO_DEVICE straight into bf->skbaddr; RX buffers are mapped
 * DMA_FROM_DEVICE by a helper that hands the handle back through a
 * pointer parameter (&bf->skbaddr).  The RX free routine, called on the RX
 * list only, unmaps DMA_FROM_DEVICE: the RX map is its candidate, seen
 * through the pointer.  Correct.
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-double-unmap
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

#define AB_RXBUF_SIZE	2048

struct ab_buf {
	struct list_head list;
	struct sk_buff *skb;
	dma_addr_t skbaddr;
};

struct ab_hw {
	struct device *dev;
	struct list_head rxbuf;
	struct list_head txbuf;
};

int ab_rxbuf_setup(struct ab_hw *ah, struct ab_buf *bf);
int ab_txbuf_setup(struct ab_hw *ah, struct ab_buf *bf, struct sk_buff *skb);
void ab_txbuf_free(struct ab_hw *ah, struct ab_buf *bf);
void ab_rxbuf_free_all(struct ab_hw *ah);

static struct sk_buff *ab_rx_skb_alloc(struct ab_hw *ah, dma_addr_t *skb_addr)
{
	struct sk_buff *skb = netdev_alloc_skb(NULL, AB_RXBUF_SIZE);

	if (!skb)
		return NULL;
	*skb_addr = dma_map_single(ah->dev, skb->data, AB_RXBUF_SIZE,
				   DMA_FROM_DEVICE);
	if (dma_mapping_error(ah->dev, *skb_addr)) {
		dev_kfree_skb(skb);
		return NULL;
	}
	return skb;
}

int ab_rxbuf_setup(struct ab_hw *ah, struct ab_buf *bf)
{
	if (!bf->skb) {
		bf->skb = ab_rx_skb_alloc(ah, &bf->skbaddr);
		if (!bf->skb)
			return -ENOMEM;
	}
	list_add_tail(&bf->list, &ah->rxbuf);
	return 0;
}
EXPORT_SYMBOL_GPL(ab_rxbuf_setup);

int ab_txbuf_setup(struct ab_hw *ah, struct ab_buf *bf, struct sk_buff *skb)
{
	bf->skbaddr = dma_map_single(ah->dev, skb->data, skb->len,
				     DMA_TO_DEVICE);
	if (dma_mapping_error(ah->dev, bf->skbaddr))
		return -ENOSPC;
	bf->skb = skb;
	list_add_tail(&bf->list, &ah->txbuf);
	return 0;
}
EXPORT_SYMBOL_GPL(ab_txbuf_setup);

void ab_txbuf_free(struct ab_hw *ah, struct ab_buf *bf)
{
	dma_unmap_single(ah->dev, bf->skbaddr, bf->skb->len, DMA_TO_DEVICE);
	dev_kfree_skb_any(bf->skb);
	bf->skb = NULL;
	bf->skbaddr = 0;
}
EXPORT_SYMBOL_GPL(ab_txbuf_free);

static void ab_rxbuf_free_skb(struct ab_hw *ah, struct ab_buf *bf)
{
	if (!bf->skb)
		return;
	dma_unmap_single(ah->dev, bf->skbaddr, AB_RXBUF_SIZE, DMA_FROM_DEVICE);
	dev_kfree_skb_any(bf->skb);
	bf->skb = NULL;
	bf->skbaddr = 0;
}

void ab_rxbuf_free_all(struct ab_hw *ah)
{
	struct ab_buf *bf;

	list_for_each_entry(bf, &ah->rxbuf, list)
		ab_rxbuf_free_skb(ah, bf);
}
EXPORT_SYMBOL_GPL(ab_rxbuf_free_all);

MODULE_DESCRIPTION("drvcheck testsuite: RX handle mapped through a pointer parameter, TX on the same struct (correct)");
MODULE_LICENSE("GPL");
