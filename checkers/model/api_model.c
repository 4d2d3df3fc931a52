// SPDX-License-Identifier: GPL-2.0
/*
 * The API table.  Signatures follow include/linux/dma-mapping.h,
 * dmapool.h, pci-dma-compat.h (removed in 5.18, still in older trees),
 * ioport.h, pci.h, io.h and poll.h of Linux 6.1.
 */
#include <stdio.h>
#include <string.h>

#include "api_model.h"

#define _ ARG_NONE
#define R ARG_RET

/*                 dev handle size dir nents buf offset start table */
#define ARGS(d, h, s, r, n, b, o, st, t) \
	.dev = d, .handle = h, .size = s, .dir = r, .nents = n, .buf = b, \
	.offset = o, .start = st, .table = t

#define DMA(nm, rl, kd, fl, args) \
	{ .name = nm, .family = FAMILY_DMA, .role = rl, .kind = kd, \
	  .space = SPACE_NONE, .flags = fl, args }
#define IOMEM(nm, rl, sp, fl, args) \
	{ .name = nm, .family = FAMILY_IOMEM, .role = rl, .kind = KIND_NONE, \
	  .space = sp, .flags = fl, args }
#define POLL(nm, rl, args) \
	{ .name = nm, .family = FAMILY_POLL, .role = rl, .kind = KIND_NONE, \
	  .space = SPACE_NONE, .flags = 0, args }

#define MEM(nm, rl, args) \
	{ .name = nm, .family = FAMILY_MEM, .role = rl, .kind = KIND_NONE, \
	  .space = SPACE_NONE, .flags = 0, args }

#define NOARGS ARGS(_, _, _, _, _, _, _, _, _)

#define MAP	ROLE_DMA_MAP
#define UNMAP	ROLE_DMA_UNMAP
#define SYNC	ROLE_DMA_SYNC
#define ALLOC	ROLE_DMA_ALLOC
#define FREE	ROLE_DMA_FREE
#define ATTRS	API_ATTRS
#define OUT	API_HANDLE_OUT
#define PCI	(API_LEGACY | API_PCI_DIR)
#define CPU	API_FOR_CPU
#define DEV	API_FOR_DEVICE

const struct api_fn api_model[] = {
	/* streaming, single buffer */
	DMA("dma_map_single",		MAP,   KIND_SINGLE, 0,		ARGS(0, R, 2, 3, _, 1, _, _, _)),
	DMA("dma_map_single_attrs",	MAP,   KIND_SINGLE, ATTRS,	ARGS(0, R, 2, 3, _, 1, _, _, _)),
	DMA("dma_unmap_single",		UNMAP, KIND_SINGLE, 0,		ARGS(0, 1, 2, 3, _, _, _, _, _)),
	DMA("dma_unmap_single_attrs",	UNMAP, KIND_SINGLE, ATTRS,	ARGS(0, 1, 2, 3, _, _, _, _, _)),
	/* streaming, page */
	DMA("dma_map_page",		MAP,   KIND_PAGE, 0,		ARGS(0, R, 3, 4, _, 1, 2, _, _)),
	DMA("dma_map_page_attrs",	MAP,   KIND_PAGE, ATTRS,	ARGS(0, R, 3, 4, _, 1, 2, _, _)),
	DMA("skb_frag_dma_map",		MAP,   KIND_PAGE, API_BUF_FRAG,		ARGS(0, R, 3, 4, _, 1, 2, _, _)),
	DMA("dma_unmap_page",		UNMAP, KIND_PAGE, 0,		ARGS(0, 1, 2, 3, _, _, _, _, _)),
	DMA("dma_unmap_page_attrs",	UNMAP, KIND_PAGE, ATTRS,	ARGS(0, 1, 2, 3, _, _, _, _, _)),
	/* streaming, physical MMIO of another device (peer-to-peer) */
	DMA("dma_map_resource",		MAP,   KIND_RESOURCE, ATTRS,	ARGS(0, R, 2, 3, _, 1, _, _, _)),
	DMA("dma_unmap_resource",	UNMAP, KIND_RESOURCE, ATTRS,	ARGS(0, 1, 2, 3, _, _, _, _, _)),
	/* streaming, scatterlist: returns the mapped count, 0 on failure */
	DMA("dma_map_sg",		MAP,   KIND_SG, 0,		ARGS(0, _, _, 3, 2, 1, _, _, _)),
	DMA("dma_map_sg_attrs",		MAP,   KIND_SG, ATTRS,		ARGS(0, _, _, 3, 2, 1, _, _, _)),
	DMA("dma_unmap_sg",		UNMAP, KIND_SG, 0,		ARGS(0, _, _, 3, 2, 1, _, _, _)),
	DMA("dma_unmap_sg_attrs",	UNMAP, KIND_SG, ATTRS,		ARGS(0, _, _, 3, 2, 1, _, _, _)),
	DMA("dma_map_sgtable",		MAP,   KIND_SGTABLE, ATTRS,	ARGS(0, _, _, 2, _, 1, _, _, _)),
	DMA("dma_unmap_sgtable",	UNMAP, KIND_SGTABLE, ATTRS,	ARGS(0, _, _, 2, _, 1, _, _, _)),
	/* syncs */
	DMA("dma_sync_single_for_cpu",		SYNC, KIND_SINGLE, CPU,		ARGS(0, 1, 2, 3, _, _, _, _, _)),
	DMA("dma_sync_single_for_device",	SYNC, KIND_SINGLE, DEV,		ARGS(0, 1, 2, 3, _, _, _, _, _)),
	DMA("dma_sync_single_range_for_cpu",	SYNC, KIND_SINGLE, CPU | API_RANGE, ARGS(0, 1, 3, 4, _, _, 2, _, _)),
	DMA("dma_sync_single_range_for_device",	SYNC, KIND_SINGLE, DEV | API_RANGE, ARGS(0, 1, 3, 4, _, _, 2, _, _)),
	DMA("dma_sync_sg_for_cpu",		SYNC, KIND_SG, CPU,		ARGS(0, _, _, 3, 2, 1, _, _, _)),
	DMA("dma_sync_sg_for_device",		SYNC, KIND_SG, DEV,		ARGS(0, _, _, 3, 2, 1, _, _, _)),
	DMA("dma_sync_sgtable_for_cpu",		SYNC, KIND_SGTABLE, CPU,	ARGS(0, _, _, 2, _, 1, _, _, _)),
	DMA("dma_sync_sgtable_for_device",	SYNC, KIND_SGTABLE, DEV,	ARGS(0, _, _, 2, _, 1, _, _, _)),
	DMA("dma_mapping_error",	ROLE_DMA_MAPPING_ERROR, KIND_NONE, 0,	ARGS(0, 1, _, _, _, _, _, _, _)),
	/* coherent and friends: the handle comes back through a pointer */
	DMA("dma_alloc_coherent",	ALLOC, KIND_COHERENT, OUT,		ARGS(0, 2, 1, _, _, R, _, _, _)),
	DMA("dma_zalloc_coherent",	ALLOC, KIND_COHERENT, OUT | API_LEGACY,	ARGS(0, 2, 1, _, _, R, _, _, _)),
	DMA("dmam_alloc_coherent",	ALLOC, KIND_COHERENT, OUT | API_MANAGED, ARGS(0, 2, 1, _, _, R, _, _, _)),
	DMA("dma_alloc_attrs",		ALLOC, KIND_COHERENT, OUT | ATTRS,	ARGS(0, 2, 1, _, _, R, _, _, _)),
	DMA("dma_alloc_wc",		ALLOC, KIND_COHERENT, OUT,		ARGS(0, 2, 1, _, _, R, _, _, _)),
	DMA("dma_free_coherent",	FREE,  KIND_COHERENT, 0,		ARGS(0, 3, 1, _, _, 2, _, _, _)),
	DMA("dmam_free_coherent",	FREE,  KIND_COHERENT, API_MANAGED,	ARGS(0, 3, 1, _, _, 2, _, _, _)),
	DMA("dma_free_attrs",		FREE,  KIND_COHERENT, ATTRS,		ARGS(0, 3, 1, _, _, 2, _, _, _)),
	DMA("dma_free_wc",		FREE,  KIND_COHERENT, 0,		ARGS(0, 3, 1, _, _, 2, _, _, _)),
	DMA("dma_alloc_noncoherent",	ALLOC, KIND_NONCOHERENT, OUT,		ARGS(0, 2, 1, 3, _, R, _, _, _)),
	DMA("dma_free_noncoherent",	FREE,  KIND_NONCOHERENT, 0,		ARGS(0, 3, 1, 4, _, 2, _, _, _)),
	/* what dma_alloc_noncoherent() wraps: the same memory, as a struct page */
	DMA("dma_alloc_pages",		ALLOC, KIND_NONCOHERENT, OUT,		ARGS(0, 2, 1, 3, _, R, _, _, _)),
	DMA("dma_free_pages",		FREE,  KIND_NONCOHERENT, 0,		ARGS(0, 3, 1, 4, _, 2, _, _, _)),
	DMA("dma_pool_alloc",		ALLOC, KIND_POOL, OUT,			ARGS(0, 2, _, _, _, R, _, _, _)),
	DMA("dma_pool_zalloc",		ALLOC, KIND_POOL, OUT,			ARGS(0, 2, _, _, _, R, _, _, _)),
	DMA("dma_pool_free",		FREE,  KIND_POOL, 0,			ARGS(0, 2, _, _, _, 1, _, _, _)),
	/* handle/length storage macros (include/linux/dma-mapping.h) */
	DMA("dma_unmap_addr",		ROLE_DMA_FIELD_GET, KIND_NONE, 0,	ARGS(_, 1, _, _, _, 0, _, _, _)),
	DMA("dma_unmap_len",		ROLE_DMA_FIELD_GET, KIND_NONE, 0,	ARGS(_, _, 1, _, _, 0, _, _, _)),
	DMA("dma_unmap_addr_set",	ROLE_DMA_FIELD_SET, KIND_NONE, 0,	ARGS(_, 1, _, _, _, 0, _, _, 2)),
	DMA("dma_unmap_len_set",	ROLE_DMA_FIELD_SET, KIND_NONE, 0,	ARGS(_, _, 1, _, _, 0, _, _, 2)),
	/* legacy pci-dma-compat.h names */
	DMA("pci_map_single",		MAP,   KIND_SINGLE, PCI,	ARGS(0, R, 2, 3, _, 1, _, _, _)),
	DMA("pci_unmap_single",		UNMAP, KIND_SINGLE, PCI,	ARGS(0, 1, 2, 3, _, _, _, _, _)),
	DMA("pci_map_page",		MAP,   KIND_PAGE, PCI,		ARGS(0, R, 3, 4, _, 1, 2, _, _)),
	DMA("pci_unmap_page",		UNMAP, KIND_PAGE, PCI,		ARGS(0, 1, 2, 3, _, _, _, _, _)),
	DMA("pci_map_sg",		MAP,   KIND_SG, PCI,		ARGS(0, _, _, 3, 2, 1, _, _, _)),
	DMA("pci_unmap_sg",		UNMAP, KIND_SG, PCI,		ARGS(0, _, _, 3, 2, 1, _, _, _)),
	DMA("pci_dma_sync_single_for_cpu",	SYNC, KIND_SINGLE, PCI | CPU,	ARGS(0, 1, 2, 3, _, _, _, _, _)),
	DMA("pci_dma_sync_single_for_device",	SYNC, KIND_SINGLE, PCI | DEV,	ARGS(0, 1, 2, 3, _, _, _, _, _)),
	DMA("pci_dma_sync_sg_for_cpu",		SYNC, KIND_SG, PCI | CPU,	ARGS(0, _, _, 3, 2, 1, _, _, _)),
	DMA("pci_dma_sync_sg_for_device",	SYNC, KIND_SG, PCI | DEV,	ARGS(0, _, _, 3, 2, 1, _, _, _)),
	DMA("pci_dma_mapping_error",	ROLE_DMA_MAPPING_ERROR, KIND_NONE, API_LEGACY, ARGS(0, 1, _, _, _, _, _, _, _)),
	DMA("pci_alloc_consistent",	ALLOC, KIND_COHERENT, OUT | API_LEGACY,	ARGS(0, 2, 1, _, _, R, _, _, _)),
	DMA("pci_zalloc_consistent",	ALLOC, KIND_COHERENT, OUT | API_LEGACY,	ARGS(0, 2, 1, _, _, R, _, _, _)),
	DMA("pci_free_consistent",	FREE,  KIND_COHERENT, API_LEGACY,	ARGS(0, 3, 1, _, _, 2, _, _, _)),

	/* regions: start is the first address, size the length.
	 * pci_request_region_exclusive() was removed after 2.6.x; old trees have it. */
	IOMEM("request_region",		ROLE_REGION_REQUEST, SPACE_PORT, 0,		ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("request_muxed_region",	ROLE_REGION_REQUEST, SPACE_PORT, 0,		ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("request_mem_region",	ROLE_REGION_REQUEST, SPACE_MEM, 0,		ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("request_mem_region_exclusive", ROLE_REGION_REQUEST, SPACE_MEM, API_EXCLUSIVE, ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("__request_region",	ROLE_REGION_REQUEST, SPACE_PARENT, 0,		ARGS(_, _, 2, _, _, 0, _, 1, _)),
	/* ioport.h's __request_region(&iomem_resource, ...) with the caller's
	 * IORESOURCE_EXCLUSIVE or 0 (__pci_request_region()) */
	IOMEM("__request_mem_region",	ROLE_REGION_REQUEST, SPACE_MEM, 0,		ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("devm_request_region",	ROLE_REGION_REQUEST, SPACE_PORT, API_MANAGED,	ARGS(0, _, 2, _, _, _, _, 1, _)),
	IOMEM("devm_request_mem_region", ROLE_REGION_REQUEST, SPACE_MEM, API_MANAGED,	ARGS(0, _, 2, _, _, _, _, 1, _)),
	IOMEM("__devm_request_region",	ROLE_REGION_REQUEST, SPACE_PARENT, API_MANAGED,	ARGS(0, _, 3, _, _, 1, _, 2, _)),
	IOMEM("release_region",		ROLE_REGION_RELEASE, SPACE_PORT, 0,		ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("release_mem_region",	ROLE_REGION_RELEASE, SPACE_MEM, 0,		ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("__release_region",	ROLE_REGION_RELEASE, SPACE_PARENT, 0,		ARGS(_, _, 2, _, _, 0, _, 1, _)),
	IOMEM("devm_release_region",	ROLE_REGION_RELEASE, SPACE_PORT, API_MANAGED,	ARGS(0, _, 2, _, _, _, _, 1, _)),
	IOMEM("devm_release_mem_region", ROLE_REGION_RELEASE, SPACE_MEM, API_MANAGED,	ARGS(0, _, 2, _, _, _, _, 1, _)),
	/* a struct resource the driver owns, linked into (unlinked from) the
	 * tree; nothing is allocated, so release_resource() is the pair of
	 * these and not of the start-and-size requests above, whose struct
	 * resource __request_region() kmallocs */
	IOMEM("request_resource",	ROLE_RESOURCE_INSERT, SPACE_PARENT, 0,		ARGS(_, _, _, _, _, 0, _, _, _)),
	IOMEM("devm_request_resource",	ROLE_RESOURCE_INSERT, SPACE_PARENT, API_MANAGED,	ARGS(0, _, _, _, _, 1, _, _, _)),
	IOMEM("insert_resource",	ROLE_RESOURCE_INSERT, SPACE_PARENT, 0,		ARGS(_, _, _, _, _, 0, _, _, _)),
	IOMEM("release_resource",	ROLE_RESOURCE_RELEASE, SPACE_NONE, 0,		ARGS(_, _, _, _, _, 0, _, _, _)),
	/* an AMBA device's one register window, adev->res */
	IOMEM("amba_request_regions",	ROLE_REGION_REQUEST, SPACE_MEM, 0,		ARGS(_, _, _, _, _, _, _, _, _)),
	IOMEM("amba_release_regions",	ROLE_REGION_RELEASE, SPACE_MEM, 0,		ARGS(_, _, _, _, _, _, _, _, _)),
	IOMEM("pci_request_region",	ROLE_REGION_REQUEST, SPACE_PCI_BAR, 0,		ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("pci_request_region_exclusive", ROLE_REGION_REQUEST, SPACE_PCI_BAR, API_EXCLUSIVE | API_LEGACY, ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("pci_request_regions",	ROLE_REGION_REQUEST, SPACE_PCI_ALL, 0,		ARGS(0, _, _, _, _, _, _, _, _)),
	IOMEM("pci_request_regions_exclusive", ROLE_REGION_REQUEST, SPACE_PCI_ALL, API_EXCLUSIVE, ARGS(0, _, _, _, _, _, _, _, _)),
	IOMEM("pci_request_mem_regions", ROLE_REGION_REQUEST, SPACE_PCI_MASK, 0,	ARGS(0, _, _, _, _, _, _, _, _)),
	IOMEM("pci_request_selected_regions", ROLE_REGION_REQUEST, SPACE_PCI_MASK, 0,	ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("pci_request_selected_regions_exclusive", ROLE_REGION_REQUEST, SPACE_PCI_MASK, API_EXCLUSIVE, ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("pcim_request_region",	ROLE_REGION_REQUEST, SPACE_PCI_BAR, API_MANAGED,	ARGS(0, _, _, _, _, _, _, 1, _)),	/* 6.11 */
	IOMEM("pcim_request_all_regions", ROLE_REGION_REQUEST, SPACE_PCI_ALL, API_MANAGED,	ARGS(0, _, _, _, _, _, _, _, _)),	/* 6.11 */
	/*
	 * Subsystem wrappers that claim and test: comedi_pci_enable() is
	 * pci_enable_device() plus pci_request_regions() of a comedi_device's
	 * PCI device (its argument is no pci_dev, so it has no exclusive twin);
	 * vmbus_allocate_mmio() finds a range in the VMBus windows and claims
	 * it with request_mem_region_exclusive() before handing it back
	 * through *new (the start is not an argument, so none is modelled);
	 * serial8250_register_8250_port() sets UPF_BOOT_AUTOCONF, so the 8250
	 * core's config_port claims the port's mapbase with
	 * request_mem_region() (serial8250_request_std_resource()) and gives
	 * it back at unregistration; pcmcia_request_window() allocates the
	 * card's memory window and inserts it into the resource tree;
	 * mcb_request_mem() is request_mem_region() of an MCB device's
	 * window (the start is its own, no argument), returned to the
	 * driver to map, and mcb_release_mem() gives it back.
	 */
	IOMEM("comedi_pci_enable",	ROLE_REGION_REQUEST, SPACE_PCI_ALL, 0,		ARGS(_, _, _, _, _, _, _, _, _)),
	IOMEM("vmbus_allocate_mmio",	ROLE_REGION_REQUEST, SPACE_MEM, API_EXCLUSIVE,	ARGS(_, _, 4, _, _, _, _, _, _)),
	IOMEM("serial8250_register_8250_port", ROLE_REGION_REQUEST, SPACE_MEM, 0,	ARGS(_, _, _, _, _, _, _, _, _)),
	IOMEM("pcmcia_request_window",	ROLE_REGION_REQUEST, SPACE_MEM, 0,		ARGS(_, _, _, _, _, _, _, _, _)),
	IOMEM("mcb_request_mem",	ROLE_REGION_REQUEST, SPACE_MEM, 0,		ARGS(_, _, _, _, _, _, _, _, _)),
	IOMEM("mcb_release_mem",	ROLE_REGION_RELEASE, SPACE_MEM, 0,		ARGS(_, _, _, _, _, _, _, _, _)),
	IOMEM("pci_release_region",	ROLE_REGION_RELEASE, SPACE_PCI_BAR, 0,		ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("pci_release_regions",	ROLE_REGION_RELEASE, SPACE_PCI_ALL, 0,		ARGS(0, _, _, _, _, _, _, _, _)),
	IOMEM("pci_release_mem_regions", ROLE_REGION_RELEASE, SPACE_PCI_MASK, 0,	ARGS(0, _, _, _, _, _, _, _, _)),
	IOMEM("pci_release_selected_regions", ROLE_REGION_RELEASE, SPACE_PCI_MASK, 0,	ARGS(0, _, _, _, _, _, _, 1, _)),
	/* claim and map in one call: devres releases both */
	IOMEM("pcim_iomap_regions",	ROLE_REGION_REQUEST_MAP, SPACE_PCI_MASK, API_MANAGED,	ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("pcim_iomap_regions_request_all", ROLE_REGION_REQUEST_MAP, SPACE_PCI_ALL, API_MANAGED, ARGS(0, _, _, _, _, _, _, 1, _)),
	/* 6.11's managed PCI helpers: one BAR or all of them, devres releases */
	IOMEM("pcim_iomap_region",	ROLE_REGION_REQUEST_MAP, SPACE_PCI_BAR, API_MANAGED,	ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("devm_ioremap_resource",	ROLE_REGION_REQUEST_MAP, SPACE_MEM, API_MANAGED,	ARGS(0, _, _, _, _, 1, _, _, _)),
	IOMEM("devm_platform_ioremap_resource", ROLE_REGION_REQUEST_MAP, SPACE_MEM, API_MANAGED, ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("devm_platform_ioremap_resource_byname", ROLE_REGION_REQUEST_MAP, SPACE_MEM, API_MANAGED, ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("devm_platform_get_and_ioremap_resource", ROLE_REGION_REQUEST_MAP, SPACE_MEM, API_MANAGED, ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("devm_of_iomap",		ROLE_REGION_REQUEST_MAP, SPACE_MEM, API_MANAGED,	ARGS(0, _, 3, _, _, 1, _, 2, _)),
	IOMEM("of_io_request_and_map",	ROLE_REGION_REQUEST_MAP, SPACE_MEM, 0,		ARGS(_, _, _, _, _, 0, _, 1, _)),
	/* map without claiming: the region must have been requested */
	IOMEM("ioremap",		ROLE_IOMAP, SPACE_MEM, 0,			ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("ioremap_wc",		ROLE_IOMAP, SPACE_MEM, 0,			ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("ioremap_uc",		ROLE_IOMAP, SPACE_MEM, 0,			ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("ioremap_wt",		ROLE_IOMAP, SPACE_MEM, 0,			ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("ioremap_cache",		ROLE_IOMAP, SPACE_MEM, 0,			ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("ioremap_nocache",	ROLE_IOMAP, SPACE_MEM, API_LEGACY,		ARGS(_, _, 1, _, _, _, _, 0, _)),
	IOMEM("devm_ioremap",		ROLE_IOMAP, SPACE_MEM, API_MANAGED,		ARGS(0, _, 2, _, _, _, _, 1, _)),
	IOMEM("devm_ioremap_wc",	ROLE_IOMAP, SPACE_MEM, API_MANAGED,		ARGS(0, _, 2, _, _, _, _, 1, _)),
	IOMEM("devm_ioremap_uc",	ROLE_IOMAP, SPACE_MEM, API_MANAGED,		ARGS(0, _, 2, _, _, _, _, 1, _)),
	IOMEM("devm_ioremap_nocache",	ROLE_IOMAP, SPACE_MEM, API_MANAGED | API_LEGACY, ARGS(0, _, 2, _, _, _, _, 1, _)),
	IOMEM("of_iomap",		ROLE_IOMAP, SPACE_MEM, 0,			ARGS(_, _, _, _, _, 0, _, 1, _)),
	IOMEM("pci_iomap",		ROLE_IOMAP, SPACE_PCI_BAR, 0,			ARGS(0, _, 2, _, _, _, _, 1, _)),
	IOMEM("pci_iomap_wc",		ROLE_IOMAP, SPACE_PCI_BAR, 0,			ARGS(0, _, 2, _, _, _, _, 1, _)),
	IOMEM("pci_iomap_range",	ROLE_IOMAP, SPACE_PCI_BAR, 0,			ARGS(0, _, 3, _, _, _, 2, 1, _)),
	IOMEM("pci_ioremap_bar",	ROLE_IOMAP, SPACE_PCI_BAR, 0,			ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("pci_ioremap_wc_bar",	ROLE_IOMAP, SPACE_PCI_BAR, 0,			ARGS(0, _, _, _, _, _, _, 1, _)),
	IOMEM("pcim_iomap",		ROLE_IOMAP, SPACE_PCI_BAR, API_MANAGED,		ARGS(0, _, 2, _, _, _, _, 1, _)),
	IOMEM("pcim_iomap_range",	ROLE_IOMAP, SPACE_PCI_BAR, API_MANAGED,		ARGS(0, _, 3, _, _, _, 2, 1, _)),	/* 6.11 */
	IOMEM("iounmap",		ROLE_IOUNMAP, SPACE_MEM, 0,			ARGS(_, _, _, _, _, 0, _, _, _)),
	IOMEM("pci_iounmap",		ROLE_IOUNMAP, SPACE_PCI_BAR, 0,			ARGS(0, _, _, _, _, 1, _, _, _)),
	IOMEM("devm_iounmap",		ROLE_IOUNMAP, SPACE_MEM, API_MANAGED,		ARGS(0, _, _, _, _, 1, _, _, _)),

	/* poll_table registration: table is the poll_table argument */
	POLL("poll_wait",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 2)),
	POLL("sock_poll_wait",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 2)),
	POLL("datagram_poll",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 2)),
	POLL("vb2_poll",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 2)),
	POLL("vb2_core_poll",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 2)),
	POLL("vb2_fop_poll",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 1)),
	POLL("v4l2_ctrl_poll",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 1)),
	POLL("v4l2_m2m_poll",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 2)),
	POLL("v4l2_m2m_fop_poll",	ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 1)),
	POLL("drm_poll",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 1)),
	POLL("kernfs_generic_poll",	ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 1)),
	POLL("tty_port_poll",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 1)),
	/* waits for an event or for time: the poll callback must not */
	POLL("wait_event",			ROLE_BLOCKING, NOARGS),
	POLL("wait_event_timeout",		ROLE_BLOCKING, NOARGS),
	POLL("wait_event_interruptible",	ROLE_BLOCKING, NOARGS),
	POLL("wait_event_interruptible_timeout", ROLE_BLOCKING, NOARGS),
	POLL("wait_event_interruptible_exclusive", ROLE_BLOCKING, NOARGS),
	POLL("wait_event_interruptible_locked",	ROLE_BLOCKING, NOARGS),
	POLL("wait_event_interruptible_lock_irq", ROLE_BLOCKING, NOARGS),
	POLL("wait_event_killable",		ROLE_BLOCKING, NOARGS),
	POLL("wait_event_killable_timeout",	ROLE_BLOCKING, NOARGS),
	POLL("wait_event_freezable",		ROLE_BLOCKING, NOARGS),
	POLL("wait_event_idle",			ROLE_BLOCKING, NOARGS),
	POLL("wait_event_idle_timeout",		ROLE_BLOCKING, NOARGS),
	POLL("wait_event_lock_irq",		ROLE_BLOCKING, NOARGS),
	POLL("wait_for_completion",		ROLE_BLOCKING, NOARGS),
	POLL("wait_for_completion_timeout",	ROLE_BLOCKING, NOARGS),
	POLL("wait_for_completion_interruptible", ROLE_BLOCKING, NOARGS),
	POLL("wait_for_completion_interruptible_timeout", ROLE_BLOCKING, NOARGS),
	POLL("wait_for_completion_killable",	ROLE_BLOCKING, NOARGS),
	POLL("wait_for_completion_killable_timeout", ROLE_BLOCKING, NOARGS),
	POLL("wait_for_completion_io",		ROLE_BLOCKING, NOARGS),
	POLL("wait_for_completion_io_timeout",	ROLE_BLOCKING, NOARGS),
	POLL("schedule",			ROLE_BLOCKING, NOARGS),
	POLL("schedule_timeout",		ROLE_BLOCKING, NOARGS),
	POLL("schedule_timeout_interruptible",	ROLE_BLOCKING, NOARGS),
	POLL("schedule_timeout_killable",	ROLE_BLOCKING, NOARGS),
	POLL("schedule_timeout_uninterruptible", ROLE_BLOCKING, NOARGS),
	POLL("schedule_timeout_idle",		ROLE_BLOCKING, NOARGS),
	POLL("io_schedule",			ROLE_BLOCKING, NOARGS),
	POLL("io_schedule_timeout",		ROLE_BLOCKING, NOARGS),
	POLL("msleep",				ROLE_BLOCKING, NOARGS),
	POLL("msleep_interruptible",		ROLE_BLOCKING, NOARGS),
	POLL("ssleep",				ROLE_BLOCKING, NOARGS),
	POLL("usleep_range",			ROLE_BLOCKING, NOARGS),
	POLL("usleep_range_state",		ROLE_BLOCKING, NOARGS),
	POLL("fsleep",				ROLE_BLOCKING, NOARGS),
	POLL("down",				ROLE_BLOCKING, NOARGS),
	POLL("down_interruptible",		ROLE_BLOCKING, NOARGS),
	POLL("down_killable",			ROLE_BLOCKING, NOARGS),
	POLL("down_timeout",			ROLE_BLOCKING, NOARGS),
	POLL("interruptible_sleep_on",		ROLE_BLOCKING, NOARGS),
	POLL("interruptible_sleep_on_timeout",	ROLE_BLOCKING, NOARGS),
	POLL("sleep_on",			ROLE_BLOCKING, NOARGS),
	POLL("sleep_on_timeout",		ROLE_BLOCKING, NOARGS),
	/* task-state changes: poll's own wait loop owns current's state */
	POLL("set_current_state",		ROLE_TASK_STATE, NOARGS),
	POLL("__set_current_state",		ROLE_TASK_STATE, NOARGS),
	POLL("set_special_state",		ROLE_TASK_STATE, NOARGS),
	POLL("set_task_state",			ROLE_TASK_STATE, NOARGS),
	POLL("__set_task_state",		ROLE_TASK_STATE, NOARGS),
	POLL("prepare_to_wait",			ROLE_TASK_STATE, NOARGS),
	POLL("prepare_to_wait_exclusive",	ROLE_TASK_STATE, NOARGS),
	POLL("prepare_to_wait_event",		ROLE_TASK_STATE, NOARGS),
	/* may sleep without waiting for the event (fine since 2.6.29) */
	POLL("mutex_lock",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("mutex_lock_interruptible",	ROLE_MIGHT_SLEEP, NOARGS),
	POLL("mutex_lock_killable",		ROLE_MIGHT_SLEEP, NOARGS),
	POLL("down_read",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("down_write",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("down_read_interruptible",		ROLE_MIGHT_SLEEP, NOARGS),
	POLL("down_read_killable",		ROLE_MIGHT_SLEEP, NOARGS),
	POLL("copy_from_user",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("copy_to_user",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("get_user",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("put_user",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("might_sleep",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("cond_resched",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("flush_work",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("flush_workqueue",			ROLE_MIGHT_SLEEP, NOARGS),
	POLL("cancel_work_sync",		ROLE_MIGHT_SLEEP, NOARGS),
	POLL("synchronize_rcu",			ROLE_MIGHT_SLEEP, NOARGS),

	/* kmalloc'ed memory freed: release_resource() + kfree() is what
	 * release_mem_region() does */
	MEM("kfree",			ROLE_MEM_FREE, ARGS(_, _, _, _, _, 0, _, _, _)),
	MEM("kvfree",			ROLE_MEM_FREE, ARGS(_, _, _, _, _, 0, _, _, _)),
	/* vmalloc area: virtually contiguous only, never for streaming DMA
	 * (kvmalloc falls back to it); kvmalloc/kvzalloc/kvcalloc are inline
	 * wrappers of kvmalloc_node in 6.1 */
	MEM("vmalloc",			ROLE_VMALLOC, NOARGS),
	MEM("vzalloc",			ROLE_VMALLOC, NOARGS),
	MEM("vmalloc_user",		ROLE_VMALLOC, NOARGS),
	MEM("vmalloc_node",		ROLE_VMALLOC, NOARGS),
	MEM("vzalloc_node",		ROLE_VMALLOC, NOARGS),
	MEM("vmalloc_32",		ROLE_VMALLOC, NOARGS),
	MEM("vmalloc_32_user",		ROLE_VMALLOC, NOARGS),
	MEM("vmalloc_array",		ROLE_VMALLOC, NOARGS),
	MEM("vcalloc",			ROLE_VMALLOC, NOARGS),
	MEM("__vmalloc",		ROLE_VMALLOC, NOARGS),
	MEM("__vmalloc_node",		ROLE_VMALLOC, NOARGS),
	MEM("kvmalloc",			ROLE_VMALLOC, NOARGS),
	MEM("kvzalloc",			ROLE_VMALLOC, NOARGS),
	MEM("kvmalloc_node",		ROLE_VMALLOC, NOARGS),
	MEM("kvzalloc_node",		ROLE_VMALLOC, NOARGS),
	MEM("kvcalloc",			ROLE_VMALLOC, NOARGS),
	MEM("kvmalloc_array",		ROLE_VMALLOC, NOARGS),
	/* 6.10's allocation profiling: the names above became macros of
	 * these (kvmalloc and kin all end in __kvmalloc_node_noprof) */
	MEM("vmalloc_noprof",		ROLE_VMALLOC, NOARGS),
	MEM("vzalloc_noprof",		ROLE_VMALLOC, NOARGS),
	MEM("vmalloc_user_noprof",	ROLE_VMALLOC, NOARGS),
	MEM("vmalloc_node_noprof",	ROLE_VMALLOC, NOARGS),
	MEM("vzalloc_node_noprof",	ROLE_VMALLOC, NOARGS),
	MEM("vmalloc_32_noprof",	ROLE_VMALLOC, NOARGS),
	MEM("vmalloc_32_user_noprof",	ROLE_VMALLOC, NOARGS),
	MEM("vmalloc_array_noprof",	ROLE_VMALLOC, NOARGS),
	MEM("vcalloc_noprof",		ROLE_VMALLOC, NOARGS),
	MEM("__vmalloc_noprof",		ROLE_VMALLOC, NOARGS),
	MEM("__vmalloc_node_noprof",	ROLE_VMALLOC, NOARGS),
	MEM("__kvmalloc_node_noprof",	ROLE_VMALLOC, NOARGS),
	MEM("kvmalloc_array_node_noprof", ROLE_VMALLOC, NOARGS),
};
const size_t api_model_count = sizeof(api_model) / sizeof(api_model[0]);

/*
 * Kernel functions the runtime hooks that the engines do not model: driver
 * API without a role of its own (dma_pool_create) and kernel internals.
 * Apart from api_model so that no engine reads them as driver calls.
 */
const struct api_fn kernel_model[] = {
	/* dma_pool_create(name, dev, size, align, boundary), dma_pool_destroy(pool) */
	DMA("dma_pool_create",	ROLE_DMA_POOL_CREATE, KIND_POOL, 0,	ARGS(1, _, 2, _, _, _, _, _, _)),
	DMA("dma_pool_destroy",	ROLE_DMA_POOL_DESTROY, KIND_POOL, 0,	ARGS(0, _, _, _, _, _, _, _, _)),
	/* /dev/mem asks devmem_is_allowed(pagenr) (start: a page number);
	 * PCI sysfs mmap asks iomem_is_exclusive(addr) */
	IOMEM("devmem_is_allowed",	ROLE_USER_MAP, SPACE_MEM, 0,	ARGS(_, _, _, _, _, _, _, 0, _)),
	IOMEM("iomem_is_exclusive",	ROLE_USER_MAP, SPACE_MEM, 0,	ARGS(_, _, _, _, _, _, _, 0, _)),
	/* the poll_table queue procs of poll()/select() and of epoll */
	POLL("__pollwait",		ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 2)),
	POLL("ep_ptable_queue_proc",	ROLE_POLL_WAIT, ARGS(_, _, _, _, _, _, _, _, 2)),
	POLL("do_sys_poll",		ROLE_POLL_SYSCALL, NOARGS),
	POLL("do_select",		ROLE_POLL_SYSCALL, NOARGS),
	/* pollwake(wait, mode, sync, key): buf is the wait_queue_entry */
	POLL("pollwake",		ROLE_POLL_WAKE, ARGS(_, _, _, _, _, 0, _, _, _)),
};
const size_t kernel_model_count = sizeof(kernel_model) / sizeof(kernel_model[0]);

#define HOOK(sym, kd, fl, nd) \
	{ .symbol = sym, .kind = kd, .flags = fl, .needs = nd }
#define SPLIT RT_HOOK_SYNC_SPLIT

/*
 * What drvcheck_rt.ko hooks (6.1 and 6.12).  As dma-debug: a page mapping
 * is a "single" one, an sg_table's is a scatterlist's.
 */
const struct rt_hook_fn rt_hook_model[] = {
	HOOK("dma_map_page_attrs",	KIND_SINGLE, 0, "dma_unmap_page_attrs"),
	HOOK("dma_unmap_page_attrs",	KIND_SINGLE, 0, NULL),
	HOOK("dma_map_sg_attrs",	KIND_SG, 0, "dma_unmap_sg_attrs"),
	HOOK("dma_map_sgtable",		KIND_SG, 0, "dma_unmap_sg_attrs"),
	HOOK("dma_unmap_sg_attrs",	KIND_SG, 0, NULL),
	HOOK("dma_alloc_attrs",		KIND_COHERENT, 0, "dma_free_attrs"),
	HOOK("dma_free_attrs",		KIND_COHERENT, 0, NULL),
	HOOK("dma_sync_single_for_cpu",	KIND_SINGLE, SPLIT, NULL),
	HOOK("dma_sync_single_for_device", KIND_SINGLE, SPLIT, NULL),
	HOOK("dma_sync_sg_for_cpu",	KIND_SG, SPLIT, NULL),
	HOOK("dma_sync_sg_for_device",	KIND_SG, SPLIT, NULL),
	HOOK("dma_map_resource",	KIND_RESOURCE, 0, "dma_unmap_resource"),
	HOOK("dma_unmap_resource",	KIND_RESOURCE, 0, NULL),
	HOOK("dma_pool_create",		KIND_NONE, 0, "dma_pool_destroy"),
	HOOK("dma_pool_destroy",	KIND_NONE, 0, NULL),
	HOOK("dma_pool_alloc",		KIND_POOL, 0, "dma_pool_free"),
	HOOK("dma_pool_free",		KIND_POOL, 0, NULL),
	HOOK("__request_region",	KIND_NONE, 0, "__release_region"),
	HOOK("__release_region",	KIND_NONE, 0, NULL),
	HOOK("devmem_is_allowed",	KIND_NONE, 0, NULL),
	HOOK("iomem_is_exclusive",	KIND_NONE, 0, NULL),
	HOOK("__pollwait",		KIND_NONE, 0, NULL),
	HOOK("ep_ptable_queue_proc",	KIND_NONE, 0, NULL),
	HOOK("do_sys_poll",		KIND_NONE, 0, NULL),
	HOOK("do_select",		KIND_NONE, 0, NULL),
	HOOK("pollwake",		KIND_NONE, 0, NULL),
};
const size_t rt_hook_model_count = sizeof(rt_hook_model) / sizeof(rt_hook_model[0]);

/* "page" is a type of older dma-debugs (before 5.x); the runtime keeps it. */
const struct dma_debug_type dma_debug_types[] = {
	{ KIND_SINGLE,		"single" },
	{ KIND_PAGE,		"page" },
	{ KIND_SG,		"scather-gather" },	/* sic, as dma-debug */
	{ KIND_COHERENT,	"coherent" },
	{ KIND_RESOURCE,	"resource" },
	{ KIND_POOL,		"pool" },
};
const size_t dma_debug_type_count =
	sizeof(dma_debug_types) / sizeof(dma_debug_types[0]);

const struct poll_ops poll_ops_model[] = {
	{ "file_operations",		"poll",		1 },
	{ "proc_ops",			"proc_poll",	1 },
	{ "proto_ops",			"poll",		2 },
	{ "v4l2_file_operations",	"poll",		1 },
	{ "tty_ldisc_ops",		"poll",		2 },
	{ "kernfs_ops",			"poll",		1 },
	{ "cftype",			"poll",		1 },
	{ "posix_clock_operations",	"poll",		2 },
	{ "snd_hwdep_ops",		"poll",		2 },
	{ "snd_info_entry_ops",		"poll",		3 },
	{ "rpmsg_endpoint_ops",		"poll",		2 },
	{ "wwan_port_ops",		"tx_poll",	2 },
	{ "bpf_map_ops",		"map_poll",	2 },
};
const size_t poll_ops_model_count =
	sizeof(poll_ops_model) / sizeof(poll_ops_model[0]);

const struct dma_dir_name dma_dir_names[] = {
	{ "DMA_BIDIRECTIONAL",		DIR_BIDIRECTIONAL },
	{ "DMA_TO_DEVICE",		DIR_TO_DEVICE },
	{ "DMA_FROM_DEVICE",		DIR_FROM_DEVICE },
	{ "DMA_NONE",			DIR_NONE },
	{ "PCI_DMA_BIDIRECTIONAL",	DIR_BIDIRECTIONAL },
	{ "PCI_DMA_TODEVICE",		DIR_TO_DEVICE },
	{ "PCI_DMA_FROMDEVICE",		DIR_FROM_DEVICE },
	{ "PCI_DMA_NONE",		DIR_NONE },
};
const size_t dma_dir_name_count =
	sizeof(dma_dir_names) / sizeof(dma_dir_names[0]);

const char *dma_dir_name(long long dir)
{
	static char other[32];

	/* the kernel's names come first in the table, in enum order */
	if (dir >= DIR_BIDIRECTIONAL && dir <= DIR_NONE)
		return dma_dir_names[dir].name;
	snprintf(other, sizeof(other), "direction %lld", dir);
	return other;
}

int dma_dir_lookup(const char *name)
{
	for (size_t i = 0; i < dma_dir_name_count; i++)
		if (strcmp(dma_dir_names[i].name, name) == 0)
			return (int)dma_dir_names[i].dir;
	return -1;
}

const struct api_fn *api_lookup(const char *name)
{
	for (size_t i = 0; i < api_model_count; i++)
		if (strcmp(api_model[i].name, name) == 0)
			return &api_model[i];
	return NULL;
}

const struct value_fn value_model[] = {
	{ "resource_size",	0, "end", "start", 1, "resource" },	/* include/linux/ioport.h */
};
const size_t value_model_count = sizeof(value_model) / sizeof(value_model[0]);

/* include/linux/pci.h */
const struct resource_fn resource_model[] = {
	{ "pci_resource_start",	0, 1, "pci_dev", "resource", "start" },
	{ "pci_resource_end",	0, 1, "pci_dev", "resource", "end" },
	{ "pci_resource_len",	0, 1, "pci_dev", "resource", NULL },
};
const size_t resource_model_count = sizeof(resource_model) / sizeof(resource_model[0]);

/* include/linux/of.h, of_address.h, of_graph.h */
const struct of_fn of_model[] = {
	{ "of_parse_phandle",			OF_OTHER_NODE,	_, _ },
	{ "of_find_node_by_phandle",		OF_OTHER_NODE,	_, _ },
	{ "of_get_child_by_name",		OF_OTHER_NODE,	_, _ },
	{ "of_get_compatible_child",		OF_OTHER_NODE,	_, _ },
	{ "of_get_next_child",			OF_OTHER_NODE,	_, _ },
	{ "of_get_next_available_child",	OF_OTHER_NODE,	_, _ },
	{ "of_get_parent",			OF_OTHER_NODE,	_, _ },
	{ "of_get_next_parent",			OF_OTHER_NODE,	_, _ },
	{ "of_graph_get_remote_node",		OF_OTHER_NODE,	_, _ },
	{ "of_graph_get_remote_port_parent",	OF_OTHER_NODE,	_, _ },
	/* macros of of_get_next_child(): what sparse and clang see expanded */
	{ "for_each_child_of_node",		OF_CHILD_ITER,	1, _ },
	{ "for_each_available_child_of_node",	OF_CHILD_ITER,	1, _ },
	{ "of_address_to_resource",		OF_FILL_RESOURCE, 0, 2 },
};
const size_t of_model_count = sizeof(of_model) / sizeof(of_model[0]);

const struct of_fn *of_lookup(const char *name)
{
	for (size_t i = 0; i < of_model_count; i++)
		if (strcmp(of_model[i].name, name) == 0)
			return &of_model[i];
	return NULL;
}

/* include/linux/byteorder/generic.h, include/uapi/linux/swab.h */
const char *const conversion_model[] = {
	"cpu_to_le16", "cpu_to_le32", "cpu_to_le64",
	"le16_to_cpu", "le32_to_cpu", "le64_to_cpu",
	"cpu_to_be16", "cpu_to_be32", "cpu_to_be64",
	"be16_to_cpu", "be32_to_cpu", "be64_to_cpu",
	"ntohs", "ntohl", "htons", "htonl",
	"swab16", "swab32", "swab64",
	/* what the macros expand to */
	"__swab16", "__swab32", "__swab64",
	"__fswab16", "__fswab32", "__fswab64",
	"__builtin_bswap16", "__builtin_bswap32", "__builtin_bswap64",
};
const size_t conversion_model_count = sizeof(conversion_model) / sizeof(conversion_model[0]);

static bool listed(const char *const *list, size_t n, const char *name)
{
	for (size_t i = 0; i < n; i++)
		if (strcmp(list[i], name) == 0)
			return true;
	return false;
}

bool conversion_lookup(const char *name)
{
	return listed(conversion_model, conversion_model_count, name);
}

/* arch/x86/include/asm/io.h, include/asm-generic/io.h */
const char *const port_io_model[] = {
	"inb", "inw", "inl", "outb", "outw", "outl",
	"inb_p", "inw_p", "inl_p", "outb_p", "outw_p", "outl_p",
	"insb", "insw", "insl", "outsb", "outsw", "outsl",
	"ioport_map",
};
const size_t port_io_model_count = sizeof(port_io_model) / sizeof(port_io_model[0]);

bool port_io_lookup(const char *name)
{
	return listed(port_io_model, port_io_model_count, name);
}

const struct region_use_row region_use_model[] = {
	{ SPACE_PORT,	USE_PORT_IO | USE_VARIABLE_START },
	{ SPACE_MEM,	USE_MAPS },
	/* __request_region(): the parent says which */
	{ SPACE_PARENT,	USE_PORT_IO | USE_MAPS | USE_VARIABLE_START },
};
const size_t region_use_model_count = sizeof(region_use_model) / sizeof(region_use_model[0]);

bool region_request_used(enum region_space space, bool fixed, bool port_io,
			 bool maps_mmio)
{
	for (size_t i = 0; i < region_use_model_count; i++) {
		unsigned ev = region_use_model[i].evidence;

		if (region_use_model[i].space == space)
			return ((ev & USE_PORT_IO) && port_io) ||
			       ((ev & USE_MAPS) && maps_mmio) ||
			       ((ev & USE_VARIABLE_START) && !fixed);
	}
	return true;
}

bool api_maps_mmio(const struct api_fn *f)
{
	return f && f->family == FAMILY_IOMEM &&
	       (f->role == ROLE_IOMAP || f->role == ROLE_REGION_REQUEST_MAP);
}

const struct value_fn *value_lookup(const char *name)
{
	for (size_t i = 0; i < value_model_count; i++)
		if (strcmp(value_model[i].name, name) == 0)
			return &value_model[i];
	return NULL;
}

const struct api_fn *api_lookup_any(const char *name)
{
	const struct api_fn *f = api_lookup(name);

	for (size_t i = 0; !f && i < kernel_model_count; i++)
		if (strcmp(kernel_model[i].name, name) == 0)
			f = &kernel_model[i];
	return f;
}

const char *api_family_name(enum api_family family)
{
	static const char *const names[] = {
		[FAMILY_DMA] = "dma", [FAMILY_POLL] = "poll",
		[FAMILY_IOMEM] = "iomem", [FAMILY_MEM] = "mem",
	};
	return names[family];
}

const char *api_role_name(enum api_role role)
{
	static const char *const names[] = {
		[ROLE_DMA_MAP] = "map", [ROLE_DMA_UNMAP] = "unmap",
		[ROLE_DMA_SYNC] = "sync",
		[ROLE_DMA_MAPPING_ERROR] = "mapping_error",
		[ROLE_DMA_ALLOC] = "alloc", [ROLE_DMA_FREE] = "free",
		[ROLE_DMA_FIELD_SET] = "field_set",
		[ROLE_DMA_FIELD_GET] = "field_get",
		[ROLE_REGION_REQUEST] = "region_request",
		[ROLE_REGION_RELEASE] = "region_release",
		[ROLE_REGION_REQUEST_MAP] = "region_request_map",
		[ROLE_IOMAP] = "iomap", [ROLE_IOUNMAP] = "iounmap",
		[ROLE_RESOURCE_INSERT] = "resource_insert",
		[ROLE_RESOURCE_RELEASE] = "resource_release",
		[ROLE_POLL_WAIT] = "poll_wait", [ROLE_BLOCKING] = "blocking",
		[ROLE_TASK_STATE] = "task_state",
		[ROLE_MIGHT_SLEEP] = "might_sleep",
		[ROLE_VMALLOC] = "vmalloc",
		[ROLE_MEM_FREE] = "mem_free",
		[ROLE_DMA_POOL_CREATE] = "pool_create",
		[ROLE_DMA_POOL_DESTROY] = "pool_destroy",
		[ROLE_USER_MAP] = "user_map",
		[ROLE_POLL_SYSCALL] = "poll_syscall",
		[ROLE_POLL_WAKE] = "poll_wake",
	};
	return names[role];
}

const char *dma_kind_name(enum dma_kind kind)
{
	static const char *const names[] = {
		[KIND_NONE] = "none", [KIND_SINGLE] = "single",
		[KIND_PAGE] = "page", [KIND_SG] = "sg",
		[KIND_SGTABLE] = "sgtable", [KIND_RESOURCE] = "resource",
		[KIND_COHERENT] = "coherent",
		[KIND_NONCOHERENT] = "noncoherent", [KIND_POOL] = "pool",
	};
	return names[kind];
}

const char *region_space_name(enum region_space space)
{
	static const char *const names[] = {
		[SPACE_NONE] = "none", [SPACE_PORT] = "port",
		[SPACE_MEM] = "mem", [SPACE_PARENT] = "parent",
		[SPACE_PCI_BAR] = "pci_bar", [SPACE_PCI_ALL] = "pci_all",
		[SPACE_PCI_MASK] = "pci_mask",
	};
	return names[space];
}

bool api_might_sleep(const struct api_fn *api)
{
	return api->role == ROLE_MIGHT_SLEEP || api->role == ROLE_VMALLOC;
}

static bool twins(const struct api_fn *a, const struct api_fn *e)
{
	return e->family == a->family && e->role == a->role &&
	       e->space == a->space && (e->flags & API_EXCLUSIVE) &&
	       (e->flags & API_MANAGED) == (a->flags & API_MANAGED) &&
	       e->dev == a->dev && e->start == a->start && e->size == a->size;
}

const struct api_fn *api_exclusive_twin(const struct api_fn *api)
{
	const struct api_fn *legacy = NULL;

	if (api->flags & API_EXCLUSIVE)
		return NULL;
	for (size_t i = 0; i < api_model_count; i++) {
		const struct api_fn *e = &api_model[i];

		if (!twins(api, e))
			continue;
		if (!(e->flags & API_LEGACY))
			return e;
		legacy = legacy ? legacy : e;
	}
	return legacy;
}
