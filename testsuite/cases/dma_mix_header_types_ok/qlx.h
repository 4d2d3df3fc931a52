/* SPDX-License-Identifier: GPL-2.0 */
/* Part of the dma_mix_header_types_ok case: the types, in a header. */
#ifndef QLX_H
#define QLX_H

#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/dmapool.h>

struct qlx_dmabuf {
	void *buf;
	dma_addr_t dma;
	u32 len;
};

struct qlx_remap {
	struct qlx_dmabuf req;
	struct qlx_dmabuf rsp;
};

/* a command block, known to its users only by its typedef */
typedef struct qlx_srb {
	struct qlx_remap remap;
	u32 handle;
} qlx_srb_t;

/* a diagnostic whose result buffer is an array in the command */
struct qlx_diag {
	u16 options;
	u8 unused[62];
	u8 buf[1024];
} __packed;

struct qlx_hw {
	struct device *dev;
	struct dma_pool *pool;
};

int qlx_els(struct qlx_hw *hw, qlx_srb_t *sp, u32 len);
int qlx_diag_run(struct qlx_hw *hw, struct qlx_diag *dd);

#endif
