// SPDX-License-Identifier: GPL-2.0
/*
 * Scatter-gather transmit that keeps the handles of one packet in a
 * per-slot array and walks it with a pointer, as several NIC drivers do:
 * the head is mapped into *addr, every fragment into *++addr, and each is
 * tested through *addr right after (one test is written with extra
 * parentheses).  A gather list in liquidio's layout is written through
 * sg[(i >> 2)].ptr[(i & 3)] and tested through sg[i >> 2].ptr[i & 3].
 * The handle each test reads is the one the map wrote.  Correct.
 *
 * drvcheck-case: negative dma-mapping-error-unchecked dma-unmap-size dma-direction
 * drvcheck-case: negative dma-unmap-kind dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>
#include <linux/dma-mapping.h>

#define SGTX_RING	64

struct sgtx_slot {
	struct sk_buff *skb;
	unsigned int nr;	/* handles in addr[] */
	dma_addr_t addr[MAX_SKB_FRAGS + 1];
	unsigned int len[MAX_SKB_FRAGS + 1];
};

struct sgtx {
	struct device *dev;
	struct sgtx_slot slot[SGTX_RING];
	unsigned int head;
};

struct sgtx_gather {
	u64 ptr[4];
};

netdev_tx_t sgtx_xmit(struct sgtx *q, struct sk_buff *skb);
int sgtx_map_gather(struct device *dev, struct sgtx_gather *sg,
		    struct sk_buff *skb);
void sgtx_complete(struct sgtx *q, struct sgtx_slot *s);

static void sgtx_unmap(struct sgtx *q, struct sgtx_slot *s, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++) {
		if (i == 0)
			dma_unmap_single(q->dev, s->addr[0], s->len[0],
					 DMA_TO_DEVICE);
		else
			dma_unmap_page(q->dev, s->addr[i], s->len[i],
				       DMA_TO_DEVICE);
	}
}

netdev_tx_t sgtx_xmit(struct sgtx *q, struct sk_buff *skb)
{
	struct sgtx_slot *s = &q->slot[q->head % SGTX_RING];
	dma_addr_t *addr = s->addr;
	unsigned int *len = s->len;
	unsigned int f;

	*len = skb_headlen(skb);
	*addr = dma_map_single(q->dev, skb->data, *len, DMA_TO_DEVICE);
	if (dma_mapping_error(q->dev, (*addr)))
		goto drop;
	s->nr = 1;
	for (f = 0; f < skb_shinfo(skb)->nr_frags; f++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[f];

		*++len = skb_frag_size(frag);
		*++addr = skb_frag_dma_map(q->dev, frag, 0, *len,
					   DMA_TO_DEVICE);
		if (dma_mapping_error(q->dev, *addr))
			goto unwind;
		s->nr++;
	}
	s->skb = skb;
	q->head++;
	return NETDEV_TX_OK;

unwind:
	sgtx_unmap(q, s, s->nr);
drop:
	dev_kfree_skb_any(skb);
	return NETDEV_TX_OK;
}
EXPORT_SYMBOL_GPL(sgtx_xmit);

int sgtx_map_gather(struct device *dev, struct sgtx_gather *sg,
		    struct sk_buff *skb)
{
	int i;

	for (i = 0; i < skb_shinfo(skb)->nr_frags && i < 16; i++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[i];

		sg[(i >> 2)].ptr[(i & 3)] =
			skb_frag_dma_map(dev, frag, 0, skb_frag_size(frag),
					 DMA_TO_DEVICE);
		if (dma_mapping_error(dev, sg[i >> 2].ptr[i & 3]))
			goto unwind;
	}
	return 0;

unwind:
	while (i--)
		dma_unmap_page(dev, sg[i >> 2].ptr[i & 3],
			       skb_frag_size(&skb_shinfo(skb)->frags[i]),
			       DMA_TO_DEVICE);
	return -ENOMEM;
}
EXPORT_SYMBOL_GPL(sgtx_map_gather);

void sgtx_complete(struct sgtx *q, struct sgtx_slot *s)
{
	sgtx_unmap(q, s, s->nr);
	dev_consume_skb_any(s->skb);
	s->skb = NULL;
}
EXPORT_SYMBOL_GPL(sgtx_complete);

MODULE_DESCRIPTION("drvcheck testsuite: handles walked with *++addr, each tested (correct)");
MODULE_LICENSE("GPL");
