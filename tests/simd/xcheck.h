// SPDX-License-Identifier: MIT
// The SIMD cross-check (dav1d checkasm style): every kernel table this host can run, native or
// SIMDe-emulated, is fed the same seeded pairs as the scalar reference and compared with it.
//
// The comparison with the reference is src/isa_compare.h's, the one `gjk2d check` makes (its rules are
// there, its tolerances in src/tolerance.h), over the three queries of every pair. This file adds checks
// of its own: a pair of an invalid shape or a bad pose has NaN distances and separation, no overlap, no
// iterations and no features; a witness feature names a vertex or edge of its shape; the distance normal
// and the SAT axis point where the reference's do, within the distance tolerance over the length they
// span plus 4 eps (isa_compare.c judges them by the gap they give, which a turned normal changes only to
// second order between two vertices). Between ISAs nothing is tolerated: every output, features included,
// must be bit-identical.
#ifndef GJK2D_XCHECK_H
#define GJK2D_XCHECK_H

#include <stdint.h>

#include "gjk2d.h"
#include "isa_compare.h"
#include "kernels.h"
#include "outputs.h"
#include "support.h"

typedef struct xc_table {
    char label[32]; ///< e.g. "avx2" or "avx512-emul"
    const gjk2d_kernel_table *table;
} xc_table;

/// Every SIMD table this host can run: native (CPU supports it) and SIMDe-emulated builds. Returns the count.
int xc_tables(xc_table *out, int cap);
/// The same, and for the tests of the SAT each 16-lane table again with its SAT's windows sorted by vertex
/// count whatever this CPU would do (labels "...-sorted"; gjk2d__sort_windows), so that both orders are
/// checked on every host.
int xc_tables_sat(xc_table *out, int cap);

/// Run the three queries of `t` over [begin, end) in chunks of `chunk` pairs (the range API).
void xc_run(const gjk2d_kernel_table *t, const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
            int64_t begin, int64_t end, int64_t chunk, query_outputs *o);

/// Compare `got` (table label) with the reference `ref` on every pair; prints the first failures with the
/// pair's shapes and returns the number of failing pairs. `exact` counts pairs bit-identical to the reference.
/// `set` holds the geometry the shapes were prepared from, `poses` the poses the queries ran with.
int64_t xc_compare_ref(const char *label, const test_set *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                       const query_outputs *ref, const query_outputs *got, int64_t *exact);

/// Bit-identity of two tables' outputs; prints the first difference; returns the number of differing pairs.
int64_t xc_compare_exact(const char *label_a, const char *label_b, const test_set *set, const gjk2d_poses *poses,
                         const gjk2d_pairs *pairs, const query_outputs *a, const query_outputs *b);

/// Whether pair k's outputs are bit-identical in `a` and `b` (every field).
int xc_pair_exact(const query_outputs *a, const query_outputs *b, int64_t k);

/// Print pair k's shapes and poses (for a failure report) to stderr.
void xc_print_pair(const test_set *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t k);

/// Print pair k's outputs under a label to stderr.
void xc_print_outputs(const char *label, const query_outputs *o, int64_t k);

#endif
