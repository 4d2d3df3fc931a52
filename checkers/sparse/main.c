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

#include "facts_db.h"
#include "insn_trace.h"
#include "ir_checks.h"
#include "poll_facts.h"
#include "report.h"
#include "src_index.h"
#include "tu_checks.h"
#include "sparse_headers.h"

int sparse_main(int argc, char **argv);
struct symbol_list *drvcheck_sparse(char *filename);
struct entrypoint *drvcheck_linearize_symbol(struct symbol *sym);

/* Set when sparse reported an error in the current file. */
static int errors_at_start;
static bool skip_noted;
/* DRVCHECK_DB: the facts database this run adds to, NULL for none */
static const char *facts_db;

/*
 * The driver's own functions: in the file, or in a header beside it (the
 * module's own header), not the kernel's inline functions.
 */
static bool drivers_code(struct symbol *sym)
{
	return src_index_driver_stream(sym->pos.stream);
}

struct symbol_list *drvcheck_sparse(char *filename)
{
	/* findings of the previous file go out before this file's warnings */
	report_flush();
	errors_at_start = has_error;
	skip_noted = false;
	src_index_file(filename);
	poll_facts_file();
	if (facts_db)
		facts_store_file(filename);
	return sparse(filename);
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
		if (!skip_noted)
			fprintf(stderr, "%s: note: drvcheck: analysis skipped after sparse errors\n",
				stream_name(sym->pos.stream));
		skip_noted = true;
		return ep;
	}
	insns = insn_trace(&n_insns);
	fn_ctx_init(&ctx, ep, insns, n_insns);
	ir_checks_run(&ctx);
	if (drivers_code(sym))
		poll_facts_function(sym, &ctx);
	fn_ctx_free(&ctx);
	return ep;
}

/*
 * The module-wide checks run when sparse has seen every file; then the
 * facts and what was printed go to the database.
 */
static void finish(void)
{
	tu_checks_run();
	report_flush();
	if (facts_db)
		facts_store(facts_db);
	tu_facts_free();
	poll_facts_free();
	src_index_free();
}

/*
 * drvcheck report's half (--drvcheck-replay=DB, first): the module-wide
 * checks over the facts of every run the database holds, printing what
 * no run printed already.  Exit status 2 when the database is unusable.
 */
static int replay(const char *db, int argc, char **argv)
{
	int status = 2;

	if (report_options(argc, argv) < 0)
		return 2;
	if (facts_load(db) == 0) {
		tu_checks_run();
		report_drop(facts_load_printed);
		report_flush();
		status = 0;
	}
	facts_load_free();
	tu_facts_free();
	return status;
}

int main(int argc, char **argv)
{
	static const char replay_opt[] = "--drvcheck-replay=";

	if (argc > 1 && strncmp(argv[1], replay_opt, strlen(replay_opt)) == 0)
		return replay(argv[1] + strlen(replay_opt), argc - 1, argv + 1);
	facts_db = getenv("DRVCHECK_DB");
	if (facts_db && !*facts_db)
		facts_db = NULL;
	if (facts_db)
		report_printed_hook = facts_store_finding;
	/* also when sparse exits early (-Wsparse-error) */
	argc = report_options(argc, argv);
	if (argc < 0)
		return 2;
	atexit(finish);
	return sparse_main(argc, argv);
}
