// SPDX-License-Identifier: GPL-2.0
/* Message texts follow kernel/dma/debug.c so existing log parsers match. */
#ifndef __KERNEL__
#include <stdio.h>
#endif

#include "dma_check.h"

#define PREFIX "DMA-API: "

void rt_dma_ctx_init(struct rt_dma_ctx *c, struct rt_dma_table *t,
		     struct rt_report *r)
{
	c->table = t;
	c->rep = r;
	rt_atomic_set(&c->untracked, 0);
	c->releases_missed = NULL;
}

/*
 * Report an error of the call ref, about the mapping e (NULL: none).  The
 * error site is built here, not by the checks: the fast path, where
 * nothing is wrong, builds nothing.
 */
static void __attribute__((format(printf, 5, 6)))
dma_error(struct rt_dma_ctx *c, enum rt_check id,
	  const struct rt_dma_ref *ref, const struct rt_dma_entry *e,
	  const char *fmt, ...)
{
	struct rt_error_site s = {
		.drv = ref->drv,
		.dev = ref->dev,
		.device = ref->dev_name,
		.addr = ref->handle,
		.size = ref->size,
	};
	va_list ap;

	if (e) {
		s.map_stack = e->stack;
		s.nmap_stack = e->nstack;
	}
	va_start(ap, fmt);
	rt_vreport(c->rep, id, &s, PREFIX, fmt, ap);
	va_end(ap);
}

static bool is_coherent(unsigned int kind)
{
	return kind == RT_DMA_COHERENT || kind == RT_DMA_POOL;
}

static void check_area(struct rt_dma_ctx *c, const struct rt_dma_ref *ref,
		       enum rt_mem_area area)
{
	unsigned long long addr = ref->cpu_addr, len = ref->size;

	switch (area) {
	case RT_MEM_OK:
		break;
	case RT_MEM_STACK:
		dma_error(c, RT_DMA_MAP_STACK, ref, NULL,
			  "device driver maps memory from stack [addr=0x%llx]",
			  addr);
		break;
	case RT_MEM_VMALLOC:
		dma_error(c, RT_DMA_MAP_STACK, ref, NULL,
			  "device driver maps memory from vmalloc area "
			  "[addr=0x%llx] [len=%llu]", addr, len);
		break;
	case RT_MEM_TEXT:
		dma_error(c, RT_DMA_MAP_STACK, ref, NULL,
			  "device driver maps memory from kernel text or rodata "
			  "[addr=0x%llx] [len=%llu]", addr, len);
		break;
	}
}

int rt_dma_map(struct rt_dma_ctx *c, const struct rt_dma_ref *ref,
	       enum rt_mem_area area)
{
	struct rt_dma_entry *e, other;
	struct rt_dma_bucket b;
	bool overlap;

	check_area(c, ref, area);
	if (ref->dir == RT_DMA_NONE) {

		dma_error(c, RT_DMA_DIRECTION, ref, NULL,
			  "device driver maps DMA memory with DMA_NONE "
			  "[device address=0x%016llx] [size=%llu bytes]",
			  (unsigned long long)ref->handle,
			  (unsigned long long)ref->size);
	}

	rt_dma_lock_bucket(c->table, ref->handle, &b);
	e = rt_dma_entry_new(&b, ref->drv);
	if (!e) {
		rt_dma_unlock_bucket(&b);
		return -1;
	}
	e->dev = ref->dev;
	e->dev_name = ref->dev_name;
	e->handle = ref->handle;
	e->size = ref->size;
	e->cpu_addr = ref->cpu_addr;
	e->sg_nents = ref->sg_nents;
	e->sg_mapped = ref->sg_mapped;
	e->kind = ref->kind;
	e->dir = ref->dir;
	if (c->table->flags & RT_DMA_STACKS)
		e->nstack = (u8)rt_stack_save(e->stack, RT_STACK_DEPTH, 1);

	/*
	 * Coherent memory is the allocator's own and cannot overlap; a
	 * DMA_ATTR_SKIP_CPU_SYNC mapping shares its buffer on purpose.
	 */
	overlap = rt_dma_link(&b, e, !is_coherent(ref->kind) &&
			      !(ref->flags & RT_REF_SKIP_CPU_SYNC), &other);
	if (overlap) {
		/* Under the lock, as an unmap's errors: e is still ours. */

		dma_error(c, RT_DMA_OVERLAP, ref, NULL,
			  "cacheline tracking EEXIST, overlapping mappings "
			  "aren't supported [cpu address=0x%016llx] "
			  "[device address=0x%016llx] [first mapped at "
			  "device address=0x%016llx by %s]",
			  (unsigned long long)ref->cpu_addr,
			  (unsigned long long)ref->handle,
			  (unsigned long long)other.handle,
			  rt_driver(c->rep, other.drv)->name);
	}
	rt_dma_unlock_bucket(&b);
	return 0;
}

static void not_mapped(struct rt_dma_ctx *c, const struct rt_dma_ref *ref)
{
	if (ref->flags & RT_REF_MAP_ERROR) {
		dma_error(c, RT_DMA_MAPPING_ERROR_UNCHECKED, ref, NULL,
			  "device driver tries to free an invalid DMA memory "
			  "address");
		return;
	}
	/* After a drop the address may be one we never saw: say nothing. */
	if (rt_atomic_read(&c->table->dropped)) {
		rt_atomic_inc(&c->untracked);
		return;
	}
	dma_error(c, RT_DMA_DOUBLE_UNMAP, ref, NULL,
		  "device driver tries to free DMA memory it has not allocated "
		  "[device address=0x%016llx] [size=%llu bytes]",
		  (unsigned long long)ref->handle,
		  (unsigned long long)ref->size);
}

/* The unmap checks of one found entry, bucket locked. */
static void check_unmap(struct rt_dma_ctx *c, const struct rt_dma_ref *ref,
			const struct rt_dma_entry *e)
{
	unsigned long long addr = ref->handle, size = ref->size;

	if (ref->size != e->size)
		dma_error(c, RT_DMA_UNMAP_SIZE, ref, e,
			  "device driver frees DMA memory with different size "
			  "[device address=0x%016llx] [map size=%llu bytes] "
			  "[unmap size=%llu bytes]", addr,
			  (unsigned long long)e->size, size);

	if (ref->kind != e->kind) {
		enum rt_check id = is_coherent(ref->kind) != is_coherent(e->kind) ?
				   RT_DMA_COHERENT_STREAMING_MIX :
				   RT_DMA_UNMAP_KIND;

		dma_error(c, id, ref, e,
			  "device driver frees DMA memory with wrong function "
			  "[device address=0x%016llx] [size=%llu bytes] "
			  "[mapped as %s] [unmapped as %s]", addr, size,
			  rt_dma_kind_names[e->kind],
			  rt_dma_kind_names[ref->kind]);
	} else if (is_coherent(e->kind) && ref->cpu_addr != e->cpu_addr) {
		dma_error(c, RT_DMA_FREE_CPU_ADDR, ref, e,
			  "device driver frees DMA memory with different CPU "
			  "address [device address=0x%016llx] [size=%llu bytes] "
			  "[cpu alloc address=0x%016llx] "
			  "[cpu free address=0x%016llx]", addr, size,
			  (unsigned long long)e->cpu_addr,
			  (unsigned long long)ref->cpu_addr);
	}

	if (ref->sg_nents && ref->kind == RT_DMA_SG &&
	    ref->sg_nents != e->sg_nents)
		dma_error(c, RT_DMA_UNMAP_SG_NENTS, ref, e,
			  "device driver frees DMA sg list with different entry "
			  "count [map count=%d] [unmap count=%d]",
			  e->sg_nents, ref->sg_nents);

	if (ref->dir != e->dir)
		dma_error(c, RT_DMA_DIRECTION, ref, e,
			  "device driver frees DMA memory with different "
			  "direction [device address=0x%016llx] [size=%llu bytes] "
			  "[mapped with %s] [unmapped with %s]", addr, size,
			  rt_dma_dir_name(e->dir), rt_dma_dir_name(ref->dir));
}

void rt_dma_unmap(struct rt_dma_ctx *c, const struct rt_dma_ref *ref)
{
	struct rt_dma_key key = rt_dma_key_of(ref);
	struct rt_dma_entry **link;
	struct rt_dma_bucket b;

	rt_dma_lock_bucket(c->table, ref->handle, &b);
	link = rt_dma_find_exact(&b, &key);
	if (!link) {
		rt_dma_unlock_bucket(&b);
		not_mapped(c, ref);
		return;
	}
	check_unmap(c, ref, *link);
	rt_dma_entry_free(&b, link);
	rt_dma_unlock_bucket(&b);
}

/* The sync checks of one found entry, bucket locked. */
static void check_sync(struct rt_dma_ctx *c, const struct rt_dma_ref *ref,
		       const struct rt_dma_entry *e, bool for_cpu)
{
	unsigned long long addr = ref->handle, esize = e->size;
	u64 end = ref->handle - e->handle + ref->size;

	if (is_coherent(e->kind))
		dma_error(c, RT_DMA_COHERENT_STREAMING_MIX, ref, e,
			  "device driver syncs coherent DMA memory "
			  "[device address=0x%016llx] [size=%llu bytes] "
			  "[mapped as %s]", addr, esize,
			  rt_dma_kind_names[e->kind]);

	if (end > e->size)
		dma_error(c, RT_DMA_UNMAP_SIZE, ref, e,
			  "device driver syncs DMA memory outside allocated "
			  "range [device address=0x%016llx] "
			  "[allocation size=%llu bytes] [sync offset+size=%llu]",
			  (unsigned long long)e->handle, esize,
			  (unsigned long long)end);

	if (ref->sg_nents && ref->kind == RT_DMA_SG &&
	    ref->sg_nents != e->sg_nents)
		dma_error(c, RT_DMA_UNMAP_SG_NENTS, ref, e,
			  "device driver syncs DMA sg list with different entry "
			  "count [map count=%d] [sync count=%d]",
			  e->sg_nents, ref->sg_nents);

	if (e->dir == RT_DMA_BIDIRECTIONAL)
		return;

	if (ref->dir != e->dir)
		dma_error(c, RT_DMA_DIRECTION, ref, e,
			  "device driver syncs DMA memory with different "
			  "direction [device address=0x%016llx] [size=%llu bytes] "
			  "[mapped with %s] [synced with %s]", addr, esize,
			  rt_dma_dir_name(e->dir), rt_dma_dir_name(ref->dir));

	/* As dma-debug: a wrong sync direction already said it once. */
	if (for_cpu && e->dir != RT_DMA_FROM_DEVICE &&
	    ref->dir != RT_DMA_TO_DEVICE)
		dma_error(c, RT_DMA_DIRECTION, ref, e,
			  "device driver syncs device read-only DMA memory for "
			  "cpu [device address=0x%016llx] [size=%llu bytes] "
			  "[mapped with %s] [synced with %s]", addr, esize,
			  rt_dma_dir_name(e->dir), rt_dma_dir_name(ref->dir));

	if (!for_cpu && e->dir != RT_DMA_TO_DEVICE &&
	    ref->dir != RT_DMA_FROM_DEVICE)
		dma_error(c, RT_DMA_DIRECTION, ref, e,
			  "device driver syncs device write-only DMA memory to "
			  "device [device address=0x%016llx] [size=%llu bytes] "
			  "[mapped with %s] [synced with %s]", addr, esize,
			  rt_dma_dir_name(e->dir), rt_dma_dir_name(ref->dir));
}

void rt_dma_sync(struct rt_dma_ctx *c, const struct rt_dma_ref *ref,
		 bool for_cpu)
{
	struct rt_dma_key key = rt_dma_key_of(ref);
	struct rt_dma_bucket b;
	struct rt_dma_entry *e;

	e = rt_dma_find_containing(c->table, &key, &b);
	if (e)
		check_sync(c, ref, e, for_cpu);
	else if (rt_atomic_read(&c->table->dropped))
		/* After a drop the mapping may be one we never saw. */
		rt_atomic_inc(&c->untracked);
	else
		dma_error(c, RT_DMA_SYNC_UNMAPPED, ref, NULL,
			  "device driver tries to sync DMA memory it has not "
			  "allocated [device address=0x%016llx] [size=%llu bytes]",
			  (unsigned long long)ref->handle,
			  (unsigned long long)ref->size);
	rt_dma_unlock_bucket(&b);
}

struct pending {
	struct rt_dma_ctx *c;
	rt_dma_match_fn match;
	void *arg;
	bool release;
	bool reporting;
	unsigned long count;
	unsigned long total;	/* from the counting pass */
	char missed[96];	/* "": no release call was missed */
};

static bool pending_one(void *arg, const struct rt_dma_entry *e)
{
	struct pending *p = arg;
	struct rt_error_site s;

	if (!p->match(p->arg, e))
		return false;
	p->count++;
	if (!p->reporting)
		return false;
	s = (struct rt_error_site){
		.drv = e->drv, .dev = e->dev, .device = e->dev_name,
		.addr = e->handle, .size = e->size,
		.map_stack = e->stack, .nmap_stack = e->nstack,
	};
	rt_report(p->c->rep, RT_DMA_LEAK, &s, PREFIX,
		  "device driver has pending DMA allocations while released "
		  "from device [count=%lu] One of leaked entries details: "
		  "[device address=0x%016llx] [size=%llu bytes] "
		  "[mapped with %s] [mapped as %s]%s", p->total,
		  (unsigned long long)e->handle, (unsigned long long)e->size,
		  rt_dma_dir_name(e->dir), rt_dma_kind_names[e->kind],
		  p->missed);
	return p->release;
}

unsigned long rt_dma_pending_match(struct rt_dma_ctx *c, rt_dma_match_fn match,
				   void *arg, bool release)
{
	struct pending p = { .c = c, .match = match, .arg = arg };
	unsigned long missed = c->releases_missed ? c->releases_missed() : 0;

	if (missed)
		snprintf(p.missed, sizeof(p.missed), " [%lu release calls were "
			 "not seen: this may be one of them]", missed);
	/* Count first, so every report carries the total as dma-debug's. */
	rt_dma_walk(c->table, pending_one, &p);
	if (!p.count)
		return 0;
	p.total = p.count;
	p.count = 0;
	p.reporting = true;
	p.release = release;
	rt_dma_walk(c->table, pending_one, &p);
	return p.count;
}

struct dev_drv {
	const void *dev;
	int drv;
};

static bool match_dev_drv(void *arg, const struct rt_dma_entry *e)
{
	const struct dev_drv *m = arg;

	return (!m->dev || e->dev == m->dev) && (m->drv < 0 || e->drv == m->drv);
}

unsigned long rt_dma_pending(struct rt_dma_ctx *c, const void *dev, int drv,
			     bool release)
{
	struct dev_drv m = { .dev = dev, .drv = drv };

	return rt_dma_pending_match(c, match_dev_drv, &m, release);
}
