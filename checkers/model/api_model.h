/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The drvcheck API model: every DMA-mapping, poll and I/O-memory function the
 * engines know, with the role of each argument.  This header and
 * api_model.c are the single place an API is added; the sparse checker, the
 * analyzer plugin, the CLI and the Coccinelle agreement test all read it.
 *
 * Argument positions are 0-based; ARG_NONE means "the function has no such
 * argument".  ARG_RET means the value is the function's return value.
 */
#ifndef DRVCHECK_API_MODEL_H
#define DRVCHECK_API_MODEL_H

#include <stdbool.h>
#include <stddef.h>

#define ARG_NONE (-1)
#define ARG_RET  (-2)

enum api_family {
	FAMILY_DMA,
	FAMILY_POLL,
	FAMILY_IOMEM,
	FAMILY_MEM,		/* allocators the other families care about */
};

enum api_role {
	ROLE_DMA_MAP,		/* creates a streaming mapping */
	ROLE_DMA_UNMAP,		/* releases a streaming mapping */
	ROLE_DMA_SYNC,		/* ownership transfer on a live mapping */
	ROLE_DMA_MAPPING_ERROR,	/* tests a handle for failure */
	ROLE_DMA_ALLOC,		/* coherent/noncoherent/pool allocation */
	ROLE_DMA_FREE,		/* frees what ROLE_DMA_ALLOC returned */
	ROLE_DMA_FIELD_SET,	/* dma_unmap_addr_set() and friends */
	ROLE_DMA_FIELD_GET,	/* dma_unmap_addr() and friends */
	ROLE_REGION_REQUEST,	/* claims an I/O port or MMIO range */
	ROLE_REGION_RELEASE,
	ROLE_REGION_REQUEST_MAP,/* claims and maps in one call (devm_ioremap_resource) */
	ROLE_IOMAP,		/* maps MMIO without claiming it */
	ROLE_IOUNMAP,
	ROLE_RESOURCE_INSERT,	/* links a struct resource the caller owns
				 * (buf: the parent) into the tree: a claim
				 * that allocates nothing, often made best
				 * effort, so its result is not checked */
	ROLE_RESOURCE_RELEASE,	/* unlinks the struct resource buf points to;
				 * frees nothing */
	ROLE_POLL_WAIT,		/* registers a wait queue with a poll_table */
	ROLE_BLOCKING,		/* waits for an event or sleeps for time */
	ROLE_TASK_STATE,	/* changes current->__state */
	ROLE_MIGHT_SLEEP,	/* may sleep, but is not a wait (a lock, a fault) */
	ROLE_VMALLOC,		/* returns (or may return) vmalloc-area memory;
				 * these allocators may sleep too */
	ROLE_MEM_FREE,		/* frees kmalloc'ed memory (buf): after
				 * release_resource(), the struct resource
				 * __request_region() allocated */
	/* kernel_model only: functions the runtime hooks, no engine reads */
	ROLE_DMA_POOL_CREATE,
	ROLE_DMA_POOL_DESTROY,
	ROLE_USER_MAP,		/* decides a user mapping of physical memory */
	ROLE_POLL_SYSCALL,	/* poll() and select() themselves */
	ROLE_POLL_WAKE,		/* a wake-up of a poll()/select() waiter */
};

/* What kind of DMA memory a call makes or expects. */
enum dma_kind {
	KIND_NONE,
	KIND_SINGLE,		/* dma_map_single: a kernel virtual buffer */
	KIND_PAGE,		/* dma_map_page / skb_frag_dma_map */
	KIND_SG,		/* dma_map_sg: a scatterlist */
	KIND_SGTABLE,		/* dma_map_sgtable: an sg_table */
	KIND_RESOURCE,		/* dma_map_resource: a physical MMIO address */
	KIND_COHERENT,		/* dma_alloc_coherent and friends */
	KIND_NONCOHERENT,	/* dma_alloc_noncoherent */
	KIND_POOL,		/* dma_pool_alloc */
};

/*
 * enum dma_data_direction (include/linux/dma-direction.h); the values have
 * been the same since 2.6, and pci-dma-compat.h's PCI_DMA_* share them.
 */
enum dma_dir {
	DIR_BIDIRECTIONAL = 0,
	DIR_TO_DEVICE = 1,
	DIR_FROM_DEVICE = 2,
	DIR_NONE = 3,
};

/* A direction's name as drivers write it. */
struct dma_dir_name {
	const char *name;	/* "DMA_TO_DEVICE", "PCI_DMA_TODEVICE" */
	enum dma_dir dir;
};

/* Which address space a region call works on. */
enum region_space {
	SPACE_NONE,
	SPACE_PORT,		/* request_region: I/O ports */
	SPACE_MEM,		/* request_mem_region: MMIO */
	SPACE_PARENT,		/* __request_region: decided by the parent argument */
	SPACE_PCI_BAR,		/* pci_request_region(pdev, bar) */
	SPACE_PCI_ALL,		/* pci_request_regions(pdev): every BAR */
	SPACE_PCI_MASK,		/* pci_request_selected_regions(pdev, mask) */
};

enum api_flags {
	API_LEGACY	= 1 << 0,	/* removed or deprecated API (pci_map_*) */
	API_MANAGED	= 1 << 1,	/* devres: released automatically on unbind */
	API_EXCLUSIVE	= 1 << 2,	/* sets IORESOURCE_EXCLUSIVE */
	API_ATTRS	= 1 << 3,	/* takes a trailing DMA attrs argument */
	API_FOR_CPU	= 1 << 4,	/* sync: hands the buffer to the CPU */
	API_FOR_DEVICE	= 1 << 5,	/* sync: hands the buffer to the device */
	API_RANGE	= 1 << 6,	/* sync: offset + size inside the mapping */
	API_HANDLE_OUT	= 1 << 7,	/* the handle argument is a dma_addr_t * */
	API_PCI_DIR	= 1 << 8,	/* direction uses PCI_DMA_* names */
	API_BUF_FRAG	= 1 << 9,	/* the buffer is an skb_frag_t, not a page */
};

struct api_fn {
	const char *name;
	enum api_family family;
	enum api_role role;
	enum dma_kind kind;
	enum region_space space;
	unsigned int flags;
	signed char dev;	/* struct device / pci_dev / dma_pool */
	signed char handle;	/* dma_addr_t (or its address when API_HANDLE_OUT) */
	signed char size;	/* bytes */
	signed char dir;	/* enum dma_data_direction */
	signed char nents;	/* scatterlist entry count */
	signed char buf;	/* cpu address, page, scatterlist, sg_table or phys */
	signed char offset;	/* page offset or sync range offset */
	signed char start;	/* region start / BAR index / BAR mask */
	signed char table;	/* the poll_table argument of ROLE_POLL_WAIT */
};

/* A struct whose member is a ->poll callback. */
struct poll_ops {
	const char *type;	/* "file_operations" (always a struct tag) */
	const char *member;	/* "poll" */
	signed char table;	/* index of the poll_table parameter */
};

extern const struct api_fn api_model[];
extern const size_t api_model_count;
extern const struct poll_ops poll_ops_model[];
extern const size_t poll_ops_model_count;

/*
 * The kernel functions drvcheck_rt.ko hooks.  Each names a row of
 * api_model or kernel_model, which gives its family, role and arguments;
 * runtime/core/rt_model_gen.h is generated from these (gen-rt-tables).
 */
enum rt_hook_flags {
	/* 6.10 made it an inline test in front of __<symbol>, which is what
	 * is hooked when the kernel has CONFIG_DMA_NEED_SYNC */
	RT_HOOK_SYNC_SPLIT = 1 << 0,
};

struct rt_hook_fn {
	const char *symbol;	/* its api_model or kernel_model row */
	enum dma_kind kind;	/* the dma_debug_types kind its mappings get */
	unsigned int flags;	/* enum rt_hook_flags */
	const char *needs;	/* a map's release: no map is hooked without it */
};

/*
 * dma-debug's entry types (kernel/dma/debug.c, type2name), as the runtime
 * records mappings: enum rt_dma_kind in this order, with these names.
 */
struct dma_debug_type {
	enum dma_kind kind;
	const char *name;
};

extern const struct api_fn kernel_model[];
extern const size_t kernel_model_count;
extern const struct rt_hook_fn rt_hook_model[];
extern const size_t rt_hook_model_count;
extern const struct dma_debug_type dma_debug_types[];
extern const size_t dma_debug_type_count;

/*
 * A kernel function whose result the engines write as a value over the
 * members of the struct its argument points to (docs/facts.md, Values):
 * resource_size(res) is res->end - res->start + 1, so a release of
 * "res->end - res->start" bytes provably differs from a request of
 * resource_size(res).  Not in api_model: a call of it is no site.
 */
struct value_fn {
	const char *name;
	signed char arg;	/* the struct pointer argument */
	const char *plus;	/* member added */
	const char *minus;	/* member subtracted */
	long long c;		/* constant added */
	const char *type;	/* the tag of the struct it points to */
};

extern const struct value_fn value_model[];
extern const size_t value_model_count;
const struct value_fn *value_lookup(const char *name);

/*
 * Byte-order conversions: what is read through one is the location it
 * reads, reordered (len = ntohs(cmpl->length) is what the device wrote to
 * cmpl->length).  Every engine looks through them as through a cast:
 * sparse and clang see the builtins and inline functions the macros
 * expand to, Coccinelle the macros themselves (gen-cocci-tables).
 */
extern const char *const conversion_model[];
extern const size_t conversion_model_count;
bool conversion_lookup(const char *name);

/*
 * Port I/O (asm/io.h): a driver that requests ports and never calls one of
 * these (nor maps a region) makes the request only to show the range in
 * /proc/ioports; its result gates nothing (iomem-unchecked-request).
 */
extern const char *const port_io_model[];
extern const size_t port_io_model_count;
bool port_io_lookup(const char *name);
/*
 * What shows that a driver uses the region a request of a space claims:
 * port I/O in its own files, a map in them, or a start that is not a
 * constant (legacy VGA ports, a chipset's port are): port I/O often hides
 * in a header's macro (scc's Outb()).  No row: always used (a PCI request
 * always precedes the driver's BAR access).
 */
enum region_use {
	USE_PORT_IO = 1,
	USE_MAPS = 2,
	USE_VARIABLE_START = 4,
};

struct region_use_row {
	enum region_space space;
	unsigned evidence;	/* enum region_use bits */
};

extern const struct region_use_row region_use_model[];
extern const size_t region_use_model_count;
/* Does a request of space (at a constant start: fixed) count as used by a
 * driver whose own files do port I/O and map MMIO as told? */
bool region_request_used(enum region_space space, bool fixed, bool port_io,
			 bool maps_mmio);
/* Does f map MMIO (with or without claiming it)? */
bool api_maps_mmio(const struct api_fn *f);

/*
 * A macro that reads a member of one entry of a device's resource array:
 * pci_resource_start(pdev, bar) is pdev->resource[bar].start, and
 * pci_resource_len() that entry's resource_size().  Engines that expand
 * macros (sparse, clang) see the member read itself; Coccinelle reads no
 * headers, so its scripts are given this table (gen-cocci-tables).
 */
struct resource_fn {
	const char *name;
	signed char dev;	/* the device argument */
	signed char index;	/* which entry of the array */
	const char *holder;	/* the device's struct */
	const char *array;	/* its array of struct resource */
	const char *member;	/* the member read; NULL: resource_size() */
};

extern const struct resource_fn resource_model[];
extern const size_t resource_model_count;

/*
 * Device-tree calls the region checks read (no sites): a lookup whose
 * result is another node than the device's own (a phandle's target, a
 * child, the parent), a macro that walks another node's children, and a
 * call that fills a struct resource from a node.  A region read from
 * another node is that node's to claim (a shared SRAM, a serdes child,
 * reserved memory): a map of it is no unrequested map of the driver's.
 */
enum of_role {
	OF_OTHER_NODE,		/* returns another node */
	OF_CHILD_ITER,		/* a for_each macro: node is its cursor */
	OF_FILL_RESOURCE,	/* fills *res from node */
};

struct of_fn {
	const char *name;
	enum of_role role;
	signed char node;	/* OF_CHILD_ITER: the cursor; else the node read */
	signed char res;	/* OF_FILL_RESOURCE: the struct resource * */
};

extern const struct of_fn of_model[];
extern const size_t of_model_count;
const struct of_fn *of_lookup(const char *name);

/* The row of api_model, else of kernel_model, named name; NULL if none. */
const struct api_fn *api_lookup_any(const char *name);

extern const struct dma_dir_name dma_dir_names[];
extern const size_t dma_dir_name_count;

const struct api_fn *api_lookup(const char *name);
/* "DMA_TO_DEVICE", or "direction 7" for a value outside the enum */
const char *dma_dir_name(long long dir);
/* The direction a name stands for, -1 if it names none. */
int dma_dir_lookup(const char *name);
const char *api_family_name(enum api_family family);
const char *api_role_name(enum api_role role);
/* May sleep without waiting for an event: a lock, a user copy, a GFP_KERNEL
 * allocation of the vmalloc area (poll-sleep-legacy). */
bool api_might_sleep(const struct api_fn *api);
/*
 * The exclusive twin of a region request (the same role, space, management
 * and arguments, with API_EXCLUSIVE): a current API first, a legacy one
 * (gone from new kernels) else; NULL when there is none.
 */
const struct api_fn *api_exclusive_twin(const struct api_fn *api);
const char *dma_kind_name(enum dma_kind kind);
const char *region_space_name(enum region_space space);

#endif
