// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck-sparse: sparse, plus drvcheck's checks on its IR.
 *
 * Kbuild runs $(CHECK) with sparse's command line ($(CHECKFLAGS) $(c_flags)
 * file.c).  To keep every sparse option, warning and exit status exactly as
 * users know them, drvcheck-sparse does not reimplement sparse's driver: it
 * runs sparse's own main() (sparse.c, built from the same Debian source as
 * libsparse.a; fetch-sparse.sh renames it sparse_main).  In that object the
 * calls to sparse() and linearize_symbol() are renamed to the two hooks
 * below, so drvcheck sees each file and each linearized function right
 * where sparse's own IR checks run, and reads the IR sparse already built.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "facts_store.h"
#include "insn_trace.h"
#include "ir_pairs.h"
#include "poll_facts.h"
#include "report.h"
#include "sparse_checks.h"
#include "sparse_headers.h"
#include "src_index.h"
#include "tu_facts.h"

int sparse_main(int argc, char **argv);
struct symbol_list *drvcheck_sparse(char *filename);
struct entrypoint *drvcheck_linearize_symbol(struct symbol *sym);

/* Set when sparse reported an error in the current file. */
static int errors_at_start;
static bool skip_noted;
/* Cleared while sparse parses the file: sparse dies on a missing header. */
static bool parsed = true;
/* The file sparse was given, not the header an error was in: the note
 * names what was not analysed. */
static const char *current_file;
/* DRVCHECK_DB: the facts database this run adds to, NULL for none */
static const char *facts_db;
/* The pairing checks: the judge, over this run's facts; verdicts are
 * reported like the checks' findings. */
static const struct judge judge = { .facts = &tu_facts, .emit = report_verdict };

/*
 * The driver's own functions: in the file, or in a header beside it (the
 * module's own header), not the kernel's inline functions.
 */
static bool drivers_code(struct symbol *sym)
{
	return src_index_driver_stream(sym->pos.stream);
}

/*
 * Says once per file that sparse's errors stopped the analysis: after the
 * first function of a broken file, when the next file starts, and at exit
 * (a missing header makes sparse exit before any function is seen).
 */
static void note_skipped(void)
{
	if (!current_file || skip_noted || (parsed && has_error == errors_at_start))
		return;
	fprintf(stderr, "%s: note: drvcheck: analysis skipped after sparse errors\n",
		current_file);
	skip_noted = true;
}

struct symbol_list *drvcheck_sparse(char *filename)
{
	struct symbol_list *list;

	note_skipped();
	/* findings of the previous file go out before this file's warnings */
	report_flush();
	errors_at_start = has_error;
	skip_noted = false;
	current_file = filename;
	src_index_file(filename);
	poll_facts_file();
	if (facts_db)
		facts_store_file(filename);
	parsed = false;
	list = sparse(filename);
	parsed = true;
	/*
	 * sparse's own checks would expand a file it could not parse, and its
	 * expander crashes on some of what the parser left (__builtin_object_size
	 * of a broken declaration: dvb_vb2.c of 6.1); its errors are out, and
	 * drvcheck analyses nothing of such a file anyway.
	 */
	if (has_error != errors_at_start) {
		note_skipped();
		return NULL;
	}
	return list;
}

struct entrypoint *drvcheck_linearize_symbol(struct symbol *sym)
{
	struct instruction *const *insns;
	struct entrypoint *ep;
	size_t n_insns;
	struct fn_ctx ctx;

	if (has_error == errors_at_start && drivers_code(sym)) {
		tu_facts_function(sym);
		poll_facts_object(sym);
	}
	insn_trace_start();
	ep = linearize_symbol(sym);
	insn_trace_stop();
	if (!ep || !ep->entry)
		return ep;
	/*
	 * After a parse or type error the IR may be partial: sparse's message
	 * stands, drvcheck says once that it did not analyse the file.
	 */
	if (has_error != errors_at_start) {
		note_skipped();
		return ep;
	}
	insns = insn_trace(&n_insns);
	fn_ctx_init(&ctx, ep, insns, n_insns);
	sparse_checks_function(&ctx);
	if (drivers_code(sym)) {
		ir_pairs(&ctx, &judge);
		poll_facts_function(sym, &ctx);
	}
	fn_ctx_free(&ctx);
	return ep;
}

/*
 * The module-wide checks and the judge run when sparse has seen every
 * file; then the facts and what was printed go to the database.
 */
static void finish(void)
{
	note_skipped();
	sparse_checks_module();
	if (!judge_deferred())
		judge_run(&judge);
	report_flush();
	if (facts_db)
		facts_store(facts_db);
	tu_facts_free();
	poll_facts_free();
	src_index_free();
}

/*
 * The module the files belong to, for the judge's joins: Kbuild defines
 * KBUILD_MODNAME as a string ("-DKBUILD_MODNAME=\"e1000e\"").
 */
static void module_name(int argc, char **argv)
{
	static const char opt[] = "-DKBUILD_MODNAME=";

	for (int i = 1; i < argc; i++)
		if (strncmp(argv[i], opt, strlen(opt)) == 0) {
			char *name = xstrdup(argv[i] + strlen(opt));
			size_t n = strlen(name);

			if (n >= 2 && name[0] == '"' && name[n - 1] == '"') {
				memmove(name, name + 1, n - 2);
				name[n - 2] = '\0';
			}
			tu_facts_module(name);
			free(name);
		}
}

int main(int argc, char **argv)
{
	facts_db = getenv("DRVCHECK_DB");
	if (facts_db && !*facts_db)
		facts_db = NULL;
	if (facts_db)
		report_printed_hook = facts_store_finding;
	/* also when sparse exits early (-Wsparse-error) */
	argc = report_options(argc, argv);
	if (argc < 0)
		return 2;
	module_name(argc, argv);
	atexit(finish);
	return sparse_main(argc, argv);
}
