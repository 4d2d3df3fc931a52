// SPDX-License-Identifier: GPL-2.0
/*
 * The companion of dma_double_unmap_getdesc_loop_ok.c with the descriptor
 * read once, before the loop, through the same getdesc macro: every
 * iteration unmaps the one rxd->addr again, as single or as page.
 * Reported at both unmaps (each follows the other across the back edge).
 *
 * drvcheck-case: positive dma-double-unmap
 * drvcheck-case: negative dma-unmap-size dma-direction dma-mapping-error-unchecked
 * drvcheck-case: negative dma-unmap-kind
 */
#include <linux/module.h>
#include <linux/dma-mapping.h>
#include <linux/skbuff.h>
#include <linux/mm.h>

#define GO_RING		64

struct go_rxdesc {
	dma_addr_t addr;
	u32 len;
};

struct go_rq {
	struct device *dev;
	struct go_rxdesc *base;
	struct sk_buff *skb[GO_RING];
	struct page *page[GO_RING];
};

#define go_getRxDesc(dstrxd, rxd, tmp) (dstrxd) = (rxd)

void go_rq_cleanup(struct go_rq *rq);

void go_rq_cleanup(struct go_rq *rq)
{
	struct go_rxdesc *rxd;
	int i;

	go_getRxDesc(rxd, &rq->base[0], NULL);
	for (i = 0; i < GO_RING; i++) {
		if (rq->skb[i]) {
			dma_unmap_single(rq->dev, rxd->addr, rxd->len, /* expect: dma-double-unmap */
					 DMA_FROM_DEVICE);
			dev_kfree_skb(rq->skb[i]);
			rq->skb[i] = NULL;
		} else if (rq->page[i]) {
			dma_unmap_page(rq->dev, rxd->addr, rxd->len, /* expect: dma-double-unmap */
				       DMA_FROM_DEVICE);
			put_page(rq->page[i]);
			rq->page[i] = NULL;
		}
	}
}
EXPORT_SYMBOL_GPL(go_rq_cleanup);

MODULE_DESCRIPTION("drvcheck testsuite: one descriptor unmapped on every iteration");
MODULE_LICENSE("GPL");
