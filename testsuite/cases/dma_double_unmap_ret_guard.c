// SPDX-License-Identifier: GPL-2.0
/*
 * Two SPI-NAND page reads that unmap on the success path and again at an
 * unwind label "if (ret)", where ret is not known to be 0: the first
 * unmaps right after the transfer whatever its status, the second
 * overwrites ret with the copy-out's status after the first unmap.  When
 * that status is an error, the buffer is unmapped twice (with an IOMMU the
 * second unmap frees an IOVA that may already be another buffer's).
 *
 * drvcheck-case: positive dma-double-unmap
 * drvcheck-case: negative dma-unmap-size dma-direction
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/io.h>

#define QNR_REG_ADDR	0x00
#define QNR_REG_GO	0x08
#define QNR_REG_STA	0x0c
#define  QNR_STA_DONE	BIT(0)
#define  QNR_STA_ERR	BIT(2)
#define QNR_PAGE	2048

struct qnr {
	struct device *dev;
	void __iomem *regs;
	void *bounce;
};

static int qnr_transfer(struct qnr *q, dma_addr_t dma)
{
	u32 sta;

	writel(lower_32_bits(dma), q->regs + QNR_REG_ADDR);
	writel(1, q->regs + QNR_REG_GO);
	return readl_poll_timeout(q->regs + QNR_REG_STA, sta, sta & QNR_STA_DONE,
				  0, 1000);
}

static int qnr_copy_out(struct qnr *q, void *out, size_t len)
{
	if (readl(q->regs + QNR_REG_STA) & QNR_STA_ERR)
		return -EBADMSG;
	memcpy(out, q->bounce, min_t(size_t, len, QNR_PAGE));
	return 0;
}

static int qnr_read_page(struct qnr *q, void *out, size_t len)
{
	dma_addr_t dma;
	int ret;

	dma = dma_map_single(q->dev, q->bounce, QNR_PAGE, DMA_FROM_DEVICE);
	if (dma_mapping_error(q->dev, dma))
		return -ENOMEM;
	ret = qnr_transfer(q, dma);
	dma_unmap_single(q->dev, dma, QNR_PAGE, DMA_FROM_DEVICE);
	if (ret)
		dma_unmap_single(q->dev, dma, QNR_PAGE, DMA_FROM_DEVICE); /* expect: dma-double-unmap */
	else
		ret = qnr_copy_out(q, out, len);
	return ret;
}

static int qnr_read_oob(struct qnr *q, void *out, size_t len)
{
	dma_addr_t dma;
	int ret;

	dma = dma_map_single(q->dev, q->bounce, QNR_PAGE, DMA_FROM_DEVICE);
	ret = dma_mapping_error(q->dev, dma);
	if (ret)
		return ret;
	ret = qnr_transfer(q, dma);
	if (ret)
		goto unmap;
	dma_unmap_single(q->dev, dma, QNR_PAGE, DMA_FROM_DEVICE);
	ret = qnr_copy_out(q, out, len);
unmap:
	if (ret) {
		dev_err(q->dev, "oob read failed: %d\n", ret);
		dma_unmap_single(q->dev, dma, QNR_PAGE, DMA_FROM_DEVICE); /* expect: dma-double-unmap */
	}
	return ret;
}

static int qnr_probe(struct platform_device *pdev)
{
	struct qnr *q;
	u8 page[64];
	int ret;

	q = devm_kzalloc(&pdev->dev, sizeof(*q), GFP_KERNEL);
	if (!q)
		return -ENOMEM;
	q->dev = &pdev->dev;
	q->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(q->regs))
		return PTR_ERR(q->regs);
	q->bounce = devm_kmalloc(&pdev->dev, QNR_PAGE, GFP_KERNEL);
	if (!q->bounce)
		return -ENOMEM;
	ret = qnr_read_page(q, page, sizeof(page));
	if (!ret)
		ret = qnr_read_oob(q, page, sizeof(page));
	return ret;
}

static const struct of_device_id qnr_of_match[] = {
	{ .compatible = "example,qnr" },
	{ }
};
MODULE_DEVICE_TABLE(of, qnr_of_match);

static struct platform_driver qnr_driver = {
	.probe	= qnr_probe,
	.driver	= { .name = "qnr", .of_match_table = qnr_of_match },
};
module_platform_driver(qnr_driver);
MODULE_LICENSE("GPL");
