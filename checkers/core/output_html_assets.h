/* SPDX-License-Identifier: GPL-2.0 */
/* The HTML report's inline style sheet and script (output_html_assets.c). */
#ifndef DRVCHECK_OUTPUT_HTML_ASSETS_H
#define DRVCHECK_OUTPUT_HTML_ASSETS_H

extern const char html_style[];
extern const char html_script[];

#endif
