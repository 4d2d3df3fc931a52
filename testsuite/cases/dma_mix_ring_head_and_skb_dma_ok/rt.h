/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Part of the dma_mix_ring_head_and_skb_dma_ok case (the declaration is in
 * rt_main.c): the ring and per-skb structs, declared out of sight of a
 * no-includes Coccinelle run, as rtw88's pci.h does.
 */
#ifndef RT_H
#define RT_H

#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

struct rt_buf_desc {
	__le16 buf_size;
	__le16 psb_len;
	__le32 dma;
};

struct rt_ring {
	u8 *head;
	dma_addr_t dma;
	u32 len;
	u8 desc_size;
	u32 wp;
};

struct rt_tx_ring {
	struct rt_ring r;
	struct sk_buff_head queue;
};

struct rt_tx_data {
	dma_addr_t dma;
	u8 sn;
};

struct rt_dev {
	struct device *dev;
	struct rt_tx_ring tx_ring;
};

static inline struct rt_tx_data *rt_get_tx_data(struct sk_buff *skb)
{
	return (struct rt_tx_data *)skb->cb;
}

#endif
