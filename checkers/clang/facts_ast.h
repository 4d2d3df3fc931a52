/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The pairing facts of a translation unit (docs/facts.md) from its AST,
 * for the judge: every model call of the driver's own functions (the main
 * file and the headers beside it) is a site, every assignment, argument,
 * return and parameter a source of the location it writes.  The keys are
 * drvcheck-sparse's (checkers/sparse/tu_facts.c) for the same code, so that
 * facts of either engine join in `drvcheck report`:
 *
 *   field:S.m        p->m, x.m; p->a.b is the outer member (field:S.a)
 *   field:S.m@I      an element reached by indexing a ring or array I
 *                    (ring->info[i].dma: "field:buf.dma@ring.info[]")
 *   local:FILE:F:x   param:F#N   ret:F   global:x   global:FILE:x
 *
 * Where sparse's reading of its evaluated AST differs from the C the
 * driver wrote, the C wins: a member of an anonymous union is the
 * enclosing struct's member (sparse names the pointer it is read through),
 * and the parameters of an inlined callee are no locals of the caller.
 *
 * Paths play no part: the walk sees each function once, independent of
 * the relevance gate.  A site's origin is its CallExpr.
 */
#ifndef DRVCHECK_CLANG_FACTS_AST_H
#define DRVCHECK_CLANG_FACTS_AST_H

#include "model_adapter.h"

namespace drvcheck {

struct TuFacts {
	judge_facts JF = {};
	/* the function each site is written in */
	std::vector<const FunctionDecl *> Functions;

	TuFacts() = default;
	TuFacts(const TuFacts &) = delete;
	TuFacts &operator=(const TuFacts &) = delete;
	~TuFacts() { jf_free(&JF); }
};

/* Into Out: the facts of every function the driver wrote in Ctx's TU, as
 * Module's (KBUILD_MODNAME). */
void extractFacts(ASTContext &Ctx, const std::string &Module, TuFacts &Out);

/* KBUILD_MODNAME as the compile command defines it ("" when it does not). */
std::string kbuildModule(const Preprocessor &PP);

} // namespace drvcheck

#endif
