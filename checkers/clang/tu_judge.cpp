// SPDX-License-Identifier: GPL-2.0
#include "tu_judge.h"
#include "facts_ast.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/AnalysisManager.h"

#include <cstdio>
#include <cstdlib>
#include <map>

namespace drvcheck {

namespace {

std::map<api_family, const CheckReporter *> &reporters()
{
	static std::map<api_family, const CheckReporter *> Reporters;
	return Reporters;
}

/* What the plugin reported in this TU. */
struct Printed {
	const struct check *Check;
	std::string File, Function, Key;
	unsigned Line, Col;
};

std::vector<Printed> &printed()
{
	static std::vector<Printed> List;
	return List;
}

const char *factsDb()
{
	const char *Path = getenv("DRVCHECK_DB");
	return Path && *Path ? Path : nullptr;
}

struct Emit {
	BugReporter &BR;
	AnalysisManager &Mgr;
	const TuFacts &Facts;
};

PathDiagnosticLocation siteLoc(const Emit &E, const jsite *S)
{
	const FunctionDecl *FD = E.Facts.Functions[(size_t)(S - E.Facts.JF.sites)];
	return PathDiagnosticLocation::createBegin(static_cast<const Expr *>(S->origin),
						   E.BR.getSourceManager(),
						   E.Mgr.getAnalysisDeclContext(FD));
}

void emitVerdict(void *Arg, const struct judge_verdict *V)
{
	const Emit &E = *static_cast<const Emit *>(Arg);
	const CheckReporter *R = reporters()[V->check->family];
	auto Report = R->fixedReport(V->check->id, V->message, siteLoc(E, V->site),
				     V->site->function, V->key);
	for (size_t I = 0; I < V->n_notes; I++)
		Report->addNote(V->notes[I].message, siteLoc(E, V->notes[I].site));
	E.BR.emitReport(std::move(Report));
}

/* This TU's facts and printed findings into the database at Path. */
void record(const char *Path, const SourceManager &SM, const judge_facts &JF)
{
	const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID());
	finding_list List = {};
	char *Why = nullptr;
	if (!Main)
		return;
	for (const Printed &P : printed())
		finding_add(&List, P.Check, CONF_HIGH, P.File.c_str(), P.Line, P.Col,
			    P.Function.c_str(), P.Key.c_str(), "", ENGINE_CLANG);
	std::string Files = Main->getName().str();
	if (facts_db_write(Path, Files.c_str(), "clang", &JF, &List, &Why))
		fprintf(stderr, "drvcheck-analyzer: note: DRVCHECK_DB=%s: %s; "
			"facts of %s not recorded\n", Path, Why, Files.c_str());
	free(Why);
	finding_list_free(&List);
}

} // namespace

void judgeFamily(api_family Family, const CheckReporter *Reporter)
{
	reporters()[Family] = Reporter;
}

selection judgeSelection()
{
	selection Sel = {};
	for (size_t I = 0; I < check_count; I++) {
		const struct check *C = &check_table[I];
		Sel.on[I] = judge_decides(C->id) && (C->engines & ENGINE_CLANG) &&
			    C->default_on && reporters().count(C->family);
	}
	return Sel;
}

void judgeTu(AnalysisManager &Mgr, BugReporter &BR)
{
	static const ASTContext *Done;
	ASTContext &Ctx = Mgr.getASTContext();
	if (Done == &Ctx)
		return;
	Done = &Ctx;

	TuFacts Facts;
	extractFacts(Ctx, kbuildModule(Mgr.getPreprocessor()), Facts);
	selection Sel = judgeSelection();
	Emit E{ BR, Mgr, Facts };
	struct judge J = { &Facts.JF, &Sel, emitVerdict, &E, nullptr, nullptr };
	if (!judge_deferred())
		judge_run(&J);
	if (const char *Path = factsDb())
		record(Path, Ctx.getSourceManager(), Facts.JF);
	printed().clear();
}

void notePrinted(const struct check &C, const PathDiagnosticLocation &Loc,
		 llvm::StringRef Function, llvm::StringRef Key)
{
	if (!factsDb() || !Loc.isValid() || !Loc.hasValidLocation())
		return;
	const SourceManager &SM = Loc.getManager();
	PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Loc.asLocation()));
	if (PL.isValid())
		printed().push_back({ &C, PL.getFilename(), Function.str(), Key.str(),
				      PL.getLine(), PL.getColumn() });
}

} // namespace drvcheck
