// SPDX-License-Identifier: GPL-2.0
/*
 * Firmware loader of a PCI offload engine: the image is copied into a
 * kernel buffer, mapped, and the engine is told to fetch it.  When the
 * engine does not report completion in time, the timeout branch jumps to
 * the label that frees the buffer -- past the unmap.  The buffer is freed
 * while still mapped (the engine may still be fetching it) and the IOMMU
 * mapping or swiotlb slots are never given back.
 *
 * drvcheck-case: positive dma-leak
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/firmware.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/io.h>

#define OFE_FW_NAME		"drvcheck/ofe.bin"
#define OFE_REG_FW_ADDR		0x00
#define OFE_REG_FW_LEN		0x08
#define OFE_REG_FW_GO		0x0c
#define OFE_REG_FW_STATUS	0x10
#define  OFE_FW_DONE		BIT(0)

struct ofe {
	struct pci_dev *pdev;
	void __iomem *bar;
};

static int ofe_load_fw(struct ofe *ofe, const struct firmware *fw)
{
	struct device *dev = &ofe->pdev->dev;
	dma_addr_t dma;
	void *buf;
	u32 st;
	int ret;

	buf = kmemdup(fw->data, fw->size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, fw->size, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		ret = -ENOMEM;
		goto out_free;
	}
	writeq(dma, ofe->bar + OFE_REG_FW_ADDR);
	writel(fw->size, ofe->bar + OFE_REG_FW_LEN);
	writel(1, ofe->bar + OFE_REG_FW_GO);
	ret = readl_poll_timeout(ofe->bar + OFE_REG_FW_STATUS, st,
				 st & OFE_FW_DONE, 100, 500000);
	if (ret) {
		dev_err(dev, "firmware fetch timed out\n");
		goto out_free;
	}
	dma_unmap_single(dev, dma, fw->size, DMA_TO_DEVICE);
out_free:
	kfree(buf);
	return ret; /* expect: dma-leak */
}

static int ofe_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	const struct firmware *fw;
	struct ofe *ofe;
	int ret;

	ofe = devm_kzalloc(&pdev->dev, sizeof(*ofe), GFP_KERNEL);
	if (!ofe)
		return -ENOMEM;
	ofe->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "ofe");
	if (ret)
		return ret;
	ofe->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);
	ret = request_firmware(&fw, OFE_FW_NAME, &pdev->dev);
	if (ret)
		return ret;
	ret = ofe_load_fw(ofe, fw);
	release_firmware(fw);
	if (ret)
		return ret;
	pci_set_drvdata(pdev, ofe);
	return 0;
}

static const struct pci_device_id ofe_ids[] = {
	{ PCI_DEVICE(0x1e60, 0x3b01) },
	{ }
};
MODULE_DEVICE_TABLE(pci, ofe_ids);

static struct pci_driver ofe_driver = {
	.name		= "ofe",
	.id_table	= ofe_ids,
	.probe		= ofe_probe,
};
module_pci_driver(ofe_driver);

MODULE_DESCRIPTION("drvcheck testsuite: firmware mapping leaked on the timeout path");
MODULE_FIRMWARE(OFE_FW_NAME);
MODULE_LICENSE("GPL");
