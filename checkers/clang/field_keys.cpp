// SPDX-License-Identifier: GPL-2.0
#include "field_keys.h"

#include <set>

namespace drvcheck {

/* The keys made of a typedef's name: not a struct tag. */
static std::set<std::string> TypedefKeys;

/* A typedef'd anonymous struct goes by its typedef name. */
static std::string memberKey(const FieldDecl *FD)
{
	const RecordDecl *RD = FD->getParent();
	std::string Record = RD->getName().str();
	bool Typedef = false;
	if (Record.empty())
		if (const TypedefNameDecl *TD = RD->getTypedefNameForAnonDecl()) {
			Record = TD->getName().str();
			Typedef = true;
		}
	std::string Key = Record + "." + FD->getName().str();
	if (Typedef)
		TypedefKeys.insert(Key);
	return Key;
}

bool sharedFieldKey(const std::string &Key)
{
	return Key.size() && Key[0] != '.' && !TypedefKeys.count(Key);
}

std::optional<std::string> fieldKey(const MemRegion *R)
{
	for (; R; R = isa<SubRegion>(R) ? cast<SubRegion>(R)->getSuperRegion() : nullptr)
		if (const auto *FR = dyn_cast<FieldRegion>(R))
			return memberKey(FR->getDecl());
	return std::nullopt;
}

std::optional<std::string> writtenField(const Expr *E)
{
	const auto *ME = dyn_cast_or_null<MemberExpr>(E ? E->IgnoreParenCasts() : nullptr);
	const auto *FD = ME ? dyn_cast<FieldDecl>(ME->getMemberDecl()) : nullptr;
	if (!FD)
		return std::nullopt;
	return memberKey(FD);
}

std::optional<std::string> loadedFromField(SVal V)
{
	SymbolRef S = V.getAsSymbol(/*IncludeBaseRegions=*/true);
	if (!S)
		return std::nullopt;
	for (auto I = S->symbol_begin(), E = S->symbol_end(); I != E; ++I) {
		if (const auto *RV = dyn_cast<SymbolRegionValue>(*I))
			return fieldKey(RV->getRegion());
		if (const auto *D = dyn_cast<SymbolDerived>(*I))
			return fieldKey(D->getRegion());
	}
	return std::nullopt;
}

} // namespace drvcheck
