// SPDX-License-Identifier: GPL-2.0
/*
 * Event buffer of a sensor hub: probe maps one long-lived receive buffer
 * of HUB_EVT_LEN (1536) bytes; the threaded interrupt handler syncs it for
 * the CPU with HUB_EVT_ALLOC (2048), the size the buffer was kmalloc'ed
 * with, before parsing it.  The sync covers 512 bytes that are not part of
 * the mapping.  Handle and sizes go through the private struct.
 *
 * drvcheck-case: positive dma-unmap-size
 * drvcheck-case: negative dma-direction dma-unmap-kind dma-mapping-error-unchecked
 * drvcheck-case: negative dma-double-unmap dma-map-stack dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/interrupt.h>
#include <linux/slab.h>
#include <linux/io.h>

#define HUB_REG_EVT_ADDR	0x00
#define HUB_REG_EVT_LEN		0x04
#define HUB_REG_EVT_COUNT	0x08
#define HUB_REG_IRQ_ACK		0x0c

#define HUB_EVT_LEN		1536	/* what the device may write */
#define HUB_EVT_ALLOC		2048	/* kmalloc bucket the buffer lives in */

struct hub_event {
	__le16 sensor;
	__le16 type;
	__le32 value;
	__le64 timestamp;
};

struct hub_priv {
	struct device *dev;
	void __iomem *regs;
	void *evt_buf;
	dma_addr_t evt_dma;
	u64 events;
};

static irqreturn_t hub_irq_thread(int irq, void *data)
{
	struct hub_priv *hub = data;
	const struct hub_event *ev = hub->evt_buf;
	u32 n, i;

	n = min_t(u32, readl(hub->regs + HUB_REG_EVT_COUNT),
		  HUB_EVT_LEN / sizeof(*ev));

	dma_sync_single_for_cpu(hub->dev, hub->evt_dma, HUB_EVT_ALLOC, DMA_FROM_DEVICE); /* expect: dma-unmap-size */
	for (i = 0; i < n; i++)
		dev_dbg(hub->dev, "sensor %u: %d\n", le16_to_cpu(ev[i].sensor),
			(s32)le32_to_cpu(ev[i].value));
	hub->events += n;
	dma_sync_single_for_device(hub->dev, hub->evt_dma, HUB_EVT_LEN,
				   DMA_FROM_DEVICE);

	writel(n, hub->regs + HUB_REG_IRQ_ACK);
	return IRQ_HANDLED;
}

static int hub_probe(struct platform_device *pdev)
{
	struct hub_priv *hub;
	int irq, ret;

	hub = devm_kzalloc(&pdev->dev, sizeof(*hub), GFP_KERNEL);
	if (!hub)
		return -ENOMEM;
	hub->dev = &pdev->dev;

	hub->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(hub->regs))
		return PTR_ERR(hub->regs);
	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;

	hub->evt_buf = devm_kzalloc(&pdev->dev, HUB_EVT_ALLOC, GFP_KERNEL);
	if (!hub->evt_buf)
		return -ENOMEM;

	hub->evt_dma = dma_map_single(hub->dev, hub->evt_buf, HUB_EVT_LEN,
				      DMA_FROM_DEVICE);
	if (dma_mapping_error(hub->dev, hub->evt_dma))
		return -ENOMEM;

	writel(lower_32_bits(hub->evt_dma), hub->regs + HUB_REG_EVT_ADDR);
	writel(HUB_EVT_LEN, hub->regs + HUB_REG_EVT_LEN);

	ret = devm_request_threaded_irq(&pdev->dev, irq, NULL, hub_irq_thread,
					IRQF_ONESHOT, dev_name(&pdev->dev), hub);
	if (ret) {
		dma_unmap_single(hub->dev, hub->evt_dma, HUB_EVT_LEN,
				 DMA_FROM_DEVICE);
		return ret;
	}

	platform_set_drvdata(pdev, hub);
	return 0;
}

static platform_remove_ret_t hub_remove(struct platform_device *pdev)
{
	struct hub_priv *hub = platform_get_drvdata(pdev);

	writel(0, hub->regs + HUB_REG_EVT_LEN);
	devm_free_irq(&pdev->dev, platform_get_irq(pdev, 0), hub);
	dma_unmap_single(hub->dev, hub->evt_dma, HUB_EVT_LEN, DMA_FROM_DEVICE);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id hub_of_match[] = {
	{ .compatible = "drvcheck,sensor-hub" },
	{ }
};
MODULE_DEVICE_TABLE(of, hub_of_match);

static struct platform_driver hub_driver = {
	.probe = hub_probe,
	.remove = hub_remove,
	.driver = {
		.name = "sensor-hub",
		.of_match_table = hub_of_match,
	},
};
module_platform_driver(hub_driver);

MODULE_DESCRIPTION("drvcheck testsuite: sync_for_cpu larger than the mapping");
MODULE_LICENSE("GPL");
