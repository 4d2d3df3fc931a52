/* SPDX-License-Identifier: GPL-2.0 */
/*
 * One walk over the translation unit before any path is explored: which
 * functions are ->poll callbacks (named in a poll_ops_model initializer,
 * e.g. ".poll = foo_poll" in a file_operations), and which API families of
 * the model each function reaches, directly or through functions defined
 * in this TU.  The relevance gate uses it to skip functions that reach no
 * model API, the poll checker to know its callbacks.
 */
#ifndef DRVCHECK_CLANG_TU_INDEX_H
#define DRVCHECK_CLANG_TU_INDEX_H

#include "model_adapter.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"

namespace drvcheck {

class TuIndex {
public:
	/* The index of Ctx's TU, built on first use. */
	static const TuIndex &of(ASTContext &Ctx);

	bool isPollCallback(const Decl *D) const;
	/* Does D reach a model function of this family? */
	bool reaches(const Decl *D, api_family Family) const;
	/* Do the driver's own files (the main file and the headers beside
	 * it) call port I/O (port_io_model) / map MMIO? */
	bool portIo() const { return PortIo; }
	bool mapsMmio() const { return MapsMmio; }

private:
	explicit TuIndex(ASTContext &Ctx);

	using FamilyMask = unsigned;
	llvm::DenseMap<const Decl *, FamilyMask> Reach;
	llvm::DenseSet<const Decl *> PollCallbacks;
	bool PortIo = false, MapsMmio = false;
};

} // namespace drvcheck

#endif
