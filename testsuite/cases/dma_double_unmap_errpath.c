// SPDX-License-Identifier: GPL-2.0
/*
 * Register-table upload of a PCI video encoder: the table is mapped, the
 * upload is started, and when the encoder reports an error the error
 * branch unmaps the table and then jumps to the common exit label -- which
 * unmaps it again.  Two releases of the same handle on the error path;
 * the second (at the label) is reported.
 *
 * drvcheck-case: positive dma-double-unmap
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-map-stack
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/io.h>

#define VENC_NR_REGS		512
#define VENC_REG_TBL_ADDR	0x00
#define VENC_REG_TBL_COUNT	0x08
#define VENC_REG_TBL_GO		0x0c
#define VENC_REG_STATUS		0x10
#define  VENC_STATUS_DONE	BIT(0)
#define  VENC_STATUS_ERR	BIT(1)
#define VENC_REG_ERRCODE	0x14

struct venc_reg {
	__le32 offset;
	__le32 value;
};

struct venc {
	struct pci_dev *pdev;
	void __iomem *bar;
};

static int venc_upload_regs(struct venc *venc, const struct venc_reg *tbl,
			    unsigned int n)
{
	struct device *dev = &venc->pdev->dev;
	size_t len = n * sizeof(*tbl);
	dma_addr_t dma;
	u32 st;
	int ret;

	dma = dma_map_single(dev, (void *)tbl, len, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma))
		return -ENOMEM;

	writeq(dma, venc->bar + VENC_REG_TBL_ADDR);
	writel(n, venc->bar + VENC_REG_TBL_COUNT);
	writel(1, venc->bar + VENC_REG_TBL_GO);
	ret = readl_poll_timeout(venc->bar + VENC_REG_STATUS, st,
				 st & (VENC_STATUS_DONE | VENC_STATUS_ERR),
				 10, 100000);
	if (ret)
		goto out;
	if (st & VENC_STATUS_ERR) {
		dev_err(dev, "register table rejected: %#x\n",
			readl(venc->bar + VENC_REG_ERRCODE));
		dma_unmap_single(dev, dma, len, DMA_TO_DEVICE);
		ret = -EIO;
		goto out;
	}
out:
	dma_unmap_single(dev, dma, len, DMA_TO_DEVICE); /* expect: dma-double-unmap */
	return ret;
}

static int venc_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct venc_reg *tbl;
	struct venc *venc;
	unsigned int i;
	int ret;

	venc = devm_kzalloc(&pdev->dev, sizeof(*venc), GFP_KERNEL);
	if (!venc)
		return -ENOMEM;
	venc->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "venc");
	if (ret)
		return ret;
	venc->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	pci_set_master(pdev);

	tbl = kcalloc(VENC_NR_REGS, sizeof(*tbl), GFP_KERNEL);
	if (!tbl)
		return -ENOMEM;
	for (i = 0; i < VENC_NR_REGS; i++) {
		tbl[i].offset = cpu_to_le32(0x1000 + i * 4);
		tbl[i].value = 0;
	}
	ret = venc_upload_regs(venc, tbl, VENC_NR_REGS);
	kfree(tbl);
	if (ret)
		return ret;
	pci_set_drvdata(pdev, venc);
	return 0;
}

static const struct pci_device_id venc_ids[] = {
	{ PCI_DEVICE(0x1e60, 0x2a01) },
	{ }
};
MODULE_DEVICE_TABLE(pci, venc_ids);

static struct pci_driver venc_driver = {
	.name		= "venc",
	.id_table	= venc_ids,
	.probe		= venc_probe,
};
module_pci_driver(venc_driver);

MODULE_DESCRIPTION("drvcheck testsuite: error path unmaps, then the exit label unmaps again");
MODULE_LICENSE("GPL");
