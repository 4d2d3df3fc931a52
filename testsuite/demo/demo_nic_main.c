// SPDX-License-Identifier: GPL-2.0
/*
 * demo_nic: a small PCI Ethernet driver, part 1 of 2 (probe, ring setup
 * and teardown, transmit).  Part 2 is demo_nic_ring.c.
 *
 * Planted bugs (what `drvcheck scan testsuite/demo` should find here):
 *   dma-double-unmap            demo_nic_xmit: a frag mapping failure unmaps
 *                               the linear part, then the unwind label
 *                               unmaps it again
 *   dma-coherent-streaming-mix  demo_nic_xmit: dma_sync_single_for_device()
 *                               on the coherent TX descriptor ring (needs a
 *                               barrier, not a sync)
 *   dma-direction               demo_nic_free_rx_ring: RX buffers (mapped
 *                               DMA_FROM_DEVICE in demo_nic_ring.c) unmapped
 *                               with DMA_TO_DEVICE, copied from the TX
 *                               teardown
 * Opt-in only (--checks +iomem-not-exclusive):
 *   iomem-not-exclusive         demo_nic_probe: pci_request_regions() for a
 *                               device whose BAR only this driver touches
 *
 * Correct on purpose: pci_request_regions() + pci_iomap() and their
 * release, coherent ring alloc/free, the head mapping stored with
 * dma_unmap_addr_set()/dma_unmap_len_set(), frag mappings checked and
 * unwound with dma_unmap_page(), demo_nic_free_tx_ring().
 */
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "demo_nic.h"

/* made-up ID: no real device binds; it only makes the driver complete */
#define DEMO_NIC_VENDOR		0xfffe
#define DEMO_NIC_DEVICE		0xd3e0

static unsigned int demo_nic_tx_free(const struct demo_tx_ring *tx)
{
	unsigned int used;

	used = (tx->next_to_use - tx->next_to_clean) & (DEMO_NIC_TX_RING_SIZE - 1);
	return DEMO_NIC_TX_RING_SIZE - 1 - used;
}

static void demo_nic_fill_desc(struct demo_desc *desc, dma_addr_t dma,
			       unsigned int len, u16 flags)
{
	desc->addr = cpu_to_le64(dma);
	desc->len = cpu_to_le16(len);
	desc->status = 0;
	desc->flags = cpu_to_le16(flags);
}

static netdev_tx_t demo_nic_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct demo_nic *nic = netdev_priv(ndev);
	struct demo_tx_ring *tx = &nic->tx;
	struct device *dev = &nic->pdev->dev;
	unsigned int nr_frags = skb_shinfo(skb)->nr_frags;
	unsigned int headlen = skb_headlen(skb);
	unsigned int idx = tx->next_to_use;
	struct demo_tx_buf *buf = &tx->buf[idx];
	dma_addr_t head_dma;
	int f;

	if (demo_nic_tx_free(tx) < nr_frags + 1) {
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}

	head_dma = dma_map_single(dev, skb->data, headlen, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, head_dma))
		goto drop;
	dma_unmap_addr_set(buf, dma, head_dma);
	dma_unmap_len_set(buf, len, headlen);
	demo_nic_fill_desc(&tx->desc[idx], head_dma, headlen,
			   nr_frags ? 0 : DEMO_DESC_F_EOP);

	for (f = 0; f < nr_frags; f++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[f];
		unsigned int len = skb_frag_size(frag);
		dma_addr_t dma;

		dma = skb_frag_dma_map(dev, frag, 0, len, DMA_TO_DEVICE);
		if (dma_mapping_error(dev, dma)) {
			netdev_warn_once(ndev, "frag mapping failed\n");
			dma_unmap_single(dev, head_dma, headlen, DMA_TO_DEVICE);
			goto unwind;
		}
		buf->frags[f].dma = dma;
		buf->frags[f].len = len;

		idx = demo_nic_next(idx, DEMO_NIC_TX_RING_SIZE);
		demo_nic_fill_desc(&tx->desc[idx], dma, len,
				   f == nr_frags - 1 ? DEMO_DESC_F_EOP : 0);
	}
	buf->nr_frags = nr_frags;
	buf->skb = skb;

	/* push the descriptors out before ringing the doorbell */
	dma_sync_single_for_device(dev, tx->desc_dma, tx->desc_bytes,
				   DMA_TO_DEVICE);

	tx->next_to_use = demo_nic_next(idx, DEMO_NIC_TX_RING_SIZE);
	writel(tx->next_to_use, nic->regs + DEMO_REG_TX_TAIL);

	if (demo_nic_tx_free(tx) < MAX_SKB_FRAGS + 1)
		netif_stop_queue(ndev);
	return NETDEV_TX_OK;

unwind:
	while (--f >= 0)
		dma_unmap_page(dev, buf->frags[f].dma, buf->frags[f].len,
			       DMA_TO_DEVICE);
	dma_unmap_single(dev, head_dma, headlen, DMA_TO_DEVICE);
drop:
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static int demo_nic_alloc_rings(struct demo_nic *nic)
{
	struct device *dev = &nic->pdev->dev;
	struct demo_tx_ring *tx = &nic->tx;
	struct demo_rx_ring *rx = &nic->rx;

	tx->buf = kcalloc(DEMO_NIC_TX_RING_SIZE, sizeof(*tx->buf), GFP_KERNEL);
	rx->buf = kcalloc(DEMO_NIC_RX_RING_SIZE, sizeof(*rx->buf), GFP_KERNEL);
	if (!tx->buf || !rx->buf)
		goto err_free_buf;

	tx->desc_bytes = DEMO_NIC_TX_RING_SIZE * sizeof(struct demo_desc);
	tx->desc = dma_alloc_coherent(dev, tx->desc_bytes, &tx->desc_dma,
				      GFP_KERNEL);
	if (!tx->desc)
		goto err_free_buf;

	rx->desc_bytes = DEMO_NIC_RX_RING_SIZE * sizeof(struct demo_desc);
	rx->desc = dma_alloc_coherent(dev, rx->desc_bytes, &rx->desc_dma,
				      GFP_KERNEL);
	if (!rx->desc)
		goto err_free_tx_desc;

	tx->next_to_use = 0;
	tx->next_to_clean = 0;
	rx->next_to_use = 0;
	rx->next_to_clean = 0;
	rx->posted = 0;
	return 0;

err_free_tx_desc:
	dma_free_coherent(dev, tx->desc_bytes, tx->desc, tx->desc_dma);
	tx->desc = NULL;
err_free_buf:
	kfree(rx->buf);
	kfree(tx->buf);
	rx->buf = NULL;
	tx->buf = NULL;
	return -ENOMEM;
}

/* Release TX packets the hardware never completed. */
static void demo_nic_free_tx_ring(struct demo_nic *nic)
{
	struct device *dev = &nic->pdev->dev;
	struct demo_tx_ring *tx = &nic->tx;
	unsigned int i, f;

	for (i = 0; i < DEMO_NIC_TX_RING_SIZE; i++) {
		struct demo_tx_buf *buf = &tx->buf[i];

		if (!buf->skb)
			continue;
		dma_unmap_single(dev, dma_unmap_addr(buf, dma),
				 dma_unmap_len(buf, len), DMA_TO_DEVICE);
		for (f = 0; f < buf->nr_frags; f++)
			dma_unmap_page(dev, buf->frags[f].dma,
				       buf->frags[f].len, DMA_TO_DEVICE);
		dev_kfree_skb_any(buf->skb);
		buf->skb = NULL;
	}
	dma_free_coherent(dev, tx->desc_bytes, tx->desc, tx->desc_dma);
	kfree(tx->buf);
	tx->desc = NULL;
	tx->buf = NULL;
}

static void demo_nic_free_rx_ring(struct demo_nic *nic)
{
	struct device *dev = &nic->pdev->dev;
	struct demo_rx_ring *rx = &nic->rx;
	unsigned int i;

	for (i = 0; i < DEMO_NIC_RX_RING_SIZE; i++) {
		struct demo_rx_buf *buf = &rx->buf[i];

		if (!buf->skb)
			continue;
		dma_unmap_single(dev, buf->dma, DEMO_NIC_RX_BUF_LEN,
				 DMA_TO_DEVICE);
		dev_kfree_skb_any(buf->skb);
		buf->skb = NULL;
	}
	dma_free_coherent(dev, rx->desc_bytes, rx->desc, rx->desc_dma);
	kfree(rx->buf);
	rx->desc = NULL;
	rx->buf = NULL;
}

static irqreturn_t demo_nic_irq(int irq, void *data)
{
	struct demo_nic *nic = data;
	u32 status = readl(nic->regs + DEMO_REG_IRQ_STATUS);

	if (!(status & DEMO_IRQ_ALL))
		return IRQ_NONE;
	writel(status, nic->regs + DEMO_REG_IRQ_STATUS);
	writel(0, nic->regs + DEMO_REG_IRQ_MASK);
	napi_schedule(&nic->napi);
	return IRQ_HANDLED;
}

static int demo_nic_open(struct net_device *ndev)
{
	struct demo_nic *nic = netdev_priv(ndev);
	int err;

	err = demo_nic_alloc_rings(nic);
	if (err)
		return err;

	writel(DEMO_CTRL_RESET, nic->regs + DEMO_REG_CTRL);
	writel(lower_32_bits(nic->tx.desc_dma), nic->regs + DEMO_REG_TX_BASE_LO);
	writel(upper_32_bits(nic->tx.desc_dma), nic->regs + DEMO_REG_TX_BASE_HI);
	writel(lower_32_bits(nic->rx.desc_dma), nic->regs + DEMO_REG_RX_BASE_LO);
	writel(upper_32_bits(nic->rx.desc_dma), nic->regs + DEMO_REG_RX_BASE_HI);
	writel(DEMO_NIC_TX_RING_SIZE, nic->regs + DEMO_REG_RING_SIZE);
	demo_nic_refill_rx(nic);

	err = request_irq(nic->pdev->irq, demo_nic_irq, IRQF_SHARED,
			  ndev->name, nic);
	if (err)
		goto err_free_rings;

	napi_enable(&nic->napi);
	writel(DEMO_CTRL_TX_EN | DEMO_CTRL_RX_EN, nic->regs + DEMO_REG_CTRL);
	writel(DEMO_IRQ_ALL, nic->regs + DEMO_REG_IRQ_MASK);
	netif_start_queue(ndev);
	return 0;

err_free_rings:
	writel(DEMO_CTRL_RESET, nic->regs + DEMO_REG_CTRL);
	demo_nic_free_rx_ring(nic);
	demo_nic_free_tx_ring(nic);
	return err;
}

static int demo_nic_stop(struct net_device *ndev)
{
	struct demo_nic *nic = netdev_priv(ndev);

	netif_stop_queue(ndev);
	writel(0, nic->regs + DEMO_REG_IRQ_MASK);
	writel(DEMO_CTRL_RESET, nic->regs + DEMO_REG_CTRL);
	napi_disable(&nic->napi);
	free_irq(nic->pdev->irq, nic);
	demo_nic_free_rx_ring(nic);
	demo_nic_free_tx_ring(nic);
	return 0;
}

static const struct net_device_ops demo_nic_netdev_ops = {
	.ndo_open		= demo_nic_open,
	.ndo_stop		= demo_nic_stop,
	.ndo_start_xmit		= demo_nic_xmit,
	.ndo_validate_addr	= eth_validate_addr,
	.ndo_set_mac_address	= eth_mac_addr,
};

static int demo_nic_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct demo_nic *nic;
	int err;

	err = pci_enable_device_mem(pdev);
	if (err)
		return err;

	err = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (err)
		goto err_disable;

	err = pci_request_regions(pdev, DEMO_NIC_NAME);
	if (err)
		goto err_disable;
	pci_set_master(pdev);

	ndev = alloc_etherdev(sizeof(*nic));
	if (!ndev) {
		err = -ENOMEM;
		goto err_release;
	}
	SET_NETDEV_DEV(ndev, &pdev->dev);
	nic = netdev_priv(ndev);
	nic->pdev = pdev;
	nic->ndev = ndev;

	nic->regs = pci_iomap(pdev, 0, 0);
	if (!nic->regs) {
		err = -ENOMEM;
		goto err_free_netdev;
	}

	ndev->netdev_ops = &demo_nic_netdev_ops;
	ndev->features |= NETIF_F_SG;
	ndev->hw_features |= NETIF_F_SG;
	eth_hw_addr_random(ndev);
	netif_napi_add(ndev, &nic->napi, demo_nic_napi_poll);
	pci_set_drvdata(pdev, nic);

	err = register_netdev(ndev);
	if (err)
		goto err_napi;
	return 0;

err_napi:
	netif_napi_del(&nic->napi);
	pci_iounmap(pdev, nic->regs);
err_free_netdev:
	free_netdev(ndev);
err_release:
	pci_release_regions(pdev);
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void demo_nic_remove(struct pci_dev *pdev)
{
	struct demo_nic *nic = pci_get_drvdata(pdev);
	struct net_device *ndev = nic->ndev;

	unregister_netdev(ndev);
	netif_napi_del(&nic->napi);
	pci_iounmap(pdev, nic->regs);
	free_netdev(ndev);
	pci_release_regions(pdev);
	pci_disable_device(pdev);
}

static const struct pci_device_id demo_nic_ids[] = {
	{ PCI_DEVICE(DEMO_NIC_VENDOR, DEMO_NIC_DEVICE) },
	{ }
};
MODULE_DEVICE_TABLE(pci, demo_nic_ids);

static struct pci_driver demo_nic_driver = {
	.name		= DEMO_NIC_NAME,
	.id_table	= demo_nic_ids,
	.probe		= demo_nic_probe,
	.remove		= demo_nic_remove,
};
module_pci_driver(demo_nic_driver);

MODULE_DESCRIPTION("drvcheck demo: PCI NIC with planted DMA bugs");
MODULE_LICENSE("GPL");
