// SPDX-License-Identifier: GPL-2.0
#include "facts_export.h"

#include "field_keys.h"

#include "clang/AST/RecordLayout.h"
#include "clang/Lex/Lexer.h"

#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>

extern "C" {
#include "sparse/facts_write.h"
}

namespace drvcheck {

FactsExport *FactsExport::get()
{
	static FactsExport *Export = getenv("DRVCHECK_DB") ? new FactsExport : nullptr;
	return Export;
}

std::string functionName(const Decl *D)
{
	if (const auto *ND = dyn_cast_or_null<NamedDecl>(D))
		return ND->getNameAsString();
	return "";
}

const api_fn *writtenFn(const Expr *Site, const api_fn *Fn, const ASTContext &Ctx)
{
	const SourceManager &SM = Ctx.getSourceManager();
	if (Site && Site->getBeginLoc().isMacroID()) {
		llvm::StringRef Macro = Lexer::getImmediateMacroName(
			Site->getBeginLoc(), SM, Ctx.getLangOpts());
		if (const api_fn *W = modelLookup(Macro))
			return W;
	}
	return Fn;
}

bool startKey(const Expr *E, const ASTContext &Ctx, std::string &Key,
	      std::string &Holder)
{
	const auto *ME = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenCasts() : nullptr);
	const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
	if (!FD || FD->isBitField())
		return false;
	const RecordDecl *Inner = FD->getParent();
	uint64_t Bits = Ctx.getTypeSize(ME->getType());
	int64_t Offset = 0;
	/* p->a.b: the offsets of b in a and of a in *p */
	for (;;) {
		const auto *F = dyn_cast<FieldDecl>(ME->getMemberDecl());
		if (!F || F->isBitField())
			return false;
		Offset += (int64_t)(Ctx.getFieldOffset(F) / 8);
		if (ME->isArrow())
			break;
		ME = dyn_cast<MemberExpr>(ME->getBase()->IgnoreParens());
		if (!ME)
			return false;	/* a local struct: not shared */
	}
	const RecordDecl *Outer = ME->getBase()->getType()->getPointeeType()
				  .isNull() ? nullptr :
				  ME->getBase()->getType()->getPointeeType()->getAsRecordDecl();
	if (!Outer || Outer->getName().empty())
		return false;
	Key = "struct " + Outer->getName().str() + "+" + std::to_string(Offset) +
	      ":" + std::to_string(Bits);
	Holder = Inner->getName().str();
	return true;
}

namespace {

struct Place {
	std::string File;
	int Line = 0, Col = 0;
};

Place placeOf(const SourceManager &SM, SourceLocation L)
{
	Place P;
	PresumedLoc PL = SM.getPresumedLoc(SM.getExpansionLoc(L));
	if (PL.isValid()) {
		P.File = PL.getFilename();
		P.Line = (int)PL.getLine();
		P.Col = (int)PL.getColumn();
	}
	return P;
}

facts_value value(const std::optional<int64_t> &V)
{
	return facts_value{ V.has_value(), V.value_or(0) };
}

} // namespace

void FactsExport::printed(llvm::StringRef Id, const PathDiagnosticLocation &Loc)
{
	if (!Loc.isValid() || !Loc.hasValidLocation())
		return;
	Place P = placeOf(Loc.getManager(), Loc.asLocation());
	if (P.Line)
		Printed.insert({ Id.str(), P.File, P.Line });
}

void FactsExport::flush(const SourceManager &SM)
{
	const char *Path = getenv("DRVCHECK_DB");
	const FileEntry *Main = SM.getFileEntryForID(SM.getMainFileID());
	if (!Path || !Main)
		return;
	std::string Files = Main->getName().str();

	/* the members, in the order first seen: location idx */
	std::map<std::string, int> Locs;
	std::vector<std::string> LocKeys;
	auto loc = [&](const std::string &Field) {
		auto It = Locs.find(Field);
		if (It != Locs.end())
			return It->second;
		LocKeys.push_back("struct " + Field);
		return Locs[Field] = (int)LocKeys.size() - 1;
	};
	/*
	 * A member this file maps with several kinds (a TX ring's head as
	 * single, its fragments as pages) has no one kind another file's
	 * release could be judged against: it gets no sources, as sparse's
	 * facts give a member the replay cannot pin down.
	 */
	std::map<std::string, std::set<int>> KindsOf;
	for (const ExportFact &F : Facts)
		if (!F.Stored.empty())
			KindsOf[F.Stored].insert(F.Fn->kind);
	std::vector<std::pair<int, int>> Sources;
	std::vector<Place> Places;
	std::vector<int> Handles;
	for (size_t I = 0; I < Facts.size(); I++) {
		const ExportFact &F = Facts[I];
		Places.push_back(placeOf(SM, F.Loc));
		Handles.push_back(F.Handle.empty() ? -1 : loc(F.Handle));
		if (!F.Stored.empty() && KindsOf[F.Stored].size() == 1)
			Sources.push_back({ loc(F.Stored), (int)I });
	}

	char *Why = nullptr;
	facts_writer *W = facts_write_begin(Path, Files.c_str(), &Why);
	bool Ok = W != nullptr;
	for (size_t L = 0; Ok && L < LocKeys.size(); L++)
		Ok = facts_write_location(W, (int)L, LocKeys[L].c_str(),
					  LocKeys[L].c_str(), true);
	for (size_t S = 0; Ok && S < Sources.size(); S++)
		Ok = facts_write_source(W, Sources[S].first, Sources[S].second);
	for (size_t I = 0; Ok && I < Facts.size(); I++) {
		const ExportFact &F = Facts[I];
		facts_row R{};
		R.api = F.Fn->name;
		R.role = api_role_name(F.Fn->role);
		R.kind = dma_kind_name(F.Fn->kind);
		R.file = Places[I].File.c_str();
		R.line = Places[I].Line;
		R.col = Places[I].Col;
		R.function = F.Function.c_str();
		R.size = value(F.Size);
		R.dir = value(F.Dir);
		R.offset = value(F.Offset);
		R.handle_loc = Handles[I];
		R.buf_loc = -1;
		R.nents_loc = -1;
		R.written = (F.Written ? F.Written : F.Fn)->name;
		R.start = value(F.Start);
		R.start_key = F.StartKey.empty() ? nullptr : F.StartKey.c_str();
		R.start_holder = F.StartHolder.empty() ? nullptr : F.StartHolder.c_str();
		Ok = facts_write_fact(W, (int)I, &R);
	}
	for (auto It = Printed.begin(); Ok && It != Printed.end(); ++It)
		Ok = facts_write_finding(W, std::get<0>(*It).c_str(),
					 std::get<1>(*It).c_str(), std::get<2>(*It),
					 "");
	if (W)
		facts_write_end(W, Ok, &Why);
	if (Why)
		fprintf(stderr, "drvcheck-analyzer: note: DRVCHECK_DB=%s: %s; "
			"facts of %s not recorded\n", Path, Why, Files.c_str());
	free(Why);
}

} // namespace drvcheck
