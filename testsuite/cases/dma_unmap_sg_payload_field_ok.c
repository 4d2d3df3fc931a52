// SPDX-License-Identifier: GPL-2.0
/*
 * Transport request with its data scatterlist in an embedded payload, the
 * bsg/nvme-fc idiom: the submit path stores the entry count in
 * req->payload.sg_cnt, maps with that field as nents and keeps what
 * dma_map_sg() returned apart (req->payload.mapped, which programs the
 * descriptors); the completion unmaps with req->payload.sg_cnt again, the
 * nents that was mapped.  Correct: the field holds the nents given to the
 * map, never the count it returned.
 *
 * drvcheck-case: negative dma-unmap-sg-nents dma-direction dma-unmap-kind
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

struct xp_payload {
	struct scatterlist *sg_list;
	int sg_cnt;
	int mapped;
};

struct xp_req {
	struct xp_payload payload;
	int status;
};

struct xp_dev {
	struct device *dev;
	void __iomem *regs;
	struct xp_req *cur;
};

static int xp_submit(struct xp_dev *xp, struct xp_req *req,
		     struct scatterlist *sgl, int nents)
{
	struct scatterlist *sg;
	int count, i;

	req->payload.sg_list = sgl;
	req->payload.sg_cnt = nents;
	count = dma_map_sg(xp->dev, req->payload.sg_list, req->payload.sg_cnt,
			   DMA_TO_DEVICE);
	if (!count)
		return -ENOMEM;
	req->payload.mapped = count;
	for_each_sg(req->payload.sg_list, sg, req->payload.mapped, i) {
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
	dma_unmap_sg(xp->dev, req->payload.sg_list, req->payload.sg_cnt,
		     DMA_TO_DEVICE);
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

/* the request path is driven by the transport above */
/* exported: other modules queue requests */
int xp_queue(struct platform_device *pdev, struct xp_req *req,
	     struct scatterlist *sgl, int nents);

int xp_queue(struct platform_device *pdev, struct xp_req *req,
	     struct scatterlist *sgl, int nents)
{
	return xp_submit(platform_get_drvdata(pdev), req, sgl, nents);
}
EXPORT_SYMBOL_GPL(xp_queue);

static const struct of_device_id xp_of_match[] = {
	{ .compatible = "drvcheck,xp" },
	{ }
};
MODULE_DEVICE_TABLE(of, xp_of_match);

static struct platform_driver xp_driver = {
	.probe = xp_probe,
	.driver = {
		.name = "xp",
		.of_match_table = xp_of_match,
	},
};
module_platform_driver(xp_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_unmap_sg with the nents kept in a payload field (correct)");
MODULE_LICENSE("GPL");
