// SPDX-License-Identifier: GPL-2.0
/*
 * drvcheck_selftest: a platform driver (device drvcheck_selftest.0, 64-bit
 * DMA mask, a free MMIO window as its resource) that performs right and
 * wrong DMA API, iomem and ->poll operations on demand, for testing
 * drvcheck_rt.ko.  Controlled from /sys/kernel/debug/drvcheck_selftest/:
 *
 *   scenarios        read: the scenario names, one a line
 *   run              write a name: run that scenario now (-EINVAL: unknown,
 *                    -ENODEV: driver not bound)
 *   stress           write "<threads> <iterations>": that many kthreads
 *                    map/unmap their own buffer, joined before returning
 *   stress_result    read: per-thread counts of the last stress / stress_bg
 *   stress_bg        write "start [<threads>]" or "stop"; read: running
 *   pool             write N: hold N mappings; read: how many are held
 *   pool_release     write anything: unmap them
 *   poll_mode        good | sleep | block | no_wait | errno | busy | spin: the
 *                    ->poll of /dev/drvcheck_selftest_poll opened next
 *   poll_busy_kicks  busy mode: self-wakeups per open
 *   region           read: the MMIO window, "start=0x... size=0x..."
 *
 * The device stays registered while the module is loaded; the driver can
 * be unbound and bound again through sysfs (the leak scenario needs that).
 */
#include <linux/platform_device.h>
#include <linux/dma-mapping.h>
#include <linux/debugfs.h>
#include <linux/ioport.h>
#include <linux/module.h>
#include <linux/string.h>
#include <linux/sizes.h>
#include <linux/slab.h>
#include <linux/fs.h>
#include <linux/version.h>

#include "st.h"

struct st_state st = {
	.lock = __MUTEX_INITIALIZER(st.lock),
};

static struct platform_device *st_pdev;
static struct dentry *st_dir;

#define ST_WBUF	64

/* ---- the driver ---- */

static int st_probe(struct platform_device *pdev)
{
	struct st_priv *priv;
	int ret;

	ret = dma_set_mask_and_coherent(&pdev->dev, DMA_BIT_MASK(64));
	if (ret)
		return ret;
	priv = devm_kzalloc(&pdev->dev, sizeof(*priv), GFP_KERNEL);
	if (!priv)
		return -ENOMEM;
	priv->dev = &pdev->dev;
	platform_set_drvdata(pdev, priv);
	mutex_lock(&st.lock);
	st.priv = priv;
	mutex_unlock(&st.lock);
	return 0;
}

static int st_remove(struct platform_device *pdev)
{
	struct st_priv *priv = platform_get_drvdata(pdev);

	mutex_lock(&st.lock);
	st_stress_bg_stop();
	st_pool_release(&pdev->dev);
	if (st.excl) {
		release_mem_region(st.excl->start, resource_size(st.excl));
		st.excl = NULL;
	}
	if (st.held) {
		release_mem_region(st.held->start, resource_size(st.held));
		st.held = NULL;
	}
	/* st_leak's bug: the buffer is freed, its mapping never unmapped */
	kfree(priv->leak_buf);
	priv->leak_buf = NULL;
	st.priv = NULL;
	mutex_unlock(&st.lock);
	return 0;
}

/* 6.11 made platform_driver .remove return void. */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 11, 0)
static void st_remove_void(struct platform_device *pdev)
{
	st_remove(pdev);
}
#define ST_REMOVE st_remove_void
#else
#define ST_REMOVE st_remove
#endif

static struct platform_driver st_driver = {
	.probe = st_probe,
	.remove = ST_REMOVE,
	.driver = {
		.name = ST_NAME,
	},
};

/* ---- debugfs ---- */

static ssize_t st_copy_arg(char *arg, const char __user *ubuf, size_t len)
{
	if (!len || len >= ST_WBUF)
		return -EINVAL;
	if (copy_from_user(arg, ubuf, len))
		return -EFAULT;
	arg[len] = '\0';
	strim(arg);
	return 0;
}

static const struct st_scenario *st_find(const char *name)
{
	unsigned int i;

	for (i = 0; i < st_dma_nscenarios; i++)
		if (!strcmp(st_dma_scenarios[i].name, name))
			return &st_dma_scenarios[i];
	for (i = 0; i < st_region_nscenarios; i++)
		if (!strcmp(st_region_scenarios[i].name, name))
			return &st_region_scenarios[i];
	return NULL;
}

static ssize_t st_read_text(char __user *ubuf, size_t len, loff_t *ppos,
			    int (*fill)(char *buf, size_t len))
{
	size_t size = 8192;
	ssize_t ret;
	char *buf;
	int n;

	buf = kmalloc(size, GFP_KERNEL);
	if (!buf)
		return -ENOMEM;
	mutex_lock(&st.lock);
	n = fill(buf, size);
	mutex_unlock(&st.lock);
	ret = simple_read_from_buffer(ubuf, len, ppos, buf, n);
	kfree(buf);
	return ret;
}

static int st_fill_scenarios(char *buf, size_t len)
{
	unsigned int i;
	int off = 0;

	for (i = 0; i < st_dma_nscenarios; i++)
		off += scnprintf(buf + off, len - off, "%s\n",
				 st_dma_scenarios[i].name);
	for (i = 0; i < st_region_nscenarios; i++)
		off += scnprintf(buf + off, len - off, "%s\n",
				 st_region_scenarios[i].name);
	return off;
}

static ssize_t st_scenarios_read(struct file *file, char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	return st_read_text(ubuf, len, ppos, st_fill_scenarios);
}

static ssize_t st_run_write(struct file *file, const char __user *ubuf,
			    size_t len, loff_t *ppos)
{
	const struct st_scenario *sc;
	char arg[ST_WBUF];
	ssize_t ret;

	ret = st_copy_arg(arg, ubuf, len);
	if (ret)
		return ret;
	sc = st_find(arg);
	if (!sc)
		return -EINVAL;
	mutex_lock(&st.lock);
	if (!st.priv)
		ret = -ENODEV;
	else
		ret = sc->fn(st.priv->dev);
	mutex_unlock(&st.lock);
	return ret ? ret : len;
}

static ssize_t st_stress_write(struct file *file, const char __user *ubuf,
			       size_t len, loff_t *ppos)
{
	unsigned int threads, iterations;
	char arg[ST_WBUF];
	ssize_t ret;

	ret = st_copy_arg(arg, ubuf, len);
	if (ret)
		return ret;
	if (sscanf(arg, "%u %u", &threads, &iterations) != 2)
		return -EINVAL;
	mutex_lock(&st.lock);
	if (!st.priv)
		ret = -ENODEV;
	else if (st_stress_bg_running())
		ret = -EBUSY;
	else
		ret = st_stress_run(st.priv->dev, threads, iterations);
	mutex_unlock(&st.lock);
	return ret ? ret : len;
}

static ssize_t st_stress_result_read(struct file *file, char __user *ubuf,
				     size_t len, loff_t *ppos)
{
	return st_read_text(ubuf, len, ppos, st_stress_result);
}

static int st_fill_bg(char *buf, size_t len)
{
	return scnprintf(buf, len, "%s\n",
			 st_stress_bg_running() ? "running" : "stopped");
}

static ssize_t st_stress_bg_read(struct file *file, char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	return st_read_text(ubuf, len, ppos, st_fill_bg);
}

static ssize_t st_stress_bg_write(struct file *file, const char __user *ubuf,
				  size_t len, loff_t *ppos)
{
	unsigned int threads = 2;
	char arg[ST_WBUF];
	ssize_t ret;

	ret = st_copy_arg(arg, ubuf, len);
	if (ret)
		return ret;
	mutex_lock(&st.lock);
	if (!strcmp(arg, "stop")) {
		st_stress_bg_stop();
	} else if (!strncmp(arg, "start", 5) &&
		   (!arg[5] || sscanf(arg + 5, "%u", &threads) == 1)) {
		ret = st.priv ? st_stress_bg_start(st.priv->dev, threads) :
				-ENODEV;
	} else {
		ret = -EINVAL;
	}
	mutex_unlock(&st.lock);
	return ret ? ret : len;
}

static int st_fill_pool(char *buf, size_t len)
{
	return scnprintf(buf, len, "%u\n", st_pool_held());
}

static ssize_t st_pool_read(struct file *file, char __user *ubuf, size_t len,
			    loff_t *ppos)
{
	return st_read_text(ubuf, len, ppos, st_fill_pool);
}

static ssize_t st_pool_write(struct file *file, const char __user *ubuf,
			     size_t len, loff_t *ppos)
{
	char arg[ST_WBUF];
	unsigned int n;
	ssize_t ret;

	ret = st_copy_arg(arg, ubuf, len);
	if (ret)
		return ret;
	if (kstrtouint(arg, 0, &n))
		return -EINVAL;
	mutex_lock(&st.lock);
	ret = st.priv ? st_pool_hold(st.priv->dev, n) : -ENODEV;
	mutex_unlock(&st.lock);
	return ret ? ret : len;
}

static ssize_t st_pool_release_write(struct file *file,
				     const char __user *ubuf, size_t len,
				     loff_t *ppos)
{
	mutex_lock(&st.lock);
	if (st.priv)
		st_pool_release(st.priv->dev);
	mutex_unlock(&st.lock);
	return len;
}

static ssize_t st_poll_mode_read(struct file *file, char __user *ubuf,
				 size_t len, loff_t *ppos)
{
	return st_read_text(ubuf, len, ppos, st_poll_mode_show);
}

static ssize_t st_poll_mode_write(struct file *file, const char __user *ubuf,
				  size_t len, loff_t *ppos)
{
	char arg[ST_WBUF];
	ssize_t ret;

	ret = st_copy_arg(arg, ubuf, len);
	if (ret)
		return ret;
	ret = st_poll_mode_set(arg);
	return ret ? ret : len;
}

static int st_fill_region(char *buf, size_t len)
{
	return scnprintf(buf, len, "start=0x%llx size=0x%x slot=0x%x\n",
			 (unsigned long long)st.win_start, ST_WIN_SIZE,
			 ST_WIN_SLOT);
}

static ssize_t st_region_read(struct file *file, char __user *ubuf,
			      size_t len, loff_t *ppos)
{
	return st_read_text(ubuf, len, ppos, st_fill_region);
}

static const struct file_operations st_scenarios_fops = {
	.owner = THIS_MODULE,
	.read = st_scenarios_read,
	.open = simple_open,
	.llseek = default_llseek,
};

static const struct file_operations st_run_fops = {
	.owner = THIS_MODULE,
	.write = st_run_write,
	.open = simple_open,
	.llseek = default_llseek,
};

static const struct file_operations st_stress_fops = {
	.owner = THIS_MODULE,
	.write = st_stress_write,
	.open = simple_open,
	.llseek = default_llseek,
};

static const struct file_operations st_stress_result_fops = {
	.owner = THIS_MODULE,
	.read = st_stress_result_read,
	.open = simple_open,
	.llseek = default_llseek,
};

static const struct file_operations st_stress_bg_fops = {
	.owner = THIS_MODULE,
	.read = st_stress_bg_read,
	.write = st_stress_bg_write,
	.open = simple_open,
	.llseek = default_llseek,
};

static const struct file_operations st_pool_fops = {
	.owner = THIS_MODULE,
	.read = st_pool_read,
	.write = st_pool_write,
	.open = simple_open,
	.llseek = default_llseek,
};

static const struct file_operations st_pool_release_fops = {
	.owner = THIS_MODULE,
	.write = st_pool_release_write,
	.open = simple_open,
	.llseek = default_llseek,
};

static const struct file_operations st_poll_mode_fops = {
	.owner = THIS_MODULE,
	.read = st_poll_mode_read,
	.write = st_poll_mode_write,
	.open = simple_open,
	.llseek = default_llseek,
};

static const struct file_operations st_region_fops = {
	.owner = THIS_MODULE,
	.read = st_region_read,
	.open = simple_open,
	.llseek = default_llseek,
};

static void st_debugfs_init(void)
{
	st_dir = debugfs_create_dir(ST_NAME, NULL);
	debugfs_create_file("scenarios", 0444, st_dir, NULL, &st_scenarios_fops);
	debugfs_create_file("run", 0200, st_dir, NULL, &st_run_fops);
	debugfs_create_file("stress", 0200, st_dir, NULL, &st_stress_fops);
	debugfs_create_file("stress_result", 0444, st_dir, NULL,
			    &st_stress_result_fops);
	debugfs_create_file("stress_bg", 0600, st_dir, NULL, &st_stress_bg_fops);
	debugfs_create_file("pool", 0600, st_dir, NULL, &st_pool_fops);
	debugfs_create_file("pool_release", 0200, st_dir, NULL,
			    &st_pool_release_fops);
	debugfs_create_file("poll_mode", 0600, st_dir, NULL, &st_poll_mode_fops);
	debugfs_create_u32("poll_busy_kicks", 0600, st_dir, &st_poll_busy_kicks);
	debugfs_create_file("region", 0444, st_dir, NULL, &st_region_fops);
}

/* ---- module ---- */

/* A free physical range above 4 GiB for the device's MMIO window. */
static int st_find_window(resource_size_t *start)
{
	struct resource probe = {
		.name = ST_NAME,
		.flags = IORESOURCE_MEM,
	};
	int ret;

	ret = allocate_resource(&iomem_resource, &probe, ST_WIN_SIZE, SZ_4G,
				iomem_resource.end, ST_WIN_SIZE, NULL, NULL);
	if (ret)
		return ret;
	*start = probe.start;
	release_resource(&probe);
	return 0;
}

static int __init st_init(void)
{
	struct resource res;
	struct platform_device_info info = {
		.name = ST_NAME,
		.id = 0,
		.res = &res,
		.num_res = 1,
		.dma_mask = DMA_BIT_MASK(64),
	};
	int ret;

	ret = st_find_window(&st.win_start);
	if (ret)
		return ret;
	res = (struct resource)DEFINE_RES_MEM_NAMED(st.win_start, ST_WIN_SIZE,
						    ST_NAME);
	ret = platform_driver_register(&st_driver);
	if (ret)
		return ret;
	st_pdev = platform_device_register_full(&info);
	if (IS_ERR(st_pdev)) {
		ret = PTR_ERR(st_pdev);
		goto err_driver;
	}
	ret = st_poll_init();
	if (ret)
		goto err_device;
	st_debugfs_init();
	pr_info("%s: device %s, MMIO window [mem %#llx-%#llx]\n", ST_NAME,
		dev_name(&st_pdev->dev), (unsigned long long)st.win_start,
		(unsigned long long)st.win_start + ST_WIN_SIZE - 1);
	return 0;

err_device:
	platform_device_unregister(st_pdev);
err_driver:
	platform_driver_unregister(&st_driver);
	return ret;
}

static void __exit st_exit(void)
{
	/* waits for debugfs writers: no scenario runs after this */
	debugfs_remove(st_dir);
	st_poll_exit();
	platform_device_unregister(st_pdev);
	platform_driver_unregister(&st_driver);
}

module_init(st_init);
module_exit(st_exit);

MODULE_DESCRIPTION("drvcheck runtime selftest driver: right and wrong DMA, iomem and poll use");
MODULE_LICENSE("GPL");
