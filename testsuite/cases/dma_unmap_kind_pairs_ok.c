// SPDX-License-Identifier: GPL-2.0
/*
 * A PCI storage controller that uses every kind of DMA memory, each
 * released by its own kind: the admin queue (dma_alloc_coherent /
 * dma_free_coherent), command list pages from a dma_pool (dma_pool_alloc /
 * dma_pool_free), an identify buffer (dma_map_single / dma_unmap_single),
 * a log page (dma_map_page / dma_unmap_page), a data scatterlist
 * (dma_map_sg / dma_unmap_sg) and a peer device's doorbell
 * (dma_map_resource / dma_unmap_resource).  Coherent and streaming memory
 * are kept apart.  Correct.
 *
 * drvcheck-case: negative dma-unmap-kind dma-coherent-streaming-mix
 * drvcheck-case: negative dma-unmap-size dma-direction dma-mapping-error-unchecked
 * drvcheck-case: negative dma-unmap-sg-nents dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/dmapool.h>
#include <linux/scatterlist.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/io.h>

#define STC_AQ_DEPTH		64
#define STC_AQ_BYTES		(STC_AQ_DEPTH * 64)
#define STC_CMDLIST_BYTES	256
#define STC_IDENT_LEN		4096
#define STC_DATA_SEGS		4
#define STC_SEG_LEN		512
#define STC_PEER_DB_LEN		8

#define STC_REG_AQ_BASE		0x00
#define STC_REG_CMD		0x08
#define STC_REG_ARG0		0x10
#define STC_REG_ARG1		0x18
#define STC_REG_STATUS		0x20
#define  STC_STATUS_RDY		BIT(0)
#define STC_REG_PEER_DB		0x28

struct stc_priv {
	struct pci_dev *pdev;
	void __iomem *bar;
	void *aq;
	dma_addr_t aq_dma;
	struct dma_pool *cmd_pool;
	dma_addr_t peer_db_dma;
	bool peer_db_mapped;
};

static int stc_cmd(struct stc_priv *stc, u32 op, u64 a0, u64 a1)
{
	u32 st;

	writeq(a0, stc->bar + STC_REG_ARG0);
	writeq(a1, stc->bar + STC_REG_ARG1);
	writel(op, stc->bar + STC_REG_CMD);
	return readl_poll_timeout(stc->bar + STC_REG_STATUS, st,
				  st & STC_STATUS_RDY, 10, 500000);
}

static int stc_identify(struct stc_priv *stc)
{
	struct device *dev = &stc->pdev->dev;
	dma_addr_t dma;
	void *id;
	int ret;

	id = kzalloc(STC_IDENT_LEN, GFP_KERNEL);
	if (!id)
		return -ENOMEM;
	dma = dma_map_single(dev, id, STC_IDENT_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(id);
		return -ENOMEM;
	}
	ret = stc_cmd(stc, 0x06, dma, STC_IDENT_LEN);
	dma_unmap_single(dev, dma, STC_IDENT_LEN, DMA_FROM_DEVICE);
	kfree(id);
	return ret;
}

static int stc_read_log(struct stc_priv *stc)
{
	struct device *dev = &stc->pdev->dev;
	struct page *page;
	dma_addr_t dma;
	int ret;

	page = alloc_page(GFP_KERNEL);
	if (!page)
		return -ENOMEM;
	dma = dma_map_page(dev, page, 0, PAGE_SIZE, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		__free_page(page);
		return -ENOMEM;
	}
	ret = stc_cmd(stc, 0x02, dma, PAGE_SIZE);
	dma_unmap_page(dev, dma, PAGE_SIZE, DMA_FROM_DEVICE);
	__free_page(page);
	return ret;
}

static int stc_write_pattern(struct stc_priv *stc)
{
	struct device *dev = &stc->pdev->dev;
	struct scatterlist sgl[STC_DATA_SEGS];
	void *bufs[STC_DATA_SEGS] = { };
	dma_addr_t list_dma;
	__le64 *list;
	int i, count, ret = -ENOMEM;

	sg_init_table(sgl, STC_DATA_SEGS);
	for (i = 0; i < STC_DATA_SEGS; i++) {
		bufs[i] = kmalloc(STC_SEG_LEN, GFP_KERNEL);
		if (!bufs[i])
			goto out_free;
		memset(bufs[i], 0x5a, STC_SEG_LEN);
		sg_set_buf(&sgl[i], bufs[i], STC_SEG_LEN);
	}

	list = dma_pool_alloc(stc->cmd_pool, GFP_KERNEL, &list_dma);
	if (!list)
		goto out_free;

	count = dma_map_sg(dev, sgl, STC_DATA_SEGS, DMA_TO_DEVICE);
	if (!count)
		goto out_pool;
	for (i = 0; i < count; i++)
		list[i] = cpu_to_le64(sg_dma_address(&sgl[i]));
	ret = stc_cmd(stc, 0x01, list_dma, count);
	dma_unmap_sg(dev, sgl, STC_DATA_SEGS, DMA_TO_DEVICE);
out_pool:
	dma_pool_free(stc->cmd_pool, list, list_dma);
out_free:
	for (i = 0; i < STC_DATA_SEGS; i++)
		kfree(bufs[i]);
	return ret;
}

static int stc_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct device *dev = &pdev->dev;
	struct stc_priv *stc;
	int ret;

	stc = devm_kzalloc(dev, sizeof(*stc), GFP_KERNEL);
	if (!stc)
		return -ENOMEM;
	stc->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "stc");
	if (ret)
		return ret;
	stc->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);

	stc->aq = dma_alloc_coherent(dev, STC_AQ_BYTES, &stc->aq_dma, GFP_KERNEL);
	if (!stc->aq)
		return -ENOMEM;
	writeq(stc->aq_dma, stc->bar + STC_REG_AQ_BASE);

	stc->cmd_pool = dma_pool_create("stc-cmd", dev, STC_CMDLIST_BYTES, 64, 0);
	if (!stc->cmd_pool) {
		ret = -ENOMEM;
		goto err_aq;
	}

	ret = stc_identify(stc);
	if (!ret)
		ret = stc_read_log(stc);
	if (!ret)
		ret = stc_write_pattern(stc);
	if (ret)
		goto err_pool;

	/* optional peer-to-peer doorbell in BAR 4 of a companion function */
	if (pci_resource_len(pdev, 4) >= STC_PEER_DB_LEN) {
		stc->peer_db_dma = dma_map_resource(dev, pci_resource_start(pdev, 4),
						    STC_PEER_DB_LEN,
						    DMA_BIDIRECTIONAL, 0);
		if (!dma_mapping_error(dev, stc->peer_db_dma)) {
			stc->peer_db_mapped = true;
			writeq(stc->peer_db_dma, stc->bar + STC_REG_PEER_DB);
		}
	}

	pci_set_drvdata(pdev, stc);
	return 0;

err_pool:
	dma_pool_destroy(stc->cmd_pool);
err_aq:
	writeq(0, stc->bar + STC_REG_AQ_BASE);
	dma_free_coherent(dev, STC_AQ_BYTES, stc->aq, stc->aq_dma);
	return ret;
}

static void stc_remove(struct pci_dev *pdev)
{
	struct stc_priv *stc = pci_get_drvdata(pdev);
	struct device *dev = &pdev->dev;

	if (stc->peer_db_mapped) {
		writeq(0, stc->bar + STC_REG_PEER_DB);
		dma_unmap_resource(dev, stc->peer_db_dma, STC_PEER_DB_LEN,
				   DMA_BIDIRECTIONAL, 0);
	}
	dma_pool_destroy(stc->cmd_pool);
	writeq(0, stc->bar + STC_REG_AQ_BASE);
	dma_free_coherent(dev, STC_AQ_BYTES, stc->aq, stc->aq_dma);
}

static const struct pci_device_id stc_ids[] = {
	{ PCI_DEVICE(0x1b4b, 0x9230) },
	{ }
};
MODULE_DEVICE_TABLE(pci, stc_ids);

static struct pci_driver stc_driver = {
	.name		= "stc",
	.id_table	= stc_ids,
	.probe		= stc_probe,
	.remove		= stc_remove,
};
module_pci_driver(stc_driver);

MODULE_DESCRIPTION("drvcheck testsuite: every DMA kind released by its own kind (correct)");
MODULE_LICENSE("GPL");
