// SPDX-License-Identifier: GPL-2.0
/*
 * Firmware download of a PCI Wi-Fi-style card: the image is copied into a
 * kvzalloc()'ed buffer (kvmalloc falls back to vmalloc for the large
 * images, exactly when the copy is biggest) and mapped with
 * dma_map_single(); the boot handshake block is a local array mapped page
 * by page with dma_map_page(virt_to_page(), offset_in_page()).  Neither
 * is DMA-able memory.
 *
 * drvcheck-case: positive dma-map-stack
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/firmware.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/mm.h>
#include <linux/io.h>

#define WFW_HS_LEN		64
#define WFW_REG_FW_ADDR		0x00
#define WFW_REG_FW_LEN		0x08
#define WFW_REG_HS_ADDR		0x10
#define WFW_REG_CTRL		0x18
#define  WFW_CTRL_LOAD		BIT(0)
#define  WFW_CTRL_HANDSHAKE	BIT(1)
#define WFW_REG_STATUS		0x1c

struct wfw {
	struct pci_dev *pdev;
	void __iomem *bar;
};

static int wfw_handshake(struct wfw *w)
{
	u8 hs[WFW_HS_LEN];
	dma_addr_t dma;
	u32 st;
	int ret;

	memset(hs, 0, sizeof(hs));
	hs[0] = 0x5a;
	dma = dma_map_page(&w->pdev->dev, virt_to_page(hs), offset_in_page(hs), /* expect: dma-map-stack */
			   sizeof(hs), DMA_BIDIRECTIONAL);
	if (dma_mapping_error(&w->pdev->dev, dma))
		return -ENOMEM;
	writeq(dma, w->bar + WFW_REG_HS_ADDR);
	writel(WFW_CTRL_HANDSHAKE, w->bar + WFW_REG_CTRL);
	ret = readl_poll_timeout(w->bar + WFW_REG_STATUS, st, st, 100, 100000);
	dma_unmap_page(&w->pdev->dev, dma, sizeof(hs), DMA_BIDIRECTIONAL);
	return ret ? ret : (hs[1] == 0xa5 ? 0 : -EIO);
}

static int wfw_load(struct wfw *w, const struct firmware *fw)
{
	dma_addr_t dma;
	void *img;
	u32 st;
	int ret;

	img = kvzalloc(fw->size, GFP_KERNEL);
	if (!img)
		return -ENOMEM;
	memcpy(img, fw->data, fw->size);
	dma = dma_map_single(&w->pdev->dev, img, fw->size, DMA_TO_DEVICE); /* expect(!cocci): dma-map-stack */
	if (dma_mapping_error(&w->pdev->dev, dma)) {
		kvfree(img);
		return -ENOMEM;
	}
	writeq(dma, w->bar + WFW_REG_FW_ADDR);
	writel(fw->size, w->bar + WFW_REG_FW_LEN);
	writel(WFW_CTRL_LOAD, w->bar + WFW_REG_CTRL);
	ret = readl_poll_timeout(w->bar + WFW_REG_STATUS, st, st, 1000, 1000000);
	dma_unmap_single(&w->pdev->dev, dma, fw->size, DMA_TO_DEVICE);
	kvfree(img);
	return ret;
}

static int wfw_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	const struct firmware *fw;
	struct wfw *w;
	int ret;

	w = devm_kzalloc(&pdev->dev, sizeof(*w), GFP_KERNEL);
	if (!w)
		return -ENOMEM;
	w->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "wfw");
	if (ret)
		return ret;
	w->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	pci_set_master(pdev);
	ret = request_firmware(&fw, "drvcheck/wfw.bin", &pdev->dev);
	if (ret)
		return ret;
	ret = wfw_load(w, fw);
	release_firmware(fw);
	if (ret)
		return ret;
	ret = wfw_handshake(w);
	if (ret)
		return ret;
	pci_set_drvdata(pdev, w);
	return 0;
}

static const struct pci_device_id wfw_ids[] = {
	{ PCI_DEVICE(0x1ae9, 0x0310) },
	{ }
};
MODULE_DEVICE_TABLE(pci, wfw_ids);

static struct pci_driver wfw_driver = {
	.name		= "wfw",
	.id_table	= wfw_ids,
	.probe		= wfw_probe,
};
module_pci_driver(wfw_driver);

MODULE_DESCRIPTION("drvcheck testsuite: kvzalloc buffer and a stack array mapped via virt_to_page");
MODULE_LICENSE("GPL");
