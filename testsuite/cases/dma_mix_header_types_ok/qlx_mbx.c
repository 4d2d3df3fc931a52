// SPDX-License-Identifier: GPL-2.0
/* Part of the dma_mix_header_types_ok case: the streaming map of an array. */
#include "qlx.h"

int qlx_diag_run(struct qlx_hw *hw, struct qlx_diag *dd)
{
	dma_addr_t dd_dma;
	size_t size = sizeof(dd->buf);

	dd_dma = dma_map_single(hw->dev, dd->buf, size, DMA_FROM_DEVICE);
	if (dma_mapping_error(hw->dev, dd_dma))
		return -ENOMEM;
	/* ... the mailbox command fills dd->buf ... */
	dma_unmap_single(hw->dev, dd_dma, size, DMA_FROM_DEVICE);
	return 0;
}
