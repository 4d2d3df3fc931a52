/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Mappings whose handle lives in a struct field: the TX ring entry written
 * in ndo_start_xmit() and released in the completion interrupt, the probe's
 * priv->stats_dma synced in an ioctl.  Those halves are on different
 * paths, so the DMA checker records each as a fact keyed by the field
 * ("struct smac_tx_entry.mapping") and joins them when the TU is done,
 * as drvcheck-sparse does with its facts.  Only constants are compared;
 * a release is wrong only if no map of that field agrees with it.
 */
#ifndef DRVCHECK_CLANG_DMA_FIELD_JOIN_H
#define DRVCHECK_CLANG_DMA_FIELD_JOIN_H

#include "field_keys.h"
#include "tu_index.h"

#include <set>
#include <vector>

namespace drvcheck {

struct DmaFieldFact {
	std::string Field;		/* "smac_tx_entry.mapping" */
	const api_fn *Fn = nullptr;
	std::string Call;		/* "dma_map_single()" as written */
	std::optional<int64_t> Size, Offset, Dir;
	std::string SizeText, NentsText;
	std::string NentsField;		/* release: the field nents was read from */
	PathDiagnosticLocation Loc;
	const Decl *Function = nullptr;	/* the function the call is written in */
};

class DmaFieldJoin {
public:
	void addMap(const void *Site, DmaFieldFact F);
	void addRelease(const void *Site, DmaFieldFact F);
	/* The field received map_sg()'s returned count. */
	void addCountField(const void *Site, const std::string &Field);
	/* A coherent allocation's CPU address was stored in F.Field. */
	void addCoherentBuffer(const void *Site, DmaFieldFact F);
	/* A streaming map of a buffer read from F.Field. */
	void addMappedBuffer(const void *Site, DmaFieldFact F);
	/* Index: every release of a field written in this TU, for "a kind no
	 * release undoes" (paths may not reach them all). */
	void report(BugReporter &BR, const CheckReporter &Reporter,
		    const TuIndex &Index) const;

private:
	/* Into DRVCHECK_DB, if set, for the module-wide replay. */
	void exportFacts(const SourceManager &SM) const;
	bool firstTime(const void *Site, const std::string &Field, char Side);

	void reportMappedCoherent(BugReporter &BR, const CheckReporter &Reporter) const;

	std::vector<DmaFieldFact> Maps, Releases, CoherentBuffers, MappedBuffers;
	std::set<std::string> CountFields;
	std::set<std::tuple<const void *, std::string, char>> Seen;
};

} // namespace drvcheck

#endif
