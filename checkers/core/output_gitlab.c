// SPDX-License-Identifier: GPL-2.0
/*
 * GitLab's Code Quality report: the part of Code Climate's issue format
 * GitLab reads, a JSON array of issues with description, check_name,
 * fingerprint, severity and location.path / location.lines.begin.
 *
 * GitLab matches issues across pipelines by fingerprint and shows one
 * entry per fingerprint, so the fingerprint is finding_fingerprint()'s
 * (the baselines' and SARIF's: no line number), and a second finding with
 * the same one (same check, file, function and key) gets "-2" after it, a
 * third "-3", in line order: unique in the report, and unchanged when
 * unrelated edits move lines.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "output.h"
#include "util.h"

/* Code Climate's scale: info, minor, major, critical, blocker. */
static const char *gitlab_severity(enum severity sev)
{
	return sev == SEV_ERROR ? "critical" : sev == SEV_WARNING ? "major"
								  : "info";
}

struct twin {
	const char *fingerprint;
	size_t index;
};

static int compare_twins(const void *a, const void *b)
{
	const struct twin *x = a, *y = b;
	int c = strcmp(x->fingerprint, y->fingerprint);

	if (c)
		return c;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* For each finding: how many before it in the list share its fingerprint. */
static size_t *twin_counts(const struct finding_list *list)
{
	struct twin *t = xcalloc(list->n + 1, sizeof(*t));
	size_t *count = xcalloc(list->n + 1, sizeof(*count));

	for (size_t i = 0; i < list->n; i++)
		t[i] = (struct twin){ list->items[i].fingerprint, i };
	qsort(t, list->n, sizeof(*t), compare_twins);
	for (size_t k = 1; k < list->n; k++)
		if (strcmp(t[k].fingerprint, t[k - 1].fingerprint) == 0)
			count[t[k].index] = count[t[k - 1].index] + 1;
	free(t);
	return count;
}

/*
 * GitLab wants the path from the top of the project, where the CI job
 * runs: an absolute path below the working directory loses that prefix.
 */
static const char *project_path(const char *file, const char *cwd)
{
	size_t n = cwd ? strlen(cwd) : 0;

	if (n > 1 && file[0] == '/' && strncmp(file, cwd, n) == 0 &&
	    file[n] == '/')
		return file + n + 1;
	return file;
}

/* The notes, the other half of a pair (where it was mapped, requested). */
static void notes_body(FILE *out, const struct finding *f, const char *cwd)
{
	struct strbuf sb = { 0 };

	for (size_t n = 0; n < f->n_notes; n++)
		sb_printf(&sb, "%s:%u: note: %s\n",
			  project_path(f->notes[n].loc.file, cwd),
			  f->notes[n].loc.line, f->notes[n].message);
	fputs(",\"content\":{\"body\":", out);
	json_string(out, sb.buf);
	fputc('}', out);
	sb_free(&sb);
}

static void issue(FILE *out, const struct finding *f, size_t twins,
		  const char *cwd)
{
	struct strbuf sb = { 0 };

	sb_printf(&sb, "%s [drvcheck-%s]", f->message, f->check->id);
	if (f->confidence != CONF_HIGH)
		sb_printf(&sb, " (%s confidence)", confidence_name(f->confidence));
	fputs("{\"type\":\"issue\",\"description\":", out);
	json_string(out, sb.buf);
	fputs(",\"check_name\":", out);
	json_string(out, f->check->id);
	fprintf(out, ",\"fingerprint\":\"%s", f->fingerprint);
	if (twins)
		fprintf(out, "-%zu", twins + 1);
	fprintf(out, "\",\"severity\":\"%s\",\"categories\":[\"Bug Risk\"],"
		"\"engine_name\":\"drvcheck\",\"location\":{\"path\":",
		gitlab_severity(f->severity));
	json_string(out, project_path(f->loc.file, cwd));
	fprintf(out, ",\"lines\":{\"begin\":%u}}", f->loc.line ? f->loc.line : 1);
	if (f->n_notes)
		notes_body(out, f, cwd);
	fputc('}', out);
	sb_free(&sb);
}

void output_gitlab(FILE *out, const struct finding_list *list)
{
	size_t *twins = twin_counts(list);
	char *cwd = getcwd(NULL, 0);

	fputc('[', out);
	for (size_t i = 0; i < list->n; i++) {
		fputs(i ? ",\n" : "\n", out);
		issue(out, &list->items[i], twins[i], cwd);
	}
	fputs(list->n ? "\n]\n" : "]\n", out);
	free(cwd);
	free(twins);
}
