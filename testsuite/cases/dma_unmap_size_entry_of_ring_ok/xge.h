/* SPDX-License-Identifier: GPL-2.0 */
/* Part of the dma_unmap_size_entry_of_ring_ok case: the types, in a header. */
#ifndef XGE_H
#define XGE_H

#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

#define XGE_NUM_DESC	256
#define XGE_STD_MTU	1536

struct xge_raw_desc {
	__le64 m0;
	__le64 m1;
};

/* one TX packet: a coherent bounce buffer of its own */
struct xge_pkt_info {
	struct sk_buff *skb;
	dma_addr_t dma_addr;
	void *pkt_buf;
};

/* the ring: its descriptors are coherent too, with a handle of the same name */
struct xge_desc_ring {
	struct xge_raw_desc *raw_desc;
	dma_addr_t dma_addr;
	u8 *desc_addr;
	struct xge_pkt_info (*pkt_info);	/* as xgene-v2 writes it */
	u16 head, tail;
};

#endif
