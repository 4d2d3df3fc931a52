// SPDX-License-Identifier: GPL-2.0
/*
 * Pages given to a device's firmware (mlx5's alloc_system_page()): the
 * firmware cannot take bus address 0, so a page that maps there is mapped
 * again, and the first mapping, kept in zero_addr, is released at the end.
 * The copy is taken before the second dma_map_page(): on the path where
 * tracking fails, the unmap of addr releases the second mapping and the
 * unmap of zero_addr the first.  Two mappings, each released once.
 * Correct.
 *
 * drvcheck-case: negative dma-double-unmap dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-direction dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/io.h>

#define FW_REG_PAGE	0x40

struct fwpage {
	u64 addr;
	struct page *page;
};

struct fwdev {
	struct pci_dev *pdev;
	void __iomem *bar;
	struct fwpage pages[16];
	unsigned int n_pages;
};

static int fwdev_track(struct fwdev *fd, u64 addr, struct page *page)
{
	if (fd->n_pages == ARRAY_SIZE(fd->pages))
		return -ENOSPC;
	fd->pages[fd->n_pages].addr = addr;
	fd->pages[fd->n_pages].page = page;
	fd->n_pages++;
	writeq(addr, fd->bar + FW_REG_PAGE);
	return 0;
}

static int fwdev_give_page(struct fwdev *fd)
{
	struct device *dev = &fd->pdev->dev;
	struct page *page;
	u64 zero_addr = 1;
	u64 addr;
	int err;

	page = alloc_page(GFP_KERNEL);
	if (!page)
		return -ENOMEM;
map:
	addr = dma_map_page(dev, page, 0, PAGE_SIZE, DMA_BIDIRECTIONAL);
	if (dma_mapping_error(dev, addr)) {
		err = -ENOMEM;
		goto err_mapping;
	}

	/* the firmware takes no page at bus address 0 */
	if (addr == 0) {
		zero_addr = addr;
		goto map;
	}

	err = fwdev_track(fd, addr, page);
	if (err)
		dma_unmap_page(dev, addr, PAGE_SIZE, DMA_BIDIRECTIONAL);

err_mapping:
	if (err)
		__free_page(page);
	if (zero_addr == 0)
		dma_unmap_page(dev, zero_addr, PAGE_SIZE, DMA_BIDIRECTIONAL);
	return err;
}

static void fwdev_reclaim(struct fwdev *fd)
{
	while (fd->n_pages) {
		struct fwpage *fp = &fd->pages[--fd->n_pages];

		dma_unmap_page(&fd->pdev->dev, fp->addr, PAGE_SIZE,
			       DMA_BIDIRECTIONAL);
		__free_page(fp->page);
	}
}

static int fwdev_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct fwdev *fd;
	int ret;

	fd = devm_kzalloc(&pdev->dev, sizeof(*fd), GFP_KERNEL);
	if (!fd)
		return -ENOMEM;
	fd->pdev = pdev;
	ret = pcim_enable_device(pdev);
	if (ret)
		return ret;
	ret = pcim_iomap_regions(pdev, BIT(0), "fwdev");
	if (ret)
		return ret;
	fd->bar = pcim_iomap_table(pdev)[0];
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	pci_set_master(pdev);
	ret = fwdev_give_page(fd);
	if (ret)
		return ret;
	pci_set_drvdata(pdev, fd);
	return 0;
}

static void fwdev_remove(struct pci_dev *pdev)
{
	fwdev_reclaim(pci_get_drvdata(pdev));
}

static const struct pci_device_id fwdev_ids[] = {
	{ PCI_DEVICE(0x15b3, 0x1017) },
	{ }
};
MODULE_DEVICE_TABLE(pci, fwdev_ids);

static struct pci_driver fwdev_driver = {
	.name		= "fwdev",
	.id_table	= fwdev_ids,
	.probe		= fwdev_probe,
	.remove		= fwdev_remove,
};
module_pci_driver(fwdev_driver);

MODULE_DESCRIPTION("drvcheck testsuite: a copy of an earlier mapping kept across a remap (correct)");
MODULE_LICENSE("GPL");
