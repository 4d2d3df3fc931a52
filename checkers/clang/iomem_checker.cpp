// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck.IOMem: region requests of the model (request_mem_region(),
 * pci_request_regions(), ...).
 *
 * - iomem-unchecked-request, on the path: the request's result never
 *   reaches a branch condition (nor the caller, nor a function the
 *   analyzer did not look into) before the requesting function ends;
 *   reported at the request; not for a reservation the driver's files
 *   never use (region_request_used()).
 * - iomem-release-mismatch and the other region pairings are the
 *   judge's (tu_judge.h): requests, releases and maps of the module meet
 *   by start, over the TU's facts at its end.
 */
#include "checkers.h"
#include "tu_index.h"
#include "tu_judge.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"

using namespace drvcheck;

/* A request live on a path (at file scope: the state trait names it). */
struct RegionRequest {
	const api_fn *Fn;
	bool Tested;
	const Expr *Site;
	const StackFrameContext *Frame;

	bool operator==(const RegionRequest &O) const
	{
		return Fn == O.Fn && Tested == O.Tested && Site == O.Site &&
		       Frame == O.Frame;
	}
	void Profile(llvm::FoldingSetNodeID &ID) const
	{
		ID.AddPointer(Fn);
		ID.AddBoolean(Tested);
		ID.AddPointer(Site);
		ID.AddPointer(Frame);
	}
};

/* Live requests of this path, by the symbol of their result. */
REGISTER_MAP_WITH_PROGRAMSTATE(RegionRequests, SymbolRef, RegionRequest)

namespace drvcheck {
namespace {

class IomemChecker
	: public Checker<check::PostCall, check::BranchCondition,
			 check::EndFunction, check::EndOfTranslationUnit> {
public:
	IomemChecker() : Reporter(this) { judgeFamily(FAMILY_IOMEM, &Reporter); }

	void checkPostCall(const CallEvent &Event, CheckerContext &C) const;
	void checkBranchCondition(const Stmt *Cond, CheckerContext &C) const;
	void checkEndFunction(const ReturnStmt *RS, CheckerContext &C) const;
	void checkEndOfTranslationUnit(const TranslationUnitDecl *TU,
				       AnalysisManager &Mgr, BugReporter &BR) const;

private:
	CheckReporter Reporter;
};

/* Does the driver use what this request claims (region_request_used())? */
bool used(const CallEvent &Event, const api_fn *Fn, CheckerContext &C)
{
	const TuIndex &TU = TuIndex::of(C.getASTContext());
	bool Fixed = Fn->start >= 0 &&
		     Event.getArgSVal(Fn->start).getAs<nonloc::ConcreteInt>();

	return region_request_used(writtenApi(Event.getOriginExpr(), Fn,
					      C.getASTContext())->space,
				   Fixed, TU.portIo(), TU.mapsMmio());
}

void IomemChecker::checkPostCall(const CallEvent &Event, CheckerContext &C) const
{
	const api_fn *Fn = modelLookup(Event);
	ProgramStateRef State = C.getState();
	if (Fn && Fn->family == FAMILY_IOMEM && Event.getOriginExpr()) {
		SymbolRef Result = Event.getReturnValue().getAsSymbol(true);
		if (Fn->role == ROLE_REGION_REQUEST && Result && used(Event, Fn, C))
			C.addTransition(State->set<RegionRequests>(
				Result, RegionRequest{ Fn, false, Event.getOriginExpr(),
						       C.getStackFrame() }));
		return;
	}
	/* a function the analyzer did not look into may test a request
	 * result it is given; printk-style variadic ones only print it */
	const auto *FD = dyn_cast_or_null<FunctionDecl>(Event.getDecl());
	if (C.wasInlined || !FD || FD->isVariadic())
		return;
	for (unsigned I = 0; I < Event.getNumArgs(); I++)
		if (SymbolRef S = Event.getArgSVal(I).getAsSymbol(true))
			if (const RegionRequest *Q = State->get<RegionRequests>(S)) {
				RegionRequest T = *Q;
				T.Tested = true;
				State = State->set<RegionRequests>(S, T);
			}
	C.addTransition(State);
}

/* Does any value the condition reads mention the symbol? */
bool conditionMentions(const Stmt *S, CheckerContext &C, SymbolRef Sym)
{
	if (const auto *E = dyn_cast<Expr>(S))
		if (mentions(C.getSVal(E), Sym))
			return true;
	for (const Stmt *Child : S->children())
		if (Child && conditionMentions(Child, C, Sym))
			return true;
	return false;
}

void IomemChecker::checkBranchCondition(const Stmt *Cond, CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	bool Changed = false;
	for (auto &[Sym, Q] : State->get<RegionRequests>())
		if (!Q.Tested && conditionMentions(Cond, C, Sym)) {
			RegionRequest T = Q;
			T.Tested = true;
			State = State->set<RegionRequests>(Sym, T);
			Changed = true;
		}
	if (Changed)
		C.addTransition(State);
}

void IomemChecker::checkEndFunction(const ReturnStmt *RS, CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	SVal Ret = RS && RS->getRetValue() ? C.getSVal(RS->getRetValue())
					   : UnknownVal();
	for (auto &[Sym, Q] : State->get<RegionRequests>()) {
		if (Q.Frame != C.getStackFrame() || Q.Tested)
			continue;
		if (mentions(Ret, Sym))
			continue;	/* the caller tests it */
		C.emitReport(Reporter.fixedReport(
			"iomem-unchecked-request",
			"the result of " + callName(Q.Site, Q.Fn, C.getASTContext()) +
				" is never tested: the region may belong to another "
				"driver",
			PathDiagnosticLocation::createBegin(Q.Site, C.getSourceManager(),
							    Q.Frame)));
	}
}

void IomemChecker::checkEndOfTranslationUnit(const TranslationUnitDecl *,
					     AnalysisManager &Mgr, BugReporter &BR) const
{
	judgeTu(Mgr, BR);
}

} // namespace

void registerIomemChecker(CheckerManager &Mgr)
{
	Mgr.registerChecker<IomemChecker>();
}

} // namespace drvcheck
