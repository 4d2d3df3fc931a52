// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <stdlib.h>

#include "facts_db.h"
#include "judge.h"
#include "replay.h"

int judge_replay(const char *db, enum engine engine,
		 const struct selection *sel, struct finding_list *out)
{
	struct judge_facts jf = { 0 };
	struct facts_printed printed = { 0 };
	struct finding_list found = { 0 };
	char *why = NULL;
	int ret = facts_db_load(db, engine_name(engine), &jf, &printed, &why);

	if (ret)
		fprintf(stderr, "drvcheck: %s: %s\n", db, why);
	else
		judge_findings_run(&jf, sel, engine, &found);
	for (size_t i = 0; i < found.n; i++) {
		const struct finding *f = &found.items[i];
		struct finding *g;

		if (facts_printed_has(&printed, f))
			continue;
		g = finding_add(out, f->check, f->confidence, f->loc.file,
				f->loc.line, f->loc.col, f->function, f->key,
				f->message, engine);
		for (size_t k = 0; k < f->n_notes; k++)
			finding_add_note(g, f->notes[k].loc.file, f->notes[k].loc.line,
					 f->notes[k].loc.col, f->notes[k].message);
	}
	finding_list_free(&found);
	facts_printed_free(&printed);
	jf_free(&jf);
	free(why);
	return ret;
}
