// SPDX-License-Identifier: GPL-2.0
/*
 * SD/MMC host with a segment-at-a-time DMA engine, the alcor idiom:
 * ->pre_req maps data->sg and keeps dma_map_sg()'s result in
 * data->sg_count through a local; the request copies it to the host's own
 * counter, which the interrupt decrements per segment (host->sg_count--);
 * ->post_req unmaps with data->sg_count, the merged count, instead of
 * data->sg_len.  The host's counter is another struct's member: its
 * updates say nothing about what data->sg_count holds (real: a mutant of
 * drivers/mmc/host/alcor.c that one engine missed for that reason).
 *
 * drvcheck-case: positive dma-unmap-sg-nents
 * drvcheck-case: negative dma-unmap-kind dma-double-unmap dma-coherent-streaming-mix
 */
#include <linux/module.h>
#include "platform_compat.h"
#include <linux/mod_devicetable.h>
#include <linux/mmc/host.h>
#include <linux/mmc/core.h>
#include <linux/dma-mapping.h>
#include <linux/scatterlist.h>
#include <linux/interrupt.h>
#include <linux/spinlock.h>
#include <linux/io.h>

#define SDX_REG_ARG		0x00
#define SDX_REG_CMD		0x04
#define SDX_REG_RESP0		0x10
#define SDX_REG_ADMA_ADDR	0x20
#define SDX_REG_ADMA_LEN	0x28
#define SDX_REG_ADMA_PUSH	0x2c
#define SDX_REG_BLKSZ		0x30
#define SDX_REG_BLKCNT		0x34
#define SDX_REG_ISR		0x40
#define  SDX_ISR_CMD_DONE	BIT(0)
#define  SDX_ISR_DATA_DONE	BIT(1)
#define  SDX_ISR_ERR		BIT(15)

struct sdx_host {
	struct mmc_host *mmc;
	void __iomem *regs;
	spinlock_t lock;
	struct mmc_request *mrq;
	int sg_count;		/* segments left to program */
	struct scatterlist *sg;
};

static void sdx_pre_req(struct mmc_host *mmc, struct mmc_request *mrq)
{
	struct mmc_data *data = mrq->data;
	unsigned int sg_len;

	if (!data)
		return;
	sg_len = dma_map_sg(mmc_dev(mmc), data->sg, data->sg_len,
			    mmc_get_dma_dir(data));
	if (sg_len)
		data->host_cookie = 1;
	data->sg_count = sg_len;
}

static void sdx_post_req(struct mmc_host *mmc, struct mmc_request *mrq, int err)
{
	struct mmc_data *data = mrq->data;

	if (data && data->host_cookie) {
		dma_unmap_sg(mmc_dev(mmc), data->sg, data->sg_count, /* expect: dma-unmap-sg-nents */
			     mmc_get_dma_dir(data));
		data->host_cookie = 0;
	}
}

static void sdx_push_segment(struct sdx_host *host)
{
	if (!host->sg_count)
		return;
	writeq(sg_dma_address(host->sg), host->regs + SDX_REG_ADMA_ADDR);
	writel(sg_dma_len(host->sg), host->regs + SDX_REG_ADMA_LEN);
	writel(1, host->regs + SDX_REG_ADMA_PUSH);
	host->sg = sg_next(host->sg);
	host->sg_count--;
}

static void sdx_request(struct mmc_host *mmc, struct mmc_request *mrq)
{
	struct sdx_host *host = mmc_priv(mmc);
	struct mmc_data *data = mrq->data;
	unsigned long flags;

	spin_lock_irqsave(&host->lock, flags);
	host->mrq = mrq;
	if (data) {
		if (!data->host_cookie) {
			data->error = -EINVAL;
			host->mrq = NULL;
			spin_unlock_irqrestore(&host->lock, flags);
			mmc_request_done(mmc, mrq);
			return;
		}
		host->sg = data->sg;
		host->sg_count = data->sg_count;
		sdx_push_segment(host);
		writel(data->blksz, host->regs + SDX_REG_BLKSZ);
		writel(data->blocks, host->regs + SDX_REG_BLKCNT);
	}
	writel(mrq->cmd->arg, host->regs + SDX_REG_ARG);
	writel(mrq->cmd->opcode | (data ? BIT(8) : 0), host->regs + SDX_REG_CMD);
	spin_unlock_irqrestore(&host->lock, flags);
}

static irqreturn_t sdx_irq(int irq, void *dev_id)
{
	struct sdx_host *host = dev_id;
	struct mmc_request *mrq;
	struct mmc_data *data;
	u32 isr;

	spin_lock(&host->lock);
	isr = readl(host->regs + SDX_REG_ISR);
	writel(isr, host->regs + SDX_REG_ISR);
	mrq = host->mrq;
	if (!mrq || !(isr & (SDX_ISR_DATA_DONE | SDX_ISR_CMD_DONE | SDX_ISR_ERR))) {
		spin_unlock(&host->lock);
		return IRQ_NONE;
	}
	data = mrq->data;
	if (data && !(isr & (SDX_ISR_DATA_DONE | SDX_ISR_ERR))) {
		spin_unlock(&host->lock);	/* command phase only, data follows */
		return IRQ_HANDLED;
	}

	mrq->cmd->resp[0] = readl(host->regs + SDX_REG_RESP0);
	mrq->cmd->error = (isr & SDX_ISR_ERR) ? -EIO : 0;
	if (data && host->sg_count && !(isr & SDX_ISR_ERR)) {
		sdx_push_segment(host);
		spin_unlock(&host->lock);
		return IRQ_HANDLED;
	}
	if (data) {
		data->error = mrq->cmd->error;
		data->bytes_xfered = data->error ? 0 : data->blksz * data->blocks;
	}
	host->mrq = NULL;
	spin_unlock(&host->lock);
	mmc_request_done(host->mmc, mrq);
	return IRQ_HANDLED;
}

static void sdx_set_ios(struct mmc_host *mmc, struct mmc_ios *ios)
{
}

static const struct mmc_host_ops sdx_ops = {
	.pre_req	= sdx_pre_req,
	.post_req	= sdx_post_req,
	.request	= sdx_request,
	.set_ios	= sdx_set_ios,
};

static int sdx_probe(struct platform_device *pdev)
{
	struct mmc_host *mmc;
	struct sdx_host *host;
	int irq, ret;

	mmc = mmc_alloc_host(sizeof(*host), &pdev->dev);
	if (!mmc)
		return -ENOMEM;
	host = mmc_priv(mmc);
	host->mmc = mmc;
	spin_lock_init(&host->lock);
	host->regs = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(host->regs)) {
		ret = PTR_ERR(host->regs);
		goto err_free;
	}
	irq = platform_get_irq(pdev, 0);
	if (irq < 0) {
		ret = irq;
		goto err_free;
	}
	ret = devm_request_irq(&pdev->dev, irq, sdx_irq, 0, "sdx", host);
	if (ret)
		goto err_free;

	mmc->ops = &sdx_ops;
	mmc->f_min = 400000;
	mmc->f_max = 50000000;
	mmc->ocr_avail = MMC_VDD_32_33 | MMC_VDD_33_34;
	mmc->caps = MMC_CAP_4_BIT_DATA;
	mmc->max_segs = 128;
	mmc->max_seg_size = 65536;
	mmc->max_blk_size = 512;
	mmc->max_blk_count = 65535;
	mmc->max_req_size = 512 * 65535;
	platform_set_drvdata(pdev, mmc);
	ret = mmc_add_host(mmc);
	if (ret)
		goto err_free;
	return 0;

err_free:
	mmc_free_host(mmc);
	return ret;
}

static platform_remove_ret_t sdx_remove(struct platform_device *pdev)
{
	struct mmc_host *mmc = platform_get_drvdata(pdev);

	mmc_remove_host(mmc);
	mmc_free_host(mmc);
	return PLATFORM_REMOVE_OK;
}

static const struct of_device_id sdx_of_match[] = {
	{ .compatible = "drvcheck,sdx" },
	{ }
};
MODULE_DEVICE_TABLE(of, sdx_of_match);

static struct platform_driver sdx_driver = {
	.probe = sdx_probe,
	.remove = sdx_remove,
	.driver = {
		.name = "sdx",
		.of_match_table = sdx_of_match,
	},
};
module_platform_driver(sdx_driver);

MODULE_DESCRIPTION("drvcheck testsuite: dma_unmap_sg given the merged count a host counter copies");
MODULE_LICENSE("GPL");
