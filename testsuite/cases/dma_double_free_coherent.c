// SPDX-License-Identifier: GPL-2.0
/*
 * Descriptor rings of a platform Ethernet MAC, one coherent allocation per
 * direction, allocated in ndo_open.  ndo_stop was written by copy and
 * paste and frees the RX ring twice (and the TX ring never): the second
 * dma_free_coherent() of rx_ring on the same path is reported.
 *
 * drvcheck-case: positive dma-double-unmap
 * drvcheck-case: negative dma-unmap-size dma-coherent-streaming-mix dma-unmap-kind
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/io.h>

#define EMAC_RX_RING		128
#define EMAC_TX_RING		128
#define EMAC_DESC_LEN		16
#define EMAC_REG_RX_BASE	0x00
#define EMAC_REG_TX_BASE	0x08
#define EMAC_REG_CTRL		0x10
#define  EMAC_CTRL_EN		BIT(0)

struct emac {
	struct device *dev;
	void __iomem *regs;
	void *rx_ring;
	dma_addr_t rx_ring_dma;
	void *tx_ring;
	dma_addr_t tx_ring_dma;
};

static int emac_open(struct net_device *ndev)
{
	struct emac *em = netdev_priv(ndev);

	em->rx_ring = dma_alloc_coherent(em->dev, EMAC_RX_RING * EMAC_DESC_LEN,
					 &em->rx_ring_dma, GFP_KERNEL);
	if (!em->rx_ring)
		return -ENOMEM;
	em->tx_ring = dma_alloc_coherent(em->dev, EMAC_TX_RING * EMAC_DESC_LEN,
					 &em->tx_ring_dma, GFP_KERNEL);
	if (!em->tx_ring) {
		dma_free_coherent(em->dev, EMAC_RX_RING * EMAC_DESC_LEN,
				  em->rx_ring, em->rx_ring_dma);
		return -ENOMEM;
	}
	writeq(em->rx_ring_dma, em->regs + EMAC_REG_RX_BASE);
	writeq(em->tx_ring_dma, em->regs + EMAC_REG_TX_BASE);
	writel(EMAC_CTRL_EN, em->regs + EMAC_REG_CTRL);
	netif_start_queue(ndev);
	return 0;
}

static int emac_stop(struct net_device *ndev)
{
	struct emac *em = netdev_priv(ndev);

	netif_stop_queue(ndev);
	writel(0, em->regs + EMAC_REG_CTRL);
	writeq(0, em->regs + EMAC_REG_RX_BASE);
	writeq(0, em->regs + EMAC_REG_TX_BASE);
	dma_free_coherent(em->dev, EMAC_RX_RING * EMAC_DESC_LEN, em->rx_ring,
			  em->rx_ring_dma);
	dma_free_coherent(em->dev, EMAC_RX_RING * EMAC_DESC_LEN, em->rx_ring, /* expect: dma-double-unmap */
			  em->rx_ring_dma);
	return 0;
}

static netdev_tx_t emac_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	/* data path elided: the MAC is brought up for link tests only */
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static const struct net_device_ops emac_ops = {
	.ndo_open		= emac_open,
	.ndo_stop		= emac_stop,
	.ndo_start_xmit		= emac_xmit,
	.ndo_validate_addr	= eth_validate_addr,
};

static int emac_probe(struct platform_device *pdev)
{
	struct net_device *ndev;
	struct emac *em;

	ndev = devm_alloc_etherdev(&pdev->dev, sizeof(*em));
	if (!ndev)
		return -ENOMEM;
	SET_NETDEV_DEV(ndev, &pdev->dev);
	em = netdev_priv(ndev);
	em->dev = &pdev->dev;
	em->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(em->regs))
		return PTR_ERR(em->regs);
	ndev->netdev_ops = &emac_ops;
	eth_hw_addr_random(ndev);
	platform_set_drvdata(pdev, ndev);
	return register_netdev(ndev);
}

static platform_remove_ret_t emac_remove(struct platform_device *pdev)
{
	unregister_netdev(platform_get_drvdata(pdev));
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id emac_of_match[] = {
	{ .compatible = "drvcheck,emac" },
	{ }
};
MODULE_DEVICE_TABLE(of, emac_of_match);

static struct platform_driver emac_driver = {
	.probe = emac_probe,
	.remove = emac_remove,
	.driver = {
		.name = "emac",
		.of_match_table = emac_of_match,
	},
};
module_platform_driver(emac_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_free_coherent of the same ring twice");
MODULE_LICENSE("GPL");
