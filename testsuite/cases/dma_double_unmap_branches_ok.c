// SPDX-License-Identifier: GPL-2.0
/*
 * Command submission of a PCI HBA: the command block is mapped, and then
 * exactly one of two branches releases it -- the failure branch unmaps and
 * returns, the success branch unmaps after copying the sense data out.
 * A second function releases with if/else on the transfer direction.
 * Two unmap calls per handle in the source, one per path.  Correct.
 *
 * drvcheck-case: negative dma-double-unmap dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-direction dma-mapping-error-unchecked dma-map-stack
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/io.h>

#define HBA_CMD_LEN		64
#define HBA_DATA_LEN		512
#define HBA_REG_CMD_ADDR	0x00
#define HBA_REG_DATA_ADDR	0x08
#define HBA_REG_DATA_DIR	0x10
#define HBA_REG_GO		0x14
#define HBA_REG_STATUS		0x18
#define  HBA_STATUS_DONE	BIT(0)
#define  HBA_STATUS_CHECK	BIT(1)

struct hba {
	struct pci_dev *pdev;
	void __iomem *bar;
	u8 sense[18];
};

static int hba_wait(struct hba *hba, u32 *st)
{
	return readl_poll_timeout(hba->bar + HBA_REG_STATUS, *st,
				  *st & HBA_STATUS_DONE, 10, 1000000);
}

static int hba_exec(struct hba *hba, u8 *cmd)
{
	struct device *dev = &hba->pdev->dev;
	dma_addr_t dma;
	u32 st;
	int ret;

	dma = dma_map_single(dev, cmd, HBA_CMD_LEN, DMA_BIDIRECTIONAL);
	if (dma_mapping_error(dev, dma))
		return -ENOMEM;
	writeq(dma, hba->bar + HBA_REG_CMD_ADDR);
	writel(1, hba->bar + HBA_REG_GO);
	ret = hba_wait(hba, &st);
	if (ret || (st & HBA_STATUS_CHECK)) {
		dma_unmap_single(dev, dma, HBA_CMD_LEN, DMA_BIDIRECTIONAL);
		return ret ?: -EIO;
	} else {
		dma_unmap_single(dev, dma, HBA_CMD_LEN, DMA_BIDIRECTIONAL);
		memcpy(hba->sense, cmd + 32, sizeof(hba->sense));
	}
	return 0;
}

static int hba_xfer(struct hba *hba, void *buf, bool write)
{
	struct device *dev = &hba->pdev->dev;
	dma_addr_t dma;
	u32 st;
	int ret;

	if (write)
		dma = dma_map_single(dev, buf, HBA_DATA_LEN, DMA_TO_DEVICE);
	else
		dma = dma_map_single(dev, buf, HBA_DATA_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma))
		return -ENOMEM;
	writeq(dma, hba->bar + HBA_REG_DATA_ADDR);
	writel(write, hba->bar + HBA_REG_DATA_DIR);
	writel(2, hba->bar + HBA_REG_GO);
	ret = hba_wait(hba, &st);
	if (write)
		dma_unmap_single(dev, dma, HBA_DATA_LEN, DMA_TO_DEVICE);
	else
		dma_unmap_single(dev, dma, HBA_DATA_LEN, DMA_FROM_DEVICE);
	return ret;
}

static int hba_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct hba *hba;
	u8 *cmd, *data;
	int ret;

	hba = devm_kzalloc(&pdev->dev, sizeof(*hba), GFP_KERNEL);
	if (!hba)
		return -ENOMEM;
	hba->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "hba");
	if (ret)
		return ret;
	hba->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);

	cmd = devm_kzalloc(&pdev->dev, HBA_CMD_LEN, GFP_KERNEL);
	data = devm_kzalloc(&pdev->dev, HBA_DATA_LEN, GFP_KERNEL);
	if (!cmd || !data)
		return -ENOMEM;
	cmd[0] = 0x12;		/* INQUIRY */
	ret = hba_exec(hba, cmd);
	if (!ret)
		ret = hba_xfer(hba, data, false);
	if (ret)
		return ret;
	pci_set_drvdata(pdev, hba);
	return 0;
}

static const struct pci_device_id hba_ids[] = {
	{ PCI_DEVICE(0x1000, 0x0097) },
	{ }
};
MODULE_DEVICE_TABLE(pci, hba_ids);

static struct pci_driver hba_driver = {
	.name		= "hba",
	.id_table	= hba_ids,
	.probe		= hba_probe,
};
module_pci_driver(hba_driver);

MODULE_DESCRIPTION("drvcheck testsuite: if/else branches each unmap once (correct)");
MODULE_LICENSE("GPL");
