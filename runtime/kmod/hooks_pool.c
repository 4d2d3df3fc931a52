// SPDX-License-Identifier: GPL-2.0
/*
 * DMA pools (mm/dmapool.c).  struct dma_pool is private to dmapool.c, so
 * the device and block size of each pool are taken from dma_pool_create()
 * and kept here until dma_pool_destroy(); pools created before we loaded
 * are not known and their blocks not tracked.  Each block is a "pool"
 * mapping of the pool's device; the pages under the blocks are coherent
 * allocations, which the dma_alloc_attrs hook sees as such (as dma-debug).
 */
#include <linux/device.h>
#include <linux/dmapool.h>
#include <linux/hash.h>
#include <linux/spinlock.h>

#include "rt.h"

#define RT_POOL_BITS	8
#define RT_POOLS	(1U << RT_POOL_BITS)
#define RT_POOL_GONE	((const struct dma_pool *)1)

struct pool_info {
	const struct dma_pool *pool;
	struct device *dev;
	size_t size;
};

static struct pool_info pools[RT_POOLS];
static DEFINE_SPINLOCK(pools_lock);

static struct pool_info *pool_slot(const struct dma_pool *pool, bool add)
{
	unsigned int h = hash_ptr((void *)pool, RT_POOL_BITS);
	struct pool_info *free = NULL;

	for (unsigned int i = 0; i < RT_POOLS; i++) {
		struct pool_info *p = &pools[(h + i) & (RT_POOLS - 1)];

		if (p->pool == pool)
			return p;
		if (p->pool == RT_POOL_GONE && !free)
			free = p;
		if (!p->pool)
			return add ? (free ? free : p) : NULL;
	}
	return add ? free : NULL;
}

/* The device and block size of a pool we saw created, or false. */
static bool pool_lookup(const struct dma_pool *pool, struct pool_info *out)
{
	struct pool_info *p;
	unsigned long flags;

	spin_lock_irqsave(&pools_lock, flags);
	p = pool_slot(pool, false);
	if (p)
		*out = *p;
	spin_unlock_irqrestore(&pools_lock, flags);
	return p;
}

struct create_call {
	struct device *dev;
	size_t size;
};

/* dma_pool_create -> pool */
static int create_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	const struct rt_hook_args *a = &rt_hook_of_ri(ri)->args;
	struct create_call *c = (void *)ri->data;

	c->dev = (void *)rt_arg(regs, a->dev);
	c->size = rt_arg(regs, a->size);
	return !c->dev;
}

static int create_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct create_call *c = (void *)ri->data;
	struct dma_pool *pool = (void *)regs_return_value(regs);
	struct pool_info *p;
	unsigned long flags;

	if (!pool)
		return 0;
	spin_lock_irqsave(&pools_lock, flags);
	p = pool_slot(pool, true);
	if (p) {
		p->pool = pool;
		p->dev = c->dev;
		p->size = c->size;
	} else {
		rt_log_ratelimited("more than %u DMA pools: not tracking the new one",
				   RT_POOLS);
	}
	spin_unlock_irqrestore(&pools_lock, flags);
	return 0;
}

/* dma_pool_destroy */
static int destroy_pre(struct kprobe *kp, struct pt_regs *regs)
{
	struct dma_pool *pool = (void *)rt_arg(regs, rt_hook_of_kp(kp)->args.dev);
	struct pool_info *p;
	unsigned long flags;

	spin_lock_irqsave(&pools_lock, flags);
	p = pool_slot(pool, false);
	if (p)
		p->pool = RT_POOL_GONE;
	spin_unlock_irqrestore(&pools_lock, flags);
	return 0;
}

struct alloc_call {
	struct rt_site site;
	struct pool_info info;
	dma_addr_t *handle;
	int kind;
};

/* dma_pool_alloc -> vaddr, the handle through a pointer */
static int alloc_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	const struct rt_hook *h = rt_hook_of_ri(ri);
	struct alloc_call *c = (void *)ri->data;

	if (!pool_lookup((void *)rt_arg(regs, h->args.dev), &c->info) ||
	    !rt_dev_tracked(c->info.dev))
		return 1;
	c->handle = (void *)rt_arg(regs, h->args.handle);
	c->kind = h->kind;
	rt_site_capture_map(&c->site, regs);
	return 0;
}

static int alloc_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct alloc_call *c = (void *)ri->data;
	void *vaddr = (void *)regs_return_value(regs);
	struct rt_dma_ref ref;

	if (!vaddr)
		return 0;
	rt_ctx_enter(&c->site);
	ref = rt_dma_ref_of(c->info.dev, c->kind, RT_DMA_BIDIRECTIONAL);
	ref.handle = *c->handle;
	ref.size = c->info.size;
	ref.cpu_addr = (unsigned long)vaddr;
	rt_dma_map(&drt.dma, &ref, RT_MEM_OK);
	rt_ctx_leave();
	rt_pool_check();
	return 0;
}

/* dma_pool_free */
static int free_pre(struct kprobe *kp, struct pt_regs *regs)
{
	const struct rt_hook *h = rt_hook_of_kp(kp);
	struct pool_info info;
	struct rt_dma_ref ref;
	struct rt_site site;

	if (!pool_lookup((void *)rt_arg(regs, h->args.dev), &info) ||
	    !rt_dev_tracked(info.dev))
		return 0;
	rt_site_lazy(&site, regs);
	rt_ctx_enter(&site);
	ref = rt_dma_ref_of(info.dev, h->kind, RT_DMA_BIDIRECTIONAL);
	ref.cpu_addr = rt_arg(regs, h->args.buf);
	ref.handle = rt_arg(regs, h->args.handle);
	ref.size = info.size;
	rt_dma_release(&ref);
	rt_ctx_leave();
	return 0;
}

#define CK_POOL "dma-leak,dma-unmap-size,dma-double-unmap,dma-unmap-kind," \
		"dma-free-cpu-addr"

static struct rt_hook pool_hooks[] = {
	/* Releases first, as in hooks_dma.c. */
	{ RT_HOOK_dma_pool_free, .pre = free_pre, .checks = CK_POOL },
	{ RT_HOOK_dma_pool_destroy, .pre = destroy_pre, .checks = CK_POOL },
	{ RT_HOOK_dma_pool_create, .entry = create_entry, .ret = create_ret,
	  .data_size = sizeof(struct create_call), .checks = CK_POOL },
	{ RT_HOOK_dma_pool_alloc, .entry = alloc_entry, .ret = alloc_ret,
	  .data_size = sizeof(struct alloc_call), .checks = CK_POOL },
};

int rt_hooks_pool_init(void)
{
	int ok = rt_hooks_register(pool_hooks, ARRAY_SIZE(pool_hooks));
	const struct rt_hook *alloc = &pool_hooks[3];

	if (!alloc->on)
		rt_dma_kind_unseen(alloc->kind);
	return ok;
}
