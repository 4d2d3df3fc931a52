// SPDX-License-Identifier: GPL-2.0
/*
 * Command/response engine of a platform accelerator.  Every unmap and free
 * uses a size that is the same as the map's, but spelled differently:
 * sizeof(struct) vs sizeof(*ptr), a macro vs the constant it expands to,
 * a product of macros vs the sizeof of the array it sizes, and the same
 * local variable (not reassigned in between) on both sides.  Correct.
 *
 * drvcheck-case: negative dma-unmap-size dma-direction dma-unmap-kind
 * drvcheck-case: negative dma-mapping-error-unchecked dma-double-unmap
 * drvcheck-case: negative dma-coherent-streaming-mix dma-map-stack
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/dma-mapping.h>
#include <linux/iopoll.h>
#include <linux/slab.h>
#include <linux/io.h>
#include "unaligned_compat.h"

#define ACC_REG_CMD_ADDR	0x00
#define ACC_REG_RSP_ADDR	0x08
#define ACC_REG_DATA_ADDR	0x10
#define ACC_REG_DATA_LEN	0x18
#define ACC_REG_QUEUE_BASE	0x20
#define ACC_REG_DOORBELL	0x28
#define ACC_REG_STATUS		0x2c
#define  ACC_STATUS_IDLE	BIT(0)

#define ACC_RSP_LEN		64
#define ACC_QUEUE_DEPTH		32
#define ACC_QUEUE_ENTRY		16
#define ACC_QUEUE_BYTES		(ACC_QUEUE_DEPTH * ACC_QUEUE_ENTRY)

struct acc_cmd {
	__le32 opcode;
	__le32 flags;
	__le64 src;
	__le64 dst;
	__le32 len;
	__le32 tag;
};

struct acc_queue_entry {
	__le64 cookie;
	__le32 status;
	__le32 len;
};

struct acc_priv {
	struct device *dev;
	void __iomem *regs;
	struct acc_queue_entry *queue;	/* ACC_QUEUE_DEPTH entries */
	dma_addr_t queue_dma;
};

static int acc_wait_idle(struct acc_priv *acc)
{
	u32 st;

	return readl_poll_timeout(acc->regs + ACC_REG_STATUS, st,
				  st & ACC_STATUS_IDLE, 10, 100000);
}

/* sizeof(struct acc_cmd) vs sizeof(*cmd); ACC_RSP_LEN vs 64 */
static int acc_exec(struct acc_priv *acc, struct acc_cmd *cmd, u8 *rsp)
{
	dma_addr_t cmd_dma, rsp_dma;
	int ret;

	cmd_dma = dma_map_single(acc->dev, cmd, sizeof(struct acc_cmd),
				 DMA_TO_DEVICE);
	if (dma_mapping_error(acc->dev, cmd_dma))
		return -ENOMEM;
	rsp_dma = dma_map_single(acc->dev, rsp, ACC_RSP_LEN, DMA_FROM_DEVICE);
	if (dma_mapping_error(acc->dev, rsp_dma)) {
		ret = -ENOMEM;
		goto out_unmap_cmd;
	}

	writeq(cmd_dma, acc->regs + ACC_REG_CMD_ADDR);
	writeq(rsp_dma, acc->regs + ACC_REG_RSP_ADDR);
	writel(1, acc->regs + ACC_REG_DOORBELL);
	ret = acc_wait_idle(acc);

	dma_unmap_single(acc->dev, rsp_dma, 64, DMA_FROM_DEVICE);
out_unmap_cmd:
	dma_unmap_single(acc->dev, cmd_dma, sizeof(*cmd), DMA_TO_DEVICE);
	return ret;
}

/* the same local on both sides */
static int acc_load_data(struct acc_priv *acc, const void *data, size_t len)
{
	dma_addr_t dma;
	void *buf;
	int ret;

	buf = kmemdup(data, len, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;

	dma = dma_map_single(acc->dev, buf, len, DMA_TO_DEVICE);
	if (dma_mapping_error(acc->dev, dma)) {
		kfree(buf);
		return -ENOMEM;
	}
	writeq(dma, acc->regs + ACC_REG_DATA_ADDR);
	writel(len, acc->regs + ACC_REG_DATA_LEN);
	writel(2, acc->regs + ACC_REG_DOORBELL);
	ret = acc_wait_idle(acc);
	dma_unmap_single(acc->dev, dma, len, DMA_TO_DEVICE);
	kfree(buf);
	return ret;
}

static int acc_selftest(struct acc_priv *acc)
{
	static const u8 pattern[] = { 0xde, 0xad, 0xbe, 0xef };
	struct acc_cmd *cmd;
	u8 *rsp;
	int ret;

	ret = acc_load_data(acc, pattern, sizeof(pattern));
	if (ret)
		return ret;

	cmd = kzalloc(sizeof(*cmd), GFP_KERNEL);
	rsp = kzalloc(ACC_RSP_LEN, GFP_KERNEL);
	if (!cmd || !rsp) {
		ret = -ENOMEM;
		goto out;
	}
	cmd->opcode = cpu_to_le32(0x1);	/* NOP with echo */
	cmd->tag = cpu_to_le32(0xa5a5);
	ret = acc_exec(acc, cmd, rsp);
	if (!ret && get_unaligned_le32(rsp) != 0xa5a5)
		ret = -EIO;
out:
	kfree(rsp);
	kfree(cmd);
	return ret;
}

static int acc_probe(struct platform_device *pdev)
{
	struct acc_priv *acc;
	int ret;

	acc = devm_kzalloc(&pdev->dev, sizeof(*acc), GFP_KERNEL);
	if (!acc)
		return -ENOMEM;
	acc->dev = &pdev->dev;
	acc->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(acc->regs))
		return PTR_ERR(acc->regs);
	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(48));
	if (ret)
		return ret;

	/* ACC_QUEUE_BYTES here, the sizeof of the entries at the free */
	acc->queue = dma_alloc_coherent(acc->dev, ACC_QUEUE_BYTES,
					&acc->queue_dma, GFP_KERNEL);
	if (!acc->queue)
		return -ENOMEM;
	writeq(acc->queue_dma, acc->regs + ACC_REG_QUEUE_BASE);

	ret = acc_selftest(acc);
	if (ret) {
		writeq(0, acc->regs + ACC_REG_QUEUE_BASE);
		dma_free_coherent(acc->dev,
				  ACC_QUEUE_DEPTH * sizeof(struct acc_queue_entry),
				  acc->queue, acc->queue_dma);
		return ret;
	}
	platform_set_drvdata(pdev, acc);
	return 0;
}

static platform_remove_ret_t acc_remove(struct platform_device *pdev)
{
	struct acc_priv *acc = platform_get_drvdata(pdev);

	writeq(0, acc->regs + ACC_REG_QUEUE_BASE);
	dma_free_coherent(acc->dev, ACC_QUEUE_DEPTH * sizeof(*acc->queue),
			  acc->queue, acc->queue_dma);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id acc_of_match[] = {
	{ .compatible = "drvcheck,cmd-accel" },
	{ }
};
MODULE_DEVICE_TABLE(of, acc_of_match);

static struct platform_driver acc_driver = {
	.probe = acc_probe,
	.remove = acc_remove,
	.driver = {
		.name = "cmd-accel",
		.of_match_table = acc_of_match,
	},
};
module_platform_driver(acc_driver);

MODULE_DESCRIPTION("drvcheck testsuite: equal sizes spelled differently (correct)");
MODULE_LICENSE("GPL");
