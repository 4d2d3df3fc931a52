// SPDX-License-Identifier: GPL-2.0
#include "judge_checks.h"

const struct judge_check judge_checks[] = {
	{ "dma-unmap-size",		judge_dma_unmap_size, NULL },
	{ "dma-unmap-kind",		judge_dma_unmap_kind, NULL },
	{ "dma-coherent-streaming-mix",	judge_dma_coherent_streaming_mix,
					judge_dma_coherent_streaming_mix_map },
	{ "dma-direction",		judge_dma_direction, judge_dma_direction_none },
	{ "dma-unmap-sg-nents",		judge_dma_unmap_sg_nents, NULL },
	{ "iomem-release-mismatch",	NULL, judge_iomem_release_mismatch },
	{ "iomem-unrequested-map",	NULL, judge_iomem_unrequested_map },
	{ "iomem-not-exclusive",	NULL, judge_iomem_not_exclusive },
};
const size_t judge_check_count = sizeof(judge_checks) / sizeof(judge_checks[0]);
