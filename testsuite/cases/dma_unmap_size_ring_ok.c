// SPDX-License-Identifier: GPL-2.0
/*
 * TX ring of a PCI NIC without scatter-gather: ndo_start_xmit maps the
 * linear skb->data and records handle and length with dma_unmap_addr_set()
 * / dma_unmap_len_set(); the completion handler (NAPI) and the ring cleanup
 * in ndo_stop unmap with dma_unmap_addr() / dma_unmap_len() of the same
 * entry, once per entry, and clear the length so the entry is not released
 * again.  The mapping is tested with "if (dma_mapping_error()) goto".
 * Correct.
 *
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
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

#define PNET_DRV_NAME		"pnet"
#define PNET_TX_RING_SIZE	256

#define PNET_REG_TX_RING_LO	0x00
#define PNET_REG_TX_RING_HI	0x04
#define PNET_REG_TX_TAIL	0x08
#define PNET_REG_TX_HEAD	0x0c
#define PNET_REG_IRQ_STATUS	0x10
#define PNET_REG_IRQ_MASK	0x14
#define  PNET_IRQ_TX_DONE	BIT(0)

struct pnet_tx_desc {
	__le64 addr;
	__le16 len;
	__le16 flags;
#define PNET_TXD_EOP		BIT(0)
#define PNET_TXD_DONE		BIT(15)
	__le32 reserved;
};

struct pnet_tx_buffer {
	struct sk_buff *skb;
	DEFINE_DMA_UNMAP_ADDR(dma);
	DEFINE_DMA_UNMAP_LEN(len);
};

struct pnet_priv {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *regs;
	struct napi_struct napi;

	struct pnet_tx_desc *tx_desc;
	dma_addr_t tx_desc_dma;
	struct pnet_tx_buffer tx_buf[PNET_TX_RING_SIZE];
	unsigned int tx_head;		/* next slot xmit fills */
	unsigned int tx_tail;		/* next slot completion reaps */
};

static unsigned int pnet_tx_free(const struct pnet_priv *priv)
{
	return PNET_TX_RING_SIZE - (priv->tx_head - priv->tx_tail);
}

static void pnet_unmap_tx_buffer(struct pnet_priv *priv,
				 struct pnet_tx_buffer *buf)
{
	if (dma_unmap_len(buf, len)) {
		dma_unmap_single(&priv->pdev->dev, dma_unmap_addr(buf, dma),
				 dma_unmap_len(buf, len), DMA_TO_DEVICE);
		dma_unmap_len_set(buf, len, 0);
	}
	if (buf->skb) {
		dev_kfree_skb_any(buf->skb);
		buf->skb = NULL;
	}
}

static netdev_tx_t pnet_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct pnet_priv *priv = netdev_priv(ndev);
	struct device *dev = &priv->pdev->dev;
	unsigned int i = priv->tx_head % PNET_TX_RING_SIZE;
	struct pnet_tx_buffer *buf = &priv->tx_buf[i];
	struct pnet_tx_desc *desc = &priv->tx_desc[i];
	dma_addr_t dma;

	if (skb_put_padto(skb, ETH_ZLEN))
		return NETDEV_TX_OK;

	if (!pnet_tx_free(priv)) {
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}

	dma = dma_map_single(dev, skb->data, skb_headlen(skb), DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma))
		goto drop;

	buf->skb = skb;
	dma_unmap_addr_set(buf, dma, dma);
	dma_unmap_len_set(buf, len, skb_headlen(skb));

	desc->addr = cpu_to_le64(dma);
	desc->len = cpu_to_le16(skb_headlen(skb));
	dma_wmb();
	desc->flags = cpu_to_le16(PNET_TXD_EOP);

	priv->tx_head++;
	writel(priv->tx_head % PNET_TX_RING_SIZE, priv->regs + PNET_REG_TX_TAIL);
	if (!pnet_tx_free(priv))
		netif_stop_queue(ndev);
	return NETDEV_TX_OK;

drop:
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static int pnet_clean_tx(struct pnet_priv *priv, int budget)
{
	int done = 0;

	while (priv->tx_tail != priv->tx_head && done < budget) {
		unsigned int i = priv->tx_tail % PNET_TX_RING_SIZE;
		struct pnet_tx_desc *desc = &priv->tx_desc[i];
		struct pnet_tx_buffer *buf = &priv->tx_buf[i];

		if (!(le16_to_cpu(READ_ONCE(desc->flags)) & PNET_TXD_DONE))
			break;
		dma_rmb();

		priv->ndev->stats.tx_packets++;
		priv->ndev->stats.tx_bytes += dma_unmap_len(buf, len);

		dma_unmap_single(&priv->pdev->dev, dma_unmap_addr(buf, dma),
				 dma_unmap_len(buf, len), DMA_TO_DEVICE);
		dma_unmap_len_set(buf, len, 0);
		napi_consume_skb(buf->skb, budget);
		buf->skb = NULL;
		desc->flags = 0;

		priv->tx_tail++;
		done++;
	}

	if (netif_queue_stopped(priv->ndev) && pnet_tx_free(priv) > 16)
		netif_wake_queue(priv->ndev);
	return done;
}

static int pnet_poll(struct napi_struct *napi, int budget)
{
	struct pnet_priv *priv = container_of(napi, struct pnet_priv, napi);
	int done = pnet_clean_tx(priv, budget);

	if (done < budget && napi_complete_done(napi, done))
		writel(PNET_IRQ_TX_DONE, priv->regs + PNET_REG_IRQ_MASK);
	return done;
}

static irqreturn_t pnet_interrupt(int irq, void *data)
{
	struct pnet_priv *priv = data;
	u32 status = readl(priv->regs + PNET_REG_IRQ_STATUS);

	if (!(status & PNET_IRQ_TX_DONE))
		return IRQ_NONE;
	writel(status, priv->regs + PNET_REG_IRQ_STATUS);
	writel(0, priv->regs + PNET_REG_IRQ_MASK);
	napi_schedule(&priv->napi);
	return IRQ_HANDLED;
}

static int pnet_open(struct net_device *ndev)
{
	struct pnet_priv *priv = netdev_priv(ndev);
	size_t size = PNET_TX_RING_SIZE * sizeof(*priv->tx_desc);
	int ret;

	priv->tx_desc = dma_alloc_coherent(&priv->pdev->dev, size,
					   &priv->tx_desc_dma, GFP_KERNEL);
	if (!priv->tx_desc)
		return -ENOMEM;
	priv->tx_head = 0;
	priv->tx_tail = 0;

	ret = request_irq(priv->pdev->irq, pnet_interrupt, IRQF_SHARED,
			  ndev->name, priv);
	if (ret)
		goto err_free_ring;

	writel(lower_32_bits(priv->tx_desc_dma), priv->regs + PNET_REG_TX_RING_LO);
	writel(upper_32_bits(priv->tx_desc_dma), priv->regs + PNET_REG_TX_RING_HI);
	napi_enable(&priv->napi);
	writel(PNET_IRQ_TX_DONE, priv->regs + PNET_REG_IRQ_MASK);
	netif_start_queue(ndev);
	return 0;

err_free_ring:
	dma_free_coherent(&priv->pdev->dev, size, priv->tx_desc,
			  priv->tx_desc_dma);
	return ret;
}

static int pnet_stop(struct net_device *ndev)
{
	struct pnet_priv *priv = netdev_priv(ndev);
	unsigned int i;

	netif_stop_queue(ndev);
	writel(0, priv->regs + PNET_REG_IRQ_MASK);
	napi_disable(&priv->napi);
	free_irq(priv->pdev->irq, priv);

	for (i = 0; i < PNET_TX_RING_SIZE; i++)
		pnet_unmap_tx_buffer(priv, &priv->tx_buf[i]);

	dma_free_coherent(&priv->pdev->dev,
			  PNET_TX_RING_SIZE * sizeof(*priv->tx_desc),
			  priv->tx_desc, priv->tx_desc_dma);
	return 0;
}

static const struct net_device_ops pnet_netdev_ops = {
	.ndo_open		= pnet_open,
	.ndo_stop		= pnet_stop,
	.ndo_start_xmit		= pnet_start_xmit,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
};

static int pnet_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct pnet_priv *priv;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), PNET_DRV_NAME);
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
	ndev->netdev_ops = &pnet_netdev_ops;
	eth_hw_addr_random(ndev);
	netif_napi_add_tx(ndev, &priv->napi, pnet_poll);
	pci_set_drvdata(pdev, priv);

	ret = register_netdev(ndev);
	if (ret)
		netif_napi_del(&priv->napi);
	return ret;
}

static void pnet_remove(struct pci_dev *pdev)
{
	struct pnet_priv *priv = pci_get_drvdata(pdev);

	unregister_netdev(priv->ndev);
	netif_napi_del(&priv->napi);
}

static const struct pci_device_id pnet_pci_tbl[] = {
	{ PCI_DEVICE(0x1af4, 0x10f0) },
	{ }
};
MODULE_DEVICE_TABLE(pci, pnet_pci_tbl);

static struct pci_driver pnet_driver = {
	.name		= PNET_DRV_NAME,
	.id_table	= pnet_pci_tbl,
	.probe		= pnet_probe,
	.remove		= pnet_remove,
};
module_pci_driver(pnet_driver);

MODULE_DESCRIPTION("drvcheck testsuite: TX ring with dma_unmap_addr/len (correct)");
MODULE_LICENSE("GPL");
