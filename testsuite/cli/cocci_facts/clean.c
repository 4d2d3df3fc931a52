// SPDX-License-Identifier: GPL-2.0
#include <linux/dma-mapping.h>
#undef FOO_OLD_RING	/* so that spatch parses the #ifdef below, no build */
struct ring_buf {
	dma_addr_t dma;
};

void foo_clean(struct device *dev, struct ring_buf *rb)
{
	dma_unmap_single(dev, rb->dma, 1024, DMA_TO_DEVICE);
#ifdef FOO_OLD_RING
	dma_unmap_single(dev, rb->dma, 512, DMA_TO_DEVICE);
#endif
}
