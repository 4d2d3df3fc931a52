// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "checks.h"

#define C ENGINE_COCCI
#define S ENGINE_SPARSE
#define CL ENGINE_CLANG
#define RT ENGINE_RUNTIME

const struct check check_table[] = {
	{ "dma-unmap-size", FAMILY_DMA, SEV_ERROR, true, C | S | CL | RT,
	  "unmap or sync size provably differs from the size the handle was mapped with" },
	{ "dma-unmap-kind", FAMILY_DMA, SEV_ERROR, true, C | S | CL | RT,
	  "mapping released by a function of another kind (page/single/sg/resource/coherent/pool)" },
	{ "dma-coherent-streaming-mix", FAMILY_DMA, SEV_ERROR, true, C | S | CL | RT,
	  "coherent memory given to a streaming call, or a streaming handle freed as coherent" },
	{ "dma-direction", FAMILY_DMA, SEV_ERROR, true, C | S | CL | RT,
	  "unmap or sync direction differs from the map direction, or DMA_NONE is used" },
	{ "dma-mapping-error-unchecked", FAMILY_DMA, SEV_WARNING, true, C | S | CL | RT,
	  "DMA handle is never tested with dma_mapping_error()" },
	{ "dma-unmap-sg-nents", FAMILY_DMA, SEV_ERROR, true, C | S | CL | RT,
	  "dma_unmap_sg() given dma_map_sg()'s return value or another count than was mapped" },
	{ "dma-double-unmap", FAMILY_DMA, SEV_ERROR, true, C | S | CL | RT,
	  "the same handle is released twice on one path" },
	{ "dma-leak", FAMILY_DMA, SEV_WARNING, true, CL | RT,
	  "a mapping is not released on an error return of the function that made it, or outlives its driver" },
	{ "dma-map-stack", FAMILY_DMA, SEV_ERROR, true, C | S | RT,
	  "a stack or vmalloc buffer is mapped for DMA" },
	{ "poll-blocking", FAMILY_POLL, SEV_ERROR, true, C | S | CL | RT,
	  "->poll waits for the event itself (wait_event, completion, schedule, sleep, semaphore)" },
	{ "poll-task-state", FAMILY_POLL, SEV_ERROR, true, C | S,
	  "->poll changes the task state that poll's own wait loop owns" },
	{ "poll-no-wait", FAMILY_POLL, SEV_WARNING, true, C | S | CL | RT,
	  "->poll can return a not-ready mask without registering with poll_wait()" },
	{ "poll-errno", FAMILY_POLL, SEV_ERROR, true, C | S | CL | RT,
	  "->poll returns a negative errno, which poll() reads as a mask of events" },
	{ "poll-sleep-legacy", FAMILY_POLL, SEV_ERROR, false, C | S,
	  "->poll may sleep: illegal before 2.6.29 (opt-in, or on when --kernel-version < 2.6.29)" },
	{ "iomem-unchecked-request", FAMILY_IOMEM, SEV_WARNING, true, C | S | CL,
	  "the result of a region request is never tested" },
	{ "iomem-release-mismatch", FAMILY_IOMEM, SEV_ERROR, true, C | S | CL | RT,
	  "a region is released with another start, size, address space or granularity than requested" },
	{ "iomem-unrequested-map", FAMILY_IOMEM, SEV_WARNING, true, C | S | CL,
	  "MMIO is mapped but the driver never requested the region" },
	{ "iomem-not-exclusive", FAMILY_IOMEM, SEV_NOTE, false, C | S | RT,
	  "a driver that owns its MMIO could request it exclusively (opt-in)" },
	/* Seen only at run time, by drvcheck_rt.ko. */
	{ "dma-free-cpu-addr", FAMILY_DMA, SEV_ERROR, true, RT,
	  "coherent memory freed with another CPU address than dma_alloc_coherent() returned" },
	{ "dma-sync-unmapped", FAMILY_DMA, SEV_ERROR, true, RT,
	  "a sync of a device address that is not mapped, or beyond the mapped range" },
	{ "dma-overlap", FAMILY_DMA, SEV_WARNING, true, RT,
	  "the same CPU buffer is mapped twice at once for streaming DMA" },
	{ "iomem-user-map-refused", FAMILY_IOMEM, SEV_NOTE, true, RT,
	  "a process tried to map MMIO a driver owns (/dev/mem, PCI sysfs resource); refused" },
	{ "poll-busy", FAMILY_POLL, SEV_WARNING, true, RT,
	  "->poll ran thousands of times in one poll() call: it never lets poll() sleep" },
};
const size_t check_count = sizeof(check_table) / sizeof(check_table[0]);

const struct check *check_lookup(const char *id)
{
	if (strncmp(id, "drvcheck-", 9) == 0)
		id += 9;
	for (size_t i = 0; i < check_count; i++)
		if (strcmp(check_table[i].id, id) == 0)
			return &check_table[i];
	return NULL;
}

static const char *const severity_names[] = {
	[SEV_NOTE] = "note", [SEV_WARNING] = "warning", [SEV_ERROR] = "error",
};

static const char *const confidence_names[] = {
	[CONF_LOW] = "low", [CONF_MEDIUM] = "medium", [CONF_HIGH] = "high",
};

/* Index of name in a table of n names, or -1. */
static int name_index(const char *const *names, int n, const char *name)
{
	for (int i = 0; i < n; i++)
		if (strcmp(names[i], name) == 0)
			return i;
	return -1;
}

const char *severity_name(enum severity sev)
{
	return severity_names[sev];
}

int severity_parse(const char *name, enum severity *out)
{
	int i = name_index(severity_names, 3, name);

	if (i < 0)
		return -1;
	*out = (enum severity)i;
	return 0;
}

const char *confidence_name(enum confidence conf)
{
	return confidence_names[conf];
}

int confidence_parse(const char *name, enum confidence *out)
{
	int i = name_index(confidence_names, 3, name);

	if (i < 0)
		return -1;
	*out = (enum confidence)i;
	return 0;
}

const char *engine_name(enum engine engine)
{
	switch (engine) {
	case ENGINE_COCCI:	return "cocci";
	case ENGINE_SPARSE:	return "sparse";
	case ENGINE_CLANG:	return "clang";
	case ENGINE_RUNTIME:	return "runtime";
	}
	return "?";
}
