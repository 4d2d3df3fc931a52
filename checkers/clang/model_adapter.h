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

#include "c_api.h"

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
/*
 * The model function a call names as the driver wrote it, where the call
 * is written: a macro of the same operation (dma_map_single() reaches the
 * compiler as dma_map_single_attrs(), request_mem_region() as
 * __request_region()), else the callee Fn.
 */
const api_fn *writtenApi(const Expr *Site, const api_fn *Fn, const ASTContext &Ctx);
/* "dma_map_single()": writtenApi()'s name. */
std::string callName(const Expr *Site, const api_fn *Fn, const ASTContext &Ctx);
/* Source text of a value: its integer if known, else the expression's. */
std::string valueText(ProgramStateRef State, SVal V, const Expr *E,
		      const ASTContext &Ctx);

/*
 * One BugType per check id of the catalogue (checkers/core/checks.c) that
 * gives the check to clang, all in category "drvcheck", owned by the
 * checker that reports them; an id the catalogue does not give clang is a
 * bug of the plugin, and stops it.  Messages get the " [drvcheck-<id>]"
 * suffix (" [drvcheck-<id> <key>]" with the judge's key) the driver
 * (checkers/core/clang_diag.c) parses.
 */
class CheckReporter {
public:
	explicit CheckReporter(const CheckerBase *Checker) : Owner(Checker) {}

	const BugType &bugType(llvm::StringRef Id) const;
	static std::string describe(llvm::StringRef Id, llvm::StringRef Msg,
				    llvm::StringRef Key = "");

	/* A path report ending at N (the wrong call, the return). */
	std::unique_ptr<PathSensitiveBugReport>
	pathReport(ExplodedNode *N, llvm::StringRef Id, llvm::StringRef Msg) const;
	/* A report at a fixed place, not at the path's end (the map call of
	 * a handle found to be used untested later on the path, a verdict of
	 * the judge about the TU); Function and Key make its fingerprint. */
	std::unique_ptr<BasicBugReport>
	fixedReport(llvm::StringRef Id, llvm::StringRef Msg,
		    PathDiagnosticLocation Loc, llvm::StringRef Function = "",
		    llvm::StringRef Key = "") const;

private:
	const CheckerBase *Owner;
	mutable std::map<std::string, std::unique_ptr<BugType>> Types;
};

/* The catalogue's entry of an id clang reports; stops the plugin if the
 * catalogue has none or does not give it to clang. */
const struct check &clangCheck(llvm::StringRef Id);

} // namespace drvcheck

#endif
