// SPDX-License-Identifier: GPL-2.0
/*
 * RX path of a PCI NIC: the descriptor ring lives in coherent memory
 * (dma_alloc_coherent in ndo_open, dma_free_coherent in ndo_stop), the
 * packet buffers are streaming mappings of skb->data, mapped
 * DMA_FROM_DEVICE in the refill function and unmapped DMA_FROM_DEVICE in
 * the NAPI receive function; small frames are copied out after a
 * dma_sync_single_for_cpu() (copybreak) and the buffer is given back with
 * dma_sync_single_for_device().  Coherent and streaming memory never meet.
 * Correct.
 *
 * drvcheck-case: negative dma-coherent-streaming-mix dma-direction dma-unmap-size
 * drvcheck-case: negative dma-unmap-kind dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define RXN_RING		256
#define RXN_BUF_LEN		1536
#define RXN_COPYBREAK		256

#define RXN_REG_RDBA		0x00
#define RXN_REG_RDT		0x08
#define RXN_REG_ICR		0x10
#define RXN_REG_IMS		0x14
#define  RXN_ICR_RXT0		BIT(7)

struct rxn_desc {
	__le64 addr;
	__le16 length;
	__le16 csum;
	u8 status;
#define RXN_RXD_STAT_DD		BIT(0)
	u8 errors;
	__le16 special;
};

struct rxn_buffer {
	struct sk_buff *skb;
	dma_addr_t dma;
};

struct rxn_priv {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *hw;
	struct napi_struct napi;
	struct rxn_desc *ring;		/* coherent */
	dma_addr_t ring_dma;
	struct rxn_buffer buf[RXN_RING];	/* streaming */
	unsigned int next_to_clean;
	unsigned int next_to_use;
};

static bool rxn_alloc_one(struct rxn_priv *priv, unsigned int i)
{
	struct device *dev = &priv->pdev->dev;
	struct rxn_buffer *b = &priv->buf[i];
	struct sk_buff *skb;
	dma_addr_t dma;

	if (b->skb)		/* recycled by copybreak, still mapped */
		goto post;
	skb = netdev_alloc_skb_ip_align(priv->ndev, RXN_BUF_LEN);
	if (!skb)
		return false;
	dma = dma_map_single(dev, skb->data, RXN_BUF_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		dev_kfree_skb_any(skb);
		return false;
	}
	b->skb = skb;
	b->dma = dma;
post:
	priv->ring[i].addr = cpu_to_le64(b->dma);
	priv->ring[i].status = 0;
	return true;
}

static void rxn_refill(struct rxn_priv *priv)
{
	unsigned int n = 0;

	while (priv->next_to_use - priv->next_to_clean < RXN_RING &&
	       rxn_alloc_one(priv, priv->next_to_use % RXN_RING)) {
		priv->next_to_use++;
		n++;
	}
	if (n) {
		wmb();
		writel(priv->next_to_use % RXN_RING, priv->hw + RXN_REG_RDT);
	}
}

static int rxn_poll(struct napi_struct *napi, int budget)
{
	struct rxn_priv *priv = container_of(napi, struct rxn_priv, napi);
	struct device *dev = &priv->pdev->dev;
	int done = 0;

	while (done < budget && priv->next_to_clean != priv->next_to_use) {
		unsigned int i = priv->next_to_clean % RXN_RING;
		struct rxn_desc *d = &priv->ring[i];
		struct rxn_buffer *b = &priv->buf[i];
		unsigned int len;
		struct sk_buff *skb;

		if (!(READ_ONCE(d->status) & RXN_RXD_STAT_DD))
			break;
		dma_rmb();
		len = min_t(unsigned int, le16_to_cpu(d->length), RXN_BUF_LEN);

		if (len <= RXN_COPYBREAK) {
			skb = napi_alloc_skb(napi, len);
			if (!skb)
				break;
			dma_sync_single_for_cpu(dev, b->dma, len, DMA_FROM_DEVICE);
			skb_put_data(skb, b->skb->data, len);
			dma_sync_single_for_device(dev, b->dma, len, DMA_FROM_DEVICE);
			/* the buffer stays mapped; rxn_refill() reposts it */
			priv->next_to_clean++;
		} else {
			dma_unmap_single(dev, b->dma, RXN_BUF_LEN, DMA_FROM_DEVICE);
			skb = b->skb;
			b->skb = NULL;
			skb_put(skb, len);
			priv->next_to_clean++;
		}

		skb->protocol = eth_type_trans(skb, priv->ndev);
		napi_gro_receive(napi, skb);
		done++;
	}
	rxn_refill(priv);

	if (done < budget && napi_complete_done(napi, done))
		writel(RXN_ICR_RXT0, priv->hw + RXN_REG_IMS);
	return done;
}

static irqreturn_t rxn_intr(int irq, void *data)
{
	struct rxn_priv *priv = data;

	if (!(readl(priv->hw + RXN_REG_ICR) & RXN_ICR_RXT0))
		return IRQ_NONE;
	writel(0, priv->hw + RXN_REG_IMS);
	napi_schedule(&priv->napi);
	return IRQ_HANDLED;
}

static void rxn_free_buffers(struct rxn_priv *priv)
{
	unsigned int i;

	for (i = 0; i < RXN_RING; i++) {
		struct rxn_buffer *b = &priv->buf[i];

		if (!b->skb)
			continue;
		dma_unmap_single(&priv->pdev->dev, b->dma, RXN_BUF_LEN,
				 DMA_FROM_DEVICE);
		dev_kfree_skb(b->skb);
		b->skb = NULL;
	}
}

static int rxn_open(struct net_device *ndev)
{
	struct rxn_priv *priv = netdev_priv(ndev);
	struct device *dev = &priv->pdev->dev;
	int ret;

	priv->ring = dma_alloc_coherent(dev, RXN_RING * sizeof(*priv->ring),
					&priv->ring_dma, GFP_KERNEL);
	if (!priv->ring)
		return -ENOMEM;
	priv->next_to_clean = 0;
	priv->next_to_use = 0;
	rxn_refill(priv);

	ret = request_irq(priv->pdev->irq, rxn_intr, IRQF_SHARED, ndev->name, priv);
	if (ret)
		goto err;
	writeq(priv->ring_dma, priv->hw + RXN_REG_RDBA);
	napi_enable(&priv->napi);
	writel(RXN_ICR_RXT0, priv->hw + RXN_REG_IMS);
	netif_start_queue(ndev);
	return 0;
err:
	rxn_free_buffers(priv);
	dma_free_coherent(dev, RXN_RING * sizeof(*priv->ring), priv->ring,
			  priv->ring_dma);
	return ret;
}

static int rxn_stop(struct net_device *ndev)
{
	struct rxn_priv *priv = netdev_priv(ndev);

	netif_stop_queue(ndev);
	writel(0, priv->hw + RXN_REG_IMS);
	napi_disable(&priv->napi);
	free_irq(priv->pdev->irq, priv);
	writeq(0, priv->hw + RXN_REG_RDBA);
	rxn_free_buffers(priv);
	dma_free_coherent(&priv->pdev->dev, RXN_RING * sizeof(*priv->ring),
			  priv->ring, priv->ring_dma);
	return 0;
}

static netdev_tx_t rxn_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	/* monitor-only port */
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static const struct net_device_ops rxn_netdev_ops = {
	.ndo_open		= rxn_open,
	.ndo_stop		= rxn_stop,
	.ndo_start_xmit		= rxn_xmit,
	.ndo_validate_addr	= eth_validate_addr,
};

static int rxn_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct rxn_priv *priv;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "rxnic");
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
	ndev->netdev_ops = &rxn_netdev_ops;
	eth_hw_addr_random(ndev);
	netif_napi_add(ndev, &priv->napi, rxn_poll);
	pci_set_drvdata(pdev, priv);
	ret = register_netdev(ndev);
	if (ret)
		netif_napi_del(&priv->napi);
	return ret;
}

static void rxn_remove(struct pci_dev *pdev)
{
	struct rxn_priv *priv = pci_get_drvdata(pdev);

	unregister_netdev(priv->ndev);
	netif_napi_del(&priv->napi);
}

static const struct pci_device_id rxn_ids[] = {
	{ PCI_DEVICE(0x10ec, 0x8139) },
	{ }
};
MODULE_DEVICE_TABLE(pci, rxn_ids);

static struct pci_driver rxn_driver = {
	.name		= "rxnic",
	.id_table	= rxn_ids,
	.probe		= rxn_probe,
	.remove		= rxn_remove,
};
module_pci_driver(rxn_driver);

MODULE_DESCRIPTION("drvcheck testsuite: coherent ring + streaming RX buffers (correct)");
MODULE_LICENSE("GPL");
