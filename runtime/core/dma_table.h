/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The live-mapping table: one entry per live DMA mapping (per mapped
 * segment for scatterlists, as dma-debug does), hashed on the device
 * address.
 *
 * What it does better than dma-debug's table:
 *  - the bucket array is sized to the pool (a power of two >= entries / 2)
 *    instead of a fixed 16384 buckets, so chains stay about two entries
 *    long at a million live mappings;
 *  - the entry pool is preallocated and striped with the buckets: a stripe
 *    is one lock, a range of buckets and a free list, so a map or an unmap
 *    takes one lock, where dma-debug takes its bucket lock and then its
 *    global free_entries_lock.  A handle is mapped and unmapped in the same
 *    stripe, so an entry goes back where it came from and the stripes stay
 *    balanced; a stripe that runs dry steals a few entries from another;
 *  - an entry's first cache line holds everything a lookup reads, so a
 *    chain step costs one line;
 *  - an optional second index on the CPU address finds the same buffer
 *    mapped twice.
 *
 * Locking: one lock per stripe, taken through rt_dma_lock_bucket(); lookups
 * and changes need it held.  The only nesting is a CPU index bucket inside
 * a stripe, never the other way round, and never two stripes.
 */
#ifndef DRVCHECK_RT_DMA_TABLE_H
#define DRVCHECK_RT_DMA_TABLE_H

#include "env.h"
#include "report.h"
#include "rt_model_gen.h"	/* enum rt_dma_kind, enum rt_dma_dir */

extern const char *const rt_dma_kind_names[RT_DMA_KIND_NR];
extern const char *const rt_dma_dir_names[RT_DMA_DIR_NR];

static inline const char *rt_dma_dir_name(unsigned int dir)
{
	return dir < RT_DMA_DIR_NR ? rt_dma_dir_names[dir] : "DMA_INVALID";
}

/*
 * 128 bytes.  The first cache line is all that a lookup, a release or a
 * map without a saved stack touches; the second holds the CPU index link
 * (only linked entries use it) and the stack.
 */
struct rt_dma_entry {
	struct rt_dma_entry *next;	/* bucket chain, or the free list */
	const void *dev;
	u64 handle;
	u64 size;
	const char *dev_name;		/* lives as long as the device */
	u64 cpu_addr;			/* 0: unknown (not indexed) */
	int sg_nents;			/* nents given to dma_map_sg */
	int sg_mapped;			/* what dma_map_sg returned */
	u16 drv;			/* rt_driver_id() */
	u8 kind;			/* enum rt_dma_kind */
	u8 dir;				/* enum rt_dma_dir */
	u8 cpu_indexed;
	u8 nstack;
	/* Second line. */
	struct rt_dma_entry *cpu_next __attribute__((aligned(64)));
	unsigned long stack[RT_STACK_DEPTH];
} __attribute__((aligned(64)));

/* A lock, the free entries it guards and the buckets it guards. */
struct rt_dma_stripe {
	rt_lock_t lock;
	struct rt_dma_entry *free;
	rt_atomic_t nfree;		/* written under lock, peeked without */
	long low;			/* fewer free than this: pool running low */
} __attribute__((aligned(64)));	/* stripes on their own cache lines */

#define RT_DMA_STRIPES_MAX	256

/* A CPU address index bucket. */
struct rt_dma_cpu_bucket {
	rt_lock_t lock;
	struct rt_dma_entry *head;
};

/*
 * A driver's counts cost the map and unmap paths no locked instruction:
 * each CPU counts its own maps and its own change to the live count, with
 * the stripe lock held (interrupts off in the kernel).  A CPU's change is
 * kept at or below zero: a map that would make it positive adds it to the
 * shared count at once, and that is when the peak is taken, so the shared
 * count is never below the true one.  An unmap-heavy CPU folds its change
 * in every RT_DMA_FOLD unmaps.  Hence the peak is exact while one CPU maps
 * and unmaps a driver's buffers, and reads high by at most RT_DMA_FOLD - 1
 * for each other CPU holding unfolded unmaps; live and maps are exact sums.
 */
#define RT_DMA_FOLD	16

struct rt_dma_driver_cpu {
	rt_atomic_t live;		/* change not yet folded: <= 0 */
	rt_atomic_t maps;
};

struct rt_dma_driver_count {
	rt_atomic_t live;		/* folded changes */
	rt_atomic_t peak;
} __attribute__((aligned(64)));

struct rt_dma_chunk;

enum {
	RT_DMA_TRACK_OVERLAP = 1 << 0,	/* index entries by CPU address */
	RT_DMA_STACKS = 1 << 1,		/* save a stack with each entry */
};

struct rt_dma_table {
	struct rt_dma_entry **heads;		/* 1 << bits bucket chains */
	struct rt_dma_stripe *stripes;		/* 1 << stripe_bits */
	void *stripes_mem;			/* stripes, before aligning */
	struct rt_dma_cpu_bucket *cpu_buckets;	/* NULL: no overlap tracking */
	unsigned int bits;
	unsigned int stripe_bits;
	unsigned int flags;
	rt_lock_t grow_lock;
	struct rt_dma_chunk *chunks;
	rt_atomic_t capacity;
	rt_atomic_t low;		/* under a quarter free: grow the pool */
	rt_atomic_t dropped;		/* maps not recorded: pool empty */
	rt_atomic_t exhausted;		/* the exhaustion was reported */
	rt_atomic_t max_size;		/* largest mapping ever: sync walk */
	struct rt_dma_driver_count drivers[RT_MAX_DRIVERS];
	rt_pcpu_t driver_cpu;		/* struct rt_dma_driver_cpu[RT_MAX_DRIVERS] */
};

/*
 * The largest pool: 2 GiB of entries, a 64 MiB bucket array (the kernel's
 * kvmalloc refuses anything over INT_MAX bytes, with a WARN).
 */
#define RT_DMA_MAX_ENTRIES	(1UL << 24)

/*
 * entries: the pool; buckets: 0 for a power of two >= entries / 2 (pass
 * the largest pool you will grow to, the bucket array does not grow).
 * At most RT_DMA_MAX_ENTRIES entries and half as many buckets (more are
 * not used); -1 when entries is more, or memory is short.
 */
int rt_dma_table_init(struct rt_dma_table *t, size_t entries, size_t buckets,
		      unsigned int flags);
void rt_dma_table_destroy(struct rt_dma_table *t);

/* Add entries to the pool.  May sleep: never from a hook. */
int rt_dma_table_grow(struct rt_dma_table *t, size_t entries);

/* Free entries in the pool: a sum over the stripes, for readers. */
long rt_dma_table_free(const struct rt_dma_table *t);
/* Live mappings: the pool's capacity less its free entries. */
long rt_dma_table_live(const struct rt_dma_table *t);
/*
 * Less than a quarter of the pool is free: time to grow it.  One load, for
 * the map path.  The flag is computed (a sum over the stripes) by
 * rt_dma_table_check_low(), which the table calls when a stripe runs below
 * a quarter of its share or dry, and a grow clears it.
 */
static inline bool rt_dma_table_low(const struct rt_dma_table *t)
{
	return rt_atomic_read(&t->low) != 0;
}
void rt_dma_table_check_low(struct rt_dma_table *t);

/* A driver's live mappings, its peak and its maps ever (drv < RT_MAX_DRIVERS). */
long rt_dma_driver_live(const struct rt_dma_table *t, u16 drv);
long rt_dma_driver_peak(const struct rt_dma_table *t, u16 drv);
long rt_dma_driver_maps(const struct rt_dma_table *t, u16 drv);

/* The bucket of a device address, locked (its stripe's lock). */
struct rt_dma_bucket {
	struct rt_dma_table *t;
	struct rt_dma_stripe *stripe;
	struct rt_dma_entry **head;
	rt_lock_flags_t flags;
};

/*
 * Keys are page numbers so that a sync inside a mapping can find the
 * mapping by walking back page by page (dma-debug does the same with 8 KiB
 * granules).  Page numbers are consecutive for consecutive buffers, so
 * they are multiplied by 2^64/phi to spread them over the top bits.
 */
#define RT_DMA_KEY_SHIFT	12

static inline unsigned int rt_dma_hash_page(unsigned int bits, u64 page)
{
	return (unsigned int)((page * 0x9E3779B97F4A7C15ULL) >> (64 - bits));
}

/* Locks bucket i; a stripe guards a run of consecutive buckets. */
static inline void rt_dma_lock_bucket_index(struct rt_dma_table *t,
					    unsigned int i,
					    struct rt_dma_bucket *b)
	rt_acquires(b)
{
	b->t = t;
	b->stripe = &t->stripes[i >> (t->bits - t->stripe_bits)];
	b->head = &t->heads[i];
	rt_lock(&b->stripe->lock, &b->flags);
}

static inline void rt_dma_lock_bucket(struct rt_dma_table *t, u64 handle,
				      struct rt_dma_bucket *b)
	rt_acquires(b)
{
	rt_dma_lock_bucket_index(t, rt_dma_hash_page(t->bits,
					handle >> RT_DMA_KEY_SHIFT), b);
}

static inline void rt_dma_unlock_bucket(struct rt_dma_bucket *b)
	rt_releases(b)
{
	rt_unlock(&b->stripe->lock, b->flags);
}

/*
 * An entry from the pool for a mapping about to be linked into b, counted
 * for driver drv, or NULL (counted as dropped, reported once) when the
 * pool is empty.  Only drv and the index and stack fields are set: the
 * caller fills in the mapping.  When b's stripe has no free entry it
 * unlocks b to take some from another stripe and locks it again: look
 * nothing up in b before this call.
 */
struct rt_dma_entry *rt_dma_entry_new(struct rt_dma_bucket *b, u16 drv)
	rt_must_hold(b);

/*
 * Link a filled entry into b and, with overlap tracking and index_cpu, into
 * the CPU index.  Returns true, with a copy in *other, when a live entry
 * already has the same CPU address.
 */
bool rt_dma_link(struct rt_dma_bucket *b, struct rt_dma_entry *e,
		 bool index_cpu, struct rt_dma_entry *other);

/* What a lookup is looking for; the best-fit fields break ties. */
struct rt_dma_key {
	const void *dev;
	u64 handle;
	u64 size;
	int sg_nents;
	u8 kind;
	u8 dir;
};

/*
 * The link pointing at the entry for key->dev and key->handle in a locked
 * bucket, or NULL.  When the same address is live several times (no IOMMU,
 * one page mapped twice) it picks the entry that agrees with the key in
 * most of size, kind, direction and sg count, as dma-debug's best fit does.
 */
struct rt_dma_entry **rt_dma_find_exact(const struct rt_dma_bucket *b,
					const struct rt_dma_key *key);

/*
 * The entry of key->dev whose range holds key->handle, or NULL; either way
 * *b comes back locked (the entry's bucket, or the address's own), for the
 * caller to unlock.  Tries the address's own bucket first, then walks back
 * one page at a time as far as the largest mapping ever made.
 */
struct rt_dma_entry *rt_dma_find_containing(struct rt_dma_table *t,
					    const struct rt_dma_key *key,
					    struct rt_dma_bucket *b)
	rt_acquires(b);

/*
 * Unlink *link from its locked bucket and the CPU index, and give it back
 * to the pool; its driver's live count drops.
 */
void rt_dma_entry_free(struct rt_dma_bucket *b, struct rt_dma_entry **link);

/*
 * Call fn on every live entry, bucket by bucket with the bucket locked; fn
 * returns true to have the entry freed.
 */
typedef bool (*rt_dma_walk_fn)(void *arg, const struct rt_dma_entry *e);
void rt_dma_walk(struct rt_dma_table *t, rt_dma_walk_fn fn, void *arg);

#endif /* DRVCHECK_RT_DMA_TABLE_H */
