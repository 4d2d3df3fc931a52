// SPDX-License-Identifier: GPL-2.0
/*
 * Page-based RX refill of a PCI NIC: each ring slot gets a fresh page,
 * mapped with dma_map_page() and programmed into the descriptor without
 * dma_mapping_error().  The NAPI handler unmaps the page (same size,
 * direction and kind) and builds an skb around it.
 *
 * drvcheck-case: positive dma-mapping-error-unchecked
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-double-unmap dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/mm.h>
#include <linux/io.h>

#define PGR_RING		128
#define PGR_REG_RX_BASE		0x00
#define PGR_REG_RX_TAIL		0x08
#define PGR_REG_ISR		0x10
#define PGR_REG_IMR		0x14

struct pgr_desc {
	__le64 addr;
	__le32 len_status;
#define PGR_RXD_DONE		BIT(31)
#define PGR_RXD_LEN		GENMASK(15, 0)
	__le32 rsvd;
};

struct pgr_rx_page {
	struct page *page;
	dma_addr_t dma;
};

struct pgr_priv {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *hw;
	struct napi_struct napi;
	struct pgr_desc *ring;
	dma_addr_t ring_dma;
	struct pgr_rx_page rx[PGR_RING];
	unsigned int head, tail;
};

static void pgr_refill(struct pgr_priv *priv)
{
	struct device *dev = &priv->pdev->dev;

	while (priv->tail - priv->head < PGR_RING) {
		unsigned int i = priv->tail % PGR_RING;
		struct page *page;
		dma_addr_t dma;

		page = dev_alloc_page();
		if (!page)
			break;
		dma = dma_map_page(dev, page, 0, PAGE_SIZE, DMA_FROM_DEVICE); /* expect: dma-mapping-error-unchecked */
		priv->rx[i].page = page;
		priv->rx[i].dma = dma;
		priv->ring[i].addr = cpu_to_le64(dma);
		priv->ring[i].len_status = 0;
		priv->tail++;
	}
	wmb();
	writel(priv->tail % PGR_RING, priv->hw + PGR_REG_RX_TAIL);
}

static int pgr_poll(struct napi_struct *napi, int budget)
{
	struct pgr_priv *priv = container_of(napi, struct pgr_priv, napi);
	int done = 0;

	while (done < budget && priv->head != priv->tail) {
		unsigned int i = priv->head % PGR_RING;
		u32 ls = le32_to_cpu(READ_ONCE(priv->ring[i].len_status));
		struct sk_buff *skb;
		struct page *page;

		if (!(ls & PGR_RXD_DONE))
			break;
		dma_rmb();
		dma_unmap_page(&priv->pdev->dev, priv->rx[i].dma, PAGE_SIZE,
			       DMA_FROM_DEVICE);
		page = priv->rx[i].page;
		priv->rx[i].page = NULL;
		priv->head++;
		skb = build_skb(page_address(page), PAGE_SIZE);
		if (!skb) {
			__free_page(page);
			continue;
		}
		skb_put(skb, min_t(u32, ls & PGR_RXD_LEN,
				   SKB_WITH_OVERHEAD(PAGE_SIZE)));
		skb->protocol = eth_type_trans(skb, priv->ndev);
		napi_gro_receive(napi, skb);
		done++;
	}
	pgr_refill(priv);
	if (done < budget && napi_complete_done(napi, done))
		writel(1, priv->hw + PGR_REG_IMR);
	return done;
}

static irqreturn_t pgr_isr(int irq, void *data)
{
	struct pgr_priv *priv = data;

	if (!readl(priv->hw + PGR_REG_ISR))
		return IRQ_NONE;
	writel(0, priv->hw + PGR_REG_IMR);
	napi_schedule(&priv->napi);
	return IRQ_HANDLED;
}

static int pgr_open(struct net_device *ndev)
{
	struct pgr_priv *priv = netdev_priv(ndev);
	int ret;

	priv->head = 0;
	priv->tail = 0;
	pgr_refill(priv);
	writeq(priv->ring_dma, priv->hw + PGR_REG_RX_BASE);
	ret = request_irq(priv->pdev->irq, pgr_isr, IRQF_SHARED, ndev->name, priv);
	if (ret)
		return ret;
	napi_enable(&priv->napi);
	writel(1, priv->hw + PGR_REG_IMR);
	return 0;
}

static int pgr_stop(struct net_device *ndev)
{
	struct pgr_priv *priv = netdev_priv(ndev);

	writel(0, priv->hw + PGR_REG_IMR);
	napi_disable(&priv->napi);
	free_irq(priv->pdev->irq, priv);
	while (priv->head != priv->tail) {
		struct pgr_rx_page *rx = &priv->rx[priv->head++ % PGR_RING];

		dma_unmap_page(&priv->pdev->dev, rx->dma, PAGE_SIZE,
			       DMA_FROM_DEVICE);
		__free_page(rx->page);
		rx->page = NULL;
	}
	return 0;
}

static netdev_tx_t pgr_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static const struct net_device_ops pgr_ops = {
	.ndo_open	= pgr_open,
	.ndo_stop	= pgr_stop,
	.ndo_start_xmit	= pgr_xmit,
};

static int pgr_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct pgr_priv *priv;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "pgrx");
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
	priv->ring = dmam_alloc_coherent(&pdev->dev, PGR_RING * sizeof(*priv->ring),
					 &priv->ring_dma, GFP_KERNEL);
	if (!priv->ring)
		return -ENOMEM;
	ndev->netdev_ops = &pgr_ops;
	eth_hw_addr_random(ndev);
	netif_napi_add(ndev, &priv->napi, pgr_poll);
	pci_set_drvdata(pdev, priv);
	ret = register_netdev(ndev);
	if (ret)
		netif_napi_del(&priv->napi);
	return ret;
}

static void pgr_remove(struct pci_dev *pdev)
{
	struct pgr_priv *priv = pci_get_drvdata(pdev);

	unregister_netdev(priv->ndev);
	netif_napi_del(&priv->napi);
}

static const struct pci_device_id pgr_ids[] = {
	{ PCI_DEVICE(0x1969, 0x1083) },
	{ }
};
MODULE_DEVICE_TABLE(pci, pgr_ids);

static struct pci_driver pgr_driver = {
	.name		= "pgrx",
	.id_table	= pgr_ids,
	.probe		= pgr_probe,
	.remove		= pgr_remove,
};
module_pci_driver(pgr_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_map_page result used unchecked");
MODULE_LICENSE("GPL");
