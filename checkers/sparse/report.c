// SPDX-License-Identifier: GPL-2.0
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

#include "core/checks.h"
#include "core/output.h"
#include "report.h"

static struct finding_list findings;

/* sparse prints pos.pos as the column; ours must point at the same place. */
static unsigned int column(struct position pos)
{
	return pos.pos;
}

struct finding *report(const char *id, struct position pos, const char *fn,
		       const char *key, const char *fmt, ...)
{
	const struct check *check = check_lookup(id);
	char msg[512];
	va_list ap;

	if (!check) {
		fprintf(stderr, "drvcheck-sparse: internal error: no check '%s'\n", id);
		abort();
	}
	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	return finding_add(&findings, check, CONF_HIGH, stream_name(pos.stream),
			   pos.line, column(pos), fn, key, msg, ENGINE_SPARSE);
}

void report_note(struct finding *f, struct position pos, const char *fmt, ...)
{
	char msg[512];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(msg, sizeof(msg), fmt, ap);
	va_end(ap);
	finding_add_note(f, stream_name(pos.stream), pos.line, column(pos), msg);
}

void report_flush(void)
{
	if (!findings.n)
		return;
	/* sorted and deduplicated: an inline helper reports once per line */
	finding_list_normalize(&findings);
	/* stderr, where sparse writes its warnings and Kbuild shows them */
	output_text(stderr, &findings);
	fflush(stderr);
	finding_list_free(&findings);
}
