// SPDX-License-Identifier: GPL-2.0
/*
 * Scatter-gather TX ring, the xgbe/dwc-xlgmac idiom: only a fragment's
 * entry is marked (mapped_as_page = true); the head's is not written at
 * all, as every release clears the mark and the ring starts zeroed.  The
 * release helper, shared by the unwind, TX completion and ring cleanup,
 * picks dma_unmap_page() or dma_unmap_single() from the mark.  An analyzer
 * that does not know the mark is clear for the head may take the page
 * side for it on the unwind; the kind is the mark's to pick.  Correct.
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

#define SGZ_RING_SIZE		512
#define SGZ_REG_TDBA		0x00
#define SGZ_REG_TDT		0x08
#define SGZ_REG_ICR		0x10
#define SGZ_REG_IMS		0x14
#define  SGZ_ICR_TXDW		BIT(0)

struct sgz_tx_desc {
	__le64 addr;
	__le32 cmd_len;
#define SGZ_TXD_EOP		BIT(24)
#define SGZ_TXD_RS		BIT(27)
	__le32 status;
#define SGZ_TXD_STAT_DD		BIT(0)
};

struct sgz_tx_entry {
	struct sk_buff *skb;		/* set on the last entry of a packet */
	dma_addr_t dma;
	unsigned int len;
	bool mapped_as_page;
};

struct sgz_priv {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *hw;
	struct sgz_tx_desc *desc;
	dma_addr_t desc_dma;
	struct sgz_tx_entry *tx;	/* SGZ_RING_SIZE entries, zeroed */
	unsigned int next_to_use;
	unsigned int next_to_clean;
};

static void sgz_unmap_entry(struct sgz_priv *priv, struct sgz_tx_entry *e)
{
	if (e->dma) {
		if (e->mapped_as_page)
			dma_unmap_page(&priv->pdev->dev, e->dma, e->len,
				       DMA_TO_DEVICE);
		else
			dma_unmap_single(&priv->pdev->dev, e->dma, e->len,
					 DMA_TO_DEVICE);
		e->dma = 0;
		e->mapped_as_page = false;
	}
	if (e->skb) {
		dev_kfree_skb_any(e->skb);
		e->skb = NULL;
	}
}

static void sgz_put_desc(struct sgz_priv *priv, unsigned int i, dma_addr_t dma,
			 unsigned int len, bool last)
{
	struct sgz_tx_desc *d = &priv->desc[i];

	d->addr = cpu_to_le64(dma);
	d->status = 0;
	d->cmd_len = cpu_to_le32(len | (last ? SGZ_TXD_EOP | SGZ_TXD_RS : 0));
}

static netdev_tx_t sgz_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct sgz_priv *priv = netdev_priv(ndev);
	struct device *dev = &priv->pdev->dev;
	unsigned int nr_frags = skb_shinfo(skb)->nr_frags;
	unsigned int first = priv->next_to_use;
	unsigned int i = first, f;
	struct sgz_tx_entry *e;
	dma_addr_t dma;

	if (SGZ_RING_SIZE - (priv->next_to_use - priv->next_to_clean) <
	    nr_frags + 1) {
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}

	dma = dma_map_single(dev, skb->data, skb_headlen(skb), DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma))
		goto unwind;
	e = &priv->tx[i % SGZ_RING_SIZE];
	e->dma = dma;
	e->len = skb_headlen(skb);

	for (f = 0; f < nr_frags; f++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[f];

		i++;
		dma = skb_frag_dma_map(dev, frag, 0, skb_frag_size(frag),
				       DMA_TO_DEVICE);
		if (dma_mapping_error(dev, dma))
			goto unwind;
		e = &priv->tx[i % SGZ_RING_SIZE];
		e->dma = dma;
		e->len = skb_frag_size(frag);
		e->mapped_as_page = true;
	}
	/* every part mapped: hand them to the device (xgbe fills the
	 * descriptors apart from the mapping, too) */
	for (f = first; f != i + 1; f++)
		sgz_put_desc(priv, f % SGZ_RING_SIZE, priv->tx[f % SGZ_RING_SIZE].dma,
			     priv->tx[f % SGZ_RING_SIZE].len, f == i);

	e->skb = skb;
	priv->next_to_use = i + 1;
	wmb();
	writel(priv->next_to_use % SGZ_RING_SIZE, priv->hw + SGZ_REG_TDT);
	return NETDEV_TX_OK;

unwind:
	/* entry i, the failed one, holds no mapping; release first .. i-1 */
	while (first < i)
		sgz_unmap_entry(priv, &priv->tx[first++ % SGZ_RING_SIZE]);
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static void sgz_clean_tx(struct sgz_priv *priv)
{
	while (priv->next_to_clean != priv->next_to_use) {
		unsigned int i = priv->next_to_clean % SGZ_RING_SIZE;

		if (!(le32_to_cpu(READ_ONCE(priv->desc[i].status)) &
		      SGZ_TXD_STAT_DD))
			break;
		dma_rmb();
		if (priv->tx[i].skb)
			priv->ndev->stats.tx_packets++;
		sgz_unmap_entry(priv, &priv->tx[i]);
		priv->next_to_clean++;
	}
	if (netif_queue_stopped(priv->ndev))
		netif_wake_queue(priv->ndev);
}

static irqreturn_t sgz_intr(int irq, void *data)
{
	struct sgz_priv *priv = data;
	u32 icr = readl(priv->hw + SGZ_REG_ICR);	/* read clears */

	if (!(icr & SGZ_ICR_TXDW))
		return IRQ_NONE;
	sgz_clean_tx(priv);
	return IRQ_HANDLED;
}

static int sgz_open(struct net_device *ndev)
{
	struct sgz_priv *priv = netdev_priv(ndev);
	int ret;

	priv->next_to_use = 0;
	priv->next_to_clean = 0;
	writeq(priv->desc_dma, priv->hw + SGZ_REG_TDBA);
	ret = request_irq(priv->pdev->irq, sgz_intr, IRQF_SHARED, ndev->name, priv);
	if (ret)
		return ret;
	writel(SGZ_ICR_TXDW, priv->hw + SGZ_REG_IMS);
	netif_start_queue(ndev);
	return 0;
}

static int sgz_stop(struct net_device *ndev)
{
	struct sgz_priv *priv = netdev_priv(ndev);
	unsigned int i;

	netif_stop_queue(ndev);
	writel(0, priv->hw + SGZ_REG_IMS);
	free_irq(priv->pdev->irq, priv);
	for (i = 0; i < SGZ_RING_SIZE; i++)
		sgz_unmap_entry(priv, &priv->tx[i]);
	return 0;
}

static const struct net_device_ops sgz_netdev_ops = {
	.ndo_open		= sgz_open,
	.ndo_stop		= sgz_stop,
	.ndo_start_xmit		= sgz_xmit,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_set_mac_address	= eth_mac_addr,
};

static int sgz_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct sgz_priv *priv;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "sgzic");
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
	priv->tx = devm_kcalloc(&pdev->dev, SGZ_RING_SIZE, sizeof(*priv->tx),
				GFP_KERNEL);
	if (!priv->tx)
		return -ENOMEM;
	priv->desc = dmam_alloc_coherent(&pdev->dev,
					 SGZ_RING_SIZE * sizeof(*priv->desc),
					 &priv->desc_dma, GFP_KERNEL);
	if (!priv->desc)
		return -ENOMEM;

	ndev->netdev_ops = &sgz_netdev_ops;
	ndev->features |= NETIF_F_SG;
	ndev->hw_features |= NETIF_F_SG;
	eth_hw_addr_random(ndev);
	pci_set_drvdata(pdev, ndev);
	return register_netdev(ndev);
}

static void sgz_remove(struct pci_dev *pdev)
{
	unregister_netdev(pci_get_drvdata(pdev));
}

static const struct pci_device_id sgz_ids[] = {
	{ PCI_DEVICE(0x8086, 0x10d6) },
	{ }
};
MODULE_DEVICE_TABLE(pci, sgz_ids);

static struct pci_driver sgz_driver = {
	.name		= "sgzic",
	.id_table	= sgz_ids,
	.probe		= sgz_probe,
	.remove		= sgz_remove,
};
module_pci_driver(sgz_driver);

MODULE_DESCRIPTION("drvcheck testsuite: a mark only fragments set picks the unmap (correct)");
MODULE_LICENSE("GPL");
