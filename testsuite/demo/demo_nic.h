/* SPDX-License-Identifier: GPL-2.0 */
/*
 * demo_nic: shared definitions of the two translation units of the demo
 * PCI NIC (demo_nic_main.c: probe, rings, xmit; demo_nic_ring.c: NAPI,
 * TX completion, RX).
 */
#ifndef DEMO_NIC_H
#define DEMO_NIC_H

#include <linux/bits.h>
#include <linux/dma-mapping.h>
#include <linux/netdevice.h>
#include <linux/pci.h>
#include <linux/skbuff.h>

#define DEMO_NIC_NAME		"demo_nic"

#define DEMO_NIC_TX_RING_SIZE	256
#define DEMO_NIC_RX_RING_SIZE	256
/* what the hardware may write into one RX buffer */
#define DEMO_NIC_RX_BUF_LEN	1536
/* what the driver allocates per RX buffer */
#define DEMO_NIC_RX_BUF_SIZE	2048
/* frames up to this size are copied, the buffer stays in the ring */
#define DEMO_NIC_COPYBREAK	256

/* BAR 0 registers */
#define DEMO_REG_CTRL		0x00
#define DEMO_REG_STATUS		0x04
#define DEMO_REG_IRQ_MASK	0x08
#define DEMO_REG_IRQ_STATUS	0x0c
#define DEMO_REG_TX_BASE_LO	0x10
#define DEMO_REG_TX_BASE_HI	0x14
#define DEMO_REG_TX_TAIL	0x18
#define DEMO_REG_RX_BASE_LO	0x20
#define DEMO_REG_RX_BASE_HI	0x24
#define DEMO_REG_RX_TAIL	0x28
#define DEMO_REG_RING_SIZE	0x30

#define DEMO_CTRL_RESET		BIT(0)
#define DEMO_CTRL_TX_EN		BIT(1)
#define DEMO_CTRL_RX_EN		BIT(2)

#define DEMO_IRQ_TX		BIT(0)
#define DEMO_IRQ_RX		BIT(1)
#define DEMO_IRQ_ALL		(DEMO_IRQ_TX | DEMO_IRQ_RX)

/* descriptor, shared with the device (coherent memory) */
struct demo_desc {
	__le64 addr;
	__le16 len;
	__le16 flags;
	__le32 status;
};

#define DEMO_DESC_F_EOP		BIT(0)
#define DEMO_DESC_S_DONE	BIT(0)
#define DEMO_DESC_S_ERR		BIT(1)

struct demo_tx_frag {
	dma_addr_t dma;
	unsigned int len;
};

/* one per packet, at the index of its first descriptor */
struct demo_tx_buf {
	struct sk_buff *skb;
	DEFINE_DMA_UNMAP_ADDR(dma);		/* the linear part */
	DEFINE_DMA_UNMAP_LEN(len);
	unsigned int nr_frags;
	struct demo_tx_frag frags[MAX_SKB_FRAGS];
};

struct demo_rx_buf {
	struct sk_buff *skb;
	dma_addr_t dma;
};

struct demo_tx_ring {
	struct demo_desc *desc;
	dma_addr_t desc_dma;
	size_t desc_bytes;
	struct demo_tx_buf *buf;
	unsigned int next_to_use;
	unsigned int next_to_clean;
};

struct demo_rx_ring {
	struct demo_desc *desc;
	dma_addr_t desc_dma;
	size_t desc_bytes;
	struct demo_rx_buf *buf;
	unsigned int next_to_use;
	unsigned int next_to_clean;
	unsigned int posted;
};

struct demo_nic {
	struct pci_dev *pdev;
	struct net_device *ndev;
	void __iomem *regs;
	struct napi_struct napi;
	struct demo_tx_ring tx;
	struct demo_rx_ring rx;
};

static inline unsigned int demo_nic_next(unsigned int i, unsigned int size)
{
	return i + 1 == size ? 0 : i + 1;
}

/* demo_nic_ring.c */
int demo_nic_napi_poll(struct napi_struct *napi, int budget);
void demo_nic_refill_rx(struct demo_nic *nic);

#endif /* DEMO_NIC_H */
