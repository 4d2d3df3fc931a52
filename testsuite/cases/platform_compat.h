/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/platform_device.h>, and a platform_driver ->remove that builds
 * on both sides of 6.11, which made it return void: a case's remove is
 * `static platform_remove_ret_t foo_remove(...)` and ends with
 * `return PLATFORM_REMOVE_OK;`.  Its body, what the engines check, is the
 * same on every kernel (cocci reads no headers and takes the two names
 * for a type and a value).  Compile-only: the cases are never loaded.
 */
#ifndef DRVCHECK_CASES_PLATFORM_COMPAT_H
#define DRVCHECK_CASES_PLATFORM_COMPAT_H

#include <linux/platform_device.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
typedef void platform_remove_ret_t;
#define PLATFORM_REMOVE_OK
#else
typedef int platform_remove_ret_t;
#define PLATFORM_REMOVE_OK 0
#endif

#endif
