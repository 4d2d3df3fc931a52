// SPDX-License-Identifier: GPL-2.0
/*
 * sundance-style rings: RX and TX descriptor rings of one type behind two
 * pointer members, the buffer address inside a nested struct of the
 * descriptor, little-endian.  TX maps through a cursor assigned before the
 * map; RX syncs and unmaps through a cursor initialised in its
 * declaration, &(np->rx_ring[entry]).  The RX syncs pair with the RX maps
 * only.  Correct (sundance.c, which tests the mapping through the 32-bit
 * little-endian copy: a finding of its own, left out here).
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

#define SD_RING		16
#define SD_BUF_SZ	1536

struct sd_desc {
	__le32 next_desc;
	__le32 status;
	struct sd_frag {
		__le32 addr;
		__le32 length;
	} frag;
};

struct sd_priv {
	struct device *dev;
	struct sd_desc *rx_ring;
	struct sd_desc *tx_ring;
	struct sk_buff *rx_skbuff[SD_RING];
	unsigned int cur_tx;
};

int sd_init_rx(struct sd_priv *np);
netdev_tx_t sd_xmit(struct sk_buff *skb, struct sd_priv *np);
int sd_rx(struct sd_priv *np, unsigned int entry, int pkt_len);

int sd_init_rx(struct sd_priv *np)
{
	dma_addr_t d;
	int i;

	for (i = 0; i < SD_RING; i++) {
		struct sk_buff *skb = netdev_alloc_skb(NULL, SD_BUF_SZ);

		if (!skb)
			return -ENOMEM;
		np->rx_skbuff[i] = skb;
		d = dma_map_single(np->dev, skb->data, SD_BUF_SZ, DMA_FROM_DEVICE);
		if (dma_mapping_error(np->dev, d))
			return -EIO;
		np->rx_ring[i].frag.addr = cpu_to_le32(d);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(sd_init_rx);

netdev_tx_t sd_xmit(struct sk_buff *skb, struct sd_priv *np)
{
	struct sd_desc *txdesc;
	dma_addr_t d;
	unsigned int entry = np->cur_tx % SD_RING;

	d = dma_map_single(np->dev, skb->data, skb->len, DMA_TO_DEVICE);
	if (dma_mapping_error(np->dev, d))
		return NETDEV_TX_BUSY;
	txdesc = &np->tx_ring[entry];
	txdesc->frag.addr = cpu_to_le32(d);
	np->cur_tx++;
	return NETDEV_TX_OK;
}
EXPORT_SYMBOL_GPL(sd_xmit);

int sd_rx(struct sd_priv *np, unsigned int entry, int pkt_len)
{
	struct sd_desc *desc = &(np->rx_ring[entry]);

	if (pkt_len < 256) {
		dma_sync_single_for_cpu(np->dev, le32_to_cpu(desc->frag.addr),
					SD_BUF_SZ, DMA_FROM_DEVICE);
		dma_sync_single_for_device(np->dev, le32_to_cpu(desc->frag.addr),
					   SD_BUF_SZ, DMA_FROM_DEVICE);
		return 0;
	}
	dma_unmap_single(np->dev, le32_to_cpu(desc->frag.addr), SD_BUF_SZ,
			 DMA_FROM_DEVICE);
	np->rx_skbuff[entry] = NULL;
	return 1;
}
EXPORT_SYMBOL_GPL(sd_rx);

MODULE_LICENSE("GPL");
