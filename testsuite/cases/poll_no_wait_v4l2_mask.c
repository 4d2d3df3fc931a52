// SPDX-License-Identifier: GPL-2.0
/*
 * V4L2 VBI capture node (saa7164-vbi's shape): ->poll builds its mask in
 * a local from the list of filled buffers and never calls poll_wait().
 * When no buffer is filled it returns the mask still 0, and the caller,
 * on no wait queue of this device, is not woken when the next buffer
 * arrives.
 *
 * drvcheck-case: positive poll-no-wait
 * drvcheck-case: negative poll-blocking poll-task-state poll-errno
 */
#include <linux/module.h>
#include <linux/list.h>
#include <linux/poll.h>
#include <linux/wait.h>
#include <media/v4l2-device.h>
#include <media/v4l2-dev.h>

struct xvbi {
	struct v4l2_device v4l2_dev;
	struct video_device vdev;
	wait_queue_head_t wait_read;
	struct list_head used;
};

static struct xvbi xvbi;

static __poll_t xvbi_poll(struct file *file, poll_table *wait)
{
	struct xvbi *port = video_drvdata(file);
	__poll_t mask = 0;

	if (!video_is_registered(&port->vdev))
		return EPOLLERR;

	if (!list_empty(&port->used))
		mask |= EPOLLIN | EPOLLRDNORM;

	return mask; /* expect: poll-no-wait */
}

static int xvbi_open(struct file *file)
{
	return 0;
}

static int xvbi_release(struct file *file)
{
	return 0;
}

static const struct v4l2_file_operations xvbi_fops = {
	.owner		= THIS_MODULE,
	.open		= xvbi_open,
	.release	= xvbi_release,
	.poll		= xvbi_poll,
};

static int __init xvbi_init(void)
{
	int ret;

	init_waitqueue_head(&xvbi.wait_read);
	INIT_LIST_HEAD(&xvbi.used);
	strscpy(xvbi.v4l2_dev.name, "xvbi", sizeof(xvbi.v4l2_dev.name));
	ret = v4l2_device_register(NULL, &xvbi.v4l2_dev);
	if (ret)
		return ret;

	strscpy(xvbi.vdev.name, "xvbi", sizeof(xvbi.vdev.name));
	xvbi.vdev.v4l2_dev = &xvbi.v4l2_dev;
	xvbi.vdev.fops = &xvbi_fops;
	xvbi.vdev.release = video_device_release_empty;
	xvbi.vdev.device_caps = V4L2_CAP_VBI_CAPTURE | V4L2_CAP_READWRITE;
	video_set_drvdata(&xvbi.vdev, &xvbi);

	ret = video_register_device(&xvbi.vdev, VFL_TYPE_VBI, -1);
	if (ret)
		v4l2_device_unregister(&xvbi.v4l2_dev);
	return ret;
}

static void __exit xvbi_exit(void)
{
	video_unregister_device(&xvbi.vdev);
	v4l2_device_unregister(&xvbi.v4l2_dev);
}

module_init(xvbi_init);
module_exit(xvbi_exit);
MODULE_LICENSE("GPL");
