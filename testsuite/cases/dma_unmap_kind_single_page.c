// SPDX-License-Identifier: GPL-2.0
/*
 * Key upload of a PCI crypto card: the key blob is kmemdup()ed, mapped with
 * dma_map_single(), handed to the card, and released with dma_unmap_page()
 * in the same function.  A single mapping released as a page mapping.
 *
 * drvcheck-case: positive dma-unmap-kind
 * drvcheck-case: negative dma-unmap-size dma-direction dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/random.h>
#include <linux/io.h>

#define CRY_REG_KEY_ADDR	0x10
#define CRY_REG_KEY_LEN		0x18
#define CRY_REG_CMD		0x1c
#define  CRY_CMD_LOAD_KEY	0x3
#define CRY_REG_STATUS		0x20
#define  CRY_STATUS_BUSY	BIT(0)

#define CRY_DEFAULT_KEY_LEN	32

struct cry_priv {
	struct pci_dev *pdev;
	void __iomem *bar;
};

static int cry_load_key(struct cry_priv *cry, const u8 *key, unsigned int keylen)
{
	struct device *dev = &cry->pdev->dev;
	dma_addr_t key_dma;
	u8 *blob;
	u32 st;
	int ret;

	blob = kmemdup(key, keylen, GFP_KERNEL);
	if (!blob)
		return -ENOMEM;

	key_dma = dma_map_single(dev, blob, keylen, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, key_dma)) {
		ret = -ENOMEM;
		goto out_free;
	}

	writeq(key_dma, cry->bar + CRY_REG_KEY_ADDR);
	writel(keylen, cry->bar + CRY_REG_KEY_LEN);
	writel(CRY_CMD_LOAD_KEY, cry->bar + CRY_REG_CMD);
	ret = readl_poll_timeout(cry->bar + CRY_REG_STATUS, st,
				 !(st & CRY_STATUS_BUSY), 5, 10000);

	dma_unmap_page(dev, key_dma, keylen, DMA_TO_DEVICE); /* expect: dma-unmap-kind */
out_free:
	kfree_sensitive(blob);
	return ret;
}

static int cry_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct cry_priv *cry;
	u8 *key;
	int ret;

	cry = devm_kzalloc(&pdev->dev, sizeof(*cry), GFP_KERNEL);
	if (!cry)
		return -ENOMEM;
	cry->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(2), "crycard");
	if (ret)
		return ret;
	cry->bar = pcim_iomap_table(pdev)[2];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);

	/* a random default key until user space installs one */
	key = kmalloc(CRY_DEFAULT_KEY_LEN, GFP_KERNEL);
	if (!key)
		return -ENOMEM;
	get_random_bytes(key, CRY_DEFAULT_KEY_LEN);
	ret = cry_load_key(cry, key, CRY_DEFAULT_KEY_LEN);
	kfree_sensitive(key);
	if (ret)
		return ret;

	pci_set_drvdata(pdev, cry);
	return 0;
}

static const struct pci_device_id cry_ids[] = {
	{ PCI_DEVICE(0x1c1c, 0x0c0d) },
	{ }
};
MODULE_DEVICE_TABLE(pci, cry_ids);

static struct pci_driver cry_driver = {
	.name		= "crycard",
	.id_table	= cry_ids,
	.probe		= cry_probe,
};
module_pci_driver(cry_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_map_single released with dma_unmap_page");
MODULE_LICENSE("GPL");
