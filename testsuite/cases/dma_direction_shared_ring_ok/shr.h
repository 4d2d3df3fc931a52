/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Part of the dma_direction_shared_ring_ok case (the declaration is in
 * shr_main.c): one ring entry type for the RX and the TX ring, as b44 and
 * fealnx have it, declared here where a no-includes Coccinelle run cannot
 * see the types of the ring pointers.
 */
#ifndef SHR_H
#define SHR_H

#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

#define SHR_RING	64
#define SHR_RX_BUF	1536

struct shr_ring_info {
	struct sk_buff *skb;
	DEFINE_DMA_UNMAP_ADDR(mapping);
};

struct shr {
	struct device *dev;
	struct shr_ring_info *rx_buffers;	/* SHR_RING entries each */
	struct shr_ring_info *tx_buffers;
	unsigned int rx_cons, tx_prod, tx_cons;
};

int shr_alloc_rx(struct shr *priv, unsigned int i);
struct sk_buff *shr_rx(struct shr *priv);
netdev_tx_t shr_start_xmit(struct shr *priv, struct sk_buff *skb);
void shr_tx_complete(struct shr *priv);

#endif
