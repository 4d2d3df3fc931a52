// SPDX-License-Identifier: GPL-2.0
/*
 * TX path of a small platform Ethernet MAC: ndo_start_xmit maps skb->data
 * and writes the handle straight into the hardware descriptor with
 * cpu_to_le64(), never asking dma_mapping_error().  With an IOMMU or
 * swiotlb a failed mapping sends DMA_MAPPING_ERROR to the device.
 *
 * drvcheck-case: positive dma-mapping-error-unchecked
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-double-unmap dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/etherdevice.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define TMAC_RING		128
#define TMAC_REG_TX_BASE	0x00
#define TMAC_REG_TX_PROD	0x08
#define TMAC_REG_TX_CONS	0x0c
#define TMAC_REG_INT		0x10

struct tmac_desc {
	__le64 buf;
	__le32 len;
	__le32 flags;
#define TMAC_DESC_HW_OWN	BIT(0)
};

struct tmac_slot {
	struct sk_buff *skb;
	DEFINE_DMA_UNMAP_ADDR(addr);
	DEFINE_DMA_UNMAP_LEN(len);
};

struct tmac {
	struct device *dev;
	struct net_device *ndev;
	void __iomem *base;
	int irq;
	struct tmac_desc *desc;
	dma_addr_t desc_dma;
	struct tmac_slot slot[TMAC_RING];
	unsigned int prod, cons;
};

static netdev_tx_t tmac_xmit(struct sk_buff *skb, struct net_device *ndev)
{
	struct tmac *tm = netdev_priv(ndev);
	unsigned int i = tm->prod % TMAC_RING;
	struct tmac_desc *d = &tm->desc[i];
	dma_addr_t addr;

	if (tm->prod - tm->cons >= TMAC_RING) {
		netif_stop_queue(ndev);
		return NETDEV_TX_BUSY;
	}
	if (skb_linearize(skb)) {
		dev_kfree_skb_any(skb);
		ndev->stats.tx_dropped++;
		return NETDEV_TX_OK;
	}

	addr = dma_map_single(tm->dev, skb->data, skb->len, DMA_TO_DEVICE); /* expect: dma-mapping-error-unchecked */
	d->buf = cpu_to_le64(addr);
	d->len = cpu_to_le32(skb->len);
	tm->slot[i].skb = skb;
	dma_unmap_addr_set(&tm->slot[i], addr, addr);
	dma_unmap_len_set(&tm->slot[i], len, skb->len);
	dma_wmb();
	d->flags = cpu_to_le32(TMAC_DESC_HW_OWN);

	tm->prod++;
	writel(tm->prod % TMAC_RING, tm->base + TMAC_REG_TX_PROD);
	return NETDEV_TX_OK;
}

static irqreturn_t tmac_irq(int irq, void *data)
{
	struct tmac *tm = data;
	unsigned int hw_cons = readl(tm->base + TMAC_REG_TX_CONS);

	writel(~0u, tm->base + TMAC_REG_INT);
	while (tm->cons % TMAC_RING != hw_cons && tm->cons != tm->prod) {
		struct tmac_slot *s = &tm->slot[tm->cons % TMAC_RING];

		dma_unmap_single(tm->dev, dma_unmap_addr(s, addr),
				 dma_unmap_len(s, len), DMA_TO_DEVICE);
		tm->ndev->stats.tx_packets++;
		dev_consume_skb_irq(s->skb);
		s->skb = NULL;
		tm->cons++;
	}
	netif_wake_queue(tm->ndev);
	return IRQ_HANDLED;
}

static int tmac_open(struct net_device *ndev)
{
	struct tmac *tm = netdev_priv(ndev);

	tm->prod = 0;
	tm->cons = 0;
	writeq(tm->desc_dma, tm->base + TMAC_REG_TX_BASE);
	netif_start_queue(ndev);
	return 0;
}

static int tmac_stop(struct net_device *ndev)
{
	netif_stop_queue(ndev);
	return 0;
}

static const struct net_device_ops tmac_ops = {
	.ndo_open		= tmac_open,
	.ndo_stop		= tmac_stop,
	.ndo_start_xmit		= tmac_xmit,
	.ndo_validate_addr	= eth_validate_addr,
};

static int tmac_probe(struct platform_device *pdev)
{
	struct net_device *ndev;
	struct tmac *tm;
	int ret;

	ndev = devm_alloc_etherdev(&pdev->dev, sizeof(*tm));
	if (!ndev)
		return -ENOMEM;
	SET_NETDEV_DEV(ndev, &pdev->dev);
	tm = netdev_priv(ndev);
	tm->dev = &pdev->dev;
	tm->ndev = ndev;
	tm->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(tm->base))
		return PTR_ERR(tm->base);
	tm->irq = platform_get_irq(pdev, 0);
	if (tm->irq < 0)
		return tm->irq;
	tm->desc = dmam_alloc_coherent(&pdev->dev, TMAC_RING * sizeof(*tm->desc),
				       &tm->desc_dma, GFP_KERNEL);
	if (!tm->desc)
		return -ENOMEM;
	ret = devm_request_irq(&pdev->dev, tm->irq, tmac_irq, 0, "tmac", tm);
	if (ret)
		return ret;

	ndev->netdev_ops = &tmac_ops;
	eth_hw_addr_random(ndev);
	platform_set_drvdata(pdev, ndev);
	return register_netdev(ndev);
}

static platform_remove_ret_t tmac_remove(struct platform_device *pdev)
{
	unregister_netdev(platform_get_drvdata(pdev));
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id tmac_of_match[] = {
	{ .compatible = "drvcheck,tmac" },
	{ }
};
MODULE_DEVICE_TABLE(of, tmac_of_match);

static struct platform_driver tmac_driver = {
	.probe = tmac_probe,
	.remove = tmac_remove,
	.driver = {
		.name = "tmac",
		.of_match_table = tmac_of_match,
	},
};
module_platform_driver(tmac_driver);

MODULE_DESCRIPTION("drvcheck testsuite: TX handle written to descriptor unchecked");
MODULE_LICENSE("GPL");
