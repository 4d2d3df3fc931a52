/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Engine-neutral pairing facts (docs/facts.md): what any engine saw of the
 * model calls of a module, for the judge (judge.h) to decide the pairing
 * checks.
 *
 * A site is one model call: a map, an allocation, a release, a sync, a
 * region request, release or map.  A location is where a value lives,
 * named by a key that every engine writes the same way:
 *
 *   field:S.m        member m of struct S (a path for nested members:
 *                    field:S.a.b), S "?" when the engine does not know the
 *                    type (Coccinelle reads no headers)
 *   field:S.m@I      the same member reached through one array or ring, I
 *                    ("S2.rx_skbs[]"): two arrays of one entry type are two
 *                    rings; a key without @ may be any of them
 *   local:FILE:F:x   a local or parameter of function F in FILE (as the
 *                    engine was given it): the same key in every engine
 *   param:F#N        argument N of module function F, as callers pass it
 *   ret:F            what module function F returns (accessors)
 *   global:x         a global variable
 *
 * Each location has sources: sites whose result was stored there, other
 * locations copied into it, values (sizes: "len = skb_headlen(skb)"),
 * "derived" (x += n: a handle stepped within its mapping, a size changed)
 * and "unknown" (anything the engine could not follow).  An unknown source
 * blocks every verdict that needs the whole set: the judge reports only
 * what differs from every producer it knows, and only when it knows them
 * all.
 */
#ifndef DRVCHECK_JUDGE_FACTS_H
#define DRVCHECK_JUDGE_FACTS_H

#include <stdbool.h>
#include <stddef.h>

#include "jx.h"
#include "model/api_model.h"

#define JLOC_NONE (-1)

enum jsrc_type {
	JSRC_SITE,	/* idx: a site's result (a map's handle, an alloc's) */
	JSRC_LOC,	/* idx: another location's value */
	JSRC_VALUE,	/* value: a size or count expression */
	JSRC_UNKNOWN,
	JSRC_DERIVED,	/* its own value changed (x += n, x++): a handle still
			 * of the same mappings, a size no longer known */
};

struct jsrc {
	enum jsrc_type type;
	int idx;
	struct jx value;
};

struct jloc {
	char *key;
	char *name;		/* for people: "struct e1000_buffer.dma" */
	char *module;		/* the join scope: locations of one module meet */
	bool shared;		/* the same in every file of the module */
	struct jsrc *srcs;
	size_t n_srcs, cap_srcs;
};

/* "if (buf->mapped_as_page)": the site runs only when loc == v (or !=). */
struct jguard {
	int loc;
	bool equal;
	long long v;
};

/* After a map, the same entry's flag is set: "buf->mapped_as_page = 1". */
struct jset {
	int loc;
	long long v;
};

struct jsite {
	const struct api_fn *api;	/* the model function called */
	const struct api_fn *written;	/* the name the driver wrote (a macro) */
	char *file;
	unsigned int line, col;
	char *function;
	char *module;
	int handle;		/* release/sync/free: where its handle came from */
	int buf;		/* the buffer, scatterlist or CPU address */
	int nents_loc;		/* where the sg count came from */
	struct jx size, nents, offset, start;
	/* judge_pair(): what the call returned, as the engine names it on
	 * its path (the count of dma_map_sg()) */
	struct jx result;
	int dir;		/* enum dma_data_direction, -1 unknown */
	char *start_key;	/* regions: the start as a module-wide key */
	int start_loc;		/* regions: where the start was read from */
	char *start_holder;	/* and the struct it is a member of */
	struct jguard *guards;
	size_t n_guards;
	struct jset *sets;
	size_t n_sets;
	const char *key;	/* judge_pair(): the handle's key, when the
				 * engine has no location for it */
	const void *origin;	/* the engine's own (an Expr *), never stored */
};

struct judge_facts {
	struct jsite *sites;
	size_t n_sites, cap_sites;
	struct jloc *locs;
	size_t n_locs, cap_locs;
	int *index;		/* (module, key) -> location, open addressing */
	size_t cap_index;
	bool finished;		/* jf_finish() ran */
};

/* The location of key in module (made if new); strings are copied. */
int jf_loc(struct judge_facts *jf, const char *module, const char *key,
	   const char *name, bool shared);
/* -1 when there is none. */
int jf_loc_find(const struct judge_facts *jf, const char *module,
		const char *key);
void jf_add_source(struct judge_facts *jf, int loc, struct jsrc src);
static inline void jf_add_site_source(struct judge_facts *jf, int loc, int site)
{
	jf_add_source(jf, loc, (struct jsrc){ .type = JSRC_SITE, .idx = site });
}
static inline void jf_add_loc_source(struct judge_facts *jf, int loc, int from)
{
	if (from != loc)
		jf_add_source(jf, loc, (struct jsrc){ .type = JSRC_LOC, .idx = from });
}
static inline void jf_add_unknown(struct judge_facts *jf, int loc)
{
	jf_add_source(jf, loc, (struct jsrc){ .type = JSRC_UNKNOWN });
}
static inline void jf_add_derived(struct judge_facts *jf, int loc)
{
	jf_add_source(jf, loc, (struct jsrc){ .type = JSRC_DERIVED });
}
/* value is taken over (freed with the facts). */
void jf_add_value(struct judge_facts *jf, int loc, struct jx value);

/*
 * A new site, zeroed but for the strings (copied), locations JLOC_NONE,
 * values JX_NONE and dir -1; returns its index (sites may move).
 */
int jf_site(struct judge_facts *jf, const struct api_fn *api,
	    const struct api_fn *written, const char *file, unsigned int line,
	    unsigned int col, const char *function, const char *module);
void jf_site_guard(struct judge_facts *jf, int site, int loc, bool equal,
		   long long v);
void jf_site_set(struct judge_facts *jf, int site, int loc, long long v);

/*
 * The derived edges, once every fact is in: a field reached through no
 * ring may be any ring's; a member of a struct the engine could not name
 * is the named struct's member when one struct of the module has it.
 */
void jf_finish(struct judge_facts *jf);

/*
 * What may be stored in loc: the sites among its sources (through copies),
 * in *sites (*n of them, a buffer owned by the caller: free it); false when
 * some source is unknown (the set is then incomplete).
 */
bool jf_sources(const struct judge_facts *jf, int loc, int **sites, size_t *n);

/*
 * The values loc may hold (sizes), through copies; false when a source is
 * unknown or a site (a handle is no size).  The values are shared with the
 * facts, the array is the caller's.
 */
bool jf_values(const struct judge_facts *jf, int loc,
	       const struct jx ***values, size_t *n);

/*
 * The walk behind jf_sources() and jf_values(): visit() for every source
 * that is no copy, of loc and of each location it is copied from (through
 * copies and ring links), all of which are marked in seen (jf->n_locs
 * bytes, zeroed by the caller); false when a visit returned false or a
 * location copied from has no source at all.
 */
bool jf_walk(const struct judge_facts *jf, int loc,
	     bool (*visit)(const struct jsrc *src, void *arg), void *arg,
	     unsigned char *seen);

/* Is from, another location, among those loc is copied from (through
 * copies and ring links)? */
bool jf_copies_from(const struct judge_facts *jf, int loc, int from);

/*
 * The one store of loc, counting those its ring links reach (the member
 * written through a plain entry pointer); NULL when there are more or
 * none.
 */
const struct jsrc *jf_one_store(const struct judge_facts *jf, int loc);

/*
 * One bit of a flags member, as a location of its own: "field:S.m&4" for
 * bit 4 of S.m, tested by "if (e->m & 4)" and set by "e->m |= 4" after a
 * map (rt2x00's SKBDESC_DMA_MAPPED_RX / _TX).  JLOC_NONE unless loc is a
 * member and bit a single bit.
 */
int jf_bit_loc(struct judge_facts *jf, int loc, long long bit);
/* The length of the member part of a bit key ("field:S.m" of
 * "field:S.m&4"), 0 for other keys. */
size_t jf_bit_base(const char *key);

/* Is atom (of a value) a location key: field:, local:, param:, ret:,
 * global:?  A macro or a call is only equal to itself. */
bool jf_location_atom(const char *atom);
/* Is it an operator over locations that no linear form has, named by its
 * operands (Coccinelle's "X:" atom: control & BMU_BBC)? */
bool jf_composite_atom(const char *atom);

/* Does nothing of the module ever store to loc, through any ring
 * (storing 0 is no store: loc then never holds anything else)? */
bool jf_never_stored(const struct judge_facts *jf, int loc);

void jf_free(struct judge_facts *jf);

/* The location's name, "" for JLOC_NONE. */
const char *jf_loc_name(const struct judge_facts *jf, int loc);

#endif
