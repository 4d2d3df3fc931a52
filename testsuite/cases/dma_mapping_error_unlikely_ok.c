// SPDX-License-Identifier: GPL-2.0
/*
 * SPI controller on a platform bus doing DMA for long transfers: the TX
 * buffer is mapped DMA_TO_DEVICE and the RX buffer DMA_FROM_DEVICE, each
 * tested with "if (unlikely(dma_mapping_error(...)))" before use, and the
 * error path unwinds what was mapped.  Correct.
 *
 * drvcheck-case: negative dma-mapping-error-unchecked dma-unmap-size dma-direction
 * drvcheck-case: negative dma-unmap-kind dma-double-unmap dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/spi/spi.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/io.h>

#define XSPI_REG_TX_ADDR	0x20
#define XSPI_REG_RX_ADDR	0x28
#define XSPI_REG_LEN		0x30
#define XSPI_REG_GO		0x34
#define XSPI_REG_STAT		0x38
#define  XSPI_STAT_DONE		BIT(0)

struct xspi {
	struct device *dev;
	void __iomem *regs;
};

static int xspi_transfer_one(struct spi_controller *ctlr, struct spi_device *spi,
			     struct spi_transfer *xfer)
{
	struct xspi *xs = spi_controller_get_devdata(ctlr);
	dma_addr_t tx = 0, rx = 0;
	u32 st;
	int ret;

	if (xfer->tx_buf) {
		tx = dma_map_single(xs->dev, (void *)xfer->tx_buf, xfer->len,
				    DMA_TO_DEVICE);
		if (unlikely(dma_mapping_error(xs->dev, tx)))
			return -ENOMEM;
	}
	if (xfer->rx_buf) {
		rx = dma_map_single(xs->dev, xfer->rx_buf, xfer->len,
				    DMA_FROM_DEVICE);
		if (unlikely(dma_mapping_error(xs->dev, rx))) {
			ret = -ENOMEM;
			goto unmap_tx;
		}
	}

	writeq(tx, xs->regs + XSPI_REG_TX_ADDR);
	writeq(rx, xs->regs + XSPI_REG_RX_ADDR);
	writel(xfer->len, xs->regs + XSPI_REG_LEN);
	writel(1, xs->regs + XSPI_REG_GO);
	ret = readl_poll_timeout(xs->regs + XSPI_REG_STAT, st,
				 st & XSPI_STAT_DONE, 1, 100000);

	if (xfer->rx_buf)
		dma_unmap_single(xs->dev, rx, xfer->len, DMA_FROM_DEVICE);
unmap_tx:
	if (xfer->tx_buf)
		dma_unmap_single(xs->dev, tx, xfer->len, DMA_TO_DEVICE);
	return ret;
}

static int xspi_probe(struct platform_device *pdev)
{
	struct spi_controller *ctlr;
	struct xspi *xs;

	ctlr = devm_spi_alloc_master(&pdev->dev, sizeof(*xs));
	if (!ctlr)
		return -ENOMEM;
	xs = spi_controller_get_devdata(ctlr);
	xs->dev = &pdev->dev;
	xs->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(xs->regs))
		return PTR_ERR(xs->regs);

	ctlr->dev.of_node = pdev->dev.of_node;
	ctlr->bus_num = -1;
	ctlr->num_chipselect = 1;
	ctlr->mode_bits = SPI_CPOL | SPI_CPHA;
	ctlr->transfer_one = xspi_transfer_one;
	platform_set_drvdata(pdev, ctlr);
	return devm_spi_register_controller(&pdev->dev, ctlr);
}

static const struct of_device_id xspi_of_match[] = {
	{ .compatible = "drvcheck,xspi" },
	{ }
};
MODULE_DEVICE_TABLE(of, xspi_of_match);

static struct platform_driver xspi_driver = {
	.probe = xspi_probe,
	.driver = {
		.name = "xspi",
		.of_match_table = xspi_of_match,
	},
};
module_platform_driver(xspi_driver);

MODULE_DESCRIPTION("drvcheck testsuite: if (unlikely(dma_mapping_error())) (correct)");
MODULE_LICENSE("GPL");
