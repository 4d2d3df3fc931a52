/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the DMA checker remembers about one live or released mapping on a
 * path, the way MallocChecker's RefState does for an allocation.  Streaming
 * and coherent handles are keyed by the dma_addr_t's symbol; scatterlist
 * and sg_table mappings by the list's memory region.
 */
#ifndef DRVCHECK_CLANG_DMA_STATE_H
#define DRVCHECK_CLANG_DMA_STATE_H

#include "model_adapter.h"

namespace drvcheck {

struct DmaMapping {
	enum Status : unsigned char { Live, Released };

	Status St = Live;
	bool Tested = false;	/* dma_mapping_error() (or map_sg's count) asked */
	bool Escaped = false;	/* stored where another function can find it */
	const api_fn *Map = nullptr;	/* null: released, never seen mapped */
	const api_fn *Release = nullptr;
	SVal Size;		/* bytes mapped; Unknown for sg and pool */
	SVal Nents;		/* sg: entries given to the map */
	SymbolRef Count = nullptr; /* sg: what the map returned */
	SymbolRef Cpu = nullptr;   /* coherent: the CPU address */
	SVal Dir;
	const Expr *Site = nullptr;	/* the map / alloc call */
	const Expr *SizeExpr = nullptr;
	const Expr *ReleaseSite = nullptr;
	/* an untested handle stored into a device descriptor: a use once
	 * anything after the store can hand the memory to the device */
	const Stmt *Exposed = nullptr;
	const StackFrameContext *Frame = nullptr; /* owner: leaks are its own */

	bool isCoherent() const
	{
		return Map && Map->role == ROLE_DMA_ALLOC;
	}

	bool operator==(const DmaMapping &O) const
	{
		return St == O.St && Tested == O.Tested && Escaped == O.Escaped &&
		       Map == O.Map && Release == O.Release && Size == O.Size &&
		       Nents == O.Nents && Count == O.Count && Cpu == O.Cpu &&
		       Dir == O.Dir && Site == O.Site && SizeExpr == O.SizeExpr &&
		       ReleaseSite == O.ReleaseSite && Exposed == O.Exposed &&
		       Frame == O.Frame;
	}

	void Profile(llvm::FoldingSetNodeID &ID) const
	{
		ID.AddInteger(St);
		ID.AddBoolean(Tested);
		ID.AddBoolean(Escaped);
		ID.AddPointer(Map);
		ID.AddPointer(Release);
		Size.Profile(ID);
		Nents.Profile(ID);
		ID.AddPointer(Count);
		ID.AddPointer(Cpu);
		Dir.Profile(ID);
		ID.AddPointer(Site);
		ID.AddPointer(SizeExpr);
		ID.AddPointer(ReleaseSite);
		ID.AddPointer(Exposed);
		ID.AddPointer(Frame);
	}
};

} // namespace drvcheck

#endif
