// SPDX-License-Identifier: GPL-2.0
/*
 * Cross-TU region pairing: xadc_main.c's probe requests the register
 * window with XADC_REGS_SIZE (4 KiB) and keeps its start in struct
 * xadc.phys; this file's teardown, left over from rev 1, releases it with
 * XADC_REGS_SIZE_REV1 (2 KiB) through the same field.  The resource tree
 * finds no such region ("Trying to free nonexistent resource") and the
 * claim stays busy, so the next probe fails with -EBUSY.  Only a
 * module-wide join sees both halves.
 *
 * drvcheck-case: positive iomem-release-mismatch
 * drvcheck-case: negative iomem-unchecked-request iomem-unrequested-map
 */
#include "xadc.h"

int xadc_hw_init(struct xadc *adc)
{
	adc->regs = ioremap(adc->phys, XADC_REGS_SIZE);
	if (!adc->regs)
		return -ENOMEM;
	writel(XADC_CTRL_RESET, adc->regs + XADC_CTRL);
	return 0;
}

void xadc_hw_teardown(struct xadc *adc)
{
	writel(XADC_CTRL_RESET, adc->regs + XADC_CTRL);
	iounmap(adc->regs);
	release_mem_region(adc->phys, XADC_REGS_SIZE_REV1); /* expect: iomem-release-mismatch */
}
