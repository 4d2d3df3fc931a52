// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>

#include "core/util.h"
#include "facts_store.h"
#include "judge/facts_db.h"
#include "tu_facts.h"

static struct strbuf files;
/* the printed findings, kept until the store (report.c frees its own) */
static struct finding_list printed;

void facts_store_file(const char *filename)
{
	sb_printf(&files, "%s%s", files.len ? " " : "", filename);
}

void facts_store_finding(const struct finding *f)
{
	finding_add(&printed, f->check, f->confidence, f->loc.file, f->loc.line,
		    f->loc.col, f->function, f->key, f->message, ENGINE_SPARSE);
}

void facts_store(const char *path)
{
	char *why = NULL;

	if (files.len &&
	    facts_db_write(path, files.buf, "sparse", &tu_facts, &printed, &why))
		fprintf(stderr, "drvcheck-sparse: note: DRVCHECK_DB=%s: %s; "
			"facts of %s not recorded\n", path, why, files.buf);
	free(why);
	sb_free(&files);
	finding_list_free(&printed);
}
