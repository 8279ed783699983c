// SPDX-License-Identifier: MIT
// The casts' oracle, in long double and independent of the library (it borrows only the public types):
// exact distances of the cores (a vertex inside the other shape or crossing edges: 0; otherwise the least
// point-to-segment distance both ways) on the swept or translated poses, and from them
//   shape and ray casts: the first contact exactly, as rays from the vertices (lo_cast_exact), and, to
//     check that, the distance along the translation, convex in the fraction: golden-section search
//     finds its minimum and bisection the first crossing of a level;
//   ray casts, also exactly: the ray against every offset edge and vertex circle of the rounded shape;
//   point queries: the exact closest point and the inside test;
//   time of impact: advancement bounded by the largest speed of any point of the shapes (the distance
//     cannot fall faster), which cannot step over a crossing, then bisection.
#ifndef GJK2D_TEST_CAST_ORACLE_H
#define GJK2D_TEST_CAST_ORACLE_H

#include "gjk2d.h"
#include "oracle.h"

typedef long double ld;

/// A shape's core in the world frame, in long double, and its radius.
typedef struct lpoly {
    int n;
    ld r;
    ld x[GJK2D_MAX_VERTICES], y[GJK2D_MAX_VERTICES];
} lpoly;

/// world = R(c, s) * local + (px, py), in long double.
void lo_place(const gjk2d_shape *shape, ld c, ld s, ld px, ld py, lpoly *out);

/// Distance between the cores (0 when they overlap or touch); closest points to *pa, *pb (may be NULL;
/// unset when the cores overlap).
ld lo_core_distance(const lpoly *a, const lpoly *b, ld pa[2], ld pb[2]);

/// Signed distance of the cores: their distance, or minus the penetration depth when they overlap (convex
/// along any translation, as the distance is).
ld lo_signed_distance(const lpoly *a, const lpoly *b);

/// The signed distance with b moved by t * (dx, dy).
ld lo_signed_distance_moved(const lpoly *a, const lpoly *b, ld dx, ld dy, ld t);

/// Distance from a point to the core (0 inside a polygon); the closest point of the core to *c.
ld lo_point_core(const lpoly *p, ld x, ld y, ld c[2]);

/// Gap along the unit axis (nx, ny) from a to b: min over b of n.b - max over a of n.a (cores only).
ld lo_gap_along(const lpoly *a, const lpoly *b, ld nx, ld ny);

/// Largest |coordinate| of a core.
ld lo_max_abs(const lpoly *p);

/// A cast: b moves by t (dx, dy), t in [0, hi]. Minimum of the signed distance (golden section: convex in t)
/// and where it is.
ld lo_cast_min(const lpoly *a, const lpoly *b, ld dx, ld dy, ld hi, ld *argmin);

/// First t in [0, hi] at which the signed distance is at most `level` (bisection on [0, argmin]), or -1.
ld lo_cast_first(const lpoly *a, const lpoly *b, ld dx, ld dy, ld hi, ld level);

/// The first t in [0, hi] at which the rounded cores, b moved by t (dx, dy), come within `level`, exactly:
/// at first contact a vertex of one core is at `level` from the other core, so it is the first entry of a
/// ray from a vertex of b along (dx, dy) into a grown by `level`, or from a vertex of a along -(dx, dy) into
/// b grown by `level` (lo_ray). 0 when they are within `level` at the start, -1 when they never are.
ld lo_cast_exact(const lpoly *a, const lpoly *b, ld dx, ld dy, ld hi, ld level);

/// The exact entry of the ray o + f d, f in [0, hi], into the rounded shape: -1 when it misses, 0 when o is
/// inside (then *inside = 1). The outward normal at the entry to n (when it hits after the start).
ld lo_ray(const lpoly *p, ld ox, ld oy, ld dx, ld dy, ld hi, int *inside, ld n[2]);

/// Pose of a sweep at time t in long double (the angle interpolated, exact cos and sin).
void lo_sweep_pose(const gjk2d_sweep *sw, ld t, ld *c, ld *s, ld *px, ld *py);

/// Largest speed of any core point of a shape on a sweep (|c1 - c0| + |a1 - a0| times the largest distance
/// of a vertex from the centre of rotation).
ld lo_sweep_speed(const gjk2d_shape *shape, const gjk2d_sweep *sw);

/// Core distance of two shapes on their sweeps at time t.
ld lo_sweep_distance(const gjk2d_shape *a, const gjk2d_sweep *sa, const gjk2d_shape *b, const gjk2d_sweep *sb, ld t);

/// First time in [0, 1] at which the core distance on the sweeps is at most `level` (within `eps` of it),
/// or -1; -2 when the advancement did not decide within its step budget (counted, not judged).
ld lo_sweep_first(const gjk2d_shape *a, const gjk2d_sweep *sa, const gjk2d_shape *b, const gjk2d_sweep *sb, ld level,
                  ld eps);

/// The casts' distance tolerance at a contact: TOL_REL (check.h: 32 eps) of the cast's scale L, which
/// includes the translation (x = lambda r is formed in float). Reasons: docs/casts.md.
#define CAST_TOL(L) (TOL_REL * (L))

// ---------------------------------------------------------------------------------------------
// Generators of the cast tests (here, their one home; test_casts.c and the Box2D comparisons use them)
// ---------------------------------------------------------------------------------------------

/// A shape with room for its vertices (s.vertices points into v: pass it by pointer).
typedef struct cast_shape {
    gjk2d_vec2 v[8];
    gjk2d_shape s;
} cast_shape;

/// A random shape of about unit size: polygons of 3..8 vertices (half of them rounded), circles, capsules,
/// and, when `bare_ok`, segments and points without a radius.
void cast_random_shape(oracle_rng *r, cast_shape *out, int bare_ok);

/// The shape placed at a pose, in long double (lo_place with the pose's numbers).
lpoly cast_place(const cast_shape *s, const gjk2d_pose *p);

/// A random sweep: centre of rotation at the vertices' mean (a quarter of them moved off it by up to 1),
/// start in an 8 x 8 box around the origin, end aimed at (toward_x, toward_y) with some scatter, rotation up
/// to max_rotation radians.
gjk2d_sweep cast_random_sweep(oracle_rng *r, const cast_shape *s, double toward_x, double toward_y,
                              double max_rotation);

/// A random motion from (from_x, from_y) aimed at (to_x, to_y): sign f (to - from) + u, f uniform in [0.3, 2]
/// (short of the target, onto it or past it; sign -1 aims away) and u's coordinates uniform in [-scatter,
/// scatter], each coordinate rounded to float. The generator of the casts' tests and benchmarks.
gjk2d_vec2 cast_random_toward(oracle_rng *r, double from_x, double from_y, double to_x, double to_y, double scatter,
                              double sign);

/// A random ray from an origin in a 12 x 12 box around the origin, aimed near `target` (0.3..2 times the
/// way there, off by up to 0.8 per coordinate), with a max_fraction uniform in [0.2, max_fraction_hi] where
/// `limited`, else 1.
gjk2d_ray cast_random_ray(oracle_rng *r, const gjk2d_pose *target, int limited, double max_fraction_hi);

#endif
