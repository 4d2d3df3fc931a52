/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The dma-debug checks on top of the live-mapping table.  A hook fills a
 * struct rt_dma_ref with what the driver passed and calls one of these; each
 * error goes to the report with its drvcheck check id and dma-debug's text.
 */
#ifndef DRVCHECK_RT_DMA_CHECK_H
#define DRVCHECK_RT_DMA_CHECK_H

#include "dma_table.h"
#include "report.h"

struct rt_dma_ctx {
	struct rt_dma_table *table;
	struct rt_report *rep;
	/* Releases of untracked addresses, not reported once maps dropped. */
	rt_atomic_t untracked;
	/*
	 * How many release calls the runtime did not see (NULL: it sees them
	 * all): a leak report says so, as the leak may be one of them.
	 */
	unsigned long (*releases_missed)(void);
};

enum {
	RT_REF_SKIP_CPU_SYNC = 1 << 0,	/* DMA_ATTR_SKIP_CPU_SYNC: overlap ok */
	RT_REF_MAP_ERROR = 1 << 1,	/* handle is dma_mapping_error()'s */
};

/* One map, unmap or sync call as the driver made it. */
struct rt_dma_ref {
	const void *dev;
	const char *dev_name;
	u16 drv;
	u8 kind;		/* enum rt_dma_kind of the calling function */
	u8 dir;			/* enum rt_dma_dir */
	u64 handle;
	u64 size;
	u64 cpu_addr;		/* coherent: the CPU address; else 0 or phys */
	int sg_nents;		/* sg: nents the driver passed */
	int sg_mapped;		/* sg map: what dma_map_sg returned */
	unsigned int flags;
};

/* What a lookup of the mapping a release or sync names looks for. */
static inline struct rt_dma_key rt_dma_key_of(const struct rt_dma_ref *ref)
{
	struct rt_dma_key k = {
		.dev = ref->dev,
		.handle = ref->handle,
		.size = ref->size,
		.sg_nents = ref->sg_nents,
		.kind = ref->kind,
		.dir = ref->dir,
	};

	return k;
}

/* Where the buffer of a map call lives; the hook knows, the core does not. */
enum rt_mem_area {
	RT_MEM_OK,
	RT_MEM_STACK,
	RT_MEM_VMALLOC,
	RT_MEM_TEXT,		/* kernel text or rodata */
};

void rt_dma_ctx_init(struct rt_dma_ctx *c, struct rt_dma_table *t,
		     struct rt_report *r);

/* Record a mapping; -1 when the pool is empty (counted, not recorded). */
int rt_dma_map(struct rt_dma_ctx *c, const struct rt_dma_ref *ref,
	       enum rt_mem_area area);

/* Check and forget a mapping: unmap_*, free_coherent, pool free. */
void rt_dma_unmap(struct rt_dma_ctx *c, const struct rt_dma_ref *ref);

/* Check a sync; ref->size is what the driver synced from ref->handle. */
void rt_dma_sync(struct rt_dma_ctx *c, const struct rt_dma_ref *ref,
		 bool for_cpu);

/*
 * Report every live mapping of dev (NULL: any) owned by driver drv (< 0:
 * any) as dma-leak, and with release return them to the pool (driver
 * unbound, module unloaded).  Returns how many there were.
 */
unsigned long rt_dma_pending(struct rt_dma_ctx *c, const void *dev, int drv,
			     bool release);

/*
 * The same for the entries match() picks (the module that made the
 * mapping is gone: its call sites are in the saved stack).  match runs
 * with a bucket lock held and must not call back into the runtime.
 */
typedef bool (*rt_dma_match_fn)(void *arg, const struct rt_dma_entry *e);
unsigned long rt_dma_pending_match(struct rt_dma_ctx *c, rt_dma_match_fn match,
				   void *arg, bool release);

#endif /* DRVCHECK_RT_DMA_CHECK_H */
