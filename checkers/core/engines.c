// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
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

unsigned int unit_timeout(const struct scan_request *req)
{
	return req->unit_timeout ? req->unit_timeout : UNIT_TIMEOUT_DEFAULT;
}

void scan_status_unanalysed(struct scan_status *st,
			    const struct scan_request *req, const char *engine,
			    const char *file, bool timed_out)
{
	st->files_partial++;
	if (strlist_has(&req->explicit_files, file))
		st->explicit_unparsed++;
	if (!timed_out)
		return;
	st->files_timed_out++;
	fprintf(stderr, "drvcheck: %s: %s timed out after %u s, not analysed\n",
		file, engine, unit_timeout(req));
}
