/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the kernel tree's device trees say of a driver's registers: a block
 * that lies inside another node's registers (a sibling's "reg", a parent
 * that is a "syscon" or "simple-mfd" with registers of its own, a parent
 * device whose children's addresses are offsets into its block) is that
 * node's, and its driver claims it; the driver of the inner node maps it
 * without a request on purpose (an MDIO bus inside its MAC, a PHY inside
 * its AHCI controller, a clock divider inside a syscon), and a request
 * would fail with -EBUSY.  Likewise a block holding a child that another
 * driver binds to (GPIO banks inside an IOMUX window) is not the outer
 * driver's alone to claim.
 *
 * The driver is known by the compatible strings its files name
 * (`.compatible = "vendor,device"`), the trees by walking up from those
 * files to the kernel tree's arch/ARCH/boot/dts.  Out of a kernel tree
 * (an out-of-tree module, a testsuite case) nothing is known.
 */
#ifndef DRVCHECK_JUDGE_DT_SHARED_H
#define DRVCHECK_JUDGE_DT_SHARED_H

#include <stdbool.h>
#include <stddef.h>

/*
 * Is a node of one of the compatibles that files name described, in some
 * device tree of their kernel tree, with registers inside another node's?
 * 1 yes, 0 no, -1 nothing known: the files name no compatible, or are in
 * no kernel tree.
 */
int dt_region_shared(const char *const *files, size_t n);

#endif
