// SPDX-License-Identifier: GPL-2.0
/*
 * qla2xxx-style: an ELS pass-through allocates its request buffer from a
 * DMA pool into a member of a member of a command block that the driver
 * names by a typedef (sp->remap.req.buf); qlx_mbx.c maps a diagnostic's
 * result, an array member of another struct with the same last name
 * (dd->buf), with dma_map_single().  Two buffers, both released with
 * their own call.  The types are in a header: an engine that reads no
 * headers does not know that sp->remap.req is no struct qlx_diag.
 *
 * drvcheck-case: negative dma-coherent-streaming-mix dma-unmap-kind
 * drvcheck-case: negative dma-unmap-size dma-direction
 */
#include <linux/module.h>
#include "qlx.h"

int qlx_els(struct qlx_hw *hw, qlx_srb_t *sp, u32 len)
{
	sp->remap.req.len = len;
	sp->remap.req.buf = dma_pool_alloc(hw->pool, GFP_KERNEL, &sp->remap.req.dma);
	if (!sp->remap.req.buf)
		return -ENOMEM;
	sp->remap.rsp.len = len;
	sp->remap.rsp.buf = dma_pool_alloc(hw->pool, GFP_KERNEL, &sp->remap.rsp.dma);
	if (!sp->remap.rsp.buf) {
		dma_pool_free(hw->pool, sp->remap.req.buf, sp->remap.req.dma);
		return -ENOMEM;
	}
	/* ... the command runs ... */
	dma_pool_free(hw->pool, sp->remap.rsp.buf, sp->remap.rsp.dma);
	dma_pool_free(hw->pool, sp->remap.req.buf, sp->remap.req.dma);
	return 0;
}

MODULE_LICENSE("GPL");
