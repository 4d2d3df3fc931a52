// SPDX-License-Identifier: GPL-2.0
/*
 * Recording a run: the facts, their locations and the findings printed
 * stay in memory until exit and go to the database in one transaction, so
 * a run's rows are all there or none (a killed build leaves no half run).
 */
#include <stdio.h>
#include <stdlib.h>

#include "core/util.h"
#include "facts_db.h"
#include "facts_write.h"
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

static struct facts_value value(struct tu_value v)
{
	return (struct facts_value){ v.known, v.v };
}

static bool store_locations(struct facts_writer *w)
{
	bool ok = true;

	for (int l = 0; ok && (size_t)l < tu_n_locs(); l++) {
		const int *srcs;
		size_t n;

		ok = facts_write_location(w, l, tu_loc_key(l), tu_loc_name(l),
					  tu_loc_shared(l));
		tu_loc_sources(l, &srcs, &n);
		for (size_t i = 0; ok && i < n; i++)
			ok = facts_write_source(w, l, srcs[i]);
	}
	return ok;
}

static bool store_facts(struct facts_writer *w)
{
	bool ok = true;

	for (size_t i = 0; ok && i < tu_facts.n_facts; i++) {
		const struct tu_fact *f = &tu_facts.facts[i];
		struct facts_row r = {
			.api = f->api->name,
			.role = api_role_name(f->api->role),
			.kind = dma_kind_name(f->api->kind),
			.file = stream_name(f->pos.stream),
			.line = (int)f->pos.line,
			.col = (int)f->pos.pos,
			.function = f->fn,
			.size = value(f->size),
			.dir = value(f->dir),
			.nents = value(f->nents),
			.offset = value(f->offset),
			.handle_loc = f->handle_loc,
			.buf_loc = f->buf_loc,
			.nents_loc = f->nents_loc,
			.written = f->written->name,
			.start = value(f->start),
			.start_key = tu_start_key_shared(f) ? f->start_key : NULL,
			.start_holder = f->start_holder,
		};

		ok = facts_write_fact(w, (int)i, &r);
	}
	return ok;
}

static bool store_findings(struct facts_writer *w)
{
	bool ok = true;

	for (size_t i = 0; ok && i < printed.n; i++) {
		const struct finding *f = &printed.items[i];

		ok = facts_write_finding(w, f->check->id, f->loc.file,
					 (int)f->loc.line, f->fingerprint);
	}
	return ok;
}

void facts_store(const char *path)
{
	char *why = NULL;
	struct facts_writer *w;
	bool ok;

	if (!files.len)
		goto out;
	w = facts_write_begin(path, files.buf, &why);
	if (!w)
		goto out;
	ok = store_locations(w) && store_facts(w) && store_findings(w);
	facts_write_end(w, ok, &why);
out:
	if (why)
		fprintf(stderr, "drvcheck-sparse: note: DRVCHECK_DB=%s: %s; "
			"facts of %s not recorded\n", path, why,
			files.len ? files.buf : "this run");
	free(why);
	sb_free(&files);
	finding_list_free(&printed);
}
