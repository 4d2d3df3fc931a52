// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>

#include "scan.h"

int scan_run(const struct scan_request *req, unsigned int engine_mask,
	     bool mask_explicit, struct finding_list *out,
	     struct scan_status *status)
{
	int ran = 0, ret = 0;

	for (size_t i = 0; engines[i]; i++) {
		const struct engine_ops *e = engines[i];
		const char *why;

		if (!(engine_mask & e->id))
			continue;
		why = e->unavailable();
		if (why) {
			fprintf(stderr, "drvcheck: %s engine unavailable: %s\n",
				e->name, why);
			if (mask_explicit) {
				status->tool_error = true;
				ret = -1;
			}
			continue;
		}
		ran++;
		if (e->run(req, out, status))
			ret = -1;
	}
	if (!ran) {
		fputs("drvcheck: no engine could run\n", stderr);
		status->tool_error = true;
		ret = -1;
	}
	finding_list_normalize(out);
	return ret;
}
