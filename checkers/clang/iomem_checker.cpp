// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck.IOMem: region requests of the model (request_mem_region(),
 * pci_request_regions(), ...) and their releases.
 *
 * - iomem-unchecked-request: the request's result never reaches a branch
 *   condition (nor the caller, nor a function the analyzer did not look
 *   into) before the requesting function ends; reported at the request.
 * - iomem-release-mismatch: a release that no request agrees with: another
 *   address space (request_region() released as memory), another size,
 *   another BAR, or one BAR of what was claimed as all.  On one path the
 *   request and release are matched by start address (by device for PCI);
 *   probe/remove pairs are joined at the end of the TU through the field
 *   the start address was read from (for PCI: the one pci_dev of a driver).
 */
#include "checkers.h"
#include "facts_export.h"
#include "field_keys.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"

#include <set>

using namespace drvcheck;

/* A request live on a path (at file scope: the state trait names it). */
struct RegionRequest {
	const api_fn *Fn;
	enum region_space Space;	/* __request_region's, from its parent */
	SVal Start, Size, Dev;
	bool Tested;
	const Expr *Site;
	const StackFrameContext *Frame;

	bool operator==(const RegionRequest &O) const
	{
		return Fn == O.Fn && Space == O.Space && Start == O.Start && Size == O.Size &&
		       Dev == O.Dev && Tested == O.Tested && Site == O.Site &&
		       Frame == O.Frame;
	}
	void Profile(llvm::FoldingSetNodeID &ID) const
	{
		ID.AddPointer(Fn);
		ID.AddInteger(Space);
		Start.Profile(ID);
		Size.Profile(ID);
		Dev.Profile(ID);
		ID.AddBoolean(Tested);
		ID.AddPointer(Site);
		ID.AddPointer(Frame);
	}
};

/* Live requests of this path, by the symbol of their result. */
REGISTER_MAP_WITH_PROGRAMSTATE(RegionRequests, SymbolRef, RegionRequest)

namespace drvcheck {
namespace {

/* One request or release, in the terms they are compared in. */
struct RegionCall {
	const api_fn *Fn = nullptr;
	enum region_space Space = SPACE_NONE;
	std::optional<int64_t> Size, Start; /* Start: BAR index or mask for PCI */
	std::string Call, Key;
	PathDiagnosticLocation Loc;
};

class IomemChecker
	: public Checker<check::PostCall, check::BranchCondition,
			 check::EndFunction, check::EndOfTranslationUnit> {
public:
	IomemChecker() : Reporter(this) {}

	void checkPostCall(const CallEvent &Event, CheckerContext &C) const;
	void checkBranchCondition(const Stmt *Cond, CheckerContext &C) const;
	void checkEndFunction(const ReturnStmt *RS, CheckerContext &C) const;
	void checkEndOfTranslationUnit(const TranslationUnitDecl *TU,
				       AnalysisManager &Mgr, BugReporter &BR) const;

private:
	CheckReporter Reporter;
	/* the cross-function halves, by site so each path adds them once */
	mutable std::vector<RegionCall> JoinRequests, JoinReleases;
	mutable std::set<std::pair<const void *, char>> Seen;

	void onRequest(const api_fn *Fn, const CallEvent &Event, CheckerContext &C) const;
	void onRelease(const api_fn *Fn, const CallEvent &Event, CheckerContext &C) const;
};

bool isPci(enum region_space S)
{
	return S == SPACE_PCI_BAR || S == SPACE_PCI_ALL || S == SPACE_PCI_MASK;
}

/* __request_region(): the parent resource says which space. */
enum region_space spaceOf(const api_fn *Fn, const CallEvent &Event)
{
	if (Fn->space != SPACE_PARENT)
		return Fn->space;
	const Expr *Parent = modelArgExpr(Event, Fn->buf);
	if (const auto *UO = dyn_cast_or_null<UnaryOperator>(Parent ? Parent->IgnoreParenImpCasts() : nullptr))
		if (const auto *DRE = dyn_cast<DeclRefExpr>(UO->getSubExpr()->IgnoreParenImpCasts())) {
			llvm::StringRef Root = DRE->getDecl()->getName();
			if (Root == "iomem_resource")
				return SPACE_MEM;
			if (Root == "ioport_resource")
				return SPACE_PORT;
		}
	return SPACE_PARENT;
}

const char *spaceWords(enum region_space S)
{
	switch (S) {
	case SPACE_PORT:	return "I/O ports";
	case SPACE_MEM:		return "memory";
	case SPACE_PCI_BAR:	return "one BAR";
	case SPACE_PCI_ALL:	return "all BARs";
	case SPACE_PCI_MASK:	return "a set of BARs";
	default:		return "a region";
	}
}

RegionCall regionCall(const api_fn *Fn, const CallEvent &Event, CheckerContext &C)
{
	RegionCall R;
	ProgramStateRef State = C.getState();
	R.Fn = Fn;
	R.Space = spaceOf(Fn, Event);
	R.Size = knownInt(State, modelArg(Event, Fn->size));
	R.Start = knownInt(State, modelArg(Event, Fn->start));
	R.Call = callName(Event.getOriginExpr(), Fn, C.getASTContext());
	R.Loc = PathDiagnosticLocation::createBegin(Event.getOriginExpr(),
						    C.getSourceManager(),
						    C.getLocationContext());
	/* A driver has one pci_dev: PCI calls pair by space alone; the
	 * others by the field their start address is written as (t->phys
	 * in probe and in remove), else the one its value came from. */
	if (isPci(R.Space))
		R.Key = "pci";
	else if (auto Field = writtenField(modelArgExpr(Event, Fn->start)))
		R.Key = *Field;
	else if (auto Loaded = loadedFromField(modelArg(Event, Fn->start)))
		R.Key = *Loaded;
	return R;
}

/* Why Rel does not release what Req claimed, or "" if it does. */
std::string mismatch(const RegionCall &Req, const RegionCall &Rel)
{
	if (Req.Space != Rel.Space)
		return Rel.Call + " releases " + spaceWords(Rel.Space) + " of what " +
		       Req.Call + " claimed as " + spaceWords(Req.Space);
	if (isPci(Rel.Space)) {
		if (Rel.Space != SPACE_PCI_ALL && Req.Start && Rel.Start && *Req.Start != *Rel.Start)
			return Rel.Call + " releases BAR" +
			       std::string(Rel.Space == SPACE_PCI_MASK ? " mask " : " ") +
			       std::to_string(*Rel.Start) + ", " + Req.Call +
			       " claimed " + std::to_string(*Req.Start);
		return "";
	}
	if (Req.Size && Rel.Size && *Req.Size != *Rel.Size)
		return Rel.Call + " releases " + std::to_string(*Rel.Size) +
		       " bytes, " + Req.Call + " claimed " + std::to_string(*Req.Size);
	return "";
}

void IomemChecker::checkPostCall(const CallEvent &Event, CheckerContext &C) const
{
	const api_fn *Fn = modelLookup(Event);
	if (!Fn || Fn->family != FAMILY_IOMEM || !Event.getOriginExpr()) {
		/* a function the analyzer did not look into may test a
		 * request result it is given; printk-style variadic ones
		 * only print it */
		const auto *FD = dyn_cast_or_null<FunctionDecl>(Event.getDecl());
		if (C.wasInlined || !FD || FD->isVariadic())
			return;
		ProgramStateRef State = C.getState();
		for (unsigned I = 0; I < Event.getNumArgs(); I++)
			if (SymbolRef S = Event.getArgSVal(I).getAsSymbol(true))
				if (const RegionRequest *Q = State->get<RegionRequests>(S)) {
					RegionRequest T = *Q;
					T.Tested = true;
					State = State->set<RegionRequests>(S, T);
				}
		C.addTransition(State);
		return;
	}
	if (Fn->role == ROLE_REGION_REQUEST)
		onRequest(Fn, Event, C);
	else if (Fn->role == ROLE_REGION_RELEASE)
		onRelease(Fn, Event, C);
}

/*
 * A request or release of memory or I/O ports into DRVCHECK_DB, if set
 * (facts_export.h), for the module-wide replay: once per call site, by
 * the name the driver wrote (which says the space), the start as a
 * constant or sparse's key of the member it is read from.
 */
void exportRegion(const api_fn *Fn, const RegionCall &R, const CallEvent &Event,
		  CheckerContext &C)
{
	FactsExport *X = FactsExport::get();
	const ASTContext &Ctx = C.getASTContext();
	if (!X || (Fn->flags & API_MANAGED) ||
	    (R.Space != SPACE_MEM && R.Space != SPACE_PORT))
		return;
	ExportFact E;
	E.Fn = Fn;
	E.Written = writtenFn(Event.getOriginExpr(), Fn, Ctx);
	E.Loc = Event.getOriginExpr()->getBeginLoc();
	E.Function = functionName(C.getStackFrame()->getDecl());
	E.Size = R.Size;
	E.Start = R.Start;
	if (R.Start)
		E.StartKey = "#" + std::to_string(*R.Start);
	else if (!startKey(modelArgExpr(Event, Fn->start), Ctx, E.StartKey,
			   E.StartHolder))
		return;		/* nothing another file could meet it by */
	X->add(std::move(E));
}

void IomemChecker::onRequest(const api_fn *Fn, const CallEvent &Event,
			     CheckerContext &C) const
{
	RegionCall Req = regionCall(Fn, Event, C);
	if (Seen.insert({ Event.getOriginExpr(), 'Q' }).second)
		exportRegion(Fn, Req, Event, C);
	if (!Req.Key.empty() && !(Fn->flags & API_MANAGED) &&
	    Seen.insert({ Event.getOriginExpr(), 'q' }).second)
		JoinRequests.push_back(Req);
	SymbolRef Result = Event.getReturnValue().getAsSymbol(true);
	if (!Result)
		return;
	RegionRequest Q{ Fn,
			 Req.Space,
			 modelArg(Event, Fn->start),
			 modelArg(Event, Fn->size),
			 modelArg(Event, Fn->dev),
			 false,
			 Event.getOriginExpr(),
			 C.getStackFrame() };
	C.addTransition(C.getState()->set<RegionRequests>(Result, Q));
}

void IomemChecker::onRelease(const api_fn *Fn, const CallEvent &Event,
			     CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	SValBuilder &SVB = C.getSValBuilder();
	RegionCall Rel = regionCall(Fn, Event, C);
	if (Seen.insert({ Event.getOriginExpr(), 'R' }).second)
		exportRegion(Fn, Rel, Event, C);
	SVal Start = modelArg(Event, Fn->start), Dev = modelArg(Event, Fn->dev);
	std::string Why;
	bool Matched = false;
	for (auto &[Sym, Q] : State->get<RegionRequests>()) {
		bool Pci = isPci(Q.Fn->space);
		if (Pci != isPci(Fn->space) || (Q.Fn->flags & API_MANAGED))
			continue;
		if (Pci ? !provablyEqual(State, SVB, Q.Dev, Dev)
			: !provablyEqual(State, SVB, Q.Start, Start))
			continue;
		RegionCall Req;
		Req.Fn = Q.Fn;
		Req.Space = Q.Space;
		Req.Size = knownInt(State, Q.Size);
		Req.Start = knownInt(State, Q.Start);
		Req.Call = callName(Q.Site, Q.Fn, C.getASTContext());
		std::string W = mismatch(Req, Rel);
		if (W.empty()) {
			Matched = true;
			break;
		}
		if (Why.empty())
			Why = W;
	}
	if (!Matched && !Why.empty()) {
		if (ExplodedNode *N = C.generateNonFatalErrorNode())
			C.emitReport(Reporter.pathReport(N, "iomem-release-mismatch", Why));
		return;
	}
	if (!Matched && !Rel.Key.empty() && !(Fn->flags & API_MANAGED) &&
	    Seen.insert({ Event.getOriginExpr(), 'r' }).second)
		JoinReleases.push_back(Rel);
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
					     AnalysisManager &, BugReporter &BR) const
{
	for (const RegionCall &Rel : JoinReleases) {
		const RegionCall *Disagreeing = nullptr;
		bool Agrees = false;
		for (const RegionCall &Req : JoinRequests) {
			if (Req.Key != Rel.Key)
				continue;
			if (mismatch(Req, Rel).empty())
				Agrees = true;
			else if (!Disagreeing)
				Disagreeing = &Req;
		}
		if (Agrees || !Disagreeing)
			continue;
		auto R = Reporter.fixedReport("iomem-release-mismatch",
					      mismatch(*Disagreeing, Rel), Rel.Loc);
		R->addNote("requested here", Disagreeing->Loc);
		BR.emitReport(std::move(R));
	}
	if (FactsExport *X = FactsExport::get())
		X->flush(BR.getSourceManager());
}

} // namespace

void registerIomemChecker(CheckerManager &Mgr)
{
	Mgr.registerChecker<IomemChecker>();
}

} // namespace drvcheck
