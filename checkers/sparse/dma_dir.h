/* SPDX-License-Identifier: GPL-2.0 */
/*
 * enum dma_data_direction (include/linux/dma-direction.h).  After
 * preprocessing and evaluation the IR holds DMA_TO_DEVICE & co. as plain
 * constants, and by the time the IR is checked the file scope that bound
 * the enumerator names has ended, so the values are the kernel's: they have
 * been the same since 2.6 (and PCI_DMA_* of pci-dma-compat.h share them).
 * (Candidate for checkers/model once another engine needs them.)
 */
#ifndef DRVCHECK_SPARSE_DMA_DIR_H
#define DRVCHECK_SPARSE_DMA_DIR_H

#include <stdbool.h>

enum {
	DIR_BIDIRECTIONAL = 0,
	DIR_TO_DEVICE = 1,
	DIR_FROM_DEVICE = 2,
	DIR_NONE = 3,
};

/* "DMA_TO_DEVICE", or "direction 7" for a value outside the enum */
const char *dma_dir_name(long long dir);

#endif
