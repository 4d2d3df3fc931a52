// SPDX-License-Identifier: GPL-2.0
/*
 * mmap_file PATH: map the first page of PATH shared, as a user-space
 * driver maps a PCI sysfs resource file.  Exit 0 when mapped, 1 when the
 * kernel refused (errno printed), 2 on bad use.  Built static for the
 * busybox guest.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

int main(int argc, char **argv)
{
	void *p;
	int fd;

	if (argc != 2) {
		fprintf(stderr, "usage: mmap_file PATH\n");
		return 2;
	}
	fd = open(argv[1], O_RDWR);
	if (fd < 0) {
		fprintf(stderr, "mmap_file: open %s: %s\n", argv[1], strerror(errno));
		return 2;
	}
	p = mmap(NULL, 4096, PROT_READ, MAP_SHARED, fd, 0);
	if (p == MAP_FAILED) {
		printf("mmap_file: %s refused: %s\n", argv[1], strerror(errno));
		return 1;
	}
	printf("mmap_file: %s mapped\n", argv[1]);
	munmap(p, 4096);
	close(fd);
	return 0;
}
