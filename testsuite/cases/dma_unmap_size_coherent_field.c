// SPDX-License-Identifier: GPL-2.0
/*
 * Descriptor rings and a command queue of a platform NIC, sized as e1000
 * sizes its rings: the setup stores the ring's byte size in the ring
 * (txr->size = txr->count * sizeof(struct cfe_tx_desc); the RX ring has
 * CFE_RX_WB_BYTES more, where the MAC writes back its head index) and
 * allocates that much coherent memory.  The teardown frees the TX ring
 * with count * sizeof(struct cfe_rx_desc), the RX descriptor being twice
 * as large (copied from the RX teardown), the RX ring without its
 * write-back area, and the command queue, allocated with CFE_CMDQ_BYTES,
 * with CFE_EVTQ_BYTES, the event queue's size.  The event queue is freed
 * right.  Coccinelle cannot size the two structs (it reads no layouts).
 *
 * drvcheck-case: positive dma-unmap-size
 * drvcheck-case: negative dma-unmap-kind dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>

#define CFE_TXD_DEFAULT		256
#define CFE_RXD_DEFAULT		256
#define CFE_CMDQ_DEPTH		64
#define CFE_EVTQ_DEPTH		64
#define CFE_CMDQ_BYTES		(CFE_CMDQ_DEPTH * 64)
#define CFE_EVTQ_BYTES		(CFE_EVTQ_DEPTH * 16)
/* after the RX descriptors: the MAC writes back its head index there */
#define CFE_RX_WB_BYTES		64

#define CFE_REG_TDBA		0x00
#define CFE_REG_RDBA		0x08
#define CFE_REG_CQBA		0x10
#define CFE_REG_EQBA		0x18

struct cfe_tx_desc {
	__le64 addr;
	__le32 cmd;
	__le32 status;
};

struct cfe_rx_desc {
	__le64 addr;
	__le64 hdr_addr;
	__le32 status;
	__le32 len;
	__le64 rss;
};

struct cfe_tx_ring {
	struct cfe_tx_desc *desc;
	dma_addr_t dma;
	unsigned int count;
	unsigned int size;
};

struct cfe_rx_ring {
	struct cfe_rx_desc *desc;
	dma_addr_t dma;
	unsigned int count;
	unsigned int size;
};

struct cfe_priv {
	struct device *dev;
	void __iomem *regs;
	struct cfe_tx_ring txr;
	struct cfe_rx_ring rxr;
	void *cmdq;
	dma_addr_t cmdq_dma;
	void *evtq;
	dma_addr_t evtq_dma;
};

static int cfe_setup_tx(struct cfe_priv *priv, struct cfe_tx_ring *txr)
{
	txr->size = txr->count * sizeof(struct cfe_tx_desc);
	txr->desc = dma_alloc_coherent(priv->dev, txr->size, &txr->dma, GFP_KERNEL);
	if (!txr->desc)
		return -ENOMEM;
	writeq(txr->dma, priv->regs + CFE_REG_TDBA);
	return 0;
}

static void cfe_free_tx(struct cfe_priv *priv, struct cfe_tx_ring *txr)
{
	dma_free_coherent(priv->dev, txr->count * sizeof(struct cfe_rx_desc), txr->desc, txr->dma); /* expect(!cocci): dma-unmap-size */
	txr->desc = NULL;
}

static int cfe_setup_rx(struct cfe_priv *priv, struct cfe_rx_ring *rxr)
{
	rxr->size = rxr->count * sizeof(struct cfe_rx_desc) + CFE_RX_WB_BYTES;
	rxr->desc = dma_alloc_coherent(priv->dev, rxr->size, &rxr->dma, GFP_KERNEL);
	if (!rxr->desc)
		return -ENOMEM;
	writeq(rxr->dma, priv->regs + CFE_REG_RDBA);
	return 0;
}

static void cfe_free_rx(struct cfe_priv *priv, struct cfe_rx_ring *rxr)
{
	dma_free_coherent(priv->dev, rxr->count * sizeof(struct cfe_rx_desc), rxr->desc, rxr->dma); /* expect: dma-unmap-size */
	rxr->desc = NULL;
}

static int cfe_setup_queues(struct cfe_priv *priv)
{
	priv->cmdq = dma_alloc_coherent(priv->dev, CFE_CMDQ_BYTES, &priv->cmdq_dma,
					GFP_KERNEL);
	if (!priv->cmdq)
		return -ENOMEM;
	priv->evtq = dma_alloc_coherent(priv->dev, CFE_EVTQ_BYTES, &priv->evtq_dma,
					GFP_KERNEL);
	if (!priv->evtq) {
		dma_free_coherent(priv->dev, CFE_EVTQ_BYTES, priv->cmdq, priv->cmdq_dma); /* expect: dma-unmap-size */
		return -ENOMEM;
	}
	writeq(priv->cmdq_dma, priv->regs + CFE_REG_CQBA);
	writeq(priv->evtq_dma, priv->regs + CFE_REG_EQBA);
	return 0;
}

static void cfe_free_queues(struct cfe_priv *priv)
{
	dma_free_coherent(priv->dev, CFE_EVTQ_BYTES, priv->evtq, priv->evtq_dma);
	dma_free_coherent(priv->dev, CFE_CMDQ_BYTES, priv->cmdq, priv->cmdq_dma);
}

static int cfe_probe(struct platform_device *pdev)
{
	struct cfe_priv *priv;
	int ret;

	priv = devm_kzalloc(&pdev->dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	priv->dev = &pdev->dev;
	priv->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(priv->regs))
		return PTR_ERR(priv->regs);
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;

	priv->txr.count = CFE_TXD_DEFAULT;
	priv->rxr.count = CFE_RXD_DEFAULT;
	ret = cfe_setup_queues(priv);
	if (ret)
		return ret;
	ret = cfe_setup_tx(priv, &priv->txr);
	if (ret)
		goto err_queues;
	ret = cfe_setup_rx(priv, &priv->rxr);
	if (ret)
		goto err_tx;
	platform_set_drvdata(pdev, priv);
	return 0;

err_tx:
	cfe_free_tx(priv, &priv->txr);
err_queues:
	cfe_free_queues(priv);
	return ret;
}

static platform_remove_ret_t cfe_remove(struct platform_device *pdev)
{
	struct cfe_priv *priv = platform_get_drvdata(pdev);

	cfe_free_rx(priv, &priv->rxr);
	cfe_free_tx(priv, &priv->txr);
	cfe_free_queues(priv);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id cfe_of_match[] = {
	{ .compatible = "drvcheck,cfe" },
	{ }
};
MODULE_DEVICE_TABLE(of, cfe_of_match);

static struct platform_driver cfe_driver = {
	.probe = cfe_probe,
	.remove = cfe_remove,
	.driver = {
		.name = "cfe",
		.of_match_table = cfe_of_match,
	},
};
module_platform_driver(cfe_driver);

MODULE_DESCRIPTION("drvcheck testsuite: coherent rings freed with another size than allocated");
MODULE_LICENSE("GPL");
