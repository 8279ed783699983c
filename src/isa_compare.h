// SPDX-License-Identifier: MIT
// One ISA's answer for one pair against the scalar reference's, within the tolerances of src/tolerance.h:
// the one home of that comparison, used by `gjk2d check` (src/cli/cmd_check.c) and the SIMD cross-check
// (tests/simd/xcheck.c). Not part of the library: it calls only the public API (gjk2d_closest_on_shape).
//
// The rules (`gjk2d check --help` prints them for users): statuses equal (pairs whose reference status is
// invalid or bad-pose are not compared further); distances, signed and core distances and separations
// within TOL_REL * L of the reference's, and distance = max(0, signed distance) exactly; closest points
// within TOL_POINT(L, W) of the reference's, or else another valid witness (parallel closest features have
// many); the distance normal must separate the cores by the core distance, the SAT axis give the reference
// separation, both within the limits below; witness features none exactly when the core distance is 0
// and, for shapes apart, holding the core witness points; overlap answers judged only outside the
// touching band |reference SAT separation| <= TOL_REL * L. Iterations and features are counted, not failed.
#ifndef GJK2D_ISA_COMPARE_H
#define GJK2D_ISA_COMPARE_H

#include <stdint.h>

#include "gjk2d.h"
#include "tolerance.h"

/// The queries compared (the batch calls gjk2d_batch_distance, _overlap and _sat).
typedef enum ic_query { IC_DISTANCE, IC_OVERLAP, IC_SAT } ic_query;

/// One pair's answer to one query: the fields that query fills (the others are not read).
typedef struct ic_result {
    float distance, signed_distance, core_distance, ax, ay, bx, by, nx, ny, separation;
    int32_t feature_a, feature_b, iterations;
    uint8_t overlap, status;
} ic_result;

/// One pair in double, both cores in A's frame, for the pair's scales and for judging normals and
/// features; and the shapes as the library takes them, for distances from a point to a core.
typedef struct ic_pair {
    int na, nb;
    double ax[GJK2D_MAX_VERTICES], ay[GJK2D_MAX_VERTICES], bx[GJK2D_MAX_VERTICES], by[GJK2D_MAX_VERTICES];
    double ra, rb;
    double L;                ///< the pair's scale (tol_pair_scale)
    double W;                ///< the largest |world coordinate| of both cores, plus both radii
    double ca, sa, pax, pay; ///< A's pose
    gjk2d_vec2 va[GJK2D_MAX_VERTICES], vb[GJK2D_MAX_VERTICES];
    gjk2d_shape shape_a, shape_b; ///< cores (radius 0) over va, vb
    gjk2d_pose pose_a, pose_b;
} ic_pair;

/// Fill *g from the pair's two shapes and poses (tolerance.h's tol_shape; valid shapes and poses only).
void ic_pair_make(const tol_shape *a, const tol_shape *b, ic_pair *g);

/// The largest errors seen (in units of L) and what is counted rather than failed.
typedef struct ic_stats {
    int64_t touching, alt_witness, iter_diff, feature_diff;
    double max_dist, max_point, max_normal, max_sep;
} ic_stats;

/// One failed rule: `what` is off (got, ref, tol), or, when `features` is set, the witness features
/// (feature_a, feature_b) do not hold the closest points at that core distance.
typedef struct ic_failure {
    const char *what;
    double got, ref, tol;
    int features;
    int32_t feature_a, feature_b;
    double core_distance;
} ic_failure;

typedef void (*ic_report)(void *ctx, const ic_failure *f);

/// Compare `got` with `ref` for pair g under query q; `ref_sat_separation` is the reference SAT
/// separation of the pair (the touching band; NAN: no band). Both statuses must be equal and neither
/// invalid nor bad-pose (the caller's first checks). Updates *st, calls `report` once per failed rule
/// (in a fixed order) and returns how many failed.
int ic_compare(ic_query q, const ic_pair *g, const ic_result *got, const ic_result *ref, double ref_sat_separation,
               ic_stats *st, ic_report report, void *ctx);

/// Whether two answers have the same bits in every field.
int ic_same_bits(const ic_result *x, const ic_result *y);

#endif
