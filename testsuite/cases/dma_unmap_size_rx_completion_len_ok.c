// SPDX-License-Identifier: GPL-2.0
/*
 * RX ring of a PCI NIC laid out as bnad's: each receive buffer's mapping
 * is kept in a vector (dma_unmap_addr_set() and the mapped length in
 * vector.len); the completion queue, written by the device, gives each
 * frame's length big-endian.  The NAPI poll reads that length with
 * ntohs(cmpl->length); the helper unmaps the buffer with vector.len, the
 * length it was mapped with, and gives the skb the frame's length.
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

#define CQN_DRV_NAME		"cqnok"
#define CQN_RING_SIZE		256
#define CQN_BUF_SIZE		2048

#define CQN_REG_RXQ_LO		0x00
#define CQN_REG_RXQ_HI		0x04
#define CQN_REG_CQ_LO		0x08
#define CQN_REG_CQ_HI		0x0c
#define CQN_REG_RXQ_TAIL	0x10
#define CQN_REG_IRQ_STATUS	0x20
#define CQN_REG_IRQ_MASK	0x24
#define  CQN_IRQ_RX		BIT(0)

/* what the driver gives the device: where a buffer is */
struct cqn_rxq_entry {
	__be64 addr;
};

/* what the device writes back when a frame arrived */
struct cqn_cq_entry {
	__be16 length;
	u8 flags;
#define CQN_CQ_VALID		BIT(0)
	u8 rxq_index;
	__be32 rss_hash;
};

struct cqn_rx_vector {
	DEFINE_DMA_UNMAP_ADDR(dma_addr);
	u32 len;
};

struct cqn_rx_unmap {
	struct sk_buff *skb;
	struct cqn_rx_vector vector;
};

struct cqn_priv {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *regs;
	struct napi_struct napi;
	u32 buffer_size;

	struct cqn_rxq_entry *rxq;
	dma_addr_t rxq_dma;
	struct cqn_cq_entry *cq;
	dma_addr_t cq_dma;
	struct cqn_rx_unmap unmap[CQN_RING_SIZE];
	unsigned int rx_prod;
	unsigned int cq_cons;
};

static int cqn_refill_one(struct cqn_priv *priv, unsigned int i)
{
	struct cqn_rx_unmap *unmap = &priv->unmap[i];
	u32 buff_sz = priv->buffer_size;
	struct sk_buff *skb;
	dma_addr_t dma_addr;

	skb = netdev_alloc_skb_ip_align(priv->ndev, buff_sz);
	if (!skb)
		return -ENOMEM;
	dma_addr = dma_map_single(&priv->pdev->dev, skb->data, buff_sz,
				  DMA_FROM_DEVICE);
	if (dma_mapping_error(&priv->pdev->dev, dma_addr)) {
		dev_kfree_skb_any(skb);
		return -ENOMEM;
	}
	unmap->skb = skb;
	dma_unmap_addr_set(&unmap->vector, dma_addr, dma_addr);
	unmap->vector.len = buff_sz;
	priv->rxq[i].addr = cpu_to_be64(dma_addr);
	return 0;
}

static void cqn_refill(struct cqn_priv *priv)
{
	while (!priv->unmap[priv->rx_prod % CQN_RING_SIZE].skb) {
		if (cqn_refill_one(priv, priv->rx_prod % CQN_RING_SIZE))
			break;
		priv->rx_prod++;
	}
	writel(priv->rx_prod % CQN_RING_SIZE, priv->regs + CQN_REG_RXQ_TAIL);
}

static void cqn_setup_skb(struct cqn_priv *priv, struct sk_buff *skb,
			  struct cqn_rx_unmap *unmap, u32 len)
{
	dma_unmap_single(&priv->pdev->dev,
			 dma_unmap_addr(&unmap->vector, dma_addr),
			 unmap->vector.len, DMA_FROM_DEVICE);
	skb_put(skb, len);
	skb->protocol = eth_type_trans(skb, priv->ndev);
	unmap->skb = NULL;
	unmap->vector.len = 0;
}

static int cqn_poll(struct napi_struct *napi, int budget)
{
	struct cqn_priv *priv = container_of(napi, struct cqn_priv, napi);
	int done = 0;

	while (done < budget) {
		struct cqn_cq_entry *cmpl = &priv->cq[priv->cq_cons % CQN_RING_SIZE];
		struct cqn_rx_unmap *unmap;
		struct sk_buff *skb;
		u32 len;

		if (!(READ_ONCE(cmpl->flags) & CQN_CQ_VALID))
			break;
		dma_rmb();
		unmap = &priv->unmap[cmpl->rxq_index % CQN_RING_SIZE];
		skb = unmap->skb;
		len = ntohs(cmpl->length);
		cqn_setup_skb(priv, skb, unmap, len);
		priv->ndev->stats.rx_packets++;
		priv->ndev->stats.rx_bytes += len;
		napi_gro_receive(napi, skb);
		cmpl->flags = 0;
		priv->cq_cons++;
		done++;
	}
	cqn_refill(priv);
	if (done < budget && napi_complete_done(napi, done))
		writel(CQN_IRQ_RX, priv->regs + CQN_REG_IRQ_MASK);
	return done;
}

static irqreturn_t cqn_interrupt(int irq, void *data)
{
	struct cqn_priv *priv = data;
	u32 status = readl(priv->regs + CQN_REG_IRQ_STATUS);

	if (!(status & CQN_IRQ_RX))
		return IRQ_NONE;
	writel(status, priv->regs + CQN_REG_IRQ_STATUS);
	writel(0, priv->regs + CQN_REG_IRQ_MASK);
	napi_schedule(&priv->napi);
	return IRQ_HANDLED;
}

static void cqn_free_rx(struct cqn_priv *priv)
{
	unsigned int i;

	for (i = 0; i < CQN_RING_SIZE; i++) {
		struct cqn_rx_unmap *unmap = &priv->unmap[i];

		if (!unmap->skb)
			continue;
		dma_unmap_single(&priv->pdev->dev,
				 dma_unmap_addr(&unmap->vector, dma_addr),
				 unmap->vector.len, DMA_FROM_DEVICE);
		dev_kfree_skb_any(unmap->skb);
		unmap->skb = NULL;
		unmap->vector.len = 0;
	}
}

static void cqn_free_rings(struct cqn_priv *priv)
{
	dma_free_coherent(&priv->pdev->dev, CQN_RING_SIZE * sizeof(*priv->cq),
			  priv->cq, priv->cq_dma);
	dma_free_coherent(&priv->pdev->dev, CQN_RING_SIZE * sizeof(*priv->rxq),
			  priv->rxq, priv->rxq_dma);
}

static int cqn_open(struct net_device *ndev)
{
	struct cqn_priv *priv = netdev_priv(ndev);
	int ret;

	priv->rxq = dma_alloc_coherent(&priv->pdev->dev,
				       CQN_RING_SIZE * sizeof(*priv->rxq),
				       &priv->rxq_dma, GFP_KERNEL);
	if (!priv->rxq)
		return -ENOMEM;
	priv->cq = dma_alloc_coherent(&priv->pdev->dev,
				      CQN_RING_SIZE * sizeof(*priv->cq),
				      &priv->cq_dma, GFP_KERNEL);
	if (!priv->cq) {
		dma_free_coherent(&priv->pdev->dev,
				  CQN_RING_SIZE * sizeof(*priv->rxq),
				  priv->rxq, priv->rxq_dma);
		return -ENOMEM;
	}
	priv->buffer_size = CQN_BUF_SIZE;
	priv->rx_prod = 0;
	priv->cq_cons = 0;
	cqn_refill(priv);

	ret = request_irq(priv->pdev->irq, cqn_interrupt, IRQF_SHARED,
			  ndev->name, priv);
	if (ret) {
		cqn_free_rx(priv);
		cqn_free_rings(priv);
		return ret;
	}
	writel(lower_32_bits(priv->rxq_dma), priv->regs + CQN_REG_RXQ_LO);
	writel(upper_32_bits(priv->rxq_dma), priv->regs + CQN_REG_RXQ_HI);
	writel(lower_32_bits(priv->cq_dma), priv->regs + CQN_REG_CQ_LO);
	writel(upper_32_bits(priv->cq_dma), priv->regs + CQN_REG_CQ_HI);
	napi_enable(&priv->napi);
	writel(CQN_IRQ_RX, priv->regs + CQN_REG_IRQ_MASK);
	return 0;
}

static int cqn_stop(struct net_device *ndev)
{
	struct cqn_priv *priv = netdev_priv(ndev);

	writel(0, priv->regs + CQN_REG_IRQ_MASK);
	napi_disable(&priv->napi);
	free_irq(priv->pdev->irq, priv);
	cqn_free_rx(priv);
	cqn_free_rings(priv);
	return 0;
}

static netdev_tx_t cqn_start_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	/* receive-only test device */
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static const struct net_device_ops cqn_netdev_ops = {
	.ndo_open		= cqn_open,
	.ndo_stop		= cqn_stop,
	.ndo_start_xmit		= cqn_start_xmit,
	.ndo_set_mac_address	= eth_mac_addr,
	.ndo_validate_addr	= eth_validate_addr,
};

static int cqn_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct cqn_priv *priv;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), CQN_DRV_NAME);
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
	ndev->netdev_ops = &cqn_netdev_ops;
	eth_hw_addr_random(ndev);
	netif_napi_add(ndev, &priv->napi, cqn_poll);
	pci_set_drvdata(pdev, priv);

	ret = register_netdev(ndev);
	if (ret)
		netif_napi_del(&priv->napi);
	return ret;
}

static void cqn_remove(struct pci_dev *pdev)
{
	struct cqn_priv *priv = pci_get_drvdata(pdev);

	unregister_netdev(priv->ndev);
	netif_napi_del(&priv->napi);
}

static const struct pci_device_id cqn_pci_tbl[] = {
	{ PCI_DEVICE(0x1af4, 0x10f4) },
	{ }
};
MODULE_DEVICE_TABLE(pci, cqn_pci_tbl);

static struct pci_driver cqn_driver = {
	.name		= CQN_DRV_NAME,
	.id_table	= cqn_pci_tbl,
	.probe		= cqn_probe,
	.remove		= cqn_remove,
};
module_pci_driver(cqn_driver);

MODULE_DESCRIPTION("drvcheck testsuite: RX buffer unmapped with the length it was mapped with (correct)");
MODULE_LICENSE("GPL");
