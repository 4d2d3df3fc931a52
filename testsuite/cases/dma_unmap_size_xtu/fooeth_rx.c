// SPDX-License-Identifier: GPL-2.0
/*
 * Cross-TU ring: fooeth_main.c maps every RX buffer with FOOETH_RX_BUF_LEN
 * (2048) and stores the handle in struct fooeth_rx_buf.dma; this file's
 * NAPI handler unmaps received buffers through the same field with
 * FOOETH_MAX_FRAME (1536).  Only the cross-TU join sees both halves.
 * fooeth_main.c's own teardown unmaps with the right size.
 *
 * drvcheck-case: positive dma-unmap-size
 * drvcheck-case: negative dma-direction dma-unmap-kind dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/etherdevice.h>
#include <linux/io.h>

#include "fooeth.h"

int fooeth_poll(struct napi_struct *napi, int budget)
{
	struct fooeth_priv *priv = container_of(napi, struct fooeth_priv, napi);
	struct device *dev = &priv->pdev->dev;
	int done = 0;

	while (done < budget && priv->rx_next != priv->rx_fill) {
		unsigned int i = priv->rx_next % FOOETH_RX_RING;
		struct fooeth_rx_desc *rxd = &priv->rxd[i];
		struct fooeth_rx_buf *rb = &priv->rx_buf[i];
		struct sk_buff *skb;
		unsigned int len;

		if (!(le16_to_cpu(READ_ONCE(rxd->status)) & FOOETH_RXD_DONE))
			break;
		dma_rmb();
		len = le16_to_cpu(rxd->len);

		dma_unmap_single(dev, rb->dma, FOOETH_MAX_FRAME, DMA_FROM_DEVICE); /* expect: dma-unmap-size */
		skb = rb->skb;
		rb->skb = NULL;
		priv->rx_next++;

		skb_put(skb, min_t(unsigned int, len, FOOETH_MAX_FRAME));
		skb->protocol = eth_type_trans(skb, priv->ndev);
		priv->ndev->stats.rx_packets++;
		priv->ndev->stats.rx_bytes += len;
		napi_gro_receive(napi, skb);
		done++;
	}

	fooeth_alloc_rx_buffers(priv);

	if (done < budget && napi_complete_done(napi, done))
		writel(FOOETH_IRQ_RX, priv->hw + FOOETH_REG_IMR);
	return done;
}
