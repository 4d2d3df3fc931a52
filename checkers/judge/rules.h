/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pairing rules as pure functions of the model's kinds and directions
 * (kernel/dma/debug.c's check_unmap() and check_sync() say the same):
 * which release undoes which mapping, which direction a release or sync
 * may name.  Header-only and free of libc, so that every engine and
 * drvcheck_rt.ko decide with the same lines.
 */
#ifndef DRVCHECK_JUDGE_RULES_H
#define DRVCHECK_JUDGE_RULES_H

#ifndef __KERNEL__
#include <stdbool.h>
#endif

#include "model/api_model.h"

/* Memory the device and the CPU share without syncs: no streaming call
 * may touch it. */
static inline bool judge_kind_coherent(enum dma_kind k)
{
	return k == KIND_COHERENT || k == KIND_POOL;
}

/* Allocated, not mapped: released by a free, never by an unmap
 * (dma_alloc_noncoherent() memory is synced like a streaming mapping). */
static inline bool judge_kind_allocated(enum dma_kind k)
{
	return judge_kind_coherent(k) || k == KIND_NONCOHERENT;
}

/*
 * Does a release of kind rel undo a mapping or allocation of kind map?
 * dma_map_sgtable() maps the table's list, so dma_unmap_sg() of its sgl
 * undoes it too.
 */
static inline bool judge_kind_undoes(enum dma_kind map, enum dma_kind rel)
{
	if ((map == KIND_SG || map == KIND_SGTABLE) &&
	    (rel == KIND_SG || rel == KIND_SGTABLE))
		return true;
	return map == rel;
}

/*
 * The direction a release (sync: a sync) may name for a mapping made with
 * map_dir: the same one; a sync of a DMA_BIDIRECTIONAL mapping may name
 * either.  -1 is unknown: nothing to say.
 */
static inline bool judge_dir_fits(int map_dir, int rel_dir, bool sync)
{
	if (map_dir < 0 || rel_dir < 0 || map_dir == DIR_NONE)
		return true;
	return map_dir == rel_dir || (sync && map_dir == DIR_BIDIRECTIONAL);
}

#endif
