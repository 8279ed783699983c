// SPDX-License-Identifier: MIT
// The outputs of the three batch queries (distance, overlap, SAT) for every pair of a set, as separate
// arrays, and the query output structs that write into them: one bundle for every test that runs the
// queries over a batch.
#ifndef GJK2D_TEST_OUTPUTS_H
#define GJK2D_TEST_OUTPUTS_H

#include <stdint.h>

#include "gjk2d.h"

typedef struct query_outputs {
    int64_t n;
    float *dist, *sd, *core, *ax, *ay, *bx, *by, *nx, *ny; ///< distance
    float *sep, *snx, *sny;                                ///< SAT
    int32_t *fa, *fb, *iter;                               ///< distance
    int32_t *oiter;                                        ///< overlap
    uint8_t *st;                                           ///< distance
    uint8_t *ov, *ost;                                     ///< overlap
    uint8_t *sov, *sst;                                    ///< SAT
    int offset; ///< each array starts this many elements past a 64-byte boundary (outputs_alloc_at)
} query_outputs;

/// Room for n pairs, every value poisoned (-12345 floats, -7 integers, 0xee bytes), so a pair a query
/// forgot to write is a visible difference; every page is written, so no timed run pays its page faults.
/// Aborts on out of memory.
void outputs_alloc(query_outputs *o, int64_t n);
/// The same with every array `offset` elements past a 64-byte boundary: outputs_alloc's arrays are aligned
/// to 64 bytes (offset 0), as the batch calls' streaming stores want them (docs/design.md); an offset of 1
/// gives arrays no vector store is aligned in.
void outputs_alloc_at(query_outputs *o, int64_t n, int offset);
void outputs_free(query_outputs *o);

/// Every byte of every array set to `byte`.
void outputs_fill(query_outputs *o, int byte);
/// Every array of `src` into `dst` (both of src->n pairs).
void outputs_copy(query_outputs *dst, const query_outputs *src);

/// The output struct of each query writing into `o`.
gjk2d_distance_out outputs_distance(const query_outputs *o);
gjk2d_overlap_out outputs_overlap(const query_outputs *o);
gjk2d_sat_out outputs_sat(const query_outputs *o);

/// The three queries over pairs [begin, end) through the public batch calls. Returns 0 or the first
/// error code.
int outputs_run_batch(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                      int64_t end, query_outputs *o);

/// Whether every output of every pair is bit-identical in `a` and `b`.
int outputs_equal(const query_outputs *a, const query_outputs *b);

#endif
