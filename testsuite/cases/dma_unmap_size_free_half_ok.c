// SPDX-License-Identifier: GPL-2.0
/*
 * The ping-pong capture engine done right: the channel keeps the size of
 * one half (len / 2, len >> 1 for the status ring) and the teardown frees
 * twice that, the whole block (flexcop-dma.c's dma->size * 2).  A
 * division is taken as exact: (len / 2) * 2 is len.
 *
 * drvcheck-case: negative dma-unmap-size dma-unmap-kind dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/io.h>

#define PP_REG_BUF0	0x00
#define PP_REG_BUF1	0x08
#define PP_REG_HALF	0x10
#define PP_REG_STATUS	0x18
#define PP_BUF_LEN	(64 * 1024)
#define PP_STATUS_LEN	4096

struct pp_chan {
	void *cpu0, *cpu1;
	dma_addr_t dma0, dma1;
	u32 half;
};

/* the status ring: two halves the device writes in turn */
struct pp_status {
	void *cpu;
	dma_addr_t dma;
	u32 half;
};

struct pp_dev {
	struct pci_dev *pdev;
	void __iomem *bar;
	struct pp_chan data;
	struct pp_status status;
};

static int pp_chan_alloc(struct pp_dev *pp, struct pp_chan *ch, u32 len)
{
	u8 *cpu;
	dma_addr_t dma;

	cpu = dma_alloc_coherent(&pp->pdev->dev, len, &dma, GFP_KERNEL);
	if (!cpu)
		return -ENOMEM;
	ch->cpu0 = cpu;
	ch->dma0 = dma;
	ch->cpu1 = cpu + len / 2;
	ch->dma1 = dma + len / 2;
	ch->half = len / 2;
	return 0;
}

static void pp_chan_free(struct pp_dev *pp, struct pp_chan *ch)
{
	dma_free_coherent(&pp->pdev->dev, ch->half * 2, ch->cpu0, ch->dma0);
}

static int pp_status_alloc(struct pp_dev *pp, u32 len)
{
	struct pp_status *st = &pp->status;

	st->cpu = dma_alloc_coherent(&pp->pdev->dev, len, &st->dma, GFP_KERNEL);
	if (!st->cpu)
		return -ENOMEM;
	st->half = len >> 1;
	return 0;
}

static void pp_status_free(struct pp_dev *pp)
{
	struct pp_status *st = &pp->status;

	dma_free_coherent(&pp->pdev->dev, st->half << 1, st->cpu, st->dma);
}

static int pp_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct pp_dev *pp;
	int ret;

	pp = devm_kzalloc(&pdev->dev, sizeof(*pp), GFP_KERNEL);
	if (!pp)
		return -ENOMEM;
	pp->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "pp");
	if (ret)
		return ret;
	pp->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;
	ret = pp_chan_alloc(pp, &pp->data, PP_BUF_LEN);
	if (ret)
		return ret;
	ret = pp_status_alloc(pp, PP_STATUS_LEN);
	if (ret) {
		pp_chan_free(pp, &pp->data);
		return ret;
	}
	writel(lower_32_bits(pp->data.dma0), pp->bar + PP_REG_BUF0);
	writel(lower_32_bits(pp->data.dma1), pp->bar + PP_REG_BUF1);
	writel(pp->data.half, pp->bar + PP_REG_HALF);
	writel(lower_32_bits(pp->status.dma), pp->bar + PP_REG_STATUS);
	pci_set_drvdata(pdev, pp);
	return 0;
}

static void pp_remove(struct pci_dev *pdev)
{
	struct pp_dev *pp = pci_get_drvdata(pdev);

	writel(0, pp->bar + PP_REG_HALF);
	pp_status_free(pp);
	pp_chan_free(pp, &pp->data);
}

static const struct pci_device_id pp_ids[] = {
	{ PCI_DEVICE(0x13d0, 0x2103) },
	{ }
};
MODULE_DEVICE_TABLE(pci, pp_ids);

static struct pci_driver pp_driver = {
	.name		= "pp",
	.id_table	= pp_ids,
	.probe		= pp_probe,
	.remove		= pp_remove,
};
module_pci_driver(pp_driver);

MODULE_DESCRIPTION("drvcheck testsuite: a ping-pong block freed with twice the half it keeps (correct)");
MODULE_LICENSE("GPL");
