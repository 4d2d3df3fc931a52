// SPDX-License-Identifier: GPL-2.0
#include "harness.h"

int harness_passed, harness_failed;

int harness_done(void)
{
	printf("%d passed, %d failed\n", harness_passed, harness_failed);
	return harness_failed ? 1 : 0;
}
