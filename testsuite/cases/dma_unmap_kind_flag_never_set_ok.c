// SPDX-License-Identifier: GPL-2.0
/*
 * altera_tse-style TX: every buffer is mapped with dma_map_single(); the
 * release helper still tests buffer->mapped_as_page and would unmap a
 * page mapping, but nothing in the driver ever sets that flag (the
 * buffers are zeroed): the dma_unmap_page() branch never runs.  Correct
 * as it runs.
 *
 * drvcheck-case: negative dma-unmap-kind dma-unmap-size dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/dma-mapping.h>

struct xtse_buffer {
	struct sk_buff *skb;
	dma_addr_t dma_addr;
	u32 len;
	int mapped_as_page;
};

struct xtse_priv {
	struct device *device;
	struct xtse_buffer *tx_ring;	/* kcalloc'ed: zeroed */
	u32 tx_prod, tx_cons, tx_ring_size;
};

static void xtse_free_tx_buffer(struct xtse_priv *priv, struct xtse_buffer *buffer)
{
	if (buffer->dma_addr) {
		if (buffer->mapped_as_page)
			dma_unmap_page(priv->device, buffer->dma_addr,
				       buffer->len, DMA_TO_DEVICE);
		else
			dma_unmap_single(priv->device, buffer->dma_addr,
					 buffer->len, DMA_TO_DEVICE);
		buffer->dma_addr = 0;
	}
	if (buffer->skb) {
		dev_kfree_skb_any(buffer->skb);
		buffer->skb = NULL;
	}
}

static netdev_tx_t xtse_start_xmit(struct xtse_priv *priv, struct sk_buff *skb)
{
	unsigned int entry = priv->tx_prod % priv->tx_ring_size;
	struct xtse_buffer *buffer = &priv->tx_ring[entry];
	dma_addr_t dma_addr;

	dma_addr = dma_map_single(priv->device, skb->data, skb_headlen(skb),
				  DMA_TO_DEVICE);
	if (dma_mapping_error(priv->device, dma_addr))
		return NETDEV_TX_OK;
	buffer->skb = skb;
	buffer->dma_addr = dma_addr;
	buffer->len = skb_headlen(skb);
	priv->tx_prod++;
	return NETDEV_TX_OK;
}

static void xtse_tx_complete(struct xtse_priv *priv)
{
	while (priv->tx_cons != priv->tx_prod) {
		unsigned int entry = priv->tx_cons % priv->tx_ring_size;

		xtse_free_tx_buffer(priv, &priv->tx_ring[entry]);
		priv->tx_cons++;
	}
}

static struct xtse_priv xtse;

static int __init xtse_init(void)
{
	/* keeps the functions: the case is compiled, never loaded */
	if (!xtse.device)
		return 0;
	xtse_tx_complete(&xtse);
	return xtse_start_xmit(&xtse, NULL);
}
module_init(xtse_init);
MODULE_LICENSE("GPL");
