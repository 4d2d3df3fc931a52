/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Part of the iomem_release_size_xtu case (the declaration is in
 * xadc_hw.c): the private state shared by xadc_main.c (probe, remove) and
 * xadc_hw.c (the register block's setup and teardown).
 */
#ifndef XADC_H
#define XADC_H

#include <linux/io.h>
#include "../platform_compat.h"
#include <linux/sizes.h>

#define XADC_DRV_NAME		"xadc"
#define XADC_REGS_SIZE		SZ_4K	/* the register window since rev 2 */
#define XADC_REGS_SIZE_REV1	SZ_2K	/* rev 1's window */

#define XADC_CTRL		0x00
#define  XADC_CTRL_RESET	BIT(0)

struct xadc {
	void __iomem *regs;
	resource_size_t phys;
};

int xadc_hw_init(struct xadc *adc);
void xadc_hw_teardown(struct xadc *adc);

#endif
