/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Which maps a release is judged against: the join rules, in one place.
 *
 *  - The handle's location and its sources (facts.h): every map or
 *    allocation whose result may be stored where the release reads its
 *    handle (the scatterlist, for sg calls), through copies, accessors
 *    (ret:F, param:F#N) and the ring links.  An unknown source, or a
 *    source that is no map, leaves the release without candidates: no
 *    verdict.
 *  - Flag guards: a release under "if (buf->mapped_as_page)" is not judged
 *    against a map after which the flag is set to another value.
 *  - Direction: when some candidates have the release's direction, only
 *    those are compared for size, kind and count (a DMA_FROM_DEVICE unmap
 *    is the RX ring's, even when TX entries have the same type); the
 *    direction check itself sees them all.
 */
#ifndef DRVCHECK_JUDGE_CANDS_H
#define DRVCHECK_JUDGE_CANDS_H

#include "judge.h"

struct judge_module {
	const struct jsite **releases;	/* its releases, syncs and frees */
	struct judge_cands *cands;	/* of each release */
	size_t n;
	const struct jsite **sites;	/* every site of the module */
	size_t n_sites;
};

/* The location a release names its mapping by (handle, else the list). */
int cands_key(const struct jsite *rel);

/* The module of the sites idx[0..n) of jf (jf_finish() done). */
void cands_module(const struct judge_facts *jf, const size_t *idx, size_t n,
		  struct judge_module *mod);
void cands_module_free(struct judge_module *mod);

/* Is map one of the candidates of rel in mod? */
bool cands_has(const struct judge_module *mod, size_t rel,
	       const struct jsite *map);

#endif
