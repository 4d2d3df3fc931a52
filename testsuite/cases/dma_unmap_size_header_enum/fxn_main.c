// SPDX-License-Identifier: GPL-2.0
/*
 * A PCI NIC whose MAC statistics area is sized, as funeth sizes it, from
 * enum counts in a header of the driver (fxn_port.h): the setup allocates
 * RX + TX + FEC counters, the teardown frees RX + TX only (the FEC
 * counters were added to the setup later), 16 bytes short.  The queue
 * counter block is allocated with FXN_Q_STATS_MAX counters (five, counted
 * by the enum) and freed with the 40 bytes the header documents: equal.
 *
 * drvcheck-case: positive dma-unmap-size
 * drvcheck-case: negative dma-unmap-kind dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>

#include "fxn_port.h"

#define FXN_REG_STATS_BASE	0x40
#define FXN_REG_QSTATS_BASE	0x48

struct fxn_priv {
	struct pci_dev *pdev;
	void __iomem *regs;
	__be64 *stats;
	dma_addr_t stats_dma;
	__be64 *qstats;
	dma_addr_t qstats_dma;
};

static int fxn_init_stats_area(struct fxn_priv *fp)
{
	unsigned int nstats;

	nstats = FXN_MAC_RX_STATS_MAX + FXN_MAC_TX_STATS_MAX +
		 FXN_MAC_FEC_STATS_MAX;
	fp->stats = dma_alloc_coherent(&fp->pdev->dev, nstats * sizeof(u64),
				       &fp->stats_dma, GFP_KERNEL);
	if (!fp->stats)
		return -ENOMEM;
	writeq(fp->stats_dma, fp->regs + FXN_REG_STATS_BASE);
	return 0;
}

static void fxn_free_stats_area(struct fxn_priv *fp)
{
	unsigned int nstats;

	if (fp->stats) {
		nstats = FXN_MAC_RX_STATS_MAX + FXN_MAC_TX_STATS_MAX;
		dma_free_coherent(&fp->pdev->dev, nstats * sizeof(u64), /* expect: dma-unmap-size */
				  fp->stats, fp->stats_dma);
		fp->stats = NULL;
	}
}

static int fxn_init_qstats(struct fxn_priv *fp)
{
	unsigned int n = FXN_Q_STATS_MAX;

	fp->qstats = dma_alloc_coherent(&fp->pdev->dev, n * sizeof(__be64),
					&fp->qstats_dma, GFP_KERNEL);
	if (!fp->qstats)
		return -ENOMEM;
	writeq(fp->qstats_dma, fp->regs + FXN_REG_QSTATS_BASE);
	return 0;
}

static void fxn_free_qstats(struct fxn_priv *fp)
{
	dma_free_coherent(&fp->pdev->dev, FXN_Q_STATS_BYTES, fp->qstats,
			  fp->qstats_dma);
}

static int fxn_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct fxn_priv *fp;
	int err;

	fp = devm_kzalloc(&pdev->dev, sizeof(*fp), GFP_KERNEL);
	if (!fp)
		return -ENOMEM;
	fp->pdev = pdev;
	err = pcim_enable_device(pdev);
	if (err)
		return err;
	err = pcim_iomap_regions(pdev, BIT(0), "fxn");
	if (err)
		return err;
	fp->regs = pcim_iomap_table(pdev)[0];
	err = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (err)
		return err;
	err = fxn_init_stats_area(fp);
	if (err)
		return err;
	err = fxn_init_qstats(fp);
	if (err) {
		fxn_free_stats_area(fp);
		return err;
	}
	pci_set_drvdata(pdev, fp);
	return 0;
}

static void fxn_remove(struct pci_dev *pdev)
{
	struct fxn_priv *fp = pci_get_drvdata(pdev);

	fxn_free_qstats(fp);
	fxn_free_stats_area(fp);
}

static const struct pci_device_id fxn_ids[] = {
	{ PCI_DEVICE(0x1dad, 0x0101) },
	{ }
};
MODULE_DEVICE_TABLE(pci, fxn_ids);

static struct pci_driver fxn_driver = {
	.name = "fxn",
	.id_table = fxn_ids,
	.probe = fxn_probe,
	.remove = fxn_remove,
};
module_pci_driver(fxn_driver);

MODULE_DESCRIPTION("drvcheck testsuite: coherent area sized by enum counts of a driver header");
MODULE_LICENSE("GPL");
