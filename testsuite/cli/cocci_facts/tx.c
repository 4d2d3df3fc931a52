// SPDX-License-Identifier: GPL-2.0
/* With clean.c, one module: a ring entry mapped here, unmapped there. */
#include <linux/dma-mapping.h>

struct ring_buf {
	dma_addr_t dma;
};

void foo_xmit(struct device *dev, struct ring_buf *rb, void *data)
{
	rb->dma = dma_map_single(dev, data, 2048, DMA_TO_DEVICE);
}
