// SPDX-License-Identifier: GPL-2.0
#ifndef __KERNEL__
#include <string.h>
#endif

#include "dma_table.h"

/* dma-debug's names (the model's dma_debug_types): messages read the same. */
const char *const rt_dma_kind_names[RT_DMA_KIND_NR] = RT_DMA_KIND_NAMES;
const char *const rt_dma_dir_names[RT_DMA_DIR_NR] = RT_DMA_DIR_NAMES;

static unsigned int nstripes(const struct rt_dma_table *t)
{
	return 1U << t->stripe_bits;
}

/* Entries and stripes are cache-line aligned, whatever the allocator. */
#define RT_LINE	64

struct rt_dma_chunk {
	struct rt_dma_chunk *next;
	size_t n;
	struct rt_dma_entry *e;		/* n entries, inside this allocation */
};

static void *align_line(void *p)
{
	return (void *)(((uintptr_t)p + RT_LINE - 1) & ~(uintptr_t)(RT_LINE - 1));
}

int rt_dma_table_init(struct rt_dma_table *t, size_t entries, size_t buckets,
		      unsigned int flags)
{
	unsigned int bits = 4;

	memset(t, 0, sizeof(*t));
	if (entries > RT_DMA_MAX_ENTRIES)
		return -1;
	if (!buckets)
		buckets = entries / 2;
	while (((size_t)1 << bits) < buckets &&
	       ((size_t)1 << bits) < RT_DMA_MAX_ENTRIES / 2)
		bits++;
	t->bits = bits;
	/* Four buckets a stripe at least: a stripe keeps a few free entries. */
	t->stripe_bits = bits - 2;
	while (t->stripe_bits && (1U << t->stripe_bits) > RT_DMA_STRIPES_MAX)
		t->stripe_bits--;
	t->flags = flags;
	rt_lock_init(&t->grow_lock);
	t->heads = rt_alloc_big(((size_t)1 << bits) * sizeof(*t->heads));
	t->stripes_mem = rt_alloc_big((nstripes(t) + 1) * sizeof(*t->stripes));
	if (!t->heads || !t->stripes_mem ||
	    rt_pcpu_alloc(&t->driver_cpu, RT_MAX_DRIVERS *
			  sizeof(struct rt_dma_driver_cpu)) < 0)
		goto fail;
	t->stripes = align_line(t->stripes_mem);
	for (unsigned int i = 0; i < nstripes(t); i++)
		rt_lock_init(&t->stripes[i].lock);
	if (flags & RT_DMA_TRACK_OVERLAP) {
		t->cpu_buckets = rt_alloc_big(((size_t)1 << bits) *
					      sizeof(*t->cpu_buckets));
		if (!t->cpu_buckets)
			goto fail;
		for (size_t i = 0; i < ((size_t)1 << bits); i++)
			rt_lock_init(&t->cpu_buckets[i].lock);
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
	if (t->cpu_buckets) {
		for (size_t i = 0; i < ((size_t)1 << t->bits); i++)
			rt_lock_destroy(&t->cpu_buckets[i].lock);
		rt_free_big(t->cpu_buckets);
		t->cpu_buckets = NULL;
	}
	if (t->stripes) {
		for (unsigned int i = 0; i < nstripes(t); i++)
			rt_lock_destroy(&t->stripes[i].lock);
		t->stripes = NULL;
	}
	rt_free_big(t->stripes_mem);
	t->stripes_mem = NULL;
	rt_free_big(t->heads);
	t->heads = NULL;
	rt_pcpu_free(&t->driver_cpu);
	rt_lock_destroy(&t->grow_lock);
}

int rt_dma_table_grow(struct rt_dma_table *t, size_t entries)
{
	unsigned int ns = nstripes(t);
	struct rt_dma_chunk *c;
	rt_lock_flags_t flags;
	long low;

	if (!entries)
		return 0;
	if (entries > RT_DMA_MAX_ENTRIES - (size_t)rt_atomic_read(&t->capacity))
		return -1;
	c = rt_alloc_big(sizeof(*c) + RT_LINE + entries * sizeof(c->e[0]));
	if (!c)
		return -1;
	c->n = entries;
	c->e = align_line(c + 1);
	rt_lock(&t->grow_lock, &flags);
	c->next = t->chunks;
	t->chunks = c;
	rt_unlock(&t->grow_lock, flags);
	/* A stripe running below a quarter of its share says the pool is low. */
	low = (rt_atomic_read(&t->capacity) + (long)entries) / ns / 4;
	/* Entries i, i + ns, i + 2 ns, ... go to stripe i, in one splice. */
	for (unsigned int s = 0; s < ns; s++) {
		struct rt_dma_stripe *st = &t->stripes[s];
		struct rt_dma_entry *head = NULL, *tail = NULL;
		long n = 0;

		for (size_t i = s; i < entries; i += ns) {
			c->e[i].next = head;
			if (!tail)
				tail = &c->e[i];
			head = &c->e[i];
			n++;
		}
		rt_lock(&st->lock, &flags);
		if (head) {
			tail->next = st->free;
			st->free = head;
			rt_counter_add_locked(&st->nfree, n);
		}
		st->low = low;
		rt_unlock(&st->lock, flags);
	}
	rt_atomic_add_return(&t->capacity, (long)entries);
	/* A grown pool may run dry again, and that is worth a new report. */
	rt_atomic_set(&t->exhausted, 0);
	rt_atomic_set(&t->low, 0);
	return 0;
}

long rt_dma_table_free(const struct rt_dma_table *t)
{
	long n = 0;

	for (unsigned int s = 0; s < nstripes(t); s++)
		n += rt_atomic_read(&t->stripes[s].nfree);
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

/* This CPU's counts of driver drv; a stripe lock is held. */
static struct rt_dma_driver_cpu *cpu_count(struct rt_dma_table *t, u16 drv)
{
	struct rt_dma_driver_cpu *c = rt_pcpu_this(&t->driver_cpu);

	return &c[drv_index(drv)];
}

/* Fold this CPU's change of drv's live count into the shared one. */
static long fold(struct rt_dma_table *t, u16 drv, struct rt_dma_driver_cpu *c)
{
	long live = rt_atomic_add_return(&t->drivers[drv_index(drv)].live,
					 rt_atomic_read(&c->live));

	rt_atomic_set(&c->live, 0);
	return live;
}

static void count_map(struct rt_dma_table *t, u16 drv)
{
	struct rt_dma_driver_cpu *c = cpu_count(t, drv);

	rt_counter_add_locked(&c->maps, 1);
	rt_counter_add_locked(&c->live, 1);
	if (rt_atomic_read(&c->live) > 0)
		rt_atomic_max(&t->drivers[drv_index(drv)].peak,
			      fold(t, drv, c));
}

static void count_unmap(struct rt_dma_table *t, u16 drv)
{
	struct rt_dma_driver_cpu *c = cpu_count(t, drv);

	rt_counter_add_locked(&c->live, -1);
	if (rt_atomic_read(&c->live) <= -RT_DMA_FOLD)
		fold(t, drv, c);
}

/* Every CPU's maps of drv, or its changes to drv's live count. */
static long sum_cpus(const struct rt_dma_table *t, u16 drv, bool maps)
{
	long n = 0;

	for (unsigned int cpu = 0; cpu < rt_pcpu_ids(); cpu++) {
		const struct rt_dma_driver_cpu *c =
			rt_pcpu_of(&t->driver_cpu, cpu);

		if (c)
			n += rt_atomic_read(maps ? &c[drv_index(drv)].maps :
						   &c[drv_index(drv)].live);
	}
	return n;
}

long rt_dma_driver_live(const struct rt_dma_table *t, u16 drv)
{
	return rt_atomic_read(&t->drivers[drv_index(drv)].live) +
	       sum_cpus(t, drv, false);
}

long rt_dma_driver_maps(const struct rt_dma_table *t, u16 drv)
{
	return sum_cpus(t, drv, true);
}

long rt_dma_driver_peak(const struct rt_dma_table *t, u16 drv)
{
	long peak = rt_atomic_read(&t->drivers[drv_index(drv)].peak);
	long live = rt_dma_driver_live(t, drv);

	return live > peak ? live : peak;
}

void rt_dma_table_check_low(struct rt_dma_table *t)
{
	rt_atomic_set(&t->low, rt_dma_table_free(t) <
			       rt_atomic_read(&t->capacity) / 4);
}

/*
 * Takes up to half of the free entries of the first other stripe that has
 * any (at most 32: they are walked), chained from *head to *tail.  No
 * stripe lock held on entry: one donor is locked at a time.
 */
#define RT_DMA_STEAL_MAX	32

static long steal(struct rt_dma_table *t, const struct rt_dma_stripe *thief,
		  struct rt_dma_entry **head, struct rt_dma_entry **tail)
{
	unsigned int ns = nstripes(t), first = (unsigned int)(thief - t->stripes);

	for (unsigned int i = 1; i < ns; i++) {
		struct rt_dma_stripe *d = &t->stripes[(first + i) & (ns - 1)];
		struct rt_dma_entry *last = NULL;
		rt_lock_flags_t flags;
		long n = 0, want;

		/* An unlocked peek: an empty stripe is skipped without its lock. */
		if (!rt_atomic_read(&d->nfree))
			continue;
		rt_lock(&d->lock, &flags);
		want = (rt_atomic_read(&d->nfree) + 1) / 2;
		if (want > RT_DMA_STEAL_MAX)
			want = RT_DMA_STEAL_MAX;
		for (struct rt_dma_entry *e = d->free; e && n < want; e = e->next) {
			last = e;
			n++;
		}
		if (n) {
			*head = d->free;
			*tail = last;
			d->free = last->next;
			rt_counter_add_locked(&d->nfree, -n);
		}
		rt_unlock(&d->lock, flags);
		if (n)
			return n;
	}
	return 0;
}

/*
 * The slow path of rt_dma_entry_new: b's stripe is empty.  Steals with b
 * unlocked, locks it again; NULL when the whole pool is empty.
 */
static struct rt_dma_entry *refill(struct rt_dma_bucket *b)
	rt_must_hold(b)
{
	struct rt_dma_table *t = b->t;
	struct rt_dma_stripe *s = b->stripe;
	struct rt_dma_entry *head = NULL, *tail = NULL;
	long n, zero = 0;

	rt_dma_unlock_bucket(b);
	n = steal(t, s, &head, &tail);
	if (!n && rt_atomic_try_cmpxchg(&t->exhausted, &zero, 1))
		rt_log("DMA-API: entry pool exhausted at %ld entries; "
		       "new mappings are not tracked until it grows",
		       rt_atomic_read(&t->capacity));
	rt_lock(&s->lock, &b->flags);
	if (n) {
		tail->next = s->free;
		s->free = head;
		rt_counter_add_locked(&s->nfree, n);
	}
	rt_dma_table_check_low(t);
	/* A release may have refilled the stripe while it was unlocked. */
	if (!s->free)
		rt_atomic_inc(&t->dropped);
	return s->free;
}

struct rt_dma_entry *rt_dma_entry_new(struct rt_dma_bucket *b, u16 drv)
	rt_must_hold(b)
{
	struct rt_dma_stripe *s = b->stripe;
	struct rt_dma_entry *e = s->free;
	long nfree;

	if (rt_unlikely(!e)) {
		e = refill(b);
		if (!e)
			return NULL;
	}
	s->free = e->next;
	nfree = rt_atomic_read(&s->nfree) - 1;
	rt_counter_add_locked(&s->nfree, -1);
	/* Only when this stripe crosses its mark: a sum over all stripes. */
	if (rt_unlikely(nfree == s->low - 1))
		rt_dma_table_check_low(b->t);
	count_map(b->t, drv);
	/*
	 * The rest is the caller's to fill: nothing in the second line is
	 * written here (cpu_next is set when the entry is indexed).
	 */
	e->cpu_indexed = 0;
	e->nstack = 0;
	e->drv = drv;
	return e;
}

static unsigned int cpu_hash(const struct rt_dma_table *t, u64 cpu_addr)
{
	/* Exact addresses: the index only finds a buffer mapped twice. */
	return rt_dma_hash_page(t->bits, cpu_addr ^ (cpu_addr >> 17));
}

bool rt_dma_link(struct rt_dma_bucket *b, struct rt_dma_entry *e,
		 bool index_cpu, struct rt_dma_entry *other)
{
	struct rt_dma_table *t = b->t;
	bool overlap = false;

	rt_atomic_max(&t->max_size, (long)e->size);
	if (t->cpu_buckets && index_cpu && e->cpu_addr) {
		struct rt_dma_cpu_bucket *cb =
			&t->cpu_buckets[cpu_hash(t, e->cpu_addr)];
		rt_lock_flags_t flags;

		rt_lock(&cb->lock, &flags);
		for (struct rt_dma_entry *o = cb->head; o; o = o->cpu_next) {
			if (o->cpu_addr == e->cpu_addr) {
				*other = *o;
				overlap = true;
				break;
			}
		}
		e->cpu_next = cb->head;
		cb->head = e;
		e->cpu_indexed = 1;
		rt_unlock(&cb->lock, flags);
	}
	e->next = *b->head;
	*b->head = e;
	return overlap;
}

static int fit(const struct rt_dma_entry *e, const struct rt_dma_key *k)
{
	return (e->size == k->size) + (e->kind == k->kind) +
	       (e->dir == k->dir) + (e->sg_nents == k->sg_nents);
}

struct rt_dma_entry **rt_dma_find_exact(const struct rt_dma_bucket *b,
					const struct rt_dma_key *key)
{
	struct rt_dma_entry **best = NULL;
	int best_fit = -1;

	for (struct rt_dma_entry **l = b->head; *l; l = &(*l)->next) {
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

/* The entry of bucket i that holds key->handle, or NULL. */
static struct rt_dma_entry *containing_in(const struct rt_dma_bucket *b,
					  const struct rt_dma_key *key)
{
	for (struct rt_dma_entry *e = *b->head; e; e = e->next)
		if (contains(e, key))
			return e;
	return NULL;
}

struct rt_dma_entry *rt_dma_find_containing(struct rt_dma_table *t,
					    const struct rt_dma_key *key,
					    struct rt_dma_bucket *b)
	rt_acquires(b)
{
	u64 max = (u64)rt_atomic_read(&t->max_size);
	u64 page = key->handle >> RT_DMA_KEY_SHIFT;
	u64 lo = key->handle >= max ? key->handle - max + 1 : 0;
	u64 npages = page - (lo >> RT_DMA_KEY_SHIFT) + 1;
	/* Walking back would visit every bucket anyway: visit each once. */
	bool every = npages >= ((u64)1 << t->bits);
	u64 n = every ? (u64)1 << t->bits : npages;
	struct rt_dma_entry **l;
	struct rt_dma_entry *e;

	/* The common case: the sync names the mapping's own address. */
	rt_dma_lock_bucket(t, key->handle, b);
	l = rt_dma_find_exact(b, key);
	if (l)
		return *l;
	rt_dma_unlock_bucket(b);

	for (u64 p = 0; p < n; p++) {
		rt_dma_lock_bucket_index(t, every ? (unsigned int)p :
					 rt_dma_hash_page(t->bits, page - p), b);
		e = containing_in(b, key);
		if (e)
			return e;
		rt_dma_unlock_bucket(b);
	}
	/* Locked on every return: the caller's unlock is unconditional. */
	rt_dma_lock_bucket(t, key->handle, b);
	return NULL;
}

static void cpu_unindex(struct rt_dma_table *t, struct rt_dma_entry *e)
{
	struct rt_dma_cpu_bucket *cb = &t->cpu_buckets[cpu_hash(t, e->cpu_addr)];
	rt_lock_flags_t flags;

	rt_lock(&cb->lock, &flags);
	for (struct rt_dma_entry **l = &cb->head; *l; l = &(*l)->cpu_next) {
		if (*l == e) {
			*l = e->cpu_next;
			break;
		}
	}
	rt_unlock(&cb->lock, flags);
	e->cpu_indexed = 0;
}

void rt_dma_entry_free(struct rt_dma_bucket *b, struct rt_dma_entry **link)
{
	struct rt_dma_stripe *s = b->stripe;
	struct rt_dma_entry *e = *link;

	*link = e->next;
	if (e->cpu_indexed)
		cpu_unindex(b->t, e);
	count_unmap(b->t, e->drv);
	e->next = s->free;
	s->free = e;
	rt_counter_add_locked(&s->nfree, 1);
}

void rt_dma_walk(struct rt_dma_table *t, rt_dma_walk_fn fn, void *arg)
{
	for (size_t i = 0; i < ((size_t)1 << t->bits); i++) {
		struct rt_dma_bucket b;

		rt_dma_lock_bucket_index(t, (unsigned int)i, &b);
		for (struct rt_dma_entry **l = b.head; *l;) {
			if (fn(arg, *l))
				rt_dma_entry_free(&b, l);
			else
				l = &(*l)->next;
		}
		rt_dma_unlock_bucket(&b);
	}
}
