// SPDX-License-Identifier: GPL-2.0
/*
 * A command engine whose commands carry their payload in one of three
 * ways, chosen per command and remembered in a flag of the command: small
 * payloads are copied into a block from a dma_pool, medium ones into a
 * coherent buffer of their own, large ones are mapped where they are
 * (streaming, DMA_TO_DEVICE).  One handle member holds all three; the
 * release tests the same flag and uses the matching function (the idiom of
 * SCSI and crypto drivers that keep a "coherent" or "pool" bit per
 * request).  Every release matches its own allocation.  Correct.
 *
 * drvcheck-case: negative dma-coherent-streaming-mix dma-unmap-kind dma-unmap-size
 * drvcheck-case: negative dma-direction dma-double-unmap
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/dmapool.h>
#include <linux/slab.h>
#include <linux/io.h>

#define CMX_SMALL		256
#define CMX_MEDIUM		4096
#define CMX_REG_CMD_ADDR	0x00
#define CMX_REG_CMD_LEN		0x08
#define CMX_REG_DOORBELL	0x0c

enum cmx_buf_kind {
	CMX_BUF_POOL,
	CMX_BUF_COHERENT,
	CMX_BUF_MAPPED,
};

struct cmx_cmd {
	void *buf;
	dma_addr_t dma;
	size_t len;
	enum cmx_buf_kind kind;
};

struct cmx_priv {
	struct pci_dev *pdev;
	void __iomem *bar;
	struct dma_pool *pool;
};

static int cmx_cmd_prepare(struct cmx_priv *priv, struct cmx_cmd *cmd,
			   void *payload, size_t len)
{
	struct device *dev = &priv->pdev->dev;

	cmd->len = len;
	if (len <= CMX_SMALL) {
		cmd->kind = CMX_BUF_POOL;
		cmd->buf = dma_pool_alloc(priv->pool, GFP_KERNEL, &cmd->dma);
		if (!cmd->buf)
			return -ENOMEM;
		memcpy(cmd->buf, payload, len);
	} else if (len <= CMX_MEDIUM) {
		cmd->kind = CMX_BUF_COHERENT;
		cmd->buf = dma_alloc_coherent(dev, len, &cmd->dma, GFP_KERNEL);
		if (!cmd->buf)
			return -ENOMEM;
		memcpy(cmd->buf, payload, len);
	} else {
		cmd->kind = CMX_BUF_MAPPED;
		cmd->buf = payload;
		cmd->dma = dma_map_single(dev, payload, len, DMA_TO_DEVICE);
		if (dma_mapping_error(dev, cmd->dma))
			return -ENOMEM;
	}
	return 0;
}

static void cmx_cmd_release(struct cmx_priv *priv, struct cmx_cmd *cmd)
{
	struct device *dev = &priv->pdev->dev;

	switch (cmd->kind) {
	case CMX_BUF_POOL:
		dma_pool_free(priv->pool, cmd->buf, cmd->dma);
		break;
	case CMX_BUF_COHERENT:
		dma_free_coherent(dev, cmd->len, cmd->buf, cmd->dma);
		break;
	case CMX_BUF_MAPPED:
		dma_unmap_single(dev, cmd->dma, cmd->len, DMA_TO_DEVICE);
		break;
	}
}

static int cmx_submit(struct cmx_priv *priv, void *payload, size_t len)
{
	struct cmx_cmd *cmd;
	int ret;

	cmd = kzalloc(sizeof(*cmd), GFP_KERNEL);
	if (!cmd)
		return -ENOMEM;
	ret = cmx_cmd_prepare(priv, cmd, payload, len);
	if (ret)
		goto out;
	writeq(cmd->dma, priv->bar + CMX_REG_CMD_ADDR);
	writel(len, priv->bar + CMX_REG_CMD_LEN);
	writel(1, priv->bar + CMX_REG_DOORBELL);
	while (readl(priv->bar + CMX_REG_DOORBELL))
		cpu_relax();
	cmx_cmd_release(priv, cmd);
out:
	kfree(cmd);
	return ret;
}

static int cmx_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct cmx_priv *priv;
	static u8 hello[8] = "hello";
	int ret;

	priv = devm_kzalloc(&pdev->dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	priv->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "cmx");
	if (ret)
		return ret;
	priv->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	priv->pool = dmam_pool_create("cmx", &pdev->dev, CMX_SMALL, 64, 0);
	if (!priv->pool)
		return -ENOMEM;
	pci_set_master(pdev);
	pci_set_drvdata(pdev, priv);
	return cmx_submit(priv, hello, sizeof(hello));
}

static const struct pci_device_id cmx_ids[] = {
	{ PCI_DEVICE(0x1af4, 0x10f3) },
	{ }
};
MODULE_DEVICE_TABLE(pci, cmx_ids);

static struct pci_driver cmx_driver = {
	.name = "cmx",
	.id_table = cmx_ids,
	.probe = cmx_probe,
};
module_pci_driver(cmx_driver);
MODULE_LICENSE("GPL");
