// SPDX-License-Identifier: GPL-2.0
/*
 * 10G MAC of an SoC, laid out as calxeda/xgmac.c: RX and TX descriptors of
 * one type live in coherent rings; the buffer's handle is kept only in the
 * descriptor, written with cpu_to_le32() by a static inline setter and
 * read back with le32_to_cpu() by a static inline getter
 * (desc_get_buf_addr()).  The RX refill maps dma_buf_sz - XGE_RX_ALIGN
 * bytes, and the receive path and the ring cleanup unmap that much; the
 * TX path reads the handle with le32_to_cpu() directly and unmaps with
 * the direction it mapped with.  Correct.
 * (xgmac starts its RX buffers NET_IP_ALIGN in, 0 on x86; this MAC needs
 * XGE_RX_ALIGN on every architecture.)
 *
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 * drvcheck-case: negative dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/skbuff.h>
#include <linux/io.h>

#define XGE_RX_RING		128
/* the MAC stores a frame 2 bytes into its buffer, so that the IP header
 * is aligned whatever NET_IP_ALIGN says */
#define XGE_RX_ALIGN		2
#define XGE_TX_RING		128

#define XGE_REG_RX_BASE		0x00
#define XGE_REG_TX_BASE		0x04
#define XGE_REG_TX_POLL		0x08
#define XGE_REG_ISR		0x0c
#define  XGE_ISR_RX		BIT(0)
#define  XGE_ISR_TX		BIT(1)

#define XGE_DESC_OWN		BIT(31)
#define XGE_DESC_LEN		GENMASK(13, 0)

struct xge_desc {
	__le32 flags;
	__le32 buf_size;
	__le32 buf1_addr;
	__le32 ext;
};

struct xge_priv {
	struct device *dev;
	struct net_device *ndev;
	void __iomem *regs;
	int irq;
	struct napi_struct napi;
	unsigned int dma_buf_sz;

	struct xge_desc *dma_rx;
	dma_addr_t dma_rx_phy;
	struct sk_buff *rx_skbuff[XGE_RX_RING];
	unsigned int rx_head, rx_tail;

	struct xge_desc *dma_tx;
	dma_addr_t dma_tx_phy;
	struct sk_buff *tx_skbuff[XGE_TX_RING];
	unsigned int tx_head, tx_tail;
};

static inline u32 desc_get_buf_addr(struct xge_desc *p)
{
	return le32_to_cpu(p->buf1_addr);
}

static inline void desc_set_buf_addr(struct xge_desc *p, u32 paddr, u32 len)
{
	p->buf1_addr = cpu_to_le32(paddr);
	p->buf_size = cpu_to_le32(len);
}

static inline int desc_get_owner(struct xge_desc *p)
{
	return le32_to_cpu(p->flags) & XGE_DESC_OWN;
}

static inline void desc_set_owner(struct xge_desc *p, u32 len)
{
	p->flags = cpu_to_le32(XGE_DESC_OWN | (len & XGE_DESC_LEN));
}

static void xge_rx_refill(struct xge_priv *priv)
{
	while (priv->rx_head - priv->rx_tail < XGE_RX_RING) {
		unsigned int entry = priv->rx_head % XGE_RX_RING;
		struct xge_desc *p = priv->dma_rx + entry;
		struct sk_buff *skb;
		dma_addr_t paddr;

		skb = netdev_alloc_skb(priv->ndev, priv->dma_buf_sz);
		if (!skb)
			break;
		skb_reserve(skb, XGE_RX_ALIGN);
		paddr = dma_map_single(priv->dev, skb->data,
				       priv->dma_buf_sz - XGE_RX_ALIGN,
				       DMA_FROM_DEVICE);
		if (dma_mapping_error(priv->dev, paddr)) {
			dev_kfree_skb_any(skb);
			break;
		}
		priv->rx_skbuff[entry] = skb;
		desc_set_buf_addr(p, paddr, priv->dma_buf_sz);
		dma_wmb();
		desc_set_owner(p, 0);
		priv->rx_head++;
	}
}

static int xge_rx(struct xge_priv *priv, int limit)
{
	int count = 0;

	while (count < limit && priv->rx_tail != priv->rx_head) {
		unsigned int entry = priv->rx_tail % XGE_RX_RING;
		struct xge_desc *p = priv->dma_rx + entry;
		struct sk_buff *skb = priv->rx_skbuff[entry];
		unsigned int len;

		if (desc_get_owner(p))
			break;
		dma_rmb();
		len = le32_to_cpu(p->flags) & XGE_DESC_LEN;
		dma_unmap_single(priv->dev, desc_get_buf_addr(p),
				 priv->dma_buf_sz - XGE_RX_ALIGN, DMA_FROM_DEVICE);
		priv->rx_skbuff[entry] = NULL;
		skb_put(skb, len);
		skb->protocol = eth_type_trans(skb, priv->ndev);
		napi_gro_receive(&priv->napi, skb);
		priv->rx_tail++;
		count++;
	}
	xge_rx_refill(priv);
	return count;
}

static void xge_free_rx_skbufs(struct xge_priv *priv)
{
	unsigned int i;

	for (i = 0; i < XGE_RX_RING; i++) {
		struct sk_buff *skb = priv->rx_skbuff[i];
		struct xge_desc *p = priv->dma_rx + i;

		if (!skb)
			continue;
		dma_unmap_single(priv->dev, desc_get_buf_addr(p),
				 priv->dma_buf_sz - XGE_RX_ALIGN, DMA_FROM_DEVICE);
		dev_kfree_skb_any(skb);
		priv->rx_skbuff[i] = NULL;
	}
}

static netdev_tx_t xge_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct xge_priv *priv = netdev_priv(ndev);
	unsigned int entry = priv->tx_head % XGE_TX_RING;
	struct xge_desc *p = priv->dma_tx + entry;
	unsigned int len = skb->len;
	dma_addr_t paddr;

	if (priv->tx_head - priv->tx_tail >= XGE_TX_RING) {
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}
	if (skb_linearize(skb))
		goto drop;
	paddr = dma_map_single(priv->dev, skb->data, len, DMA_TO_DEVICE);
	if (dma_mapping_error(priv->dev, paddr))
		goto drop;
	priv->tx_skbuff[entry] = skb;
	p->buf1_addr = cpu_to_le32(paddr);
	p->buf_size = cpu_to_le32(len);
	dma_wmb();
	desc_set_owner(p, len);
	priv->tx_head++;
	writel(1, priv->regs + XGE_REG_TX_POLL);
	return NETDEV_TX_OK;

drop:
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static void xge_tx_complete(struct xge_priv *priv)
{
	while (priv->tx_tail != priv->tx_head) {
		unsigned int entry = priv->tx_tail % XGE_TX_RING;
		struct xge_desc *p = priv->dma_tx + entry;
		struct sk_buff *skb = priv->tx_skbuff[entry];

		if (desc_get_owner(p))
			break;
		dma_unmap_single(priv->dev, le32_to_cpu(p->buf1_addr),
				 le32_to_cpu(p->buf_size), DMA_TO_DEVICE);
		priv->tx_skbuff[entry] = NULL;
		dev_consume_skb_any(skb);
		priv->tx_tail++;
	}
	if (netif_queue_stopped(priv->ndev))
		netif_wake_queue(priv->ndev);
}

static int xge_poll(struct napi_struct *napi, int budget)
{
	struct xge_priv *priv = container_of(napi, struct xge_priv, napi);
	int done;

	xge_tx_complete(priv);
	done = xge_rx(priv, budget);
	if (done < budget)
		napi_complete_done(napi, done);
	return done;
}

static irqreturn_t xge_interrupt(int irq, void *dev_id)
{
	struct xge_priv *priv = dev_id;
	u32 isr = readl(priv->regs + XGE_REG_ISR);

	if (!isr)
		return IRQ_NONE;
	writel(isr, priv->regs + XGE_REG_ISR);
	napi_schedule(&priv->napi);
	return IRQ_HANDLED;
}

static int xge_open(struct net_device *ndev)
{
	struct xge_priv *priv = netdev_priv(ndev);
	int ret;

	priv->dma_buf_sz = ALIGN(ndev->mtu + ETH_HLEN + ETH_FCS_LEN + XGE_RX_ALIGN, 64);
	priv->rx_head = priv->rx_tail = 0;
	priv->tx_head = priv->tx_tail = 0;
	memset(priv->dma_rx, 0, XGE_RX_RING * sizeof(*priv->dma_rx));
	memset(priv->dma_tx, 0, XGE_TX_RING * sizeof(*priv->dma_tx));
	xge_rx_refill(priv);
	writel(priv->dma_rx_phy, priv->regs + XGE_REG_RX_BASE);
	writel(priv->dma_tx_phy, priv->regs + XGE_REG_TX_BASE);

	ret = request_irq(priv->irq, xge_interrupt, 0, ndev->name, priv);
	if (ret) {
		xge_free_rx_skbufs(priv);
		return ret;
	}
	napi_enable(&priv->napi);
	netif_start_queue(ndev);
	return 0;
}

static int xge_stop(struct net_device *ndev)
{
	struct xge_priv *priv = netdev_priv(ndev);

	netif_stop_queue(ndev);
	napi_disable(&priv->napi);
	free_irq(priv->irq, priv);
	xge_tx_complete(priv);
	xge_free_rx_skbufs(priv);
	return 0;
}

static const struct net_device_ops xge_netdev_ops = {
	.ndo_open		= xge_open,
	.ndo_stop		= xge_stop,
	.ndo_start_xmit		= xge_xmit,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
};

static int xge_probe(struct platform_device *pdev)
{
	struct net_device *ndev;
	struct xge_priv *priv;
	int ret;

	ndev = devm_alloc_etherdev(&pdev->dev, sizeof(*priv));
	if (!ndev)
		return -ENOMEM;
	SET_NETDEV_DEV(ndev, &pdev->dev);
	priv = netdev_priv(ndev);
	priv->dev = &pdev->dev;
	priv->ndev = ndev;

	priv->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(priv->regs))
		return PTR_ERR(priv->regs);
	priv->irq = platform_get_irq(pdev, 0);
	if (priv->irq < 0)
		return priv->irq;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	priv->dma_rx = dmam_alloc_coherent(&pdev->dev,
					   XGE_RX_RING * sizeof(struct xge_desc),
					   &priv->dma_rx_phy, GFP_KERNEL);
	priv->dma_tx = dmam_alloc_coherent(&pdev->dev,
					   XGE_TX_RING * sizeof(struct xge_desc),
					   &priv->dma_tx_phy, GFP_KERNEL);
	if (!priv->dma_rx || !priv->dma_tx)
		return -ENOMEM;

	ndev->netdev_ops = &xge_netdev_ops;
	eth_hw_addr_random(ndev);
	netif_napi_add(ndev, &priv->napi, xge_poll);
	platform_set_drvdata(pdev, ndev);
	return register_netdev(ndev);
}

static platform_remove_ret_t xge_remove(struct platform_device *pdev)
{
	struct net_device *ndev = platform_get_drvdata(pdev);
	struct xge_priv *priv = netdev_priv(ndev);

	unregister_netdev(ndev);
	netif_napi_del(&priv->napi);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id xge_of_match[] = {
	{ .compatible = "drvcheck,xge-ok" },
	{ }
};
MODULE_DEVICE_TABLE(of, xge_of_match);

static struct platform_driver xge_driver = {
	.probe = xge_probe,
	.remove = xge_remove,
	.driver = {
		.name = "xge",
		.of_match_table = xge_of_match,
	},
};
module_platform_driver(xge_driver);

MODULE_DESCRIPTION("drvcheck testsuite: RX and TX buffers unmapped through descriptor accessors (correct)");
MODULE_LICENSE("GPL");
