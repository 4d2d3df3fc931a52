// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck.Gate: keeps the analyzer's work to the functions the drvcheck
 * checkers can report in.  A top-level function that reaches no DMA or
 * I/O-memory API of the model and is no ->poll callback ends at its first
 * node; a call to a function of this file that reaches none of them (nor,
 * under a ->poll callback, a poll API) is evaluated conservatively
 * (arguments and globals invalidated, a fresh return value) instead of
 * being inlined.  Header inlines are left to the analyzer: they are small
 * and carry the pointer arithmetic (netdev_priv) the ownership rules of
 * the DMA checker read.
 */
#include "checkers.h"
#include "tu_index.h"

#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"

namespace drvcheck {
namespace {

class RelevanceGate : public Checker<check::BeginFunction, eval::Call> {
public:
	void checkBeginFunction(CheckerContext &C) const;
	bool evalCall(const CallEvent &Event, CheckerContext &C) const;
};

bool relevant(const Decl *D, CheckerContext &C)
{
	const TuIndex &Index = TuIndex::of(C.getASTContext());
	if (Index.reaches(D, FAMILY_DMA) || Index.reaches(D, FAMILY_IOMEM))
		return true;
	const Decl *Top = topFunction(C);
	return Index.isPollCallback(D) ||
	       (Index.isPollCallback(Top) && Index.reaches(D, FAMILY_POLL));
}

void RelevanceGate::checkBeginFunction(CheckerContext &C) const
{
	if (C.inTopFrame() && !relevant(C.getStackFrame()->getDecl(), C))
		C.generateSink(C.getState(), C.getPredecessor());
}

bool RelevanceGate::evalCall(const CallEvent &Event, CheckerContext &C) const
{
	const Decl *D = Event.getDecl();
	const SourceManager &SM = C.getSourceManager();
	if (!D || !D->hasBody() || modelLookup(Event) ||
	    !SM.isInMainFile(SM.getExpansionLoc(D->getLocation())) ||
	    relevant(D, C))
		return false;
	ProgramStateRef State = Event.invalidateRegions(C.blockCount());
	const Expr *E = Event.getOriginExpr();
	QualType T = Event.getResultType();
	if (E && !T->isVoidType())
		State = State->BindExpr(E, C.getLocationContext(),
					C.getSValBuilder().conjureSymbolVal(
						nullptr, E, C.getLocationContext(), T,
						C.blockCount()));
	C.addTransition(State);
	return true;
}

} // namespace

void registerRelevanceGate(CheckerManager &Mgr)
{
	Mgr.registerChecker<RelevanceGate>();
}

} // namespace drvcheck
