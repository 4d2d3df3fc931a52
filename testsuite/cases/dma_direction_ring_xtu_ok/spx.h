/* SPDX-License-Identifier: GPL-2.0 */
#ifndef SPX_H
#define SPX_H
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>

#define SPX_TX_NUM	16
#define SPX_RX_NUM	16
#define SPX_RX_BUF	1536

struct spx_skb_info {
	struct sk_buff *skb;
	dma_addr_t mapping;
	u32 len;
};

struct spx_common {
	struct device *dev;
	struct spx_skb_info *rx_skb_info;
	struct spx_skb_info tx_temp_skb_info[SPX_TX_NUM];
	unsigned int tx_pos;
};

int spx_rx_init(struct spx_common *comm);
void spx_tx_clean(struct spx_common *comm);
netdev_tx_t spx_xmit(struct sk_buff *skb, struct spx_common *comm);
#endif
