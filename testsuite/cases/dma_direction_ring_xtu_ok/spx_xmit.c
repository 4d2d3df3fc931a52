// SPDX-License-Identifier: GPL-2.0
/* Part of the dma_direction_ring_xtu_ok case: the TX maps. */
#include "spx.h"

netdev_tx_t spx_xmit(struct sk_buff *skb, struct spx_common *comm)
{
	struct spx_skb_info *info;
	dma_addr_t mapping;

	mapping = dma_map_single(comm->dev, skb->data, skb->len, DMA_TO_DEVICE);
	if (dma_mapping_error(comm->dev, mapping))
		return NETDEV_TX_BUSY;
	info = &comm->tx_temp_skb_info[comm->tx_pos];
	info->mapping = mapping;
	info->len = skb->len;
	info->skb = skb;
	comm->tx_pos = (comm->tx_pos + 1) % SPX_TX_NUM;
	return NETDEV_TX_OK;
}
EXPORT_SYMBOL_GPL(spx_xmit);
