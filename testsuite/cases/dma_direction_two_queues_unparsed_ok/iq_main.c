// SPDX-License-Identifier: GPL-2.0
/*
 * iphase-style DMA list queues: the RX and the TX queue hold entries of
 * one type (struct iq_dle).  The RX path maps its entry DMA_FROM_DEVICE,
 * the TX path DMA_TO_DEVICE; each completion unmaps its own queue's entry
 * with the same direction.  The TX map sits in a function whose debug
 * macro takes a statement as its argument (IQ_TX(printk(...);), indented
 * with spaces among tab-indented lines, as iphase.c has it), which
 * Coccinelle cannot parse: it skips that function, and must not take the RX
 * map for the only one the TX release can undo.  Correct.  The macros live
 * in iq.h, as iphase's in iphase.h.
 *
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-double-unmap
 * drvcheck-case: unparsed cocci
 */
#include <linux/module.h>
#include <linux/netdevice.h>
#include <linux/dma-mapping.h>
#include "iq.h"

int iq_debug;

struct iq_dle {
	dma_addr_t sys_pkt_addr;
	u32 bytes;
};

struct iq_queue {
	struct iq_dle *start;
	struct iq_dle *write;
	struct iq_dle *read;
};

struct iq_dev {
	struct device *dev;
	struct iq_queue rx_dle_q;
	struct iq_queue tx_dle_q;
};

int iq_rx_pkt(struct iq_dev *iq, struct sk_buff *skb, u32 len);
void iq_rx_done(struct iq_dev *iq, u32 len);
int iq_pkt_tx(struct iq_dev *iq, struct sk_buff *skb, int desc);
void iq_tx_done(struct iq_dev *iq, struct sk_buff *skb);

int iq_rx_pkt(struct iq_dev *iq, struct sk_buff *skb, u32 len)
{
	struct iq_dle *wr_ptr = iq->rx_dle_q.write;

	wr_ptr->sys_pkt_addr = dma_map_single(iq->dev, skb->data, len,
					      DMA_FROM_DEVICE);
	if (dma_mapping_error(iq->dev, wr_ptr->sys_pkt_addr))
		return -ENOMEM;
	wr_ptr->bytes = len;
	return 0;
}
EXPORT_SYMBOL_GPL(iq_rx_pkt);

void iq_rx_done(struct iq_dev *iq, u32 len)
{
	dma_unmap_single(iq->dev, iq->rx_dle_q.write->sys_pkt_addr, len,
			 DMA_FROM_DEVICE);
}
EXPORT_SYMBOL_GPL(iq_rx_done);

int iq_pkt_tx(struct iq_dev *iq, struct sk_buff *skb, int desc)
{
	struct iq_dle *wr_ptr;

	if (desc < 0) {
		IQ_ERR(printk(IQ_LABEL "send desc:%d error\n", desc);)
		return -EINVAL;
	}
	wr_ptr = iq->tx_dle_q.write;
        IQ_TX(printk("Sent: skb = 0x%p skb->data: 0x%p len: %d\n",
                  skb, skb->data, skb->len);)
	wr_ptr->bytes = 0;
	wr_ptr->sys_pkt_addr = dma_map_single(iq->dev, skb->data, skb->len,
					      DMA_TO_DEVICE);
	if (dma_mapping_error(iq->dev, wr_ptr->sys_pkt_addr))
		return -ENOMEM;
	wr_ptr->bytes = skb->len;
	return 0;
}
EXPORT_SYMBOL_GPL(iq_pkt_tx);

void iq_tx_done(struct iq_dev *iq, struct sk_buff *skb)
{
	struct iq_dle *dle = iq->tx_dle_q.read;

	dma_unmap_single(iq->dev, dle->sys_pkt_addr, skb->len, DMA_TO_DEVICE);
	iq->tx_dle_q.read = dle + 1;
}
EXPORT_SYMBOL_GPL(iq_tx_done);

MODULE_DESCRIPTION("drvcheck testsuite: RX and TX queues of one entry type, TX map unparsed by spatch (correct)");
MODULE_LICENSE("GPL");
