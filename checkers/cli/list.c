// SPDX-License-Identifier: GPL-2.0
/* list-checks and model: what drvcheck knows, for people and scripts. */
#include <stdio.h>
#include <string.h>

#include "../core/checks.h"
#include "../core/output.h"
#include "cli.h"

static void engines_text(unsigned int mask)
{
	const char *sep = "";

	for (unsigned int bit = 1; bit <= ENGINE_RUNTIME; bit <<= 1)
		if (mask & bit) {
			printf("%s%s", sep, engine_name((enum engine)bit));
			sep = ",";
		}
}

int cmd_list_checks(int argc, char **argv)
{
	bool json = argc > 1 && strcmp(argv[1], "--json") == 0;

	if (argc > 1 && !json) {
		fprintf(stderr, "usage: drvcheck list-checks [--json]\n");
		return EXIT_TROUBLE;
	}
	for (size_t i = 0; i < check_count; i++) {
		const struct check *c = &check_table[i];

		if (json) {
			printf("{\"id\":\"%s\",\"family\":\"%s\",\"severity\":\"%s\","
			       "\"default\":%s,\"engines\":", c->id,
			       api_family_name(c->family),
			       severity_name(c->severity),
			       c->default_on ? "true" : "false");
			json_engines(stdout, c->engines);
			fputs(",\"summary\":", stdout);
			json_string(stdout, c->summary);
			puts("}");
			continue;
		}
		printf("%-28s %-6s %-8s %-7s ", c->id, api_family_name(c->family),
		       severity_name(c->severity), c->default_on ? "on" : "opt-in");
		engines_text(c->engines);
		printf("\n    %s\n", c->summary);
	}
	return EXIT_CLEAN;
}

static const char *arg_name(signed char pos)
{
	static char buf[16][8];
	static int slot;

	if (pos == ARG_NONE)
		return "-";
	if (pos == ARG_RET)
		return "ret";
	slot = (slot + 1) % 16;
	snprintf(buf[slot], sizeof(buf[slot]), "%d", pos);
	return buf[slot];
}

int cmd_model(int argc, char **argv)
{
	(void)argv;
	if (argc > 1) {
		fprintf(stderr, "usage: drvcheck model\n");
		return EXIT_TROUBLE;
	}
	puts("# name\tfamily\trole\tkind\tspace\tdev\thandle\tsize\tdir\tnents\tbuf\toffset\tstart\ttable");
	for (size_t i = 0; i < api_model_count; i++) {
		const struct api_fn *f = &api_model[i];

		printf("%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n",
		       f->name, api_family_name(f->family),
		       api_role_name(f->role), dma_kind_name(f->kind),
		       region_space_name(f->space), arg_name(f->dev),
		       arg_name(f->handle), arg_name(f->size), arg_name(f->dir),
		       arg_name(f->nents), arg_name(f->buf), arg_name(f->offset),
		       arg_name(f->start), arg_name(f->table));
	}
	for (size_t i = 0; i < poll_ops_model_count; i++)
		printf("# ops struct %s.%s (poll_table arg %d)\n",
		       poll_ops_model[i].type, poll_ops_model[i].member,
		       poll_ops_model[i].table);
	return EXIT_CLEAN;
}
