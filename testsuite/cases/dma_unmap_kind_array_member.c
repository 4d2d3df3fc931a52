// SPDX-License-Identifier: GPL-2.0
/*
 * via-velocity-style TX entry: one array member holds every handle of a
 * packet, the head's from dma_map_single() in slot 0 and each fragment's
 * from skb_frag_dma_map() in slot i + 1.  The completion unmaps every
 * slot with dma_unmap_single(): the fragments' page mappings are released
 * as single ones (dma-debug: "device driver frees DMA memory with
 * different type").
 *
 * drvcheck-case: positive dma-unmap-kind
 * drvcheck-case: negative dma-direction dma-unmap-size
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

#define VT_FRAGS	7

struct vt_td_info {
	struct sk_buff *skb;
	int nskb_dma;
	dma_addr_t skb_dma[VT_FRAGS];
};

struct vt_priv {
	struct device *dev;
	struct vt_td_info *infos;
	unsigned int curr;
};

netdev_tx_t vt_xmit(struct vt_priv *vp, struct sk_buff *skb);
void vt_tx_done(struct vt_priv *vp, unsigned int idx);

netdev_tx_t vt_xmit(struct vt_priv *vp, struct sk_buff *skb)
{
	struct vt_td_info *tdinfo = &vp->infos[vp->curr];
	int i;

	if (skb_shinfo(skb)->nr_frags >= VT_FRAGS)
		return NETDEV_TX_BUSY;
	tdinfo->skb = skb;
	tdinfo->skb_dma[0] = dma_map_single(vp->dev, skb->data, skb_headlen(skb),
					    DMA_TO_DEVICE);
	if (dma_mapping_error(vp->dev, tdinfo->skb_dma[0]))
		return NETDEV_TX_BUSY;
	for (i = 0; i < skb_shinfo(skb)->nr_frags; i++) {
		const skb_frag_t *frag = &skb_shinfo(skb)->frags[i];

		tdinfo->skb_dma[i + 1] = skb_frag_dma_map(vp->dev, frag, 0,
							  skb_frag_size(frag),
							  DMA_TO_DEVICE);
		if (dma_mapping_error(vp->dev, tdinfo->skb_dma[i + 1]))
			return NETDEV_TX_BUSY;	/* the driver leaks here; not this case */
	}
	tdinfo->nskb_dma = i + 1;
	return NETDEV_TX_OK;
}
EXPORT_SYMBOL_GPL(vt_xmit);

void vt_tx_done(struct vt_priv *vp, unsigned int idx)
{
	struct vt_td_info *tdinfo = &vp->infos[idx];
	struct sk_buff *skb = tdinfo->skb;
	int i;

	for (i = 0; i < tdinfo->nskb_dma; i++)
		dma_unmap_single(vp->dev, tdinfo->skb_dma[i], /* expect: dma-unmap-kind */
				 skb_headlen(skb), DMA_TO_DEVICE);
	dev_consume_skb_irq(skb);
	tdinfo->skb = NULL;
}
EXPORT_SYMBOL_GPL(vt_tx_done);

MODULE_LICENSE("GPL");
