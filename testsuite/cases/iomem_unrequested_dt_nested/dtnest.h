/* SPDX-License-Identifier: GPL-2.0 */
/* The iomem_unrequested_dt_nested case: the drivers the I2C file registers. */
#ifndef DTNEST_H
#define DTNEST_H

int dtnest_unimac_init(void);
void dtnest_unimac_exit(void);
int dtnest_iomux_init(void);
void dtnest_iomux_exit(void);
int dtnest_poweroff_init(void);
void dtnest_poweroff_exit(void);

#endif
