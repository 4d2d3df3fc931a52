// SPDX-License-Identifier: GPL-2.0
/*
 * qla2xxx-style flash update (qla24xx_write_flash_data): a coherent burst
 * buffer is allocated up front; when a burst write fails the loop frees it
 * and sets the CPU address to NULL so the rest goes word by word, and the
 * exit path frees it only under "if (optrom)".  The reset of the buffer
 * between the two releases ends it: no path frees it twice.  Correct.
 *
 * drvcheck-case: negative dma-double-unmap dma-unmap-size dma-coherent-streaming-mix
 * drvcheck-case: negative dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include <linux/dma-mapping.h>
#include <linux/io.h>

#define FW_BURST_BYTES	4096
#define FW_BURST_WORDS	(FW_BURST_BYTES / 4)
#define FW_REG_ADDR	0x00
#define FW_REG_DMA	0x08
#define FW_REG_DATA	0x10

struct fw_flash {
	struct device *dev;
	void __iomem *regs;
};

int fw_write_flash(struct fw_flash *fl, const u32 *src, unsigned int words);

static int fw_burst(struct fw_flash *fl, dma_addr_t dma, unsigned int addr)
{
	writel(addr, fl->regs + FW_REG_ADDR);
	writeq(dma, fl->regs + FW_REG_DMA);
	return readl(fl->regs + FW_REG_DATA) ? -EIO : 0;
}

int fw_write_flash(struct fw_flash *fl, const u32 *src, unsigned int words)
{
	dma_addr_t optrom_dma;
	void *optrom;
	unsigned int i;
	int ret = 0;

	optrom = dma_alloc_coherent(fl->dev, FW_BURST_BYTES, &optrom_dma,
				    GFP_KERNEL);
	for (i = 0; i < words; i++) {
		if (optrom && i % FW_BURST_WORDS == 0 &&
		    words - i >= FW_BURST_WORDS) {
			memcpy(optrom, src + i, FW_BURST_BYTES);
			ret = fw_burst(fl, optrom_dma, i);
			if (!ret) {
				i += FW_BURST_WORDS - 1;
				continue;
			}
			/* slow path from here on */
			dma_free_coherent(fl->dev, FW_BURST_BYTES, optrom,
					  optrom_dma);
			optrom = NULL;
		}
		writel(i, fl->regs + FW_REG_ADDR);
		writel(src[i], fl->regs + FW_REG_DATA);
	}
	if (optrom)
		dma_free_coherent(fl->dev, FW_BURST_BYTES, optrom, optrom_dma);
	return ret;
}
EXPORT_SYMBOL_GPL(fw_write_flash);

MODULE_DESCRIPTION("drvcheck testsuite: coherent buffer freed, reset, freed under a guard (correct)");
MODULE_LICENSE("GPL");
