/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The page_pool API: <net/page_pool.h> was split in 6.6; the functions
 * (page_pool_get_dma_addr(), ...) are in <net/page_pool/helpers.h> since.
 */
#ifndef DRVCHECK_CASES_PAGE_POOL_COMPAT_H
#define DRVCHECK_CASES_PAGE_POOL_COMPAT_H

#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
#include <net/page_pool/helpers.h>
#else
#include <net/page_pool.h>
#endif

#endif
