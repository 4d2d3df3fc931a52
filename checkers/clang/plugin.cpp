// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck-analyzer.so: the plugin entry points Debian's clang 14 looks
 * for.  Load it and enable the package:
 *
 *   clang --analyze -fplugin=drvcheck-analyzer.so \
 *         -Xclang -analyzer-checker=drvcheck ...
 *
 * The flags drvcheck itself runs it with (analyzer-flags.txt next to this
 * file, one argument per line; docs/engines.md says why each):
 *
 *   --analyze
 *   -Xclang -analyzer-disable-checker=core,apiModeling,unix,deadcode,security,nullability
 *   -Xclang -analyzer-checker=core.builtin,drvcheck
 *   -Xclang -analyzer-config -Xclang display-checker-name=false,
 *           aggressive-binary-operation-simplification=true,max-nodes=20000
 *   -Xclang -analyzer-output=text
 *
 * plus -Xclang -load -Xclang drvcheck-analyzer.so and the Kbuild flags.
 */
#include "checkers.h"

#include "clang/StaticAnalyzer/Core/CheckerManager.h"
#include "clang/StaticAnalyzer/Frontend/CheckerRegistry.h"

using namespace clang::ento;

extern "C" __attribute__((visibility("default")))
const char clang_analyzerAPIVersionString[] = CLANG_ANALYZER_API_VERSION_STRING;

static bool always(const CheckerManager &)
{
	return true;
}

extern "C" __attribute__((visibility("default")))
void clang_registerCheckers(CheckerRegistry &Registry)
{
	Registry.addChecker(drvcheck::registerRelevanceGate, always,
			    "drvcheck.Gate",
			    "Skips functions that reach no drvcheck model API", "",
			    /*IsHidden=*/false);
	Registry.addChecker(drvcheck::registerDmaChecker, always, "drvcheck.DMA",
			    "DMA mapping API: pairing, size, kind, direction, "
			    "mapping-error test, double unmap, leaks", "", false);
	Registry.addChecker(drvcheck::registerPollChecker, always,
			    "drvcheck.Poll",
			    "->poll callbacks: blocking, no poll_wait(), errno "
			    "returned as a mask", "", false);
	Registry.addChecker(drvcheck::registerIomemChecker, always,
			    "drvcheck.IOMem",
			    "I/O memory regions: unchecked requests, release "
			    "mismatches", "", false);
	/* Enabling one family alone still gets the gate. */
	for (const char *Family : { "drvcheck.DMA", "drvcheck.Poll", "drvcheck.IOMem" })
		Registry.addDependency(Family, "drvcheck.Gate");
}
