/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The judge's checks, one file each, named by check id and registered in
 * judge_checks.c: a release hook (a release against its candidates) and a
 * site hook (each site of a module once).
 */
#ifndef DRVCHECK_JUDGE_JUDGE_CHECKS_H
#define DRVCHECK_JUDGE_JUDGE_CHECKS_H

#include "cands.h"
#include "judge.h"

void judge_dma_unmap_size(const struct judge *j, const struct jsite *rel,
			  const struct judge_cands *c);
void judge_dma_unmap_kind(const struct judge *j, const struct jsite *rel,
			  const struct judge_cands *c);
void judge_dma_coherent_streaming_mix(const struct judge *j,
				      const struct jsite *rel,
				      const struct judge_cands *c);
void judge_dma_coherent_streaming_mix_map(const struct judge *j,
					  const struct jsite *s,
					  const struct judge_module *m);
void judge_dma_direction(const struct judge *j, const struct jsite *rel,
			 const struct judge_cands *c);
void judge_dma_direction_none(const struct judge *j, const struct jsite *s,
			      const struct judge_module *m);
void judge_dma_unmap_sg_nents(const struct judge *j, const struct jsite *rel,
			      const struct judge_cands *c);
void judge_iomem_release_mismatch(const struct judge *j, const struct jsite *s,
				  const struct judge_module *m);
void judge_iomem_unrequested_map(const struct judge *j, const struct jsite *s,
				 const struct judge_module *m);
void judge_iomem_not_exclusive(const struct judge *j, const struct jsite *s,
			       const struct judge_module *m);

/*
 * dma-unmap-size when rel's size is a member of the entry m's size is not
 * stored to while another member keeps it (size_record.c): that member,
 * else JLOC_NONE (no proof).
 */
int judge_size_unrecorded(const struct judge *j, const struct jsite *rel,
			  const struct jsite *m);

/* Region helpers the iomem checks share (regions.c). */
bool judge_is_region_request(const struct jsite *s);	/* request-and-map too */
bool judge_is_region_release(const struct jsite *s);	/* by start and size */
bool judge_is_resource_release(const struct jsite *s);	/* release_resource() */
bool judge_is_iomap(const struct jsite *s);
bool judge_is_iounmap(const struct jsite *s);
bool judge_is_pci_space(const struct jsite *s);
/* the same start (a constant, a key, a location through copies),
 * provably another, or unknown */
enum jx_truth judge_same_start(const struct judge *j, const struct jsite *a,
			       const struct jsite *b);
/* May the PCI request req claim BAR bar (unknown: may)? */
bool judge_pci_claims(const struct jsite *req, const struct jx *bar);

#endif
