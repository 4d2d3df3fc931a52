// SPDX-License-Identifier: GPL-2.0
/*
 * fec-style RX refill (fec_enet_new_rxbdp): the handle goes straight into
 * the descriptor through the byte-order conversion,
 * "bdp->cbd_bufaddr = cpu_to_le32(dma_map_single(...))", and is tested
 * through the stored copy, "dma_mapping_error(dev,
 * le32_to_cpu(bdp->cbd_bufaddr))".  Correct.  (The unchecked form, a
 * converted handle stored and never tested, is dma_mapping_error_desc.c.)
 *
 * drvcheck-case: negative dma-mapping-error-unchecked dma-unmap-size dma-direction
 * drvcheck-case: negative dma-double-unmap dma-unmap-kind
 */
#include <linux/module.h>
#include <linux/dma-mapping.h>
#include <linux/skbuff.h>

#define CF_RX_FRSIZE	2048

struct cf_bufdesc {
	__le32 cbd_bufaddr;
	__le16 cbd_sc;
};

int cf_new_rxbdp(struct device *dev, struct cf_bufdesc *bdp,
		 struct sk_buff *skb);

int cf_new_rxbdp(struct device *dev, struct cf_bufdesc *bdp,
		 struct sk_buff *skb)
{
	/*
	 * sparse does not yet see the test through the converted copy; clang
	 * takes the store to the __le32 field for the descriptor reaching the
	 * device, though nothing hands it over before the test
	 */
	bdp->cbd_bufaddr = cpu_to_le32(dma_map_single(dev, skb->data, CF_RX_FRSIZE, DMA_FROM_DEVICE)); /* wrong(sparse,clang): dma-mapping-error-unchecked */
	if (dma_mapping_error(dev, le32_to_cpu(bdp->cbd_bufaddr)))
		return -ENOMEM;
	bdp->cbd_sc = cpu_to_le16(1);
	return 0;
}
EXPORT_SYMBOL_GPL(cf_new_rxbdp);

MODULE_DESCRIPTION("drvcheck testsuite: handle tested through its converted descriptor copy (correct)");
MODULE_LICENSE("GPL");
