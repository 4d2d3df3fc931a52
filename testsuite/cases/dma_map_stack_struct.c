// SPDX-License-Identifier: GPL-2.0
/*
 * Set-time command of a PCI RTC/timer card: the command is built in a
 * struct on the stack and &cmd is mapped with dma_map_single() for the
 * card to fetch.  A stack object mapped for DMA.
 *
 * drvcheck-case: positive dma-map-stack
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/rtc.h>
#include <linux/iopoll.h>
#include <linux/io.h>

#define PTM_REG_CMD_ADDR	0x00
#define PTM_REG_DOORBELL	0x08
#define PTM_REG_STATUS		0x0c
#define PTM_REG_TIME_LO		0x10
#define PTM_REG_TIME_HI		0x14

struct ptm_set_time_cmd {
	__le32 opcode;
#define PTM_OP_SET_TIME		0x21
	__le32 flags;
	__le64 seconds;
	__le32 nsec;
	__le32 pad;
};

struct ptm {
	struct pci_dev *pdev;
	void __iomem *bar;
	struct rtc_device *rtc;
};

static int ptm_read_time(struct device *dev, struct rtc_time *tm)
{
	struct ptm *ptm = dev_get_drvdata(dev);
	u64 secs = readl(ptm->bar + PTM_REG_TIME_LO) |
		   ((u64)readl(ptm->bar + PTM_REG_TIME_HI) << 32);

	rtc_time64_to_tm(secs, tm);
	return 0;
}

static int ptm_set_time(struct device *dev, struct rtc_time *tm)
{
	struct ptm *ptm = dev_get_drvdata(dev);
	struct ptm_set_time_cmd cmd = {
		.opcode = cpu_to_le32(PTM_OP_SET_TIME),
		.seconds = cpu_to_le64(rtc_tm_to_time64(tm)),
	};
	dma_addr_t dma;
	u32 st;
	int ret;

	dma = dma_map_single(&ptm->pdev->dev, &cmd, sizeof(cmd), DMA_TO_DEVICE); /* expect: dma-map-stack */
	if (dma_mapping_error(&ptm->pdev->dev, dma))
		return -ENOMEM;
	writeq(dma, ptm->bar + PTM_REG_CMD_ADDR);
	writel(1, ptm->bar + PTM_REG_DOORBELL);
	ret = readl_poll_timeout(ptm->bar + PTM_REG_STATUS, st, st, 10, 10000);
	dma_unmap_single(&ptm->pdev->dev, dma, sizeof(cmd), DMA_TO_DEVICE);
	return ret;
}

static const struct rtc_class_ops ptm_rtc_ops = {
	.read_time	= ptm_read_time,
	.set_time	= ptm_set_time,
};

static int ptm_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct ptm *ptm;
	int ret;

	ptm = devm_kzalloc(&pdev->dev, sizeof(*ptm), GFP_KERNEL);
	if (!ptm)
		return -ENOMEM;
	ptm->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "ptm");
	if (ret)
		return ret;
	ptm->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);
	pci_set_drvdata(pdev, ptm);

	ptm->rtc = devm_rtc_device_register(&pdev->dev, "ptm", &ptm_rtc_ops,
					    THIS_MODULE);
	return PTR_ERR_OR_ZERO(ptm->rtc);
}

static const struct pci_device_id ptm_ids[] = {
	{ PCI_DEVICE(0x1a0e, 0x0701) },
	{ }
};
MODULE_DEVICE_TABLE(pci, ptm_ids);

static struct pci_driver ptm_driver = {
	.name		= "ptm",
	.id_table	= ptm_ids,
	.probe		= ptm_probe,
};
module_pci_driver(ptm_driver);

MODULE_DESCRIPTION("drvcheck testsuite: &local_struct mapped for DMA");
MODULE_LICENSE("GPL");
