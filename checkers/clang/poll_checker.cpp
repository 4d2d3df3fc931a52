// SPDX-License-Identifier: GPL-2.0
#include "checkers.h"
#include "clang/StaticAnalyzer/Core/Checker.h"
#include "clang/StaticAnalyzer/Core/CheckerManager.h"
namespace drvcheck {
namespace { class PollChecker : public Checker<check::EndFunction> { public: void checkEndFunction(const ReturnStmt *, CheckerContext &) const {} }; }
void registerPollChecker(CheckerManager &Mgr) { Mgr.registerChecker<PollChecker>(); }
}
