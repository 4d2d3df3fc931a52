// SPDX-License-Identifier: GPL-2.0
/*
 * sunplus-style rings across two files of one module: one entry type for
 * RX (a kcalloc'ed array reached through a local cursor) and TX (an array
 * member).  This file maps RX buffers DMA_FROM_DEVICE and releases the TX
 * entries DMA_TO_DEVICE; the TX maps are in spx_xmit.c.  What this file
 * alone shows pairs the TX release with the RX map only: the verdict is
 * the module's, over both files.  Correct.
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include <linux/slab.h>
#include "spx.h"

int spx_rx_init(struct spx_common *comm)
{
	struct spx_skb_info *rx;
	dma_addr_t mapping;
	int j;

	comm->rx_skb_info = kcalloc(SPX_RX_NUM, sizeof(*rx), GFP_KERNEL);
	if (!comm->rx_skb_info)
		return -ENOMEM;
	rx = comm->rx_skb_info;
	for (j = 0; j < SPX_RX_NUM; j++) {
		struct sk_buff *skb = netdev_alloc_skb(NULL, SPX_RX_BUF);

		if (!skb)
			break;
		mapping = dma_map_single(comm->dev, skb->data, SPX_RX_BUF,
					 DMA_FROM_DEVICE);
		if (dma_mapping_error(comm->dev, mapping)) {
			dev_kfree_skb_any(skb);
			break;
		}
		rx[j].skb = skb;
		rx[j].mapping = mapping;
	}
	return j;	/* buffers filled: the refill idiom */
}
EXPORT_SYMBOL_GPL(spx_rx_init);

void spx_tx_clean(struct spx_common *comm)
{
	u32 i;

	for (i = 0; i < SPX_TX_NUM; i++) {
		if (comm->tx_temp_skb_info[i].mapping) {
			dma_unmap_single(comm->dev, comm->tx_temp_skb_info[i].mapping,
					 comm->tx_temp_skb_info[i].len, DMA_TO_DEVICE);
			comm->tx_temp_skb_info[i].mapping = 0;
		}
	}
}
EXPORT_SYMBOL_GPL(spx_tx_clean);

MODULE_LICENSE("GPL");
