// SPDX-License-Identifier: GPL-2.0
/*
 * Wireless RX reinjection in the ath11k style: one local handle is first
 * filled by a helper through its address (the ring entry's buffer, which
 * another part of the driver mapped, out of sight here), then reused for a
 * new mapping of the defragmented frame.  Both reach the control block's
 * paddr, so the RX release's DMA_FROM_DEVICE may be that of the buffer the
 * helper handed back: the one DMA_TO_DEVICE map in view is not the only
 * candidate, and no direction verdict is possible.
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/skbuff.h>

struct xw_rxcb {
	dma_addr_t paddr;
};

#define XW_RXCB(skb) ((struct xw_rxcb *)(skb)->cb)

struct xw_ring {
	dma_addr_t *bufs;
	unsigned int head, size;
};

struct xw {
	struct device *dev;
	struct xw_ring reo;
};

/* the entry's buffer address, as the hardware wrote it back */
static void xw_ring_paddr_get(struct xw_ring *ring, dma_addr_t *paddr)
{
	*paddr = READ_ONCE(ring->bufs[ring->head]);
	ring->head = (ring->head + 1) % ring->size;
}

static int xw_reinject(struct xw *xw, struct sk_buff *defrag, struct sk_buff *orig)
{
	dma_addr_t paddr;

	xw_ring_paddr_get(&xw->reo, &paddr);
	XW_RXCB(orig)->paddr = paddr;

	paddr = dma_map_single(xw->dev, defrag->data, defrag->len, DMA_TO_DEVICE);
	if (dma_mapping_error(xw->dev, paddr))
		return -ENOMEM;
	XW_RXCB(defrag)->paddr = paddr;
	return 0;
}

static void xw_rx_release(struct xw *xw, struct sk_buff *skb)
{
	dma_unmap_single(xw->dev, XW_RXCB(skb)->paddr, skb->len, DMA_FROM_DEVICE);
	dev_kfree_skb_any(skb);
}

static int xw_probe(struct platform_device *pdev)
{
	struct sk_buff *a, *b;
	struct xw *xw;
	int ret;

	xw = devm_kzalloc(&pdev->dev, sizeof(*xw), GFP_KERNEL);
	if (!xw)
		return -ENOMEM;
	xw->dev = &pdev->dev;
	xw->reo.size = 64;
	xw->reo.bufs = devm_kcalloc(&pdev->dev, xw->reo.size, sizeof(dma_addr_t), GFP_KERNEL);
	a = alloc_skb(256, GFP_KERNEL);
	b = alloc_skb(256, GFP_KERNEL);
	if (!xw->reo.bufs || !a || !b) {
		kfree_skb(a);
		kfree_skb(b);
		return -ENOMEM;
	}
	skb_put(a, 128);
	ret = xw_reinject(xw, a, b);
	if (!ret)
		xw_rx_release(xw, b);
	else
		kfree_skb(b);
	kfree_skb(a);
	return ret;
}

static const struct of_device_id xw_of_match[] = {
	{ .compatible = "example,xw" },
	{ }
};
MODULE_DEVICE_TABLE(of, xw_of_match);

static struct platform_driver xw_driver = {
	.probe	= xw_probe,
	.driver	= { .name = "xw", .of_match_table = xw_of_match },
};
module_platform_driver(xw_driver);
MODULE_LICENSE("GPL");
