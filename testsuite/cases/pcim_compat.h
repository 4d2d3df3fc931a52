/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Stand-ins for 6.11's managed PCI region helpers, so the cases that use
 * them build against 6.1 headers too.  Each is a call of the same role
 * (claim, claim-and-map, map without claiming), so sparse and clang check
 * an equivalent driver on 6.1; cocci reads no headers and sees the 6.11
 * calls as written on both.  Compile-only: the cases are never loaded.
 */
#ifndef DRVCHECK_CASES_PCIM_COMPAT_H
#define DRVCHECK_CASES_PCIM_COMPAT_H

#include <linux/version.h>

#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 11, 0)
#define pcim_request_region(pdev, bar, name) pci_request_region(pdev, bar, name)
#define pcim_request_all_regions(pdev, name) pci_request_regions(pdev, name)
#define pcim_iomap_region(pdev, bar, name) ({				\
	int __err = pcim_iomap_regions(pdev, BIT(bar), name);		\
	__err ? IOMEM_ERR_PTR(__err) : pcim_iomap_table(pdev)[bar]; })
#define pcim_iomap_range(pdev, bar, off, len) \
	(pcim_iomap(pdev, bar, (off) + (len)) + (off))
#endif

#endif
