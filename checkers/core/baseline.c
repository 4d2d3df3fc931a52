// SPDX-License-Identifier: GPL-2.0
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "baseline.h"
#include "util.h"

#define BASELINE_MAGIC "# drvcheck baseline v1"

int baseline_write(const char *path, const struct finding_list *list)
{
	FILE *f = fopen(path, "w");

	if (!f)
		return -1;
	fprintf(f, "%s\n# fingerprint\tcheck\tfile:line\tfunction\n",
		BASELINE_MAGIC);
	for (size_t i = 0; i < list->n; i++) {
		const struct finding *x = &list->items[i];

		fprintf(f, "%s\t%s\t%s:%u\t%s\n", x->fingerprint, x->check->id,
			x->loc.file, x->loc.line, x->function);
	}
	return fclose(f) ? -1 : 0;
}

long baseline_filter(const char *path, struct finding_list *list)
{
	struct strlist prints = { 0 };
	char *text = read_file(path, NULL);
	long removed = 0;

	if (!text)
		return -1;
	if (strncmp(text, BASELINE_MAGIC, strlen(BASELINE_MAGIC)) != 0) {
		free(text);
		errno = EINVAL;
		return -1;
	}
	for (char *line = strtok(text, "\n"); line; line = strtok(NULL, "\n")) {
		if (*line == '#')
			continue;
		line[strcspn(line, "\t ")] = '\0';
		strlist_add(&prints, line);
	}
	free(text);
	for (size_t i = 0; i < list->n;) {
		size_t j;

		for (j = 0; j < prints.n; j++)
			if (prints.items[j][0] &&
			    strcmp(prints.items[j], list->items[i].fingerprint) == 0)
				break;
		if (j == prints.n) {
			i++;
			continue;
		}
		prints.items[j][0] = '\0';	/* each entry hides one finding */
		finding_list_remove(list, i);
		removed++;
	}
	strlist_free(&prints);
	return removed;
}
