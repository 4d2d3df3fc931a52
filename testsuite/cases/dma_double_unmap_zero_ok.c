// SPDX-License-Identifier: GPL-2.0
/*
 * Bounce buffer of a platform NAND controller, mapped per operation and
 * kept in the private struct.  The timeout path unmaps it early and sets
 * the stored handle to 0; the common release helper, reached afterwards
 * on the same path, tests the handle and only unmaps a live mapping.
 * Correct.
 *
 * drvcheck-case: negative dma-double-unmap dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-direction dma-mapping-error-unchecked dma-map-stack
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/io.h>

#define NFC_PAGE_LEN		4096
#define NFC_REG_DMA_ADDR	0x00
#define NFC_REG_PAGE		0x08
#define NFC_REG_CMD		0x0c
#define  NFC_CMD_READ		0x30
#define  NFC_CMD_ABORT		0xff
#define NFC_REG_STATUS		0x10
#define  NFC_STATUS_READY	BIT(0)

struct nfc {
	struct device *dev;
	void __iomem *regs;
	u8 *bounce;
	dma_addr_t bounce_dma;
};

static void nfc_release_bounce(struct nfc *nfc)
{
	if (nfc->bounce_dma) {
		dma_unmap_single(nfc->dev, nfc->bounce_dma, NFC_PAGE_LEN,
				 DMA_FROM_DEVICE);
		nfc->bounce_dma = 0;
	}
}

static int nfc_read_page(struct nfc *nfc, u32 page)
{
	u32 st;
	int ret;

	nfc->bounce_dma = dma_map_single(nfc->dev, nfc->bounce, NFC_PAGE_LEN,
					 DMA_FROM_DEVICE);
	if (dma_mapping_error(nfc->dev, nfc->bounce_dma)) {
		nfc->bounce_dma = 0;
		return -ENOMEM;
	}
	writeq(nfc->bounce_dma, nfc->regs + NFC_REG_DMA_ADDR);
	writel(page, nfc->regs + NFC_REG_PAGE);
	writel(NFC_CMD_READ, nfc->regs + NFC_REG_CMD);
	ret = readl_poll_timeout(nfc->regs + NFC_REG_STATUS, st,
				 st & NFC_STATUS_READY, 10, 20000);
	if (ret) {
		/* abort the transfer and drop the buffer before resetting */
		writel(NFC_CMD_ABORT, nfc->regs + NFC_REG_CMD);
		dma_unmap_single(nfc->dev, nfc->bounce_dma, NFC_PAGE_LEN,
				 DMA_FROM_DEVICE);
		nfc->bounce_dma = 0;
		dev_warn(nfc->dev, "page %u: read timeout\n", page);
	}
	nfc_release_bounce(nfc);
	return ret;
}

static int nfc_probe(struct platform_device *pdev)
{
	struct nfc *nfc;
	int ret;

	nfc = devm_kzalloc(&pdev->dev, sizeof(*nfc), GFP_KERNEL);
	if (!nfc)
		return -ENOMEM;
	nfc->dev = &pdev->dev;
	nfc->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(nfc->regs))
		return PTR_ERR(nfc->regs);
	nfc->bounce = devm_kmalloc(&pdev->dev, NFC_PAGE_LEN, GFP_KERNEL);
	if (!nfc->bounce)
		return -ENOMEM;

	/* page 0 holds the ONFI parameter page copy */
	ret = nfc_read_page(nfc, 0);
	if (ret)
		return ret;
	platform_set_drvdata(pdev, nfc);
	return 0;
}

static const struct of_device_id nfc_of_match[] = {
	{ .compatible = "drvcheck,nfc" },
	{ }
};
MODULE_DEVICE_TABLE(of, nfc_of_match);

static struct platform_driver nfc_driver = {
	.probe = nfc_probe,
	.driver = {
		.name = "nfc",
		.of_match_table = nfc_of_match,
	},
};
module_platform_driver(nfc_driver);

MODULE_DESCRIPTION("drvcheck testsuite: unmap, clear the handle, re-check (correct)");
MODULE_LICENSE("GPL");
