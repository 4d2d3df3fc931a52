// SPDX-License-Identifier: GPL-2.0
/*
 * Request queue of a platform hash accelerator.  Every streaming handle is
 * tested before it reaches a descriptor, in the forms drivers write:
 * through the driver's own static helper hac_dma_map_err() (which calls
 * dma_mapping_error() on its argument), as "!dma_mapping_error()" guarding
 * the success branch, as "dma_mapping_error() != 0", and after a copy of
 * the handle into the request, tested from that field.  Correct.
 *
 * drvcheck-case: negative dma-mapping-error-unchecked dma-unmap-size dma-direction
 * drvcheck-case: negative dma-unmap-kind dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/io.h>

#define HAC_DIGEST_LEN		32
#define HAC_REG_SRC		0x00
#define HAC_REG_DST		0x08
#define HAC_REG_KEY		0x10
#define HAC_REG_LEN		0x18
#define HAC_REG_GO		0x1c

struct hac_req {
	dma_addr_t src_dma;
	dma_addr_t dst_dma;
	size_t len;
};

struct hac {
	struct device *dev;
	void __iomem *regs;
	u8 *key;
	dma_addr_t key_dma;
	u8 *digest;
};

static int hac_dma_map_err(struct hac *h, dma_addr_t dma)
{
	if (dma_mapping_error(h->dev, dma)) {
		dev_err(h->dev, "DMA mapping failed\n");
		return -ENOMEM;
	}
	return 0;
}

static int hac_load_key(struct hac *h, size_t keylen)
{
	dma_addr_t dma;

	dma = dma_map_single(h->dev, h->key, keylen, DMA_TO_DEVICE);
	if (!dma_mapping_error(h->dev, dma)) {
		h->key_dma = dma;
		writeq(dma, h->regs + HAC_REG_KEY);
		return 0;
	}
	return -ENOMEM;
}

static void hac_unload_key(struct hac *h, size_t keylen)
{
	dma_unmap_single(h->dev, h->key_dma, keylen, DMA_TO_DEVICE);
}

static int hac_submit(struct hac *h, struct hac_req *req, void *src, size_t len)
{
	dma_addr_t dma;
	int ret;

	dma = dma_map_single(h->dev, src, len, DMA_TO_DEVICE);
	ret = hac_dma_map_err(h, dma);
	if (ret)
		return ret;
	req->src_dma = dma;
	req->len = len;

	dma = dma_map_single(h->dev, h->digest, HAC_DIGEST_LEN, DMA_FROM_DEVICE);
	req->dst_dma = dma;
	if (dma_mapping_error(h->dev, req->dst_dma) != 0) {
		dma_unmap_single(h->dev, req->src_dma, len, DMA_TO_DEVICE);
		return -ENOMEM;
	}

	writeq(req->src_dma, h->regs + HAC_REG_SRC);
	writeq(req->dst_dma, h->regs + HAC_REG_DST);
	writel(len, h->regs + HAC_REG_LEN);
	writel(1, h->regs + HAC_REG_GO);
	return 0;
}

static void hac_complete(struct hac *h, struct hac_req *req)
{
	dma_unmap_single(h->dev, req->dst_dma, HAC_DIGEST_LEN, DMA_FROM_DEVICE);
	dma_unmap_single(h->dev, req->src_dma, req->len, DMA_TO_DEVICE);
}

static int hac_selftest(struct hac *h)
{
	struct hac_req req;
	void *msg;
	int ret;

	msg = kzalloc(64, GFP_KERNEL);
	if (!msg)
		return -ENOMEM;
	ret = hac_load_key(h, 16);
	if (ret)
		goto out;
	ret = hac_submit(h, &req, msg, 64);
	if (!ret)
		hac_complete(h, &req);
	hac_unload_key(h, 16);
out:
	kfree(msg);
	return ret;
}

static int hac_probe(struct platform_device *pdev)
{
	struct hac *h;
	int ret;

	h = devm_kzalloc(&pdev->dev, sizeof(*h), GFP_KERNEL);
	if (!h)
		return -ENOMEM;
	h->dev = &pdev->dev;
	h->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(h->regs))
		return PTR_ERR(h->regs);
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	h->key = devm_kzalloc(&pdev->dev, 64, GFP_KERNEL);
	h->digest = devm_kzalloc(&pdev->dev, HAC_DIGEST_LEN, GFP_KERNEL);
	if (!h->key || !h->digest)
		return -ENOMEM;
	platform_set_drvdata(pdev, h);
	return hac_selftest(h);
}

static const struct of_device_id hac_of_match[] = {
	{ .compatible = "drvcheck,hash-accel" },
	{ }
};
MODULE_DEVICE_TABLE(of, hac_of_match);

static struct platform_driver hac_driver = {
	.probe = hac_probe,
	.driver = {
		.name = "hash-accel",
		.of_match_table = hac_of_match,
	},
};
module_platform_driver(hac_driver);

MODULE_DESCRIPTION("drvcheck testsuite: mapping errors tested through a helper, !, != and a copy (correct)");
MODULE_LICENSE("GPL");
