// SPDX-License-Identifier: GPL-2.0
/*
 * ioc3-style RX ring: the ring is coherent memory, an array of big-endian
 * u64 words that the NIC reads; each word holds the streaming handle of an
 * RX buffer (dma_map_single()).  The completion unmaps the handle read back
 * from the ring word, through a local copy of the ring pointer and through
 * the member.  Correct: the element of the ring is what the driver stored
 * there, a streaming handle, not the coherent ring itself.
 *
 * drvcheck-case: negative dma-coherent-streaming-mix dma-unmap-kind
 * drvcheck-case: negative dma-unmap-size dma-direction
 */
#include <linux/module.h>
#include <linux/skbuff.h>
#include <linux/dma-mapping.h>

#define XRX_RING_ENTRIES	512
#define XRX_RING_SIZE		(XRX_RING_ENTRIES * 8)
#define XRX_BUF_SIZE		1664

struct xrx_priv {
	struct device *dma_dev;
	unsigned long *rxr;		/* the ring: XRX_RING_ENTRIES words */
	dma_addr_t rxr_dma;
	struct sk_buff *rx_skbs[XRX_RING_ENTRIES];
	unsigned int rx_ci;
};

static int xrx_alloc_rings(struct xrx_priv *ip)
{
	ip->rxr = dma_alloc_coherent(ip->dma_dev, XRX_RING_SIZE, &ip->rxr_dma,
				     GFP_KERNEL);
	return ip->rxr ? 0 : -ENOMEM;
}

static void xrx_free_rings(struct xrx_priv *ip)
{
	dma_free_coherent(ip->dma_dev, XRX_RING_SIZE, ip->rxr, ip->rxr_dma);
}

static int xrx_refill(struct xrx_priv *ip, unsigned int i)
{
	unsigned long *rxr = ip->rxr;
	struct sk_buff *skb = alloc_skb(XRX_BUF_SIZE, GFP_ATOMIC);
	dma_addr_t d;

	if (!skb)
		return -ENOMEM;
	d = dma_map_single(ip->dma_dev, skb->data, XRX_BUF_SIZE, DMA_FROM_DEVICE);
	if (dma_mapping_error(ip->dma_dev, d)) {
		kfree_skb(skb);
		return -ENOMEM;
	}
	ip->rx_skbs[i] = skb;
	rxr[i] = cpu_to_be64(d);
	return 0;
}

static struct sk_buff *xrx_receive(struct xrx_priv *ip)
{
	unsigned long *rxr;
	unsigned int i = ip->rx_ci;
	struct sk_buff *skb = ip->rx_skbs[i];

	rxr = ip->rxr;		/* ring base */
	dma_unmap_single(ip->dma_dev, be64_to_cpu(rxr[i]), XRX_BUF_SIZE,
			 DMA_FROM_DEVICE);
	ip->rx_skbs[i] = NULL;
	ip->rx_ci = (i + 1) % XRX_RING_ENTRIES;
	return skb;
}

/* the same through the member: the ring's first fill and its teardown */
static int xrx_fill_all(struct xrx_priv *ip)
{
	unsigned int i;
	dma_addr_t d;

	for (i = 0; i < XRX_RING_ENTRIES; i++) {
		ip->rx_skbs[i] = alloc_skb(XRX_BUF_SIZE, GFP_KERNEL);
		if (!ip->rx_skbs[i])
			return -ENOMEM;
		d = dma_map_single(ip->dma_dev, ip->rx_skbs[i]->data, XRX_BUF_SIZE,
				   DMA_FROM_DEVICE);
		if (dma_mapping_error(ip->dma_dev, d))
			return -ENOMEM;
		ip->rxr[i] = cpu_to_be64(d);
	}
	return 0;
}

static void xrx_free_all(struct xrx_priv *ip)
{
	unsigned int i;

	for (i = 0; i < XRX_RING_ENTRIES; i++) {
		if (!ip->rx_skbs[i])
			continue;
		dma_unmap_single(ip->dma_dev, be64_to_cpu(ip->rxr[i]),
				 XRX_BUF_SIZE, DMA_FROM_DEVICE);
		kfree_skb(ip->rx_skbs[i]);
		ip->rx_skbs[i] = NULL;
	}
}

static struct xrx_priv xrx;

static int __init xrx_init(void)
{
	/* keeps the functions: the case is compiled, never loaded */
	if (!xrx.dma_dev)
		return 0;
	if (xrx_alloc_rings(&xrx))
		return -ENOMEM;
	if (!xrx_refill(&xrx, 0))
		kfree_skb(xrx_receive(&xrx));
	xrx_fill_all(&xrx);
	xrx_free_all(&xrx);
	xrx_free_rings(&xrx);
	return 0;
}
module_init(xrx_init);
MODULE_LICENSE("GPL");
