// SPDX-License-Identifier: GPL-2.0
/*
 * /sys/kernel/debug/drvcheck/, root only.  The formats of errors, stats
 * and dump are a contract other tools parse (DESIGN.md, "The runtime").
 *
 *   errors       the ring of shown errors, oldest first; a write clears it
 *   errors_lost  how many lines the ring pushed out
 *   stats        the pool, per-driver and per-watch counters, regions
 *   dump         the live mappings
 *   regions      the tracked regions
 *   probes       every hook tried: registered or the error, missed hits
 *   filter, all_errors, poll_watch  the knobs
 */
#include <linux/debugfs.h>
#include <linux/fs.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <linux/vmalloc.h>

#include "rt.h"

static struct dentry *rt_dir;

/* --- errors --- */

struct errors_snap {
	char *buf;
	size_t len;
};

static int errors_open(struct inode *inode, struct file *file)
{
	struct errors_snap *s;

	if (!(file->f_mode & FMODE_READ))
		return 0;
	s = kzalloc(sizeof(*s), GFP_KERNEL);
	if (!s)
		return -ENOMEM;
	s->buf = rt_sink_snapshot(&s->len);
	if (!s->buf) {
		kfree(s);
		return -ENOMEM;
	}
	file->private_data = s;
	return 0;
}

static ssize_t errors_read(struct file *file, char __user *ubuf, size_t count,
			   loff_t *ppos)
{
	struct errors_snap *s = file->private_data;

	return simple_read_from_buffer(ubuf, count, ppos, s->buf, s->len);
}

static ssize_t errors_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	rt_sink_clear();
	return count;
}

static int errors_release(struct inode *inode, struct file *file)
{
	struct errors_snap *s = file->private_data;

	if (s) {
		vfree(s->buf);
		kfree(s);
	}
	return 0;
}

static const struct file_operations errors_fops = {
	.owner = THIS_MODULE,
	.open = errors_open,
	.read = errors_read,
	.write = errors_write,
	.release = errors_release,
	.llseek = default_llseek,
};

static int errors_lost_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%lu\n", rt_sink_lost());
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(errors_lost);

/* --- stats --- */

static void stats_drivers(struct seq_file *m)
{
	struct rt_report *r = &drt.rep;
	/* Pairs with rt_driver_id(): a counted driver has its name. */
	unsigned int n = smp_load_acquire(&r->ndrivers);

	for (unsigned int i = 0; i < n; i++) {
		struct rt_driver *d = &r->drivers[i];
		long live = rt_dma_driver_live(&drt.table, i);
		long maps = rt_dma_driver_maps(&drt.table, i);
		long errors = 0;

		for (int c = 0; c < RT_CHECK_NR; c++)
			errors += rt_atomic_read(&d->errors[c]);
		if (!errors && !maps && !live)
			continue;
		seq_printf(m, "driver=%s live=%ld peak=%ld maps=%ld errors=%ld",
			   d->name, live, rt_dma_driver_peak(&drt.table, i),
			   maps, errors);
		for (int c = 0; c < RT_CHECK_NR; c++)
			if (rt_atomic_read(&d->errors[c]))
				seq_printf(m, " %s=%ld", rt_check_ids[c],
					   rt_atomic_read(&d->errors[c]));
		seq_putc(m, '\n');
	}
}

static int stats_show(struct seq_file *m, void *v)
{
	struct rt_dma_table *t = &drt.table;
	struct rt_poll_watcher *pw = &drt.poll;
	unsigned int n;

	seq_printf(m, "pool capacity=%ld free=%ld live=%ld dropped=%ld exhausted=%d\n",
		   rt_atomic_read(&t->capacity), rt_dma_table_free(t),
		   rt_dma_table_live(t), rt_atomic_read(&t->dropped),
		   rt_atomic_read(&t->exhausted) ? 1 : 0);
	stats_drivers(m);
	/* Pairs with rt_poll_watch_add(): a counted watch has its name. */
	n = smp_load_acquire(&pw->n);
	for (unsigned int i = 0; i < n; i++) {
		struct rt_poll_watch *w = &pw->w[i];

		seq_printf(m, "poll=%s calls=%ld slept=%ld no_wait=%ld errnos=%ld max_per_syscall=%ld ns_max=%ld\n",
			   w->name, rt_atomic_read(&w->calls),
			   rt_atomic_read(&w->slept),
			   rt_atomic_read(&w->no_wait),
			   rt_atomic_read(&w->errnos),
			   rt_atomic_read(&w->max_per_syscall),
			   rt_atomic_read(&w->ns_max));
	}
	seq_printf(m, "regions n=%u dropped=%ld\n", READ_ONCE(drt.regions.n),
		   rt_atomic_read(&drt.regions.dropped));
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(stats);

/* --- dump --- */

static bool dump_one(void *arg, const struct rt_dma_entry *e)
{
	struct seq_file *m = arg;

	seq_printf(m, "driver=%s device=%s kind=%s dir=%s handle=0x%llx size=%llu ",
		   rt_driver(&drt.rep, e->drv)->name,
		   e->dev_name ? e->dev_name : "NULL",
		   rt_dma_kind_names[e->kind], rt_dma_dir_name(e->dir),
		   (unsigned long long)e->handle, (unsigned long long)e->size);
	if (e->nstack)
		seq_printf(m, "mapped_at=%pS\n", (void *)e->stack[0]);
	else
		seq_puts(m, "mapped_at=-\n");
	return false;
}

static int dump_show(struct seq_file *m, void *v)
{
	rt_dma_walk(&drt.table, dump_one, m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(dump);

/* --- regions --- */

static int regions_show(struct seq_file *m, void *v)
{
	struct rt_regions *rs = &drt.regions;
	rt_lock_flags_t flags;

	rt_lock(&rs->lock, &flags);
	for (unsigned int i = 0; i < rs->n; i++) {
		const struct rt_region *r = &rs->r[i];

		seq_printf(m, "space=%s start=0x%llx size=%llu exclusive=%d owner=%s name=%s\n",
			   r->space == RT_REGION_IO ? "io" : "mem",
			   (unsigned long long)r->start,
			   (unsigned long long)r->size, r->exclusive,
			   rt_driver(&drt.rep, r->drv)->name, r->name);
	}
	rt_unlock(&rs->lock, flags);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(regions);

/* --- probes --- */

static void probe_line(void *arg, const struct rt_hook *h)
{
	seq_printf(arg, "probe=%s kind=%s registered=%d err=%d off=%s missed=%lu\n",
		   h->symbol, h->pre ? "kprobe" : "kretprobe", h->on, h->err,
		   h->on || !h->checks ? "-" : h->checks,
		   h->on ? rt_hook_missed(h) : 0);
}

static int probes_show(struct seq_file *m, void *v)
{
	rt_hooks_for_each(probe_line, m);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(probes);

/* --- knobs --- */

/* A knob's value, NUL-terminated; the caller strim()s it. */
static ssize_t read_line(const char __user *ubuf, size_t count, char *buf,
			 size_t len)
{
	if (count >= len)
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	return count;
}

static int filter_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%s\n", drt.rep.filter);
	return 0;
}

static int filter_open(struct inode *inode, struct file *file)
{
	return single_open(file, filter_show, NULL);
}

static ssize_t filter_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	char buf[RT_NAME_LEN];
	ssize_t ret = read_line(ubuf, count, buf, sizeof(buf));

	if (ret < 0)
		return ret;
	rt_report_set_filter(&drt.rep, strim(buf));
	return count;
}

static const struct file_operations filter_fops = {
	.owner = THIS_MODULE,
	.open = filter_open,
	.read = seq_read,
	.write = filter_write,
	.llseek = seq_lseek,
	.release = single_release,
};

static int poll_watch_show(struct seq_file *m, void *v)
{
	/* As in stats_show(). */
	unsigned int n = smp_load_acquire(&drt.poll.n);

	for (unsigned int i = 0; i < n; i++)
		seq_printf(m, "%s\n", drt.poll.w[i].name);
	return 0;
}

static int poll_watch_open(struct inode *inode, struct file *file)
{
	return single_open(file, poll_watch_show, NULL);
}

static ssize_t poll_watch_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	char buf[RT_NAME_LEN];
	ssize_t ret = read_line(ubuf, count, buf, sizeof(buf));
	int err;

	if (ret < 0)
		return ret;
	err = rt_poll_watch_symbol(strim(buf));
	return err ? err : count;
}

static const struct file_operations poll_watch_fops = {
	.owner = THIS_MODULE,
	.open = poll_watch_open,
	.read = seq_read,
	.write = poll_watch_write,
	.llseek = seq_lseek,
	.release = single_release,
};

int rt_debugfs_init(void)
{
	rt_dir = debugfs_create_dir("drvcheck", NULL);
	if (IS_ERR(rt_dir))
		return PTR_ERR(rt_dir);
	debugfs_create_file("errors", 0600, rt_dir, NULL, &errors_fops);
	debugfs_create_file("errors_lost", 0400, rt_dir, NULL,
			    &errors_lost_fops);
	debugfs_create_file("stats", 0400, rt_dir, NULL, &stats_fops);
	debugfs_create_file("dump", 0400, rt_dir, NULL, &dump_fops);
	debugfs_create_file("regions", 0400, rt_dir, NULL, &regions_fops);
	debugfs_create_file("probes", 0400, rt_dir, NULL, &probes_fops);
	debugfs_create_file("filter", 0600, rt_dir, NULL, &filter_fops);
	debugfs_create_bool("all_errors", 0600, rt_dir, &drt.rep.all_errors);
	debugfs_create_file("poll_watch", 0600, rt_dir, NULL,
			    &poll_watch_fops);
	return 0;
}

void rt_debugfs_exit(void)
{
	debugfs_remove_recursive(rt_dir);
	rt_dir = NULL;
}
