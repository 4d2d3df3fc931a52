// SPDX-License-Identifier: GPL-2.0
/*
 * demo_nic, part 2 of 2: NAPI poll, TX completion, RX receive and refill.
 * Buffers are mapped in demo_nic_main.c (TX) and here (RX).
 *
 * Planted bugs (what `drvcheck scan testsuite/demo` should find here):
 *   dma-unmap-kind               demo_nic_clean_tx: frags mapped with
 *                                skb_frag_dma_map() in demo_nic_xmit()
 *                                (demo_nic_main.c) are released with
 *                                dma_unmap_single()
 *   dma-unmap-size               demo_nic_clean_rx: RX buffers mapped with
 *                                DEMO_NIC_RX_BUF_LEN (1536) are unmapped with
 *                                DEMO_NIC_RX_BUF_SIZE (2048), the allocation
 *                                size
 *   dma-mapping-error-unchecked  demo_nic_refill_rx: the RX buffer handle
 *                                goes into the descriptor untested
 *
 * Correct on purpose: the linear part unmapped through dma_unmap_addr() /
 * dma_unmap_len(), the copybreak path's sync_for_cpu / sync_for_device
 * pair with the map direction, dma_rmb()/dma_wmb() on the coherent rings.
 */
#include <linux/etherdevice.h>
#include <linux/io.h>

#include "demo_nic.h"

static void demo_nic_clean_tx(struct demo_nic *nic, int budget)
{
	struct device *dev = &nic->pdev->dev;
	struct demo_tx_ring *tx = &nic->tx;
	unsigned int pkts = 0, bytes = 0;

	while (tx->next_to_clean != tx->next_to_use) {
		unsigned int idx = tx->next_to_clean;
		struct demo_tx_buf *buf = &tx->buf[idx];
		unsigned int last, f;

		last = (idx + buf->nr_frags) & (DEMO_NIC_TX_RING_SIZE - 1);
		if (!(le32_to_cpu(READ_ONCE(tx->desc[last].status)) &
		      DEMO_DESC_S_DONE))
			break;
		dma_rmb();

		dma_unmap_single(dev, dma_unmap_addr(buf, dma),
				 dma_unmap_len(buf, len), DMA_TO_DEVICE);
		for (f = 0; f < buf->nr_frags; f++)
			dma_unmap_single(dev, buf->frags[f].dma,
					 buf->frags[f].len, DMA_TO_DEVICE);

		pkts++;
		bytes += buf->skb->len;
		napi_consume_skb(buf->skb, budget);
		buf->skb = NULL;
		buf->nr_frags = 0;
		tx->next_to_clean = demo_nic_next(last, DEMO_NIC_TX_RING_SIZE);
	}

	nic->ndev->stats.tx_packets += pkts;
	nic->ndev->stats.tx_bytes += bytes;
	if (pkts && netif_queue_stopped(nic->ndev))
		netif_wake_queue(nic->ndev);
}

void demo_nic_refill_rx(struct demo_nic *nic)
{
	struct device *dev = &nic->pdev->dev;
	struct demo_rx_ring *rx = &nic->rx;
	unsigned int posted = 0;

	while (rx->posted < DEMO_NIC_RX_RING_SIZE - 1) {
		unsigned int i = rx->next_to_use;
		struct demo_rx_buf *buf = &rx->buf[i];
		struct demo_desc *desc = &rx->desc[i];

		if (!buf->skb) {
			struct sk_buff *skb;

			skb = netdev_alloc_skb_ip_align(nic->ndev,
							DEMO_NIC_RX_BUF_SIZE);
			if (!skb)
				break;
			buf->dma = dma_map_single(dev, skb->data,
						  DEMO_NIC_RX_BUF_LEN,
						  DMA_FROM_DEVICE);
			buf->skb = skb;
		}
		desc->addr = cpu_to_le64(buf->dma);
		desc->len = cpu_to_le16(DEMO_NIC_RX_BUF_LEN);
		desc->flags = 0;
		desc->status = 0;

		rx->next_to_use = demo_nic_next(i, DEMO_NIC_RX_RING_SIZE);
		rx->posted++;
		posted++;
	}

	if (posted) {
		/* descriptors are coherent: order them before the doorbell */
		dma_wmb();
		writel(rx->next_to_use, nic->regs + DEMO_REG_RX_TAIL);
	}
}

static int demo_nic_clean_rx(struct demo_nic *nic, int budget)
{
	struct device *dev = &nic->pdev->dev;
	struct demo_rx_ring *rx = &nic->rx;
	int done = 0;

	while (done < budget && rx->posted) {
		unsigned int i = rx->next_to_clean;
		struct demo_desc *desc = &rx->desc[i];
		struct demo_rx_buf *buf = &rx->buf[i];
		struct sk_buff *skb;
		unsigned int len;
		u32 status;

		status = le32_to_cpu(READ_ONCE(desc->status));
		if (!(status & DEMO_DESC_S_DONE))
			break;
		dma_rmb();

		rx->next_to_clean = demo_nic_next(i, DEMO_NIC_RX_RING_SIZE);
		rx->posted--;
		done++;

		len = le16_to_cpu(desc->len);
		if ((status & DEMO_DESC_S_ERR) || len > DEMO_NIC_RX_BUF_LEN) {
			/* keep the buffer mapped: refill posts it again */
			nic->ndev->stats.rx_errors++;
			continue;
		}

		if (len <= DEMO_NIC_COPYBREAK) {
			skb = napi_alloc_skb(&nic->napi, len);
			if (!skb) {
				nic->ndev->stats.rx_dropped++;
				continue;
			}
			dma_sync_single_for_cpu(dev, buf->dma, len,
						DMA_FROM_DEVICE);
			skb_put_data(skb, buf->skb->data, len);
			dma_sync_single_for_device(dev, buf->dma, len,
						   DMA_FROM_DEVICE);
		} else {
			skb = buf->skb;
			buf->skb = NULL;
			dma_unmap_single(dev, buf->dma, DEMO_NIC_RX_BUF_SIZE,
					 DMA_FROM_DEVICE);
			skb_put(skb, len);
		}

		skb->protocol = eth_type_trans(skb, nic->ndev);
		nic->ndev->stats.rx_packets++;
		nic->ndev->stats.rx_bytes += len;
		napi_gro_receive(&nic->napi, skb);
	}

	demo_nic_refill_rx(nic);
	return done;
}

int demo_nic_napi_poll(struct napi_struct *napi, int budget)
{
	struct demo_nic *nic = container_of(napi, struct demo_nic, napi);
	int done;

	demo_nic_clean_tx(nic, budget);
	done = demo_nic_clean_rx(nic, budget);

	if (done < budget && napi_complete_done(napi, done))
		writel(DEMO_IRQ_ALL, nic->regs + DEMO_REG_IRQ_MASK);
	return done;
}
