// SPDX-License-Identifier: GPL-2.0
/*
 * The design of dma-debug's table, as kernel/dma/debug.c has it in 6.1,
 * re-implemented for dma_table_bench (no code of it copied):
 *  - 16384 buckets indexed by device address bits 13..26, each a spinlock
 *    and a doubly linked list (struct hash_bucket: not cache-line aligned);
 *  - entries of struct dma_debug_entry's layout: list, device, address,
 *    size, type, direction, sg counts, pfn, offset, map_err_type and five
 *    stack entries, ____cacheline_aligned_in_smp (128 bytes on x86-64);
 *  - one free list under one global lock, zeroed at allocation
 *    (__dma_entry_alloc's memset), given back at the head (list_add in
 *    dma_entry_free, so it stays cache hot);
 *  - hash_bucket_add at the tail, the best-fit bucket_find_exact, and
 *    check_unmap's comparisons.
 * Left out, on both sides of the bench: the stack trace saved at each map
 * (drvcheck's is off in the bench too), the active-cacheline radix tree
 * (skipped by dma-debug for DMA_TO_DEVICE, the direction the bench maps),
 * and dma_mapping_error()'s third lookup of each mapping with the
 * map_err_type check it feeds (drvcheck cannot see that inline call).
 */
#include <stdlib.h>
#include <string.h>

#include "dma_debug_table.h"

#define DD_HASH_SIZE	16384
#define DD_HASH_SHIFT	13
#define DD_STACK	5	/* DMA_DEBUG_STACKTRACE_ENTRIES */

enum { DD_SINGLE = 1 };			/* dma_debug_single */
enum { DD_MAP_ERR_NOT_CHECKED = 1 };

struct dd_list {
	struct dd_list *next, *prev;
};

struct dd_entry {
	struct dd_list list;		/* first: the list node is the entry */
	const void *dev;
	u64 dev_addr;
	u64 size;
	int type;
	int direction;
	int sg_call_ents;
	int sg_mapped_ents;
	unsigned long pfn;
	size_t offset;
	int map_err_type;
	unsigned int stack_len;
	unsigned long stack_entries[DD_STACK];
} __attribute__((aligned(64)));

struct dd_bucket {
	struct dd_list list;
	rt_lock_t lock;
};

static struct dd_bucket dd_hash[DD_HASH_SIZE];
static struct dd_list dd_free;
static rt_lock_t dd_free_lock;
static long dd_num_free, dd_min_free;
static long dd_nerrors;
static struct dd_entry *dd_pool;

static void dd_list_add_tail(struct dd_list *n, struct dd_list *head)
{
	n->prev = head->prev;
	n->next = head;
	head->prev->next = n;
	head->prev = n;
}

static void dd_list_add(struct dd_list *n, struct dd_list *head)
{
	n->next = head->next;
	n->prev = head;
	head->next->prev = n;
	head->next = n;
}

static void dd_list_del(struct dd_list *n)
{
	n->prev->next = n->next;
	n->next->prev = n->prev;
}

void dd_init(size_t entries)
{
	dd_free.next = dd_free.prev = &dd_free;
	rt_lock_init(&dd_free_lock);
	for (int i = 0; i < DD_HASH_SIZE; i++) {
		dd_hash[i].list.next = dd_hash[i].list.prev = &dd_hash[i].list;
		rt_lock_init(&dd_hash[i].lock);
	}
	/* dma_debug_create_entries: page after page, each added at the tail. */
	if (posix_memalign((void **)&dd_pool, 4096, entries * sizeof(*dd_pool)))
		abort();
	memset(dd_pool, 0, entries * sizeof(*dd_pool));
	for (size_t i = 0; i < entries; i++)
		dd_list_add_tail(&dd_pool[i].list, &dd_free);
	dd_num_free = dd_min_free = (long)entries;
	dd_nerrors = 0;
}

void dd_destroy(void)
{
	for (int i = 0; i < DD_HASH_SIZE; i++)
		rt_lock_destroy(&dd_hash[i].lock);
	rt_lock_destroy(&dd_free_lock);
	free(dd_pool);
}

long dd_errors(void)
{
	return dd_nerrors;
}

static struct dd_bucket *dd_get_bucket(u64 dev_addr, rt_lock_flags_t *flags)
{
	struct dd_bucket *b =
		&dd_hash[(dev_addr >> DD_HASH_SHIFT) & (DD_HASH_SIZE - 1)];

	rt_lock(&b->lock, flags);
	return b;
}

static struct dd_entry *dd_entry_alloc(void)
{
	struct dd_entry *e = NULL;
	rt_lock_flags_t flags;

	rt_lock(&dd_free_lock, &flags);
	if (dd_free.next != &dd_free) {
		e = (struct dd_entry *)dd_free.next;
		dd_list_del(&e->list);
		memset(e, 0, sizeof(*e));
		if (--dd_num_free < dd_min_free)
			dd_min_free = dd_num_free;
	}
	rt_unlock(&dd_free_lock, flags);
	return e;
}

static void dd_entry_free(struct dd_entry *e)
{
	rt_lock_flags_t flags;

	rt_lock(&dd_free_lock, &flags);
	dd_list_add(&e->list, &dd_free);
	dd_num_free++;
	rt_unlock(&dd_free_lock, flags);
}

/* __hash_bucket_find with the exact match: best fit, ambiguous is none. */
static struct dd_entry *dd_find(struct dd_bucket *b, const struct dd_entry *ref)
{
	struct dd_entry *ret = NULL;
	int matches = 0, last_lvl = -1;

	for (struct dd_list *l = b->list.next; l != &b->list; l = l->next) {
		struct dd_entry *e = (struct dd_entry *)l;
		int lvl = 0;

		if (e->dev_addr != ref->dev_addr || e->dev != ref->dev)
			continue;
		matches++;
		lvl += e->size == ref->size;
		lvl += e->type == ref->type;
		lvl += e->direction == ref->direction;
		lvl += e->sg_call_ents == ref->sg_call_ents;
		if (lvl == 4)
			return e;
		if (lvl > last_lvl) {
			last_lvl = lvl;
			ret = e;
		}
	}
	return matches == 1 ? ret : NULL;
}

void dd_map(const void *dev, u64 addr, u64 size, int dir)
{
	struct dd_entry *e = dd_entry_alloc();
	struct dd_bucket *b;
	rt_lock_flags_t flags;

	if (!e)
		return;
	e->dev = dev;
	e->type = DD_SINGLE;
	e->pfn = addr >> 12;
	e->offset = addr & 4095;
	e->dev_addr = addr;
	e->size = size;
	e->direction = dir;
	e->map_err_type = DD_MAP_ERR_NOT_CHECKED;
	b = dd_get_bucket(addr, &flags);
	dd_list_add_tail(&e->list, &b->list);
	rt_unlock(&b->lock, flags);
}

void dd_unmap(const void *dev, u64 addr, u64 size, int dir)
{
	struct dd_entry ref = {
		.type = DD_SINGLE, .dev = dev, .dev_addr = addr, .size = size,
		.direction = dir,
	};
	struct dd_entry *e;
	struct dd_bucket *b;
	rt_lock_flags_t flags;

	b = dd_get_bucket(addr, &flags);
	e = dd_find(b, &ref);
	if (!e) {
		rt_unlock(&b->lock, flags);
		dd_nerrors++;
		return;
	}
	/* check_unmap's comparisons of a single mapping */
	dd_nerrors += (e->size != size) + (e->type != ref.type) +
		      (e->direction != dir);
	dd_list_del(&e->list);
	rt_unlock(&b->lock, flags);
	dd_entry_free(e);
}
