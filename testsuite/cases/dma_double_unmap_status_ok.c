// SPDX-License-Identifier: GPL-2.0
/*
 * SPI-NAND style page read, the spi-mtk-snfi idiom: the buffer is mapped,
 * the transfer polled with readl_poll_timeout(), and on success unmapped
 * before the data is copied out; the unwind label shared by success and
 * failure unmaps again only "if (ret)", which on the success path is 0.
 * A second idiom: the handle is cleared after its release and the
 * teardown releases it only if it is still set.  Correct.
 *
 * drvcheck-case: negative dma-double-unmap dma-unmap-size dma-direction
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/of.h>
#include <linux/io.h>
#include <linux/slab.h>

#define PNR_REG_ADDR	0x00
#define PNR_REG_GO	0x08
#define PNR_REG_STA	0x0c
#define  PNR_STA_DONE	BIT(0)
#define  PNR_STA_ECC	BIT(1)
#define PNR_PAGE	4096

struct pnr {
	struct device *dev;
	void __iomem *regs;
	void *bounce;
	void *scratch;
	dma_addr_t scratch_dma;
	bool ecc;
};

static int pnr_wait_ecc(struct pnr *p)
{
	u32 sta;

	return readl_poll_timeout(p->regs + PNR_REG_STA, sta, sta & PNR_STA_ECC,
				  0, 1000);
}

static int pnr_read_page(struct pnr *p, void *out, size_t len)
{
	dma_addr_t dma;
	u32 sta;
	int ret;

	dma = dma_map_single(p->dev, p->bounce, PNR_PAGE, DMA_FROM_DEVICE);
	ret = dma_mapping_error(p->dev, dma);
	if (ret)
		goto out;
	writel(lower_32_bits(dma), p->regs + PNR_REG_ADDR);
	writel(1, p->regs + PNR_REG_GO);
	ret = readl_poll_timeout(p->regs + PNR_REG_STA, sta, sta & PNR_STA_DONE,
				 0, 1000);
	if (ret)
		goto unmap;
	if (p->ecc) {
		ret = pnr_wait_ecc(p);
		if (ret)
			goto unmap;
	}
	dma_unmap_single(p->dev, dma, PNR_PAGE, DMA_FROM_DEVICE);
	memcpy(out, p->bounce, min_t(size_t, len, PNR_PAGE));
unmap:
	/* only on failure: on success it was unmapped before the copy */
	if (ret)
		dma_unmap_single(p->dev, dma, PNR_PAGE, DMA_FROM_DEVICE);
out:
	writel(0, p->regs + PNR_REG_GO);
	return ret;
}

static int pnr_scratch_test(struct pnr *p)
{
	dma_addr_t dma;
	u32 sta;
	int ret;

	dma = dma_map_single(p->dev, p->scratch, 64, DMA_TO_DEVICE);
	if (dma_mapping_error(p->dev, dma))
		return -ENOMEM;
	writel(lower_32_bits(dma), p->regs + PNR_REG_ADDR);
	ret = readl_poll_timeout(p->regs + PNR_REG_STA, sta, sta & PNR_STA_DONE,
				 0, 1000);
	if (!ret) {
		dma_unmap_single(p->dev, dma, 64, DMA_TO_DEVICE);
		dma = 0;
	}
	writel(0, p->regs + PNR_REG_GO);
	if (dma)
		dma_unmap_single(p->dev, dma, 64, DMA_TO_DEVICE);
	return ret;
}

static int pnr_probe(struct platform_device *pdev)
{
	struct pnr *p;
	u8 page[16];

	p = devm_kzalloc(&pdev->dev, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->dev = &pdev->dev;
	p->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(p->regs))
		return PTR_ERR(p->regs);
	p->bounce = devm_kmalloc(&pdev->dev, PNR_PAGE, GFP_KERNEL);
	p->scratch = devm_kmalloc(&pdev->dev, 64, GFP_KERNEL);
	if (!p->bounce || !p->scratch)
		return -ENOMEM;
	p->ecc = of_property_read_bool(pdev->dev.of_node, "ecc");
	platform_set_drvdata(pdev, p);
	if (pnr_scratch_test(p))
		return -EIO;
	return pnr_read_page(p, page, sizeof(page));
}

static const struct of_device_id pnr_of_match[] = {
	{ .compatible = "example,page-nand-reader" },
	{ }
};
MODULE_DEVICE_TABLE(of, pnr_of_match);

static struct platform_driver pnr_driver = {
	.probe = pnr_probe,
	.driver = {
		.name = "pnr",
		.of_match_table = pnr_of_match,
	},
};
module_platform_driver(pnr_driver);

MODULE_DESCRIPTION("page reader: a status re-tested at the unwind label");
MODULE_LICENSE("GPL");
