// SPDX-License-Identifier: GPL-2.0
/*
 * AMBA block-copy engine with one sg_table per direction embedded in its
 * private struct, the spi-pl022 idiom: dma_map_sg() is given
 * tbl_tx.nents and its count goes to a local; both the error unwind and
 * the completion unmap with tbl_tx.nents again, the nents that was
 * mapped.  The register window is claimed with amba_request_regions()
 * (adev->res) before devm_ioremap() maps it.  Correct.
 *
 * drvcheck-case: negative dma-unmap-sg-nents dma-direction dma-unmap-kind
 * drvcheck-case: negative iomem-unrequested-map iomem-unchecked-request
 */
#include <linux/module.h>
#include <linux/amba/bus.h>
#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define BCE_REG_SRC	0x00
#define BCE_REG_DST	0x08
#define BCE_REG_GO	0x10
#define BCE_REG_ISR	0x14

struct bce {
	struct device *dev;
	void __iomem *regs;
	struct sg_table tbl_tx;
	struct sg_table tbl_rx;
	int irq;
};

static void bce_unmap(struct bce *b)
{
	dma_unmap_sg(b->dev, b->tbl_tx.sgl, b->tbl_tx.nents, DMA_TO_DEVICE);
	dma_unmap_sg(b->dev, b->tbl_rx.sgl, b->tbl_rx.nents, DMA_FROM_DEVICE);
}

static int bce_start(struct bce *b)
{
	int tx_cnt, rx_cnt;

	tx_cnt = dma_map_sg(b->dev, b->tbl_tx.sgl, b->tbl_tx.nents, DMA_TO_DEVICE);
	if (!tx_cnt)
		return -ENOMEM;
	rx_cnt = dma_map_sg(b->dev, b->tbl_rx.sgl, b->tbl_rx.nents, DMA_FROM_DEVICE);
	if (!rx_cnt)
		goto err_tx;
	writeq(sg_dma_address(b->tbl_tx.sgl), b->regs + BCE_REG_SRC);
	writeq(sg_dma_address(b->tbl_rx.sgl), b->regs + BCE_REG_DST);
	writel(tx_cnt | (rx_cnt << 16), b->regs + BCE_REG_GO);
	return 0;

err_tx:
	dma_unmap_sg(b->dev, b->tbl_tx.sgl, b->tbl_tx.nents, DMA_TO_DEVICE);
	return -ENOMEM;
}

static irqreturn_t bce_irq(int irq, void *data)
{
	struct bce *b = data;

	if (!readl(b->regs + BCE_REG_ISR))
		return IRQ_NONE;
	writel(0, b->regs + BCE_REG_ISR);
	bce_unmap(b);
	return IRQ_HANDLED;
}

static int bce_probe(struct amba_device *adev, const struct amba_id *id)
{
	struct device *dev = &adev->dev;
	struct bce *b;
	int ret;

	b = devm_kzalloc(dev, sizeof(*b), GFP_KERNEL);
	if (!b)
		return -ENOMEM;
	b->dev = dev;
	ret = amba_request_regions(adev, NULL);
	if (ret)
		return ret;
	b->regs = devm_ioremap(dev, adev->res.start, resource_size(&adev->res));
	if (!b->regs) {
		ret = -ENOMEM;
		goto err_release;
	}
	ret = sg_alloc_table(&b->tbl_tx, 4, GFP_KERNEL);
	if (ret)
		goto err_release;
	ret = sg_alloc_table(&b->tbl_rx, 4, GFP_KERNEL);
	if (ret)
		goto err_tx;
	ret = devm_request_irq(dev, adev->irq[0], bce_irq, 0, "bce", b);
	if (ret)
		goto err_rx;
	amba_set_drvdata(adev, b);
	return bce_start(b);

err_rx:
	sg_free_table(&b->tbl_rx);
err_tx:
	sg_free_table(&b->tbl_tx);
err_release:
	amba_release_regions(adev);
	return ret;
}

static void bce_remove(struct amba_device *adev)
{
	struct bce *b = amba_get_drvdata(adev);

	devm_free_irq(&adev->dev, adev->irq[0], b);
	sg_free_table(&b->tbl_rx);
	sg_free_table(&b->tbl_tx);
	amba_release_regions(adev);
}

static const struct amba_id bce_ids[] = {
	{ .id = 0x00041099, .mask = 0x000fffff },
	{ }
};
MODULE_DEVICE_TABLE(amba, bce_ids);

static struct amba_driver bce_driver = {
	.drv = { .name = "bce" },
	.id_table = bce_ids,
	.probe = bce_probe,
	.remove = bce_remove,
};
module_amba_driver(bce_driver);

MODULE_DESCRIPTION("block-copy engine: sg tables embedded per direction");
MODULE_LICENSE("GPL");
