/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The check catalogue: one id, one meaning, in every engine and at run time.
 * docs/checks.md documents each entry; a test keeps the two in step.
 */
#ifndef DRVCHECK_CHECKS_H
#define DRVCHECK_CHECKS_H

#include <stdbool.h>
#include <stddef.h>

#include "../model/api_model.h"

enum severity {
	SEV_NOTE,	/* a suggestion (iomem-not-exclusive) */
	SEV_WARNING,	/* likely wrong, may corrupt memory somewhere */
	SEV_ERROR,	/* wrong on every platform that checks */
};

enum confidence {
	CONF_LOW,
	CONF_MEDIUM,
	CONF_HIGH,
};

/* Engines, as a bit mask of who claims a check. */
enum engine {
	ENGINE_COCCI	= 1 << 0,
	ENGINE_SPARSE	= 1 << 1,
	ENGINE_CLANG	= 1 << 2,
	ENGINE_RUNTIME	= 1 << 3,	/* drvcheck_rt.ko can confirm it */
};

struct check {
	const char *id;			/* "dma-unmap-size" */
	enum api_family family;
	enum severity severity;
	bool default_on;		/* opt-in checks are false */
	unsigned int engines;		/* enum engine mask */
	const char *summary;		/* one line for list-checks and SARIF */
};

extern const struct check check_table[];
extern const size_t check_count;

const struct check *check_lookup(const char *id);
const char *severity_name(enum severity sev);
int severity_parse(const char *name, enum severity *out);
const char *confidence_name(enum confidence conf);
int confidence_parse(const char *name, enum confidence *out);
const char *engine_name(enum engine engine);

#endif
