// SPDX-License-Identifier: GPL-2.0
/*
 * An ATM adapter's receive path in the iphase.c style: the frame's length
 * comes from the adapter's DMA pointer, a fresh skb gets that many bytes
 * with skb_put() and is mapped with the same length, which the DMA list
 * entry records in ->bytes.  The completion unmaps with skb->len, which
 * skb_put() made the mapped length: correct.  The engines read skb->len
 * as a member the kernel keeps, never stored by the driver, and so as
 * another value than the entry's record: they do not know that skb_put()
 * set it.  A known false finding, in every engine here (iphase.c:1313,
 * found by the clang campaign over drivers/atm of 6.12, sparse too; cocci
 * does not pair that file's entry).  The fix is a model of the kernel
 * calls that set such a member (skb_put() adds to skb->len).
 *
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-direction
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/io.h>

#define SP_REG_DMA_PTR	0x00
#define SP_RING		16

struct sp_dle {
	dma_addr_t sys_pkt_addr;
	u32 bytes;
};

struct sp_dev {
	struct pci_dev *pdev;
	void __iomem *bar;
	struct sp_dle dle[SP_RING];
	struct sk_buff *skb[SP_RING];
	unsigned int head, tail;
	u32 buf_addr;
};

static int sp_rx_pkt(struct sp_dev *sp)
{
	struct sp_dle *wr = &sp->dle[sp->head % SP_RING];
	struct sk_buff *skb;
	u32 dma_addr = readl(sp->bar + SP_REG_DMA_PTR);
	unsigned int len = dma_addr - sp->buf_addr;

	skb = dev_alloc_skb(len);
	if (!skb)
		return -ENOMEM;
	skb_put(skb, len);
	wr->sys_pkt_addr = dma_map_single(&sp->pdev->dev, skb->data, len,
					  DMA_FROM_DEVICE);
	if (dma_mapping_error(&sp->pdev->dev, wr->sys_pkt_addr)) {
		dev_kfree_skb_any(skb);
		return -ENOMEM;
	}
	wr->bytes = len;
	sp->skb[sp->head++ % SP_RING] = skb;
	return 0;
}

static void sp_rx_dle_intr(struct sp_dev *sp)
{
	while (sp->tail != sp->head) {
		struct sp_dle *rd = &sp->dle[sp->tail % SP_RING];
		struct sk_buff *skb = sp->skb[sp->tail++ % SP_RING];
		unsigned int len = skb->len;

		dma_unmap_single(&sp->pdev->dev, rd->sys_pkt_addr, len, /* wrong(cocci,sparse,clang): dma-unmap-size */
				 DMA_FROM_DEVICE);
		dev_kfree_skb_any(skb);
	}
}

static irqreturn_t sp_irq(int irq, void *data)
{
	struct sp_dev *sp = data;

	sp_rx_dle_intr(sp);
	sp_rx_pkt(sp);
	return IRQ_HANDLED;
}

static int sp_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct sp_dev *sp;
	int ret;

	sp = devm_kzalloc(&pdev->dev, sizeof(*sp), GFP_KERNEL);
	if (!sp)
		return -ENOMEM;
	sp->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "sp");
	if (ret)
		return ret;
	sp->bar = pcim_iomap_table(pdev)[0];
	pci_set_drvdata(pdev, sp);
	return devm_request_irq(&pdev->dev, pdev->irq, sp_irq, IRQF_SHARED, "sp", sp);
}

static const struct pci_device_id sp_ids[] = {
	{ PCI_DEVICE(0x107e, 0x0008) },
	{ }
};
MODULE_DEVICE_TABLE(pci, sp_ids);

static struct pci_driver sp_driver = {
	.name		= "sp",
	.id_table	= sp_ids,
	.probe		= sp_probe,
};
module_pci_driver(sp_driver);

MODULE_DESCRIPTION("drvcheck testsuite: an RX unmap sized by the skb_put() length (correct)");
MODULE_LICENSE("GPL");
