// SPDX-License-Identifier: GPL-2.0
/*
 * DMA scenarios.  Each st_<name>() is written the way a driver would write
 * it; the wrong ones hold exactly one misuse each (the comment above each
 * says which check id drvcheck_rt is meant to report).
 *
 * Every wrong operation is also safe on the kernel it runs on: x86-64
 * dma-direct, no IOMMU, no CMA, no memory encryption, a 64-bit DMA mask, so
 * streaming maps are the buffer's physical address and unmap/sync do
 * nothing unless swiotlb bounced the buffer.  Where a wrong call would
 * corrupt a bounce slot, the scenario checks st_bounced() first and refuses
 * (-EOPNOTSUPP) instead of doing it.
 */
#include <linux/dma-direct.h>
#include <linux/dma-mapping.h>
#include <linux/dmapool.h>
#include <linux/scatterlist.h>
#include <linux/ctype.h>
#include <linux/slab.h>
#include <linux/gfp.h>
#include <linux/mm.h>

#include "st.h"

#define ST_LEN		512
#define ST_SG_NENTS	4

bool st_bounced(struct device *dev, dma_addr_t dma, void *cpu)
{
	return dma != phys_to_dma(dev, virt_to_phys(cpu));
}

/* ---- correct use: no error expected ---- */

static int st_map_single(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	dma_unmap_single(dev, dma, ST_LEN, DMA_TO_DEVICE);
	kfree(buf);
	return 0;
}

static int st_map_page(struct device *dev)
{
	struct page *page = alloc_page(GFP_KERNEL);
	dma_addr_t dma;

	if (!page)
		return -ENOMEM;
	dma = dma_map_page(dev, page, 0, PAGE_SIZE, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		__free_page(page);
		return -EIO;
	}
	dma_unmap_page(dev, dma, PAGE_SIZE, DMA_FROM_DEVICE);
	__free_page(page);
	return 0;
}

/* Four separate buffers in one list. */
static int st_sg_alloc(struct scatterlist *sgl, void **bufs, int nents)
{
	int i;

	sg_init_table(sgl, nents);
	for (i = 0; i < nents; i++) {
		bufs[i] = kzalloc(ST_LEN, GFP_KERNEL);
		if (!bufs[i]) {
			while (i--)
				kfree(bufs[i]);
			return -ENOMEM;
		}
		sg_set_buf(&sgl[i], bufs[i], ST_LEN);
	}
	return 0;
}

static void st_sg_free(void **bufs, int nents)
{
	int i;

	for (i = 0; i < nents; i++)
		kfree(bufs[i]);
}

static int st_map_sg(struct device *dev)
{
	struct scatterlist sgl[ST_SG_NENTS];
	void *bufs[ST_SG_NENTS];
	int count, ret;

	ret = st_sg_alloc(sgl, bufs, ST_SG_NENTS);
	if (ret)
		return ret;
	count = dma_map_sg(dev, sgl, ST_SG_NENTS, DMA_BIDIRECTIONAL);
	if (!count) {
		st_sg_free(bufs, ST_SG_NENTS);
		return -EIO;
	}
	dma_unmap_sg(dev, sgl, ST_SG_NENTS, DMA_BIDIRECTIONAL);
	st_sg_free(bufs, ST_SG_NENTS);
	return 0;
}

static int st_coherent(struct device *dev)
{
	dma_addr_t dma;
	void *cpu;

	cpu = dma_alloc_coherent(dev, PAGE_SIZE, &dma, GFP_KERNEL);
	if (!cpu)
		return -ENOMEM;
	dma_free_coherent(dev, PAGE_SIZE, cpu, dma);
	return 0;
}

/* An RX buffer handed back and forth: whole, then a range inside it. */
static int st_sync(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	dma_sync_single_for_cpu(dev, dma, ST_LEN, DMA_FROM_DEVICE);
	dma_sync_single_for_device(dev, dma, ST_LEN, DMA_FROM_DEVICE);
	dma_sync_single_range_for_cpu(dev, dma, 128, 256, DMA_FROM_DEVICE);
	dma_sync_single_range_for_device(dev, dma, 128, 256, DMA_FROM_DEVICE);
	dma_unmap_single(dev, dma, ST_LEN, DMA_FROM_DEVICE);
	kfree(buf);
	return 0;
}

static int st_sync_sg(struct device *dev)
{
	struct scatterlist sgl[ST_SG_NENTS];
	void *bufs[ST_SG_NENTS];
	int count, ret;

	ret = st_sg_alloc(sgl, bufs, ST_SG_NENTS);
	if (ret)
		return ret;
	count = dma_map_sg(dev, sgl, ST_SG_NENTS, DMA_FROM_DEVICE);
	if (!count) {
		st_sg_free(bufs, ST_SG_NENTS);
		return -EIO;
	}
	dma_sync_sg_for_cpu(dev, sgl, ST_SG_NENTS, DMA_FROM_DEVICE);
	dma_sync_sg_for_device(dev, sgl, ST_SG_NENTS, DMA_FROM_DEVICE);
	dma_unmap_sg(dev, sgl, ST_SG_NENTS, DMA_FROM_DEVICE);
	st_sg_free(bufs, ST_SG_NENTS);
	return 0;
}

/* Peer-to-peer: the device reads a page of our (undecoded) MMIO window. */
static int st_map_resource(struct device *dev)
{
	phys_addr_t phys = st.win_start + 8 * ST_WIN_SLOT;
	dma_addr_t dma;

	dma = dma_map_resource(dev, phys, PAGE_SIZE, DMA_BIDIRECTIONAL, 0);
	if (dma_mapping_error(dev, dma))
		return -EIO;
	dma_unmap_resource(dev, dma, PAGE_SIZE, DMA_BIDIRECTIONAL, 0);
	return 0;
}

/* Small descriptors from a DMA pool. */
static int st_dma_pool(struct device *dev)
{
	struct dma_pool *pool;
	dma_addr_t dma;
	void *desc;

	pool = dma_pool_create("st_desc", dev, 64, 64, 0);
	if (!pool)
		return -ENOMEM;
	desc = dma_pool_zalloc(pool, GFP_KERNEL, &dma);
	if (!desc) {
		dma_pool_destroy(pool);
		return -ENOMEM;
	}
	dma_pool_free(pool, desc, dma);
	dma_pool_destroy(pool);
	return 0;
}

/*
 * The same TX buffer mapped twice DMA_TO_DEVICE (two queues send one
 * header).  dma-debug allows overlapping mappings the device only reads.
 */
static int st_overlap_to_device(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t d1, d2;

	if (!buf)
		return -ENOMEM;
	d1 = dma_map_single(dev, buf, ST_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, d1)) {
		kfree(buf);
		return -EIO;
	}
	d2 = dma_map_single(dev, buf, ST_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, d2)) {
		dma_unmap_single(dev, d1, ST_LEN, DMA_TO_DEVICE);
		kfree(buf);
		return -EIO;
	}
	dma_unmap_single(dev, d2, ST_LEN, DMA_TO_DEVICE);
	dma_unmap_single(dev, d1, ST_LEN, DMA_TO_DEVICE);
	kfree(buf);
	return 0;
}

/* ---- misuse ---- */

/* dma-unmap-size: mapped ST_LEN, unmapped with half (smaller: safe). */
static int st_unmap_size(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	dma_unmap_single(dev, dma, ST_LEN / 2, DMA_TO_DEVICE);
	kfree(buf);
	return 0;
}

/*
 * dma-unmap-size: coherent memory freed with a different size.  Both sizes
 * are of page order 0, so the page allocator gets back the same page.
 */
static int st_free_coherent_size(struct device *dev)
{
	dma_addr_t dma;
	void *cpu;

	cpu = dma_alloc_coherent(dev, PAGE_SIZE, &dma, GFP_KERNEL);
	if (!cpu)
		return -ENOMEM;
	dma_free_coherent(dev, PAGE_SIZE / 2, cpu, dma);
	return 0;
}

/*
 * dma-coherent-streaming-mix: a coherent buffer released with the
 * streaming unmap.  On dma-direct the unmap does nothing; the page goes
 * back with free_page(), which for one coherent page on this platform
 * (dma-direct, no CMA, no remap, no encryption) is what dma_free_coherent()
 * does, and the runtime does not see it: the wrong unmap is the only error.
 */
static int st_unmap_coherent(struct device *dev)
{
	dma_addr_t dma;
	void *cpu;

	cpu = dma_alloc_coherent(dev, PAGE_SIZE, &dma, GFP_KERNEL);
	if (!cpu)
		return -ENOMEM;
	if (is_vmalloc_addr(cpu) || st_bounced(dev, dma, cpu)) {
		dma_free_coherent(dev, PAGE_SIZE, cpu, dma);
		return -EOPNOTSUPP;
	}
	dma_unmap_single(dev, dma, PAGE_SIZE, DMA_BIDIRECTIONAL);
	free_page((unsigned long)cpu);
	return 0;
}

/*
 * dma-coherent-streaming-mix: a streaming page mapping released with
 * dma_free_coherent().  dma-direct frees the page of the handle with
 * __free_pages(), which is what this page needs anyway.  Mapped
 * DMA_BIDIRECTIONAL, the direction a coherent free implies, so that the
 * kind is the only thing wrong.
 */
static int st_free_streaming(struct device *dev)
{
	struct page *page = alloc_page(GFP_KERNEL);
	dma_addr_t dma;

	if (!page)
		return -ENOMEM;
	dma = dma_map_page(dev, page, 0, PAGE_SIZE, DMA_BIDIRECTIONAL);
	if (dma_mapping_error(dev, dma)) {
		__free_page(page);
		return -EIO;
	}
	if (st_bounced(dev, dma, page_address(page))) {
		dma_unmap_page(dev, dma, PAGE_SIZE, DMA_BIDIRECTIONAL);
		__free_page(page);
		return -EOPNOTSUPP;
	}
	dma_free_coherent(dev, PAGE_SIZE, page_address(page), dma);
	return 0;
}

/* dma-unmap-kind: an sg list released entry by entry with dma_unmap_page. */
static int st_unmap_sg_as_page(struct device *dev)
{
	struct scatterlist sg;
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);

	if (!buf)
		return -ENOMEM;
	sg_init_one(&sg, buf, ST_LEN);
	if (!dma_map_sg(dev, &sg, 1, DMA_TO_DEVICE)) {
		kfree(buf);
		return -EIO;
	}
	dma_unmap_page(dev, sg_dma_address(&sg), sg_dma_len(&sg), DMA_TO_DEVICE);
	kfree(buf);
	return 0;
}

/* dma-unmap-kind: a resource mapping released with dma_unmap_page. */
static int st_unmap_resource_as_page(struct device *dev)
{
	phys_addr_t phys = st.win_start + 9 * ST_WIN_SLOT;
	dma_addr_t dma;

	dma = dma_map_resource(dev, phys, PAGE_SIZE, DMA_BIDIRECTIONAL, 0);
	if (dma_mapping_error(dev, dma))
		return -EIO;
	dma_unmap_page(dev, dma, PAGE_SIZE, DMA_BIDIRECTIONAL);
	return 0;
}

/*
 * dma-unmap-kind, static only on 6.1: dma_map_single and dma_unmap_page
 * both enter dma_*_page_attrs, so the runtime sees two page calls.
 */
static int st_unmap_single_as_page(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	dma_unmap_page(dev, dma, ST_LEN, DMA_TO_DEVICE);
	kfree(buf);
	return 0;
}

/* dma-direction: mapped DMA_TO_DEVICE, unmapped DMA_FROM_DEVICE. */
static int st_unmap_direction(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	dma_unmap_single(dev, dma, ST_LEN, DMA_FROM_DEVICE);
	kfree(buf);
	return 0;
}

/*
 * dma-unmap-sg-nents: dma_unmap_sg() given what dma_map_sg() returned.
 * dma-direct never merges segments, so count == nents here and nothing
 * differs at run time: the runtime cannot see this bug on this platform.
 */
static int st_unmap_sg_nents(struct device *dev)
{
	struct scatterlist sgl[ST_SG_NENTS];
	void *bufs[ST_SG_NENTS];
	int count, ret;

	ret = st_sg_alloc(sgl, bufs, ST_SG_NENTS);
	if (ret)
		return ret;
	count = dma_map_sg(dev, sgl, ST_SG_NENTS, DMA_TO_DEVICE);
	if (!count) {
		st_sg_free(bufs, ST_SG_NENTS);
		return -EIO;
	}
	dma_unmap_sg(dev, sgl, count, DMA_TO_DEVICE);
	st_sg_free(bufs, ST_SG_NENTS);
	return 0;
}

/* dma-double-unmap: the same handle unmapped twice. */
static int st_double_unmap(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	dma_unmap_single(dev, dma, ST_LEN, DMA_TO_DEVICE);
	if (st_bounced(dev, dma, buf)) {
		kfree(buf);
		return -EOPNOTSUPP;
	}
	dma_unmap_single(dev, dma, ST_LEN, DMA_TO_DEVICE);
	kfree(buf);
	return 0;
}

struct st_desc {
	void *buf;
	dma_addr_t dma;
};

/*
 * dma-double-unmap (the runtime's class for "never mapped"): the cleanup
 * loop unmaps every descriptor, but the refill stopped after the first.
 * desc[1].dma is 0, an address nothing maps.
 */
static int st_unmap_never_mapped(struct device *dev)
{
	struct st_desc desc[2] = { };
	unsigned int i;

	desc[0].buf = kzalloc(ST_LEN, GFP_KERNEL);
	if (!desc[0].buf)
		return -ENOMEM;
	desc[0].dma = dma_map_single(dev, desc[0].buf, ST_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, desc[0].dma)) {
		kfree(desc[0].buf);
		return -EIO;
	}
	for (i = 0; i < ARRAY_SIZE(desc); i++) {
		dma_unmap_single(dev, desc[i].dma, ST_LEN, DMA_TO_DEVICE);
		kfree(desc[i].buf);
	}
	return 0;
}

/*
 * dma-mapping-error-unchecked: a ring slot still holding the handle of a
 * failed dma_map_single() (never tested with dma_mapping_error()) is
 * unmapped.  dma-direct with a 64-bit mask cannot be made to fail a map
 * without a WARN, so the slot holds that value as the failed refill would
 * have left it.  Unmapping DMA_MAPPING_ERROR on dma-direct does nothing.
 */
static int st_unmap_map_error(struct device *dev)
{
	struct st_desc slot = { .dma = DMA_MAPPING_ERROR };

	dma_unmap_single(dev, slot.dma, ST_LEN, DMA_TO_DEVICE);
	return 0;
}

/*
 * dma-free-cpu-addr: the driver keeps the descriptors after a 64-byte
 * header and frees with that pointer.  dma-direct finds the pages from
 * the handle, so the right page is freed.
 */
static int st_free_cpu_addr(struct device *dev)
{
	dma_addr_t dma;
	void *cpu, *desc;

	cpu = dma_alloc_coherent(dev, PAGE_SIZE, &dma, GFP_KERNEL);
	if (!cpu)
		return -ENOMEM;
	desc = cpu + 64;
	dma_free_coherent(dev, PAGE_SIZE, desc, dma);
	return 0;
}

/* dma-sync-unmapped: synced after the unmap. */
static int st_sync_unmapped(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	dma_unmap_single(dev, dma, ST_LEN, DMA_FROM_DEVICE);
	if (st_bounced(dev, dma, buf)) {
		kfree(buf);
		return -EOPNOTSUPP;
	}
	dma_sync_single_for_cpu(dev, dma, ST_LEN, DMA_FROM_DEVICE);
	kfree(buf);
	return 0;
}

/*
 * dma-unmap-size (the runtime's class for a sync outside the mapping):
 * 512 bytes synced from offset 256 of a 512-byte mapping.
 */
static int st_sync_range(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	if (st_bounced(dev, dma, buf)) {
		dma_unmap_single(dev, dma, ST_LEN, DMA_FROM_DEVICE);
		kfree(buf);
		return -EOPNOTSUPP;
	}
	dma_sync_single_range_for_cpu(dev, dma, 256, ST_LEN, DMA_FROM_DEVICE);
	dma_unmap_single(dev, dma, ST_LEN, DMA_FROM_DEVICE);
	kfree(buf);
	return 0;
}

/* dma-direction: an RX buffer synced for the CPU with DMA_TO_DEVICE. */
static int st_sync_direction(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	dma_sync_single_for_cpu(dev, dma, ST_LEN, DMA_TO_DEVICE);
	dma_unmap_single(dev, dma, ST_LEN, DMA_FROM_DEVICE);
	kfree(buf);
	return 0;
}

/*
 * dma-unmap-sg-nents (the sync form): a two-segment RX list synced for the
 * CPU with a count of 1 ("the header is in the first segment").  The API
 * wants the nents given to dma_map_sg(); dma-direct syncs one segment.
 */
static int st_sync_sg_nents(struct device *dev)
{
	struct scatterlist sgl[2];
	void *bufs[2];
	int count, ret;

	ret = st_sg_alloc(sgl, bufs, 2);
	if (ret)
		return ret;
	count = dma_map_sg(dev, sgl, 2, DMA_FROM_DEVICE);
	if (!count) {
		st_sg_free(bufs, 2);
		return -EIO;
	}
	dma_sync_sg_for_cpu(dev, sgl, 1, DMA_FROM_DEVICE);
	dma_unmap_sg(dev, sgl, 2, DMA_FROM_DEVICE);
	st_sg_free(bufs, 2);
	return 0;
}

/*
 * dma-direction, twice as dma-debug reports it: a TX buffer synced for the
 * CPU with DMA_BIDIRECTIONAL ("different direction", and "device read-only
 * memory synced for cpu").
 */
static int st_sync_readonly(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t dma;

	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	dma_sync_single_for_cpu(dev, dma, ST_LEN, DMA_BIDIRECTIONAL);
	dma_unmap_single(dev, dma, ST_LEN, DMA_TO_DEVICE);
	kfree(buf);
	return 0;
}

/* dma-coherent-streaming-mix: a coherent ring synced like a stream. */
static int st_sync_coherent(struct device *dev)
{
	dma_addr_t dma;
	void *cpu;

	cpu = dma_alloc_coherent(dev, PAGE_SIZE, &dma, GFP_KERNEL);
	if (!cpu)
		return -ENOMEM;
	memset(cpu, 0xa5, 64);
	dma_sync_single_for_device(dev, dma, PAGE_SIZE, DMA_TO_DEVICE);
	dma_free_coherent(dev, PAGE_SIZE, cpu, dma);
	return 0;
}

/*
 * dma-map-stack (kernel text/rodata class): a constant table of the core
 * kernel (_ctype, in its .rodata) mapped for the device to read.  A module's
 * own const data is not in the kernel image, and a stack or vmalloc buffer
 * never reaches the hooks (dma_map_single() WARNs and refuses it first).
 */
static int st_map_rodata(struct device *dev)
{
	dma_addr_t dma;

	dma = dma_map_single(dev, (void *)_ctype, 64, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, dma))
		return -EIO;
	dma_unmap_single(dev, dma, 64, DMA_TO_DEVICE);
	return 0;
}

/* dma-overlap: one RX buffer mapped twice for the device to write. */
static int st_overlap(struct device *dev)
{
	void *buf = kzalloc(ST_LEN, GFP_KERNEL);
	dma_addr_t d1, d2;

	if (!buf)
		return -ENOMEM;
	d1 = dma_map_single(dev, buf, ST_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, d1)) {
		kfree(buf);
		return -EIO;
	}
	d2 = dma_map_single(dev, buf, ST_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, d2)) {
		dma_unmap_single(dev, d1, ST_LEN, DMA_FROM_DEVICE);
		kfree(buf);
		return -EIO;
	}
	dma_unmap_single(dev, d2, ST_LEN, DMA_FROM_DEVICE);
	dma_unmap_single(dev, d1, ST_LEN, DMA_FROM_DEVICE);
	kfree(buf);
	return 0;
}

/*
 * dma-leak, at unbind: a buffer mapped here and never unmapped; remove()
 * frees it without unmapping.  Harmless on dma-direct unless bounced, and
 * a bounced one is unmapped at once (the scenario then refuses).
 */
static int st_leak(struct device *dev)
{
	struct st_priv *priv = dev_get_drvdata(dev);
	void *buf;
	dma_addr_t dma;

	if (priv->leak_buf)
		return -EBUSY;
	buf = kzalloc(ST_LEN, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	dma = dma_map_single(dev, buf, ST_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, dma)) {
		kfree(buf);
		return -EIO;
	}
	if (st_bounced(dev, dma, buf)) {
		dma_unmap_single(dev, dma, ST_LEN, DMA_FROM_DEVICE);
		kfree(buf);
		return -EOPNOTSUPP;
	}
	priv->leak_buf = buf;
	priv->leak_dma = dma;
	return 0;
}

const struct st_scenario st_dma_scenarios[] = {
	{ "map_single", st_map_single },
	{ "map_page", st_map_page },
	{ "map_sg", st_map_sg },
	{ "coherent", st_coherent },
	{ "sync", st_sync },
	{ "sync_sg", st_sync_sg },
	{ "map_resource", st_map_resource },
	{ "dma_pool", st_dma_pool },
	{ "overlap_to_device", st_overlap_to_device },
	{ "unmap_size", st_unmap_size },
	{ "free_coherent_size", st_free_coherent_size },
	{ "unmap_coherent", st_unmap_coherent },
	{ "free_streaming", st_free_streaming },
	{ "unmap_sg_as_page", st_unmap_sg_as_page },
	{ "unmap_resource_as_page", st_unmap_resource_as_page },
	{ "unmap_single_as_page", st_unmap_single_as_page },
	{ "unmap_direction", st_unmap_direction },
	{ "unmap_sg_nents", st_unmap_sg_nents },
	{ "double_unmap", st_double_unmap },
	{ "unmap_never_mapped", st_unmap_never_mapped },
	{ "unmap_map_error", st_unmap_map_error },
	{ "free_cpu_addr", st_free_cpu_addr },
	{ "sync_unmapped", st_sync_unmapped },
	{ "sync_range", st_sync_range },
	{ "sync_direction", st_sync_direction },
	{ "sync_sg_nents", st_sync_sg_nents },
	{ "sync_readonly", st_sync_readonly },
	{ "sync_coherent", st_sync_coherent },
	{ "map_rodata", st_map_rodata },
	{ "overlap", st_overlap },
	{ "leak", st_leak },
};
const unsigned int st_dma_nscenarios = ARRAY_SIZE(st_dma_scenarios);
