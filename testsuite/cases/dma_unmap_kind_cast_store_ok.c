// SPDX-License-Identifier: GPL-2.0
/*
 * s2io-style TX list: one descriptor type for the head and the fragments,
 * its buffer pointer a u64 the hardware reads.  The head is mapped with
 * dma_map_single(), each fragment with skb_frag_dma_map() stored through
 * a cast to u64; the completion unmaps the head with dma_unmap_single()
 * and the fragments with dma_unmap_page().  Correct: the page unmaps pair
 * with the fragment maps, which the cast must not hide.
 *
 * drvcheck-case: negative dma-unmap-kind dma-unmap-size dma-direction
 * drvcheck-case: negative dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/dma-mapping.h>

struct xtxd {
	u64 control;
	u64 buffer_pointer;
	u64 host_control;
};

struct xfifo {
	struct device *dev;
	struct xtxd *list;
};

static int xfifo_xmit(struct xfifo *f, struct sk_buff *skb)
{
	struct xtxd *txdp = f->list;
	dma_addr_t head;
	int i;

	head = dma_map_single(f->dev, skb->data, skb_headlen(skb), DMA_TO_DEVICE);
	if (dma_mapping_error(f->dev, head))
		return -ENOMEM;
	txdp->buffer_pointer = head;
	txdp->host_control = (unsigned long)skb;
	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[i];

		txdp++;
		txdp->buffer_pointer = (u64)skb_frag_dma_map(f->dev, frag, 0,
							     skb_frag_size(frag),
							     DMA_TO_DEVICE);
		if (dma_mapping_error(f->dev, txdp->buffer_pointer))
			return -ENOMEM;	/* (the unwind is elided) */
	}
	return 0;
}

static struct sk_buff *xfifo_clean(struct xfifo *f)
{
	struct xtxd *txds = f->list;
	struct sk_buff *skb = (struct sk_buff *)(unsigned long)txds->host_control;
	int j;

	if (!skb)
		return NULL;
	dma_unmap_single(f->dev, (dma_addr_t)txds->buffer_pointer,
			 skb_headlen(skb), DMA_TO_DEVICE);
	for (j = 0; j < skb_shinfo(skb)->nr_frags; j++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[j];

		txds++;
		dma_unmap_page(f->dev, (dma_addr_t)txds->buffer_pointer,
			       skb_frag_size(frag), DMA_TO_DEVICE);
	}
	return skb;
}

static struct xfifo xf;

static int __init xfifo_init(void)
{
	/* keeps the functions: the case is compiled, never loaded */
	return xf.list ? xfifo_xmit(&xf, NULL) + !!xfifo_clean(&xf) : 0;
}
module_init(xfifo_init);
MODULE_LICENSE("GPL");
