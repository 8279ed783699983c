// SPDX-License-Identifier: MIT
// Shape cast by GJK ray casting: van den Bergen, "Ray Casting against General Convex Objects with
// Application to Continuous Collision Detection" (2004); Box2D's b2ShapeCast follows the same scheme.
//
// B moves by lambda * r relative to A. In the Minkowski difference C = B - A of the cores (A's frame, as
// every query here) the translated B gives C + lambda r, so the rounded shapes touch at lambda when the
// point x(lambda) = -lambda r is at distance R = ra + rb from C: a ray from the origin along s = -r cast
// against C grown by a disk of radius R. Each iteration brackets dist(x, C) as GJK does:
//   upper bound |v|, v = x - (the point of the current simplex closest to x);
//   lower bound v^.(x - w), w = support of C along v (the plane through w normal to v^ holds C behind it).
// - Ray clipping: when the lower bound exceeds R, no contact happens before x reaches the plane at
//   distance R in front of w: lambda advances to it, or the cast misses if the ray runs parallel to or
//   away from that plane, or reaches it only beyond lambda_max.
// - The simplex keeps points of C (not of C - x), so it stays valid when x moves (as in the paper; Box2D
//   2.4.1 instead restarts the simplex at each advance); it is solved for the point closest to x.
// Termination cases: |v| <= R + tolerance (contact; then GJK goes on at that x, without clipping, until
// its support point repeats, so that the simplex, which gives the point and normal, is the closest feature);
// x inside the simplex (contact); a support point
// already in the simplex while x did not move (no progress: |v| is dist(x, C) and it is at most R, else
// the lower bound would have advanced x); a miss; the iteration cap (MAXITER, the lambda reached so far:
// conservative, every step stops at a plane that holds C + disk(R) behind it).
#include <math.h>

#include "ref/cast.h"
#include "ref/vec.h"

/// Contact slack, in units of FLT_EPSILON times the cast's scale L (largest coordinate of both cores in
/// A's frame, plus |r| lambda_max and R): |v| is formed from x and simplex points of magnitude up to L,
/// a handful of roundings of up to eps L each. docs/casts.md gives the resulting fraction tolerance.
#define CAST_TOLERANCE_EPS 8.0f

static float max_abs(const gjk2d_vec2 *v, int32_t n) {
    float m = 0.0f;
    for (int32_t i = 0; i < n; ++i) {
        const float x = fabsf(v[i].x), y = fabsf(v[i].y);
        m = x > m ? x : m;
        m = y > m ? y : m;
    }
    return m;
}

/// The start of the cast, when the shapes are already within the contact slack: the distance query says
/// whether they overlap (the cores overlap, or the signed distance is below 0) or touch (a hit at fraction
/// 0); its point and normal.
void ref_cast_at_start(const ref_pair *p, int32_t iterations, gjk2d_status status, gjk2d_cast_result *out) {
    gjk2d_distance_result d;
    ref_distance(p, &d, NULL);
    out->state = v2_is_zero(d.normal) || d.signed_distance < 0.0f ? GJK2D_CAST_OVERLAP : GJK2D_CAST_HIT;
    out->fraction = 0.0f;
    out->point = d.point_a;
    out->normal = d.normal;
    out->iterations = iterations;
    out->status = status;
}

void ref_shape_cast(const ref_pair *p, gjk2d_vec2 r, float lambda_max, gjk2d_cast_result *out) {
    const float radius = p->ra + p->rb;
    const gjk2d_vec2 s = v2_neg(r), zero = {0.0f, 0.0f};
    const int32_t cap = GJK2D_CAST_ITERATION_CAP(p->na, p->nb);
    const float scale_a = max_abs(p->a, p->na), scale_b = max_abs(p->b, p->nb);
    const float scale = (scale_a > scale_b ? scale_a : scale_b) + sqrtf(v2_dot(r, r)) * lambda_max + radius;
    const float tolerance = CAST_TOLERANCE_EPS * FLT_EPSILON * scale;

    float lambda = 0.0f;
    gjk2d_vec2 x = zero, plane = zero; // plane: unit normal of the last clipping plane, from C toward x
    ref_simplex simplex = {.count = 0};
    ref_simplex before = {.count = 0}; // the simplex as it was before its last solve (culled vertices too)
    gjk2d_vec2 v = v2_sub(x, v2_sub(p->b[0], p->a[0])); // from an arbitrary point of C: the first vertices
    int32_t iter = 0;
    gjk2d_status status = GJK2D_STATUS_OK;
    float v_len;
    int missed = 0, touching = 0;

    v_len = sqrtf(v2_dot(v, v));
    for (;;) {
        if (!touching && v_len <= radius + tolerance) {
            // Contact: x is within R (and the slack) of a point of C. The fraction is found; the simplex may
            // still be a neighbour of the closest feature (its distance within the slack, its normal off by
            // up to sqrt(2 R slack) / R), so GJK goes on at this x until its support repeats.
            if (lambda == 0.0f) break;
            touching = 1;
        }
        if (iter == cap) {
            status = GJK2D_STATUS_MAXITER;
            break;
        }
        const gjk2d_vec2 vr = v2_rescaled(v);
        const gjk2d_vec2 vn = v2_scale(1.0f / sqrtf(v2_dot(vr, vr)), vr);
        const int32_t ia = ref_support(p->a, p->na, v2_neg(v)), ib = ref_support(p->b, p->nb, v);
        ++iter;
        const gjk2d_vec2 w = v2_sub(p->b[ib], p->a[ia]);

        // Ray clipping against the plane through w (grown by R) with normal vn.
        const float lower = v2_dot(vn, v2_sub(x, w));
        int advanced = 0;
        if (!touching && lower > radius) {
            const float approach = v2_dot(vn, s);
            if (!(approach < 0.0f)) {
                missed = 1; // parallel to the plane or moving away from it
                break;
            }
            const float next = lambda + (lower - radius) / -approach;
            if (!(next <= lambda_max)) {
                missed = 1; // the plane is reached only beyond the translation
                break;
            }
            lambda = next;
            x = v2_scale(lambda, s);
            plane = vn;
            advanced = 1;
        }

        // Repeated support point: without a move of x no progress is possible (|v| = dist(x, C) <= R).
        int repeated = 0, present = 0;
        for (int32_t i = 0; i < before.count; ++i) repeated |= before.v[i].ia == ia && before.v[i].ib == ib;
        for (int32_t i = 0; i < simplex.count; ++i) present |= simplex.v[i].ia == ia && simplex.v[i].ib == ib;
        if ((repeated && !advanced) || (touching && present)) break;
        if (!present) {
            const ref_simplex_vertex sv = {p->a[ia], p->b[ib], w, ia, ib, 1.0f};
            simplex.v[simplex.count++] = sv;
        }
        before = simplex;
        ref_solve_simplex(&simplex, x);
        if (simplex.count == 3) {
            v_len = 0.0f; // x is inside C: the cores touch at lambda (round-off pushed x past the plane)
            break;
        }
        // The next search direction and the distance from x to the simplex. On an edge, the exact
        // perpendicular toward x (Catto, "Computing Distance": "numerical issues"): x - closest would be
        // the difference of two nearly equal points of magnitude L, its direction off by eps L / |v|, and
        // the lower bound of a vertex of this very edge off by that times the edge's length.
        const gjk2d_vec2 xw = v2_sub(x, simplex.v[0].w);
        if (simplex.count == 1) {
            v = xw;
            v_len = sqrtf(v2_dot(v, v));
        } else {
            const gjk2d_vec2 e = v2_sub(simplex.v[1].w, simplex.v[0].w);
            const float side = v2_cross(e, xw);
            v = side >= 0.0f ? v2_left(e) : v2_right(e);
            const gjk2d_vec2 vr = v2_rescaled(v);
            v_len = fabsf(v2_dot(vr, xw)) / sqrtf(v2_dot(vr, vr));
            // x on the edge within the slack: the side of x is round-off, and a perpendicular into C would
            // find a support point inside and leave a chord. The outward side is the last clipping plane's.
            if (v_len <= tolerance && !v2_is_zero(plane))
                v = v2_dot(v2_left(e), plane) >= 0.0f ? v2_left(e) : v2_right(e);
        }
    }

    if (missed) {
        out->state = GJK2D_CAST_MISS;
        // A miss (set above): the whole translation is free.
        out->fraction = lambda_max;
        out->point.x = out->point.y = out->normal.x = out->normal.y = 0.0f;
        out->iterations = iter;
        out->status = GJK2D_STATUS_OK;
        return;
    }
    if (lambda == 0.0f) {
        ref_cast_at_start(p, iter, status, out);
        return;
    }
    // Contact at lambda. The normal from A to B: on an edge of C its exact perpendicular, on the side of
    // the last clipping plane; at a vertex of C, -v^ when v is long enough to have a direction (a rounded
    // contact: |v| is about R, and v comes from C's true closest point, so only round-off tilts it);
    // otherwise (no radius, or x inside C) the last clipping plane's, which holds C + disk(R) behind it at
    // this lambda.
    gjk2d_vec2 n = v2_neg(plane);
    if (simplex.count == 2) {
        const gjk2d_vec2 e = v2_sub(simplex.v[1].w, simplex.v[0].w);
        const gjk2d_vec2 perp = v2_dot(v2_left(e), plane) >= 0.0f ? v2_left(e) : v2_right(e);
        const gjk2d_vec2 pr = v2_rescaled(perp);
        if (!v2_is_zero(pr)) n = v2_scale(-1.0f / sqrtf(v2_dot(pr, pr)), pr);
    } else if (simplex.count == 1 && radius > 0.0f && v_len > 0.5f * radius) {
        n = v2_scale(-1.0f / v_len, v);
    }
    // The contact point on A's core: the simplex's weights applied to A's support points.
    gjk2d_vec2 pa = zero;
    for (int32_t i = 0; i < simplex.count; ++i) pa = v2_add(pa, v2_scale(simplex.v[i].weight, simplex.v[i].a));
    pa = v2_add(pa, v2_scale(p->ra, n));
    out->state = GJK2D_CAST_HIT;
    out->fraction = lambda;
    out->point = pose_apply(&p->pose_a, pa);
    out->normal = pose_rotate(&p->pose_a, n);
    out->iterations = iter;
    out->status = status;
}
