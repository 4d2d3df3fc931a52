/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The get/put_unaligned_*() helpers: <asm/unaligned.h> became
 * <linux/unaligned.h> in 6.12.
 */
#ifndef DRVCHECK_CASES_UNALIGNED_COMPAT_H
#define DRVCHECK_CASES_UNALIGNED_COMPAT_H

#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 12, 0)
#include <linux/unaligned.h>
#else
#include <asm/unaligned.h>
#endif

#endif
