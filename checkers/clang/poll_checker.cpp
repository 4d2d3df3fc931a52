// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck.Poll: ->poll callbacks (the functions a poll_ops_model
 * initializer names, found by the TU index), analyzed from their entry
 * with the helpers they call inlined.
 *
 * - poll-blocking: a model ROLE_BLOCKING call on a path of the callback
 *   (schedule() inside wait_event*(), msleep(), down(), completions),
 *   reported at the call, in the helper when a helper makes it.
 * - poll-no-wait: a return whose mask can be 0 on a path that has not
 *   called a ROLE_POLL_WAIT function: poll() then sleeps with no wait
 *   queue to wake it.  Not on a path that knows a pointer member read
 *   through a pointer is NULL (`if (!indio_dev->info) return 0;`: the
 *   device is gone), docs/checks.md.
 * - poll-errno: a return whose value is a provably negative int: poll()
 *   reads -EINVAL as a mask with nearly every event bit set.
 */
#include "checkers.h"
#include "tu_index.h"

#include "clang/Lex/Lexer.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"

using namespace drvcheck;

/* This path has registered a wait queue with the poll_table. */
REGISTER_TRAIT_WITH_PROGRAMSTATE(PollWaitCalled, bool)
/* This path assumed a pointer member NULL: the device is gone. */
REGISTER_TRAIT_WITH_PROGRAMSTATE(DeviceGone, bool)

namespace drvcheck {
namespace {

class PollChecker
	: public Checker<check::PreCall, check::PreStmt<ReturnStmt>, eval::Assume> {
public:
	PollChecker() : Reporter(this) {}

	void checkPreCall(const CallEvent &Event, CheckerContext &C) const;
	void checkPreStmt(const ReturnStmt *RS, CheckerContext &C) const;
	ProgramStateRef evalAssume(ProgramStateRef State, SVal Cond, bool Assumption) const;

private:
	CheckReporter Reporter;

	void report(CheckerContext &C, llvm::StringRef Id, const std::string &Msg) const;
};

std::string callbackName(const Decl *D)
{
	const auto *FD = dyn_cast_or_null<FunctionDecl>(D);
	return FD ? FD->getNameAsString() : "?";
}

/* A pointer member read through a pointer (dev->info, not a global's),
 * also when copied to a local (the symbol keeps the member's region). */
bool memberPointer(SymbolRef Sym)
{
	const MemRegion *R = nullptr;
	if (const auto *V = dyn_cast<SymbolRegionValue>(Sym))
		R = V->getRegion();
	else if (const auto *D = dyn_cast<SymbolDerived>(Sym))
		R = D->getRegion();
	const auto *FR = dyn_cast_or_null<FieldRegion>(R);
	return FR && FR->getDecl()->getType()->isPointerType() &&
	       isa<SymbolicRegion>(FR->getBaseRegion());
}

/* The outermost model macro a call was expanded from: schedule() is what
 * runs, wait_event_interruptible() what the driver wrote. */
std::string spelledBlockingCall(const CallEvent &Event, const api_fn *Fn,
				const ASTContext &Ctx)
{
	const SourceManager &SM = Ctx.getSourceManager();
	std::string Name = std::string(Fn->name) + "()";
	for (SourceLocation L = Event.getOriginExpr()->getBeginLoc(); L.isMacroID();
	     L = SM.getImmediateMacroCallerLoc(L)) {
		llvm::StringRef Macro = Lexer::getImmediateMacroName(L, SM, Ctx.getLangOpts());
		if (const api_fn *M = modelLookup(Macro))
			if (M->role == ROLE_BLOCKING)
				Name = Macro.str() + "()";
	}
	return Name;
}

void PollChecker::report(CheckerContext &C, llvm::StringRef Id,
			 const std::string &Msg) const
{
	if (ExplodedNode *N = C.generateNonFatalErrorNode())
		C.emitReport(Reporter.pathReport(N, Id, Msg));
}

void PollChecker::checkPreCall(const CallEvent &Event, CheckerContext &C) const
{
	const api_fn *Fn = modelLookup(Event);
	if (!Fn || Fn->family != FAMILY_POLL || !Event.getOriginExpr())
		return;
	const Decl *Top = topFunction(C);
	if (!TuIndex::of(C.getASTContext()).isPollCallback(Top))
		return;
	if (Fn->role == ROLE_POLL_WAIT) {
		C.addTransition(C.getState()->set<PollWaitCalled>(true));
		return;
	}
	if (Fn->role == ROLE_BLOCKING)
		report(C, "poll-blocking",
		       "->poll callback " + callbackName(Top) + "() blocks in " +
			       spelledBlockingCall(Event, Fn, C.getASTContext()) +
			       "; poll() does the waiting, after poll_wait()");
}

/*
 * Marks the path when an assumption made a member pointer NULL.  The
 * constraint itself is gone by the return when the pointer is dead there.
 */
ProgramStateRef PollChecker::evalAssume(ProgramStateRef State, SVal Cond, bool) const
{
	if (!State || State->get<DeviceGone>())
		return State;
	ConstraintManager &CM = State->getStateManager().getConstraintManager();
	for (auto I = Cond.symbol_begin(), E = Cond.symbol_end(); I != E; ++I)
		if (memberPointer(*I) && CM.isNull(State, *I).isConstrainedTrue())
			return State->set<DeviceGone>(true);
	return State;
}

void PollChecker::checkPreStmt(const ReturnStmt *RS, CheckerContext &C) const
{
	const Expr *RetE = RS->getRetValue();
	if (!RetE || !C.inTopFrame() ||
	    !TuIndex::of(C.getASTContext()).isPollCallback(C.getStackFrame()->getDecl()))
		return;
	ProgramStateRef State = C.getState();
	SValBuilder &SVB = C.getSValBuilder();
	const Decl *Top = C.getStackFrame()->getDecl();
	std::string Callback = callbackName(Top);

	if (returnsNegative(C, RS)) {
		report(C, "poll-errno",
		       "->poll callback " + Callback + "() returns a negative "
		       "errno, which poll() reads as a mask of events; "
		       "return EPOLLERR");
		return;
	}

	if (State->get<PollWaitCalled>() || State->get<DeviceGone>())
		return;
	auto IsZero = SVB.evalBinOp(State, BO_EQ, C.getSVal(RetE),
				    SVB.makeZeroVal(RetE->getType()),
				    SVB.getConditionType())
			      .getAs<DefinedOrUnknownSVal>();
	if (IsZero && !IsZero->isUnknown() && State->assume(*IsZero, true))
		report(C, "poll-no-wait",
		       "->poll callback " + Callback + "() can return no events "
		       "without calling poll_wait(); poll() then sleeps with "
		       "nothing to wake it");
}

} // namespace

void registerPollChecker(CheckerManager &Mgr)
{
	Mgr.registerChecker<PollChecker>();
}

} // namespace drvcheck
