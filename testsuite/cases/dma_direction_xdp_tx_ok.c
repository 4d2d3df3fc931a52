// SPDX-License-Identifier: GPL-2.0
/*
 * XDP transmit as mvneta, mvpp2 and mlx5 do it: one local handle takes
 * either a fresh streaming map (ndo_xdp_xmit: the frame is foreign,
 * DMA_TO_DEVICE) or the address of a page that a page_pool mapped
 * DMA_BIDIRECTIONAL (XDP_TX: the frame is our own RX page), which is only
 * synced for the device.  The bidirectional sync is on the page_pool
 * address, never on the map.  The definition's return type is on a line of
 * its own, kernel style.  mtk_eth_soc does the same with a descriptor field
 * instead of a local (xq_frame_map).  Correct.
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>
#include <net/xdp.h>
#include "page_pool_compat.h"

#define XQ_RING		128

enum xq_buf_type { XQ_BUF_XDP_TX, XQ_BUF_XDP_NDO };

struct xq_buf {
	enum xq_buf_type type;
	struct xdp_frame *xdpf;
	dma_addr_t dma;
	unsigned int len;
};

struct xq {
	struct device *dev;
	struct xq_buf buf[XQ_RING];
	unsigned int put, done;
};

struct xq_txd_info {
	dma_addr_t addr;
	u32 size;
};

int xq_frame_map(struct xq *q, struct xq_txd_info *txd_info, void *data,
		 u16 headroom, bool dma_map);
int xq_xmit(struct xq *q, struct xdp_frame **frames, int n, bool ndo);
void xq_complete(struct xq *q);

static int
xq_submit_frame(struct xq *q, struct xdp_frame *xdpf, bool dma_map)
{
	struct xq_buf *buf = &q->buf[q->put % XQ_RING];
	dma_addr_t dma_addr;

	if (dma_map) {
		/* ndo_xdp_xmit: somebody else's frame */
		dma_addr = dma_map_single(q->dev, xdpf->data, xdpf->len,
					  DMA_TO_DEVICE);
		if (dma_mapping_error(q->dev, dma_addr))
			return -ENOMEM;
		buf->type = XQ_BUF_XDP_NDO;
	} else {
		/* XDP_TX: our RX page, mapped by the page_pool */
		struct page *page = virt_to_page(xdpf->data);

		dma_addr = page_pool_get_dma_addr(page) + sizeof(*xdpf) +
			   xdpf->headroom;
		dma_sync_single_for_device(q->dev, dma_addr, xdpf->len,
					   DMA_BIDIRECTIONAL);
		buf->type = XQ_BUF_XDP_TX;
	}
	buf->xdpf = xdpf;
	buf->dma = dma_addr;
	buf->len = xdpf->len;
	q->put++;
	return 0;
}

int xq_frame_map(struct xq *q, struct xq_txd_info *txd_info, void *data,
		 u16 headroom, bool dma_map)
{
	if (dma_map) {
		txd_info->addr = dma_map_single(q->dev, data, txd_info->size,
						DMA_TO_DEVICE);
		if (unlikely(dma_mapping_error(q->dev, txd_info->addr)))
			return -ENOMEM;
	} else {
		struct page *page = virt_to_head_page(data);

		txd_info->addr = page_pool_get_dma_addr(page) +
				 sizeof(struct xdp_frame) + headroom;
		dma_sync_single_for_device(q->dev, txd_info->addr,
					   txd_info->size, DMA_BIDIRECTIONAL);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(xq_frame_map);

int xq_xmit(struct xq *q, struct xdp_frame **frames, int n, bool ndo)
{
	int i;

	for (i = 0; i < n; i++)
		if (xq_submit_frame(q, frames[i], ndo))
			break;
	return i;
}
EXPORT_SYMBOL_GPL(xq_xmit);

void xq_complete(struct xq *q)
{
	while (q->done != q->put) {
		struct xq_buf *buf = &q->buf[q->done % XQ_RING];

		if (buf->type == XQ_BUF_XDP_NDO)
			dma_unmap_single(q->dev, buf->dma, buf->len,
					 DMA_TO_DEVICE);
		xdp_return_frame(buf->xdpf);
		q->done++;
	}
}
EXPORT_SYMBOL_GPL(xq_complete);

MODULE_DESCRIPTION("drvcheck testsuite: XDP_TX sync of a page_pool address next to an ndo map (correct)");
MODULE_LICENSE("GPL");
