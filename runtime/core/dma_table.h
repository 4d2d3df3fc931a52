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
 *  - the entry pool is preallocated and split into shards with their own
 *    locks, so the map path never allocates and never takes a global lock
 *    (dma-debug takes free_entries_lock on every map and unmap);
 *  - the counters (live entries, per-driver live and maps) are kept per
 *    shard under the shard lock the pool operation holds anyway, so map
 *    and unmap execute no locked instruction besides their two locks each;
 *    readers add the shards up;
 *  - an optional second index on the CPU address finds the same buffer
 *    mapped twice.
 *
 * Locking: one lock per bucket, taken by the caller through
 * rt_dma_lock_bucket(); lookups and unlinks need it held.  The only nesting
 * is a CPU index bucket inside an address bucket (rt_dma_unlink), never
 * the other way round.
 */
#ifndef DRVCHECK_RT_DMA_TABLE_H
#define DRVCHECK_RT_DMA_TABLE_H

#include "env.h"
#include "report.h"

enum rt_dma_kind {
	RT_DMA_SINGLE,
	RT_DMA_PAGE,
	RT_DMA_SG,
	RT_DMA_COHERENT,
	RT_DMA_RESOURCE,
	RT_DMA_POOL,
	RT_DMA_KIND_NR
};

/* The kernel's enum dma_data_direction values. */
enum rt_dma_dir {
	RT_DMA_BIDIRECTIONAL = 0,
	RT_DMA_TO_DEVICE = 1,
	RT_DMA_FROM_DEVICE = 2,
	RT_DMA_NONE = 3,
};

extern const char *const rt_dma_kind_names[RT_DMA_KIND_NR];
extern const char *const rt_dma_dir_names[4];

static inline const char *rt_dma_dir_name(unsigned int dir)
{
	return dir < 4 ? rt_dma_dir_names[dir] : "DMA_INVALID";
}

struct rt_dma_entry {
	struct rt_dma_entry *next;	/* bucket chain, or the free list */
	struct rt_dma_entry *cpu_next;	/* CPU address index chain */
	const void *dev;
	const char *dev_name;		/* lives as long as the device */
	u64 handle;
	u64 size;
	u64 cpu_addr;			/* 0: unknown (not indexed) */
	int sg_nents;			/* nents given to dma_map_sg */
	int sg_mapped;			/* what dma_map_sg returned */
	u16 drv;			/* rt_driver_id() */
	u8 kind;			/* enum rt_dma_kind */
	u8 dir;				/* enum rt_dma_dir */
	u8 nstack;
	u8 cpu_indexed;
	unsigned long stack[RT_STACK_DEPTH];
};

struct rt_dma_bucket {
	rt_lock_t lock;
	struct rt_dma_entry *head;
};

#define RT_DMA_SHARDS	8

struct rt_dma_freelist {
	rt_lock_t lock;
	struct rt_dma_entry *head;
	rt_atomic_t n;			/* written under lock */
} __attribute__((aligned(64)));	/* shards on their own cache lines */

/* Per driver, one slot per shard, written under that shard's lock. */
struct rt_dma_driver_count {
	rt_atomic_t live[RT_DMA_SHARDS];
	rt_atomic_t maps[RT_DMA_SHARDS];
	rt_atomic_t peak;		/* sampled at each map */
} __attribute__((aligned(64)));

struct rt_dma_chunk;

enum {
	RT_DMA_TRACK_OVERLAP = 1 << 0,	/* index entries by CPU address */
	RT_DMA_STACKS = 1 << 1,		/* save a stack with each entry */
};

struct rt_dma_table {
	struct rt_dma_bucket *buckets;
	struct rt_dma_bucket *cpu_buckets;	/* NULL: no overlap tracking */
	unsigned int bits;
	unsigned int flags;
	struct rt_dma_freelist free[RT_DMA_SHARDS];
	rt_lock_t grow_lock;
	struct rt_dma_chunk *chunks;
	rt_atomic_t capacity;
	rt_atomic_t dropped;		/* maps not recorded: pool empty */
	rt_atomic_t exhausted;		/* the exhaustion was reported */
	rt_atomic_t max_size;		/* largest mapping ever: sync walk */
	struct rt_dma_driver_count drivers[RT_MAX_DRIVERS];
};

/*
 * entries: the pool; buckets: 0 for a power of two >= entries / 2 (pass
 * the largest pool you will grow to, the bucket array does not grow).
 */
int rt_dma_table_init(struct rt_dma_table *t, size_t entries, size_t buckets,
		      unsigned int flags);
void rt_dma_table_destroy(struct rt_dma_table *t);

/* Add entries to the pool.  May sleep: never from a hook. */
int rt_dma_table_grow(struct rt_dma_table *t, size_t entries);

/* Free entries in the pool (below a quarter of it: time to grow). */
long rt_dma_table_free(const struct rt_dma_table *t);
/* Live mappings: the pool's capacity less its free entries. */
long rt_dma_table_live(const struct rt_dma_table *t);

/* A driver's live mappings, its peak and its maps ever (drv < RT_MAX_DRIVERS). */
long rt_dma_driver_live(const struct rt_dma_table *t, u16 drv);
long rt_dma_driver_peak(const struct rt_dma_table *t, u16 drv);
long rt_dma_driver_maps(const struct rt_dma_table *t, u16 drv);

/* The bucket of a device address. */
unsigned int rt_dma_hash(const struct rt_dma_table *t, u64 handle);

/*
 * An entry from the pool, counted for driver drv, or NULL (and a one-time
 * report) when the pool is empty.  Only drv and the index and stack
 * fields are set: the caller fills in the mapping.
 */
struct rt_dma_entry *rt_dma_entry_get(struct rt_dma_table *t,
				      unsigned int bucket, u16 drv);
/* Back to the pool; e->drv's live count drops. */
void rt_dma_entry_put(struct rt_dma_table *t, struct rt_dma_entry *e);

/*
 * Put a filled entry in its bucket and, with overlap tracking and
 * index_cpu, in the CPU index; takes the locks.  Returns true, with a copy in *other, when a live
 * entry already has the same CPU address.
 */
bool rt_dma_insert(struct rt_dma_table *t, struct rt_dma_entry *e,
		   unsigned int bucket, bool index_cpu,
		   struct rt_dma_entry *other);

static inline struct rt_dma_bucket *
rt_dma_lock_bucket(struct rt_dma_table *t, unsigned int bucket,
		   rt_lock_flags_t *flags)
{
	struct rt_dma_bucket *b = &t->buckets[bucket];

	rt_lock(&b->lock, flags);
	return b;
}

static inline void rt_dma_unlock_bucket(struct rt_dma_bucket *b,
					rt_lock_flags_t flags)
{
	rt_unlock(&b->lock, flags);
}

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
struct rt_dma_entry **rt_dma_find_exact(struct rt_dma_bucket *b,
					const struct rt_dma_key *key);

/*
 * The entry of key->dev whose range holds key->handle, with its bucket
 * locked in *bp (unlock it when done), or NULL with nothing locked.  Tries
 * the address's own bucket first, then walks back one page at a time as
 * far as the largest mapping ever made.
 */
struct rt_dma_entry *rt_dma_find_containing(struct rt_dma_table *t,
					    const struct rt_dma_key *key,
					    struct rt_dma_bucket **bp,
					    rt_lock_flags_t *flags);

/* Unlink *link (bucket locked), and drop it from the CPU index. */
struct rt_dma_entry *rt_dma_unlink(struct rt_dma_table *t,
				   struct rt_dma_entry **link);

/*
 * Call fn on every live entry, bucket by bucket with the bucket locked; fn
 * returns true to have the entry unlinked and returned to the pool.
 */
typedef bool (*rt_dma_walk_fn)(void *arg, const struct rt_dma_entry *e);
void rt_dma_walk(struct rt_dma_table *t, rt_dma_walk_fn fn, void *arg);

#endif /* DRVCHECK_RT_DMA_TABLE_H */
