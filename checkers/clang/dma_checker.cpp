// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck.DMA: the DMA mapping API on every path, modelled on the
 * analyzer's MallocChecker.  The model's map / alloc functions are
 * evaluated here (evalCall: one fresh handle symbol, not the header's
 * inline body with its WARN_ON paths); the handle's symbol is the key of
 * a program-state map to its DmaMapping.  Release, sync and
 * dma_mapping_error() calls move it through its states.
 *
 * Its own checks, on the path: dma-mapping-error-unchecked,
 * dma-double-unmap, dma-leak.  The pairing checks (dma-unmap-size,
 * dma-unmap-kind, dma-coherent-streaming-mix, dma-direction,
 * dma-unmap-sg-nents) are the judge's: a release of a mapping this path
 * made is judged against it (path_judge.h), reported at the wrong call
 * with a note at the map; the rest of the TU's pairs at its end
 * (tu_judge.h).
 */
#include "checkers.h"
#include "dma_state.h"
#include "path_judge.h"
#include "tu_index.h"
#include "tu_judge.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"

using namespace drvcheck;

/* Streaming and coherent handles, by the dma_addr_t's symbol. */
REGISTER_MAP_WITH_PROGRAMSTATE(DmaHandles, SymbolRef, DmaMapping)
/* Scatterlist and sg_table mappings, by the list's region. */
REGISTER_MAP_WITH_PROGRAMSTATE(DmaLists, const MemRegion *, DmaMapping)
/* Objects a call made by a frame returned (kzalloc, alloc_etherdev, ...):
 * a handle stored into one of them has not left that frame's hands. */
REGISTER_MAP_WITH_PROGRAMSTATE(FrameObjects, SymbolRef, const StackFrameContext *)

namespace drvcheck {
namespace {

class DmaChecker
	: public Checker<eval::Call, check::PreCall, check::PostCall, check::Bind,
			 check::PreStmt<ReturnStmt>, check::PreStmt<GCCAsmStmt>,
			 check::EndFunction,
			 check::EndOfTranslationUnit, check::PointerEscape> {
public:
	DmaChecker() : Reporter(this) { judgeFamily(FAMILY_DMA, &Reporter); }

	bool evalCall(const CallEvent &Event, CheckerContext &C) const;
	void checkPreCall(const CallEvent &Event, CheckerContext &C) const;
	void checkPostCall(const CallEvent &Event, CheckerContext &C) const;
	void checkPreStmt(const GCCAsmStmt *S, CheckerContext &C) const;
	void checkBind(SVal Loc, SVal Val, const Stmt *S, CheckerContext &C) const;
	void checkPreStmt(const ReturnStmt *RS, CheckerContext &C) const;
	void checkEndFunction(const ReturnStmt *RS, CheckerContext &C) const;
	void checkEndOfTranslationUnit(const TranslationUnitDecl *TU,
				       AnalysisManager &Mgr, BugReporter &BR) const;
	ProgramStateRef checkPointerEscape(ProgramStateRef State,
					   const InvalidatedSymbols &Escaped,
					   const CallEvent *Event,
					   PointerEscapeKind Kind) const;

private:
	CheckReporter Reporter;

	void evalMap(const api_fn *Fn, const CallEvent &Event, CheckerContext &C) const;
	void evalMapList(const api_fn *Fn, const CallEvent &Event, CheckerContext &C) const;
	void evalAlloc(const api_fn *Fn, const CallEvent &Event, CheckerContext &C) const;
	void evalRelease(const api_fn *Fn, const CallEvent &Event, CheckerContext &C) const;
	void evalMappingError(const CallEvent &Event, CheckerContext &C) const;

	/* Reports what is wrong with Fn releasing or syncing M. */
	void checkPairing(const api_fn *Fn, const CallEvent &Event,
			  const DmaMapping &M, CheckerContext &C,
			  const std::function<void(PathSensitiveBugReport &)> &Mark) const;
	/* Findings of the call being evaluated wait for its one successor
	 * node: a report on a node of its own would fork a second path that
	 * keeps the state from before the call. */
	struct Finding {
		const char *Id;
		std::string Msg;
		std::function<void(PathSensitiveBugReport &)> Mark;
	};
	mutable llvm::SmallVector<Finding, 2> Pending;

	void reportPath(CheckerContext &C, const char *Id, const std::string &Msg,
			const std::function<void(PathSensitiveBugReport &)> &Mark) const;
	void transition(CheckerContext &C, ProgramStateRef State,
			const NoteTag *Tag = nullptr) const;
	void reportUnchecked(CheckerContext &C, const DmaMapping &M,
			     const std::string &Why, const Stmt *Use) const;
	void reportExposed(CheckerContext &C, const CallEvent *Event) const;
	const NoteTag *mapNote(CheckerContext &C, const DmaMapping &M,
			       SymbolRef Sym, const MemRegion *List) const;
};

/* --- small helpers ----------------------------------------------------- */

bool isListKind(enum dma_kind K)
{
	return K == KIND_SG || K == KIND_SGTABLE;
}

/* Is Frame the owner's frame or one the owner called? */
bool withinOwner(const StackFrameContext *Frame, const StackFrameContext *Owner)
{
	return Frame == Owner || Owner->isParentOf(Frame);
}

/* A store into R keeps a handle in its owner's hands: R is a local of the
 * owner (or of a callee), or lives in an object a call of the owner made. */
bool ownedStore(ProgramStateRef State, const MemRegion *R,
		const StackFrameContext *Owner)
{
	const MemRegion *Base = R->getBaseRegion();
	if (const auto *Stack = dyn_cast<StackSpaceRegion>(Base->getMemorySpace()))
		return withinOwner(Stack->getStackFrame(), Owner);
	if (const auto *Sym = dyn_cast<SymbolicRegion>(Base))
		if (const StackFrameContext *const *F =
			    State->get<FrameObjects>(Sym->getSymbol()))
			return withinOwner(*F, Owner);
	return false;
}

/* A field of the kernel's device-endian types (__le32, __be64, ...) is
 * read by the device: a descriptor or a register image. */
bool isDeviceField(const MemRegion *R)
{
	for (; R; R = isa<SubRegion>(R) ? cast<SubRegion>(R)->getSuperRegion() : nullptr) {
		const auto *FR = dyn_cast<FieldRegion>(R);
		if (!FR)
			continue;
		for (QualType T = FR->getDecl()->getType();;) {
			const auto *TT = T->getAs<TypedefType>();
			if (!TT)
				return false;
			llvm::StringRef N = TT->getDecl()->getName();
			if (N.startswith("__le") || N.startswith("__be"))
				return true;
			T = TT->getDecl()->getUnderlyingType();
		}
	}
	return false;
}

/* The list a scatterlist API works on: the region its buf argument
 * points into (a local array or the object a pointer refers to). */
const MemRegion *listRegion(const api_fn *Fn, const CallEvent &Event)
{
	const MemRegion *R = modelArg(Event, Fn->buf).getAsRegion();
	return R ? R->getBaseRegion() : nullptr;
}

SVal conjure(const CallEvent &Event, CheckerContext &C, QualType T)
{
	return C.getSValBuilder().conjureSymbolVal(nullptr, Event.getOriginExpr(),
						   C.getLocationContext(), T,
						   C.blockCount());
}

/* A model call is this checker's business, not an escape of what it is
 * given; a free is not (the memory freed may hold a handle, and the
 * analyzer does not model that). */
static bool checkersCall(const CallEvent &Event)
{
	const api_fn *Fn = modelLookup(Event);
	return Fn && Fn->role != ROLE_MEM_FREE;
}

/* --- evaluation of the model's calls ------------------------------------- */

bool DmaChecker::evalCall(const CallEvent &Event, CheckerContext &C) const
{
	const api_fn *Fn = modelLookup(Event);
	if (!Fn || Fn->family != FAMILY_DMA || !Event.getOriginExpr())
		return false;
	switch (Fn->role) {
	case ROLE_DMA_MAP:
		if (isListKind(Fn->kind))
			evalMapList(Fn, Event, C);
		else
			evalMap(Fn, Event, C);
		return true;
	case ROLE_DMA_ALLOC:
		evalAlloc(Fn, Event, C);
		return true;
	case ROLE_DMA_UNMAP:
	case ROLE_DMA_FREE:
	case ROLE_DMA_SYNC:
		evalRelease(Fn, Event, C);
		return true;
	case ROLE_DMA_MAPPING_ERROR:
		evalMappingError(Event, C);
		return true;
	default:
		return false;	/* the field macros are plain stores */
	}
}

const NoteTag *DmaChecker::mapNote(CheckerContext &C, const DmaMapping &M,
				   SymbolRef Sym, const MemRegion *List) const
{
	ProgramStateRef State = C.getState();
	const ASTContext &Ctx = C.getASTContext();
	std::string Text = M.isCoherent() ? "allocated here" : "mapped here";
	if (isListKind(M.Map->kind))
		Text += " with nents " + valueText(State, M.Nents,
						   nullptr, Ctx);
	else if (!M.Size.isUnknown())
		Text += " with size " + valueText(State, M.Size, M.SizeExpr, Ctx);
	if (auto Dir = knownInt(State, M.Dir))
		Text += std::string(", ") + dmaDirName(*Dir);
	return C.getNoteTag([Text, Sym, List](PathSensitiveBugReport &BR) {
		bool Ours = (Sym && BR.isInteresting(Sym)) ||
			    (List && BR.isInteresting(List));
		return Ours ? Text : std::string();
	});
}

void DmaChecker::evalMap(const api_fn *Fn, const CallEvent &Event,
			 CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	SVal Handle = conjure(Event, C, Event.getResultType());
	SymbolRef Sym = Handle.getAsSymbol();
	DmaMapping M;
	M.Map = Fn;
	M.Size = modelArg(Event, Fn->size);
	M.SizeExpr = modelArgExpr(Event, Fn->size);
	M.Dir = modelArg(Event, Fn->dir);
	M.Site = Event.getOriginExpr();
	M.Frame = C.getStackFrame();
	State = State->BindExpr(Event.getOriginExpr(), C.getLocationContext(), Handle);
	if (Sym)
		State = State->set<DmaHandles>(Sym, M);
	transition(C, State, mapNote(C, M, Sym, nullptr));
}

/* map_sg returns the number of entries mapped, 0 on failure; map_sgtable
 * returns 0 or a negative errno.  Each outcome is a path of its own. */
void DmaChecker::evalMapList(const api_fn *Fn, const CallEvent &Event,
			     CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	SVal Ret = conjure(Event, C, Event.getResultType());
	State = State->BindExpr(Event.getOriginExpr(), C.getLocationContext(), Ret);
	auto RetD = Ret.getAs<DefinedOrUnknownSVal>();
	const MemRegion *List = listRegion(Fn, Event);
	if (!RetD || !List) {
		transition(C, State);
		return;
	}
	bool CountReturned = Fn->nents != ARG_NONE;	/* map_sg, not sgtable */
	ProgramStateRef Mapped, Failed;
	if (CountReturned)
		std::tie(Mapped, Failed) = State->assume(*RetD);
	else
		std::tie(Failed, Mapped) = State->assume(*RetD);
	if (Failed)
		transition(C, Failed);
	if (!Mapped)
		return;
	DmaMapping M;
	M.Map = Fn;
	M.Tested = true;	/* the count / errno is the mapping's test */
	M.Nents = modelArg(Event, Fn->nents);
	M.Count = CountReturned ? Ret.getAsSymbol() : nullptr;
	M.Dir = modelArg(Event, Fn->dir);
	M.Site = Event.getOriginExpr();
	M.Frame = C.getStackFrame();
	Mapped = Mapped->set<DmaLists>(List, M);
	transition(C, Mapped, mapNote(C, M, nullptr, List));
}

/* dma_alloc_coherent() and friends: the CPU address is returned (NULL on
 * failure), the handle written through the dma_addr_t pointer. */
void DmaChecker::evalAlloc(const api_fn *Fn, const CallEvent &Event,
			   CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	SVal Cpu = conjure(Event, C, Event.getResultType());
	State = State->BindExpr(Event.getOriginExpr(), C.getLocationContext(), Cpu);
	auto CpuD = Cpu.getAs<DefinedOrUnknownSVal>();
	const MemRegion *Out = modelArg(Event, Fn->handle).getAsRegion();
	if (!CpuD || !Out) {
		C.addTransition(State);
		return;
	}
	auto [Allocated, Failed] = State->assume(*CpuD);
	if (Failed)
		C.addTransition(Failed);
	if (!Allocated)
		return;
	QualType HandleTy = Event.getArgExpr(Fn->handle)->getType()->getPointeeType();
	SVal Handle = conjure(Event, C, HandleTy);
	SymbolRef Sym = Handle.getAsSymbol();
	Allocated = Allocated->bindLoc(loc::MemRegionVal(Out), Handle,
				       C.getLocationContext());
	if (!Sym) {
		C.addTransition(Allocated);
		return;
	}
	DmaMapping M;
	M.Map = Fn;
	M.Tested = true;	/* a NULL CPU address is the failure */
	M.Size = modelArg(Event, Fn->size);
	M.SizeExpr = modelArgExpr(Event, Fn->size);
	M.Cpu = Cpu.getAsSymbol(true);
	M.Site = Event.getOriginExpr();
	M.Frame = C.getStackFrame();
	M.Escaped = (Fn->flags & API_MANAGED) ||
		    !ownedStore(Allocated, Out, M.Frame);
	Allocated = Allocated->set<DmaHandles>(Sym, M);
	C.addTransition(Allocated, mapNote(C, M, Sym, nullptr));
}

void DmaChecker::evalMappingError(const CallEvent &Event, CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	const api_fn *Fn = modelLookup(Event);
	SVal Ret = conjure(Event, C, Event.getResultType());
	State = State->BindExpr(Event.getOriginExpr(), C.getLocationContext(), Ret);
	SymbolRef Sym = modelArg(Event, Fn->handle).getAsSymbol();
	const DmaMapping *M = Sym ? State->get<DmaHandles>(Sym) : nullptr;
	auto RetD = Ret.getAs<DefinedOrUnknownSVal>();
	if (!M || !RetD) {
		C.addTransition(State);
		return;
	}
	/* The error path has no mapping; the other has a tested one. */
	auto [Error, Ok] = State->assume(*RetD);
	if (Error)
		C.addTransition(Error->remove<DmaHandles>(Sym));
	/* Drivers keep 0 as "not mapped" (if (dma) unmap): a handle that
	 * passed the test is not 0, or every such teardown forks a leak. */
	if (auto HandleD = modelArg(Event, Fn->handle).getAs<DefinedOrUnknownSVal>())
		if (Ok)
			Ok = Ok->assume(*HandleD, true);
	if (Ok) {
		DmaMapping Tested = *M;
		Tested.Tested = true;
		Tested.Exposed = nullptr;
		C.addTransition(Ok->set<DmaHandles>(Sym, Tested));
	}
}

void DmaChecker::reportPath(CheckerContext &, const char *Id,
			    const std::string &Msg,
			    const std::function<void(PathSensitiveBugReport &)> &Mark) const
{
	Pending.push_back({ Id, Msg, Mark });
}

void DmaChecker::transition(CheckerContext &C, ProgramStateRef State,
			    const NoteTag *Tag) const
{
	if (Pending.empty()) {
		C.addTransition(State, Tag);
		return;
	}
	ExplodedNode *N = C.generateNonFatalErrorNode(State, Tag);
	for (Finding &F : Pending) {
		if (!N)
			break;
		auto R = Reporter.pathReport(N, F.Id, F.Msg);
		if (F.Mark)
			F.Mark(*R);
		C.emitReport(std::move(R));
	}
	Pending.clear();
}

void DmaChecker::checkPairing(const api_fn *Fn, const CallEvent &Event,
			      const DmaMapping &M, CheckerContext &C,
			      const std::function<void(PathSensitiveBugReport &)> &Mark) const
{
	if (M.St == DmaMapping::Released) {
		if (Fn->role == ROLE_DMA_SYNC)
			return;
		reportPath(C, "dma-double-unmap",
			   callName(Event.getOriginExpr(), Fn, C.getASTContext()) +
				   " releases a handle that " +
				   callName(M.ReleaseSite, M.Release, C.getASTContext()) +
				   " already released",
			   Mark);
		return;
	}
	for (const PathVerdict &V : judgeOnPath(M, Fn, Event, C))
		reportPath(C, V.Check->id, V.Message, Mark);
}

void DmaChecker::evalRelease(const api_fn *Fn, const CallEvent &Event,
			     CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	bool Sync = Fn->role == ROLE_DMA_SYNC;
	const Expr *Site = Event.getOriginExpr();

	if (isListKind(Fn->kind)) {
		const MemRegion *List = listRegion(Fn, Event);
		const DmaMapping *M = List ? State->get<DmaLists>(List) : nullptr;
		if (!M) {
			transition(C, State);
			return;
		}
		checkPairing(Fn, Event, *M, C, [List](PathSensitiveBugReport &R) {
			R.markInteresting(List);
		});
		if (!Sync) {
			DmaMapping Released = *M;
			Released.St = DmaMapping::Released;
			Released.Release = Fn;
			Released.ReleaseSite = Site;
			State = State->set<DmaLists>(List, Released);
		}
		transition(C, State);
		return;
	}

	SymbolRef Sym = modelArg(Event, Fn->handle).getAsSymbol();
	const DmaMapping *M = Sym ? State->get<DmaHandles>(Sym) : nullptr;
	if (!M) {
		/* never mapped on this path: remember the release, so a second
		 * one of the same value is still a double unmap */
		if (Sym && !Sync) {
			DmaMapping Unknown;
			Unknown.St = DmaMapping::Released;
			Unknown.Release = Fn;
			Unknown.ReleaseSite = Event.getOriginExpr();
			Unknown.Frame = C.getStackFrame();
			State = State->set<DmaHandles>(Sym, Unknown);
		}
		transition(C, State);
		return;
	}
	checkPairing(Fn, Event, *M, C, [Sym](PathSensitiveBugReport &R) {
		R.markInteresting(Sym);
	});
	if (Sync) {
		transition(C, State);
		return;
	}
	DmaMapping Released = *M;
	Released.St = DmaMapping::Released;
	Released.Release = Fn;
	Released.ReleaseSite = Site;
	std::string Note = callName(Event.getOriginExpr(), Fn, C.getASTContext()) + " released it here";
	transition(C, State->set<DmaHandles>(Sym, Released),
			C.getNoteTag([Note, Sym](PathSensitiveBugReport &BR) {
				return BR.isInteresting(Sym) ? Note : std::string();
			}));
}

/* --- where handles go ----------------------------------------------------- */

/* A function whose body this TU holds and which reaches no DMA API of the
 * model, directly or through the TU's functions: it cannot test a handle. */
static bool reachesNoDma(const CallEvent &Event, CheckerContext &C)
{
	const auto *FD = dyn_cast_or_null<FunctionDecl>(Event.getDecl());
	const SourceManager &SM = C.getSourceManager();
	if (!FD || !FD->hasBody() ||
	    !SM.isInMainFile(SM.getExpansionLoc(FD->getLocation())))
		return false;
	return !TuIndex::of(C.getASTContext()).reaches(FD, FAMILY_DMA);
}

void DmaChecker::checkPostCall(const CallEvent &Event, CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	bool Changed = false;
	/* What a call of this frame returned is this frame's object. */
	if (Event.getResultType()->isPointerType())
		if (SymbolRef S = Event.getReturnValue().getAsLocSymbol())
			if (isa<SymbolConjured>(S)) {
				State = State->set<FrameObjects>(S, C.getStackFrame());
				Changed = true;
			}
	/* A function the analyzer did not look into may have tested or
	 * kept a handle it was given; one of this TU that reaches no DMA
	 * API (the gate skipped it) kept it at most. */
	if (!C.wasInlined && !checkersCall(Event)) {
		bool MayTest = !reachesNoDma(Event, C);
		for (unsigned I = 0; I < Event.getNumArgs(); I++)
			for (auto &[Sym, M] : State->get<DmaHandles>())
				if (mentions(Event.getArgSVal(I), Sym)) {
					DmaMapping Opaque = M;
					Opaque.Tested |= MayTest;
					Opaque.Escaped = true;
					State = State->set<DmaHandles>(Sym, Opaque);
					Changed = true;
				}
	}
	if (Changed)
		C.addTransition(State);
}

/* A store of an untested handle into a device descriptor is a use once
 * something can hand the memory to the device: a call (a doorbell, a
 * helper given the descriptor), an asm (writel, the barrier before the
 * owner bit) or the end of the function.  A test before any of those (the
 * descriptor not armed yet) leaves it unused.  A call given the handle
 * itself is judged as such (a helper testing it, or an escape). */
void DmaChecker::reportExposed(CheckerContext &C, const CallEvent *Event) const
{
	ProgramStateRef State = C.getState();
	bool Changed = false;
	for (auto &[Sym, M] : State->get<DmaHandles>()) {
		if (M.St != DmaMapping::Live || M.Tested || !M.Exposed)
			continue;
		bool Given = false;
		for (unsigned I = 0; Event && I < Event->getNumArgs(); I++)
			Given |= mentions(Event->getArgSVal(I), Sym);
		if (Given)
			continue;
		reportUnchecked(C, M, "reaches a device descriptor before "
				      "dma_mapping_error() tests it", M.Exposed);
		DmaMapping Now = M;
		Now.Tested = true;
		Now.Exposed = nullptr;
		State = State->set<DmaHandles>(Sym, Now);
		Changed = true;
	}
	if (Changed)
		C.addTransition(State);
}

void DmaChecker::checkPreCall(const CallEvent &Event, CheckerContext &C) const
{
	if (!checkersCall(Event))
		reportExposed(C, &Event);
}

void DmaChecker::checkPreStmt(const GCCAsmStmt *, CheckerContext &C) const
{
	reportExposed(C, nullptr);
}

/* Memory holding a handle was invalidated by a call the analyzer did not
 * look into (a helper of this file the gate skipped, an extern): that
 * function may have released or kept it.  It did not test it: a helper
 * that calls dma_mapping_error() reaches the model and is inlined.  No
 * call at all: a loop widened past its bound (analyzer-flags.txt) forgot
 * what its body may have stored, the handle among it. */
ProgramStateRef DmaChecker::checkPointerEscape(ProgramStateRef State,
					       const InvalidatedSymbols &Escaped,
					       const CallEvent *Event,
					       PointerEscapeKind Kind) const
{
	/* stores are checkBind's business, the model's calls this
	 * checker's; only other calls count here */
	if (Kind == PSK_EscapeOnBind || (Event && checkersCall(*Event)))
		return State;
	for (auto &[Sym, M] : State->get<DmaHandles>())
		if (M.St == DmaMapping::Live &&
		    (Escaped.count(Sym) || (M.Cpu && Escaped.count(M.Cpu)))) {
			DmaMapping Opaque = M;
			Opaque.Escaped = true;
			/* a widened loop's skipped iterations may have tested it */
			Opaque.Tested |= !Event;
			State = State->set<DmaHandles>(Sym, Opaque);
		}
	return State;
}

void DmaChecker::reportUnchecked(CheckerContext &C, const DmaMapping &M,
				 const std::string &Why, const Stmt *Use) const
{
	const SourceManager &SM = C.getSourceManager();
	auto R = Reporter.fixedReport(
		"dma-mapping-error-unchecked",
		"the handle " + callName(M.Site, M.Map, C.getASTContext()) + " returned " + Why,
		PathDiagnosticLocation::createBegin(M.Site, SM, M.Frame));
	if (Use)
		R->addNote("the handle is given to the device here",
			   PathDiagnosticLocation::createBegin(Use, SM,
							       C.getLocationContext()));
	C.emitReport(std::move(R));
}

void DmaChecker::checkBind(SVal Loc, SVal Val, const Stmt *S,
			   CheckerContext &C) const
{
	const MemRegion *R = Loc.getAsRegion();
	if (!R)
		return;
	ProgramStateRef State = C.getState();
	bool Changed = false;
	for (auto &[Sym, M] : State->get<DmaHandles>()) {
		if (M.St != DmaMapping::Live ||
		    !(mentions(Val, Sym) || mentions(Val, M.Cpu)))
			continue;
		DmaMapping Now = M;
		if (!M.Tested && !M.Exposed && mentions(Val, Sym) && isDeviceField(R))
			Now.Exposed = S;
		if (!ownedStore(State, R, M.Frame))
			Now.Escaped = true;
		if (!(Now == M)) {
			State = State->set<DmaHandles>(Sym, Now);
			Changed = true;
		}
	}
	if (Changed)
		C.addTransition(State);
}

/* A negative errno returned by the function that made a mapping which is
 * still live and nowhere but in its hands: nobody can release it now. */
void DmaChecker::checkPreStmt(const ReturnStmt *RS, CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	if (!returnsNegative(C, RS))
		return;
	const ASTContext &Ctx = C.getASTContext();
	for (auto &[Sym, M] : State->get<DmaHandles>()) {
		if (M.St != DmaMapping::Live || M.Escaped ||
		    M.Frame != C.getStackFrame())
			continue;
		SymbolRef Handle = Sym;
		std::string What = M.isCoherent() ? " allocation" : " mapping";
		std::string Size = M.Size.isUnknown()
			? std::string()
			: " of size " + valueText(State, M.Size, M.SizeExpr, Ctx);
		reportPath(C, "dma-leak",
			   "the " + callName(M.Site, M.Map, C.getASTContext()) + What + Size +
				   " is not released on this error return",
			   [Handle](PathSensitiveBugReport &R) {
				   R.markInteresting(Handle);
			   });
	}
	if (!Pending.empty())
		transition(C, State);
}

/* At the end of the frame that made a mapping: a handle it returns
 * belongs to the caller now; one never tested is reported at its map. */
void DmaChecker::checkEndFunction(const ReturnStmt *RS, CheckerContext &C) const
{
	ProgramStateRef State = C.getState();
	const StackFrameContext *SF = C.getStackFrame();
	SVal Ret = RS && RS->getRetValue()
			   ? State->getSVal(RS->getRetValue(), C.getLocationContext())
			   : UnknownVal();
	bool Changed = false;
	for (auto &[Sym, M] : State->get<DmaHandles>()) {
		if (M.Frame != SF || M.St != DmaMapping::Live)
			continue;
		if (mentions(Ret, Sym) || mentions(Ret, M.Cpu)) {
			DmaMapping Moved = M;
			const LocationContext *Caller = SF->getParent();
			if (Caller)
				Moved.Frame = Caller->getStackFrame();
			else
				Moved.Escaped = true;
			State = State->set<DmaHandles>(Sym, Moved);
			Changed = true;
			continue;
		}
		if (M.Exposed)
			reportUnchecked(C, M, "reaches a device descriptor before "
					      "dma_mapping_error() tests it", M.Exposed);
		else if (!M.Tested)
			reportUnchecked(C, M, "is never tested with dma_mapping_error()",
					nullptr);
	}
	if (Changed)
		C.addTransition(State);
}

void DmaChecker::checkEndOfTranslationUnit(const TranslationUnitDecl *,
					   AnalysisManager &Mgr, BugReporter &BR) const
{
	judgeTu(Mgr, BR);
}

} // namespace

void registerDmaChecker(CheckerManager &Mgr)
{
	Mgr.registerChecker<DmaChecker>();
}

} // namespace drvcheck
