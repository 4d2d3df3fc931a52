// SPDX-License-Identifier: GPL-2.0
/*
 * Firmware command buffer of a platform Wi-Fi/BT combo chip, allocated with
 * dma_alloc_coherent() in probe.  The command path forgets that it already
 * has the bus address and maps the coherent CPU address again with
 * dma_map_single() for every command (unmapping it afterwards).  Coherent
 * memory given to a streaming map: reported at the map; the
 * dma_unmap_single() releases that streaming mapping with its own handle,
 * size and direction and is not reported.
 *
 * drvcheck-case: positive dma-coherent-streaming-mix
 * drvcheck-case: negative dma-unmap-size dma-direction dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap dma-map-stack
 */
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/mutex.h>
#include <linux/io.h>

#define WCMB_CMD_BUF_LEN	1024
#define WCMB_REG_CMD_ADDR	0x200
#define WCMB_REG_CMD_LEN	0x208
#define WCMB_REG_CMD_GO		0x20c
#define WCMB_REG_CMD_DONE	0x210

struct wcmb {
	struct device *dev;
	void __iomem *regs;
	struct mutex cmd_lock;
	void *cmd_buf;
	dma_addr_t cmd_buf_dma;
};

static int wcmb_send_cmd(struct wcmb *wc, const void *cmd, size_t len)
{
	dma_addr_t dma;
	u32 done;
	int ret;

	if (len > WCMB_CMD_BUF_LEN)
		return -EINVAL;

	mutex_lock(&wc->cmd_lock);
	memcpy(wc->cmd_buf, cmd, len);
	dma = dma_map_single(wc->dev, wc->cmd_buf, WCMB_CMD_BUF_LEN, DMA_TO_DEVICE); /* expect: dma-coherent-streaming-mix */
	if (dma_mapping_error(wc->dev, dma)) {
		ret = -ENOMEM;
		goto out;
	}
	writel(lower_32_bits(dma), wc->regs + WCMB_REG_CMD_ADDR);
	writel(len, wc->regs + WCMB_REG_CMD_LEN);
	writel(1, wc->regs + WCMB_REG_CMD_GO);
	ret = readl_poll_timeout(wc->regs + WCMB_REG_CMD_DONE, done, done, 20, 200000);
	dma_unmap_single(wc->dev, dma, WCMB_CMD_BUF_LEN, DMA_TO_DEVICE);
out:
	mutex_unlock(&wc->cmd_lock);
	return ret;
}

static int wcmb_probe(struct platform_device *pdev)
{
	static const u8 reset_cmd[] = { 0x01, 0x03, 0x0c, 0x00 };
	struct wcmb *wc;
	int ret;

	wc = devm_kzalloc(&pdev->dev, sizeof(*wc), GFP_KERNEL);
	if (!wc)
		return -ENOMEM;
	wc->dev = &pdev->dev;
	mutex_init(&wc->cmd_lock);
	wc->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(wc->regs))
		return PTR_ERR(wc->regs);
	ret = dma_set_mask_and_coherent(wc->dev, DMA_BIT_MASK(32));
	if (ret)
		return ret;

	wc->cmd_buf = dmam_alloc_coherent(wc->dev, WCMB_CMD_BUF_LEN,
					  &wc->cmd_buf_dma, GFP_KERNEL);
	if (!wc->cmd_buf)
		return -ENOMEM;

	ret = wcmb_send_cmd(wc, reset_cmd, sizeof(reset_cmd));
	if (ret)
		return dev_err_probe(wc->dev, ret, "firmware did not answer reset\n");
	platform_set_drvdata(pdev, wc);
	return 0;
}

static const struct of_device_id wcmb_of_match[] = {
	{ .compatible = "drvcheck,wcmb" },
	{ }
};
MODULE_DEVICE_TABLE(of, wcmb_of_match);

static struct platform_driver wcmb_driver = {
	.probe = wcmb_probe,
	.driver = {
		.name = "wcmb",
		.of_match_table = wcmb_of_match,
	},
};
module_platform_driver(wcmb_driver);

MODULE_DESCRIPTION("drvcheck testsuite: coherent CPU address passed to dma_map_single");
MODULE_LICENSE("GPL");
