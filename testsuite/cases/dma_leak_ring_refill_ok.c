// SPDX-License-Identifier: GPL-2.0
/*
 * RX ring of a PCI NIC, e1000e style: the refill routine maps a fresh
 * buffer into every empty ring slot and stores the handle in the slot.
 * When an allocation or a mapping fails half way it returns -ENOMEM with
 * the slots filled so far still mapped -- on purpose: they belong to the
 * ring now, and the ring teardown (called by ndo_open's unwind and by
 * ndo_stop) unmaps every slot that holds a handle.  The descriptor ring
 * itself is devres-managed (dmam_alloc_coherent), so the error return
 * after it frees nothing by hand either.  Correct.
 *
 * drvcheck-case: negative dma-leak dma-double-unmap dma-unmap-size dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-unmap-kind
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/slab.h>
#include <linux/io.h>

#define RFL_RING		128
#define RFL_BUF_LEN		2048
#define RFL_REG_RDBA		0x00
#define RFL_REG_RDT		0x08

struct rfl_desc {
	__le64 addr;
	__le64 status;
};

struct rfl_slot {
	void *buf;
	dma_addr_t dma;
};

struct rfl_priv {
	struct pci_dev *pdev;
	void __iomem *hw;
	struct rfl_desc *desc;
	dma_addr_t desc_dma;
	struct rfl_slot slot[RFL_RING];
};

static int rfl_refill(struct rfl_priv *priv)
{
	struct device *dev = &priv->pdev->dev;
	unsigned int i;

	for (i = 0; i < RFL_RING; i++) {
		struct rfl_slot *s = &priv->slot[i];

		if (s->dma)
			continue;
		s->buf = kmalloc(RFL_BUF_LEN, GFP_KERNEL);
		if (!s->buf)
			return -ENOMEM;
		s->dma = dma_map_single(dev, s->buf, RFL_BUF_LEN, DMA_FROM_DEVICE);
		if (dma_mapping_error(dev, s->dma)) {
			s->dma = 0;
			kfree(s->buf);
			s->buf = NULL;
			return -ENOMEM;
		}
		priv->desc[i].addr = cpu_to_le64(s->dma);
		priv->desc[i].status = 0;
	}
	writel(RFL_RING - 1, priv->hw + RFL_REG_RDT);
	return 0;
}

static void rfl_teardown(struct rfl_priv *priv)
{
	unsigned int i;

	for (i = 0; i < RFL_RING; i++) {
		struct rfl_slot *s = &priv->slot[i];

		if (!s->dma)
			continue;
		dma_unmap_single(&priv->pdev->dev, s->dma, RFL_BUF_LEN,
				 DMA_FROM_DEVICE);
		s->dma = 0;
		kfree(s->buf);
		s->buf = NULL;
	}
}

static int rfl_open(struct net_device *ndev)
{
	struct rfl_priv *priv = netdev_priv(ndev);
	int ret;

	ret = rfl_refill(priv);
	if (ret) {
		rfl_teardown(priv);
		return ret;
	}
	writeq(priv->desc_dma, priv->hw + RFL_REG_RDBA);
	netif_start_queue(ndev);
	return 0;
}

static int rfl_stop(struct net_device *ndev)
{
	struct rfl_priv *priv = netdev_priv(ndev);

	netif_stop_queue(ndev);
	writeq(0, priv->hw + RFL_REG_RDBA);
	rfl_teardown(priv);
	return 0;
}

static netdev_tx_t rfl_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	dev_kfree_skb_any(skb);
	ndev->stats.tx_dropped++;
	return NETDEV_TX_OK;
}

static const struct net_device_ops rfl_netdev_ops = {
	.ndo_open	= rfl_open,
	.ndo_stop	= rfl_stop,
	.ndo_start_xmit	= rfl_xmit,
};

static int rfl_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct net_device *ndev;
	struct rfl_priv *priv;
	int ret;

	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "rfl");
	if (ret)
		return ret;
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	ndev = devm_alloc_etherdev(&pdev->dev, sizeof(*priv));
	if (!ndev)
		return -ENOMEM;
	SET_NETDEV_DEV(ndev, &pdev->dev);
	priv = netdev_priv(ndev);
	priv->pdev = pdev;
	priv->hw = pcim_iomap_table(pdev)[0];
	priv->desc = dmam_alloc_coherent(&pdev->dev,
					 RFL_RING * sizeof(*priv->desc),
					 &priv->desc_dma, GFP_KERNEL);
	if (!priv->desc)
		return -ENOMEM;
	ndev->netdev_ops = &rfl_netdev_ops;
	eth_hw_addr_random(ndev);
	ret = register_netdev(ndev);
	if (ret)
		return ret;
	pci_set_master(pdev);
	pci_set_drvdata(pdev, ndev);
	return 0;
}

static void rfl_remove(struct pci_dev *pdev)
{
	unregister_netdev(pci_get_drvdata(pdev));
}

static const struct pci_device_id rfl_ids[] = {
	{ PCI_DEVICE(0x1e60, 0x4c01) },
	{ }
};
MODULE_DEVICE_TABLE(pci, rfl_ids);

static struct pci_driver rfl_driver = {
	.name		= "rfl",
	.id_table	= rfl_ids,
	.probe		= rfl_probe,
	.remove		= rfl_remove,
};
module_pci_driver(rfl_driver);

MODULE_DESCRIPTION("drvcheck testsuite: ring refill leaves filled slots to the teardown (correct)");
MODULE_LICENSE("GPL");
