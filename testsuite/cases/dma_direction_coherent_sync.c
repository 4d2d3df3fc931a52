// SPDX-License-Identifier: GPL-2.0
/*
 * UART with DMA in the serial-tegra style: one setup helper serves both
 * channels, and its local handle is the RX ring's dma_alloc_coherent()
 * buffer on one branch and the TX buffer's DMA_TO_DEVICE mapping on the
 * other.  Only the coherent RX buffer goes to rx_buf_dma, which the RX
 * path syncs DMA_FROM_DEVICE.  No mapping's direction is involved, so
 * that is no dma-direction finding; syncing coherent memory is the bug
 * (dma-coherent-streaming-mix).  Sparse and cocci join the local's two
 * sources path-insensitively, so the sync may also be of the mapping:
 * they leave it (known misses); the analyzer follows each branch.
 *
 * drvcheck-case: positive dma-coherent-streaming-mix
 * drvcheck-case: negative dma-direction dma-unmap-size dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>

#define XU_RX_SIZE	4096
#define XU_TX_SIZE	4096

struct xuart {
	struct device *dev;
	void *rx_buf;
	dma_addr_t rx_buf_dma;
	void *tx_buf;
	dma_addr_t tx_buf_dma;
	u8 *tty_buf;
};

static int xuart_dma_init(struct xuart *xu, bool rx)
{
	dma_addr_t dma;
	void *buf;

	if (rx) {
		buf = dma_alloc_coherent(xu->dev, XU_RX_SIZE, &dma, GFP_KERNEL);
		if (!buf)
			return -ENOMEM;
		xu->rx_buf = buf;
		xu->rx_buf_dma = dma;
	} else {
		dma = dma_map_single(xu->dev, xu->tx_buf, XU_TX_SIZE, DMA_TO_DEVICE);
		if (dma_mapping_error(xu->dev, dma))
			return -ENOMEM;
		xu->tx_buf_dma = dma;
	}
	return 0;
}

static void xuart_dma_free(struct xuart *xu, bool rx)
{
	if (rx)
		dma_free_coherent(xu->dev, XU_RX_SIZE, xu->rx_buf, xu->rx_buf_dma);
	else
		dma_unmap_single(xu->dev, xu->tx_buf_dma, XU_TX_SIZE, DMA_TO_DEVICE);
}

static void xuart_copy_rx(struct xuart *xu, unsigned int count)
{
	dma_sync_single_for_cpu(xu->dev, xu->rx_buf_dma, count, DMA_FROM_DEVICE); /* expect(!cocci,sparse): dma-coherent-streaming-mix */
	memcpy(xu->tty_buf, xu->rx_buf, min_t(unsigned int, count, XU_RX_SIZE));
	dma_sync_single_for_device(xu->dev, xu->rx_buf_dma, count, DMA_FROM_DEVICE); /* expect(!cocci,sparse): dma-coherent-streaming-mix */
}

static int xuart_probe(struct platform_device *pdev)
{
	struct xuart *xu;
	int ret;

	xu = devm_kzalloc(&pdev->dev, sizeof(*xu), GFP_KERNEL);
	if (!xu)
		return -ENOMEM;
	xu->dev = &pdev->dev;
	xu->tx_buf = devm_kzalloc(&pdev->dev, XU_TX_SIZE, GFP_KERNEL);
	xu->tty_buf = devm_kzalloc(&pdev->dev, XU_RX_SIZE, GFP_KERNEL);
	if (!xu->tx_buf || !xu->tty_buf)
		return -ENOMEM;
	ret = xuart_dma_init(xu, true);
	if (ret)
		return ret;
	ret = xuart_dma_init(xu, false);
	if (ret) {
		xuart_dma_free(xu, true);
		return ret;
	}
	xuart_copy_rx(xu, 16);
	platform_set_drvdata(pdev, xu);
	return 0;
}

static platform_remove_ret_t xuart_remove(struct platform_device *pdev)
{
	struct xuart *xu = platform_get_drvdata(pdev);

	xuart_dma_free(xu, false);
	xuart_dma_free(xu, true);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id xuart_of_match[] = {
	{ .compatible = "example,xuart" },
	{ }
};
MODULE_DEVICE_TABLE(of, xuart_of_match);

static struct platform_driver xuart_driver = {
	.probe	= xuart_probe,
	.remove	= xuart_remove,
	.driver	= { .name = "xuart", .of_match_table = xuart_of_match },
};
module_platform_driver(xuart_driver);
MODULE_LICENSE("GPL");
