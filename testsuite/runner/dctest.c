// SPDX-License-Identifier: GPL-2.0
/*
 * dctest: runs every engine over every testsuite case about a check it
 * claims (none for an engine that claims none yet) and compares found against expected exactly (file, line, id).  Prints a
 * result per case and engine, a check x engine matrix, and the closing line
 * "N passed, N failed".
 */
#include <dirent.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "case.h"
#include "core/run.h"
#include "core/scan.h"

struct cell {
	unsigned int expected, caught, known_miss;	/* positives */
	unsigned int neg_cases, neg_clean;		/* negatives */
	unsigned int extra;				/* wrong findings */
	unsigned int known_wrong;			/* marked wrong(...) */
};

static struct cell matrix[MAX_CHECKS][4];

/*
 * Agreement: each place (check, file, line) some engine reported in a
 * case, against the engines that ran on it and claim the check.
 */
struct agree {
	unsigned int places, all;	/* all: every claiming engine found it */
	unsigned int explained;		/* a known-miss or known-wrong marker */
	unsigned int unexplained;
};

static struct agree agreement[MAX_CHECKS];

/* The cocci runs' result cache (warm_cocci_cache()); NULL: none. */
static char *cocci_cache;

static int engine_slot(enum engine e)
{
	return e == ENGINE_COCCI ? 0 : e == ENGINE_SPARSE ? 1
	       : e == ENGINE_CLANG ? 2 : 3;
}

static int compare_strings(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Applies "drvcheck-options:" words: --checks, --exclude, --kernel-version. */
static int case_selection(const struct tc *tc, struct selection *sel)
{
	unsigned int kv = 0;
	char *bad = NULL;

	for (size_t i = 0; i + 1 < tc->options.n; i++)
		if (strcmp(tc->options.items[i], "--kernel-version") == 0)
			kv = kernel_version_parse(tc->options.items[i + 1]);
	selection_default(sel, kv);
	for (size_t i = 0; i < tc->options.n; i++) {
		const char *opt = tc->options.items[i];
		const char *arg = i + 1 < tc->options.n ? tc->options.items[i + 1] : "";

		if (strcmp(opt, "--kernel-version") == 0) {
			if (!kv)
				goto bad_option;
		} else if (strcmp(opt, "--checks") == 0 ||
			   strcmp(opt, "--exclude") == 0) {
			if (selection_apply(sel, arg, opt[2] == 'e', &bad)) {
				fprintf(stderr, "%s: unknown check '%s'\n",
					tc->name, bad);
				free(bad);
				return -1;
			}
		} else {
			goto bad_option;
		}
		i++;
	}
	return 0;
bad_option:
	fprintf(stderr, "%s: bad drvcheck-options\n", tc->name);
	return -1;
}

static bool claims(const struct check *c, enum engine e)
{
	return (c->engines & e) != 0;
}

/*
 * Whether e claims a check the case is about (its expectations and the
 * ids of "drvcheck-case:"): an engine is run over the cases of its checks.
 */
static bool about_claimed(const struct tc *tc, enum engine e)
{
	const struct strlist *ids[] = { &tc->positive, &tc->negative };

	for (size_t i = 0; i < tc->n_expect; i++)
		if (claims(tc->expect[i].check, e))
			return true;
	for (size_t k = 0; k < 2; k++)
		for (size_t i = 0; i < ids[k]->n; i++) {
			const struct check *c = check_lookup(ids[k]->items[i]);

			if (c && claims(c, e))
				return true;
		}
	return false;
}

/*
 * Same file (by path), same line, same check; a wrong(...) marker only for
 * the engines it names.
 */
static struct expectation *find_expectation(struct tc *tc,
					    const struct finding *f,
					    enum engine eng)
{
	for (size_t i = 0; i < tc->n_expect; i++) {
		struct expectation *e = &tc->expect[i];

		if (e->known_wrong && !(e->known_wrong & eng))
			continue;
		if (!e->matched && e->check == f->check &&
		    e->line == f->loc.line && strcmp(e->file, f->loc.file) == 0)
			return e;
	}
	return NULL;
}

/*
 * Runs one engine over one case; returns true when it passed.  Its
 * findings stay in found.
 */
static bool run_case(struct tc *tc, const struct engine_ops *eng, int jobs,
		     bool verbose, struct finding_list *out)
{
	struct selection sel;
	struct scan_request req = { 0 };
	struct scan_status st = { 0 };
	struct finding_list found = { 0 };
	struct strbuf why = { 0 };
	int slot = engine_slot(eng->id);
	bool ok = true;

	if (case_selection(tc, &sel))
		return false;
	for (size_t i = 0; i < tc->files.n; i++) {
		strlist_add(&req.files, tc->files.items[i]);
		strlist_add(&req.explicit_files, tc->files.items[i]);
	}
	req.checks = &sel;
	req.jobs = jobs;
	if (eng->id == ENGINE_COCCI)
		req.cache_dir = cocci_cache;
	for (size_t i = 0; i < tc->n_expect; i++)
		tc->expect[i].matched = false;

	/* A case about code an engine cannot parse says so; it must stay
	 * unparsed, or the case no longer shows what it was written for. */
	if (scan_run(&req, eng->id, true, &found, &st) ||
	    (st.explicit_unparsed > 0) != strlist_has(&tc->unparsed, eng->name)) {
		sb_puts(&why, st.explicit_unparsed ?
			"    engine error or unparsed case file\n" :
			"    engine error, or the case file parsed (drvcheck-case: unparsed)\n");
		ok = false;
	}
	for (size_t i = 0; i < found.n; i++) {
		const struct finding *f = &found.items[i];
		struct expectation *e = find_expectation(tc, f, eng->id);

		if (e && e->known_wrong) {
			e->matched = true;
			matrix[f->check - check_table][slot].known_wrong++;
			continue;
		}
		if (e && claims(f->check, eng->id)) {
			e->matched = true;
			continue;
		}
		ok = false;
		matrix[f->check - check_table][slot].extra++;
		sb_printf(&why, "    extra:   %s:%u: %s: %s\n", f->loc.file,
			  f->loc.line, f->check->id, f->message);
	}
	for (size_t i = 0; i < tc->n_expect; i++) {
		struct expectation *e = &tc->expect[i];
		struct cell *cell = &matrix[e->check - check_table][slot];

		if (!claims(e->check, eng->id) || !selection_has(&sel, e->check))
			continue;
		if (e->known_wrong) {
			if ((e->known_wrong & eng->id) && !e->matched)
				sb_printf(&why, "    note:    %s:%u: %s is marked as "
					  "a known false positive but was not "
					  "reported\n", e->file, e->line,
					  e->check->id);
			continue;
		}
		if (e->known_miss & eng->id) {
			cell->known_miss++;
			if (e->matched)
				sb_printf(&why, "    note:    %s:%u: %s is marked as "
					  "a known miss but was found\n",
					  e->file, e->line, e->check->id);
			continue;
		}
		cell->expected++;
		if (e->matched) {
			cell->caught++;
			continue;
		}
		ok = false;
		sb_printf(&why, "    missing: %s:%u: %s\n", e->file, e->line,
			  e->check->id);
	}
	for (size_t i = 0; i < tc->negative.n; i++) {
		const struct check *c = check_lookup(tc->negative.items[i]);
		struct cell *cell = &matrix[c - check_table][slot];
		bool clean = true;

		if (!claims(c, eng->id))
			continue;
		for (size_t k = 0; k < found.n; k++)
			clean &= found.items[k].check != c;
		cell->neg_cases++;
		cell->neg_clean += clean;
	}
	printf("%s %s [%s]\n", ok ? "PASS" : "FAIL", tc->name, eng->name);
	if (why.len && (verbose || !ok))
		fputs(why.buf, stdout);
	sb_free(&why);
	*out = found;
	strlist_free(&req.files);
	strlist_free(&req.explicit_files);
	return ok;
}

/* Whether --engine's comma-separated list (NULL: every engine) has name. */
static bool picked(const char *only_engine, const char *name)
{
	size_t n = strlen(name);

	for (const char *p = only_engine; p; p = strchr(p, ','), p = p ? p + 1 : p)
		if (strncmp(p, name, n) == 0 && (p[n] == ',' || p[n] == '\0'))
			return true;
	return !only_engine;
}

/* Whether engine k claims check i and ran (--engine picks some). */
static bool counted(size_t i, size_t k, const char *only_engine)
{
	return claims(&check_table[i], engines[k]->id) &&
	       picked(only_engine, engines[k]->name);
}

static void print_matrix(FILE *out, const char *only_engine)
{
	fputs("\n| check | engine | positives caught | known misses | "
	      "negative cases clean | extra findings | known false positives |\n"
	      "|---|---|---|---|---|---|---|\n", out);
	for (size_t i = 0; i < check_count; i++)
		for (size_t k = 0; engines[k]; k++) {
			const struct cell *c =
				&matrix[i][engine_slot(engines[k]->id)];

			if (!counted(i, k, only_engine))
				continue;
			fprintf(out, "| %s | %s | %u/%u | %u | %u/%u | %u | %u |\n",
				check_table[i].id, engines[k]->name, c->caught,
				c->expected, c->known_miss, c->neg_clean,
				c->neg_cases, c->extra, c->known_wrong);
		}
}

/*
 * The engines' agreement, check by check; every disagreement must be a
 * marked known miss or known false positive.  Returns the unexplained.
 */
static unsigned int print_agreement(FILE *out)
{
	unsigned int bad = 0;

	fputs("\n| check | places reported | by every claiming engine | "
	      "explained by a marker | unexplained |\n|---|---|---|---|---|\n", out);
	for (size_t i = 0; i < check_count; i++) {
		const struct agree *a = &agreement[i];

		if (!a->places)
			continue;
		fprintf(out, "| %s | %u | %u | %u | %u |\n", check_table[i].id,
			a->places, a->all, a->explained, a->unexplained);
		bad += a->unexplained;
	}
	return bad;
}

/* Every check an engine claims needs 3 positives and 2 negatives. */
static unsigned int coverage_failures(const char *only_engine)
{
	unsigned int bad = 0;

	for (size_t i = 0; i < check_count; i++)
		for (size_t k = 0; engines[k]; k++) {
			const struct cell *c =
				&matrix[i][engine_slot(engines[k]->id)];

			if (!counted(i, k, only_engine))
				continue;
			if (c->expected + c->known_miss < 3 || c->neg_cases < 2) {
				printf("FAIL coverage %s [%s]: %u positives, "
				       "%u negative cases (need 3 and 2)\n",
				       check_table[i].id, engines[k]->name,
				       c->expected + c->known_miss, c->neg_cases);
				bad++;
			}
		}
	return bad;
}

struct case_result {
	unsigned int passed, failed;
	struct cell matrix[MAX_CHECKS][4];
	struct agree agreement[MAX_CHECKS];
};

/* The expectation of the case at f's place, or NULL. */
static const struct expectation *marker_at(const struct tc *tc,
					   const struct finding *f)
{
	for (size_t i = 0; i < tc->n_expect; i++)
		if (tc->expect[i].check == f->check &&
		    tc->expect[i].line == f->loc.line &&
		    strcmp(tc->expect[i].file, f->loc.file) == 0)
			return &tc->expect[i];
	return NULL;
}

/*
 * Each place one engine reported, against the others that ran and claim
 * its check: all found it, or a marker says why not (a known miss of the
 * one that lacks it, a known false positive of the one that has it).
 */
static void count_agreement(const struct tc *tc, unsigned int ran,
			    const struct finding_list *found)
{
	for (size_t k = 0; k < 4; k++)
		for (size_t i = 0; i < found[k].n; i++) {
			const struct finding *f = &found[k].items[i];
			const struct expectation *e = marker_at(tc, f);
			unsigned int claim = 0, have = 0;
			struct agree *a = &agreement[f->check - check_table];
			bool first = true;

			for (size_t o = 0; engines[o]; o++) {
				size_t slot = (size_t)engine_slot(engines[o]->id);

				if (!(ran & engines[o]->id) || !claims(f->check, engines[o]->id))
					continue;
				claim |= engines[o]->id;
				for (size_t x = 0; x < found[slot].n; x++)
					if (found[slot].items[x].check == f->check &&
					    found[slot].items[x].loc.line == f->loc.line &&
					    !strcmp(found[slot].items[x].loc.file, f->loc.file)) {
						have |= engines[o]->id;
						/* counted once, by the first finder */
						first &= slot >= k;
					}
			}
			if (!first || __builtin_popcount(claim) < 2)
				continue;
			a->places++;
			if (have == claim)
				a->all++;
			else if (e && ((e->known_miss & (claim & ~have)) == (claim & ~have) ||
				       (e->known_wrong & have)))
				a->explained++;
			else
				a->unexplained++;
		}
}

/* Every engine over one case; output on stdout, counts in r->matrix. */
static void run_one(const char *path, const char *only_engine, bool verbose,
		    struct case_result *r)
{
	struct tc tc;
	struct finding_list found[4] = { 0 };
	unsigned int ran = 0;

	memset(matrix, 0, sizeof(matrix));
	memset(agreement, 0, sizeof(agreement));
	if (tc_load(&tc, path)) {
		printf("FAIL %s [load]\n", path);
		r->failed++;
		tc_free(&tc);
		return;
	}
	for (size_t k = 0; engines[k]; k++) {
		const char *why;

		if (!picked(only_engine, engines[k]->name))
			continue;
		if (!about_claimed(&tc, engines[k]->id))
			continue;
		why = engines[k]->unavailable();
		if (why) {
			printf("FAIL %s [%s]: engine unavailable: %s\n",
			       tc.name, engines[k]->name, why);
			r->failed++;
			continue;
		}
		/* Cases run in parallel, so each engine runs single-job. */
		if (run_case(&tc, engines[k], 1, verbose,
			     &found[engine_slot(engines[k]->id)]))
			r->passed++;
		else
			r->failed++;
		ran |= engines[k]->id;
	}
	count_agreement(&tc, ran, found);
	for (size_t k = 0; k < 4; k++)
		finding_list_free(&found[k]);
	memcpy(r->matrix, matrix, sizeof(matrix));
	memcpy(r->agreement, agreement, sizeof(agreement));
	tc_free(&tc);
}

struct worker {
	pid_t pid;
	int text_fd, result_fd;
};

static void start_worker(struct worker *w, const char *path,
			 const char *only_engine, bool verbose)
{
	int text[2], result[2];

	if (pipe(text) || pipe(result)) {
		perror("pipe");
		exit(2);
	}
	fflush(stdout);
	w->pid = fork();
	if (w->pid < 0) {
		perror("fork");
		exit(2);
	}
	if (w->pid == 0) {
		struct case_result r = { 0 };

		close(text[0]);
		close(result[0]);
		dup2(text[1], 1);
		run_one(path, only_engine, verbose, &r);
		fflush(stdout);
		if (write(result[1], &r, sizeof(r)) != (ssize_t)sizeof(r))
			_exit(2);
		_exit(0);
	}
	close(text[1]);
	close(result[1]);
	w->text_fd = text[0];
	w->result_fd = result[0];
}

/* Copies a worker's text to stdout in case order, then adds its counts. */
static void finish_worker(struct worker *w, unsigned int *passed,
			  unsigned int *failed)
{
	struct case_result r;
	char buf[4096];
	ssize_t n;

	while ((n = read(w->text_fd, buf, sizeof(buf))) > 0)
		fwrite(buf, 1, (size_t)n, stdout);
	if (read(w->result_fd, &r, sizeof(r)) != (ssize_t)sizeof(r)) {
		printf("FAIL a case worker died\n");
		memset(&r, 0, sizeof(r));
		r.failed = 1;
	}
	close(w->text_fd);
	close(w->result_fd);
	waitpid(w->pid, NULL, 0);
	*passed += r.passed;
	*failed += r.failed;
	for (size_t i = 0; i < MAX_CHECKS; i++) {
		agreement[i].places += r.agreement[i].places;
		agreement[i].all += r.agreement[i].all;
		agreement[i].explained += r.agreement[i].explained;
		agreement[i].unexplained += r.agreement[i].unexplained;
	}
	for (size_t i = 0; i < MAX_CHECKS; i++)
		for (size_t k = 0; k < 4; k++) {
			struct cell *to = &matrix[i][k];
			const struct cell *from = &r.matrix[i][k];

			to->expected += from->expected;
			to->caught += from->caught;
			to->known_miss += from->known_miss;
			to->known_wrong += from->known_wrong;
			to->neg_cases += from->neg_cases;
			to->neg_clean += from->neg_clean;
			to->extra += from->extra;
		}
}

/*
 * spatch spends about a second on the semantic patch before its first
 * file: once per case, that is most of the cocci engine's time.  So the
 * files of all cases with the same selection are scanned in one cocci run
 * first, into a result cache (result_cache.h) that each case's own run
 * then reads.  What spatch prints for a file depends on the file and the
 * patch alone, so a case still sees exactly what a run of its own prints;
 * a file the cache does not keep (one that did not parse) is run again.
 */
static void warm_cocci_cache(const struct strlist *paths, int jobs)
{
	struct strlist keys = { 0 };
	struct scan_request *reqs = NULL;
	struct selection *sels = NULL;
	int saved, null;

	cocci_cache = tmpdir_create();
	if (!cocci_cache)
		return;		/* each case runs spatch itself */
	for (size_t i = 0; i < paths->n; i++) {
		struct tc tc;
		struct strbuf key = { 0 };
		size_t g;

		sb_puts(&key, "");
		if (tc_load(&tc, paths->items[i]) == 0) {
			for (size_t k = 0; k < tc.options.n; k++)
				sb_printf(&key, "%s\n", tc.options.items[k]);
			for (g = 0; g < keys.n && strcmp(keys.items[g], key.buf); g++)
				;
			if (g == keys.n) {
				strlist_add(&keys, key.buf);
				reqs = xrealloc(reqs, keys.n * sizeof(*reqs));
				sels = xrealloc(sels, keys.n * sizeof(*sels));
				memset(&reqs[g], 0, sizeof(*reqs));
				if (case_selection(&tc, &sels[g]))
					selection_default(&sels[g], 0);
			}
			for (size_t k = 0; k < tc.files.n; k++)
				strlist_add(&reqs[g].files, tc.files.items[k]);
		}
		sb_free(&key);
		tc_free(&tc);
	}
	/* the runs per case say what is wrong with a file */
	saved = dup(2);
	null = open("/dev/null", O_WRONLY);
	if (null >= 0)
		dup2(null, 2);
	for (size_t g = 0; g < keys.n; g++) {
		struct finding_list found = { 0 };
		struct scan_status st = { 0 };

		reqs[g].checks = &sels[g];
		reqs[g].jobs = jobs;
		reqs[g].cache_dir = cocci_cache;
		scan_run(&reqs[g], ENGINE_COCCI, true, &found, &st);
		finding_list_free(&found);
		strlist_free(&reqs[g].files);
	}
	if (saved >= 0) {
		dup2(saved, 2);
		close(saved);
	}
	if (null >= 0)
		close(null);
	free(reqs);
	free(sels);
	strlist_free(&keys);
}

/* Runs the cases jobs at a time, printing results in case order. */
static void run_all(const struct strlist *paths, const char *only_engine,
		    int jobs, bool verbose, unsigned int *passed,
		    unsigned int *failed)
{
	struct worker *ring = xcalloc((size_t)jobs, sizeof(*ring));
	size_t started = 0, done = 0;

	memset(matrix, 0, sizeof(matrix));
	memset(agreement, 0, sizeof(agreement));
	while (done < paths->n) {
		if (started < paths->n && started - done < (size_t)jobs) {
			start_worker(&ring[started % (size_t)jobs],
				     paths->items[started], only_engine, verbose);
			started++;
			continue;
		}
		finish_worker(&ring[done % (size_t)jobs], passed, failed);
		done++;
	}
	free(ring);
}

static void usage(void)
{
	fputs("usage: dctest [--cases DIR] [--matrix FILE] [--engine NAME[,NAME...]] "
	      "[-j N] [-v] [CASE...]\n", stderr);
	exit(2);
}

int main(int argc, char **argv)
{
	const char *cases_dir = "testsuite/cases", *matrix_path = NULL;
	const char *only_engine = NULL;
	struct strlist paths = { 0 };
	unsigned int passed = 0, failed = 0;
	bool verbose = false, subset = false;
	int jobs = 2;

	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "--cases") == 0 && i + 1 < argc)
			cases_dir = argv[++i];
		else if (strcmp(argv[i], "--matrix") == 0 && i + 1 < argc)
			matrix_path = argv[++i];
		else if (strcmp(argv[i], "--engine") == 0 && i + 1 < argc)
			only_engine = argv[++i];
		else if (strcmp(argv[i], "-j") == 0 && i + 1 < argc)
			jobs = atoi(argv[++i]) > 0 ? atoi(argv[i]) : 1;
		else if (strcmp(argv[i], "-v") == 0)
			verbose = true;
		else if (argv[i][0] == '-')
			usage();
		else {
			/* a case named twice (two globs) is one case: twice in
			 * one run its facts would be joined with themselves */
			if (!strlist_has(&paths, argv[i]))
				strlist_add(&paths, argv[i]);
			subset = true;
		}
	}
	if (!subset) {
		DIR *d = opendir(cases_dir);
		struct dirent *e;

		if (!d) {
			perror(cases_dir);
			return 2;
		}
		while ((e = readdir(d))) {
			char *p = xasprintf("%s/%s", cases_dir, e->d_name);

			if (e->d_name[0] != '.' &&
			    (has_suffix(e->d_name, ".c") || is_dir(p)))
				strlist_add(&paths, p);
			free(p);
		}
		closedir(d);
		qsort(paths.items, paths.n, sizeof(char *), compare_strings);
	}
	if (picked(only_engine, "cocci"))
		warm_cocci_cache(&paths, jobs);
	run_all(&paths, only_engine, jobs, verbose, &passed, &failed);
	if (cocci_cache)
		tmpdir_remove(cocci_cache);
	print_matrix(stdout, only_engine);
	if (print_agreement(stdout)) {
		printf("FAIL engines disagree where no marker says why\n");
		failed++;
	}
	if (matrix_path) {
		FILE *m = fopen(matrix_path, "w");

		if (m) {
			fputs("# check x engine matrix (generated by dctest)\n", m);
			print_matrix(m, only_engine);
			fputs("\n## Agreement (checks two or more engines claim)\n", m);
			print_agreement(m);
			fclose(m);
		}
	}
	if (!subset)
		failed += coverage_failures(only_engine);
	strlist_free(&paths);
	printf("\n%u passed, %u failed\n", passed, failed);
	return failed ? 1 : 0;
}
