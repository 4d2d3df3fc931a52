/* SPDX-License-Identifier: GPL-2.0 */
/* One scan: every chosen engine over the request, merged and deduplicated. */
#ifndef DRVCHECK_SCAN_H
#define DRVCHECK_SCAN_H

#include "engine.h"

/*
 * Runs the engines in engine_mask (enum engine bits) that are available;
 * an unavailable engine that was asked for by name is a tool error.
 * Returns 0, or -1 when an engine failed (status->tool_error).
 */
int scan_run(const struct scan_request *req, unsigned int engine_mask,
	     bool mask_explicit, struct finding_list *out,
	     struct scan_status *status);

#endif
