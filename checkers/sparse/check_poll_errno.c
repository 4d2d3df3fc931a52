// SPDX-License-Identifier: GPL-2.0
/*
 * poll-errno: a ->poll callback returns a negative errno (-EINVAL, or a
 * local that holds one on some path): __poll_t is unsigned, so poll()
 * reads it as a mask with nearly every event set.  The IR has the value,
 * not the name: a constant in the errno range of the returned width.
 */
#include "ir_values.h"
#include "poll_facts.h"
#include "report.h"
#include "sparse_checks.h"

/* include/linux/err.h: -1 .. -MAX_ERRNO are errno values */
#define MAX_ERRNO 4095

struct errno_value {
	unsigned int bits;
	long long found;
};

static bool negative_errno(pseudo_t v, void *arg)
{
	struct errno_value *e = arg;
	unsigned long long sign;
	long long x;

	if (!pseudo_const(v, &x) || e->bits == 0 || e->bits >= 64)
		return false;
	/* the constant as a signed value of the returned width */
	sign = 1ULL << (e->bits - 1);
	x = (long long)(((unsigned long long)x & ((sign << 1) - 1)) ^ sign) -
	    (long long)sign;
	e->found = x;
	return x < 0 && x >= -MAX_ERRNO;
}

void check_poll_errno(void)
{
	for (size_t c = 0; c < poll_cb_count(); c++) {
		const struct poll_cb *cb = poll_cb_get(c);
		const struct poll_fn *fn = poll_cb_fn(cb);

		for (size_t r = 0; fn && r < fn->n_rets; r++) {
			struct errno_value e = { fn->rets[r].bits, 0 };
			struct finding *f;

			if (!pseudo_some_value(fn->rets[r].value, NULL, negative_errno, &e))
				continue;
			/* if-converted returns: the negative one is the errno */
			f = report("poll-errno", fn->rets[r].has_negative_pos ?
				   fn->rets[r].negative_pos : fn->rets[r].pos,
				   fn->name, cb->name,
				   "->poll returns %lld, a negative errno that poll() "
				   "reads as a mask of events; return EPOLLERR (or "
				   "EPOLLHUP) instead", e.found);
			poll_note_registered(f, cb);
		}
	}
}
