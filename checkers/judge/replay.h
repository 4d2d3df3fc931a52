/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The judge over a facts database: what `drvcheck report` prints for a
 * build, and how `drvcheck scan` joins the per-file runs of a module of
 * several files.  The findings a run printed already are left out.
 */
#ifndef DRVCHECK_JUDGE_REPLAY_H
#define DRVCHECK_JUDGE_REPLAY_H

#include "core/finding.h"
#include "core/selection.h"

/*
 * The judge's findings over the runs engine (its name) wrote into db, as
 * engine's, selected by sel, into out.  0, or -1 after a message.
 */
int judge_replay(const char *db, enum engine engine,
		 const struct selection *sel, struct finding_list *out);

#endif
