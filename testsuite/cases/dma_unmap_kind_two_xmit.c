// SPDX-License-Identifier: GPL-2.0
/*
 * igc's TX ring (drivers/net/ethernet/intel/igc, 6.1): two functions map
 * into the same ring entries, the skb xmit (head with dma_map_single(),
 * fragments with skb_frag_dma_map(), page mappings) and the XDP frame
 * xmit (its fragments with dma_map_page()).  Each one's error unwind
 * knows what it mapped and unmaps its pages with dma_unmap_page(); the
 * release helper of the completion and of the ring cleanup unmaps every
 * entry with dma_unmap_single(), wrong for every fragment entry.  The
 * unwinds are no release of the pages: they run only in the functions
 * that mapped them.
 *
 * drvcheck-case: positive dma-unmap-kind
 * drvcheck-case: negative dma-unmap-size dma-direction dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/pci.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <net/xdp.h>

#define TX_RING_SIZE	256

struct txb {
	struct sk_buff *skb;
	DEFINE_DMA_UNMAP_ADDR(dma);
	DEFINE_DMA_UNMAP_LEN(len);
};

struct txr {
	struct device *dev;
	struct txb bufs[TX_RING_SIZE];
	unsigned int next, clean;
};

static void txr_unmap(struct device *dev, struct txb *b)
{
	dma_unmap_single(dev, dma_unmap_addr(b, dma), dma_unmap_len(b, len), DMA_TO_DEVICE); /* expect: dma-unmap-kind */
	dma_unmap_len_set(b, len, 0);
}

static int txr_map_skb(struct txr *r, struct sk_buff *skb)
{
	unsigned int first = r->next, i = first, f;
	struct txb *b = &r->bufs[i % TX_RING_SIZE];
	dma_addr_t dma;

	dma = dma_map_single(r->dev, skb->data, skb_headlen(skb), DMA_TO_DEVICE);
	if (dma_mapping_error(r->dev, dma))
		return -ENOMEM;
	dma_unmap_addr_set(b, dma, dma);
	dma_unmap_len_set(b, len, skb_headlen(skb));
	for (f = 0; f < skb_shinfo(skb)->nr_frags; f++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[f];

		b = &r->bufs[++i % TX_RING_SIZE];
		dma = skb_frag_dma_map(r->dev, frag, 0, skb_frag_size(frag),
				       DMA_TO_DEVICE);
		if (dma_mapping_error(r->dev, dma))
			goto unwind;
		dma_unmap_addr_set(b, dma, dma);
		dma_unmap_len_set(b, len, skb_frag_size(frag));
	}
	b->skb = skb;
	r->next = i + 1;
	return 0;
unwind:
	while (--i != first) {
		b = &r->bufs[i % TX_RING_SIZE];
		dma_unmap_page(r->dev, dma_unmap_addr(b, dma),
			       dma_unmap_len(b, len), DMA_TO_DEVICE);
	}
	b = &r->bufs[first % TX_RING_SIZE];
	dma_unmap_single(r->dev, dma_unmap_addr(b, dma),
			 dma_unmap_len(b, len), DMA_TO_DEVICE);
	return -ENOMEM;
}

static int txr_map_xdp(struct txr *r, struct xdp_frame *xdpf,
		       struct skb_shared_info *sinfo)
{
	unsigned int first = r->next, i = first, f;
	struct txb *b = &r->bufs[i % TX_RING_SIZE];
	dma_addr_t dma;

	dma = dma_map_single(r->dev, xdpf->data, xdpf->len, DMA_TO_DEVICE);
	if (dma_mapping_error(r->dev, dma))
		return -ENOMEM;
	dma_unmap_addr_set(b, dma, dma);
	dma_unmap_len_set(b, len, xdpf->len);
	for (f = 0; f < sinfo->nr_frags; f++) {
		skb_frag_t *frag = &sinfo->frags[f];

		b = &r->bufs[++i % TX_RING_SIZE];
		dma = dma_map_page(r->dev, skb_frag_page(frag), skb_frag_off(frag),
				   skb_frag_size(frag), DMA_TO_DEVICE);
		if (dma_mapping_error(r->dev, dma))
			goto unwind;
		dma_unmap_addr_set(b, dma, dma);
		dma_unmap_len_set(b, len, skb_frag_size(frag));
	}
	r->next = i + 1;
	return 0;
unwind:
	while (--i != first) {
		b = &r->bufs[i % TX_RING_SIZE];
		dma_unmap_page(r->dev, dma_unmap_addr(b, dma),
			       dma_unmap_len(b, len), DMA_TO_DEVICE);
	}
	b = &r->bufs[first % TX_RING_SIZE];
	dma_unmap_single(r->dev, dma_unmap_addr(b, dma),
			 dma_unmap_len(b, len), DMA_TO_DEVICE);
	return -ENOMEM;
}

static void txr_clean(struct txr *r)
{
	while (r->clean != r->next) {
		struct txb *b = &r->bufs[r->clean++ % TX_RING_SIZE];

		if (dma_unmap_len(b, len))
			txr_unmap(r->dev, b);
		if (b->skb) {
			dev_kfree_skb_any(b->skb);
			b->skb = NULL;
		}
	}
}

static struct txr ring;

static int __init txr_init(void)
{
	txr_clean(&ring);
	return txr_map_skb(&ring, NULL) ?: txr_map_xdp(&ring, NULL, NULL);
}
module_init(txr_init);

MODULE_DESCRIPTION("drvcheck case: igc-style TX ring mapped by two xmits");
MODULE_LICENSE("GPL");
