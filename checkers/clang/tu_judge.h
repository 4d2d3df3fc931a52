/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The judge (checkers/judge) over a translation unit: at its end, the
 * facts of its AST (facts_ast.h) are judged once, each verdict of a check
 * the catalogue gives clang is reported at its site by the checker of its
 * family (drvcheck.DMA, drvcheck.IOMem), with notes at the other half.
 * With DRVCHECK_DB set, the facts and every finding the plugin printed
 * then go into the facts database (checkers/judge/facts_db.h) as this
 * file's run of the "clang" engine, for `drvcheck report` and the clang
 * engine's module replay to join with the module's other files.
 */
#ifndef DRVCHECK_CLANG_TU_JUDGE_H
#define DRVCHECK_CLANG_TU_JUDGE_H

#include "model_adapter.h"

namespace drvcheck {

/* Family's judge verdicts are Reporter's (its checker is enabled). */
void judgeFamily(api_family Family, const CheckReporter *Reporter);

/* The judge's checks clang decides for the enabled families. */
selection judgeSelection();

/* At the end of the TU (each checker of a judged family calls it; the
 * first call does the work). */
void judgeTu(AnalysisManager &Mgr, BugReporter &BR);

/* A finding the plugin reports, for the database's record of what was
 * printed (a replay does not print it again). */
void notePrinted(const struct check &C, const PathDiagnosticLocation &Loc,
		 llvm::StringRef Function, llvm::StringRef Key);

} // namespace drvcheck

#endif
