// SPDX-License-Identifier: GPL-2.0
/*
 * Queued command whose scatterlist count is overwritten in place: the
 * request's n_elem is counted when the list is handed over
 * (sg_nents()), dma_map_sg() is given req->n_elem and its result goes back
 * into req->n_elem for the descriptors; the completion unmaps with
 * req->n_elem, the merged count.  The libata shape without
 * orig_n_elem (real: a mutant of ata_sg_clean() that sparse and clang
 * missed, because the field also holds the nents the callers give).
 *
 * drvcheck-case: positive dma-unmap-sg-nents
 * drvcheck-case: negative dma-direction dma-unmap-kind
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>
#include <linux/interrupt.h>
#include <linux/io.h>

#define XP_REG_DESC_ADDR	0x00
#define XP_REG_DESC_LEN		0x08
#define XP_REG_DESC_PUSH	0x0c
#define XP_REG_STATUS		0x10

struct xp_req {
	struct scatterlist *sg;
	unsigned int n_elem;
	int status;
};

struct xp_dev {
	struct device *dev;
	void __iomem *regs;
	struct xp_req *cur;
};

/* the transport above hands a list: its nents is counted here */
static void xp_init_req(struct xp_req *req, struct scatterlist *sgl)
{
	req->sg = sgl;
	req->n_elem = sg_nents(sgl);
}

static int xp_submit(struct xp_dev *xp, struct xp_req *req)
{
	struct scatterlist *sg;
	int n_elem, i;

	n_elem = dma_map_sg(xp->dev, req->sg, req->n_elem, DMA_TO_DEVICE);
	if (n_elem < 1)
		return -ENOMEM;
	req->n_elem = n_elem;
	for_each_sg(req->sg, sg, req->n_elem, i) {
		writeq(sg_dma_address(sg), xp->regs + XP_REG_DESC_ADDR);
		writel(sg_dma_len(sg), xp->regs + XP_REG_DESC_LEN);
		writel(1, xp->regs + XP_REG_DESC_PUSH);
	}
	xp->cur = req;
	return 0;
}

static irqreturn_t xp_irq(int irq, void *data)
{
	struct xp_dev *xp = data;
	struct xp_req *req = xp->cur;

	if (!req)
		return IRQ_NONE;
	req->status = readl(xp->regs + XP_REG_STATUS);
	dma_unmap_sg(xp->dev, req->sg, req->n_elem, DMA_TO_DEVICE); /* expect: dma-unmap-sg-nents */
	xp->cur = NULL;
	return IRQ_HANDLED;
}

static int xp_probe(struct platform_device *pdev)
{
	struct xp_dev *xp;
	int irq;

	xp = devm_kzalloc(&pdev->dev, sizeof(*xp), GFP_KERNEL);
	if (!xp)
		return -ENOMEM;
	xp->dev = &pdev->dev;
	xp->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(xp->regs))
		return PTR_ERR(xp->regs);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;
	platform_set_drvdata(pdev, xp);
	return devm_request_irq(&pdev->dev, irq, xp_irq, 0, "xp", xp);
}

/* exported: other modules queue requests */
int xpi_queue(struct platform_device *pdev, struct xp_req *req,
	      struct scatterlist *sgl);

int xpi_queue(struct platform_device *pdev, struct xp_req *req,
	      struct scatterlist *sgl)
{
	xp_init_req(req, sgl);
	return xp_submit(platform_get_drvdata(pdev), req);
}
EXPORT_SYMBOL_GPL(xpi_queue);

static const struct of_device_id xp_of_match[] = {
	{ .compatible = "drvcheck,xpi" },
	{ }
};
MODULE_DEVICE_TABLE(of, xp_of_match);

static struct platform_driver xp_driver = {
	.probe = xp_probe,
	.driver = {
		.name = "xpi",
		.of_match_table = xp_of_match,
	},
};
module_platform_driver(xp_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_unmap_sg with the nents saved in orig_n_elem overwritten in place by the merged count");
MODULE_LICENSE("GPL");
