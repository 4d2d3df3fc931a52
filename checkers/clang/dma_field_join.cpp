// SPDX-License-Identifier: GPL-2.0
#include "dma_field_join.h"
#include "facts_export.h"

#include "clang/StaticAnalyzer/Core/BugReporter/BugReporter.h"

namespace drvcheck {

bool DmaFieldJoin::firstTime(const void *Site, const std::string &Field, char Side)
{
	return Seen.insert({ Site, Field, Side }).second;
}

void DmaFieldJoin::addMap(const void *Site, DmaFieldFact F)
{
	if (firstTime(Site, F.Field, 'm'))
		Maps.push_back(std::move(F));
}

void DmaFieldJoin::addRelease(const void *Site, DmaFieldFact F)
{
	if (firstTime(Site, F.Field, 'r'))
		Releases.push_back(std::move(F));
}

void DmaFieldJoin::addCountField(const void *Site, const std::string &Field)
{
	if (firstTime(Site, Field, 'c'))
		CountFields.insert(Field);
}

void DmaFieldJoin::addCoherentBuffer(const void *Site, DmaFieldFact F)
{
	if (firstTime(Site, F.Field, 'b'))
		CoherentBuffers.push_back(std::move(F));
}

void DmaFieldJoin::addMappedBuffer(const void *Site, DmaFieldFact F)
{
	if (firstTime(Site, F.Field, 'p'))
		MappedBuffers.push_back(std::move(F));
}

namespace {

bool isCoherent(const api_fn *Fn)
{
	return Fn->role == ROLE_DMA_ALLOC || Fn->role == ROLE_DMA_FREE;
}

/* Emits one joined finding at the release, noting the map it disagrees
 * with. */
void emit(BugReporter &BR, const CheckReporter &Reporter, llvm::StringRef Id,
	  const std::string &Msg, const DmaFieldFact &Release,
	  const DmaFieldFact &Map, const std::string &Note)
{
	auto R = Reporter.fixedReport(Id, Msg, Release.Loc);
	R->addNote(Note, Map.Loc);
	BR.emitReport(std::move(R));
}

std::string mapNote(const DmaFieldFact &Map)
{
	std::string Note = isCoherent(Map.Fn) ? "allocated here" : "mapped here";
	if (Map.Size)
		Note += " with size " + Map.SizeText;
	if (Map.Dir)
		Note += std::string(", ") + dmaDirName(*Map.Dir);
	return Note;
}

} // namespace

void DmaFieldJoin::reportMappedCoherent(BugReporter &BR,
					const CheckReporter &Reporter) const
{
	for (const DmaFieldFact &Map : MappedBuffers)
		for (const DmaFieldFact &Alloc : CoherentBuffers)
			if (Alloc.Field == Map.Field) {
				emit(BR, Reporter, "dma-coherent-streaming-mix",
				     Map.Call + " maps " + Map.Field + ", which " +
					     Alloc.Call + " allocated coherent; it needs "
					     "no mapping",
				     Map, Alloc, mapNote(Alloc));
				break;
			}
}

/* A map into a member or a release from one, as drvcheck-sparse records
 * it (facts_export.h). */
static ExportFact exportFact(const DmaFieldFact &F)
{
	ExportFact E;
	E.Fn = F.Fn;
	llvm::StringRef Call(F.Call);
	Call.consume_back("()");
	E.Written = modelLookup(Call);
	E.Loc = F.Loc.asLocation();
	E.Function = functionName(F.Function);
	E.Size = F.Size;
	E.Dir = F.Dir;
	E.Offset = F.Offset;
	return E;
}

void DmaFieldJoin::exportFacts(const SourceManager &SM) const
{
	FactsExport *X = FactsExport::get();
	if (!X)
		return;
	for (const DmaFieldFact &M : Maps)
		if (sharedFieldKey(M.Field)) {
			ExportFact E = exportFact(M);
			E.Stored = M.Field;
			X->add(std::move(E));
		}
	for (const DmaFieldFact &R : Releases)
		if (sharedFieldKey(R.Field)) {
			ExportFact E = exportFact(R);
			E.Handle = R.Field;
			X->add(std::move(E));
		}
	X->flush(SM);
}

void DmaFieldJoin::report(BugReporter &BR, const CheckReporter &Reporter,
			  const TuIndex &Index) const
{
	reportMappedCoherent(BR, Reporter);
	for (const DmaFieldFact &Rel : Releases) {
		std::vector<const DmaFieldFact *> Same;
		for (const DmaFieldFact &M : Maps)
			if (M.Field == Rel.Field)
				Same.push_back(&M);
		if (Same.empty())
			continue;
		const DmaFieldFact &First = *Same.front();
		bool Sync = Rel.Fn->role == ROLE_DMA_SYNC;
		std::string Where = " (" + Rel.Field + ")";

		if (Rel.NentsField.size() && CountFields.count(Rel.NentsField)) {
			emit(BR, Reporter, "dma-unmap-sg-nents",
			     Rel.Call + " given " + Rel.NentsText + ", where " +
				     First.Call + "'s returned count is kept; it takes "
				     "the nents that was mapped",
			     Rel, First, mapNote(First));
		}
		bool AnyCoherent = false, AnyStreaming = false, SameKind = false;
		/* a kind mapped into the field that no release of it undoes
		 * outside the mapping function (whose error unwind knows what
		 * it mapped): none seen on a path, none written on the field */
		const DmaFieldFact *Unreleased = nullptr;
		bool InMapFunction = false;
		for (const DmaFieldFact *M : Same) {
			InMapFunction |= M->Function == Rel.Function;
			(isCoherent(M->Fn) ? AnyCoherent : AnyStreaming) = true;
			SameKind |= M->Fn->kind == Rel.Fn->kind;
			bool Released = Index.releasedElsewhere(Rel.Field, M->Fn->kind,
								M->Function);
			for (const DmaFieldFact &Other : Releases)
				Released |= Other.Field == Rel.Field &&
					    Other.Fn->kind == M->Fn->kind &&
					    Other.Function != M->Function;
			if (!Released && !Unreleased && M->Fn->role == ROLE_DMA_MAP)
				Unreleased = M;
		}
		if (isCoherent(Rel.Fn) ? !AnyCoherent : !AnyStreaming) {
			emit(BR, Reporter, "dma-coherent-streaming-mix",
			     isCoherent(Rel.Fn)
				     ? Rel.Call + " frees a streaming mapping made by " + First.Call + Where
				     : Rel.Call + " given a coherent handle from " + First.Call + Where,
			     Rel, First, mapNote(First));
			continue;
		}
		if (!SameKind && !Sync)
			emit(BR, Reporter, "dma-unmap-kind",
			     Rel.Call + " releases a " + dma_kind_name(First.Fn->kind) +
				     " mapping made by " + First.Call + Where,
			     Rel, First, mapNote(First));
		else if (Unreleased && Rel.Fn->role == ROLE_DMA_UNMAP && !InMapFunction)
			emit(BR, Reporter, "dma-unmap-kind",
			     Rel.Call + " releases " + Rel.Field + ", where " +
				     Unreleased->Call + " also puts " +
				     dma_kind_name(Unreleased->Fn->kind) +
				     " mappings that no release of the field undoes",
			     Rel, *Unreleased, mapNote(*Unreleased));

		/* size and direction: wrong only if every map of the field
		 * has a known value and none agrees */
		bool SizesKnown = Rel.Size.has_value(), SizeAgrees = false;
		bool DirsKnown = Rel.Dir.has_value(), DirAgrees = false;
		int64_t End = Rel.Size.value_or(0) + Rel.Offset.value_or(0);
		for (const DmaFieldFact *M : Same) {
			SizesKnown &= M->Size.has_value();
			DirsKnown &= M->Dir.has_value();
			if (M->Size)
				SizeAgrees |= Sync ? End <= *M->Size : *M->Size == *Rel.Size;
			if (M->Dir)
				DirAgrees |= *M->Dir == Rel.Dir.value_or(-1) ||
					     (Sync && *M->Dir == 0);
		}
		if (SizesKnown && !SizeAgrees)
			emit(BR, Reporter, "dma-unmap-size",
			     Sync ? Rel.Call + " syncs " + Rel.SizeText +
					    " bytes of a mapping of size " + First.SizeText + Where
				  : Rel.Call + " size " + Rel.SizeText +
					    " differs from the map size " + First.SizeText + Where,
			     Rel, First, mapNote(First));
		if (DirsKnown && !DirAgrees && *Rel.Dir != DmaDirNone)
			emit(BR, Reporter, "dma-direction",
			     Rel.Call + " direction " + dmaDirName(*Rel.Dir) +
				     " differs from the map direction " +
				     dmaDirName(*First.Dir) + Where,
			     Rel, First, mapNote(First));
	}
	exportFacts(BR.getSourceManager());
}

} // namespace drvcheck
