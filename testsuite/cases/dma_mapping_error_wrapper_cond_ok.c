// SPDX-License-Identifier: GPL-2.0
/*
 * nvmet-fc style map wrappers: fc_dma_map_single() returns
 * "dev ? dma_map_single(...) : 0" to its caller, and the caller tests the
 * handle through fc_dma_mapping_error() (dma_mapping_error() inside).  The
 * wrapper only hands the handle on; the caller owns the test.  Correct.
 *
 * drvcheck-case: negative dma-mapping-error-unchecked dma-unmap-size dma-direction
 * drvcheck-case: negative dma-double-unmap dma-unmap-kind
 */
#include <linux/module.h>
#include <linux/dma-mapping.h>

struct wc_iod {
	struct device *dev;
	void *rsp;
	dma_addr_t rsp_dma;
};

int wc_setup(struct wc_iod *iod);

static inline dma_addr_t
wc_dma_map_single(struct device *dev, void *ptr, size_t size,
		  enum dma_data_direction dir)
{
	/* sparse: the store in the caller counts as a use before the test */
	return dev ? dma_map_single(dev, ptr, size, dir) : (dma_addr_t)0L;
}

static inline int wc_dma_mapping_error(struct device *dev, dma_addr_t dma)
{
	return dev ? dma_mapping_error(dev, dma) : 0;
}

int wc_setup(struct wc_iod *iod)
{
	iod->rsp_dma = wc_dma_map_single(iod->dev, iod->rsp, 64, DMA_TO_DEVICE);
	if (wc_dma_mapping_error(iod->dev, iod->rsp_dma))
		return -EFAULT;
	return 0;
}
EXPORT_SYMBOL_GPL(wc_setup);

MODULE_DESCRIPTION("drvcheck testsuite: map wrapper returning a conditional handle (correct)");
MODULE_LICENSE("GPL");
