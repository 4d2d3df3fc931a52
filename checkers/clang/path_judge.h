/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The judge on one path: a release, sync or free whose handle the DMA
 * checker knows a map or allocation of this path made is judged against
 * that one mapping (judge_pair()), with the judge's rules and wording.
 * Values are what the path knows of them: constants, else linear forms
 * over the path's symbols (atoms "sym:<id>:<name>", shown as the name),
 * and the constraint solver is asked first whether two are equal or one
 * is greater (judge_prove_fn).
 */
#ifndef DRVCHECK_CLANG_PATH_JUDGE_H
#define DRVCHECK_CLANG_PATH_JUDGE_H

#include "dma_state.h"

#include <vector>

namespace drvcheck {

struct PathVerdict {
	const struct check *Check;
	std::string Message;
};

/* The verdicts on Event (a call of Fn releasing or syncing M). */
std::vector<PathVerdict> judgeOnPath(const DmaMapping &M, const api_fn *Fn,
				     const CallEvent &Event, CheckerContext &C);

} // namespace drvcheck

#endif
