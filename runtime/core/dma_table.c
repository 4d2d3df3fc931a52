// SPDX-License-Identifier: GPL-2.0
#ifndef __KERNEL__
#include <string.h>
#endif

#include "dma_table.h"

/* dma-debug's names, typo included, so messages read the same. */
const char *const rt_dma_kind_names[RT_DMA_KIND_NR] = {
	[RT_DMA_SINGLE] = "single",
	[RT_DMA_PAGE] = "page",
	[RT_DMA_SG] = "scather-gather",
	[RT_DMA_COHERENT] = "coherent",
	[RT_DMA_RESOURCE] = "resource",
	[RT_DMA_POOL] = "pool",
};

const char *const rt_dma_dir_names[4] = {
	[RT_DMA_BIDIRECTIONAL] = "DMA_BIDIRECTIONAL",
	[RT_DMA_TO_DEVICE] = "DMA_TO_DEVICE",
	[RT_DMA_FROM_DEVICE] = "DMA_FROM_DEVICE",
	[RT_DMA_NONE] = "DMA_NONE",
};

/*
 * Keys are page numbers so that a sync inside a mapping can find the
 * mapping by walking back page by page (dma-debug does the same with 8 KiB
 * granules).  Page numbers are consecutive for consecutive buffers, so
 * they are multiplied by 2^64/phi to spread them over the top bits.
 */
#define RT_DMA_KEY_SHIFT	12

static unsigned int hash_page(unsigned int bits, u64 page)
{
	return (unsigned int)((page * 0x9E3779B97F4A7C15ULL) >> (64 - bits));
}

unsigned int rt_dma_hash(const struct rt_dma_table *t, u64 handle)
{
	return hash_page(t->bits, handle >> RT_DMA_KEY_SHIFT);
}

struct rt_dma_chunk {
	struct rt_dma_chunk *next;
	size_t n;
	struct rt_dma_entry e[];
};

/*
 * Every entry has a home shard, from its address: a free goes back there
 * without hashing anything, and the shards stay as balanced as the pool
 * was made.
 */
static unsigned int home_shard(const struct rt_dma_entry *e)
{
	return (unsigned int)((uintptr_t)e / sizeof(*e)) % RT_DMA_SHARDS;
}

static struct rt_dma_bucket *buckets_new(unsigned int bits)
{
	size_t n = (size_t)1 << bits;
	struct rt_dma_bucket *b = rt_alloc_big(n * sizeof(*b));

	if (!b)
		return NULL;
	for (size_t i = 0; i < n; i++)
		rt_lock_init(&b[i].lock);
	return b;
}

static void buckets_free(struct rt_dma_bucket *b, unsigned int bits)
{
	if (!b)
		return;
	for (size_t i = 0; i < ((size_t)1 << bits); i++)
		rt_lock_destroy(&b[i].lock);
	rt_free_big(b);
}

int rt_dma_table_init(struct rt_dma_table *t, size_t entries, size_t buckets,
		      unsigned int flags)
{
	unsigned int bits = 4;

	memset(t, 0, sizeof(*t));
	if (!buckets)
		buckets = entries / 2;
	while (bits < 30 && ((size_t)1 << bits) < buckets)
		bits++;
	t->bits = bits;
	t->flags = flags;
	rt_lock_init(&t->grow_lock);
	for (int i = 0; i < RT_DMA_SHARDS; i++)
		rt_lock_init(&t->free[i].lock);
	t->buckets = buckets_new(bits);
	if (!t->buckets)
		goto fail;
	if (flags & RT_DMA_TRACK_OVERLAP) {
		t->cpu_buckets = buckets_new(bits);
		if (!t->cpu_buckets)
			goto fail;
	}
	if (entries && rt_dma_table_grow(t, entries) < 0)
		goto fail;
	return 0;
fail:
	rt_dma_table_destroy(t);
	return -1;
}

void rt_dma_table_destroy(struct rt_dma_table *t)
{
	struct rt_dma_chunk *c = t->chunks;

	while (c) {
		struct rt_dma_chunk *next = c->next;

		rt_free_big(c);
		c = next;
	}
	t->chunks = NULL;
	buckets_free(t->buckets, t->bits);
	buckets_free(t->cpu_buckets, t->bits);
	t->buckets = t->cpu_buckets = NULL;
	for (int i = 0; i < RT_DMA_SHARDS; i++)
		rt_lock_destroy(&t->free[i].lock);
	rt_lock_destroy(&t->grow_lock);
}

int rt_dma_table_grow(struct rt_dma_table *t, size_t entries)
{
	struct rt_dma_entry *head[RT_DMA_SHARDS] = { NULL };
	struct rt_dma_entry *tail[RT_DMA_SHARDS] = { NULL };
	long count[RT_DMA_SHARDS] = { 0 };
	struct rt_dma_chunk *c;
	rt_lock_flags_t flags;

	c = rt_alloc_big(sizeof(*c) + entries * sizeof(c->e[0]));
	if (!c)
		return -1;
	c->n = entries;
	/* Chain each shard's share privately, then splice it in one go. */
	for (size_t i = 0; i < entries; i++) {
		unsigned int s = home_shard(&c->e[i]);

		c->e[i].next = head[s];
		if (!head[s])
			tail[s] = &c->e[i];
		head[s] = &c->e[i];
		count[s]++;
	}
	rt_lock(&t->grow_lock, &flags);
	c->next = t->chunks;
	t->chunks = c;
	rt_unlock(&t->grow_lock, flags);
	for (int s = 0; s < RT_DMA_SHARDS; s++) {
		struct rt_dma_freelist *f = &t->free[s];

		if (!head[s])
			continue;
		rt_lock(&f->lock, &flags);
		tail[s]->next = f->head;
		f->head = head[s];
		rt_counter_add_locked(&f->n, count[s]);
		rt_unlock(&f->lock, flags);
	}
	rt_atomic_add_return(&t->capacity, (long)entries);
	/* A grown pool may run dry again, and that is worth a new report. */
	rt_atomic_set(&t->exhausted, 0);
	return 0;
}

long rt_dma_table_free(const struct rt_dma_table *t)
{
	long n = 0;

	for (int s = 0; s < RT_DMA_SHARDS; s++)
		n += rt_atomic_read(&t->free[s].n);
	return n;
}

long rt_dma_table_live(const struct rt_dma_table *t)
{
	return rt_atomic_read(&t->capacity) - rt_dma_table_free(t);
}

static unsigned int drv_index(u16 drv)
{
	return drv < RT_MAX_DRIVERS ? drv : RT_DRV_UNKNOWN;
}

static long sum_shards(const rt_atomic_t *slot)
{
	long n = 0;

	for (int s = 0; s < RT_DMA_SHARDS; s++)
		n += rt_atomic_read(&slot[s]);
	return n;
}

long rt_dma_driver_live(const struct rt_dma_table *t, u16 drv)
{
	return sum_shards(t->drivers[drv_index(drv)].live);
}

long rt_dma_driver_maps(const struct rt_dma_table *t, u16 drv)
{
	return sum_shards(t->drivers[drv_index(drv)].maps);
}

long rt_dma_driver_peak(const struct rt_dma_table *t, u16 drv)
{
	return rt_atomic_read(&t->drivers[drv_index(drv)].peak);
}

/* Pops an entry from shard s and counts it for dc, or NULL. */
static inline struct rt_dma_entry *shard_pop(struct rt_dma_table *t,
					     unsigned int s,
					     struct rt_dma_driver_count *dc)
{
	struct rt_dma_freelist *f = &t->free[s];
	struct rt_dma_entry *e;
	rt_lock_flags_t flags;

	/* An unlocked peek: an empty shard is skipped without its lock. */
	if (!rt_atomic_read(&f->n))
		return NULL;
	rt_lock(&f->lock, &flags);
	e = f->head;
	if (e) {
		f->head = e->next;
		rt_counter_add_locked(&f->n, -1);
		rt_counter_add_locked(&dc->live[s], 1);
		rt_counter_add_locked(&dc->maps[s], 1);
	}
	rt_unlock(&f->lock, flags);
	return e;
}

/*
 * The slow path: the preferred shard was empty, so borrow from the others
 * (entries go home when freed, so this does not unbalance the shards), or
 * report the pool empty.
 */
static struct rt_dma_entry *borrow(struct rt_dma_table *t, unsigned int s,
				   struct rt_dma_driver_count *dc)
{
	struct rt_dma_entry *e = NULL;
	long zero = 0;

	for (unsigned int i = 1; !e && i < RT_DMA_SHARDS; i++)
		e = shard_pop(t, (s + i) % RT_DMA_SHARDS, dc);
	if (e)
		return e;
	rt_atomic_inc(&t->dropped);
	if (rt_atomic_try_cmpxchg(&t->exhausted, &zero, 1))
		rt_log("DMA-API: entry pool exhausted at %ld entries; "
		       "new mappings are not tracked until it grows",
		       rt_atomic_read(&t->capacity));
	return NULL;
}

struct rt_dma_entry *rt_dma_entry_get(struct rt_dma_table *t,
				      unsigned int bucket, u16 drv)
{
	struct rt_dma_driver_count *dc = &t->drivers[drv_index(drv)];
	unsigned int s = bucket % RT_DMA_SHARDS;
	struct rt_dma_entry *e = shard_pop(t, s, dc);

	if (rt_unlikely(!e)) {
		e = borrow(t, s, dc);
		if (!e)
			return NULL;
	}
	/* Sampled: concurrent maps of one driver may miss each other. */
	rt_atomic_max(&dc->peak, sum_shards(dc->live));
	/* The rest is the caller's to fill; no memset of the stack array. */
	e->cpu_next = NULL;
	e->cpu_indexed = 0;
	e->nstack = 0;
	e->drv = drv;
	return e;
}

void rt_dma_entry_put(struct rt_dma_table *t, struct rt_dma_entry *e)
{
	unsigned int s = home_shard(e);
	struct rt_dma_freelist *f = &t->free[s];
	rt_lock_flags_t flags;

	rt_lock(&f->lock, &flags);
	e->next = f->head;
	f->head = e;
	rt_counter_add_locked(&f->n, 1);
	rt_counter_add_locked(&t->drivers[drv_index(e->drv)].live[s], -1);
	rt_unlock(&f->lock, flags);
}

static unsigned int cpu_hash(const struct rt_dma_table *t, u64 cpu_addr)
{
	/* Exact addresses: the index only finds a buffer mapped twice. */
	return hash_page(t->bits, cpu_addr ^ (cpu_addr >> 17));
}

bool rt_dma_insert(struct rt_dma_table *t, struct rt_dma_entry *e,
		   unsigned int bucket, bool index_cpu,
		   struct rt_dma_entry *other)
{
	struct rt_dma_bucket *b;
	rt_lock_flags_t flags;
	bool overlap = false;

	rt_atomic_max(&t->max_size, (long)e->size);
	if (t->cpu_buckets && index_cpu && e->cpu_addr) {
		b = &t->cpu_buckets[cpu_hash(t, e->cpu_addr)];
		rt_lock(&b->lock, &flags);
		for (struct rt_dma_entry *o = b->head; o; o = o->cpu_next) {
			if (o->cpu_addr == e->cpu_addr) {
				*other = *o;
				overlap = true;
				break;
			}
		}
		e->cpu_next = b->head;
		b->head = e;
		e->cpu_indexed = 1;
		rt_unlock(&b->lock, flags);
	}
	b = rt_dma_lock_bucket(t, bucket, &flags);
	e->next = b->head;
	b->head = e;
	rt_dma_unlock_bucket(b, flags);
	return overlap;
}

static int fit(const struct rt_dma_entry *e, const struct rt_dma_key *k)
{
	return (e->size == k->size) + (e->kind == k->kind) +
	       (e->dir == k->dir) + (e->sg_nents == k->sg_nents);
}

struct rt_dma_entry **rt_dma_find_exact(struct rt_dma_bucket *b,
					const struct rt_dma_key *key)
{
	struct rt_dma_entry **best = NULL;
	int best_fit = -1;

	for (struct rt_dma_entry **l = &b->head; *l; l = &(*l)->next) {
		struct rt_dma_entry *e = *l;
		int f;

		if (e->handle != key->handle || e->dev != key->dev)
			continue;
		f = fit(e, key);
		if (f == 4)
			return l;
		if (f > best_fit) {
			best_fit = f;
			best = l;
		}
	}
	return best;
}

static bool contains(const struct rt_dma_entry *e, const struct rt_dma_key *k)
{
	return e->dev == k->dev && e->handle <= k->handle &&
	       (k->handle - e->handle < e->size || k->handle == e->handle);
}

/* The containing entry in bucket i; locks it, and keeps it locked on a hit. */
static struct rt_dma_entry *scan_bucket(struct rt_dma_table *t, unsigned int i,
					const struct rt_dma_key *key,
					struct rt_dma_bucket **bp,
					rt_lock_flags_t *flags)
{
	struct rt_dma_bucket *b = rt_dma_lock_bucket(t, i, flags);

	for (struct rt_dma_entry *e = b->head; e; e = e->next) {
		if (contains(e, key)) {
			*bp = b;
			return e;
		}
	}
	rt_dma_unlock_bucket(b, *flags);
	return NULL;
}

struct rt_dma_entry *rt_dma_find_containing(struct rt_dma_table *t,
					    const struct rt_dma_key *key,
					    struct rt_dma_bucket **bp,
					    rt_lock_flags_t *flags)
{
	u64 max = (u64)rt_atomic_read(&t->max_size);
	u64 page = key->handle >> RT_DMA_KEY_SHIFT;
	u64 lo = key->handle >= max ? key->handle - max + 1 : 0;
	u64 npages = page - (lo >> RT_DMA_KEY_SHIFT) + 1;
	unsigned int own = rt_dma_hash(t, key->handle);
	struct rt_dma_bucket *b;
	struct rt_dma_entry **l;
	struct rt_dma_entry *e;

	/* The common case: the sync names the mapping's own address. */
	b = rt_dma_lock_bucket(t, own, flags);
	l = rt_dma_find_exact(b, key);
	if (l) {
		*bp = b;
		return *l;
	}
	rt_dma_unlock_bucket(b, *flags);

	if (npages >= ((u64)1 << t->bits)) {
		/* Walking back would visit every bucket anyway. */
		for (size_t i = 0; i < ((size_t)1 << t->bits); i++) {
			e = scan_bucket(t, (unsigned int)i, key, bp, flags);
			if (e)
				return e;
		}
		return NULL;
	}
	for (u64 p = 0; p < npages; p++) {
		e = scan_bucket(t, hash_page(t->bits, page - p), key, bp, flags);
		if (e)
			return e;
	}
	return NULL;
}

struct rt_dma_entry *rt_dma_unlink(struct rt_dma_table *t,
				   struct rt_dma_entry **link)
{
	struct rt_dma_entry *e = *link;

	*link = e->next;
	if (e->cpu_indexed) {
		struct rt_dma_bucket *b;
		rt_lock_flags_t flags;

		b = &t->cpu_buckets[cpu_hash(t, e->cpu_addr)];
		rt_lock(&b->lock, &flags);
		for (struct rt_dma_entry **l = &b->head; *l;
		     l = &(*l)->cpu_next) {
			if (*l == e) {
				*l = e->cpu_next;
				break;
			}
		}
		rt_unlock(&b->lock, flags);
		e->cpu_indexed = 0;
	}
	return e;
}

void rt_dma_walk(struct rt_dma_table *t, rt_dma_walk_fn fn, void *arg)
{
	for (size_t i = 0; i < ((size_t)1 << t->bits); i++) {
		struct rt_dma_entry *gone = NULL;
		struct rt_dma_bucket *b;
		rt_lock_flags_t flags;

		b = rt_dma_lock_bucket(t, (unsigned int)i, &flags);
		for (struct rt_dma_entry **l = &b->head; *l;) {
			if (fn(arg, *l)) {
				struct rt_dma_entry *e = rt_dma_unlink(t, l);

				e->next = gone;
				gone = e;
			} else {
				l = &(*l)->next;
			}
		}
		rt_dma_unlock_bucket(b, flags);
		/* Back to the pool outside the bucket lock. */
		while (gone) {
			struct rt_dma_entry *next = gone->next;

			rt_dma_entry_put(t, gone);
			gone = next;
		}
	}
}
