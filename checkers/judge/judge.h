/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The judge: the one place that decides the pairing checks
 * (dma-unmap-size, dma-unmap-kind, dma-coherent-streaming-mix,
 * dma-direction, dma-unmap-sg-nents, iomem-release-mismatch and the
 * module-wide iomem checks) over facts any engine extracts (facts.h).
 *
 * Two ways in, one set of rules:
 *  - judge_run(): every release of a module against every map that may
 *    have made its handle, through the locations (the cross-function and
 *    cross-file join: a ring entry mapped in xmit, released in the
 *    completion handler);
 *  - judge_pair(): one release against the one map an engine already
 *    knows made its handle (the analyzer's path, sparse's SSA value).
 * Both end in the same per-check functions (one file per check id,
 * registered in checks.c), so a verdict and its wording are the same
 * whichever engine asked.
 */
#ifndef DRVCHECK_JUDGE_JUDGE_H
#define DRVCHECK_JUDGE_JUDGE_H

#include "core/checks.h"
#include "core/finding.h"
#include "core/selection.h"
#include "facts.h"

#define JUDGE_MAX_NOTES 3

struct judge_note {
	const struct jsite *site;
	char *message;
};

/* One finding of the judge, at a site, with notes at the other half. */
struct judge_verdict {
	const struct check *check;
	enum confidence confidence;
	const struct jsite *site;
	const char *key;		/* what it is about (the fingerprint's) */
	char *message;
	struct judge_note notes[JUDGE_MAX_NOTES];
	size_t n_notes;
};

/*
 * An engine may know more about two values than their linear forms say
 * (the analyzer's constraints, sparse's SSA): asked first, JX_UNKNOWN
 * falls back to jx_equal()/jx_greater().  op is '=' or '>'.
 */
typedef enum jx_truth (*judge_prove_fn)(void *arg, char op, const struct jx *a,
					const struct jx *b);

struct judge {
	struct judge_facts *facts;
	const struct selection *sel;	/* checks to decide; NULL: all */
	void (*emit)(void *arg, const struct judge_verdict *v);
	void *emit_arg;
	judge_prove_fn prove;		/* NULL: the linear forms only */
	void *prove_arg;
};

struct judge_module;

/* The maps and allocations a release is judged against (cands.h). */
struct judge_cands {
	/* those that may have made its handle, of its direction when some
	 * are (RX and TX rings often share one entry type) */
	const struct jsite *const *maps;
	size_t n;
	const struct jsite *const *all;	/* of every direction */
	size_t n_all;
	bool exact;		/* one map known to be the release's (a path) */
	const struct judge_module *module;	/* NULL for a pair */
};

/* A check, in checks.c's table; either hook may be NULL. */
struct judge_check {
	const char *id;
	/* a release, sync or free against the maps that may have made it */
	void (*release)(const struct judge *j, const struct jsite *rel,
			const struct judge_cands *c);
	/* every site of a module once (maps, region calls) */
	void (*site)(const struct judge *j, const struct jsite *s,
		     const struct judge_module *m);
};

extern const struct judge_check judge_checks[];
extern const size_t judge_check_count;

/* Is id one of the judge's checks (the engines leave those to it)? */
bool judge_decides(const char *id);

/* Decides every selected check over all of j->facts (finishing them). */
void judge_run(const struct judge *j);
/*
 * Is this TU's run one of several that record one module's facts for a
 * judge that runs later over all of them (DRVCHECK_JUDGE=module, which
 * drvcheck scan sets with DRVCHECK_DB for each file of a module of several
 * files)?  Then the engine does not judge what one TU shows: a member the
 * TU releases may be stored by another file of the module.
 */
bool judge_deferred(void);
/* Decides rel against map, which the engine knows made rel's handle. */
void judge_pair(const struct judge *j, const struct jsite *map,
		const struct jsite *rel);

/* An emit function that adds each verdict to a finding list. */
struct judge_findings {
	struct finding_list *list;
	enum engine engine;
};
void judge_emit_finding(void *judge_findings, const struct judge_verdict *v);
/* judge_run() over jf for the checks sel selects, each verdict a finding
 * of engine added to out. */
void judge_findings_run(struct judge_facts *jf, const struct selection *sel,
			enum engine engine, struct finding_list *out);

/* --- for the checks ------------------------------------------------------ */

bool judge_wants(const struct judge *j, const char *id);
/* a == b, a > b: the engine's prover, then the linear forms */
enum jx_truth judge_equal(const struct judge *j, const struct jx *a,
			  const struct jx *b);
enum jx_truth judge_greater(const struct judge *j, const struct jx *a,
			    const struct jx *b);
/*
 * The value of x once the locations among its atoms are replaced by the
 * one value the module ever stores there (dma_unmap_len(buf, len) is the
 * size dma_unmap_len_set() stored); x itself when there is none.  To free.
 */
struct jx judge_resolve(const struct judge *j, const struct jx *x,
			const char *module);
/*
 * The values x may take, judge_resolve()d, where a location among its
 * atoms holds one of a few known values (a helper's size parameter that
 * its callers pass as 1024 and as 512): one form per choice, at most max
 * into out (to free); false, and none, when there are more.
 */
bool judge_values(const struct judge *j, const struct jx *x,
		  const char *module, struct jx *out, size_t max, size_t *n);

/* Starts a verdict; notes and then judge_emit(). */
void judge_verdict(struct judge_verdict *v, const struct judge *j,
		   const char *id, const struct jsite *at, const char *key,
		   bool same_function, const char *fmt, ...)
	__attribute__((format(printf, 7, 8)));
void judge_note(struct judge_verdict *v, const struct jsite *at,
		const char *fmt, ...) __attribute__((format(printf, 3, 4)));
void judge_emit(const struct judge *j, struct judge_verdict *v);

/* Are all maps in the release's function (the confidence)? */
bool judge_same_function(const struct jsite *rel, const struct judge_cands *c);
/* What a release's finding is about: its handle's location key. */
const char *judge_key(const struct judge *j, const struct jsite *rel);

/* Role tests, from the model. */
bool judge_is_map(const struct jsite *s);	/* streaming map */
bool judge_is_unmap(const struct jsite *s);
bool judge_is_sync(const struct jsite *s);
bool judge_is_alloc(const struct jsite *s);	/* coherent, noncoherent, pool */
bool judge_is_free(const struct jsite *s);

#endif
