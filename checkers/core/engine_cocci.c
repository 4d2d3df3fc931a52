// SPDX-License-Identifier: GPL-2.0
/*
 * The Coccinelle engine: joins every cocci/ script that reports a selected
 * check into one semantic patch, runs it once through spatch in drvcheck
 * mode (-D drvcheck) over the files that can hold its APIs, and reads the
 * DRVCHECK/DRVNOTE lines the scripts print (docs/cocci.md, docs/engines.md)
 * and the DRVFACT lines, which the judge decides (docs/facts.md).
 */
#include <dirent.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../judge/facts_text.h"
#include "../judge/judge.h"
#include "cpp_branch.h"
#include "engine.h"
#include "finding_tab.h"
#include "kbuild_modules.h"
#include "result_cache.h"
#include "run.h"

#ifndef DRVCHECK_COCCI_DIR
#define DRVCHECK_COCCI_DIR "/usr/share/drvcheck/cocci"
#endif

struct script {
	char *path;
	char *text;
	struct strlist checks;	/* the "// Checks:" line */
	struct strlist judged;	/* "// Judged:": of those, what the judge
				 * decides over the script's DRVFACT lines */
	struct strlist virtuals;	/* "virtual x" declarations */
	struct strlist prefilter;	/* the "// Prefilter:" substrings */
	bool has_prefilter;
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

/* The words after the "// Key:" header lines of a script. */
static bool header_words(const char *text, const char *key, struct strlist *out)
{
	const char *line = text;
	bool found = false;

	/* every such line: a script may have a prefilter per call set */
	while (line && (line = strstr(line, key))) {
		char *words;

		line += strlen(key);
		words = xstrndup(line, strcspn(line, "\n"));
		strlist_split(out, words, " \t");
		free(words);
		found = true;
	}
	return found;
}

/* Reads the scripts, the checks each one declares and its prefilter. */
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
		struct script *s = &scripts[i];
		const char *line;

		s->path = xasprintf("%s/%s", cocci_dir(), names.items[i]);
		s->text = read_file(s->path, NULL);
		for (line = s->text; line && (line = strstr(line, "\nvirtual ")); line++) {
			const char *name = line + strlen("\nvirtual ");

			strlist_add_owned(&s->virtuals,
					  xstrndup(name, strcspn(name, " \t\n")));
		}
		header_words(s->text, "// Checks:", &s->checks);
		header_words(s->text, "// Judged:", &s->judged);
		s->has_prefilter = header_words(s->text, "// Prefilter:",
						&s->prefilter);
	}
	n = names.n;
	strlist_free(&names);
	*out = scripts;
	return n;
}

static void free_scripts(struct script *scripts, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(scripts[i].path);
		free(scripts[i].text);
		strlist_free(&scripts[i].checks);
		strlist_free(&scripts[i].judged);
		strlist_free(&scripts[i].virtuals);
		strlist_free(&scripts[i].prefilter);
	}
	free(scripts);
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

/*
 * The checks the judge decides over the DRVFACT lines: those of sel that
 * a wanted script declares "// Judged:".
 */
static void judged_selection(const struct script *scripts, size_t n,
			     const struct selection *sel, struct selection *out)
{
	memset(out, 0, sizeof(*out));
	for (size_t i = 0; i < n; i++) {
		if (!script_wanted(&scripts[i], sel))
			continue;
		for (size_t k = 0; k < scripts[i].judged.n; k++) {
			const struct check *c = check_lookup(scripts[i].judged.items[k]);

			if (c && selection_has(sel, c))
				out->on[c - check_table] = true;
		}
	}
}

/*
 * Drops the findings of out from index i on that are in preprocessor
 * branches no build compiles: spatch parses them all.
 */
static void drop_inactive(struct finding_list *out, size_t i,
			  struct source_cache *files)
{
	while (i < out->n) {
		const struct finding *f = &out->items[i];

		if (cpp_line_inactive(source_get(files, f->loc.file),
				      f->loc.line))
			finding_list_remove(out, i);
		else
			i++;
	}
}

/* Field n (from 0) of a tab-separated line, *len long; NULL if none. */
static const char *tab_field(const char *line, int n, size_t *len)
{
	for (int i = 0; i < n; i++) {
		line += strcspn(line, "\t\n");
		if (*line != '\t')
			return NULL;
		line++;
	}
	*len = strcspn(line, "\t\n");
	return line;
}

/*
 * The facts of a line no build compiles are none (spatch parses every
 * branch; sparse and clang see only the preprocessed file): its site
 * lines go, and the src lines of that file renumber their "site N" or go
 * with the site.  A file's block holds its site lines first (facts_text.h).
 */
static void drop_inactive_facts(char *text, struct source_cache *files)
{
	char *out = text, *file = NULL;
	size_t n_sites = 0, cap = 0, *dropped = NULL, n_dropped = 0;

	for (char *line = text; *line;) {
		size_t len = strcspn(line, "\n"), flen, fl;
		char *next = line + len + (line[len] == '\n');
		const char *f = facts_text_file(line, &flen), *num;
		bool keep = true;
		char buf[32];

		if (f && (!file || strlen(file) != flen || strncmp(file, f, flen))) {
			free(file);
			file = xstrndup(f, flen);
			n_sites = n_dropped = 0;
		}
		if (f && strncmp(line, "DRVFACT\tsite\t", 13) == 0) {
			num = tab_field(line, 5, &fl);
			if (num && cpp_line_inactive(source_get(files, file),
						     (unsigned int)strtoul(num, NULL, 10))) {
				GROW(dropped, cap, n_dropped + 1);
				dropped[n_dropped++] = n_sites;
				keep = false;
			}
			n_sites++;
		} else if (f && n_dropped && strncmp(line, "DRVFACT\tsrc\t", 12) == 0 &&
			   (num = tab_field(line, 4, &fl)) && fl == 4 &&
			   strncmp(num, "site", 4) == 0 && (num = tab_field(line, 5, &fl))) {
			size_t site = strtoul(num, NULL, 10), before = 0;

			for (size_t i = 0; i < n_dropped; i++) {
				keep &= dropped[i] != site;
				before += dropped[i] < site;
			}
			if (keep && before) {
				/* the line with its site number lowered */
				int head = (int)(num - line);

				snprintf(buf, sizeof(buf), "%zu", site - before);
				memmove(out, line, (size_t)head);
				memcpy(out + head, buf, strlen(buf));
				memmove(out + head + strlen(buf), num + fl, len - (size_t)head - fl);
				out += len - fl + strlen(buf);
				*out++ = '\n';
				line = next;
				continue;
			}
		}
		if (keep) {
			memmove(out, line, (size_t)(next - line));
			out += next - line;
		}
		line = next;
	}
	*out = '\0';
	free(dropped);
	free(file);
}

/* The DRVFACT lines of every run, for the judge, each file in its module. */
struct cocci_facts {
	struct judge_facts jf;
	struct kmodule_list mods;
	unsigned int bad;		/* lines not understood */
};

/*
 * What the scripts printed for some files (modified): the DRVCHECK/DRVNOTE
 * lines (finding_tab.h) into out, the DRVFACT lines into cf.
 */
static void take_output(char *text, const struct selection *sel,
			struct finding_list *out, struct cocci_facts *cf)
{
	char *facts = text ? xstrdup(text) : NULL;
	struct source_cache files = { 0 };	/* read once for both */
	struct facts_text_reader r;
	size_t i = out->n;

	finding_tab_parse(text, sel, ENGINE_COCCI, out);
	drop_inactive(out, i, &files);
	if (facts)
		drop_inactive_facts(facts, &files);
	source_cache_free(&files);
	facts_text_begin(&r, &cf->jf, kmodule_key_of, &cf->mods);
	facts_text_lines(&r, facts);
	facts_text_end(&r);
	cf->bad += r.bad;
	free(facts);
}

/*
 * The judge's verdicts over the facts of every run, for the checks of
 * judged; a fact line not understood is a broken script, an error.
 */
static void judge_cocci_facts(struct cocci_facts *cf,
			      const struct selection *judged,
			      struct finding_list *out, struct scan_status *status)
{
	if (cf->bad) {
		fprintf(stderr, "drvcheck: cocci: %u fact lines not understood\n",
			cf->bad);
		status->tool_error = true;
	}
	if (!selection_any(judged))
		return;
	/* no verdict lands on an inactive line: its sites were dropped */
	judge_findings_run(&cf->jf, judged, ENGINE_COCCI, out);
}

/*
 * spatch --quiet --parse-error-msg prints " = error in FILE; ..." per file;
 * its --timeout abandons a file ("EXN: ...Timeout in FILE") and goes on with
 * the next.  A file that timed out may also show a parse error (the parse
 * was cut short): the timeout is what happened, so timeouts are read first.
 */
static void count_parse_errors(const char *err_path,
			       const struct scan_request *req,
			       struct strlist *seen, struct scan_status *status)
{
	static const char *const markers[] = {
		"EXN: Coccinelle_modules.Common.Timeout in ", " = error in ",
	};
	char *text = read_file(err_path, NULL);

	for (size_t m = 0; text && m < 2; m++) {
		bool timed_out = m == 0;
		size_t len = strlen(markers[m]);

		for (char *line = text; *line; line += strcspn(line, "\n"),
		     line += *line == '\n') {
			size_t end = strcspn(line, "\n");
			char *file;

			if (strncmp(line, markers[m], len) != 0)
				continue;
			file = strndup(line + len, end - len);
			file[strcspn(file, ";")] = '\0';
			if (!strlist_has(seen, file)) {
				strlist_add(seen, file);
				scan_status_unanalysed(status, req, "cocci", file,
						       timed_out);
				if (!timed_out)
					fprintf(stderr, "drvcheck: %s: parse error, part "
						"of the file was not analysed\n", file);
			}
			free(file);
		}
	}
	free(text);
}

/*
 * With --file-groups, spatch reports an exception of a script on one file
 * ("EXN: Failure(\"Error in Python script...\") in FILE") and exits 0:
 * that file's findings are lost, which is drvcheck's bug, not the
 * driver's.  Says so for each and returns how many there were.
 */
static unsigned int script_failures(const char *err_path,
				    const struct scan_request *req,
				    struct scan_status *status)
{
	static const char exn[] = "EXN: ", timeout[] = "EXN: Coccinelle_modules.Common.Timeout";
	char *text = read_file(err_path, NULL);
	unsigned int n = 0;

	for (char *line = text; line && *line; line += strcspn(line, "\n"),
	     line += *line == '\n') {
		int end = (int)strcspn(line, "\n");
		const char *in = NULL;
		char *file;

		if (strncmp(line, exn, strlen(exn)) != 0 ||
		    strncmp(line, timeout, strlen(timeout)) == 0)
			continue;
		for (const char *p = line; p + 4 <= line + end; p++)
			if (!strncmp(p, " in ", 4))
				in = p;
		if (!in)
			continue;
		file = xstrndup(in + 4, (size_t)(line + end - in - 4));
		fprintf(stderr, "drvcheck: %s: cocci script failed, file not "
			"analysed: %.*s\n", file, (int)(in - line - strlen(exn)),
			line + strlen(exn));
		scan_status_unanalysed(status, req, "cocci", file, false);
		free(file);
		n++;
	}
	free(text);
	return n;
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

/*
 * Whether a file can hold an API one of the scripts looks for: spatch's own
 * token filter cannot see through the scripts' identifier sets, and parsing
 * a file costs more than every rule run over it.
 */
static bool may_use_apis(const char *path, const struct strlist *tokens)
{
	char *text = read_file(path, NULL);
	bool hit = !text;	/* unreadable: let spatch report it */

	for (size_t i = 0; text && !hit && i < tokens->n; i++)
		hit = strstr(text, tokens->items[i]) != NULL;
	free(text);
	return hit;
}

/*
 * With a result cache (result_cache.h): what spatch printed for a file
 * depends on the file alone (--no-includes) and the semantic patch, so it
 * is kept per file, under a key of the script, its options and the file.
 */
struct cocci_cache {
	const char *dir;		/* NULL: no cache */
	struct cache_key base;		/* spatch, the script, its options */
	struct strbuf hits;		/* the cached output of the hits */
	struct strlist misses;		/* pairs: file, key */
};

/* Whether file's output is cached; if so it is added to cc->hits. */
static bool cocci_cached(struct cocci_cache *cc, const char *file)
{
	struct cache_key k = cc->base;
	char hex[33], *text;
	size_t len = 0;

	if (!cc->dir)
		return false;
	cache_key_add_file(&k, file);
	cache_key_hex(&k, hex);
	text = result_cache_get(cc->dir, "cocci", hex, &len);
	if (text)
		sb_add(&cc->hits, text, len);
	else {
		strlist_add(&cc->misses, file);
		strlist_add(&cc->misses, hex);
	}
	free(text);
	return text != NULL;
}

/* The tab field n (0-based) of line, into buf. */
static void tab_field_copy(const char *line, int n, char *buf, size_t size)
{
	size_t len = 0;
	const char *f = tab_field(line, n, &len);

	snprintf(buf, size, "%.*s", f ? (int)len : 0, f ? f : "");
}

/* The index of file among the misses (pairs), or -1. */
static size_t miss_index(const struct cocci_cache *cc, const char *file)
{
	for (size_t i = 0; i + 1 < cc->misses.n; i += 2)
		if (strcmp(cc->misses.items[i], file) == 0)
			return i / 2;
	return (size_t)-1;
}

/*
 * Files each missed file's lines: a DRVCHECK line names its file, the
 * DRVNOTEs after it are its notes, in that file (--no-includes); a DRVFACT
 * line names its file (facts_text.h), and a file's facts stand alone.
 * Output that does not split so is not kept; a file that did not parse is
 * not.
 */
static void cocci_store(struct cocci_cache *cc, const char *out,
			const struct strlist *unparsed)
{
	struct strbuf *per = xcalloc(cc->misses.n / 2 + 1, sizeof(*per));
	size_t cur = (size_t)-1, at;
	char file[4096];
	bool ok = true;

	for (const char *line = out; ok && line && *line;
	     line += strcspn(line, "\n"), line += *line == '\n') {
		size_t len = strcspn(line, "\n"), flen;
		const char *fact;

		if (strncmp(line, "DRVCHECK\t", 9) == 0) {
			tab_field_copy(line, 3, file, sizeof(file));
			at = cur = miss_index(cc, file);
		} else if (strncmp(line, "DRVNOTE\t", 8) == 0) {
			tab_field_copy(line, 1, file, sizeof(file));
			at = cur != (size_t)-1 &&
			     strcmp(cc->misses.items[2 * cur], file) == 0 ?
			     cur : (size_t)-1;
		} else if (strncmp(line, "DRVFACT\t", 8) == 0) {
			/* one without its file: the output is not kept */
			fact = facts_text_file(line, &flen);
			snprintf(file, sizeof(file), "%.*s", fact ? (int)flen : 0,
				 fact ? fact : "");
			at = fact ? miss_index(cc, file) : (size_t)-1;
		} else {
			cur = (size_t)-1;	/* not ours: not kept */
			continue;
		}
		ok = at != (size_t)-1;
		if (ok) {
			sb_add(&per[at], line, len);
			sb_add(&per[at], "\n", 1);
		}
	}
	for (size_t i = 0; ok && i + 1 < cc->misses.n; i += 2)
		if (!strlist_has(unparsed, cc->misses.items[i]))
			result_cache_put(cc->dir, "cocci", cc->misses.items[i + 1],
					 per[i / 2].buf ? per[i / 2].buf : "",
					 per[i / 2].len);
	for (size_t i = 0; i < cc->misses.n / 2; i++)
		sb_free(&per[i]);
	free(per);
}

/* One group per file: spatch then balances them over --jobs. */
static char *write_file_groups(const char *dir, const struct scan_request *req,
			       const struct strlist *tokens, size_t *count,
			       struct cocci_cache *cc)
{
	char *path = xasprintf("%s/files", dir);
	FILE *f = fopen(path, "w");

	*count = 0;
	if (!f) {
		free(path);
		return NULL;
	}
	for (size_t i = 0; i < req->files.n; i++) {
		const char *file = req->files.items[i];

		/* Named files are always parsed: a parse error is news. */
		if (tokens && !strlist_has(&req->explicit_files, file) &&
		    !may_use_apis(file, tokens))
			continue;
		if (cocci_cached(cc, file))
			continue;
		fprintf(f, "%s\n\n", file);
		++*count;
	}
	fclose(f);
	return path;
}

/*
 * The Kbuild module of each file: the judge joins the facts of a module's
 * files, and two drivers of one directory (drivers/comedi/drivers: one
 * module per file) are not joined.  Only the grouping is wanted, so no
 * compiler flags are looked up.
 */
static void scan_modules(const struct scan_request *req,
			 struct kmodule_list *mods)
{
	struct strlist loose = { 0 }, noflags = { 0 };

	kbuild_modules_compdb(&req->compdb, mods);
	for (size_t i = 0; i < req->files.n; i++)
		if (!compdb_has(&req->compdb, req->files.items[i]))
			strlist_add(&loose, req->files.items[i]);
	kbuild_modules(&loose, &noflags, mods);
	strlist_free(&loose);
}

/*
 * The modules, a line "file<TAB>module key" each: the scripts that pair
 * calls across a module's files (iomem.cocci) read it through
 * DRVCHECK_COCCI_MODULES.
 */
static char *write_modules(const char *dir, const struct kmodule_list *mods)
{
	char *path = xasprintf("%s/modules", dir);
	FILE *f = fopen(path, "w");

	for (size_t m = 0; f && m < mods->n; m++)
		for (size_t i = 0; i < mods->items[m].files.n; i++)
			fprintf(f, "%s\t%s\n", mods->items[m].files.items[i],
				mods->items[m].key);
	if (!f || fclose(f)) {
		free(path);
		path = NULL;
	}
	return path;
}

/*
 * Joins the wanted scripts that have a prefilter into one semantic patch,
 * so that spatch parses and annotates each file once for all of them
 * (docs/engines.md).  SmPL wants every virtual declared before the first
 * rule; rule and python names are distinct across the scripts.  The
 * prefilter is the union of theirs.  NULL when no script joins.
 */
static char *write_merged_script(const char *dir, const struct script *scripts,
				 size_t n, const struct selection *sel,
				 struct strlist *virtuals, struct strlist *tokens)
{
	char *path;
	FILE *f;

	for (size_t i = 0; i < n; i++) {
		if (!script_wanted(&scripts[i], sel) || !scripts[i].has_prefilter)
			continue;
		for (size_t v = 0; v < scripts[i].virtuals.n; v++)
			if (!strlist_has(virtuals, scripts[i].virtuals.items[v]))
				strlist_add(virtuals, scripts[i].virtuals.items[v]);
		for (size_t t = 0; t < scripts[i].prefilter.n; t++)
			strlist_add(tokens, scripts[i].prefilter.items[t]);
	}
	if (!virtuals->n)
		return NULL;
	path = xasprintf("%s/drvcheck.cocci", dir);
	f = fopen(path, "w");
	if (!f) {
		free(path);
		return NULL;
	}
	for (size_t v = 0; v < virtuals->n; v++)
		fprintf(f, "virtual %s\n", virtuals->items[v]);
	for (size_t i = 0; i < n; i++) {
		const char *line = scripts[i].text;

		if (!script_wanted(&scripts[i], sel) || !scripts[i].has_prefilter)
			continue;
		fprintf(f, "\n// ---- %s\n", strrchr(scripts[i].path, '/') + 1);
		while (*line) {
			size_t len = strcspn(line, "\n");

			if (strncmp(line, "virtual ", strlen("virtual ")) != 0)
				fprintf(f, "%.*s\n", (int)len, line);
			line += len + (line[len] == '\n');
		}
	}
	if (fclose(f)) {
		free(path);
		return NULL;
	}
	return path;
}

static const struct {
	const char *check;
	const char *virtual_rule;
} opt_in[] = {
	{ "poll-sleep-legacy", "poll_sleep_legacy" },
	{ "iomem-not-exclusive", "iomem_not_exclusive" },
};

static int run_spatch(const char *sp_file, const struct strlist *virtuals,
		      const struct scan_request *req, const char *groups,
		      size_t nfiles, struct finding_list *out,
		      struct strlist *unparsed, struct scan_status *status,
		      struct cocci_cache *cc, struct cocci_facts *cf)
{
	char jobs[16], timeout[16];
	char *argv[32];
	int argc = 0, rc;
	struct child child;

	snprintf(jobs, sizeof(jobs), "%d", req->jobs > 1 ? req->jobs : 1);
	argv[argc++] = "spatch";
	argv[argc++] = "--quiet";
	argv[argc++] = "--parse-error-msg";
	argv[argc++] = "--no-includes";
	argv[argc++] = "--include-headers";
	/*
	 * A kernel tree's .cocciconfig asks for --use-gitgrep, which finds
	 * no file outside a git work tree (Debian's linux-source) and
	 * silently skipped every file of a script run alone: spatch's own
	 * token filter reads the files themselves.
	 */
	argv[argc++] = "--use-coccigrep";
	snprintf(timeout, sizeof(timeout), "%u", unit_timeout(req));
	argv[argc++] = "--timeout";
	argv[argc++] = timeout;
	argv[argc++] = "-D";
	argv[argc++] = "drvcheck";
	/* Opt-in checks are virtual rules of the scripts that have them. */
	for (size_t i = 0; i < sizeof(opt_in) / sizeof(opt_in[0]); i++)
		if (selection_has(req->checks, check_lookup(opt_in[i].check)) &&
		    strlist_has(virtuals, opt_in[i].virtual_rule)) {
			argv[argc++] = "-D";
			argv[argc++] = (char *)opt_in[i].virtual_rule;
		}
	if (req->jobs > 1 && nfiles > 1) {
		argv[argc++] = "--jobs";
		argv[argc++] = jobs;
		argv[argc++] = "--chunksize";
		argv[argc++] = "1";
	}
	argv[argc++] = "--sp-file";
	argv[argc++] = (char *)sp_file;
	argv[argc++] = "--file-groups";
	argv[argc++] = (char *)groups;
	argv[argc] = NULL;

	if (child_start(&child, argv)) {
		perror("drvcheck: cannot run spatch");
		child_cleanup(&child);
		return -1;
	}
	rc = child_wait(&child);
	if (rc != 0) {
		fprintf(stderr, "drvcheck: cocci: spatch failed (exit status %d):\n",
			rc);
		show_tail(child.err_path);
	} else {
		char *text = read_file(child.out_path, NULL);

		count_parse_errors(child.err_path, req, unparsed, status);
		if (script_failures(child.err_path, req, status))
			rc = -1;
		else if (text && cc->dir)
			cocci_store(cc, text, unparsed);
		take_output(text, req->checks, out, cf);
		free(text);
	}
	child_cleanup(&child);
	return rc ? -1 : 0;
}

/* One spatch run of sp_file over the files that pass tokens (all: NULL). */
static int run_group(const char *dir, const char *sp_file,
		     const struct strlist *virtuals, const struct strlist *tokens,
		     const struct scan_request *req, struct finding_list *out,
		     struct strlist *unparsed, struct scan_status *status,
		     struct cocci_facts *cf)
{
	size_t nfiles;
	struct cocci_cache cc = { .dir = req->cache_dir };
	char *groups, *script;
	int ret = 0;

	if (cc.dir) {
		cache_key_init(&cc.base);
		cache_key_add_program(&cc.base, "spatch");
		script = read_file(sp_file, NULL);
		cache_key_add(&cc.base, script ? script : "(missing)");
		free(script);
		for (size_t i = 0; i < virtuals->n; i++)
			cache_key_add(&cc.base, virtuals->items[i]);
		for (size_t i = 0; i < sizeof(opt_in) / sizeof(opt_in[0]); i++)
			cache_key_add(&cc.base, selection_has(req->checks,
				check_lookup(opt_in[i].check)) ? "on" : "off");
		cache_key_add(&cc.base, tokens ? "prefiltered" : "all");
		/* entries from before DRVFACT lines were kept lack them */
		cache_key_add(&cc.base, "facts");
	}
	groups = write_file_groups(dir, req, tokens, &nfiles, &cc);
	if (!groups) {
		perror("drvcheck: cannot create a temporary file");
		return -1;
	}
	if (cc.hits.len) {
		char *text = xstrndup(cc.hits.buf, cc.hits.len);

		take_output(text, req->checks, out, cf);
		free(text);
	}
	if (nfiles) {
		if (req->progress)
			fprintf(stderr, "\rdrvcheck: cocci %s over %zu of %zu files...\033[K",
				strrchr(sp_file, '/') + 1, nfiles, req->files.n);
		ret = run_spatch(sp_file, virtuals, req, groups, nfiles, out,
				 unparsed, status, &cc, cf);
	}
	sb_free(&cc.hits);
	strlist_free(&cc.misses);
	free(groups);
	return ret;
}

/*
 * The scripts with a prefilter run joined, once; a script without one runs
 * alone, where spatch's token filter still skips the files it cannot match.
 */
static int cocci_run(const struct scan_request *req, struct finding_list *out,
		     struct scan_status *status)
{
	struct script *scripts;
	size_t n = load_scripts(&scripts);
	/* Files whose parse error was told already, once for all runs. */
	struct strlist virtuals = { 0 }, tokens = { 0 }, unparsed = { 0 };
	struct cocci_facts cf = { 0 };
	struct selection judged;
	char *dir = tmpdir_create();
	char *merged = NULL, *modules = NULL;
	int ret = 0;

	/* spatch aborts with "exception Not_found" when HOME is unset. */
	setenv("HOME", "/", 0);
	if (!dir) {
		perror("drvcheck: cannot create a temporary directory");
		ret = -1;
		n = 0;
	} else {
		scan_modules(req, &cf.mods);
		modules = write_modules(dir, &cf.mods);
		if (modules)
			setenv("DRVCHECK_COCCI_MODULES", modules, 1);
		merged = write_merged_script(dir, scripts, n, req->checks,
					     &virtuals, &tokens);
	}
	if (merged && run_group(dir, merged, &virtuals, &tokens, req, out,
				&unparsed, status, &cf))
		ret = -1;
	for (size_t i = 0; i < n; i++)
		if (script_wanted(&scripts[i], req->checks) &&
		    !scripts[i].has_prefilter &&
		    run_group(dir, scripts[i].path, &scripts[i].virtuals, NULL,
			      req, out, &unparsed, status, &cf))
			ret = -1;
	if (req->progress)
		fputs("\r\033[K", stderr);
	judged_selection(scripts, n, req->checks, &judged);
	judge_cocci_facts(&cf, &judged, out, status);
	jf_free(&cf.jf);
	kmodule_list_free(&cf.mods);
	free_scripts(scripts, n);
	strlist_free(&virtuals);
	strlist_free(&tokens);
	strlist_free(&unparsed);
	free(merged);
	free(modules);
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
