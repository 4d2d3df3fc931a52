// SPDX-License-Identifier: GPL-2.0
/*
 * Old PCI NIC drivers (fealnx, yellowfin) keep alternative code under
 * macros the file itself sets: "#define one_buffer" then
 * "#if defined(one_buffer) ... #elif defined(two_buffer)", or
 * "#define NO_TXSTATS" then "#ifdef NO_TXSTATS ... #else".  The other
 * branch is never compiled, so its unchecked map is no finding; the live
 * branches test their maps.  Correct (docs/engines.md: spatch parses every
 * branch, drvcheck drops findings in branches the file provably disables).
 *
 * drvcheck-case: negative dma-mapping-error-unchecked dma-unmap-size dma-direction
 * drvcheck-case: negative dma-double-unmap dma-unmap-kind
 */
#include <linux/module.h>
#include <linux/dma-mapping.h>
#include <linux/skbuff.h>

struct db_desc {
	__le32 buffer;
	__le32 buffer2;
	__le32 control;
	dma_addr_t map, map2;	/* the driver's copies, for the unmap */
};

int db_refill(struct device *dev, struct db_desc *d, struct sk_buff *skb);
int db_xmit(struct device *dev, struct db_desc *d, struct sk_buff *skb);

#define one_buffer
int db_refill(struct device *dev, struct db_desc *d, struct sk_buff *skb)
{
	dma_addr_t a;
#if defined(one_buffer)
	a = dma_map_single(dev, skb->data, skb->len, DMA_FROM_DEVICE);
	if (dma_mapping_error(dev, a))
		return -ENOMEM;
	d->buffer = cpu_to_le32(a);
#elif defined(two_buffer)
	d->map = dma_map_single(dev, skb->data, skb_headlen(skb), DMA_FROM_DEVICE);
	d->buffer = cpu_to_le32(d->map);
	d->map2 = dma_map_single(dev, skb->data + 1536, 1536, DMA_FROM_DEVICE);
	d->buffer2 = cpu_to_le32(d->map2);
#endif
	d->control = cpu_to_le32(skb->len);
	return 0;
}
EXPORT_SYMBOL_GPL(db_refill);

#define NO_TXSTATS
int db_xmit(struct device *dev, struct db_desc *d, struct sk_buff *skb)
{
	dma_addr_t a;
#ifdef NO_TXSTATS
	a = dma_map_single(dev, skb->data, skb->len, DMA_TO_DEVICE);
	if (dma_mapping_error(dev, a))
		return -ENOMEM;
	d->buffer = cpu_to_le32(a);
#else
	d->map = dma_map_single(dev, skb->data, skb->len, DMA_TO_DEVICE);
	d->buffer = cpu_to_le32(d->map);
	d->buffer2 = 0;
#endif
	d->control = cpu_to_le32(skb->len);
	return 0;
}
EXPORT_SYMBOL_GPL(db_xmit);

MODULE_DESCRIPTION("drvcheck testsuite: unchecked maps only in branches the file disables (correct)");
MODULE_LICENSE("GPL");
