/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Part of the iomem_unrequested_unparsed_claim_ok case: a debug macro that
 * takes a statement as its argument, as iphase.h's do.
 */
#ifndef UC_H
#define UC_H

extern int uc_debug;

#define UC_DBG(A)	if (uc_debug) { A }

#endif
