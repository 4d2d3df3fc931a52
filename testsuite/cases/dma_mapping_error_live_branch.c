// SPDX-License-Identifier: GPL-2.0
/*
 * The companion of dma_mapping_error_dead_branch_ok.c: unchecked maps in
 * preprocessor branches that are compiled.  One sits in "#ifdef
 * one_buffer" after the file's "#define one_buffer"; the other in
 * "#ifndef DB_HW_CSUM", a macro the file never sets (it could come from
 * the command line, so the branch counts as live).  Both are reported.
 *
 * drvcheck-case: positive dma-mapping-error-unchecked
 * drvcheck-case: negative dma-unmap-size dma-direction dma-double-unmap dma-unmap-kind
 */
#include <linux/module.h>
#include <linux/dma-mapping.h>
#include <linux/skbuff.h>

struct dl_desc {
	__le32 buffer;
	__le32 control;
	dma_addr_t map;		/* the driver's copy, for the unmap */
};

int dl_refill(struct device *dev, struct dl_desc *d, struct sk_buff *skb);
int dl_xmit(struct device *dev, struct dl_desc *d, struct sk_buff *skb);

#define one_buffer
int dl_refill(struct device *dev, struct dl_desc *d, struct sk_buff *skb)
{
	dma_addr_t a;
#ifdef one_buffer
	a = dma_map_single(dev, skb->data, skb->len, DMA_FROM_DEVICE); /* expect: dma-mapping-error-unchecked */
	d->buffer = cpu_to_le32(a);
#else
	d->map = dma_map_single(dev, skb->data, skb->len, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, d->map))
		return -ENOMEM;
	d->buffer = cpu_to_le32(d->map);
#endif
	d->control = cpu_to_le32(skb->len);
	return 0;
}
EXPORT_SYMBOL_GPL(dl_refill);

int dl_xmit(struct device *dev, struct dl_desc *d, struct sk_buff *skb)
{
	dma_addr_t a;
#ifndef DB_HW_CSUM
	a = dma_map_single(dev, skb->data, skb->len, DMA_TO_DEVICE); /* expect: dma-mapping-error-unchecked */
	d->buffer = cpu_to_le32(a);
#endif
	d->control = cpu_to_le32(skb->len);
	return 0;
}
EXPORT_SYMBOL_GPL(dl_xmit);

MODULE_DESCRIPTION("drvcheck testsuite: unchecked maps in compiled preprocessor branches");
MODULE_LICENSE("GPL");
