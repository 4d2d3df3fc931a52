// SPDX-License-Identifier: GPL-2.0
/*
 * cpp_line_inactive() (checkers/core/cpp_branch.c) on small files: each
 * line that ends in "DEAD" must be judged inactive, every other line not.
 */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/cpp_branch.h"
#include "core/util.h"

static const char *const files[] = {
	/* fealnx: the file's own #define settles #if/#elif defined() */
	"#define one_buffer\n"
	"#if defined(one_buffer)\n"
	"live\n"
	"#elif defined(two_buffer)\n"
	"x DEAD\n"
	"#else\n"
	"x DEAD\n"
	"#endif\n"
	"live\n",
	/* yellowfin: the #else of a defined #ifdef; a nested #if inside */
	"#define NO_TXSTATS /* no stats */\n"
	"#ifdef NO_TXSTATS\n"
	"live\n"
	"#else\n"
	"x DEAD\n"
	"#if defined(NO_TXSTATS)\n"
	"x DEAD\n"
	"#endif\n"
	"x DEAD\n"
	"#endif\n"
	"live\n",
	/* a macro the file does not settle: every branch may be compiled */
	"#ifdef CONFIG_PM\n"
	"live\n"
	"#else\n"
	"live\n"
	"#endif\n"
	"#if defined(A) && defined(B)\n"
	"live\n"
	"#endif\n"
	"#if FOO > 1\n"
	"live\n"
	"#endif\n",
	/* #undef, #ifndef, !defined, #if 0 */
	"#define X 1\n"
	"#undef X\n"
	"#ifdef X\n"
	"x DEAD\n"
	"#endif\n"
	"#ifndef X\n"
	"live\n"
	"#endif\n"
	"#if !defined(X)\n"
	"live\n"
	"#elif 1\n"
	"x DEAD\n"
	"#endif\n"
	"#if 0\n"
	"x DEAD\n"
	"#endif\n",
	/*
	 * a define in a branch that may not be compiled settles nothing, nor
	 * one in a dead branch (Z may still come from the command line)
	 */
	"#ifdef CONFIG_FOO\n"
	"#define Y\n"
	"#endif\n"
	"#ifdef Y\n"
	"live\n"
	"#else\n"
	"live\n"
	"#endif\n"
	"#if 0\n"
	"#define Z\n"
	"#endif\n"
	"#ifdef Z\n"
	"live\n"
	"#endif\n",
	/*
	 * an #elif after a branch that may be taken may be compiled too; the
	 * #else after it is not, as one of the two always is
	 */
	"#define W\n"
	"#ifdef CONFIG_BAR\n"
	"live\n"
	"#elif defined(W)\n"
	"live\n"
	"#else\n"
	"x DEAD\n"
	"#endif\n"
	/* a backslash-newline: the line after is the macro's, no #undef */
	"#define M(a) \\\n"
	"#undef W\n"
	"#ifdef W\n"
	"live\n"
	"#else\n"
	"x DEAD\n"
	"#endif\n",
};

int main(void)
{
	int failed = 0;

	for (size_t i = 0; i < sizeof(files) / sizeof(files[0]); i++) {
		char *text = xstrdup(files[i]);
		char *lines[64];
		struct source_file f = { .path = "t.c", .text = text,
					 .lines = lines };

		for (char *s = text, *nl; *s; s = nl + 1) {
			nl = strchr(s, '\n');
			*nl = '\0';
			lines[f.n++] = s;
		}
		for (unsigned int l = 1; l <= f.n; l++) {
			const char *line = lines[l - 1];
			const bool want = strlen(line) > 4 &&
				strcmp(line + strlen(line) - 4, "DEAD") == 0;

			if (line[0] == '#')
				continue;
			if (cpp_line_inactive(&f, l) != want) {
				printf("file %zu line %u \"%s\": %s\n", i, l,
				       line, want ? "not judged inactive" :
				       "judged inactive");
				failed = 1;
			}
		}
		free(text);
	}
	puts(failed ? "cpp_branch: FAIL" : "cpp_branch: ok");
	return failed;
}
