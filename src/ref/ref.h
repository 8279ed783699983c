// SPDX-License-Identifier: MIT
// The scalar reference's internal interface: a pair expressed in A's local frame, and the queries on it.
// The public single-pair calls and the scalar batch both go through these, so they give identical answers.
#ifndef GJK2D_REF_H
#define GJK2D_REF_H

#include <stddef.h>

#include "gjk2d.h"
#include "shapes.h"

// The reference's functions are linked under the library's internal prefix; inside the project they
// keep the short names the papers' structure suggests.
#define ref_relative_pose gjk2d__ref_relative_pose
#define ref_pair_load gjk2d__ref_pair_load
#define ref_distance gjk2d__ref_distance
#define ref_distance_cached gjk2d__ref_distance_cached
#define ref_cutoff_by_bounds gjk2d__ref_cutoff_by_bounds
#define ref_overlap_cached gjk2d__ref_overlap_cached
#define ref_closest_cores gjk2d__ref_closest_cores
#define ref_closest_cores_cached gjk2d__ref_closest_cores_cached
#define ref_pair_from_set gjk2d__ref_pair_from_set
#define ref_sat_face gjk2d__ref_sat_face
#define ref_manifold gjk2d__ref_manifold
#define ref_overlap gjk2d__ref_overlap
#define ref_sat gjk2d__ref_sat
#define ref_validate gjk2d__ref_validate
#define ref_simplex_metric gjk2d__ref_simplex_metric
#define ref_cache_fits gjk2d__ref_cache_fits
#define ref_cache_store gjk2d__ref_cache_store
#define ref_solve_simplex gjk2d__ref_solve_simplex
#define ref_cache_size_agrees gjk2d__ref_cache_size_agrees

/// A pair in A's local frame: A's vertices as given, B's vertices moved by the relative pose.
/// Working here keeps large world coordinates out of every difference the queries take.
typedef struct ref_pair {
    gjk2d_vec2 a[GJK2D_MAX_VERTICES];
    gjk2d_vec2 b[GJK2D_MAX_VERTICES];
    int32_t na, nb;
    float ra, rb;
    gjk2d__pose pose_a; ///< to bring results back to world frame
} ref_pair;

/// A vertex of a GJK simplex: a point of the Minkowski difference B - A and where it came from.
typedef struct ref_simplex_vertex {
    gjk2d_vec2 a, b; ///< support points on A and on B (A's frame)
    gjk2d_vec2 w;    ///< b - a: a point of the Minkowski difference
    int32_t ia, ib;  ///< their vertex indices
    float weight;    ///< barycentric coordinate of this vertex in the closest point
} ref_simplex_vertex;

typedef struct ref_simplex {
    ref_simplex_vertex v[3];
    int32_t count;
} ref_simplex;

/// Closest point of the simplex to q (simplex.c); culls the vertices that do not contribute, keeping the
/// others in their order, and stores each survivor's barycentric weight.
gjk2d_vec2 ref_solve_simplex(ref_simplex *s, gjk2d_vec2 q);

/// B's pose in A's frame, in double (c, s, px, py): B's vertices are moved with it and rounded once.
void ref_relative_pose(const gjk2d__pose *pose_a, const gjk2d__pose *pose_b, double rel[4]);

/// Fill a ref_pair from two shapes given as strided x/y arrays (AoS: stride 2, SoA: stride 1).
void ref_pair_load(ref_pair *p, const float *ax, const float *ay, int stride_a, int32_t na, float ra,
                   const gjk2d__pose *pose_a, const float *bx, const float *by, int stride_b, int32_t nb, float rb,
                   const gjk2d__pose *pose_b);

/// Fill a ref_pair with pair (ia, ib) of a prepared set and its poses. Returns GJK2D_STATUS_OK, or the
/// pair's status when it cannot be computed: _INVALID (a shape failed validation), _BAD_POSE.
gjk2d_status ref_pair_from_set(ref_pair *p, const gjk2d_shapes *s, const gjk2d_poses *poses, int32_t ia, int32_t ib);

/// GJK on the cores (the shapes without their radii), in A's frame: what the distance query and the
/// manifold build on.
typedef struct ref_cores {
    gjk2d_vec2 point_a, point_b;  ///< closest points of the cores (point_b = point_a when they overlap)
    gjk2d_vec2 normal;            ///< unit, A to B; zero when the cores overlap
    double core;                  ///< distance between the cores (0 when they overlap)
    int overlap;                  ///< the cores overlap (or are too close for a normal to be formed)
    int32_t feature_a, feature_b; ///< witness features (GJK2D_FEATURE_NONE when the cores overlap)
    int32_t iterations;
    gjk2d_end end;
    double bound; ///< end GJK2D_END_CUTOFF: the lower bound of the core distance that passed the cutoff
} ref_cores;
void ref_closest_cores(const ref_pair *p, ref_cores *out, gjk2d_trace *trace);
/// The same, started from `cache` when it fits (NULL: cold) and writing the final simplex back to it,
/// stopped with end GJK2D_END_CUTOFF once GJK's lower bound of the core distance passes `cutoff`.
void ref_closest_cores_cached(const ref_pair *p, gjk2d_cache *cache, double cutoff, ref_cores *out, gjk2d_trace *trace);

/// The face of `self` (an edge, by index) along whose outward normal `other` is furthest away: the largest
/// projection gap, as ref_sat measures it (the first such edge on a tie). Returns -1 when `self` has no
/// edge of non-zero length; else writes the gap and the unit outward normal.
int32_t ref_sat_face(const gjk2d_vec2 *self, int32_t n_self, const gjk2d_vec2 *other, int32_t n_other,
                     float *separation, gjk2d_vec2 *normal);

/// The queries on a loaded pair. Results in world frame; status is OK or MAXITER. The shapes and
/// poses were validated by the caller.
void ref_distance(const ref_pair *p, gjk2d_distance_result *out, gjk2d_trace *trace);
void ref_overlap(const ref_pair *p, gjk2d_overlap_result *out);
/// The same, started from `cache` when it still fits the pair (NULL or a zeroed entry: a cold start,
/// identical to the calls above) and writing the final simplex back to it. The distance query stops a
/// pair as soon as GJK's lower bound proves it farther than max_distance (INFINITY: never):
/// GJK2D_STATUS_BEYOND, with that bound as its distances.
void ref_distance_cached(const ref_pair *p, gjk2d_cache *cache, float max_distance, gjk2d_distance_result *out,
                         gjk2d_trace *trace);
void ref_overlap_cached(const ref_pair *p, gjk2d_cache *cache, gjk2d_overlap_result *out);
/// The cutoff's first test, before any vertex is read: the bounding circles (gjk2d_shapes_bound: bound_a,
/// bound_b about the shapes' local origins, radii included) of two valid shapes at checked poses. Returns 1
/// and writes GJK2D_STATUS_BEYOND (no iterations, end GJK2D_END_CUTOFF) when the circles alone prove the
/// pair farther apart than max_distance; else 0 and `out` is untouched. Every distance query with a
/// cutoff asks it first, in the batch (per pair, from the set's bounds) and in gjk2d_distance_cached.
/// The relative margin of ref_cutoff_by_bounds' bound, |d| (1 - m) - (bound_a + bound_b)(1 + m), which
/// keeps it below the distance GJK measures (gjk.c says why 2^-19); the SIMD kernels use the same.
#define REF_CUTOFF_BOUND_MARGIN 0x1p-19
int ref_cutoff_by_bounds(const gjk2d__pose *pa, const gjk2d__pose *pb, float bound_a, float bound_b, float ra, float rb,
                         float max_distance, gjk2d_distance_result *out);
void ref_sat(const ref_pair *p, gjk2d_sat_result *out);
/// Contact manifold (manifold.c); `pose_b` gives the anchors relative to B, `margin` >= 0 is checked by the caller.
void ref_manifold(const ref_pair *p, const gjk2d__pose *pose_b, float margin, gjk2d_manifold_result *out);
/// The entry points' shared rules (query.c): whether a margin is accepted, and the result of a pair that
/// cannot be computed (count 0, NaN numbers, ids NONE).
int gjk2d__margin_ok(float margin);
void gjk2d__manifold_failed(gjk2d_manifold_result *out, gjk2d_status status);

/// The size of a simplex of Minkowski-difference points w[0 .. count) that a cache compares between
/// frames (Box2D's metric): the length of a segment, twice the signed area of a triangle, 0 for a point.
float ref_simplex_metric(const gjk2d_vec2 *w, int32_t count);
/// Whether a cache entry may start GJK on this pair: 1..3 vertices, indices inside both shapes, and a
/// size that still agrees with the cached one (cache.c). NULL and zeroed entries do not.
int ref_cache_fits(const ref_pair *p, const gjk2d_cache *c);
/// The two halves of that rule: the entry's count and indices against shapes of na and nb vertices
/// (inline: the SIMD kernels test it lane by lane as they read the entries); then, for an entry that
/// passed, its size against the points w[0 .. count) the indices give now (the kernels test it in lanes,
/// with the same operations).
static inline int ref_cache_indices_fit(const gjk2d_cache *c, int32_t na, int32_t nb) {
    if (c->count < 1 || c->count > 3) return 0;
    for (int32_t i = 0; i < c->count; ++i)
        if (c->index_a[i] >= na || c->index_b[i] >= nb) return 0;
    return 1;
}
int ref_cache_size_agrees(const gjk2d_cache *c, const gjk2d_vec2 *w);

/// The vertices of a final simplex as a cache needs them, wherever a query keeps them: vertex i's
/// indices and point at byte offset i * stride from ia, ib and w (REF_SIMPLEX_VIEW of an array of
/// vertex structs with fields ia, ib and w).
typedef struct ref_simplex_view {
    const int32_t *ia, *ib;
    const gjk2d_vec2 *w;
    size_t stride;
    int32_t count;
} ref_simplex_view;
#define REF_SIMPLEX_VIEW(v, n) ((ref_simplex_view){&(v)[0].ia, &(v)[0].ib, &(v)[0].w, sizeof((v)[0]), (n)})
/// Write a final simplex as a cache entry (the one home of the cache's write, for every query and kernel).
void ref_cache_store(gjk2d_cache *c, ref_simplex_view s);

/// Geometry validation over strided coordinates (see gjk2d_validate_shape; validate.c).
gjk2d_problem ref_validate(const float *x, const float *y, int stride, int32_t n, float radius, int32_t *vertex);

#endif
