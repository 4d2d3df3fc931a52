// SPDX-License-Identifier: GPL-2.0
/*
 * A UART in the serial-tegra style sets up one DMA buffer per direction in
 * one function: a parameter says which.  The RX buffer is coherent memory
 * from dma_alloc_coherent(), the TX buffer the port's transmit buffer
 * mapped with dma_map_single(); both handles pass through one local.  The
 * RX branch then "syncs" its coherent buffer with
 * dma_sync_single_for_device(): a streaming call on coherent memory (on a
 * non-coherent arch it writes back and invalidates through the kernel's
 * cacheable alias of memory the CPU maps uncached).  The TX map is in the
 * other branch of the same parameter's test and is no candidate.
 *
 * drvcheck-case: positive dma-coherent-streaming-mix
 * drvcheck-case: negative dma-unmap-kind dma-unmap-size dma-direction
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/dma-mapping.h>

#define PF_RX_BUF_SIZE	4096
#define PF_TX_BUF_SIZE	4096

struct pf_port {
	struct device *dev;
	void *xmit_buf;
	void *rx_virt;
	dma_addr_t rx_phys;
	dma_addr_t tx_phys;
};

static int pf_dma_setup(struct pf_port *p, bool dma_to_memory)
{
	dma_addr_t dma_phys;
	void *buf;

	if (dma_to_memory) {
		buf = dma_alloc_coherent(p->dev, PF_RX_BUF_SIZE, &dma_phys,
					 GFP_KERNEL);
		if (!buf)
			return -ENOMEM;
		dma_sync_single_for_device(p->dev, dma_phys, PF_RX_BUF_SIZE, /* expect: dma-coherent-streaming-mix */
					   DMA_TO_DEVICE);
		p->rx_virt = buf;
		p->rx_phys = dma_phys;
	} else {
		dma_phys = dma_map_single(p->dev, p->xmit_buf, PF_TX_BUF_SIZE,
					  DMA_TO_DEVICE);
		if (dma_mapping_error(p->dev, dma_phys))
			return -ENOMEM;
		p->tx_phys = dma_phys;
	}
	return 0;
}

static void pf_dma_teardown(struct pf_port *p, bool dma_to_memory)
{
	if (dma_to_memory)
		dma_free_coherent(p->dev, PF_RX_BUF_SIZE, p->rx_virt, p->rx_phys);
	else
		dma_unmap_single(p->dev, p->tx_phys, PF_TX_BUF_SIZE,
				 DMA_TO_DEVICE);
}

static int pf_probe(struct platform_device *pdev)
{
	struct pf_port *p = devm_kzalloc(&pdev->dev, sizeof(*p), GFP_KERNEL);
	int ret;

	if (!p)
		return -ENOMEM;
	p->dev = &pdev->dev;
	p->xmit_buf = devm_kzalloc(&pdev->dev, PF_TX_BUF_SIZE, GFP_KERNEL);
	if (!p->xmit_buf)
		return -ENOMEM;
	ret = pf_dma_setup(p, true);
	if (ret)
		return ret;
	ret = pf_dma_setup(p, false);
	if (ret) {
		pf_dma_teardown(p, true);
		return ret;
	}
	platform_set_drvdata(pdev, p);
	return 0;
}

static platform_remove_ret_t pf_remove(struct platform_device *pdev)
{
	struct pf_port *p = platform_get_drvdata(pdev);

	pf_dma_teardown(p, false);
	pf_dma_teardown(p, true);
	return PLATFORM_REMOVE_OK;
}

static struct platform_driver pf_driver = {
	.probe = pf_probe,
	.remove = pf_remove,
	.driver = { .name = "pf-uart" },
};
module_platform_driver(pf_driver);

MODULE_DESCRIPTION("drvcheck testsuite: a parameter picks coherent or streaming memory for one local");
MODULE_LICENSE("GPL");
