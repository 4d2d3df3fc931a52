// SPDX-License-Identifier: GPL-2.0
/*
 * The same flash update as dma_double_free_reset_guard_ok.c with the reset
 * forgotten: a failed burst frees the coherent buffer and goes on, and the
 * exit path frees it again ("if (optrom)" still holds).  Reported at the
 * exit path's free.
 *
 * drvcheck-case: positive dma-double-unmap
 * drvcheck-case: negative dma-unmap-size dma-coherent-streaming-mix dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>

#define FX_BURST_BYTES	4096
#define FX_REG_DMA	0x08
#define FX_REG_STATUS	0x10

struct fx_flash {
	struct device *dev;
	void __iomem *regs;
};

int fx_write_flash(struct fx_flash *fl, const void *src);

int fx_write_flash(struct fx_flash *fl, const void *src)
{
	dma_addr_t optrom_dma;
	void *optrom;
	int ret = 0;

	optrom = dma_alloc_coherent(fl->dev, FX_BURST_BYTES, &optrom_dma,
				    GFP_KERNEL);
	if (optrom) {
		memcpy(optrom, src, FX_BURST_BYTES);
		writeq(optrom_dma, fl->regs + FX_REG_DMA);
		if (readl(fl->regs + FX_REG_STATUS)) {
			dma_free_coherent(fl->dev, FX_BURST_BYTES, optrom,
					  optrom_dma);
			ret = -EIO;
		}
	}
	if (optrom)
		dma_free_coherent(fl->dev, FX_BURST_BYTES, optrom, optrom_dma); /* expect: dma-double-unmap */
	return ret;
}
EXPORT_SYMBOL_GPL(fx_write_flash);

MODULE_DESCRIPTION("drvcheck testsuite: coherent buffer freed twice, no reset between");
MODULE_LICENSE("GPL");
