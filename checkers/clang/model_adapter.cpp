// SPDX-License-Identifier: GPL-2.0
#include "model_adapter.h"
#include "checkers.h"
#include "tu_judge.h"

#include "clang/Lex/Lexer.h"
#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"
#include "llvm/ADT/StringMap.h"

namespace drvcheck {

/* The table is looked up on every call the analyzer evaluates: hash it
 * once instead of api_lookup()'s linear scan. */
static const llvm::StringMap<const api_fn *> &modelIndex()
{
	static const llvm::StringMap<const api_fn *> Index = [] {
		llvm::StringMap<const api_fn *> M;
		for (size_t I = 0; I < api_model_count; I++)
			M[api_model[I].name] = &api_model[I];
		return M;
	}();
	return Index;
}

const api_fn *modelLookup(llvm::StringRef Name)
{
	auto It = modelIndex().find(Name);
	return It == modelIndex().end() ? nullptr : It->second;
}

const api_fn *modelLookup(const CallEvent &Call)
{
	const IdentifierInfo *II = Call.getCalleeIdentifier();
	return II ? modelLookup(II->getName()) : nullptr;
}

SVal modelArg(const CallEvent &Call, signed char Pos)
{
	if (Pos == ARG_RET)
		return Call.getReturnValue();
	if (Pos < 0 || (unsigned)Pos >= Call.getNumArgs())
		return UnknownVal();
	return Call.getArgSVal(Pos);
}

const Expr *modelArgExpr(const CallEvent &Call, signed char Pos)
{
	if (Pos < 0 || (unsigned)Pos >= Call.getNumArgs())
		return nullptr;
	return Call.getArgExpr(Pos);
}

bool mentions(SVal V, SymbolRef Sym)
{
	SymbolRef S = V.getAsSymbol(/*IncludeBaseRegions=*/true);
	if (!Sym || !S)
		return false;
	for (auto I = S->symbol_begin(), E = S->symbol_end(); I != E; ++I)
		if (*I == Sym)
			return true;
	return false;
}

std::optional<int64_t> knownInt(ProgramStateRef State, SVal V)
{
	if (const llvm::APSInt *I = State->getStateManager().getSValBuilder()
					    .getKnownValue(State, V))
		return I->getExtValue();
	return std::nullopt;
}

/* A == B as the SValBuilder sees it; integer widths are unified there
 * (a size_t and an int constant of one value are equal). */
static std::optional<DefinedOrUnknownSVal>
equality(ProgramStateRef State, SValBuilder &SVB, SVal A, SVal B)
{
	if (A.isUnknownOrUndef() || B.isUnknownOrUndef())
		return std::nullopt;
	SVal Eq = SVB.evalBinOp(State, BO_EQ, A, B, SVB.getConditionType());
	if (auto D = Eq.getAs<DefinedOrUnknownSVal>())
		return *D;
	return std::nullopt;
}

bool provablyDifferent(ProgramStateRef State, SValBuilder &SVB, SVal A, SVal B)
{
	auto Eq = equality(State, SVB, A, B);
	if (!Eq || Eq->isUnknown())
		return false;
	auto [IfEqual, IfDifferent] = State->assume(*Eq);
	return !IfEqual && IfDifferent;
}

bool provablyEqual(ProgramStateRef State, SValBuilder &SVB, SVal A, SVal B)
{
	auto Eq = equality(State, SVB, A, B);
	if (!Eq || Eq->isUnknown())
		return false;
	auto [IfEqual, IfDifferent] = State->assume(*Eq);
	return IfEqual && !IfDifferent;
}

bool returnsNegative(CheckerContext &C, const ReturnStmt *RS)
{
	const Expr *RetE = RS->getRetValue();
	if (!RetE)
		return false;
	const Expr *Written = RetE->IgnoreParens();
	while (const auto *ICE = dyn_cast<ImplicitCastExpr>(Written)) {
		if (ICE->getCastKind() != CK_IntegralCast)
			break;
		Written = ICE->getSubExpr()->IgnoreParens();
	}
	QualType T = Written->getType();
	if (!T->isSignedIntegerType())
		return false;
	ProgramStateRef State = C.getState();
	SValBuilder &SVB = C.getSValBuilder();
	/* only the returned expression's value is still in the environment */
	SVal V = SVB.evalCast(C.getSVal(RetE), T, RetE->getType());
	auto Lt = SVB.evalBinOp(State, BO_LT, V, SVB.makeIntVal(0, T),
				SVB.getConditionType())
			  .getAs<DefinedOrUnknownSVal>();
	if (!Lt || Lt->isUnknown())
		return false;
	auto [Neg, NonNeg] = State->assume(*Lt);
	return Neg && !NonNeg;
}

const char *dmaDirName(int64_t Dir)
{
	static const char *const Names[] = {
		"DMA_BIDIRECTIONAL", "DMA_TO_DEVICE", "DMA_FROM_DEVICE", "DMA_NONE",
	};
	return Dir >= 0 && Dir <= 3 ? Names[Dir] : "?";
}

std::string exprText(const Expr *E, const ASTContext &Ctx)
{
	if (!E)
		return "?";
	/* File locations: a macro argument as written at the call
	 * ("MBOX_CFG_LEN"), not the whole expansion it sits in. */
	const SourceManager &SM = Ctx.getSourceManager();
	SourceRange R = E->IgnoreImpCasts()->getSourceRange();
	CharSourceRange Chars = CharSourceRange::getTokenRange(
		SM.getFileLoc(R.getBegin()), SM.getFileLoc(R.getEnd()));
	std::string Text =
		Lexer::getSourceText(Chars, SM, Ctx.getLangOpts()).str();
	return Text.empty() ? "?" : Text;
}

const api_fn *writtenApi(const Expr *Site, const api_fn *Fn, const ASTContext &Ctx)
{
	/* the name at the place the call is written: the outermost macro's,
	 * as drvcheck-sparse's source index reads it */
	const SourceManager &SM = Ctx.getSourceManager();
	if (!Site)
		return Fn;
	SourceLocation Loc = SM.getExpansionLoc(Site->getBeginLoc());
	unsigned Len = Lexer::MeasureTokenLength(Loc, SM, Ctx.getLangOpts());
	const api_fn *W = Len ? modelLookup(llvm::StringRef(SM.getCharacterData(Loc), Len))
			      : nullptr;
	return W && W->family == Fn->family && W->role == Fn->role ? W : Fn;
}

std::string callName(const Expr *Site, const api_fn *Fn, const ASTContext &Ctx)
{
	return std::string(writtenApi(Site, Fn, Ctx)->name) + "()";
}

std::string valueText(ProgramStateRef State, SVal V, const Expr *E,
		      const ASTContext &Ctx)
{
	std::string Text = exprText(E, Ctx);
	if (auto I = knownInt(State, V)) {
		std::string Num = std::to_string(*I);
		return Text == Num || Text == "?" ? Num : Text + " (" + Num + ")";
	}
	return Text;
}

const Decl *topFunction(CheckerContext &C)
{
	const LocationContext *LC = C.getLocationContext();
	while (LC->getParent())
		LC = LC->getParent();
	return LC->getDecl();
}

const struct check &clangCheck(llvm::StringRef Id)
{
	const struct check *C = check_lookup(Id.str().c_str());
	if (!C || !(C->engines & ENGINE_CLANG))
		llvm::report_fatal_error("drvcheck-analyzer: the check catalogue gives clang no check '" +
					 Id + "'");
	return *C;
}

const BugType &CheckReporter::bugType(llvm::StringRef Id) const
{
	const struct check &C = clangCheck(Id);
	std::unique_ptr<BugType> &T = Types[C.id];
	if (!T)
		T = std::make_unique<BugType>(Owner, C.id, "drvcheck");
	return *T;
}

/*
 * "MSG [drvcheck-ID]", or "MSG [drvcheck-ID KEY]" when the finding has the
 * judge's key: drvcheck reads it back, so the fingerprint is the one
 * sparse and cocci give the same finding.
 */
std::string CheckReporter::describe(llvm::StringRef Id, llvm::StringRef Msg,
				    llvm::StringRef Key)
{
	std::string Tag = (Msg + " [drvcheck-" + Id).str();
	if (!Key.empty())
		Tag += (" " + Key).str();
	return Tag + "]";
}

std::unique_ptr<PathSensitiveBugReport>
CheckReporter::pathReport(ExplodedNode *N, llvm::StringRef Id,
			  llvm::StringRef Msg) const
{
	auto R = std::make_unique<PathSensitiveBugReport>(bugType(Id),
							  describe(Id, Msg), N);
	notePrinted(clangCheck(Id), R->getLocation(), "", "");
	return R;
}

std::unique_ptr<BasicBugReport>
CheckReporter::fixedReport(llvm::StringRef Id, llvm::StringRef Msg,
			   PathDiagnosticLocation Loc, llvm::StringRef Function,
			   llvm::StringRef Key) const
{
	notePrinted(clangCheck(Id), Loc, Function, Key);
	return std::make_unique<BasicBugReport>(bugType(Id), describe(Id, Msg, Key),
						Loc);
}

} // namespace drvcheck
