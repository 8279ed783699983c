// SPDX-License-Identifier: MIT
// The CSV of a query's results (csv.c): the columns 'gjk2d run --help' describes.
#ifndef GJK2D_CLI_CSV_H
#define GJK2D_CLI_CSV_H

#include <stdint.h>

#include "cli.h"
#include "runner.h"

/// A witness feature as the CSV writes it: "v<i>" for vertex i, "e<i>" for the edge from vertex i to
/// i + 1, "-" for none. Returns the number of characters written to out (room for 14), no terminator.
int format_feature(char *out, int32_t feature);

/// CSV header of a query (with the trailing newline); with_frame adds the last column, frame.
const char *csv_header(query_kind kind, int with_frame);

/// Write rows [begin, end) in CSV ("pair" column = index + index_offset).
void write_csv_rows(outfile *out, const results *r, int64_t begin, int64_t end, int64_t index_offset);

/// Write every row, formatted by up to `threads` threads in blocks (same bytes as one thread). Returns 0
/// or -1 on a write error.
int write_csv(outfile *out, const results *r, int threads, progress *prog);

#endif
