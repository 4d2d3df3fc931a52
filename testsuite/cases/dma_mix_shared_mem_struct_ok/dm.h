/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Part of the dma_mix_shared_mem_struct_ok case (the declaration is in
 * dm_main.c): one memory descriptor type embedded as member mem of the
 * event queue and of the packet buffer, declared out of sight of a
 * no-includes Coccinelle run, as irdma's osdep.h does.
 */
#ifndef DM_H
#define DM_H

#include <linux/slab.h>
#include <linux/dma-mapping.h>

struct dm_dma_mem {
	void *va;
	dma_addr_t pa;
	u32 size;
};

struct dm_ceq {
	struct dm_dma_mem mem;
	u32 size;
};

struct dm_buf {
	struct dm_dma_mem mem;
	u32 len;
};

struct dm_dev {
	struct device *device;
	struct dm_ceq ceq;
};

#endif
