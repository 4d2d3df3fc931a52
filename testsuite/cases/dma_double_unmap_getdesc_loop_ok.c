// SPDX-License-Identifier: GPL-2.0
/*
 * vmxnet3-style RX ring cleanup (vmxnet3_rq_cleanup): each iteration reads
 * descriptor i through a getdesc(dst, src, tmp) macro of the file, defined
 * as "(dst) = (src)", then unmaps rxd->addr as single (a head buffer) or
 * as page (a body buffer) and clears the slot.  The macro gives rxd a new
 * entry every iteration, so the unmaps across the loop's back edge are of
 * different descriptors.  Correct.
 *
 * drvcheck-case: negative dma-double-unmap dma-unmap-size dma-direction dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include <linux/dma-mapping.h>
#include <linux/skbuff.h>
#include <linux/mm.h>

#define GD_RING		64
#define GD_BTYPE_HEAD	0
#define GD_BTYPE_BODY	1

struct gd_rxdesc {
	dma_addr_t addr;
	u32 len;
	u32 btype;
};

struct gd_buf_info {
	struct sk_buff *skb;
	struct page *page;
};

struct gd_rq {
	struct device *dev;
	struct gd_rxdesc *base;
	struct gd_buf_info buf_info[GD_RING];
};

/* the driver reads a descriptor in place (a copy on big-endian hosts) */
#define gd_getRxDesc(dstrxd, rxd, tmp) (dstrxd) = (rxd)

void gd_rq_cleanup(struct gd_rq *rq);

void gd_rq_cleanup(struct gd_rq *rq)
{
	struct gd_rxdesc *rxd;
	int i;

	for (i = 0; i < GD_RING; i++) {
		gd_getRxDesc(rxd, &rq->base[i], NULL);
		if (rxd->btype == GD_BTYPE_HEAD && rq->buf_info[i].skb) {
			dma_unmap_single(rq->dev, rxd->addr, rxd->len,
					 DMA_FROM_DEVICE);
			dev_kfree_skb(rq->buf_info[i].skb);
			rq->buf_info[i].skb = NULL;
		} else if (rxd->btype == GD_BTYPE_BODY && rq->buf_info[i].page) {
			dma_unmap_page(rq->dev, rxd->addr, rxd->len,
				       DMA_FROM_DEVICE);
			put_page(rq->buf_info[i].page);
			rq->buf_info[i].page = NULL;
		}
	}
}
EXPORT_SYMBOL_GPL(gd_rq_cleanup);

MODULE_DESCRIPTION("drvcheck testsuite: ring cleanup through a descriptor-reading macro (correct)");
MODULE_LICENSE("GPL");
