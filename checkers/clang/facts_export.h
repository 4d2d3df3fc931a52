/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The plugin's struct-field facts into the facts database named by
 * DRVCHECK_DB (checkers/sparse/facts_db.h), in the rows drvcheck-sparse
 * writes for the same facts, so that drvcheck-sparse --drvcheck-replay
 * joins a map in one TU with a release in another:
 *
 *  - a map whose handle is stored in a member: a fact, and the member's
 *    location ("struct fooeth_rx_buf.dma", shared by every run of the
 *    module) with the fact as its source;
 *  - a release of a handle read from a member: a fact whose handle_loc
 *    is that location;
 *  - a region request or release whose start is a member read through a
 *    pointer: a fact with sparse's start key ("struct xadc+8:64": the
 *    member's byte offset in the pointed-to struct and its bit size).
 *
 * Only constants are written as values, as sparse's folding gives them.
 * Files are named as clang names them (relative to the directory clang
 * and the replay run in, the module's); the clang engine takes them from
 * there as it does the plugin's warnings, so a finding the plugin printed
 * itself and the replay repeats is one (finding_list_normalize()).
 * A member of a typedef'd anonymous struct is left out (sparse does not
 * share it between runs).  Each checker adds its facts and calls
 * flush() at the end of the TU, after its own joined reports; a flush
 * rewrites the whole run (the run is replaced by its files), so the last
 * one holds every checker's facts and every finding printed.
 */
#ifndef DRVCHECK_CLANG_FACTS_EXPORT_H
#define DRVCHECK_CLANG_FACTS_EXPORT_H

#include "model_adapter.h"

#include <set>
#include <tuple>
#include <vector>

namespace drvcheck {

struct ExportFact {
	const api_fn *Fn = nullptr;
	const api_fn *Written = nullptr;	/* what the driver wrote */
	SourceLocation Loc;
	std::string Function;
	std::optional<int64_t> Size, Dir, Offset, Start;
	std::string StartKey, StartHolder;
	std::string Handle;	/* release: the member ("fooeth_rx_buf.dma") */
	std::string Stored;	/* map: the member its handle went to */
};

class FactsExport {
public:
	/* NULL unless DRVCHECK_DB is set. */
	static FactsExport *get();

	void add(ExportFact F) { Facts.push_back(std::move(F)); }
	/* A finding the plugin prints (check id, place): the replay skips
	 * those (facts_load_printed()), as drvcheck-sparse's. */
	void printed(llvm::StringRef Id, const PathDiagnosticLocation &Loc);
	/* Writes every fact added so far as this TU's run. */
	void flush(const SourceManager &SM);

private:
	std::vector<ExportFact> Facts;
	std::set<std::tuple<std::string, std::string, int>> Printed;
};

/* The name of the enclosing function, "" if none. */
std::string functionName(const Decl *D);
/* The model function of the name the driver wrote at Site, else Fn. */
const api_fn *writtenFn(const Expr *Site, const api_fn *Fn, const ASTContext &Ctx);
/* Sparse's key of a region start written as a member read through a
 * pointer (p->a.b): "struct S+offset:bits", and the member's struct. */
bool startKey(const Expr *E, const ASTContext &Ctx, std::string &Key,
	      std::string &Holder);

} // namespace drvcheck

#endif
