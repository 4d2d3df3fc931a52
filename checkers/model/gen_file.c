// SPDX-License-Identifier: GPL-2.0
#include <stdio.h>
#include <string.h>

#include "model/gen_file.h"

/* The first line where a and b differ, for the message. */
static unsigned first_diff_line(const char *a, const char *b)
{
	unsigned line = 1;

	for (; *a && *a == *b; a++, b++)
		line += *a == '\n';
	return line;
}

int gen_update(const char *tool, const char *target, const char *path,
	       const char *old, const char *fresh, bool write)
{
	FILE *f;

	if (!strcmp(old, fresh))
		return 0;
	if (!write) {
		fprintf(stderr, "%s: %s:%u: differs from checkers/model "
			"(cmake --build build --target %s)\n", tool, path,
			first_diff_line(old, fresh), target);
		return 1;
	}
	f = fopen(path, "w");
	if (!f || fputs(fresh, f) == EOF || fclose(f)) {
		perror(path);
		return 2;
	}
	printf("%s: rewrote %s\n", tool, path);
	return 0;
}

int gen_mode(int argc, char **argv, const char *tool, const char *what)
{
	if (argc != 3 || (strcmp(argv[1], "--check") && strcmp(argv[1], "--write"))) {
		fprintf(stderr, "usage: %s --check|--write %s\n", tool, what);
		return -1;
	}
	return !strcmp(argv[1], "--write");
}
