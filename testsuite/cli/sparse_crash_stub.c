// SPDX-License-Identifier: GPL-2.0
/*
 * A function whose name a header stub macro takes (media/dvb_vb2.h without
 * CONFIG_DVB_MMAP): sparse cannot parse it, and its own expander crashed
 * on what the parser left (__builtin_object_size of memcpy()).
 */
#include <linux/module.h>
#include <linux/string.h>

struct fill_ctx {
	char *buf;
	int offset;
	int remain;
};

/* the header's stub for a config without the feature, as media/dvb_vb2.h */
#define fill_buffer(ctx, src, len) (0)

int fill_buffer(struct fill_ctx *ctx, const unsigned char *src, int len)
{
	void *vbuf = NULL;
	int todo = len;
	unsigned char *psrc = (unsigned char *)src;
	int ll = 0;

	while (todo) {
		ll = min(todo, ctx->remain);
		vbuf = ctx->buf;
		memcpy(vbuf + ctx->offset, psrc, ll);
		todo -= ll;
		psrc += ll;
	}
	return 0;
}
MODULE_LICENSE("GPL");
