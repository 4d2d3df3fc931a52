// SPDX-License-Identifier: GPL-2.0
/*
 * A compression offload that verifies its output (iaa_crypto's
 * iaa_remap_for_verify()): after the compress job the request's lists are
 * unmapped and mapped again the other way round, the output becoming the
 * input of a decompress job.  When the second list fails to map, the
 * first one -- mapped again a few lines above -- is unmapped.  The
 * scatterlist is released twice in the function, but each release undoes
 * its own dma_map_sg().  Correct.
 *
 * drvcheck-case: negative dma-double-unmap dma-direction dma-unmap-sg-nents
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/io.h>

#define CX_REG_SRC	0x00
#define CX_REG_DST	0x08
#define CX_REG_GO	0x10

struct cx_req {
	struct scatterlist *src, *dst;
};

struct cx_dev {
	struct pci_dev *pdev;
	void __iomem *bar;
};

static int cx_remap_for_verify(struct cx_dev *cx, struct cx_req *req,
			       dma_addr_t *src_addr, dma_addr_t *dst_addr)
{
	struct device *dev = &cx->pdev->dev;
	int nr_sgs;

	dma_unmap_sg(dev, req->dst, sg_nents(req->dst), DMA_FROM_DEVICE);
	dma_unmap_sg(dev, req->src, sg_nents(req->src), DMA_TO_DEVICE);

	nr_sgs = dma_map_sg(dev, req->src, sg_nents(req->src), DMA_FROM_DEVICE);
	if (nr_sgs != 1)
		return -EIO;
	*src_addr = sg_dma_address(req->src);

	nr_sgs = dma_map_sg(dev, req->dst, sg_nents(req->dst), DMA_TO_DEVICE);
	if (nr_sgs != 1) {
		dma_unmap_sg(dev, req->src, sg_nents(req->src), DMA_FROM_DEVICE);
		return -EIO;
	}
	*dst_addr = sg_dma_address(req->dst);
	return 0;
}

static int cx_compress_verify(struct cx_dev *cx, struct cx_req *req)
{
	struct device *dev = &cx->pdev->dev;
	dma_addr_t src, dst;
	int ret;

	if (dma_map_sg(dev, req->src, sg_nents(req->src), DMA_TO_DEVICE) != 1)
		return -EIO;
	if (dma_map_sg(dev, req->dst, sg_nents(req->dst), DMA_FROM_DEVICE) != 1) {
		dma_unmap_sg(dev, req->src, sg_nents(req->src), DMA_TO_DEVICE);
		return -EIO;
	}
	writeq(sg_dma_address(req->src), cx->bar + CX_REG_SRC);
	writeq(sg_dma_address(req->dst), cx->bar + CX_REG_DST);
	writel(1, cx->bar + CX_REG_GO);

	ret = cx_remap_for_verify(cx, req, &src, &dst);
	if (ret)
		return ret;
	/* decompress what was just compressed: the output is now the input */
	writeq(dst, cx->bar + CX_REG_SRC);
	writeq(src, cx->bar + CX_REG_DST);
	writel(2, cx->bar + CX_REG_GO);
	dma_unmap_sg(dev, req->dst, sg_nents(req->dst), DMA_TO_DEVICE);
	dma_unmap_sg(dev, req->src, sg_nents(req->src), DMA_FROM_DEVICE);
	return 0;
}

static int cx_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct scatterlist sg_src, sg_dst;
	struct cx_req req = { &sg_src, &sg_dst };
	struct cx_dev *cx;
	void *in, *out;
	int ret;

	cx = devm_kzalloc(&pdev->dev, sizeof(*cx), GFP_KERNEL);
	if (!cx)
		return -ENOMEM;
	cx->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "cx");
	if (ret)
		return ret;
	cx->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);

	in = devm_kzalloc(&pdev->dev, PAGE_SIZE, GFP_KERNEL);
	out = devm_kzalloc(&pdev->dev, PAGE_SIZE, GFP_KERNEL);
	if (!in || !out)
		return -ENOMEM;
	sg_init_one(&sg_src, in, PAGE_SIZE);
	sg_init_one(&sg_dst, out, PAGE_SIZE);
	ret = cx_compress_verify(cx, &req);
	if (ret)
		return ret;
	pci_set_drvdata(pdev, cx);
	return 0;
}

static const struct pci_device_id cx_ids[] = {
	{ PCI_DEVICE(0x8086, 0x0cfe) },
	{ }
};
MODULE_DEVICE_TABLE(pci, cx_ids);

static struct pci_driver cx_driver = {
	.name		= "cx",
	.id_table	= cx_ids,
	.probe		= cx_probe,
};
module_pci_driver(cx_driver);

MODULE_DESCRIPTION("drvcheck testsuite: a scatterlist unmapped, mapped again and unmapped (correct)");
MODULE_LICENSE("GPL");
