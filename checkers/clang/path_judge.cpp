// SPDX-License-Identifier: GPL-2.0
#include "path_judge.h"
#include "tu_judge.h"

#include <cinttypes>
#include <cstdio>
#include <cstring>

#include "clang/Analysis/AnalysisDeclContext.h"
#include "clang/AST/ParentMap.h"

namespace drvcheck {

namespace {

/* What a symbol is called in a message: the variable or member it was
 * read from, the call that made it; never a ':' (jx_show() cuts there). */
std::string symbolName(SymbolRef S, const ASTContext &Ctx)
{
	std::string Name;
	if (const auto *RV = dyn_cast<SymbolRegionValue>(S))
		Name = RV->getRegion()->getDescriptiveName(false);
	else if (const auto *D = dyn_cast<SymbolDerived>(S))
		Name = D->getRegion()->getDescriptiveName(false);
	else if (const auto *CJ = dyn_cast<SymbolConjured>(S))
		if (const auto *E = dyn_cast_or_null<Expr>(CJ->getStmt()))
			Name = exprText(E, Ctx);
	for (char &Ch : Name)
		if (Ch == ':' || Ch == '{' || Ch == '}')
			Ch = '.';
	return Name.empty() || Name == "?" ? "value" : Name;
}

/* One symbolic expression as a linear form: sym + c, c * sym, sym / c, a - b, a
 * cast seen through; anything else is an atom of its own (symbolic
 * expressions are unique: the same one is the same atom). */
struct jx symbolJx(const SymExpr *S, const ASTContext &Ctx, int Depth)
{
	char Atom[64];
	if (Depth < 8) {
		if (const auto *SC = dyn_cast<SymbolCast>(S))
			return symbolJx(SC->getOperand(), Ctx, Depth + 1);
		if (const auto *SI = dyn_cast<SymIntExpr>(S)) {
			struct jx L = symbolJx(SI->getLHS(), Ctx, Depth + 1), R, X;
			long long C = SI->getRHS().getExtValue();
			bool Done = true;
			switch (SI->getOpcode()) {
			case BO_Add:
			case BO_Sub:
				R = jx_const(C);
				X = SI->getOpcode() == BO_Add ? jx_add(&L, &R) : jx_sub(&L, &R);
				break;
			case BO_Mul:
				X = jx_scale(&L, C);
				break;
			case BO_Shl:
				Done = C >= 0 && C < 62;
				X = Done ? jx_scale(&L, 1LL << C) : jx_opaque();
				break;
			case BO_Div:
				Done = C != 0;
				X = Done ? jx_div(&L, C) : jx_opaque();
				break;
			case BO_Shr:
				Done = C >= 0 && C < 62;
				X = Done ? jx_div(&L, 1LL << C) : jx_opaque();
				break;
			default:
				Done = false;
				X = jx_opaque();
			}
			jx_free(&L);
			if (Done)
				return X;
			jx_free(&X);
		}
		if (const auto *IS = dyn_cast<IntSymExpr>(S)) {
			if (IS->getOpcode() == BO_Add || IS->getOpcode() == BO_Sub ||
			    IS->getOpcode() == BO_Mul) {
				struct jx L = jx_const(IS->getLHS().getExtValue());
				struct jx R = symbolJx(IS->getRHS(), Ctx, Depth + 1);
				struct jx X = IS->getOpcode() == BO_Add ? jx_add(&L, &R)
					    : IS->getOpcode() == BO_Sub ? jx_sub(&L, &R)
					    : jx_scale(&R, L.c);
				jx_free(&R);
				return X;
			}
		}
		if (const auto *SS = dyn_cast<SymSymExpr>(S)) {
			if (SS->getOpcode() == BO_Add || SS->getOpcode() == BO_Sub) {
				struct jx L = symbolJx(SS->getLHS(), Ctx, Depth + 1);
				struct jx R = symbolJx(SS->getRHS(), Ctx, Depth + 1);
				struct jx X = SS->getOpcode() == BO_Add ? jx_add(&L, &R)
									: jx_sub(&L, &R);
				jx_free(&L);
				jx_free(&R);
				return X;
			}
		}
	}
	snprintf(Atom, sizeof(Atom), "sym:%" PRIxPTR ":", (uintptr_t)S);
	return jx_atom((Atom + symbolName(S, Ctx)).c_str(), 1, 0);
}

/* A value argument: none when the function has no such argument, the
 * constant the path knows, else the symbols'; Origin for the prover. */
struct jx valueJx(signed char Pos, ProgramStateRef State, const SVal &V,
		  const ASTContext &Ctx)
{
	struct jx X;
	if (Pos < 0)
		return jx{ JX_NONE, 0, 0, nullptr, nullptr, 0 };
	if (auto I = knownInt(State, V))
		X = jx_const(*I);
	else if (SymbolRef S = V.getAsSymbol())
		X = symbolJx(S, Ctx, 0);
	else
		X = jx_opaque();
	X.origin = &V;
	return X;
}

/* One side of the pair: a jsite that owns its strings and values. */
struct PathSite {
	jsite S = {};
	std::string File, Function, Module;
	SVal Size, Nents, Offset;

	PathSite(const api_fn *Api, const Expr *Site, const Decl *Fn,
		 ProgramStateRef State, SVal Dir, const ASTContext &Ctx)
	{
		const SourceManager &SM = Ctx.getSourceManager();
		PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(Site->getBeginLoc()));
		const auto *ND = dyn_cast_or_null<NamedDecl>(Fn);
		File = PL.isValid() ? PL.getFilename() : "";
		Function = ND ? ND->getNameAsString() : "";
		S.api = Api;
		S.written = writtenApi(Site, Api, Ctx);
		S.file = File.data();
		S.line = PL.isValid() ? PL.getLine() : 0;
		S.col = PL.isValid() ? PL.getColumn() : 0;
		S.function = Function.data();
		S.module = Module.data();
		S.handle = S.buf = S.nents_loc = JLOC_NONE;
		S.dir = -1;
		if (auto D = knownInt(State, Dir))
			S.dir = (int)*D;
		S.key = S.written->name;
		S.origin = Site;
	}
	void values(ProgramStateRef State, const ASTContext &Ctx)
	{
		S.size = valueJx(S.api->size, State, Size, Ctx);
		S.nents = valueJx(S.api->nents, State, Nents, Ctx);
		S.offset = valueJx(S.api->offset, State, Offset, Ctx);
		S.start = jx{ JX_NONE, 0, 0, nullptr, nullptr, 0 };
	}
	PathSite(const PathSite &) = delete;
	PathSite &operator=(const PathSite &) = delete;
	~PathSite()
	{
		jx_free(&S.size);
		jx_free(&S.nents);
		jx_free(&S.offset);
		jx_free(&S.result);
	}
};

struct Prover {
	ProgramStateRef State;
	SValBuilder &SVB;
};

/* The path's constraints on two values (their origins). */
enum jx_truth prove(void *Arg, char Op, const struct jx *A, const struct jx *B)
{
	const Prover &P = *static_cast<const Prover *>(Arg);
	if (!A->origin || !B->origin)
		return JX_UNKNOWN;
	SVal VA = *static_cast<const SVal *>(A->origin);
	SVal VB = *static_cast<const SVal *>(B->origin);
	if (Op == '=')
		return provablyEqual(P.State, P.SVB, VA, VB)	 ? JX_TRUE
		       : provablyDifferent(P.State, P.SVB, VA, VB) ? JX_FALSE
								   : JX_UNKNOWN;
	if (VA.isUnknownOrUndef() || VB.isUnknownOrUndef())
		return JX_UNKNOWN;
	auto Gt = P.SVB.evalBinOp(P.State, BO_GT, VA, VB, P.SVB.getConditionType())
			  .getAs<DefinedOrUnknownSVal>();
	if (!Gt || Gt->isUnknown())
		return JX_UNKNOWN;
	auto [IfGreater, IfNot] = P.State->assume(*Gt);
	return IfGreater && !IfNot ? JX_TRUE : !IfGreater && IfNot ? JX_FALSE : JX_UNKNOWN;
}

void collect(void *Arg, const struct judge_verdict *V)
{
	static_cast<std::vector<PathVerdict> *>(Arg)->push_back({ V->check, V->message });
}

/* The direction constant a call passes, -1 when none or not constant. */
long long dirOf(const CallExpr *CE, const api_fn *Fn, const ASTContext &Ctx)
{
	Expr::EvalResult R;
	if (Fn->dir < 0 || (unsigned)Fn->dir >= CE->getNumArgs() ||
	    !CE->getArg(Fn->dir)->EvaluateAsInt(R, Ctx))
		return -1;
	return R.Val.getInt().getExtValue();
}

/* Does S call a DMA release of another kind than Fn's (Dir < 0), or of
 * Fn's family with another direction than Dir? */
bool releasesOther(const Stmt *S, const api_fn *Fn, long long Dir,
		   const ASTContext &Ctx)
{
	if (!S)
		return false;
	if (const auto *CE = dyn_cast<CallExpr>(S)) {
		const FunctionDecl *FD = CE->getDirectCallee();
		const api_fn *Other = FD && FD->getIdentifier()
			? modelLookup(FD->getName()) : nullptr;
		long long OtherDir = Other && Dir >= 0 ? dirOf(CE, Other, Ctx) : -1;
		if (Other && Other->family == FAMILY_DMA &&
		    (Other->role == ROLE_DMA_UNMAP || Other->role == ROLE_DMA_FREE) &&
		    (Dir < 0 ? Other->kind != Fn->kind : OtherDir >= 0 && OtherDir != Dir))
			return true;
	}
	for (const Stmt *Child : S->children())
		if (releasesOther(Child, Fn, Dir, Ctx))
			return true;
	return false;
}

/* Does condition E test a bit of something (flags & MAPPED_RX)? */
bool testsBit(const Stmt *E)
{
	if (!E)
		return false;
	const auto *BO = dyn_cast<BinaryOperator>(E);
	if (BO && BO->getOpcode() == BO_And)
		return true;
	for (const Stmt *Child : E->children())
		if (testsBit(Child))
			return true;
	return false;
}

/*
 * Does the release sit in one side of an if whose other side releases
 * with another kind (xgbe, igbvf: if (mapped_as_page) dma_unmap_page()
 * else dma_unmap_single()), or, Dir >= 0, with another direction (rt2x00:
 * if (flags & MAPPED_RX) ... DMA_FROM_DEVICE else if (flags & MAPPED_TX)
 * ... DMA_TO_DEVICE; for the direction, any test of a bit picks it)?
 * The driver picks it by what the entry records;
 * the analyzer assumes that freely for an entry the path did not write
 * (the head of an unwind loop), so the side a path takes proves nothing.
 * The facts judge weighs the flag against where the maps set it (guards
 * and sets, tu_judge).
 */
bool pickedByFlag(const api_fn *Fn, const Expr *Site, long long Dir, CheckerContext &C)
{
	const ParentMap &PM = C.getLocationContext()->getParentMap();
	const Stmt *Child = Site;
	for (const Stmt *P = PM.getParent(Site); P; Child = P, P = PM.getParent(P)) {
		const auto *If = dyn_cast<IfStmt>(P);
		if (!If || Child == If->getCond())
			continue;
		/* a bit of the entry picks the branch: MAPPED_RX or _TX */
		if (Dir >= 0 && testsBit(If->getCond()))
			return true;
		if (releasesOther(Child == If->getThen() ? If->getElse() : If->getThen(),
				  Fn, Dir, C.getASTContext()))
			return true;
	}
	return false;
}

} // namespace

std::vector<PathVerdict> judgeOnPath(const DmaMapping &M, const api_fn *Fn,
				     const CallEvent &Event, CheckerContext &C)
{
	ProgramStateRef State = C.getState();
	const ASTContext &Ctx = C.getASTContext();
	PathSite Map(M.Map, M.Site, M.Frame->getDecl(), State, M.Dir, Ctx);
	Map.Size = M.Size;
	Map.Nents = M.Nents;
	Map.values(State, Ctx);
	if (M.Count)
		Map.S.result = symbolJx(M.Count, Ctx, 0);
	PathSite Rel(Fn, Event.getOriginExpr(), C.getStackFrame()->getDecl(), State,
		     modelArg(Event, Fn->dir), Ctx);
	Rel.Size = modelArg(Event, Fn->size);
	Rel.Nents = modelArg(Event, Fn->nents);
	Rel.Offset = modelArg(Event, Fn->offset);
	Rel.values(State, Ctx);

	std::vector<PathVerdict> Out;
	selection Sel = judgeSelection();
	Prover P{ State, C.getSValBuilder() };
	struct judge J = { nullptr, &Sel, collect, &Out, prove, &P };
	judge_pair(&J, &Map.S, &Rel.S);
	if (pickedByFlag(Fn, Event.getOriginExpr(), -1, C))
		llvm::erase_if(Out, [](const PathVerdict &V) {
			return !strcmp(V.Check->id, "dma-unmap-kind") ||
			       !strcmp(V.Check->id, "dma-coherent-streaming-mix");
		});
	const auto *RelCall = dyn_cast<CallExpr>(Event.getOriginExpr());
	long long Dir = RelCall ? dirOf(RelCall, Fn, C.getASTContext()) : -1;
	if (Dir >= 0 && pickedByFlag(Fn, Event.getOriginExpr(), Dir, C))
		llvm::erase_if(Out, [](const PathVerdict &V) {
			return !strcmp(V.Check->id, "dma-direction");
		});
	return Out;
}

} // namespace drvcheck
