// SPDX-License-Identifier: GPL-2.0
/*
 * /proc/driver/sensorhub: a sensor hub that can be torn down by firmware
 * reset.  ->proc_poll reports the dead hub with EPOLLERR | EPOLLHUP before
 * it registers (an error state needs no wait: poll() returns at once), and
 * otherwise does poll_wait() first.  Errors are reported as poll bits, not
 * as an errno.  Correct.
 *
 * drvcheck-case: negative poll-no-wait poll-errno poll-blocking poll-task-state
 */
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/poll.h>
#include <linux/wait.h>

struct shub {
	wait_queue_head_t wq;
	bool dead;
	unsigned int samples;
};

static struct shub shub;
static struct proc_dir_entry *shub_pde;

static __poll_t shub_poll(struct file *file, poll_table *wait)
{
	if (READ_ONCE(shub.dead))
		return EPOLLERR | EPOLLHUP;

	poll_wait(file, &shub.wq, wait);

	if (READ_ONCE(shub.dead))
		return EPOLLERR | EPOLLHUP;
	return READ_ONCE(shub.samples) ? EPOLLIN | EPOLLRDNORM : 0;
}

static const struct proc_ops shub_proc_ops = {
	.proc_poll	= shub_poll,
	.proc_lseek	= noop_llseek,
};

static int __init shub_init(void)
{
	init_waitqueue_head(&shub.wq);
	shub_pde = proc_create("driver/sensorhub", 0400, NULL, &shub_proc_ops);
	return shub_pde ? 0 : -ENOMEM;
}

static void __exit shub_exit(void)
{
	proc_remove(shub_pde);
}

module_init(shub_init);
module_exit(shub_exit);
MODULE_LICENSE("GPL");
