/* SPDX-License-Identifier: GPL-2.0 */
#ifndef TWODRV_H
#define TWODRV_H
#include <linux/platform_device.h>

extern struct platform_driver twodrv_mixer_driver;

#endif
