// SPDX-License-Identifier: MIT
// Fast text formatting for the CSV and scene writers: the same characters printf would produce.
#ifndef GJK2D_CLI_FMT_H
#define GJK2D_CLI_FMT_H

#include <stdint.h>

/// Longest output of fmt_float9 (e.g. "-1.23456789e-38"), without a terminator.
#define FMT_FLOAT_MAX 16

/// Write v exactly as printf("%.9g", v) would (9 significant digits round-trip any float).
/// Returns the number of characters written; no terminator.
int fmt_float9(char *out, float v);

/// Write a signed integer in decimal. Returns the number of characters written; no terminator.
int fmt_i64(char *out, int64_t v);

#endif
