// SPDX-License-Identifier: GPL-2.0
/*
 * V4L2 capture node whose ->poll (v4l2_file_operations) queues itself on
 * the frame wait queue with prepare_to_wait() in addition to poll_wait():
 * prepare_to_wait() sets current to TASK_INTERRUPTIBLE, a state the
 * callback does not own.
 *
 * drvcheck-case: positive poll-task-state
 * drvcheck-case: negative poll-blocking poll-no-wait poll-errno
 */
#include <linux/module.h>
#include <linux/poll.h>
#include <linux/wait.h>
#include <linux/sched.h>
#include <media/v4l2-device.h>
#include <media/v4l2-dev.h>

struct vcap {
	struct v4l2_device v4l2_dev;
	struct video_device vdev;
	wait_queue_head_t frame_wq;
	unsigned int frames_ready;
};

static struct vcap vcap;

static __poll_t vcap_poll(struct file *file, poll_table *wait)
{
	struct vcap *vc = video_drvdata(file);
	__poll_t mask = 0;
	DEFINE_WAIT(w);

	poll_wait(file, &vc->frame_wq, wait);
	prepare_to_wait(&vc->frame_wq, &w, TASK_INTERRUPTIBLE); /* expect: poll-task-state */
	if (READ_ONCE(vc->frames_ready))
		mask |= EPOLLIN | EPOLLRDNORM;
	finish_wait(&vc->frame_wq, &w);

	return mask;
}

static int vcap_open(struct file *file)
{
	return 0;
}

static int vcap_release(struct file *file)
{
	return 0;
}

static const struct v4l2_file_operations vcap_fops = {
	.owner		= THIS_MODULE,
	.open		= vcap_open,
	.release	= vcap_release,
	.poll		= vcap_poll,
};

static int __init vcap_init(void)
{
	int ret;

	init_waitqueue_head(&vcap.frame_wq);
	strscpy(vcap.v4l2_dev.name, "vcap", sizeof(vcap.v4l2_dev.name));
	ret = v4l2_device_register(NULL, &vcap.v4l2_dev);
	if (ret)
		return ret;

	strscpy(vcap.vdev.name, "vcap", sizeof(vcap.vdev.name));
	vcap.vdev.v4l2_dev = &vcap.v4l2_dev;
	vcap.vdev.fops = &vcap_fops;
	vcap.vdev.release = video_device_release_empty;
	vcap.vdev.device_caps = V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_READWRITE;
	video_set_drvdata(&vcap.vdev, &vcap);

	ret = video_register_device(&vcap.vdev, VFL_TYPE_VIDEO, -1);
	if (ret)
		v4l2_device_unregister(&vcap.v4l2_dev);
	return ret;
}

static void __exit vcap_exit(void)
{
	video_unregister_device(&vcap.vdev);
	v4l2_device_unregister(&vcap.v4l2_dev);
}

module_init(vcap_init);
module_exit(vcap_exit);
MODULE_LICENSE("GPL");
