// SPDX-License-Identifier: GPL-2.0
/*
 * poll-no-wait: a ->poll callback can return a not-ready mask (0, or a
 * mask computed at run time) on a CFG path from its entry that neither
 * passes a model poll_wait() call nor uses the poll_table parameter at
 * all (handing it to a helper or to datagram_poll() registers there).
 * A return that can only bring constant non-zero masks (always ready, or
 * an error state) is fine, and so are phi sources reached only after a
 * registration.
 *
 * One state has nothing to wait for (docs/checks.md, poll-no-wait): the
 * NULL side of a test of a pointer member read through a pointer
 * (`if (!indio_dev->info) return 0;`: the device is gone, its
 * unregistration cleared the pointer once and woke the queue).  A block
 * entered only from such NULL sides counts as registered.  A stub that
 * always returns 0 is reported: its poller never hears of a hangup.
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

/*
 * A pointer member read through a pointer: dev->info, not a global; also
 * through a pointer cast (pp = file->private_data, a void * made a
 * struct pointer).
 */
static bool member_pointer(pseudo_t p)
{
	struct instruction *ld;

	while (p && p->type == PSEUDO_REG && p->def &&
	       (p->def->opcode == OP_PTRCAST || p->def->opcode == OP_COPY))
		p = p->def->src;
	if (!p || p->type != PSEUDO_REG || !p->def)
		return false;
	ld = p->def;
	return ld->opcode == OP_LOAD && ld->type && is_ptr_type(ld->type) &&
	       ld->src && ld->src->type != PSEUDO_SYM;
}

/*
 * cond being truth means some member pointer is NULL: sparse folds
 * `!dev->info || !rb` into an or.1 of two seteq.1 against 0.
 */
static bool null_when(pseudo_t cond, bool truth)
{
	struct instruction *def;
	long long zero;

	if (member_pointer(cond))
		return !truth;
	if (!cond || cond->type != PSEUDO_REG || !(def = cond->def))
		return false;
	switch (def->opcode) {
	case OP_SET_EQ:
	case OP_SET_NE:
		return member_pointer(def->src1) && pseudo_const(def->src2, &zero) &&
		       !zero && truth == (def->opcode == OP_SET_EQ);
	case OP_OR:	/* true: either may be the one that holds */
		return truth ? null_when(def->src1, true) && null_when(def->src2, true)
			     : null_when(def->src1, false) || null_when(def->src2, false);
	case OP_AND:
		return truth ? null_when(def->src1, true) || null_when(def->src2, true)
			     : null_when(def->src1, false) && null_when(def->src2, false);
	default:
		return false;
	}
}

/* The block a branch enters when it found a member pointer NULL, or NULL. */
static struct basic_block *gone_side(struct instruction *br)
{
	if (!br || br->opcode != OP_CBR)
		return NULL;
	if (null_when(br->cond, true))
		return br->bb_true;
	if (null_when(br->cond, false))
		return br->bb_false;
	return NULL;
}

/* Every way into bb is the NULL side of a member pointer test. */
static bool device_gone(struct basic_block *bb)
{
	struct basic_block *parent;
	bool any = false;

	FOR_EACH_PTR(bb->parents, parent) {
		if (gone_side(last_instruction(parent->insns)) != bb)
			return false;
		any = true;
	} END_FOR_EACH_PTR(parent);
	return any;
}

static bool registers(struct instruction *insn, void *arg)
{
	const struct no_wait *nw = arg;

	if (insn->bb && device_gone(insn->bb))
		return true;
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

	/* the search finds insn before it can block on insn's own block */
	if (insn->bb && device_gone(insn->bb))
		return false;
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
