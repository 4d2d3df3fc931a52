/* SPDX-License-Identifier: GPL-2.0 */
/*
 * <linux/tty_ldisc.h>, and the types of a line discipline's
 * ->receive_buf(): 6.6 made the flags u8 (char before) and the count
 * size_t (int before).  A case's receive_buf takes
 * `const tty_flag_t *fp, tty_count_t count`.
 */
#ifndef DRVCHECK_CASES_TTY_COMPAT_H
#define DRVCHECK_CASES_TTY_COMPAT_H

#include <linux/tty_ldisc.h>
#include <linux/version.h>

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 6, 0)
typedef u8 tty_flag_t;
typedef size_t tty_count_t;
#else
typedef char tty_flag_t;
typedef int tty_count_t;
#endif

#endif
