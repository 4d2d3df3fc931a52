// SPDX-License-Identifier: GPL-2.0
/*
 * Copy-based TX ring of a small SoC Ethernet MAC (no scatter-gather, no
 * alignment-free DMA): every ring slot owns a bounce buffer of RX_BUF_LEN
 * (2048) bytes, the size the driver uses for all its buffers.
 * ndo_start_xmit copies the frame in and maps the whole slot buffer with
 * RX_BUF_LEN, storing the handle with dma_unmap_addr_set() in the ring
 * entry.  The TX-completion handler, running from the interrupt, unmaps the
 * entry with PKT_BUF_SZ (1536): a provably different constant, reached
 * through the ring entry field.
 *
 * drvcheck-case: positive dma-unmap-size
 * drvcheck-case: negative dma-direction dma-unmap-kind dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/bitfield.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/slab.h>
#include <linux/io.h>

#define RX_BUF_LEN		2048
#define PKT_BUF_SZ		1536
#define SMAC_TX_RING		64

#define SMAC_REG_TXD_BASE	0x00
#define SMAC_REG_TX_KICK	0x04
#define SMAC_REG_ISR		0x08
#define  SMAC_ISR_TXDONE	BIT(0)
#define SMAC_REG_IMR		0x0c

struct smac_desc {
	__le32 addr;
	__le32 ctrl;
#define SMAC_DESC_OWN		BIT(31)
#define SMAC_DESC_LEN_MASK	GENMASK(11, 0)
};

struct smac_tx_entry {
	void *buf;			/* RX_BUF_LEN bounce buffer */
	DEFINE_DMA_UNMAP_ADDR(mapping);
	bool busy;
};

struct smac_priv {
	struct device *dev;
	struct net_device *ndev;
	void __iomem *regs;
	int irq;
	spinlock_t lock;
	struct smac_desc *txd;
	dma_addr_t txd_dma;
	struct smac_tx_entry tx[SMAC_TX_RING];
	unsigned int tx_prod;
	unsigned int tx_cons;
};

static netdev_tx_t smac_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct smac_priv *priv = netdev_priv(ndev);
	unsigned int i = priv->tx_prod % SMAC_TX_RING;
	struct smac_tx_entry *tx = &priv->tx[i];
	unsigned long flags;
	dma_addr_t mapping;
	unsigned int len = skb->len;

	if (len > RX_BUF_LEN) {
		ndev->stats.tx_dropped++;
		dev_kfree_skb_any(skb);
		return NETDEV_TX_OK;
	}

	spin_lock_irqsave(&priv->lock, flags);
	if (tx->busy) {
		netif_stop_queue(ndev);
		spin_unlock_irqrestore(&priv->lock, flags);
		return NETDEV_TX_BUSY;
	}

	skb_copy_bits(skb, 0, tx->buf, len);
	mapping = dma_map_single(priv->dev, tx->buf, RX_BUF_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(priv->dev, mapping)) {
		spin_unlock_irqrestore(&priv->lock, flags);
		ndev->stats.tx_dropped++;
		dev_kfree_skb_any(skb);
		return NETDEV_TX_OK;
	}
	dma_unmap_addr_set(tx, mapping, mapping);
	tx->busy = true;

	priv->txd[i].addr = cpu_to_le32(mapping);
	wmb();
	priv->txd[i].ctrl = cpu_to_le32(SMAC_DESC_OWN |
					FIELD_PREP(SMAC_DESC_LEN_MASK, len));
	priv->tx_prod++;
	writel(1, priv->regs + SMAC_REG_TX_KICK);
	spin_unlock_irqrestore(&priv->lock, flags);

	ndev->stats.tx_bytes += len;
	dev_consume_skb_any(skb);
	return NETDEV_TX_OK;
}

static void smac_tx_complete(struct smac_priv *priv)
{
	spin_lock(&priv->lock);
	while (priv->tx_cons != priv->tx_prod) {
		unsigned int i = priv->tx_cons % SMAC_TX_RING;
		struct smac_tx_entry *tx = &priv->tx[i];

		if (le32_to_cpu(priv->txd[i].ctrl) & SMAC_DESC_OWN)
			break;

		dma_unmap_single(priv->dev, dma_unmap_addr(tx, mapping), PKT_BUF_SZ, DMA_TO_DEVICE); /* expect: dma-unmap-size */
		tx->busy = false;
		priv->ndev->stats.tx_packets++;
		priv->tx_cons++;
	}
	if (netif_queue_stopped(priv->ndev))
		netif_wake_queue(priv->ndev);
	spin_unlock(&priv->lock);
}

static irqreturn_t smac_interrupt(int irq, void *dev_id)
{
	struct smac_priv *priv = dev_id;
	u32 isr = readl(priv->regs + SMAC_REG_ISR);

	if (!isr)
		return IRQ_NONE;
	writel(isr, priv->regs + SMAC_REG_ISR);
	if (isr & SMAC_ISR_TXDONE)
		smac_tx_complete(priv);
	return IRQ_HANDLED;
}

static int smac_open(struct net_device *ndev)
{
	struct smac_priv *priv = netdev_priv(ndev);
	int ret;

	priv->tx_prod = 0;
	priv->tx_cons = 0;
	memset(priv->txd, 0, SMAC_TX_RING * sizeof(*priv->txd));
	writel(priv->txd_dma, priv->regs + SMAC_REG_TXD_BASE);

	ret = request_irq(priv->irq, smac_interrupt, 0, ndev->name, priv);
	if (ret)
		return ret;
	writel(SMAC_ISR_TXDONE, priv->regs + SMAC_REG_IMR);
	netif_start_queue(ndev);
	return 0;
}

static int smac_stop(struct net_device *ndev)
{
	struct smac_priv *priv = netdev_priv(ndev);

	netif_stop_queue(ndev);
	writel(0, priv->regs + SMAC_REG_IMR);
	free_irq(priv->irq, priv);
	/* reap what the MAC finished before it was stopped */
	smac_tx_complete(priv);
	return 0;
}

static const struct net_device_ops smac_netdev_ops = {
	.ndo_open		= smac_open,
	.ndo_stop		= smac_stop,
	.ndo_start_xmit		= smac_start_xmit,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
};

static int smac_probe(struct platform_device *pdev)
{
	struct net_device *ndev;
	struct smac_priv *priv;
	int i, ret;

	ndev = devm_alloc_etherdev(&pdev->dev, sizeof(*priv));
	if (!ndev)
		return -ENOMEM;
	SET_NETDEV_DEV(ndev, &pdev->dev);
	priv = netdev_priv(ndev);
	priv->dev = &pdev->dev;
	priv->ndev = ndev;
	spin_lock_init(&priv->lock);

	priv->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(priv->regs))
		return PTR_ERR(priv->regs);
	priv->irq = platform_get_irq(pdev, 0);
	if (priv->irq < 0)
		return priv->irq;

	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	priv->txd = dmam_alloc_coherent(&pdev->dev,
					SMAC_TX_RING * sizeof(*priv->txd),
					&priv->txd_dma, GFP_KERNEL);
	if (!priv->txd)
		return -ENOMEM;
	for (i = 0; i < SMAC_TX_RING; i++) {
		priv->tx[i].buf = devm_kmalloc(&pdev->dev, RX_BUF_LEN, GFP_KERNEL);
		if (!priv->tx[i].buf)
			return -ENOMEM;
	}

	ndev->netdev_ops = &smac_netdev_ops;
	ndev->max_mtu = PKT_BUF_SZ - ETH_HLEN - ETH_FCS_LEN;
	eth_hw_addr_random(ndev);
	platform_set_drvdata(pdev, ndev);
	return register_netdev(ndev);
}

static platform_remove_ret_t smac_remove(struct platform_device *pdev)
{
	unregister_netdev(platform_get_drvdata(pdev));
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id smac_of_match[] = {
	{ .compatible = "drvcheck,smac" },
	{ }
};
MODULE_DEVICE_TABLE(of, smac_of_match);

static struct platform_driver smac_driver = {
	.probe = smac_probe,
	.remove = smac_remove,
	.driver = {
		.name = "smac",
		.of_match_table = smac_of_match,
	},
};
module_platform_driver(smac_driver);

MODULE_DESCRIPTION("drvcheck testsuite: TX ring mapped with 2048, unmapped with 1536");
MODULE_LICENSE("GPL");
