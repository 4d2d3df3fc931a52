// SPDX-License-Identifier: GPL-2.0
/*
 * epoll_file PATH: add PATH to an epoll set for input (the driver's ->poll
 * runs with epoll's queue proc, where it must call poll_wait()) and wait
 * up to 100 ms for it.  Prints the events seen; exit 0, or 2 on bad use or
 * a failed call (errno printed).  Built static for the busybox guest.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/epoll.h>
#include <unistd.h>

static int failed(const char *what, const char *path)
{
	fprintf(stderr, "epoll_file: %s %s: %s\n", what, path, strerror(errno));
	return 2;
}

int main(int argc, char **argv)
{
	struct epoll_event ev = { .events = EPOLLIN };
	int fd, ep, n;

	if (argc != 2) {
		fprintf(stderr, "usage: epoll_file PATH\n");
		return 2;
	}
	fd = open(argv[1], O_RDONLY);
	if (fd < 0)
		return failed("open", argv[1]);
	ep = epoll_create1(0);
	if (ep < 0)
		return failed("epoll_create1 for", argv[1]);
	if (epoll_ctl(ep, EPOLL_CTL_ADD, fd, &ev) < 0)
		return failed("epoll_ctl ADD", argv[1]);
	n = epoll_wait(ep, &ev, 1, 100);
	if (n < 0)
		return failed("epoll_wait on", argv[1]);
	printf("epoll_file: %s: %d event(s) 0x%x\n", argv[1], n,
	       n ? ev.events : 0);
	close(ep);
	close(fd);
	return 0;
}
