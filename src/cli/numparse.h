// SPDX-License-Identifier: MIT
// Decimal number parsing for the scene reader: a fast path that gives exactly what strtof / strtod
// give, and falls back to them for everything it cannot prove.
#ifndef GJK2D_CLI_NUMPARSE_H
#define GJK2D_CLI_NUMPARSE_H

/// Parse a float at p like strtof(p, end) (p must not start with whitespace). The number must be
/// followed by a blank, '\n' or '\0' for the fast path; anything else goes through strtof.
float parse_float(const char *p, char **end);

/// Same for double, like strtod.
double parse_double(const char *p, char **end);

#endif
