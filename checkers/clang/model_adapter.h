/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The analyzer's view of the shared C API model (checkers/model/api_model.h):
 * which model function a call is, the SVal of an argument by its role, and
 * the reporting contract every drvcheck checker keeps ("<message>
 * [drvcheck-<id>]", BugType named after the check id, category "drvcheck").
 * Nothing here names an API: a function added to the model table reaches
 * the checkers without a code change.
 */
#ifndef DRVCHECK_CLANG_MODEL_ADAPTER_H
#define DRVCHECK_CLANG_MODEL_ADAPTER_H

extern "C" {
#include "model/api_model.h"
}

#include "clang/StaticAnalyzer/Core/BugReporter/BugType.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CallEvent.h"
#include "clang/StaticAnalyzer/Core/PathSensitive/CheckerContext.h"

#include <map>
#include <memory>
#include <optional>
#include <string>

namespace drvcheck {

using namespace clang;
using namespace clang::ento;

/* The model entry of a function name, or null. */
const api_fn *modelLookup(llvm::StringRef Name);
/* The model entry of the called function (by its identifier), or null. */
const api_fn *modelLookup(const CallEvent &Call);

/* The value of the argument at a model position (ARG_RET: the return
 * value, only meaningful after the call); UnknownVal for ARG_NONE. */
SVal modelArg(const CallEvent &Call, signed char Pos);
/* The expression of a model argument, or null (ARG_NONE, ARG_RET). */
const Expr *modelArgExpr(const CallEvent &Call, signed char Pos);

/* Does V mention Sym (a cast, cpu_to_le64(), dma + off, !res)? */
bool mentions(SVal V, SymbolRef Sym);

/* The integer a value is known to be on this path, if any. */
std::optional<int64_t> knownInt(ProgramStateRef State, SVal V);

/* True when the constraints prove A != B (not merely "might differ"). */
bool provablyDifferent(ProgramStateRef State, SValBuilder &SVB, SVal A, SVal B);
/* True when the constraints prove A == B. */
bool provablyEqual(ProgramStateRef State, SValBuilder &SVB, SVal A, SVal B);

/* The return statement gives back a provably negative value of the
 * signed type it was written in (-EINVAL returned as __poll_t, a negative
 * int ret returned as int). */
bool returnsNegative(CheckerContext &C, const ReturnStmt *RS);

/* enum dma_data_direction's names; "?" for a value outside it. */
const char *dmaDirName(int64_t Dir);
/* DMA_NONE: the direction no map, unmap or sync call may be given. */
constexpr int64_t DmaDirNone = 3;

/* Source text of an expression, for messages ("len + 4"). */
std::string exprText(const Expr *E, const ASTContext &Ctx);
/* "dma_map_single()": the model function a call site names, as spelled. */
std::string callName(const Expr *Site, const api_fn *Fn, const ASTContext &Ctx);
/* Source text of a value: its integer if known, else the expression's. */
std::string valueText(ProgramStateRef State, SVal V, const Expr *E,
		      const ASTContext &Ctx);

/*
 * One BugType per check id (its name), all in category "drvcheck", owned by
 * the checker that reports them.  Messages get the " [drvcheck-<id>]"
 * suffix the driver (checkers/core/engine_clang.c) parses.
 */
class CheckReporter {
public:
	explicit CheckReporter(const CheckerBase *Checker) : Owner(Checker) {}

	const BugType &bugType(llvm::StringRef Id) const;
	static std::string describe(llvm::StringRef Id, llvm::StringRef Msg);

	/* A path report ending at N (the wrong call, the return). */
	std::unique_ptr<PathSensitiveBugReport>
	pathReport(ExplodedNode *N, llvm::StringRef Id, llvm::StringRef Msg) const;
	/* A report at a fixed place, not at the path's end (the map call of
	 * a handle found to be used untested later on the path). */
	std::unique_ptr<BasicBugReport>
	fixedReport(llvm::StringRef Id, llvm::StringRef Msg,
		    PathDiagnosticLocation Loc) const;

private:
	const CheckerBase *Owner;
	mutable std::map<std::string, std::unique_ptr<BugType>> Types;
};

} // namespace drvcheck

#endif
