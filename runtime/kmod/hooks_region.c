// SPDX-License-Identifier: GPL-2.0
/*
 * I/O regions: requests and releases (kernel/resource.c), and user-space
 * mappings of physical memory, which the kernel decides with
 * devmem_is_allowed() (/dev/mem, through range_is_allowed) and
 * iomem_is_exclusive() (PCI sysfs resource files, pci_mmap_resource).
 *
 * Only requests and releases made from a module loaded after drvcheck_rt
 * are tracked (a frame of that module in the stack): a region requested
 * before we loaded would otherwise look like a release without a request.
 * The owner is that module.
 */
#include <linux/ioport.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/sched.h>

#include "rt.h"

static enum rt_region_space space_of(const struct resource *parent)
{
	if (parent == &ioport_resource || (parent->flags & IORESOURCE_IO))
		return RT_REGION_IO;
	return RT_REGION_MEM;
}

static bool owner_of(const struct rt_site *s, u16 *drv)
{
	char name[MODULE_NAME_LEN];

	if (!rt_modules_owner(s, name, sizeof(name)))
		return false;
	*drv = rt_driver_id(&drt.rep, name);
	return true;
}

struct request_call {
	struct rt_site site;
	struct resource *parent;
	resource_size_t start, n;
};

/* __request_region -> struct resource *; buf is the parent resource */
static int request_entry(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	const struct rt_hook_args *a = &rt_hook_of_ri(ri)->args;
	struct request_call *c = (void *)ri->data;

	c->parent = (void *)rt_arg(regs, a->buf);
	c->start = rt_arg(regs, a->start);
	c->n = rt_arg(regs, a->size);
	rt_site_capture(&c->site, regs);
	return 0;
}

static int request_ret(struct kretprobe_instance *ri, struct pt_regs *regs)
{
	struct request_call *c = (void *)ri->data;
	struct resource *res = (void *)regs_return_value(regs);
	u16 drv;

	if (!res || !owner_of(&c->site, &drv))
		return 0;
	rt_ctx_enter(&c->site);
	rt_region_request(&drt.regions, drv, space_of(c->parent), c->start,
			  c->n, res->flags & IORESOURCE_EXCLUSIVE, res->name);
	rt_ctx_leave();
	return 0;
}

/* __release_region */
static int release_pre(struct kprobe *p, struct pt_regs *regs)
{
	const struct rt_hook_args *a = &rt_hook_of_kp(p)->args;
	struct resource *parent = (void *)rt_arg(regs, a->buf);
	struct rt_site site;
	u16 drv;

	rt_site_capture(&site, regs);
	if (!owner_of(&site, &drv))
		return 0;
	rt_ctx_enter(&site);
	rt_region_release(&drt.regions, drv, space_of(parent),
			  rt_arg(regs, a->start), rt_arg(regs, a->size));
	rt_ctx_leave();
	return 0;
}

/* The verdict is the tracker's; the kernel's own return value is not needed. */
static void user_map(struct pt_regs *regs, u64 start)
{
	struct rt_site site;

	rt_site_lazy(&site, regs);
	rt_ctx_enter(&site);
	rt_region_user_map(&drt.regions, start, PAGE_SIZE, current->comm,
			   task_pid_nr(current), drt.iomem_relaxed);
	rt_ctx_leave();
}

/* devmem_is_allowed(pagenr): /dev/mem, one page at a time. */
static int devmem_pre(struct kprobe *p, struct pt_regs *regs)
{
	user_map(regs, (u64)rt_arg(regs, rt_hook_of_kp(p)->args.start)
		       << PAGE_SHIFT);
	return 0;
}

/*
 * iomem_is_exclusive(addr): PCI sysfs mmap; devmem_is_allowed() calls it
 * too, and that call is devmem_is_allowed's to report.
 */
static int exclusive_pre(struct kprobe *p, struct pt_regs *regs)
{
	char caller[32];

	snprintf(caller, sizeof(caller), "%ps",
		 (void *)rt_entry_ret_addr(regs));
	if (strcmp(caller, RT_SYM_devmem_is_allowed) != 0)
		user_map(regs, (u64)rt_arg(regs, rt_hook_of_kp(p)->args.start) &
			       PAGE_MASK);
	return 0;
}

#define CK_REGIONS "iomem-release-mismatch,iomem-not-exclusive," \
		   "iomem-user-map-refused"
#define CK_USER_MAP "iomem-not-exclusive,iomem-user-map-refused"

static struct rt_hook region_hooks[] = {
	{ RT_HOOK___request_region, .entry = request_entry, .ret = request_ret,
	  .data_size = sizeof(struct request_call), .checks = CK_REGIONS },
	{ RT_HOOK___release_region, .pre = release_pre, .checks = CK_REGIONS },
	{ RT_HOOK_devmem_is_allowed, .pre = devmem_pre, .checks = CK_USER_MAP },
	{ RT_HOOK_iomem_is_exclusive, .pre = exclusive_pre,
	  .checks = CK_USER_MAP },
};

int rt_hooks_region_init(void)
{
	int ok = rt_hooks_register(region_hooks, ARRAY_SIZE(region_hooks));

	/* No request is seen: no release may be called unrequested. */
	if (!region_hooks[0].on)
		rt_atomic_set(&drt.regions.dropped, 1);
	return ok;
}
