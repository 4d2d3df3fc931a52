/* SPDX-License-Identifier: GPL-2.0 */
/*
 * Part of the dma_unmap_size_xtu case (the declaration is in fooeth_rx.c):
 * the RX ring shared by fooeth_main.c (ring setup, buffer refill: the maps)
 * and fooeth_rx.c (NAPI receive: the unmaps).
 */
#ifndef FOOETH_H
#define FOOETH_H

#include <linux/netdevice.h>
#include <linux/dma-mapping.h>
#include <linux/pci.h>

#define FOOETH_RX_RING		256
#define FOOETH_RX_BUF_LEN	2048	/* every RX buffer is mapped with this */
#define FOOETH_MAX_FRAME	1536	/* largest frame the MAC accepts */

#define FOOETH_REG_RX_BASE_LO	0x100
#define FOOETH_REG_RX_BASE_HI	0x104
#define FOOETH_REG_RX_TAIL	0x108
#define FOOETH_REG_IMR		0x110
#define FOOETH_REG_ISR		0x114
#define  FOOETH_IRQ_RX		BIT(0)

struct fooeth_rx_desc {
	__le64 addr;
	__le16 len;
	__le16 status;
#define FOOETH_RXD_DONE		BIT(0)
	__le32 rsvd;
};

struct fooeth_rx_buf {
	struct sk_buff *skb;
	dma_addr_t dma;
};

struct fooeth_priv {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *hw;
	struct napi_struct napi;
	struct fooeth_rx_desc *rxd;
	dma_addr_t rxd_dma;
	struct fooeth_rx_buf rx_buf[FOOETH_RX_RING];
	unsigned int rx_next;		/* next descriptor to receive */
	unsigned int rx_fill;		/* next descriptor to refill */
};

/* fooeth_main.c */
int fooeth_alloc_rx_buffers(struct fooeth_priv *priv);

/* fooeth_rx.c */
int fooeth_poll(struct napi_struct *napi, int budget);

#endif /* FOOETH_H */
