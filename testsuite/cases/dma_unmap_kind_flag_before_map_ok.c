// SPDX-License-Identifier: GPL-2.0
/*
 * Scatter-gather TX ring, the igbvf/ixgb idiom: ndo_start_xmit records in
 * the ring entry how it is about to be mapped (mapped_as_page), then maps
 * straight into the entry: the skb head with dma_map_single(), each
 * fragment, in the loop, with skb_frag_dma_map().  The flag is set before
 * the map, not after it.  The release helper, shared by the unwind, TX
 * completion and ring cleanup, picks dma_unmap_page() or
 * dma_unmap_single() from that flag.  Correct.
 *
 * drvcheck-case: negative dma-unmap-kind dma-unmap-size dma-direction
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

#define SGB_RING_SIZE		512
#define SGB_REG_TDBA		0x00
#define SGB_REG_TDT		0x08
#define SGB_REG_ICR		0x10
#define SGB_REG_IMS		0x14
#define  SGB_ICR_TXDW		BIT(0)

struct sgb_tx_desc {
	__le64 addr;
	__le32 cmd_len;
#define SGB_TXD_EOP		BIT(24)
#define SGB_TXD_RS		BIT(27)
	__le32 status;
#define SGB_TXD_STAT_DD		BIT(0)
};

struct sgb_tx_entry {
	struct sk_buff *skb;		/* set on the last entry of a packet */
	dma_addr_t dma;
	unsigned int len;
	bool mapped_as_page;
};

struct sgb_priv {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *hw;
	struct sgb_tx_desc *desc;
	dma_addr_t desc_dma;
	struct sgb_tx_entry tx[SGB_RING_SIZE];
	unsigned int next_to_use;
	unsigned int next_to_clean;
};

static void sgb_unmap_entry(struct sgb_priv *priv, struct sgb_tx_entry *e)
{
	if (e->dma) {
		if (e->mapped_as_page)
			dma_unmap_page(&priv->pdev->dev, e->dma, e->len,
				       DMA_TO_DEVICE);
		else
			dma_unmap_single(&priv->pdev->dev, e->dma, e->len,
					 DMA_TO_DEVICE);
		e->dma = 0;
	}
	if (e->skb) {
		dev_kfree_skb_any(e->skb);
		e->skb = NULL;
	}
}

static void sgb_put_desc(struct sgb_priv *priv, unsigned int i, dma_addr_t dma,
			 unsigned int len, bool last)
{
	struct sgb_tx_desc *d = &priv->desc[i];

	d->addr = cpu_to_le64(dma);
	d->status = 0;
	d->cmd_len = cpu_to_le32(len | (last ? SGB_TXD_EOP | SGB_TXD_RS : 0));
}

static netdev_tx_t sgb_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct sgb_priv *priv = netdev_priv(ndev);
	struct device *dev = &priv->pdev->dev;
	unsigned int nr_frags = skb_shinfo(skb)->nr_frags;
	unsigned int first = priv->next_to_use;
	unsigned int i = first, f;
	struct sgb_tx_entry *e;

	if (SGB_RING_SIZE - (priv->next_to_use - priv->next_to_clean) <
	    nr_frags + 1) {
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}

	e = &priv->tx[i % SGB_RING_SIZE];
	e->len = skb_headlen(skb);
	e->mapped_as_page = false;
	e->dma = dma_map_single(dev, skb->data, e->len, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, e->dma))
		goto unwind;
	sgb_put_desc(priv, i % SGB_RING_SIZE, e->dma, e->len, !nr_frags);

	for (f = 0; f < nr_frags; f++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[f];

		i++;
		e = &priv->tx[i % SGB_RING_SIZE];
		e->len = skb_frag_size(frag);
		e->mapped_as_page = true;
		e->dma = skb_frag_dma_map(dev, frag, 0, e->len, DMA_TO_DEVICE);
		if (dma_mapping_error(dev, e->dma))
			goto unwind;
		sgb_put_desc(priv, i % SGB_RING_SIZE, e->dma, e->len,
			     f == nr_frags - 1);
	}

	e->skb = skb;
	priv->next_to_use = i + 1;
	wmb();
	writel(priv->next_to_use % SGB_RING_SIZE, priv->hw + SGB_REG_TDT);
	return NETDEV_TX_OK;

unwind:
	/* the failed entry holds no mapping; release first .. i-1, each by
	 * the kind it was mapped with */
	e->dma = 0;
	while (i != first) {
		i--;
		sgb_unmap_entry(priv, &priv->tx[i % SGB_RING_SIZE]);
	}
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static void sgb_clean_tx(struct sgb_priv *priv)
{
	while (priv->next_to_clean != priv->next_to_use) {
		unsigned int i = priv->next_to_clean % SGB_RING_SIZE;

		if (!(le32_to_cpu(READ_ONCE(priv->desc[i].status)) &
		      SGB_TXD_STAT_DD))
			break;
		dma_rmb();
		if (priv->tx[i].skb)
			priv->ndev->stats.tx_packets++;
		sgb_unmap_entry(priv, &priv->tx[i]);
		priv->next_to_clean++;
	}
	if (netif_queue_stopped(priv->ndev))
		netif_wake_queue(priv->ndev);
}

static irqreturn_t sgb_intr(int irq, void *data)
{
	struct sgb_priv *priv = data;
	u32 icr = readl(priv->hw + SGB_REG_ICR);	/* read clears */

	if (!(icr & SGB_ICR_TXDW))
		return IRQ_NONE;
	sgb_clean_tx(priv);
	return IRQ_HANDLED;
}

static int sgb_open(struct net_device *ndev)
{
	struct sgb_priv *priv = netdev_priv(ndev);
	int ret;

	priv->next_to_use = 0;
	priv->next_to_clean = 0;
	writeq(priv->desc_dma, priv->hw + SGB_REG_TDBA);
	ret = request_irq(priv->pdev->irq, sgb_intr, IRQF_SHARED, ndev->name, priv);
	if (ret)
		return ret;
	writel(SGB_ICR_TXDW, priv->hw + SGB_REG_IMS);
	netif_start_queue(ndev);
	return 0;
}

static int sgb_stop(struct net_device *ndev)
{
	struct sgb_priv *priv = netdev_priv(ndev);
	unsigned int i;

	netif_stop_queue(ndev);
	writel(0, priv->hw + SGB_REG_IMS);
	free_irq(priv->pdev->irq, priv);
	for (i = 0; i < SGB_RING_SIZE; i++)
		sgb_unmap_entry(priv, &priv->tx[i]);
	return 0;
}

static const struct net_device_ops sgb_netdev_ops = {
	.ndo_open		= sgb_open,
	.ndo_stop		= sgb_stop,
	.ndo_start_xmit		= sgb_xmit,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_set_mac_address	= eth_mac_addr,
};

static int sgb_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct sgb_priv *priv;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "sgbic");
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
	priv->desc = dmam_alloc_coherent(&pdev->dev,
					 SGB_RING_SIZE * sizeof(*priv->desc),
					 &priv->desc_dma, GFP_KERNEL);
	if (!priv->desc)
		return -ENOMEM;

	ndev->netdev_ops = &sgb_netdev_ops;
	ndev->features |= NETIF_F_SG;
	ndev->hw_features |= NETIF_F_SG;
	eth_hw_addr_random(ndev);
	pci_set_drvdata(pdev, ndev);
	return register_netdev(ndev);
}

static void sgb_remove(struct pci_dev *pdev)
{
	unregister_netdev(pci_get_drvdata(pdev));
}

static const struct pci_device_id sgb_ids[] = {
	{ PCI_DEVICE(0x8086, 0x10d5) },
	{ }
};
MODULE_DEVICE_TABLE(pci, sgb_ids);

static struct pci_driver sgb_driver = {
	.name		= "sgbic",
	.id_table	= sgb_ids,
	.probe		= sgb_probe,
	.remove		= sgb_remove,
};
module_pci_driver(sgb_driver);

MODULE_DESCRIPTION("drvcheck testsuite: mapped_as_page set before the map picks the unmap (correct)");
MODULE_LICENSE("GPL");
