// SPDX-License-Identifier: GPL-2.0
/*
 * Firmware download of a PCI DSP: the image is split over page-sized
 * chunks in a scatterlist, mapped with "count = dma_map_sg(dev, sgl, nents,
 * dir)", and the device is given the count merged segments.  The unmap then
 * passes count, dma_map_sg()'s return value, instead of nents: with an
 * IOMMU that merges segments only part of the list is unmapped.
 *
 * drvcheck-case: positive dma-unmap-sg-nents
 * drvcheck-case: negative dma-direction dma-unmap-kind dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>
#include <linux/firmware.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/io.h>

#define FWDL_MAX_CHUNKS		64
#define FWDL_REG_SEG_ADDR	0x100
#define FWDL_REG_SEG_LEN	0x108
#define FWDL_REG_SEG_PUSH	0x10c
#define FWDL_REG_BOOT		0x110
#define FWDL_REG_STATUS		0x114
#define  FWDL_STATUS_RUNNING	BIT(0)

struct fwdl {
	struct pci_dev *pdev;
	void __iomem *bar;
};

static int fwdl_push_image(struct fwdl *fw, const struct firmware *img)
{
	struct device *dev = &fw->pdev->dev;
	struct scatterlist *sgl, *sg;
	void *chunks[FWDL_MAX_CHUNKS] = { };
	int nents, count, i, ret = -ENOMEM;
	u32 st;

	nents = DIV_ROUND_UP(img->size, PAGE_SIZE);
	if (!nents || nents > FWDL_MAX_CHUNKS)
		return -EFBIG;
	sgl = kcalloc(nents, sizeof(*sgl), GFP_KERNEL);
	if (!sgl)
		return -ENOMEM;
	sg_init_table(sgl, nents);
	for_each_sg(sgl, sg, nents, i) {
		size_t off = i * PAGE_SIZE;
		size_t len = min_t(size_t, PAGE_SIZE, img->size - off);

		chunks[i] = kmemdup(img->data + off, len, GFP_KERNEL);
		if (!chunks[i])
			goto out_free;
		sg_set_buf(sg, chunks[i], len);
	}

	count = dma_map_sg(dev, sgl, nents, DMA_TO_DEVICE);
	if (!count)
		goto out_free;
	for_each_sg(sgl, sg, count, i) {
		writeq(sg_dma_address(sg), fw->bar + FWDL_REG_SEG_ADDR);
		writel(sg_dma_len(sg), fw->bar + FWDL_REG_SEG_LEN);
		writel(1, fw->bar + FWDL_REG_SEG_PUSH);
	}
	writel(1, fw->bar + FWDL_REG_BOOT);
	ret = readl_poll_timeout(fw->bar + FWDL_REG_STATUS, st,
				 st & FWDL_STATUS_RUNNING, 100, 1000000);
	dma_unmap_sg(dev, sgl, count, DMA_TO_DEVICE); /* expect: dma-unmap-sg-nents */
out_free:
	for (i = 0; i < nents; i++)
		kfree(chunks[i]);
	kfree(sgl);
	return ret;
}

static int fwdl_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	const struct firmware *img;
	struct fwdl *fw;
	int ret;

	fw = devm_kzalloc(&pdev->dev, sizeof(*fw), GFP_KERNEL);
	if (!fw)
		return -ENOMEM;
	fw->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "fwdl");
	if (ret)
		return ret;
	fw->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	pci_set_master(pdev);

	ret = request_firmware(&img, "drvcheck/fwdl.bin", &pdev->dev);
	if (ret)
		return ret;
	ret = fwdl_push_image(fw, img);
	release_firmware(img);
	if (ret)
		return ret;
	pci_set_drvdata(pdev, fw);
	return 0;
}

static const struct pci_device_id fwdl_ids[] = {
	{ PCI_DEVICE(0x104c, 0xb801) },
	{ }
};
MODULE_DEVICE_TABLE(pci, fwdl_ids);

static struct pci_driver fwdl_driver = {
	.name		= "fwdl",
	.id_table	= fwdl_ids,
	.probe		= fwdl_probe,
};
module_pci_driver(fwdl_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_unmap_sg given dma_map_sg's return value");
MODULE_LICENSE("GPL");
