/* SPDX-License-Identifier: GPL-2.0 */
/*
 * A re-implementation of the design of the kernel's dma-debug table
 * (kernel/dma/debug.c, 6.1), written for dma_table_bench: what drvcheck's
 * table is measured against.
 */
#ifndef DRVCHECK_BENCH_DMA_DEBUG_TABLE_H
#define DRVCHECK_BENCH_DMA_DEBUG_TABLE_H

#include "core/env.h"

/* A pool of entries (dma-debug preallocates, then grows a page at a time). */
void dd_init(size_t entries);
void dd_destroy(void);

/* debug_dma_map_page() and debug_dma_unmap_page() of a single mapping. */
void dd_map(const void *dev, u64 addr, u64 size, int dir);
void dd_unmap(const void *dev, u64 addr, u64 size, int dir);

/* Mismatches and unknown addresses seen since dd_init(). */
long dd_errors(void);

#endif /* DRVCHECK_BENCH_DMA_DEBUG_TABLE_H */
