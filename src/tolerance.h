// SPDX-License-Identifier: MIT
// The accuracy contract, in one place: how far a result may lie from the exact answer (the tests'
// oracle, the benchmark's accuracy table) and from the scalar reference (the SIMD cross-check and the
// gjk2d check command). Not part of the library: a header for its tests, benchmark and command.
//
// L = the pair's scale (tol_pair_scale: the largest |coordinate| of both cores in A's frame, plus both
// radii); W = the largest |world coordinate| of the pair; eps = FLT_EPSILON = 1.19e-7.
#ifndef GJK2D_TOLERANCE_H
#define GJK2D_TOLERANCE_H

#include <float.h>
#include <math.h>

/// Distances, separations and penetration depths: |got - exact| <= TOL_REL * L. Moving B into A's
/// frame costs about 5 roundings of numbers of size <= L per coordinate (relative rotation 2, rotation
/// 2, translation 1); the closest point on the final simplex about 4 more (barycentric weights and
/// their combination); the length 2. That is the "order of 10 eps L" the reference is designed for;
/// 32 eps L leaves a factor 3 for cancellation without hiding a wrong support point or region, which
/// costs a fraction of an edge length. The same band decides which pairs are "touching": an overlap
/// answer is judged only outside |exact clearance| <= TOL_REL * L.
#define TOL_REL (32.0 * FLT_EPSILON)

/// World-frame points add to TOL_REL * L the rotation back to world (2 roundings of size <= L) and the
/// translation by A's position (1 rounding of size <= W): a world point cannot be more accurate than
/// its own float spacing.
#define TOL_POINT(L, W) (TOL_REL * (L) + 2.0 * FLT_EPSILON * (L) + 2.0 * FLT_EPSILON * (W))

/// |normal| - 1: one square root and one division (2 roundings), rotation to world (2 roundings),
/// doubled.
#define TOL_UNIT (8.0 * FLT_EPSILON)

/// One side of a pair for tol_pair_scale: n vertices at (x[k * stride], y[k * stride]) (stride 1 for
/// separate arrays, 2 for gjk2d_vec2), its radius and its pose (position, cos, sin).
typedef struct tol_shape {
    const float *x, *y;
    int stride, n;
    double radius, px, py, c, s;
} tol_shape;

/// L: the largest |coordinate| of both cores in A's frame (B moved there in double) plus both radii.
static inline double tol_pair_scale(const tol_shape *a, const tol_shape *b) {
    double L = 0.0;
    for (int k = 0; k < a->n; k++) L = fmax(L, fmax(fabs(a->x[k * a->stride]), fabs(a->y[k * a->stride])));
    // Into A's frame by the true inverse of A's rotation, R^T / (c^2 + s^2): a float (c, s) is not
    // exactly unit, and L must not depend on where the pair stands.
    double dx = b->px - a->px, dy = b->py - a->py, inv = 1.0 / (a->c * a->c + a->s * a->s);
    for (int k = 0; k < b->n; k++) {
        double x = b->x[k * b->stride], y = b->y[k * b->stride];
        double wx = b->c * x - b->s * y + dx, wy = b->s * x + b->c * y + dy;
        L = fmax(L, inv * fmax(fabs(a->c * wx + a->s * wy), fabs(-a->s * wx + a->c * wy)));
    }
    return L + fabs(a->radius) + fabs(b->radius);
}

#endif
