// SPDX-License-Identifier: GPL-2.0
/*
 * An XOR offload engine in the mv_xor / stmmac style: the destination
 * handle is parked in the unmap bookkeeping (and in a descriptor the
 * device does not own yet) one line before dma_mapping_error() tests it.
 * Nothing between the store and the test can hand the memory to the
 * device: no call, no barrier, no doorbell.  On failure the descriptor is
 * never armed and the bookkeeping count still says nothing is mapped, so
 * the handle was not used untested.
 *
 * drvcheck-case: negative dma-mapping-error-unchecked dma-unmap-size
 * drvcheck-case: negative dma-direction dma-unmap-kind dma-leak
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>

#define XR_REG_DESC	0x00
#define XR_REG_GO	0x04
#define XR_LEN		PAGE_SIZE
#define XR_OWN		BIT(31)

struct xr_desc {
	__le32 dst;
	__le32 ctrl;
};

struct xr_unmap {
	dma_addr_t addr[2];
	unsigned int count;
};

struct xr {
	struct device *dev;
	void __iomem *regs;
	struct xr_desc *desc;
	dma_addr_t desc_dma;
	struct xr_unmap unmap;
	struct page *page;
};

static int xr_run(struct xr *xr)
{
	dma_addr_t dst;

	dst = dma_map_page(xr->dev, xr->page, 0, XR_LEN, DMA_FROM_DEVICE);
	xr->unmap.addr[1] = dst;
	xr->desc->dst = cpu_to_le32(lower_32_bits(dst));
	if (dma_mapping_error(xr->dev, dst))
		return -ENOMEM;
	xr->unmap.count = 1;
	dma_wmb();
	xr->desc->ctrl = cpu_to_le32(XR_OWN | XR_LEN);
	writel(lower_32_bits(xr->desc_dma), xr->regs + XR_REG_DESC);
	writel(1, xr->regs + XR_REG_GO);
	return 0;
}

static void xr_done(struct xr *xr)
{
	if (xr->unmap.count)
		dma_unmap_page(xr->dev, xr->unmap.addr[1], XR_LEN, DMA_FROM_DEVICE);
	xr->unmap.count = 0;
}

static int xr_probe(struct platform_device *pdev)
{
	struct xr *xr;

	xr = devm_kzalloc(&pdev->dev, sizeof(*xr), GFP_KERNEL);
	if (!xr)
		return -ENOMEM;
	xr->dev = &pdev->dev;
	xr->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(xr->regs))
		return PTR_ERR(xr->regs);
	xr->desc = dmam_alloc_coherent(&pdev->dev, sizeof(*xr->desc),
				       &xr->desc_dma, GFP_KERNEL);
	if (!xr->desc)
		return -ENOMEM;
	xr->page = alloc_page(GFP_KERNEL);
	if (!xr->page)
		return -ENOMEM;
	if (!xr_run(xr))
		xr_done(xr);
	__free_page(xr->page);
	return 0;
}

static const struct of_device_id xr_of_match[] = {
	{ .compatible = "example,xr" },
	{ }
};
MODULE_DEVICE_TABLE(of, xr_of_match);

static struct platform_driver xr_driver = {
	.probe	= xr_probe,
	.driver	= { .name = "xr", .of_match_table = xr_of_match },
};
module_platform_driver(xr_driver);
MODULE_LICENSE("GPL");
