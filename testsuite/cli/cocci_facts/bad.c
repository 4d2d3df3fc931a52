// SPDX-License-Identifier: GPL-2.0
/* The stand-in script prints a fact line nobody understands here. */
void drvcheck_bad_fact(void);

void foo_bad(void)
{
	drvcheck_bad_fact();
}
