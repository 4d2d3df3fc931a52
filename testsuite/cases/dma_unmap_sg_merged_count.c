// SPDX-License-Identifier: GPL-2.0
/*
 * Queued command with its scatterlist count in one field, the libata
 * idiom (ata_sg_setup()): dma_map_sg() is given qc->n_elem, its result
 * goes to a local; then qc->orig_n_elem = qc->n_elem saves the nents that
 * was mapped before qc->n_elem takes the merged count the descriptors
 * need.  But the completion unmaps with qc->n_elem, the merged count,
 * instead of qc->orig_n_elem: fewer entries than were mapped are unmapped
 * when the IOMMU merged some.
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
	unsigned int orig_n_elem;
	int status;
};

struct xp_dev {
	struct device *dev;
	void __iomem *regs;
	struct xp_req *cur;
};

static int xp_submit(struct xp_dev *xp, struct xp_req *req)
{
	struct scatterlist *sg;
	int n_elem, i;

	n_elem = dma_map_sg(xp->dev, req->sg, req->n_elem, DMA_TO_DEVICE);
	if (n_elem < 1)
		return -ENOMEM;
	req->orig_n_elem = req->n_elem;
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

/* the transport above fills req->sg and req->n_elem and queues it */
/* exported: other modules queue requests */
int xpn_queue(struct platform_device *pdev, struct xp_req *req);

int xpn_queue(struct platform_device *pdev, struct xp_req *req)
{
	return xp_submit(platform_get_drvdata(pdev), req);
}
EXPORT_SYMBOL_GPL(xpn_queue);

static const struct of_device_id xp_of_match[] = {
	{ .compatible = "drvcheck,xpn" },
	{ }
};
MODULE_DEVICE_TABLE(of, xp_of_match);

static struct platform_driver xp_driver = {
	.probe = xp_probe,
	.driver = {
		.name = "xpn",
		.of_match_table = xp_of_match,
	},
};
module_platform_driver(xp_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_unmap_sg with the merged count, not the saved orig_n_elem");
MODULE_LICENSE("GPL");
