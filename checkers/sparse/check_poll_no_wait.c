// SPDX-License-Identifier: GPL-2.0
/*
 * poll-no-wait: a ->poll callback can return a not-ready mask (0, or a
 * mask computed at run time) on a CFG path from its entry that neither
 * passes a model poll_wait() call nor uses the poll_table parameter at
 * all (handing it to a helper or to datagram_poll() registers there).
 * A return that can only bring constant non-zero masks (always ready, or
 * an error state) is fine, and so are phi sources reached only after a
 * registration.
 */
#include "ir_values.h"
#include "poll_facts.h"
#include "report.h"
#include "sparse_checks.h"

struct no_wait {
	const struct poll_fn *fn;
	pseudo_t table;
	bool zero;		/* the value found was the constant 0 */
};

static bool uses(struct instruction *insn, pseudo_t p)
{
	struct pseudo_user *pu;
	pseudo_t arg;

	FOR_EACH_PTR(p->users, pu) {
		if (pu->insn == insn)
			return true;
	} END_FOR_EACH_PTR(pu);
	/* an inlined call's arguments are not tracked as uses */
	if (insn->opcode == OP_INLINED_CALL)
		FOR_EACH_PTR(insn->arguments, arg) {
			if (arg == p)
				return true;
		} END_FOR_EACH_PTR(arg);
	return false;
}

static bool registers(struct instruction *insn, void *arg)
{
	const struct no_wait *nw = arg;

	if (uses(insn, nw->table))
		return true;
	for (size_t s = 0; s < nw->fn->n_sites; s++)
		if (nw->fn->sites[s].api->role == ROLE_POLL_WAIT &&
		    nw->fn->sites[s].cfg == insn)
			return true;
	return false;
}

static bool unregistered(struct instruction *insn, void *arg)
{
	const struct no_wait *nw = arg;

	return insn_reaches(nw->fn->ep->entry, insn, registers, arg);
}

static bool not_ready(pseudo_t v, void *arg)
{
	struct no_wait *nw = arg;
	long long x;

	nw->zero = pseudo_const(v, &x) && x == 0;
	return nw->zero || !pseudo_const(v, &x);
}

void check_poll_no_wait(void)
{
	for (size_t c = 0; c < poll_cb_count(); c++) {
		const struct poll_cb *cb = poll_cb_get(c);
		struct no_wait nw = { poll_cb_fn(cb), NULL, false };

		if (!nw.fn)
			continue;
		nw.table = poll_fn_param(nw.fn, cb->ops->table);
		if (!nw.table)
			continue;
		for (size_t r = 0; r < nw.fn->n_rets; r++) {
			const struct poll_return *ret = &nw.fn->rets[r];
			struct finding *f;

			if (!unregistered(ret->insn, &nw) ||
			    !pseudo_some_value(ret->value, unregistered, not_ready, &nw))
				continue;
			f = report("poll-no-wait", ret->pos, nw.fn->name, cb->name,
				   "->poll %s can return %s without registering with "
				   "poll_wait(): a poll() that finds nothing ready is "
				   "never woken", nw.fn->name,
				   nw.zero ? "0" : "a computed mask");
			f->confidence = CONF_MEDIUM;
			poll_note_registered(f, cb);
		}
	}
}
