// Brute-force reference geometry in double, independent of the library (it only borrows the public
// types), plus a deterministic RNG and random shape generators for the property tests.
//
// Everything here is O(n*m) and obviously correct rather than fast: overlap = a vertex of one shape
// inside the other or two edges crossing; otherwise the distance is the minimum point-to-segment
// distance both ways. Inputs are the library's float shapes and poses, converted exactly to double,
// so the oracle answers the question the library was actually asked.
#ifndef GJK2D_TEST_ORACLE_H
#define GJK2D_TEST_ORACLE_H

#include <stdint.h>

#include "gjk2d.h"
#include "random_convex.h"

/// A shape's core as a point list in double (world frame or A's frame) and its radius.
typedef struct oracle_poly {
    int n;
    double r;
    double x[GJK2D_MAX_VERTICES];
    double y[GJK2D_MAX_VERTICES];
} oracle_poly;

/// world = R * local + p with the float pose's numbers, evaluated in double.
void oracle_world(const gjk2d_shape *shape, const gjk2d_pose *pose, oracle_poly *out);

/// The world-frame polygon expressed in the frame of `frame` (inverse pose in double).
void oracle_into_frame(const oracle_poly *world, const gjk2d_pose *frame, oracle_poly *out);

/// Distance from (px, py) to segment AB (a zero-length segment is a point); closest point to *cx, *cy
/// when those are not NULL.
double oracle_point_segment(double px, double py, double ax, double ay, double bx, double by, double *cx, double *cy);

/// Distance from a point to the core of a shape (0 inside a polygon with positive area).
double oracle_point_core(const oracle_poly *p, double x, double y);

/// Whether two segments cross at a single interior point of both (strict orientation test); touching
/// and collinear cases are left to the point-to-segment distances, which return 0 for them.
int oracle_segments_cross(double ax, double ay, double bx, double by, double cx, double cy, double dx, double dy);

/// Distance between the cores (0 when they overlap or touch).
double oracle_core_distance(const oracle_poly *a, const oracle_poly *b);

/// max(0, core distance - ra - rb).
double oracle_distance(const oracle_poly *a, const oracle_poly *b);

/// Penetration depth of two overlapping cores: the minimum over the normals of every non-degenerate
/// edge of both shapes of the overlap of their projections on that axis. For convex polygons this is
/// the minimum translation distance. 0 if neither shape has an edge.
double oracle_penetration(const oracle_poly *a, const oracle_poly *b);

/// Signed clearance of the rounded shapes: core distance - ra - rb when the cores are apart,
/// -(penetration + ra + rb) when they overlap. Equals the exact SAT separation of two polygons.
double oracle_clearance(const oracle_poly *a, const oracle_poly *b);

/// Gap along the unit axis n from A to B: min over B of n.b - max over A of n.a (cores only).
double oracle_gap_along(const oracle_poly *a, const oracle_poly *b, double nx, double ny);

/// Largest |coordinate| of a point list.
double oracle_max_abs(const oracle_poly *p);

/// The pair's scale L (tol_pair_scale of src/tolerance.h) of two shapes with float poses.
double oracle_scale(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb);

// ---------------------------------------------------------------------------------------------
// Deterministic randomness
// ---------------------------------------------------------------------------------------------

/// The tests' stream: splitmix64 (src/random_convex.h), tiny, full-period, identical on every platform.
typedef struct oracle_rng {
    uint64_t state;
} oracle_rng;

oracle_rng oracle_rng_seed(uint64_t seed);
uint64_t oracle_next(oracle_rng *r);
/// Uniform in [lo, hi).
double oracle_uniform(oracle_rng *r, double lo, double hi);
/// Uniform integer in [lo, hi].
int oracle_int(oracle_rng *r, int lo, int hi);
/// The stream as src/random_convex.h's generators take it (rc_convex_sorted: the tests' random convex
/// polygons, strictly convex in float as rc_strictly_convex judges it in double, not by the library).
rc_stream oracle_stream(oracle_rng *r);

/// A random pose: position uniform in [-half_box, half_box]^2, angle uniform; cos and sin rounded to float.
gjk2d_pose oracle_random_pose(oracle_rng *r, double half_box);

/// A random radius in [0, max_radius].
float oracle_random_radius(oracle_rng *r, double max_radius);

#endif
