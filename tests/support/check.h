// Shared comparison of the library's single-pair queries with the oracle (with the tolerances of
// src/tolerance.h), and the error statistics the property tests print.
#ifndef GJK2D_TEST_CHECK_H
#define GJK2D_TEST_CHECK_H

#include "gjk2d.h"
#include "oracle.h"
#include "support.h"
#include "tolerance.h"

// The tolerances (TOL_REL, TOL_POINT, TOL_UNIT) and the pair scale L: src/tolerance.h.

/// Errors measured over a set of pairs; ratios are relative to each pair's L.
typedef struct pair_stats {
    long pairs;
    long separated;         ///< oracle clearance > band
    long overlapping;       ///< oracle clearance < -band
    long touching;          ///< |oracle clearance| <= TOL_REL * L: excluded from the overlap agreement
    double max_dist_abs;    ///< max |distance - oracle|
    double max_dist_rel;    ///< max |distance - oracle| / L
    double max_core_rel;    ///< max |core_distance - oracle core distance| / L
    double max_signed_rel;  ///< max |signed_distance - (oracle core distance - ra - rb)| / L
    double max_feature_rel; ///< max | distance of a witness point from its feature - radius | / (L + W)
    double max_point_rel;   ///< max distance of a reported closest point from its (rounded) surface / (L + W)
    double max_span_rel;    ///< max | |pB - pA| - distance | / (L + W) (world points)
    double max_normal_rel;  ///< max |(pB - pA) - distance * n| / (L + W)
    double max_axis_rel;    ///< max (core distance - gap along the GJK normal) / L
    double max_unit;        ///< max | |n| - 1 | of GJK and SAT normals
    double max_sat_rel;     ///< max |SAT separation - oracle clearance| / L
    double max_sat_abs;
    double max_pen_rel;      ///< max |SAT separation - oracle clearance| / L over overlapping polygon pairs
    double max_sat_axis_rel; ///< max |gap along the SAT axis - separation| / L
    double max_gap_rel;      ///< max |SAT positive separation - GJK distance| / L
    int max_iterations;
} pair_stats;

enum {
    CHECK_SAT_VALUE = 1, ///< compare the SAT separation with the oracle clearance (not for point vs point)
};

/// Run gjk2d_distance, gjk2d_overlap and gjk2d_sat on one pair, assert every property against the
/// oracle (failures print the whole pair): distances, signed distance, witness points and features,
/// normals, overlap verdicts, SAT separation and axis; and accumulate the errors.
void check_pair(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb, unsigned flags,
                pair_stats *st);

/// The signed distance of a distance result against the oracle's core distance: within `tol` of
/// core - ra - rb, distance exactly max(0, signed distance), -(ra + rb) when the cores overlap.
void check_signed_distance(const gjk2d_distance_result *r, double ra, double rb, double core, double tol,
                           const char *repr);

/// The witness features of a distance result (`wa`, `wb`: the shapes in world frame, `core`: the oracle's
/// core distance): NONE exactly when the cores overlap, indices in range; for cores apart by more than
/// `tol`, each witness point lies at its radius from its feature (within `tolp`), the two features are
/// closest features (their distance is `core` within `tol`), and a reported edge faces the other shape
/// along the normal. Returns the witness points' largest distance error from their features.
double check_features(const gjk2d_shape *a, const gjk2d_shape *b, const oracle_poly *wa, const oracle_poly *wb,
                      const gjk2d_distance_result *r, double core, double tol, double tolp, const char *repr);

/// The span of feature `f` on the world-frame shape `w`: a vertex, or an edge widened to its run of
/// collinear vertices (a vertex within `slack` of the edge's line is on it). Returns 0 for a feature out
/// of range, 1 for a vertex, 2 for an edge, whose outward unit normal goes to `outward`.
int feature_span(const oracle_poly *w, int32_t f, double slack, double span[4], double outward[2]);

/// Print the statistics (cr_log_info) under a title.
void report_stats(const char *title, const pair_stats *st);

/// The pair as C initialisers with %.9g floats, for a failure message (thread-local buffer).
const char *pair_repr(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb);

/// Storage for one generated shape.
typedef struct test_shape {
    gjk2d_vec2 v[GJK2D_MAX_VERTICES];
    gjk2d_shape s;
    gjk2d_pose pose;
} test_shape;

/// Fill `t` with a random shape of `count` vertices (1 = random point, 2 = random segment, else a
/// random convex polygon) of size ~`size`, radius in [0, max_radius], pose in the box.
void random_shape(oracle_rng *r, int count, double size, double max_radius, double half_box, test_shape *t);

#endif
