// SPDX-License-Identifier: GPL-2.0
/*
 * The HTML report.  Everything that comes from the scanned code or from a
 * finding (source lines, messages, names, paths) goes through html_text(),
 * so no source text can become markup; the script (output_html_assets.c)
 * only reads data-* attributes and never writes markup.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "kbuild_modules.h"
#include "output.h"
#include "output_html.h"
#include "output_html_assets.h"
#include "source_lines.h"
#include "util.h"

#ifndef DRVCHECK_VERSION
#define DRVCHECK_VERSION "0"
#endif

/* Lines shown around a finding, and around a note outside that window. */
#define CONTEXT 2
#define NOTE_CONTEXT 1

struct html {
	FILE *out;
	const struct finding_list *list;
	const struct confirm_list *confirmed;	/* NULL: none given */
	const char *root;	/* of relative paths; NULL: here */
	struct source_cache src;
	unsigned int engines;	/* every engine some finding names */
};

/* A scanned file's lines, its relative path taken from h->root. */
static const struct source_file *source_of(struct html *h, const char *path)
{
	const struct source_file *f;
	char *full;

	if (!h->root || path[0] == '/')
		return source_get(&h->src, path);
	full = xasprintf("%s/%s", h->root, path);
	f = source_get(&h->src, full);
	free(full);
	return f;
}

/* Text and attribute values: markup characters and controls escaped. */
static void html_text(FILE *out, const char *s)
{
	for (const unsigned char *p = (const unsigned char *)s; *p; p++) {
		switch (*p) {
		case '&':
			fputs("&amp;", out);
			break;
		case '<':
			fputs("&lt;", out);
			break;
		case '>':
			fputs("&gt;", out);
			break;
		case '"':
			fputs("&quot;", out);
			break;
		case '\'':
			fputs("&#39;", out);
			break;
		default:
			if ((*p < 0x20 && *p != '\t') || *p == 0x7f)
				fputs("\xef\xbf\xbd", out);	/* U+FFFD */
			else
				fputc(*p, out);
		}
	}
}

/* The names of the engines in mask, sep between them. */
static void engine_names(FILE *out, unsigned int mask, const char *sep)
{
	const char *s = "";

	for (unsigned int bit = 1; bit <= ENGINE_RUNTIME; bit <<= 1) {
		if (!(mask & bit))
			continue;
		fprintf(out, "%s%s", s, engine_name((enum engine)bit));
		s = sep;
	}
}

/* confirmed, not-exercised, or not-run (absent from confirm's output). */
static const char *confirm_of(const struct html *h, const struct finding *f,
			      const struct confirm_entry **entry)
{
	const struct confirm_entry *e = confirm_lookup(h->confirmed, f);

	if (entry)
		*entry = e;
	return e ? confirm_status_name(e->status) : "not-run";
}

struct check_count {
	size_t n, confirmed, not_exercised;
	size_t by_engine[4];	/* by bit number */
};

static struct check_count *count_checks(const struct html *h)
{
	struct check_count *c = xcalloc(check_count, sizeof(*c));

	for (size_t i = 0; i < h->list->n; i++) {
		const struct finding *f = &h->list->items[i];
		struct check_count *cc = &c[f->check - check_table];
		const char *st = confirm_of(h, f, NULL);

		cc->n++;
		cc->confirmed += strcmp(st, "confirmed") == 0;
		cc->not_exercised += strcmp(st, "not-exercised") == 0;
		for (unsigned int b = 0; b < 4; b++)
			cc->by_engine[b] += (f->engines >> b) & 1;
	}
	return c;
}

static void summary_cells(const struct html *h, const struct check_count *c)
{
	fprintf(h->out, "<td class=\"n\">%zu</td><td class=\"n shown\"></td>",
		c->n);
	for (unsigned int b = 0; b < 4; b++)
		if (h->engines & (1u << b))
			fprintf(h->out, "<td class=\"n\">%zu</td>", c->by_engine[b]);
	if (h->confirmed)
		fprintf(h->out, "<td class=\"n\">%zu</td><td class=\"n\">%zu</td>",
			c->confirmed, c->not_exercised);
}

static void write_summary(const struct html *h)
{
	struct check_count *counts = count_checks(h), total = { 0 };
	FILE *out = h->out;

	fputs("<section id=\"summary\"><h2>Summary by check</h2>\n"
	      "<table class=\"summary\"><thead><tr><th>Check</th><th>Family</th>"
	      "<th>Severity</th><th>Findings</th><th>Shown</th>", out);
	for (unsigned int b = 0; b < 4; b++)
		if (h->engines & (1u << b))
			fprintf(out, "<th>%s</th>", engine_name((enum engine)(1u << b)));
	if (h->confirmed)
		fputs("<th>Confirmed</th><th>Not exercised</th>", out);
	fputs("</tr></thead>\n<tbody>\n", out);
	for (size_t i = 0; i < check_count; i++) {
		const struct check *c = &check_table[i];

		if (!counts[i].n)
			continue;
		fprintf(out, "<tr class=\"sum\" data-check=\"%s\" data-count=\"%zu\">"
			"<td><a href=\"#check=%s\">%s</a></td><td>%s</td><td>%s</td>",
			c->id, counts[i].n, c->id, c->id,
			api_family_name(c->family), severity_name(c->severity));
		summary_cells(h, &counts[i]);
		fputs("</tr>\n", out);
		total.n += counts[i].n;
		total.confirmed += counts[i].confirmed;
		total.not_exercised += counts[i].not_exercised;
		for (unsigned int b = 0; b < 4; b++)
			total.by_engine[b] += counts[i].by_engine[b];
	}
	fprintf(out, "</tbody>\n<tfoot><tr id=\"total\" data-count=\"%zu\">"
		"<th colspan=\"3\">Total</th>", total.n);
	summary_cells(h, &total);
	fputs("</tr></tfoot></table></section>\n", out);
	free(counts);
}

/* One <select>: "all" and each value seen, in the order given. */
static void filter(FILE *out, const char *key, const char *label,
		   const char *const *values, size_t n)
{
	fprintf(out, "<label>%s <select data-filter=\"%s\" id=\"filter-%s\">"
		"<option value=\"\">all</option>", label, key, key);
	for (size_t i = 0; i < n; i++)
		fprintf(out, "<option>%s</option>", values[i]);
	fputs("</select></label>\n", out);
}

static void write_filters(const struct html *h)
{
	const char **checks = xcalloc(check_count, sizeof(*checks));
	const char *families[8], *engines[4], *sevs[3];
	const char *const statuses[] = { "confirmed", "not-exercised", "not-run" };
	size_t nc = 0, nf = 0, ne = 0, ns = 0;
	bool seen_family[8] = { false }, seen_sev[3] = { false };

	for (size_t i = 0; i < check_count; i++) {
		const struct check *c = &check_table[i];
		bool has = false;

		for (size_t k = 0; k < h->list->n && !has; k++)
			has = h->list->items[k].check == c;
		if (!has)
			continue;
		checks[nc++] = c->id;
		if (c->family < 8 && !seen_family[c->family]) {
			seen_family[c->family] = true;
			families[nf++] = api_family_name(c->family);
		}
	}
	for (size_t k = 0; k < h->list->n; k++)
		seen_sev[h->list->items[k].severity] = true;
	for (int s = SEV_ERROR; s >= SEV_NOTE; s--)
		if (seen_sev[s])
			sevs[ns++] = severity_name((enum severity)s);
	for (unsigned int b = 0; b < 4; b++)
		if (h->engines & (1u << b))
			engines[ne++] = engine_name((enum engine)(1u << b));
	fputs("<form class=\"filters\" id=\"filters\" onsubmit=\"return false\">\n",
	      h->out);
	filter(h->out, "check", "Check", checks, nc);
	filter(h->out, "family", "Family", families, nf);
	filter(h->out, "engine", "Engine", engines, ne);
	filter(h->out, "severity", "Severity", sevs, ns);
	if (h->confirmed)
		filter(h->out, "confirm", "Run time", statuses, 3);
	fprintf(h->out, "<span><span id=\"shown\"></span> of %zu shown</span>"
		"</form>\n", h->list->n);
	free(checks);
}

/* Is note n in file, at a line of [lo, hi]? */
static bool note_in(const struct note *n, const char *file, unsigned int lo,
		    unsigned int hi)
{
	return n->loc.line >= lo && n->loc.line <= hi &&
	       strcmp(n->loc.file, file) == 0;
}

static void note_annotation(FILE *out, const struct note *n)
{
	fputs("<div class=\"ann\">note: ", out);
	html_text(out, n->message);
	fputs("</div>\n", out);
}

/*
 * Lines [lo, hi] of file, hit highlighted, with the notes of f that pick
 * says belong here below their lines.
 */
static void excerpt(struct html *h, const struct source_file *file,
		    unsigned int lo, unsigned int hi, unsigned int hit,
		    const struct finding *f, const bool *pick)
{
	FILE *out = h->out;

	fputs("<div class=\"src\">\n", out);
	for (unsigned int l = lo; l <= hi; l++) {
		const char *text = source_line(file, l);
		bool noted = false;

		if (!text)
			break;
		for (size_t n = 0; n < f->n_notes; n++)
			noted |= pick[n] && f->notes[n].loc.line == l;
		fprintf(out, "<div class=\"line%s%s\" data-line=\"%u\">"
			"<span class=\"no\">%u</span><code>",
			l == hit ? " hit" : "", noted ? " noted" : "", l, l);
		html_text(out, text);
		fputs("</code></div>\n", out);
		for (size_t n = 0; n < f->n_notes; n++)
			if (pick[n] && f->notes[n].loc.line == l)
				note_annotation(out, &f->notes[n]);
	}
	fputs("</div>\n", out);
}

static void location(FILE *out, const struct location *loc)
{
	fputs("<span class=\"loc\">", out);
	html_text(out, loc->file);
	fprintf(out, ":%u", loc->line);
	if (loc->col)
		fprintf(out, ":%u", loc->col);
	fputs("</span>", out);
}

static void no_source(FILE *out, const struct location *loc,
		      const struct source_file *file)
{
	fputs("<p class=\"nosrc\">", out);
	if (!file->text) {
		fputs("source not readable here: ", out);
		html_text(out, loc->file);
	} else {
		fprintf(out, "line %u is past the end of the file (%zu lines): "
			"changed since the scan?", loc->line, file->n);
	}
	fputs("</p>\n", out);
}

/*
 * Note first outside the finding's window, with its own lines; the other
 * notes not shown yet that those lines hold (a path's notes often share a
 * line) go in the same block.  done[] records what is shown.
 */
static void note_block(struct html *h, const struct finding *f, size_t first,
		       bool *done, bool *pick)
{
	const struct note *n = &f->notes[first];
	const struct source_file *file = source_of(h, n->loc.file);
	unsigned int l = n->loc.line;
	unsigned int lo = l > NOTE_CONTEXT ? l - NOTE_CONTEXT : 1;
	unsigned int hi = l + NOTE_CONTEXT;

	fputs("<div class=\"note\">", h->out);
	location(h->out, &n->loc);
	fputs("\n", h->out);
	done[first] = true;
	if (!source_line(file, l)) {
		no_source(h->out, &n->loc, file);
		note_annotation(h->out, n);
		fputs("</div>\n", h->out);
		return;
	}
	for (size_t k = 0; k < f->n_notes; k++) {
		pick[k] = k == first || (!done[k] &&
			  note_in(&f->notes[k], n->loc.file, lo, hi) &&
			  source_line(file, f->notes[k].loc.line));
		done[k] |= pick[k];
	}
	excerpt(h, file, lo, hi, 0, f, pick);
	fputs("</div>\n", h->out);
}

static void finding_source(struct html *h, const struct finding *f)
{
	const struct source_file *file = source_of(h, f->loc.file);
	unsigned int l = f->loc.line;
	unsigned int lo = l > CONTEXT ? l - CONTEXT : 1, hi = l + CONTEXT;
	bool *done = xcalloc(f->n_notes + 1, sizeof(*done));
	bool *pick = xcalloc(f->n_notes + 1, sizeof(*pick));

	if (source_line(file, l)) {
		/* the notes the window holds are shown in place */
		for (size_t n = 0; n < f->n_notes; n++)
			done[n] = pick[n] = note_in(&f->notes[n], f->loc.file,
						    lo, hi) &&
				source_line(file, f->notes[n].loc.line);
		excerpt(h, file, lo, hi, l, f, pick);
	} else {
		no_source(h->out, &f->loc, file);
	}
	for (size_t n = 0; n < f->n_notes; n++)
		if (!done[n])
			note_block(h, f, n, done, pick);
	free(done);
	free(pick);
}

static void finding_meta(struct html *h, const struct finding *f)
{
	const struct confirm_entry *e;
	const char *st = confirm_of(h, f, &e);
	FILE *out = h->out;

	fprintf(out, "<div class=\"meta\">confidence %s &middot; engines: ",
		confidence_name(f->confidence));
	engine_names(out, f->engines, ", ");
	if (h->confirmed) {
		fprintf(out, " &middot; run time: <span class=\"status-%s\">", st);
		if (!e)
			fputs("not in the confirm results", out);
		else if (e->status == CONFIRM_CONFIRMED)
			fprintf(out, "confirmed (%lu runtime error%s)",
				e->runtime_errors, e->runtime_errors == 1 ? "" : "s");
		else
			fputs("not exercised", out);
		fputs("</span>", out);
	}
	fputs("</div>\n", out);
}

static void write_finding(struct html *h, const struct finding *f, size_t idx)
{
	FILE *out = h->out;

	fprintf(out, "<article class=\"finding sev-%s\" id=\"f%zu\" "
		"data-check=\"%s\" data-family=\"%s\" data-severity=\"%s\" "
		"data-confidence=\"%s\" data-engine=\"", severity_name(f->severity),
		idx, f->check->id, api_family_name(f->check->family),
		severity_name(f->severity), confidence_name(f->confidence));
	engine_names(out, f->engines, " ");
	if (h->confirmed)
		fprintf(out, "\" data-confirm=\"%s", confirm_of(h, f, NULL));
	fputs("\" data-file=\"", out);
	html_text(out, f->loc.file);
	fprintf(out, "\" data-line=\"%u\" data-notes=\"%zu\" "
		"data-fingerprint=\"%s\">\n"
		"<div class=\"head\"><span class=\"sev\">%s</span> ", f->loc.line,
		f->n_notes, f->fingerprint, severity_name(f->severity));
	location(out, &f->loc);
	if (*f->function) {
		fputs(" in <code>", out);
		html_text(out, f->function);
		fputs("</code>", out);
	}
	fputs(": <span class=\"msg\">", out);
	html_text(out, f->message);
	fprintf(out, "</span> <a href=\"#check=%s\">[%s]</a></div>\n",
		f->check->id, f->check->id);
	finding_meta(h, f);
	finding_source(h, f);
	fputs("</article>\n", out);
}

static bool in_module(const struct kmodule *m, const struct finding *f)
{
	return strlist_has(&m->files, f->loc.file);
}

/* The findings of module m, by check in catalogue order. */
static void write_module(struct html *h, const struct kmodule *m)
{
	FILE *out = h->out;
	size_t n = 0;

	for (size_t i = 0; i < h->list->n; i++)
		n += in_module(m, &h->list->items[i]);
	fprintf(out, "<section class=\"group driver\" data-driver=\"");
	html_text(out, m->key);
	fprintf(out, "\" data-count=\"%zu\"><h2>", n);
	html_text(out, m->key);
	fputs(" <small>module ", out);
	html_text(out, m->name);
	fprintf(out, ", %zu finding%s, in ", n, n == 1 ? "" : "s");
	for (size_t i = 0; i < m->files.n; i++) {
		fputs(i ? ", " : "", out);
		html_text(out, m->files.items[i]);
	}
	fputs("</small></h2>\n", out);
	for (size_t c = 0; c < check_count; c++) {
		const struct check *chk = &check_table[c];
		size_t k = 0;

		for (size_t i = 0; i < h->list->n; i++)
			k += h->list->items[i].check == chk &&
			     in_module(m, &h->list->items[i]);
		if (!k)
			continue;
		fprintf(out, "<section class=\"group check\" data-check=\"%s\" "
			"data-count=\"%zu\"><h3>%s <small>&mdash; ", chk->id, k,
			chk->id);
		html_text(out, chk->summary);
		fprintf(out, " (%zu)</small></h3>\n", k);
		for (size_t i = 0; i < h->list->n; i++)
			if (h->list->items[i].check == chk &&
			    in_module(m, &h->list->items[i]))
				write_finding(h, &h->list->items[i], i);
		fputs("</section>\n", out);
	}
	fputs("</section>\n", out);
}

/* Drivers as Kbuild would build the files (kbuild_modules.h). */
static void write_findings(struct html *h)
{
	struct strlist files = { 0 }, flags = { 0 };
	struct kmodule_list mods = { 0 };

	for (size_t i = 0; i < h->list->n; i++)
		if (!strlist_has(&files, h->list->items[i].loc.file))
			strlist_add(&files, h->list->items[i].loc.file);
	kbuild_modules(&files, &flags, &mods);
	fprintf(h->out, "<main id=\"findings\"><h2>Findings by driver "
		"(%zu driver%s)</h2>\n", mods.n, mods.n == 1 ? "" : "s");
	if (!h->list->n)
		fputs("<p>No findings.</p>\n", h->out);
	for (size_t i = 0; i < mods.n; i++)
		write_module(h, &mods.items[i]);
	fputs("</main>\n", h->out);
	kmodule_list_free(&mods);
	strlist_free(&files);
}

static void cell(FILE *out, const char *s)
{
	fputs("<td>", out);
	html_text(out, s);
	fputs("</td>", out);
}

/* Runtime errors that no static finding predicted (confirm's list). */
static void write_unpredicted(const struct html *h)
{
	FILE *out = h->out;
	size_t n = 0;

	for (size_t i = 0; i < h->confirmed->n; i++)
		n += h->confirmed->items[i].status == CONFIRM_UNPREDICTED;
	fprintf(out, "<section id=\"unpredicted\" data-count=\"%zu\"><h2>Runtime "
		"errors no finding predicted (%zu)</h2>\n", n, n);
	if (!n) {
		fputs("<p>None.</p></section>\n", out);
		return;
	}
	fputs("<table class=\"summary\"><thead><tr><th>Check</th><th>Driver</th>"
	      "<th>Function</th><th>Mapped in</th><th>Count</th><th>Why</th>"
	      "<th>Message</th></tr></thead><tbody>\n", out);
	for (size_t i = 0; i < h->confirmed->n; i++) {
		const struct confirm_entry *e = &h->confirmed->items[i];

		if (e->status != CONFIRM_UNPREDICTED)
			continue;
		fputs("<tr>", out);
		cell(out, e->check);
		cell(out, e->driver);
		cell(out, e->function);
		cell(out, e->mapped_in);
		fprintf(out, "<td class=\"n\">%lu</td>", e->count);
		cell(out, e->reason);
		cell(out, e->message);
		fputs("</tr>\n", out);
	}
	fputs("</tbody></table></section>\n", out);
}

static void write_header(const struct html *h)
{
	size_t by_sev[3] = { 0 }, files = 0;
	struct strlist seen = { 0 };

	for (size_t i = 0; i < h->list->n; i++) {
		const struct finding *f = &h->list->items[i];

		by_sev[f->severity]++;
		if (!strlist_has(&seen, f->loc.file)) {
			strlist_add(&seen, f->loc.file);
			files++;
		}
	}
	strlist_free(&seen);
	fprintf(h->out, "<header><h1>drvcheck report</h1>\n<p id=\"totals\" "
		"data-count=\"%zu\">%zu finding%s (%zu errors, %zu warnings, "
		"%zu notes) in %zu file%s.", h->list->n, h->list->n,
		h->list->n == 1 ? "" : "s", by_sev[SEV_ERROR],
		by_sev[SEV_WARNING], by_sev[SEV_NOTE], files,
		files == 1 ? "" : "s");
	if (!h->confirmed)
		fputs(" No runtime results given (scan --confirmed FILE).", h->out);
	fputs("</p></header>\n", h->out);
}

void output_html(FILE *out, const struct finding_list *list,
		 const struct confirm_list *confirmed, const char *root)
{
	struct html h = { out, list, confirmed, root, { 0 }, 0 };

	for (size_t i = 0; i < list->n; i++)
		h.engines |= list->items[i].engines;
	fputs("<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
	      "<meta name=\"generator\" content=\"drvcheck " DRVCHECK_VERSION "\">\n"
	      "<title>drvcheck report</title>\n<style>\n", out);
	fputs(html_style, out);
	fputs("</style></head>\n<body>\n", out);
	write_header(&h);
	write_summary(&h);
	if (confirmed)
		write_unpredicted(&h);
	write_filters(&h);
	write_findings(&h);
	fputs("<script>\n", out);
	fputs(html_script, out);
	fputs("</script>\n</body></html>\n", out);
	source_cache_free(&h.src);
}

int output_html_prepare(const char *dir)
{
	if (!dir) {
		fputs("drvcheck: --format html writes a directory: give it "
		      "with -o DIR\n", stderr);
		return -1;
	}
	if (!is_dir(dir) && access(dir, F_OK) == 0) {
		fprintf(stderr, "drvcheck: -o %s: not a directory (the HTML "
			"report is a directory)\n", dir);
		return -1;
	}
	if (mkdirs(dir, 0755) || !is_dir(dir)) {
		fprintf(stderr, "drvcheck: -o %s: cannot create the report "
			"directory: %s\n", dir, strerror(errno));
		return -1;
	}
	return 0;
}

int output_html_dir(const char *dir, const struct finding_list *list,
		    const struct confirm_list *confirmed, const char *root)
{
	char *path;
	FILE *out;
	int ret = 0;

	if (output_html_prepare(dir))
		return -1;
	path = xasprintf("%s/index.html", dir);
	out = fopen(path, "w");
	if (!out) {
		fprintf(stderr, "drvcheck: %s: %s\n", path, strerror(errno));
		free(path);
		return -1;
	}
	output_html(out, list, confirmed, root);
	if (fclose(out)) {
		fprintf(stderr, "drvcheck: %s: %s\n", path, strerror(errno));
		ret = -1;
	}
	free(path);
	return ret;
}
