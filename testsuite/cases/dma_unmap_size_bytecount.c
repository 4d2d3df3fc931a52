// SPDX-License-Identifier: GPL-2.0
/*
 * Scatter-gather TX ring of a PCI NIC, laid out as igb/ixgbe do: the head
 * of the skb is mapped with len = skb_headlen(skb) and every fragment into
 * the next entries; each entry records its mapped length with
 * dma_unmap_len_set(), and the first one also the byte count of the whole
 * frame (tx_buf->bytecount = skb->len, for BQL and the statistics).  The
 * completion handler unmaps the head with tx_buf->bytecount instead of
 * dma_unmap_len(tx_buf, len): the frame's length, larger than the mapped
 * head whenever the skb has fragments.  Fragments are unmapped right.
 *
 * drvcheck-case: positive dma-unmap-size
 * drvcheck-case: negative dma-unmap-kind dma-direction dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define BNET_DRV_NAME		"bnet"
#define BNET_TX_RING_SIZE	256

#define BNET_REG_TX_RING_LO	0x00
#define BNET_REG_TX_RING_HI	0x04
#define BNET_REG_TX_TAIL	0x08
#define BNET_REG_IRQ_STATUS	0x10
#define BNET_REG_IRQ_MASK	0x14
#define  BNET_IRQ_TX_DONE	BIT(0)

struct bnet_tx_desc {
	__le64 addr;
	__le16 len;
	__le16 flags;
#define BNET_TXD_EOP		BIT(0)
#define BNET_TXD_DONE		BIT(15)
	__le32 reserved;
};

struct bnet_tx_buffer {
	struct sk_buff *skb;		/* first entry of a frame only */
	unsigned int bytecount;		/* bytes of the frame, for BQL */
	DEFINE_DMA_UNMAP_ADDR(dma);
	DEFINE_DMA_UNMAP_LEN(len);
};

struct bnet_priv {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *regs;
	struct napi_struct napi;

	struct bnet_tx_desc *tx_desc;
	dma_addr_t tx_desc_dma;
	struct bnet_tx_buffer tx_buf[BNET_TX_RING_SIZE];
	unsigned int tx_head;
	unsigned int tx_tail;
};

static unsigned int bnet_tx_free(const struct bnet_priv *priv)
{
	return BNET_TX_RING_SIZE - (priv->tx_head - priv->tx_tail);
}

static void bnet_fill_desc(struct bnet_priv *priv, unsigned int i, dma_addr_t dma,
			   unsigned int size, bool last)
{
	struct bnet_tx_desc *desc = &priv->tx_desc[i];

	desc->addr = cpu_to_le64(dma);
	desc->len = cpu_to_le16(size);
	dma_wmb();
	desc->flags = cpu_to_le16(last ? BNET_TXD_EOP : 0);
}

static netdev_tx_t bnet_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct bnet_priv *priv = netdev_priv(ndev);
	struct device *dev = &priv->pdev->dev;
	unsigned int nr_frags = skb_shinfo(skb)->nr_frags;
	unsigned int i = priv->tx_head % BNET_TX_RING_SIZE;
	struct bnet_tx_buffer *first = &priv->tx_buf[i];
	unsigned int len = skb_headlen(skb);
	unsigned int f;
	dma_addr_t dma;

	if (bnet_tx_free(priv) < nr_frags + 1) {
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}

	dma = dma_map_single(dev, skb->data, len, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma))
		goto drop;
	first->skb = skb;
	first->bytecount = skb->len;
	dma_unmap_addr_set(first, dma, dma);
	dma_unmap_len_set(first, len, len);
	bnet_fill_desc(priv, i, dma, len, !nr_frags);

	for (f = 0; f < nr_frags; f++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[f];
		unsigned int size = skb_frag_size(frag);
		struct bnet_tx_buffer *buf;

		i = (priv->tx_head + f + 1) % BNET_TX_RING_SIZE;
		buf = &priv->tx_buf[i];
		dma = skb_frag_dma_map(dev, frag, 0, size, DMA_TO_DEVICE);
		if (dma_mapping_error(dev, dma))
			goto unwind;
		buf->skb = NULL;
		dma_unmap_addr_set(buf, dma, dma);
		dma_unmap_len_set(buf, len, size);
		bnet_fill_desc(priv, i, dma, size, f == nr_frags - 1);
	}

	priv->tx_head += nr_frags + 1;
	writel(priv->tx_head % BNET_TX_RING_SIZE, priv->regs + BNET_REG_TX_TAIL);
	if (bnet_tx_free(priv) < MAX_SKB_FRAGS + 1)
		netif_stop_queue(ndev);
	return NETDEV_TX_OK;

unwind:
	/* the fragments mapped so far, then the head: not given to the MAC */
	while (f--) {
		struct bnet_tx_buffer *buf;

		buf = &priv->tx_buf[(priv->tx_head + f + 1) % BNET_TX_RING_SIZE];
		dma_unmap_page(dev, dma_unmap_addr(buf, dma),
			       dma_unmap_len(buf, len), DMA_TO_DEVICE);
		dma_unmap_len_set(buf, len, 0);
	}
	dma_unmap_single(dev, dma_unmap_addr(first, dma),
			 dma_unmap_len(first, len), DMA_TO_DEVICE);
	dma_unmap_len_set(first, len, 0);
	first->skb = NULL;
drop:
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static int bnet_clean_tx(struct bnet_priv *priv, int budget)
{
	struct device *dev = &priv->pdev->dev;
	int done = 0;

	while (priv->tx_tail != priv->tx_head && done < budget) {
		unsigned int i = priv->tx_tail % BNET_TX_RING_SIZE;
		struct bnet_tx_desc *desc = &priv->tx_desc[i];
		struct bnet_tx_buffer *buf = &priv->tx_buf[i];

		if (!(le16_to_cpu(READ_ONCE(desc->flags)) & BNET_TXD_DONE))
			break;
		dma_rmb();

		if (buf->skb) {
			priv->ndev->stats.tx_packets++;
			priv->ndev->stats.tx_bytes += buf->bytecount;
			dma_unmap_single(dev, dma_unmap_addr(buf, dma), buf->bytecount, DMA_TO_DEVICE); /* expect: dma-unmap-size */
			napi_consume_skb(buf->skb, budget);
			buf->skb = NULL;
		} else if (dma_unmap_len(buf, len)) {
			dma_unmap_page(dev, dma_unmap_addr(buf, dma),
				       dma_unmap_len(buf, len), DMA_TO_DEVICE);
		}
		dma_unmap_len_set(buf, len, 0);
		desc->flags = 0;
		priv->tx_tail++;
		done++;
	}

	if (netif_queue_stopped(priv->ndev) && bnet_tx_free(priv) > MAX_SKB_FRAGS + 1)
		netif_wake_queue(priv->ndev);
	return done;
}

static int bnet_poll(struct napi_struct *napi, int budget)
{
	struct bnet_priv *priv = container_of(napi, struct bnet_priv, napi);
	int done = bnet_clean_tx(priv, budget);

	if (done < budget && napi_complete_done(napi, done))
		writel(BNET_IRQ_TX_DONE, priv->regs + BNET_REG_IRQ_MASK);
	return done;
}

static irqreturn_t bnet_interrupt(int irq, void *data)
{
	struct bnet_priv *priv = data;
	u32 status = readl(priv->regs + BNET_REG_IRQ_STATUS);

	if (!(status & BNET_IRQ_TX_DONE))
		return IRQ_NONE;
	writel(status, priv->regs + BNET_REG_IRQ_STATUS);
	writel(0, priv->regs + BNET_REG_IRQ_MASK);
	napi_schedule(&priv->napi);
	return IRQ_HANDLED;
}

static int bnet_open(struct net_device *ndev)
{
	struct bnet_priv *priv = netdev_priv(ndev);
	int ret;

	priv->tx_desc = dma_alloc_coherent(&priv->pdev->dev,
					   BNET_TX_RING_SIZE * sizeof(*priv->tx_desc),
					   &priv->tx_desc_dma, GFP_KERNEL);
	if (!priv->tx_desc)
		return -ENOMEM;
	priv->tx_head = 0;
	priv->tx_tail = 0;

	ret = request_irq(priv->pdev->irq, bnet_interrupt, IRQF_SHARED,
			  ndev->name, priv);
	if (ret) {
		dma_free_coherent(&priv->pdev->dev,
				  BNET_TX_RING_SIZE * sizeof(*priv->tx_desc),
				  priv->tx_desc, priv->tx_desc_dma);
		return ret;
	}

	writel(lower_32_bits(priv->tx_desc_dma), priv->regs + BNET_REG_TX_RING_LO);
	writel(upper_32_bits(priv->tx_desc_dma), priv->regs + BNET_REG_TX_RING_HI);
	napi_enable(&priv->napi);
	writel(BNET_IRQ_TX_DONE, priv->regs + BNET_REG_IRQ_MASK);
	netif_start_queue(ndev);
	return 0;
}

static int bnet_stop(struct net_device *ndev)
{
	struct bnet_priv *priv = netdev_priv(ndev);

	netif_stop_queue(ndev);
	writel(0, priv->regs + BNET_REG_IRQ_MASK);
	napi_disable(&priv->napi);
	free_irq(priv->pdev->irq, priv);
	/* the MAC is stopped: everything it was given is done */
	bnet_clean_tx(priv, BNET_TX_RING_SIZE);

	dma_free_coherent(&priv->pdev->dev,
			  BNET_TX_RING_SIZE * sizeof(*priv->tx_desc),
			  priv->tx_desc, priv->tx_desc_dma);
	return 0;
}

static const struct net_device_ops bnet_netdev_ops = {
	.ndo_open		= bnet_open,
	.ndo_stop		= bnet_stop,
	.ndo_start_xmit		= bnet_start_xmit,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
};

static int bnet_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct bnet_priv *priv;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), BNET_DRV_NAME);
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
	ndev->netdev_ops = &bnet_netdev_ops;
	ndev->features |= NETIF_F_SG;
	ndev->hw_features |= NETIF_F_SG;
	eth_hw_addr_random(ndev);
	netif_napi_add_tx(ndev, &priv->napi, bnet_poll);
	pci_set_drvdata(pdev, priv);

	ret = register_netdev(ndev);
	if (ret)
		netif_napi_del(&priv->napi);
	return ret;
}

static void bnet_remove(struct pci_dev *pdev)
{
	struct bnet_priv *priv = pci_get_drvdata(pdev);

	unregister_netdev(priv->ndev);
	netif_napi_del(&priv->napi);
}

static const struct pci_device_id bnet_pci_tbl[] = {
	{ PCI_DEVICE(0x1af4, 0x10f1) },
	{ }
};
MODULE_DEVICE_TABLE(pci, bnet_pci_tbl);

static struct pci_driver bnet_driver = {
	.name		= BNET_DRV_NAME,
	.id_table	= bnet_pci_tbl,
	.probe		= bnet_probe,
	.remove		= bnet_remove,
};
module_pci_driver(bnet_driver);

MODULE_DESCRIPTION("drvcheck testsuite: TX head unmapped with the frame's byte count");
MODULE_LICENSE("GPL");
