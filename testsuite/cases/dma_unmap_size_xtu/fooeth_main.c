// SPDX-License-Identifier: GPL-2.0
/*
 * Part of the dma_unmap_size_xtu case (the declaration is in fooeth_rx.c):
 * PCI probe, ndo_open/ndo_stop and the RX refill, which maps every buffer
 * with FOOETH_RX_BUF_LEN and stores the handle in fooeth_rx_buf.dma.
 */
#include <linux/module.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#include "fooeth.h"

int fooeth_alloc_rx_buffers(struct fooeth_priv *priv)
{
	struct device *dev = &priv->pdev->dev;
	int filled = 0;

	while (priv->rx_fill - priv->rx_next < FOOETH_RX_RING) {
		unsigned int i = priv->rx_fill % FOOETH_RX_RING;
		struct fooeth_rx_buf *rb = &priv->rx_buf[i];
		struct sk_buff *skb;
		dma_addr_t dma;

		skb = netdev_alloc_skb(priv->ndev, FOOETH_RX_BUF_LEN);
		if (!skb)
			break;
		dma = dma_map_single(dev, skb->data, FOOETH_RX_BUF_LEN,
				     DMA_FROM_DEVICE);
		if (dma_mapping_error(dev, dma)) {
			dev_kfree_skb_any(skb);
			break;
		}
		rb->skb = skb;
		rb->dma = dma;

		priv->rxd[i].addr = cpu_to_le64(dma);
		priv->rxd[i].status = 0;
		priv->rx_fill++;
		filled++;
	}
	if (filled) {
		wmb();
		writel(priv->rx_fill % FOOETH_RX_RING,
		       priv->hw + FOOETH_REG_RX_TAIL);
	}
	return filled;
}

static void fooeth_free_rx_buffers(struct fooeth_priv *priv)
{
	while (priv->rx_next != priv->rx_fill) {
		struct fooeth_rx_buf *rb =
			&priv->rx_buf[priv->rx_next % FOOETH_RX_RING];

		dma_unmap_single(&priv->pdev->dev, rb->dma, FOOETH_RX_BUF_LEN,
				 DMA_FROM_DEVICE);
		dev_kfree_skb_any(rb->skb);
		rb->skb = NULL;
		priv->rx_next++;
	}
}

static irqreturn_t fooeth_intr(int irq, void *data)
{
	struct fooeth_priv *priv = data;
	u32 isr = readl(priv->hw + FOOETH_REG_ISR);

	if (!(isr & FOOETH_IRQ_RX))
		return IRQ_NONE;
	writel(isr, priv->hw + FOOETH_REG_ISR);
	writel(0, priv->hw + FOOETH_REG_IMR);
	napi_schedule(&priv->napi);
	return IRQ_HANDLED;
}

static int fooeth_open(struct net_device *ndev)
{
	struct fooeth_priv *priv = netdev_priv(ndev);
	int ret;

	priv->rx_next = 0;
	priv->rx_fill = 0;
	memset(priv->rxd, 0, FOOETH_RX_RING * sizeof(*priv->rxd));
	if (!fooeth_alloc_rx_buffers(priv))
		return -ENOMEM;

	ret = request_irq(priv->pdev->irq, fooeth_intr, IRQF_SHARED,
			  ndev->name, priv);
	if (ret) {
		fooeth_free_rx_buffers(priv);
		return ret;
	}
	writel(lower_32_bits(priv->rxd_dma), priv->hw + FOOETH_REG_RX_BASE_LO);
	writel(upper_32_bits(priv->rxd_dma), priv->hw + FOOETH_REG_RX_BASE_HI);
	napi_enable(&priv->napi);
	writel(FOOETH_IRQ_RX, priv->hw + FOOETH_REG_IMR);
	netif_start_queue(ndev);
	return 0;
}

static int fooeth_stop(struct net_device *ndev)
{
	struct fooeth_priv *priv = netdev_priv(ndev);

	netif_stop_queue(ndev);
	writel(0, priv->hw + FOOETH_REG_IMR);
	napi_disable(&priv->napi);
	free_irq(priv->pdev->irq, priv);
	fooeth_free_rx_buffers(priv);
	return 0;
}

static netdev_tx_t fooeth_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	/* receive-only capture device */
	ndev->stats.tx_dropped++;
	dev_kfree_skb_any(skb);
	return NETDEV_TX_OK;
}

static const struct net_device_ops fooeth_netdev_ops = {
	.ndo_open		= fooeth_open,
	.ndo_stop		= fooeth_stop,
	.ndo_start_xmit		= fooeth_xmit,
	.ndo_validate_addr	= eth_validate_addr,
};

static int fooeth_probe(struct pci_dev *pdev, const struct pci_device_id *ent)
{
	struct fooeth_priv *priv;
	struct net_device *ndev;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "fooeth");
	if (ret)
		return ret;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);

	ndev = devm_alloc_etherdev(&pdev->dev, sizeof(*priv));
	if (!ndev)
		return -ENOMEM;
	SET_NETDEV_DEV(ndev, &pdev->dev);
	priv = netdev_priv(ndev);
	priv->pdev = pdev;
	priv->ndev = ndev;
	priv->hw = pcim_iomap_table(pdev)[0];
	priv->rxd = dmam_alloc_coherent(&pdev->dev,
					FOOETH_RX_RING * sizeof(*priv->rxd),
					&priv->rxd_dma, GFP_KERNEL);
	if (!priv->rxd)
		return -ENOMEM;

	ndev->netdev_ops = &fooeth_netdev_ops;
	ndev->max_mtu = FOOETH_MAX_FRAME - ETH_HLEN - ETH_FCS_LEN;
	eth_hw_addr_random(ndev);
	netif_napi_add(ndev, &priv->napi, fooeth_poll);
	pci_set_drvdata(pdev, priv);

	ret = register_netdev(ndev);
	if (ret)
		netif_napi_del(&priv->napi);
	return ret;
}

static void fooeth_remove(struct pci_dev *pdev)
{
	struct fooeth_priv *priv = pci_get_drvdata(pdev);

	unregister_netdev(priv->ndev);
	netif_napi_del(&priv->napi);
}

static const struct pci_device_id fooeth_ids[] = {
	{ PCI_DEVICE(0x1d6a, 0x00b1) },
	{ }
};
MODULE_DEVICE_TABLE(pci, fooeth_ids);

static struct pci_driver fooeth_driver = {
	.name		= "fooeth",
	.id_table	= fooeth_ids,
	.probe		= fooeth_probe,
	.remove		= fooeth_remove,
};
module_pci_driver(fooeth_driver);

MODULE_DESCRIPTION("drvcheck testsuite: cross-TU RX unmap size");
MODULE_LICENSE("GPL");
