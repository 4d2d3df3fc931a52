// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "dma_dir.h"

const char *dma_dir_name(long long dir)
{
	static const char *const names[] = {
		[DIR_BIDIRECTIONAL] = "DMA_BIDIRECTIONAL",
		[DIR_TO_DEVICE] = "DMA_TO_DEVICE",
		[DIR_FROM_DEVICE] = "DMA_FROM_DEVICE",
		[DIR_NONE] = "DMA_NONE",
	};
	static char other[32];

	if (dir >= 0 && dir < (long long)(sizeof(names) / sizeof(names[0])))
		return names[dir];
	snprintf(other, sizeof(other), "direction %lld", dir);
	return other;
}
