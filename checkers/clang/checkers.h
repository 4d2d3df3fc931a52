/* SPDX-License-Identifier: GPL-2.0 */
/* The checkers of the plugin, registered by plugin.cpp. */
#ifndef DRVCHECK_CLANG_CHECKERS_H
#define DRVCHECK_CLANG_CHECKERS_H

#include "model_adapter.h"

namespace clang::ento {
class CheckerManager;
}

namespace drvcheck {

void registerRelevanceGate(clang::ento::CheckerManager &Mgr);
void registerDmaChecker(clang::ento::CheckerManager &Mgr);
void registerPollChecker(clang::ento::CheckerManager &Mgr);
void registerIomemChecker(clang::ento::CheckerManager &Mgr);

/* The function the analysis of this path started in. */
const clang::Decl *topFunction(clang::ento::CheckerContext &C);

} // namespace drvcheck

#endif
