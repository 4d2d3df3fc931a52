// SPDX-License-Identifier: GPL-2.0
/*
 * TX ring of a PCI NIC that keeps the buffer's handle and length only in
 * the descriptor (desc->addr = cpu_to_le64(dma), desc->len =
 * cpu_to_le16(len)), as many small NICs do, and reads them back with
 * le64_to_cpu() / le16_to_cpu() to unmap, in the completion handler and
 * in the ring cleanup at ndo_stop, with the map's direction.  Correct.
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 * drvcheck-case: negative dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define LNET_DRV_NAME		"lnet"
#define LNET_TX_RING_SIZE	256

#define LNET_REG_TX_RING_LO	0x00
#define LNET_REG_TX_RING_HI	0x04
#define LNET_REG_TX_TAIL	0x08
#define LNET_REG_TX_HEAD	0x0c
#define LNET_REG_IRQ_STATUS	0x10
#define LNET_REG_IRQ_MASK	0x14
#define  LNET_IRQ_TX_DONE	BIT(0)

struct lnet_tx_desc {
	__le64 addr;
	__le16 len;
	__le16 flags;
#define LNET_TXD_EOP		BIT(0)
#define LNET_TXD_DONE		BIT(15)
	__le32 reserved;
};

struct lnet_tx_buffer {
	struct sk_buff *skb;
};

struct lnet_priv {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *regs;
	struct napi_struct napi;

	struct lnet_tx_desc *tx_desc;
	dma_addr_t tx_desc_dma;
	struct lnet_tx_buffer tx_buf[LNET_TX_RING_SIZE];
	unsigned int tx_head;		/* next slot xmit fills */
	unsigned int tx_tail;		/* next slot completion reaps */
};

static unsigned int lnet_tx_free(const struct lnet_priv *priv)
{
	return LNET_TX_RING_SIZE - (priv->tx_head - priv->tx_tail);
}

/* the handle and the length live only in the descriptor */
static void lnet_unmap_tx_buffer(struct lnet_priv *priv, struct lnet_tx_desc *desc,
				 struct lnet_tx_buffer *buf)
{
	if (!buf->skb)
		return;
	dma_unmap_single(&priv->pdev->dev, le64_to_cpu(desc->addr),
			 le16_to_cpu(desc->len), DMA_TO_DEVICE);
	dev_kfree_skb_any(buf->skb);
	buf->skb = NULL;
}

static netdev_tx_t lnet_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct lnet_priv *priv = netdev_priv(ndev);
	struct device *dev = &priv->pdev->dev;
	unsigned int i = priv->tx_head % LNET_TX_RING_SIZE;
	struct lnet_tx_buffer *buf = &priv->tx_buf[i];
	struct lnet_tx_desc *desc = &priv->tx_desc[i];
	dma_addr_t dma;

	if (skb_put_padto(skb, ETH_ZLEN))
		return NETDEV_TX_OK;

	if (!lnet_tx_free(priv)) {
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}

	dma = dma_map_single(dev, skb->data, skb_headlen(skb), DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma))
		goto drop;

	buf->skb = skb;

	desc->addr = cpu_to_le64(dma);
	desc->len = cpu_to_le16(skb_headlen(skb));
	dma_wmb();
	desc->flags = cpu_to_le16(LNET_TXD_EOP);

	priv->tx_head++;
	writel(priv->tx_head % LNET_TX_RING_SIZE, priv->regs + LNET_REG_TX_TAIL);
	if (!lnet_tx_free(priv))
		netif_stop_queue(ndev);
	return NETDEV_TX_OK;

drop:
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static int lnet_clean_tx(struct lnet_priv *priv, int budget)
{
	int done = 0;

	while (priv->tx_tail != priv->tx_head && done < budget) {
		unsigned int i = priv->tx_tail % LNET_TX_RING_SIZE;
		struct lnet_tx_desc *desc = &priv->tx_desc[i];
		struct lnet_tx_buffer *buf = &priv->tx_buf[i];

		if (!(le16_to_cpu(READ_ONCE(desc->flags)) & LNET_TXD_DONE))
			break;
		dma_rmb();

		priv->ndev->stats.tx_packets++;
		priv->ndev->stats.tx_bytes += le16_to_cpu(desc->len);

		dma_unmap_single(&priv->pdev->dev, le64_to_cpu(desc->addr),
				 le16_to_cpu(desc->len), DMA_TO_DEVICE);
		napi_consume_skb(buf->skb, budget);
		buf->skb = NULL;
		desc->flags = 0;

		priv->tx_tail++;
		done++;
	}

	if (netif_queue_stopped(priv->ndev) && lnet_tx_free(priv) > 16)
		netif_wake_queue(priv->ndev);
	return done;
}

static int lnet_poll(struct napi_struct *napi, int budget)
{
	struct lnet_priv *priv = container_of(napi, struct lnet_priv, napi);
	int done = lnet_clean_tx(priv, budget);

	if (done < budget && napi_complete_done(napi, done))
		writel(LNET_IRQ_TX_DONE, priv->regs + LNET_REG_IRQ_MASK);
	return done;
}

static irqreturn_t lnet_interrupt(int irq, void *data)
{
	struct lnet_priv *priv = data;
	u32 status = readl(priv->regs + LNET_REG_IRQ_STATUS);

	if (!(status & LNET_IRQ_TX_DONE))
		return IRQ_NONE;
	writel(status, priv->regs + LNET_REG_IRQ_STATUS);
	writel(0, priv->regs + LNET_REG_IRQ_MASK);
	napi_schedule(&priv->napi);
	return IRQ_HANDLED;
}

static int lnet_open(struct net_device *ndev)
{
	struct lnet_priv *priv = netdev_priv(ndev);
	size_t size = LNET_TX_RING_SIZE * sizeof(*priv->tx_desc);
	int ret;

	priv->tx_desc = dma_alloc_coherent(&priv->pdev->dev, size,
					   &priv->tx_desc_dma, GFP_KERNEL);
	if (!priv->tx_desc)
		return -ENOMEM;
	priv->tx_head = 0;
	priv->tx_tail = 0;

	ret = request_irq(priv->pdev->irq, lnet_interrupt, IRQF_SHARED,
			  ndev->name, priv);
	if (ret)
		goto err_free_ring;

	writel(lower_32_bits(priv->tx_desc_dma), priv->regs + LNET_REG_TX_RING_LO);
	writel(upper_32_bits(priv->tx_desc_dma), priv->regs + LNET_REG_TX_RING_HI);
	napi_enable(&priv->napi);
	writel(LNET_IRQ_TX_DONE, priv->regs + LNET_REG_IRQ_MASK);
	netif_start_queue(ndev);
	return 0;

err_free_ring:
	dma_free_coherent(&priv->pdev->dev, size, priv->tx_desc,
			  priv->tx_desc_dma);
	return ret;
}

static int lnet_stop(struct net_device *ndev)
{
	struct lnet_priv *priv = netdev_priv(ndev);
	unsigned int i;

	netif_stop_queue(ndev);
	writel(0, priv->regs + LNET_REG_IRQ_MASK);
	napi_disable(&priv->napi);
	free_irq(priv->pdev->irq, priv);

	for (i = 0; i < LNET_TX_RING_SIZE; i++)
		lnet_unmap_tx_buffer(priv, &priv->tx_desc[i], &priv->tx_buf[i]);

	dma_free_coherent(&priv->pdev->dev,
			  LNET_TX_RING_SIZE * sizeof(*priv->tx_desc),
			  priv->tx_desc, priv->tx_desc_dma);
	return 0;
}

static const struct net_device_ops lnet_netdev_ops = {
	.ndo_open		= lnet_open,
	.ndo_stop		= lnet_stop,
	.ndo_start_xmit		= lnet_start_xmit,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
};

static int lnet_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct lnet_priv *priv;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), LNET_DRV_NAME);
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
	priv->regs = pcim_iomap_table(pdev)[0];
	ndev->netdev_ops = &lnet_netdev_ops;
	eth_hw_addr_random(ndev);
	netif_napi_add_tx(ndev, &priv->napi, lnet_poll);
	pci_set_drvdata(pdev, priv);

	ret = register_netdev(ndev);
	if (ret)
		netif_napi_del(&priv->napi);
	return ret;
}

static void lnet_remove(struct pci_dev *pdev)
{
	struct lnet_priv *priv = pci_get_drvdata(pdev);

	unregister_netdev(priv->ndev);
	netif_napi_del(&priv->napi);
}

static const struct pci_device_id lnet_pci_tbl[] = {
	{ PCI_DEVICE(0x1af4, 0x10f3) },
	{ }
};
MODULE_DEVICE_TABLE(pci, lnet_pci_tbl);

static struct pci_driver lnet_driver = {
	.name		= LNET_DRV_NAME,
	.id_table	= lnet_pci_tbl,
	.probe		= lnet_probe,
	.remove		= lnet_remove,
};
module_pci_driver(lnet_driver);

MODULE_DESCRIPTION("drvcheck testsuite: descriptor-held handle and length read back with le64_to_cpu/le16_to_cpu (correct)");
MODULE_LICENSE("GPL");
