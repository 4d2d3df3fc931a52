/* SPDX-License-Identifier: GPL-2.0 */
/* The iomem_unrequested_dt_shared case: the drivers the timer's file registers. */
#ifndef DTSOC_H
#define DTSOC_H

int dtsoc_mdio_init(void);
void dtsoc_mdio_exit(void);
int dtsoc_fuse_init(void);
void dtsoc_fuse_exit(void);

#endif
