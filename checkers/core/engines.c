// SPDX-License-Identifier: GPL-2.0
#include <string.h>

#include "engine.h"

/* Register a new engine here; the CLI and the runner pick it up. */
const struct engine_ops *const engines[] = {
	&cocci_engine,
	&sparse_engine,
	&clang_engine,
	NULL,
};

const struct engine_ops *engine_lookup(const char *name)
{
	for (size_t i = 0; engines[i]; i++)
		if (strcmp(engines[i]->name, name) == 0)
			return engines[i];
	return NULL;
}
