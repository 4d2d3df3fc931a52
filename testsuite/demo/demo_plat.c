// SPDX-License-Identifier: GPL-2.0
/*
 * demo_plat: a platform driver for a small SoC copy engine.
 *   MEM 0  engine registers
 *   MEM 1  a clock-gate window inside the SoC clock controller
 *   MEM 2  on-chip SRAM used by the engine's microcode
 *   IO  0  a legacy watchdog, two I/O ports
 * The engine runs commands (one DMA'd command block) and scatter-gather
 * copies (descriptor table in coherent memory).  Engine events are exposed
 * through a misc device (read() returns the event count, poll() waits).
 *
 * Planted bugs (what `drvcheck scan testsuite/demo` should find here):
 *   iomem-unchecked-request  demo_plat_probe: request_mem_region() for the
 *                            engine registers, result ignored
 *   iomem-unrequested-map    demo_plat_probe: ioremap() of the clock-gate
 *                            window, which this driver never requests (the
 *                            clock controller's driver owns it)
 *   iomem-release-mismatch   demo_plat_remove: the watchdog ports
 *                            (request_region) released with
 *                            release_mem_region()
 *   iomem-release-mismatch   demo_plat_remove: the register region released
 *                            with end - start, one byte short of
 *                            resource_size()
 *   dma-map-stack            demo_plat_send_cmd: the command block is a
 *                            local variable
 *   dma-unmap-sg-nents       demo_plat_selftest: dma_unmap_sg() given the
 *                            count dma_map_sg() returned
 * Opt-in only:
 *   iomem-not-exclusive      demo_plat_probe: request_mem_region() for
 *                            registers only this driver touches
 *   poll-sleep-legacy        demo_plat_poll: mutex_lock() (fine since
 *                            2.6.29; reported with --kernel-version 2.6.28)
 *
 * Correct on purpose: devm_platform_ioremap_resource() for the SRAM,
 * request_region() tested and released right on the probe error path,
 * dmam_alloc_coherent() descriptor table ordered with dma_wmb(), the
 * command mapping tested with dma_mapping_error() and unmapped with the map
 * size and direction, demo_plat_poll(): poll_wait() first, then the mask.
 */
#include <linux/atomic.h>
#include <linux/dma-mapping.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/ioport.h>
#include <linux/iopoll.h>
#include <linux/miscdevice.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/poll.h>
#include <linux/scatterlist.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/wait.h>

#define DEMO_PLAT_NAME		"demo_plat"

/* engine registers (MEM 0) */
#define DEMO_PLAT_CMD_LO	0x00
#define DEMO_PLAT_CMD_HI	0x04
#define DEMO_PLAT_CMD_GO	0x08
#define DEMO_PLAT_STATUS	0x0c
#define DEMO_PLAT_IRQ_EN	0x10
#define DEMO_PLAT_IRQ_ACK	0x14
#define DEMO_PLAT_SG_LO		0x18
#define DEMO_PLAT_SG_HI		0x1c
#define DEMO_PLAT_SG_COUNT	0x20
#define DEMO_PLAT_SG_GO		0x24

#define DEMO_PLAT_ST_BUSY	BIT(0)
#define DEMO_PLAT_ST_ERR	BIT(1)
#define DEMO_PLAT_ST_EVENT	BIT(2)

/* clock-gate window (MEM 1) */
#define DEMO_AUX_CLK_GATE	0x40
#define DEMO_AUX_CLK_EN		BIT(3)

/* watchdog ports (IO 0) */
#define DEMO_PLAT_IO_EXTENT	2
#define DEMO_WDT_KICK		0
#define DEMO_WDT_CTRL		1

#define DEMO_CMD_RESET		1
#define DEMO_CMD_LOAD_UCODE	2

#define DEMO_PLAT_MAX_SEGS	16
#define DEMO_PLAT_TEST_LEN	512
#define DEMO_PLAT_TIMEOUT_US	10000

struct demo_plat_cmd {
	__le32 op;
	__le32 arg;
	__le64 reserved;
};

struct demo_plat_hwdesc {
	__le64 addr;
	__le32 len;
	__le32 ctrl;
};

#define DEMO_PLAT_DESC_BYTES \
	(DEMO_PLAT_MAX_SEGS * sizeof(struct demo_plat_hwdesc))

struct demo_plat {
	struct device *dev;
	void __iomem *regs;
	void __iomem *aux;
	void __iomem *sram;
	struct resource *regs_res;
	unsigned long io_base;
	int irq;

	struct demo_plat_hwdesc *desc;
	dma_addr_t desc_dma;
	struct scatterlist test_sg[2];

	struct mutex lock;		/* engine registers, events_read */
	wait_queue_head_t irq_wq;
	atomic_t events;
	int events_read;
	struct miscdevice misc;
};

static int demo_plat_wait_idle(struct demo_plat *p)
{
	u32 status;

	return readl_poll_timeout(p->regs + DEMO_PLAT_STATUS, status,
				  !(status & DEMO_PLAT_ST_BUSY), 10,
				  DEMO_PLAT_TIMEOUT_US);
}

/* Run one engine command.  Called with p->lock held. */
static int demo_plat_send_cmd(struct demo_plat *p, u32 op, u32 arg)
{
	struct demo_plat_cmd cmd = {
		.op = cpu_to_le32(op),
		.arg = cpu_to_le32(arg),
	};
	dma_addr_t dma;
	int ret;

	dma = dma_map_single(p->dev, &cmd, sizeof(cmd), DMA_TO_DEVICE);
	if (dma_mapping_error(p->dev, dma))
		return -ENOMEM;

	writel(lower_32_bits(dma), p->regs + DEMO_PLAT_CMD_LO);
	writel(upper_32_bits(dma), p->regs + DEMO_PLAT_CMD_HI);
	writel(1, p->regs + DEMO_PLAT_CMD_GO);
	ret = demo_plat_wait_idle(p);

	dma_unmap_single(p->dev, dma, sizeof(cmd), DMA_TO_DEVICE);
	return ret;
}

/* Copy one buffer into another through the engine and compare. */
static int demo_plat_selftest(struct demo_plat *p)
{
	struct scatterlist *sg;
	u8 *src, *dst;
	int count, i, ret;

	src = kmalloc(DEMO_PLAT_TEST_LEN, GFP_KERNEL);
	dst = kzalloc(DEMO_PLAT_TEST_LEN, GFP_KERNEL);
	if (!src || !dst) {
		ret = -ENOMEM;
		goto out_free;
	}
	for (i = 0; i < DEMO_PLAT_TEST_LEN; i++)
		src[i] = i ^ 0x5a;

	sg_init_table(p->test_sg, 2);
	sg_set_buf(&p->test_sg[0], src, DEMO_PLAT_TEST_LEN);
	sg_set_buf(&p->test_sg[1], dst, DEMO_PLAT_TEST_LEN);

	count = dma_map_sg(p->dev, p->test_sg, 2, DMA_BIDIRECTIONAL);
	if (!count) {
		ret = -ENOMEM;
		goto out_free;
	}
	for_each_sg(p->test_sg, sg, count, i) {
		p->desc[i].addr = cpu_to_le64(sg_dma_address(sg));
		p->desc[i].len = cpu_to_le32(sg_dma_len(sg));
		p->desc[i].ctrl = 0;
	}
	dma_wmb();

	mutex_lock(&p->lock);
	writel(lower_32_bits(p->desc_dma), p->regs + DEMO_PLAT_SG_LO);
	writel(upper_32_bits(p->desc_dma), p->regs + DEMO_PLAT_SG_HI);
	writel(count, p->regs + DEMO_PLAT_SG_COUNT);
	writel(1, p->regs + DEMO_PLAT_SG_GO);
	ret = demo_plat_wait_idle(p);
	mutex_unlock(&p->lock);

	dma_unmap_sg(p->dev, p->test_sg, count, DMA_BIDIRECTIONAL);

	if (!ret && memcmp(src, dst, DEMO_PLAT_TEST_LEN))
		ret = -EIO;
out_free:
	kfree(dst);
	kfree(src);
	return ret;
}

static irqreturn_t demo_plat_irq(int irq, void *data)
{
	struct demo_plat *p = data;
	u32 status = readl(p->regs + DEMO_PLAT_STATUS);

	if (!(status & (DEMO_PLAT_ST_EVENT | DEMO_PLAT_ST_ERR)))
		return IRQ_NONE;
	writel(status, p->regs + DEMO_PLAT_IRQ_ACK);
	atomic_inc(&p->events);
	wake_up_interruptible(&p->irq_wq);
	return IRQ_HANDLED;
}

static struct demo_plat *demo_plat_from_file(struct file *file)
{
	/* misc_open() stores the miscdevice in private_data */
	return container_of(file->private_data, struct demo_plat, misc);
}

static ssize_t demo_plat_read(struct file *file, char __user *buf,
			      size_t count, loff_t *ppos)
{
	struct demo_plat *p = demo_plat_from_file(file);
	int events;
	int ret;

	if (count < sizeof(events))
		return -EINVAL;
	if (file->f_flags & O_NONBLOCK) {
		if (atomic_read(&p->events) == READ_ONCE(p->events_read))
			return -EAGAIN;
	} else {
		ret = wait_event_interruptible(p->irq_wq,
				atomic_read(&p->events) != READ_ONCE(p->events_read));
		if (ret)
			return ret;
	}

	mutex_lock(&p->lock);
	events = atomic_read(&p->events);
	p->events_read = events;
	mutex_unlock(&p->lock);

	if (copy_to_user(buf, &events, sizeof(events)))
		return -EFAULT;
	return sizeof(events);
}

static __poll_t demo_plat_poll(struct file *file, poll_table *wait)
{
	struct demo_plat *p = demo_plat_from_file(file);
	__poll_t mask = 0;

	poll_wait(file, &p->irq_wq, wait);

	mutex_lock(&p->lock);
	if (atomic_read(&p->events) != p->events_read)
		mask |= EPOLLIN | EPOLLRDNORM;
	if (readl(p->regs + DEMO_PLAT_STATUS) & DEMO_PLAT_ST_ERR)
		mask |= EPOLLERR;
	mutex_unlock(&p->lock);

	return mask;
}

static const struct file_operations demo_plat_fops = {
	.owner		= THIS_MODULE,
	.read		= demo_plat_read,
	.poll		= demo_plat_poll,
	.llseek		= noop_llseek,
};

static int demo_plat_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct resource *res, *aux, *io;
	struct demo_plat *p;
	int ret;

	p = devm_kzalloc(dev, sizeof(*p), GFP_KERNEL);
	if (!p)
		return -ENOMEM;
	p->dev = dev;
	mutex_init(&p->lock);
	init_waitqueue_head(&p->irq_wq);
	atomic_set(&p->events, 0);

	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	aux = platform_get_resource(pdev, IORESOURCE_MEM, 1);
	io = platform_get_resource(pdev, IORESOURCE_IO, 0);
	if (!res || !aux || !io)
		return -ENODEV;

	request_mem_region(res->start, resource_size(res), DEMO_PLAT_NAME);
	p->regs = ioremap(res->start, resource_size(res));
	if (!p->regs) {
		ret = -ENOMEM;
		goto err_release_regs;
	}
	p->regs_res = res;

	/* the clock gate of the engine sits in the clock controller */
	p->aux = ioremap(aux->start, resource_size(aux));
	if (!p->aux) {
		ret = -ENOMEM;
		goto err_unmap_regs;
	}

	p->sram = devm_platform_ioremap_resource(pdev, 2);
	if (IS_ERR(p->sram)) {
		ret = PTR_ERR(p->sram);
		goto err_unmap_aux;
	}

	if (!request_region(io->start, DEMO_PLAT_IO_EXTENT, DEMO_PLAT_NAME)) {
		ret = -EBUSY;
		goto err_unmap_aux;
	}
	p->io_base = io->start;

	ret = dma_set_mask_and_coherent(dev, DMA_BIT_MASK(32));
	if (ret)
		goto err_release_io;
	p->desc = dmam_alloc_coherent(dev, DEMO_PLAT_DESC_BYTES, &p->desc_dma,
				      GFP_KERNEL);
	if (!p->desc) {
		ret = -ENOMEM;
		goto err_release_io;
	}

	writel(DEMO_AUX_CLK_EN, p->aux + DEMO_AUX_CLK_GATE);
	outb(0, p->io_base + DEMO_WDT_CTRL);

	mutex_lock(&p->lock);
	ret = demo_plat_send_cmd(p, DEMO_CMD_RESET, 0);
	if (!ret)
		ret = demo_plat_send_cmd(p, DEMO_CMD_LOAD_UCODE, 0);
	mutex_unlock(&p->lock);
	if (!ret)
		ret = demo_plat_selftest(p);
	if (ret) {
		dev_err(dev, "engine self-test failed: %d\n", ret);
		goto err_clk_off;
	}

	ret = platform_get_irq(pdev, 0);
	if (ret < 0)
		goto err_clk_off;
	p->irq = ret;
	ret = request_irq(p->irq, demo_plat_irq, 0, dev_name(dev), p);
	if (ret)
		goto err_clk_off;
	writel(1, p->regs + DEMO_PLAT_IRQ_EN);

	p->misc.minor = MISC_DYNAMIC_MINOR;
	p->misc.name = dev_name(dev);
	p->misc.fops = &demo_plat_fops;
	p->misc.parent = dev;
	ret = misc_register(&p->misc);
	if (ret)
		goto err_free_irq;

	platform_set_drvdata(pdev, p);
	return 0;

err_free_irq:
	writel(0, p->regs + DEMO_PLAT_IRQ_EN);
	free_irq(p->irq, p);
err_clk_off:
	writel(0, p->aux + DEMO_AUX_CLK_GATE);
err_release_io:
	release_region(io->start, DEMO_PLAT_IO_EXTENT);
err_unmap_aux:
	iounmap(p->aux);
err_unmap_regs:
	iounmap(p->regs);
err_release_regs:
	release_mem_region(res->start, resource_size(res));
	return ret;
}

static int demo_plat_remove(struct platform_device *pdev)
{
	struct demo_plat *p = platform_get_drvdata(pdev);

	misc_deregister(&p->misc);
	writel(0, p->regs + DEMO_PLAT_IRQ_EN);
	free_irq(p->irq, p);
	writel(0, p->aux + DEMO_AUX_CLK_GATE);

	release_mem_region(p->io_base, DEMO_PLAT_IO_EXTENT);
	iounmap(p->aux);
	iounmap(p->regs);
	release_mem_region(p->regs_res->start,
			   p->regs_res->end - p->regs_res->start);
	return 0;
}

static const struct of_device_id demo_plat_of_match[] = {
	{ .compatible = "drvcheck,demo-plat" },
	{ }
};
MODULE_DEVICE_TABLE(of, demo_plat_of_match);

static struct platform_driver demo_plat_driver = {
	.probe	= demo_plat_probe,
	.remove	= demo_plat_remove,
	.driver	= {
		.name		= DEMO_PLAT_NAME,
		.of_match_table	= demo_plat_of_match,
	},
};
module_platform_driver(demo_plat_driver);

MODULE_DESCRIPTION("drvcheck demo: platform driver with planted I/O memory and DMA bugs");
MODULE_LICENSE("GPL");
