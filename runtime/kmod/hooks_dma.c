// SPDX-License-Identifier: GPL-2.0
/*
 * The DMA API entry points of 6.1 and 6.12 (kernel/dma/mapping.c).
 * dma-iommu, called directly on 6.12 rather than through dma_map_ops, is
 * below these exported functions on both: hooking them sees every path.
 *
 * Maps are kretprobes: the entry handler saves the arguments and the
 * driver's stack in the instance data, the return handler records the
 * mapping with the handle the kernel returned.  Unmaps, frees and syncs
 * are checked at entry (plain kprobes), before the address can be reused.
 *
 * As dma-debug on 6.1: dma_map_single() is dma_map_page_attrs() (one
 * "single" kind for both), dma_unmap_sgtable() is dma_unmap_sg_attrs(),
 * dma_mapping_error() is inline (invisible here).  Only devices on the
 * buses whose removal we are told about (platform, PCI) are tracked: an
 * entry keeps the device's name pointer, which must not outlive it.
 */
#include <linux/device.h>
#include <linux/dma-mapping.h>
#include <linux/dmapool.h>
#include <linux/mm.h>
#include <linux/pci.h>
#include <linux/platform_device.h>
#include <linux/sched/task_stack.h>
#include <linux/scatterlist.h>
#include <linux/spinlock.h>
#include <linux/vmalloc.h>

#include "rt.h"

bool rt_dev_tracked(const struct device *dev)
{
	return dev && (dev->bus == &platform_bus_type ||
		       (IS_ENABLED(CONFIG_PCI) && dev->bus == &pci_bus_type));
}

struct rt_dma_ref rt_dma_ref_of(struct device *dev, enum rt_dma_kind kind,
				 unsigned long dir)
{
	struct rt_dma_ref r = {
		.dev = dev,
		.dev_name = dev_name(dev),
		.drv = rt_dev_driver_id(dev),
		.kind = kind,
		.dir = dir < RT_DMA_DIR_NR ? dir : RT_DMA_NONE,
	};

	return r;
}

/* Where a page the driver maps lives, as far as a page can tell. */
static enum rt_mem_area area_of(struct page *page, size_t offset, size_t size)
{
	struct vm_struct *stack_vm = task_stack_vm_area(current);

	if (stack_vm) {
		/* A vmapped stack: dma-debug compares the stack's pages. */
		for (unsigned int i = 0; i < stack_vm->nr_pages; i++)
			if (stack_vm->pages[i] == page)
				return RT_MEM_STACK;
	} else if (!PageHighMem(page) &&
		   object_is_on_stack(page_address(page) + offset)) {
		return RT_MEM_STACK;
	}
	if (rt_phys_in_kernel_text(page_to_phys(page) + offset, size))
		return RT_MEM_TEXT;
	return RT_MEM_OK;
}

static void map_one(struct rt_dma_ref *ref, enum rt_mem_area area)
{
	/*
	 * dma-debug's active_cacheline_insert(): a buffer the device only
	 * reads may be mapped twice.
	 */
	if (ref->dir == RT_DMA_TO_DEVICE)
		ref->flags |= RT_REF_SKIP_CPU_SYNC;
	rt_dma_map(&drt.dma, ref, area);
}

/* --- instance data --- */

/* A map's arguments, by role (0: the call has no such argument). */
struct dma_call {
	struct rt_site site;
	struct device *dev;
	unsigned long buf, offset, size, dir, nents;
	unsigned long handle;	/* an allocation's dma_addr_t * */
	int kind;
};

static struct dma_call *dma_call_of(struct kretprobe_instance *ri)
{
	return (struct dma_call *)ri->data;
}

/*
 * Since 6.10 dma_sync_*() are inline and skip the out-of-line
 * __dma_sync_*() when dev->dma_skip_sync is set (a DMA-coherent device,
 * every device on x86): the syncs would never reach a hook.  The kernel
 * calls them always when built with CONFIG_DMA_API_DEBUG; we do the same
 * for the devices we track, at their maps, before any sync of a mapping.
 * On a coherent device the forced sync does nothing but return.
 */
static void need_sync(struct device *dev)
{
#ifdef CONFIG_DMA_NEED_SYNC
	if (unlikely(dev->dma_skip_sync))
		dev->dma_skip_sync = false;
#endif
}

/* Entry of a map: keep the arguments, or skip the return handler. */
static int map_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	const struct rt_hook *h = rt_hook_of_ri(ri);
	struct dma_call *c = dma_call_of(ri);
	struct device *dev = (void *)rt_arg(regs, h->args.dev);

	if (!rt_dev_tracked(dev))
		return 1;
	need_sync(dev);
	c->dev = dev;
	c->kind = h->kind;
	c->buf = rt_arg(regs, h->args.buf);
	c->offset = rt_arg(regs, h->args.offset);
	c->size = rt_arg(regs, h->args.size);
	c->dir = rt_arg(regs, h->args.dir);
	c->nents = rt_arg(regs, h->args.nents);
	c->handle = rt_arg(regs, h->args.handle);
	rt_site_capture_map(&c->site, regs);
	return 0;
}

/* --- dma_map_page_attrs: a page, at an offset --- */

static int map_page_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct dma_call *c = dma_call_of(ri);
	dma_addr_t handle = regs_return_value(regs);
	struct page *page = (void *)c->buf;
	size_t offset = c->offset, size = c->size;
	struct rt_dma_ref ref;

	if (handle == DMA_MAPPING_ERROR)
		return 0;
	rt_ctx_enter(&c->site);
	ref = rt_dma_ref_of(c->dev, c->kind, c->dir);
	ref.handle = handle;
	ref.size = size;
	ref.cpu_addr = page_to_phys(page) + offset;
	map_one(&ref, area_of(page, offset, size));
	rt_ctx_leave();
	rt_pool_check();
	return 0;
}

/* --- dma_map_resource: a physical address --- */

static int map_resource_ret(struct kretprobe_instance *ri,
			    struct pt_regs *regs)
{
	struct dma_call *c = dma_call_of(ri);
	dma_addr_t handle = regs_return_value(regs);
	struct rt_dma_ref ref;

	if (handle == DMA_MAPPING_ERROR)
		return 0;
	rt_ctx_enter(&c->site);
	ref = rt_dma_ref_of(c->dev, c->kind, c->dir);
	ref.handle = handle;
	ref.size = c->size;
	/* MMIO: not a CPU buffer, no overlap tracking (cpu_addr 0). */
	rt_dma_map(&drt.dma, &ref, RT_MEM_OK);
	rt_ctx_leave();
	rt_pool_check();
	return 0;
}

/* --- scatterlists --- */

static void map_sg(struct dma_call *c, struct scatterlist *sgl, int nents,
		   int mapped)
{
	struct scatterlist *s;
	int i;

	rt_ctx_enter(&c->site);
	for_each_sg(sgl, s, mapped, i) {
		struct rt_dma_ref ref = rt_dma_ref_of(c->dev, c->kind, c->dir);

		ref.handle = sg_dma_address(s);
		ref.size = sg_dma_len(s);
		ref.cpu_addr = sg_phys(s);
		ref.sg_nents = nents;
		ref.sg_mapped = mapped;
		map_one(&ref, area_of(sg_page(s), s->offset, s->length));
	}
	rt_ctx_leave();
	rt_pool_check();
}

/* dma_map_sg_attrs returns the mapped count. */
static int map_sg_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct dma_call *c = dma_call_of(ri);
	int mapped = (int)regs_return_value(regs);

	if (mapped > 0)
		map_sg(c, (void *)c->buf, (int)c->nents, mapped);
	return 0;
}

/* dma_map_sgtable returns 0, and sgt->nents were mapped. */
static int map_sgtable_ret(struct kretprobe_instance *ri,
			   struct pt_regs *regs)
{
	struct dma_call *c = dma_call_of(ri);
	struct sg_table *sgt = (void *)c->buf;

	if ((int)regs_return_value(regs) == 0 && sgt->nents > 0)
		map_sg(c, sgt->sgl, sgt->orig_nents, sgt->nents);
	return 0;
}

/*
 * How many segments of an sg list the mapping covered, from the entry of
 * its first segment (dma-debug's get_nr_mapped_entries); nents when the
 * list is not known, so that each segment is reported.
 */
static int sg_mapped_of(struct rt_dma_ref *first, int nents)
{
	struct rt_dma_key key = rt_dma_key_of(first);
	struct rt_dma_entry **l;
	struct rt_dma_bucket b;
	int mapped = nents;

	rt_dma_lock_bucket(&drt.table, first->handle, &b);
	l = rt_dma_find_exact(&b, &key);
	if (l && (*l)->kind == RT_DMA_SG && (*l)->sg_mapped > 0)
		mapped = (*l)->sg_mapped;
	rt_dma_unlock_bucket(&b);
	return mapped;
}

static bool maps_missed(void);
static unsigned long kinds_unseen;

/*
 * A device bound before we loaded may release what it mapped unseen
 * (devices.c), and so may any device once a map was missed: such an
 * address is not reported as never mapped.
 */
static bool unseen_prebound(const struct rt_dma_ref *ref, bool containing)
{
	struct rt_dma_key key = rt_dma_key_of(ref);
	struct rt_dma_bucket b;
	struct rt_dma_entry *e;
	bool found;

	if ((ref->flags & RT_REF_MAP_ERROR) ||
	    (!rt_device_prebound(ref->dev) && !maps_missed() &&
	     !test_bit(ref->kind, &kinds_unseen)))
		return false;
	if (containing) {
		e = rt_dma_find_containing(&drt.table, &key, &b);
		rt_dma_unlock_bucket(&b);
		return !e;
	}
	rt_dma_lock_bucket(&drt.table, ref->handle, &b);
	found = rt_dma_find_exact(&b, &key);
	rt_dma_unlock_bucket(&b);
	return !found;
}

void rt_dma_release(const struct rt_dma_ref *ref)
{
	if (!unseen_prebound(ref, false))
		rt_dma_unmap(&drt.dma, ref);
}

static void do_sync(const struct rt_dma_ref *ref, bool for_cpu)
{
	if (!unseen_prebound(ref, true))
		rt_dma_sync(&drt.dma, ref, for_cpu);
}

enum sg_op { SG_UNMAP, SG_SYNC_CPU, SG_SYNC_DEVICE };

static void sg_release(struct device *dev, int kind, struct scatterlist *sgl,
		       int nents, unsigned long dir, enum sg_op op)
{
	struct scatterlist *s;
	int i, mapped = nents;

	for_each_sg(sgl, s, nents, i) {
		struct rt_dma_ref ref = rt_dma_ref_of(dev, kind, dir);

		ref.handle = sg_dma_address(s);
		ref.size = sg_dma_len(s);
		ref.sg_nents = nents;
		if (i == 0)
			mapped = sg_mapped_of(&ref, nents);
		if (i >= mapped)
			break;
		if (op == SG_UNMAP)
			rt_dma_release(&ref);
		else
			do_sync(&ref, op == SG_SYNC_CPU);
	}
}

/* --- entry-only checks: the hook's row says where the arguments are --- */

static bool entry_begin(struct pt_regs *regs, const struct rt_hook *h,
			struct rt_site *site)
{
	if (!rt_dev_tracked((void *)rt_arg(regs, h->args.dev)))
		return false;
	rt_site_lazy(site, regs);
	rt_ctx_enter(site);
	return true;
}

/* The unmaps and syncs of one address. */
static struct rt_dma_ref single_ref(struct pt_regs *regs,
				    const struct rt_hook *h)
{
	struct rt_dma_ref ref = rt_dma_ref_of((void *)rt_arg(regs, h->args.dev),
					      h->kind,
					      rt_arg(regs, h->args.dir));

	ref.handle = rt_arg(regs, h->args.handle);
	ref.size = rt_arg(regs, h->args.size);
	return ref;
}

/* dma_unmap_page_attrs, dma_unmap_resource */
static int unmap_single_pre(struct kprobe *p, struct pt_regs *regs)
{
	const struct rt_hook *h = rt_hook_of_kp(p);
	struct rt_site site;
	struct rt_dma_ref ref;

	if (!entry_begin(regs, h, &site))
		return 0;
	ref = single_ref(regs, h);
	if (ref.handle == DMA_MAPPING_ERROR)
		ref.flags |= RT_REF_MAP_ERROR;
	rt_dma_release(&ref);
	rt_ctx_leave();
	return 0;
}

/* dma_unmap_sg_attrs and dma_sync_sg_for_{cpu,device} */
static void sg_call(struct kprobe *p, struct pt_regs *regs, enum sg_op op)
{
	const struct rt_hook *h = rt_hook_of_kp(p);
	struct rt_site site;

	if (!entry_begin(regs, h, &site))
		return;
	sg_release((void *)rt_arg(regs, h->args.dev), h->kind,
		   (void *)rt_arg(regs, h->args.buf),
		   (int)rt_arg(regs, h->args.nents),
		   rt_arg(regs, h->args.dir), op);
	rt_ctx_leave();
}

static int unmap_sg_pre(struct kprobe *p, struct pt_regs *regs)
{
	sg_call(p, regs, SG_UNMAP);
	return 0;
}

/* dma_sync_single_for_{cpu,device} */
static void sync_single(struct kprobe *p, struct pt_regs *regs, bool for_cpu)
{
	const struct rt_hook *h = rt_hook_of_kp(p);
	struct rt_site site;
	struct rt_dma_ref ref;

	if (!entry_begin(regs, h, &site))
		return;
	ref = single_ref(regs, h);
	do_sync(&ref, for_cpu);
	rt_ctx_leave();
}

static int sync_single_cpu_pre(struct kprobe *p, struct pt_regs *regs)
{
	sync_single(p, regs, true);
	return 0;
}

static int sync_single_device_pre(struct kprobe *p, struct pt_regs *regs)
{
	sync_single(p, regs, false);
	return 0;
}

static int sync_sg_cpu_pre(struct kprobe *p, struct pt_regs *regs)
{
	sg_call(p, regs, SG_SYNC_CPU);
	return 0;
}

static int sync_sg_device_pre(struct kprobe *p, struct pt_regs *regs)
{
	sg_call(p, regs, SG_SYNC_DEVICE);
	return 0;
}

/* --- coherent memory --- */

/* dma_alloc_attrs returns the CPU address, the handle through a pointer. */
static int alloc_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct dma_call *c = dma_call_of(ri);
	void *cpu = (void *)regs_return_value(regs);
	dma_addr_t *handle = (void *)c->handle;
	struct rt_dma_ref ref;

	if (!cpu)
		return 0;
	rt_ctx_enter(&c->site);
	ref = rt_dma_ref_of(c->dev, c->kind, RT_DMA_BIDIRECTIONAL);
	ref.handle = *handle;
	ref.size = c->size;
	ref.cpu_addr = (unsigned long)cpu;
	rt_dma_map(&drt.dma, &ref, RT_MEM_OK);
	rt_ctx_leave();
	rt_pool_check();
	return 0;
}

/* dma_free_attrs */
static int free_pre(struct kprobe *p, struct pt_regs *regs)
{
	const struct rt_hook *h = rt_hook_of_kp(p);
	struct rt_site site;
	struct rt_dma_ref ref;

	if (!entry_begin(regs, h, &site))
		return 0;
	ref = rt_dma_ref_of((void *)rt_arg(regs, h->args.dev), h->kind,
			    RT_DMA_BIDIRECTIONAL);
	ref.size = rt_arg(regs, h->args.size);
	ref.cpu_addr = rt_arg(regs, h->args.buf);
	ref.handle = rt_arg(regs, h->args.handle);
	rt_dma_release(&ref);
	rt_ctx_leave();
	return 0;
}

#define DMA_DATA sizeof(struct dma_call)

/* What is off without a hook: every check on mappings of its kind. */
#define CK_COMMON "dma-leak,dma-unmap-size,dma-double-unmap,dma-unmap-kind"
#define CK_STREAM CK_COMMON ",dma-direction,dma-map-stack,dma-overlap," \
		  "dma-sync-unmapped"
#define CK_SINGLE CK_STREAM
#define CK_SG CK_STREAM ",dma-unmap-sg-nents"
#define CK_COHERENT CK_COMMON ",dma-free-cpu-addr,dma-coherent-streaming-mix"
#define CK_RESOURCE CK_COMMON ",dma-direction"
#define CK_SYNC "dma-sync-unmapped"

/* Symbols, kinds, releases and argument positions: RT_HOOK_* (the model). */
static struct rt_hook dma_hooks[] = {
	{ RT_HOOK_dma_map_page_attrs, .entry = map_entry, .ret = map_page_ret,
	  .data_size = DMA_DATA, .checks = CK_SINGLE },
	{ RT_HOOK_dma_unmap_page_attrs, .pre = unmap_single_pre,
	  .checks = CK_SINGLE },
	{ RT_HOOK_dma_map_sg_attrs, .entry = map_entry, .ret = map_sg_ret,
	  .data_size = DMA_DATA, .checks = CK_SG },
	{ RT_HOOK_dma_map_sgtable, .entry = map_entry, .ret = map_sgtable_ret,
	  .data_size = DMA_DATA, .checks = CK_SG },
	{ RT_HOOK_dma_unmap_sg_attrs, .pre = unmap_sg_pre, .checks = CK_SG },
	{ RT_HOOK_dma_alloc_attrs, .entry = map_entry, .ret = alloc_ret,
	  .data_size = DMA_DATA, .checks = CK_COHERENT },
	{ RT_HOOK_dma_free_attrs, .pre = free_pre, .checks = CK_COHERENT },
	{ RT_HOOK_dma_sync_single_for_cpu, .pre = sync_single_cpu_pre,
	  .checks = CK_SYNC },
	{ RT_HOOK_dma_sync_single_for_device, .pre = sync_single_device_pre,
	  .checks = CK_SYNC },
	{ RT_HOOK_dma_sync_sg_for_cpu, .pre = sync_sg_cpu_pre,
	  .checks = CK_SYNC },
	{ RT_HOOK_dma_sync_sg_for_device, .pre = sync_sg_device_pre,
	  .checks = CK_SYNC },
	{ RT_HOOK_dma_map_resource, .entry = map_entry, .ret = map_resource_ret,
	  .data_size = DMA_DATA, .checks = CK_RESOURCE },
	{ RT_HOOK_dma_unmap_resource, .pre = unmap_single_pre,
	  .checks = CK_RESOURCE },
};

/*
 * A map the kprobe core skipped (a kretprobe out of instances, or hit
 * while another handler ran on that CPU) is one the table never saw.
 */
static bool maps_missed(void)
{
	for (int i = 0; i < ARRAY_SIZE(dma_hooks); i++)
		if (!dma_hooks[i].pre && dma_hooks[i].on &&
		    rt_hook_missed(&dma_hooks[i]))
			return true;
	return false;
}

/*
 * The kinds whose maps are (partly) not hooked: their releases and syncs
 * may meet addresses mapped unseen, which are then not reported.
 */
void rt_dma_kind_unseen(enum rt_dma_kind kind)
{
	set_bit(kind, &kinds_unseen);
}

/*
 * Unmaps and syncs first: a map recorded while its unmap is not hooked yet
 * would stay in the table for ever; a map whose release is off is skipped
 * (rt_hook.needs).
 */
int rt_hooks_dma_init(void)
{
	int ok = rt_hooks_register(dma_hooks, ARRAY_SIZE(dma_hooks));

	for (int i = 0; i < ARRAY_SIZE(dma_hooks); i++)
		if (dma_hooks[i].needs && !dma_hooks[i].on)
			rt_dma_kind_unseen(dma_hooks[i].kind);
	return ok;
}
