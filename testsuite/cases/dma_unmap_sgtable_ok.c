// SPDX-License-Identifier: GPL-2.0
/*
 * Capture DMA of a platform camera interface: each frame buffer is a
 * struct sg_table built from pages with sg_alloc_table_from_pages(),
 * mapped with dma_map_sgtable() and unmapped with dma_unmap_sgtable(), so
 * the nents bookkeeping lives in the table (orig_nents vs nents) and
 * cannot be mixed up; the mapped (merged) entries are walked with
 * for_each_sgtable_dma_sg().  The frame is synced with
 * dma_sync_sgtable_for_cpu() before it is inspected.  Correct.
 *
 * drvcheck-case: negative dma-unmap-sg-nents dma-direction dma-unmap-kind
 * drvcheck-case: negative dma-double-unmap dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>
#include <linux/interrupt.h>
#include <linux/mm.h>
#include <linux/slab.h>
#include <linux/io.h>

#define CIF_FRAME_BYTES		(640 * 480 * 2)
#define CIF_FRAME_PAGES		DIV_ROUND_UP(CIF_FRAME_BYTES, PAGE_SIZE)
#define CIF_REG_DESC_ADDR	0x00
#define CIF_REG_DESC_LEN	0x08
#define CIF_REG_DESC_PUSH	0x0c
#define CIF_REG_START		0x10
#define CIF_REG_ISR		0x14

struct cif {
	struct device *dev;
	void __iomem *regs;
	struct page **pages;
	struct sg_table sgt;
	u32 frames;
	u16 first_pixel;
};

static irqreturn_t cif_irq(int irq, void *data)
{
	struct cif *cif = data;

	if (!readl(cif->regs + CIF_REG_ISR))
		return IRQ_NONE;
	writel(~0u, cif->regs + CIF_REG_ISR);
	dma_sync_sgtable_for_cpu(cif->dev, &cif->sgt, DMA_FROM_DEVICE);
	cif->first_pixel = *(u16 *)page_address(cif->pages[0]);
	cif->frames++;
	dma_sync_sgtable_for_device(cif->dev, &cif->sgt, DMA_FROM_DEVICE);
	return IRQ_HANDLED;
}

static void cif_free_pages(struct cif *cif, int n)
{
	while (n--)
		__free_page(cif->pages[n]);
}

static int cif_setup_frame(struct cif *cif)
{
	struct scatterlist *sg;
	int i, ret;

	for (i = 0; i < CIF_FRAME_PAGES; i++) {
		cif->pages[i] = alloc_page(GFP_KERNEL);
		if (!cif->pages[i]) {
			cif_free_pages(cif, i);
			return -ENOMEM;
		}
	}
	ret = sg_alloc_table_from_pages(&cif->sgt, cif->pages, CIF_FRAME_PAGES,
					0, CIF_FRAME_BYTES, GFP_KERNEL);
	if (ret)
		goto err_pages;
	ret = dma_map_sgtable(cif->dev, &cif->sgt, DMA_FROM_DEVICE, 0);
	if (ret)
		goto err_table;

	for_each_sgtable_dma_sg(&cif->sgt, sg, i) {
		writeq(sg_dma_address(sg), cif->regs + CIF_REG_DESC_ADDR);
		writel(sg_dma_len(sg), cif->regs + CIF_REG_DESC_LEN);
		writel(1, cif->regs + CIF_REG_DESC_PUSH);
	}
	return 0;

err_table:
	sg_free_table(&cif->sgt);
err_pages:
	cif_free_pages(cif, CIF_FRAME_PAGES);
	return ret;
}

static void cif_teardown_frame(struct cif *cif)
{
	dma_unmap_sgtable(cif->dev, &cif->sgt, DMA_FROM_DEVICE, 0);
	sg_free_table(&cif->sgt);
	cif_free_pages(cif, CIF_FRAME_PAGES);
}

static int cif_probe(struct platform_device *pdev)
{
	struct cif *cif;
	int irq, ret;

	cif = devm_kzalloc(&pdev->dev, sizeof(*cif), GFP_KERNEL);
	if (!cif)
		return -ENOMEM;
	cif->dev = &pdev->dev;
	cif->pages = devm_kcalloc(&pdev->dev, CIF_FRAME_PAGES,
				  sizeof(*cif->pages), GFP_KERNEL);
	if (!cif->pages)
		return -ENOMEM;
	cif->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(cif->regs))
		return PTR_ERR(cif->regs);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;

	ret = cif_setup_frame(cif);
	if (ret)
		return ret;
	ret = request_irq(irq, cif_irq, 0, "cif", cif);
	if (ret) {
		cif_teardown_frame(cif);
		return ret;
	}
	writel(1, cif->regs + CIF_REG_START);
	platform_set_drvdata(pdev, cif);
	return 0;
}

static platform_remove_ret_t cif_remove(struct platform_device *pdev)
{
	struct cif *cif = platform_get_drvdata(pdev);

	writel(0, cif->regs + CIF_REG_START);
	free_irq(platform_get_irq(pdev, 0), cif);
	cif_teardown_frame(cif);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id cif_of_match[] = {
	{ .compatible = "drvcheck,cif" },
	{ }
};
MODULE_DEVICE_TABLE(of, cif_of_match);

static struct platform_driver cif_driver = {
	.probe = cif_probe,
	.remove = cif_remove,
	.driver = {
		.name = "cif",
		.of_match_table = cif_of_match,
	},
};
module_platform_driver(cif_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_map_sgtable / dma_unmap_sgtable (correct)");
MODULE_LICENSE("GPL");
