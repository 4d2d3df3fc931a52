// SPDX-License-Identifier: GPL-2.0
/*
 * The Coccinelle engine: runs every cocci/ script that reports a
 * selected check through spatch in drvcheck mode (-D drvcheck) and reads the
 * DRVCHECK/DRVNOTE lines the scripts print (docs/cocci.md).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "engine.h"
#include "finding_tab.h"
#include "run.h"

#ifndef DRVCHECK_COCCI_DIR
#define DRVCHECK_COCCI_DIR "/usr/share/drvcheck/cocci"
#endif

struct script {
	char *path;
	struct strlist checks;	/* the "// Checks:" line */
	struct strlist virtuals;	/* "virtual x" declarations */
};

static const char *cocci_dir(void)
{
	const char *env = getenv("DRVCHECK_COCCI_DIR");

	return env && *env ? env : DRVCHECK_COCCI_DIR;
}

static const char *cocci_unavailable(void)
{
	if (!tool_on_path("spatch"))
		return "spatch not found (install the Debian package 'coccinelle')";
	if (!is_dir(cocci_dir()))
		return "the semantic patches are missing (set DRVCHECK_COCCI_DIR)";
	return NULL;
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads the scripts and the checks each one declares. */
static size_t load_scripts(struct script **out)
{
	struct strlist names = { 0 };
	struct script *scripts;
	DIR *d = opendir(cocci_dir());
	struct dirent *e;
	size_t n;

	while (d && (e = readdir(d)))
		if (has_suffix(e->d_name, ".cocci"))
			strlist_add(&names, e->d_name);
	if (d)
		closedir(d);
	qsort(names.items, names.n, sizeof(char *), compare_strings);
	scripts = xcalloc(names.n, sizeof(*scripts));
	for (size_t i = 0; i < names.n; i++) {
		char *text, *line;

		scripts[i].path = xasprintf("%s/%s", cocci_dir(), names.items[i]);
		text = read_file(scripts[i].path, NULL);
		for (line = text; line && (line = strstr(line, "\nvirtual ")); line++) {
			char *name = line + strlen("\nvirtual ");

			strlist_add_owned(&scripts[i].virtuals,
					  xstrndup(name, strcspn(name, " \t\n")));
		}
		line = text ? strstr(text, "// Checks:") : NULL;
		if (line) {
			line += strlen("// Checks:");
			line[strcspn(line, "\n")] = '\0';
			strlist_split(&scripts[i].checks, line, " \t");
		}
		free(text);
	}
	n = names.n;
	strlist_free(&names);
	*out = scripts;
	return n;
}

static bool script_wanted(const struct script *s, const struct selection *sel)
{
	for (size_t i = 0; i < s->checks.n; i++) {
		const struct check *c = check_lookup(s->checks.items[i]);

		if (c && selection_has(sel, c))
			return true;
	}
	return false;
}

/* The DRVCHECK/DRVNOTE lines the scripts print (finding_tab.h). */
static void parse_output(const char *path, const struct selection *sel,
			 struct finding_list *out)
{
	char *text = read_file(path, NULL);

	finding_tab_parse(text, sel, ENGINE_COCCI, out);
	free(text);
}

/* spatch --quiet --parse-error-msg prints " = error in FILE; ..." per file. */
static void count_parse_errors(const char *err_path,
			       const struct scan_request *req,
			       struct strlist *seen, struct scan_status *status)
{
	char *text = read_file(err_path, NULL);
	const char *marker = " = error in ";
	char *save = NULL;

	for (char *line = text ? strtok_r(text, "\n", &save) : NULL; line;
	     line = strtok_r(NULL, "\n", &save)) {
		char *file;

		if (strncmp(line, marker, strlen(marker)) != 0)
			continue;
		file = line + strlen(marker);
		file[strcspn(file, ";")] = '\0';
		if (strlist_has(seen, file))
			continue;
		strlist_add(seen, file);
		status->files_partial++;
		if (strlist_has(&req->explicit_files, file))
			status->explicit_unparsed++;
		fprintf(stderr, "drvcheck: %s: parse error, part of the file "
			"was not analysed\n", file);
	}
	free(text);
}

/* The last non-empty lines of a capture, for a tool failure message. */
static void show_tail(const char *path)
{
	char *text = read_file(path, NULL);
	size_t len = text ? strlen(text) : 0;
	int lines = 0;
	size_t at = len;

	while (at > 0 && lines < 6)
		if (text[--at] == '\n')
			lines++;
	if (text && len)
		fprintf(stderr, "%s%s", text + at, text[len - 1] == '\n' ? "" : "\n");
	free(text);
}

static char *write_file_groups(const char *dir, const struct strlist *files)
{
	char *path = xasprintf("%s/files", dir);
	FILE *f = fopen(path, "w");

	if (!f) {
		free(path);
		return NULL;
	}
	/* One group per file: spatch then balances them over --jobs. */
	for (size_t i = 0; i < files->n; i++)
		fprintf(f, "%s\n\n", files->items[i]);
	fclose(f);
	return path;
}

static const struct {
	const char *check;
	const char *virtual_rule;
} opt_in[] = {
	{ "poll-sleep-legacy", "poll_sleep_legacy" },
	{ "iomem-not-exclusive", "iomem_not_exclusive" },
};

static int run_script(const struct script *s, const struct scan_request *req,
		      const char *groups, const char *cache, struct finding_list *out,
		      struct strlist *unparsed, struct scan_status *status)
{
	char jobs[16];
	char *argv[32];
	int argc = 0, rc;
	struct child child;

	snprintf(jobs, sizeof(jobs), "%d", req->jobs > 1 ? req->jobs : 1);
	argv[argc++] = "spatch";
	argv[argc++] = "--quiet";
	argv[argc++] = "--parse-error-msg";
	argv[argc++] = "--no-includes";
	argv[argc++] = "--include-headers";
	argv[argc++] = "--timeout";
	argv[argc++] = "120";
	argv[argc++] = "-D";
	argv[argc++] = "drvcheck";
	/* Opt-in checks are virtual rules of the scripts that have them. */
	for (size_t i = 0; i < sizeof(opt_in) / sizeof(opt_in[0]); i++)
		if (selection_has(req->checks, check_lookup(opt_in[i].check)) &&
		    strlist_has(&s->virtuals, opt_in[i].virtual_rule)) {
			argv[argc++] = "-D";
			argv[argc++] = (char *)opt_in[i].virtual_rule;
		}
	if (req->jobs > 1 && req->files.n > 1) {
		argv[argc++] = "--jobs";
		argv[argc++] = jobs;
		argv[argc++] = "--chunksize";
		argv[argc++] = "1";
	}
	argv[argc++] = "--sp-file";
	argv[argc++] = s->path;
	argv[argc++] = "--file-groups";
	argv[argc++] = (char *)groups;
	/* Parse each file once: the other scripts reuse the cached AST. */
	argv[argc++] = "--cache-prefix";
	argv[argc++] = (char *)cache;
	argv[argc] = NULL;

	if (child_start(&child, argv)) {
		perror("drvcheck: cannot run spatch");
		child_cleanup(&child);
		return -1;
	}
	rc = child_wait(&child);
	if (rc != 0) {
		fprintf(stderr, "drvcheck: cocci: spatch failed on %s "
			"(exit status %d):\n", s->path, rc);
		show_tail(child.err_path);
	} else {
		parse_output(child.out_path, req->checks, out);
		count_parse_errors(child.err_path, req, unparsed, status);
	}
	child_cleanup(&child);
	return rc ? -1 : 0;
}

static int cocci_run(const struct scan_request *req, struct finding_list *out,
		     struct scan_status *status)
{
	struct script *scripts;
	size_t n = load_scripts(&scripts), wanted = 0, done = 0;
	struct strlist unparsed = { 0 };
	char *dir = tmpdir_create();
	char *groups = dir ? write_file_groups(dir, &req->files) : NULL;
	char *cache = dir ? xasprintf("%s/ast", dir) : NULL;
	int ret = 0;

	/* spatch aborts with "exception Not_found" when HOME is unset. */
	setenv("HOME", "/", 0);
	if (!groups) {
		perror("drvcheck: cannot create a temporary file");
		ret = -1;
		n = 0;
	}
	for (size_t i = 0; i < n; i++)
		wanted += script_wanted(&scripts[i], req->checks);
	for (size_t i = 0; i < n; i++) {
		if (!script_wanted(&scripts[i], req->checks))
			continue;
		if (req->progress)
			fprintf(stderr, "\rdrvcheck: cocci %zu/%zu %s, %zu files...\033[K",
				++done, wanted, strrchr(scripts[i].path, '/') + 1,
				req->files.n);
		if (run_script(&scripts[i], req, groups, cache, out, &unparsed,
			       status))
			ret = -1;
	}
	if (req->progress && wanted)
		fputs("\r\033[K", stderr);
	for (size_t i = 0; i < n; i++) {
		free(scripts[i].path);
		strlist_free(&scripts[i].checks);
		strlist_free(&scripts[i].virtuals);
	}
	free(scripts);
	strlist_free(&unparsed);
	free(groups);
	free(cache);
	if (dir)
		tmpdir_remove(dir);
	if (ret)
		status->tool_error = true;
	return ret;
}

const struct engine_ops cocci_engine = {
	.name = "cocci",
	.id = ENGINE_COCCI,
	.unavailable = cocci_unavailable,
	.run = cocci_run,
};
