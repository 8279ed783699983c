// SPDX-License-Identifier: MIT
// Small float vector helpers for the scalar reference. Plain C, no intrinsics: every operation
// rounds once, in the order written (the project builds with -ffp-contract=off).
#ifndef GJK2D_REF_VEC_H
#define GJK2D_REF_VEC_H

#include <float.h>

#include "gjk2d.h"
#include "shapes.h"

static inline gjk2d_vec2 v2(float x, float y) {
    gjk2d_vec2 r = {x, y};
    return r;
}
static inline gjk2d_vec2 v2_add(gjk2d_vec2 a, gjk2d_vec2 b) { return v2(a.x + b.x, a.y + b.y); }
static inline gjk2d_vec2 v2_sub(gjk2d_vec2 a, gjk2d_vec2 b) { return v2(a.x - b.x, a.y - b.y); }
static inline gjk2d_vec2 v2_neg(gjk2d_vec2 a) { return v2(-a.x, -a.y); }
static inline gjk2d_vec2 v2_scale(float s, gjk2d_vec2 a) { return v2(s * a.x, s * a.y); }
static inline float v2_dot(gjk2d_vec2 a, gjk2d_vec2 b) { return a.x * b.x + a.y * b.y; }
/// z component of the 3D cross product: twice the signed area of the triangle (0, a, b).
static inline float v2_cross(gjk2d_vec2 a, gjk2d_vec2 b) { return a.x * b.y - a.y * b.x; }
/// cross(a, z): a turned 90 degrees clockwise. Exactly perpendicular: dot(a, perp) is -xy + yx = 0.
static inline gjk2d_vec2 v2_right(gjk2d_vec2 a) { return v2(a.y, -a.x); }
/// cross(z, a): a turned 90 degrees counter-clockwise.
static inline gjk2d_vec2 v2_left(gjk2d_vec2 a) { return v2(-a.y, a.x); }
static inline int v2_is_zero(gjk2d_vec2 a) { return a.x == 0.0f && a.y == 0.0f; }

/// Index of the vertex of v[0..n) furthest along d; the lowest index wins ties (strict '>'), so
/// repeating the last vertex as padding never changes the answer. Catto, "Computing Distance", the support
/// point code; inline, as it runs in every GJK turn.
static inline int32_t ref_support(const gjk2d_vec2 *v, int32_t n, gjk2d_vec2 d) {
    int32_t best = 0;
    float best_value = v2_dot(d, v[0]);
    for (int32_t i = 1; i < n; ++i) {
        const float value = v2_dot(d, v[i]);
        if (value > best_value) {
            best = i;
            best_value = value;
        }
    }
    return best;
}

/// Scale for barycentric coordinates num / den computed as (num * s) * (1 / (den * s)): 1, or 2^64 when
/// 1 / den overflows (den is a product of coordinates below about 1e-19, so it is denormal or tiny). The
/// scaling is exact, so for every other den the weights are the plain num * (1 / den), bit for bit.
static inline float weight_rescale(float den) {
    float inv = 1.0f / den;
    return inv <= FLT_MAX && inv >= -FLT_MAX ? 1.0f : 0x1p64f;
}

/// d, scaled by 2^64 (exact) when its squared length is below FLT_MIN: normalising a vector that short
/// would take the square root of a denormal (or of an underflowed 0) and lose bits. Any other d as it is.
static inline gjk2d_vec2 v2_rescaled(gjk2d_vec2 d) { return v2_dot(d, d) < FLT_MIN ? v2_scale(0x1p64f, d) : d; }

/// Rotate by (c, s) then translate: world = R * local + p. The rotated point is a float; adding the
/// (double) position in double and rounding once gives, for a float position, exactly the float sum
/// (double has more than 2 * 24 + 2 bits, so the double rounding is innocuous), and for a double
/// position the nearest float to the world point.
static inline gjk2d_vec2 pose_apply(const gjk2d__pose *t, gjk2d_vec2 p) {
    const float rx = t->c * p.x - t->s * p.y, ry = t->s * p.x + t->c * p.y;
    return v2((float)((double)rx + t->px), (float)((double)ry + t->py));
}
/// Rotate only (for directions and Minkowski-difference vectors).
static inline gjk2d_vec2 pose_rotate(const gjk2d__pose *t, gjk2d_vec2 d) {
    return v2(t->c * d.x - t->s * d.y, t->s * d.x + t->c * d.y);
}

#endif
