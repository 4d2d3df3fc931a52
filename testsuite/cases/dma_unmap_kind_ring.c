// SPDX-License-Identifier: GPL-2.0
/*
 * Scatter-gather TX ring of a PCI NIC: ndo_start_xmit maps the skb head
 * with dma_map_single() and each page fragment with skb_frag_dma_map()
 * (a page mapping), one ring entry per piece.  The ring entry does not
 * record how it was mapped, and the release helper used by the TX
 * completion and by the ring cleanup unmaps every entry with
 * dma_unmap_single() -- wrong for all the fragment entries.  The classic
 * bug; the fix is a per-entry flag (see dma_unmap_kind_flag_ok.c).  The
 * xmit error unwind, which knows what it mapped, is right.
 *
 * drvcheck-case: positive dma-unmap-kind
 * drvcheck-case: negative dma-unmap-size dma-direction dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define SGN_RING_SIZE		512
#define SGN_REG_TDBA		0x00
#define SGN_REG_TDT		0x08
#define SGN_REG_ICR		0x10
#define SGN_REG_IMS		0x14
#define  SGN_ICR_TXDW		BIT(0)

struct sgn_tx_desc {
	__le64 addr;
	__le32 cmd_len;
#define SGN_TXD_EOP		BIT(24)
#define SGN_TXD_RS		BIT(27)
	__le32 status;
#define SGN_TXD_STAT_DD		BIT(0)
};

struct sgn_tx_entry {
	struct sk_buff *skb;		/* set on the last entry of a packet */
	dma_addr_t dma;
	unsigned int len;
};

struct sgn_priv {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *hw;
	struct sgn_tx_desc *desc;
	dma_addr_t desc_dma;
	struct sgn_tx_entry tx[SGN_RING_SIZE];
	unsigned int next_to_use;
	unsigned int next_to_clean;
};

static void sgn_unmap_entry(struct sgn_priv *priv, struct sgn_tx_entry *e)
{
	if (e->dma) {
		dma_unmap_single(&priv->pdev->dev, e->dma, e->len, DMA_TO_DEVICE); /* expect: dma-unmap-kind */
		e->dma = 0;
	}
	if (e->skb) {
		dev_kfree_skb_any(e->skb);
		e->skb = NULL;
	}
}

static void sgn_put_desc(struct sgn_priv *priv, unsigned int i, dma_addr_t dma,
			 unsigned int len, bool last)
{
	struct sgn_tx_desc *d = &priv->desc[i];

	d->addr = cpu_to_le64(dma);
	d->status = 0;
	d->cmd_len = cpu_to_le32(len | (last ? SGN_TXD_EOP | SGN_TXD_RS : 0));
}

static netdev_tx_t sgn_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct sgn_priv *priv = netdev_priv(ndev);
	struct device *dev = &priv->pdev->dev;
	unsigned int nr_frags = skb_shinfo(skb)->nr_frags;
	unsigned int first = priv->next_to_use;
	unsigned int i = first, f;
	struct sgn_tx_entry *e;
	dma_addr_t dma;

	if (SGN_RING_SIZE - (priv->next_to_use - priv->next_to_clean) <
	    nr_frags + 1) {
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}

	e = &priv->tx[i % SGN_RING_SIZE];
	dma = dma_map_single(dev, skb->data, skb_headlen(skb), DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma))
		goto drop;
	e->dma = dma;
	e->len = skb_headlen(skb);
	sgn_put_desc(priv, i % SGN_RING_SIZE, dma, e->len, !nr_frags);

	for (f = 0; f < nr_frags; f++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[f];

		i++;
		e = &priv->tx[i % SGN_RING_SIZE];
		dma = skb_frag_dma_map(dev, frag, 0, skb_frag_size(frag),
				       DMA_TO_DEVICE);
		if (dma_mapping_error(dev, dma))
			goto unwind;
		e->dma = dma;
		e->len = skb_frag_size(frag);
		sgn_put_desc(priv, i % SGN_RING_SIZE, dma, e->len,
			     f == nr_frags - 1);
	}

	e->skb = skb;
	priv->next_to_use = i + 1;
	wmb();
	writel(priv->next_to_use % SGN_RING_SIZE, priv->hw + SGN_REG_TDT);
	return NETDEV_TX_OK;

unwind:
	/* entries first+1 .. i-1 are fragments, entry first is the head */
	while (--i != first) {
		e = &priv->tx[i % SGN_RING_SIZE];
		dma_unmap_page(dev, e->dma, e->len, DMA_TO_DEVICE);
		e->dma = 0;
	}
	e = &priv->tx[first % SGN_RING_SIZE];
	dma_unmap_single(dev, e->dma, e->len, DMA_TO_DEVICE);
	e->dma = 0;
drop:
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static void sgn_clean_tx(struct sgn_priv *priv)
{
	while (priv->next_to_clean != priv->next_to_use) {
		unsigned int i = priv->next_to_clean % SGN_RING_SIZE;

		if (!(le32_to_cpu(READ_ONCE(priv->desc[i].status)) &
		      SGN_TXD_STAT_DD))
			break;
		dma_rmb();
		if (priv->tx[i].skb)
			priv->ndev->stats.tx_packets++;
		sgn_unmap_entry(priv, &priv->tx[i]);
		priv->next_to_clean++;
	}
	if (netif_queue_stopped(priv->ndev))
		netif_wake_queue(priv->ndev);
}

static irqreturn_t sgn_intr(int irq, void *data)
{
	struct sgn_priv *priv = data;
	u32 icr = readl(priv->hw + SGN_REG_ICR);	/* read clears */

	if (!(icr & SGN_ICR_TXDW))
		return IRQ_NONE;
	sgn_clean_tx(priv);
	return IRQ_HANDLED;
}

static int sgn_open(struct net_device *ndev)
{
	struct sgn_priv *priv = netdev_priv(ndev);
	int ret;

	priv->next_to_use = 0;
	priv->next_to_clean = 0;
	writeq(priv->desc_dma, priv->hw + SGN_REG_TDBA);
	ret = request_irq(priv->pdev->irq, sgn_intr, IRQF_SHARED, ndev->name, priv);
	if (ret)
		return ret;
	writel(SGN_ICR_TXDW, priv->hw + SGN_REG_IMS);
	netif_start_queue(ndev);
	return 0;
}

static int sgn_stop(struct net_device *ndev)
{
	struct sgn_priv *priv = netdev_priv(ndev);
	unsigned int i;

	netif_stop_queue(ndev);
	writel(0, priv->hw + SGN_REG_IMS);
	free_irq(priv->pdev->irq, priv);
	for (i = 0; i < SGN_RING_SIZE; i++)
		sgn_unmap_entry(priv, &priv->tx[i]);
	return 0;
}

static const struct net_device_ops sgn_netdev_ops = {
	.ndo_open		= sgn_open,
	.ndo_stop		= sgn_stop,
	.ndo_start_xmit		= sgn_xmit,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_set_mac_address	= eth_mac_addr,
};

static int sgn_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct sgn_priv *priv;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "sgnic");
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
					 SGN_RING_SIZE * sizeof(*priv->desc),
					 &priv->desc_dma, GFP_KERNEL);
	if (!priv->desc)
		return -ENOMEM;

	ndev->netdev_ops = &sgn_netdev_ops;
	ndev->features |= NETIF_F_SG;
	ndev->hw_features |= NETIF_F_SG;
	eth_hw_addr_random(ndev);
	pci_set_drvdata(pdev, ndev);
	return register_netdev(ndev);
}

static void sgn_remove(struct pci_dev *pdev)
{
	unregister_netdev(pci_get_drvdata(pdev));
}

static const struct pci_device_id sgn_ids[] = {
	{ PCI_DEVICE(0x8086, 0x10d3) },
	{ }
};
MODULE_DEVICE_TABLE(pci, sgn_ids);

static struct pci_driver sgn_driver = {
	.name		= "sgnic",
	.id_table	= sgn_ids,
	.probe		= sgn_probe,
	.remove		= sgn_remove,
};
module_pci_driver(sgn_driver);

MODULE_DESCRIPTION("drvcheck testsuite: fragments mapped as page, unmapped as single");
MODULE_LICENSE("GPL");
