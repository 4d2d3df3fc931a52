/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The project's C headers the plugin uses (the model, the catalogue, the
 * judge), as C++ reads them.  C names a struct and the function that
 * makes or prints one alike (struct judge_verdict, judge_verdict()) and
 * leaves members of a compound literal to zero; g++ warns about both.
 */
#ifndef DRVCHECK_CLANG_C_API_H
#define DRVCHECK_CLANG_C_API_H

#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wshadow"
#pragma GCC diagnostic ignored "-Wmissing-field-initializers"
extern "C" {
#include "core/checks.h"
#include "core/selection.h"
#include "core/util.h"
#include "judge/facts.h"
#include "judge/facts_db.h"
#include "judge/judge.h"
#include "model/api_model.h"
}
#pragma GCC diagnostic pop

#endif
