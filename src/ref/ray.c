// SPDX-License-Identifier: MIT
// Ray cast against a shape. A sharp polygon (radius 0, three or more vertices) is clipped in one pass over
// its edges, as Box2D's b2PolygonShape::RayCast does (Cyrus-Beck clipping: the polygon is the intersection
// of its edges' half-planes, and the ray's part inside is the intersection of its parts inside each). A
// circle (one vertex and a radius) is met where the ray's quadratic |o + f r - c|^2 = R^2 has its smaller
// root, as Box2D's b2CircleShape::RayCast finds it, here in double. Every other shape (rounded polygons and
// segments, a point) is the shape cast (shape_cast.c) of a point, the ray's origin, moved by the ray's
// translation against the shape; van den Bergen's paper casts rays this way.
#include <math.h>

#include "ref/cast.h"
#include "ref/vec.h"

gjk2d_status ref_motion_check(gjk2d_vec2 p, gjk2d_vec2 d, float f) {
    if (!isfinite(p.x) || !isfinite(p.y) || !isfinite(d.x) || !isfinite(d.y) || !isfinite(f) || !(f >= 0.0f))
        return GJK2D_STATUS_BAD_POSE;
    if (!(fabsf(p.x) <= GJK2D_MAX_COORDINATE) || !(fabsf(p.y) <= GJK2D_MAX_COORDINATE)) return GJK2D_STATUS_BAD_POSE;
    // In double: f * d must not overflow, and stays within the coordinate bound.
    const double fx = (double)f * d.x, fy = (double)f * d.y;
    if (!(fabs(fx) <= GJK2D_MAX_COORDINATE) || !(fabs(fy) <= GJK2D_MAX_COORDINATE)) return GJK2D_STATUS_BAD_POSE;
    return GJK2D_STATUS_OK;
}

/// The clipping pass over a sharp polygon's edges (counter-clockwise, as validated), in A's frame: the ray
/// o + f r. Edge i from a = v[i] to b = v[i + 1] bounds the half-plane n . (x - a) <= 0, n = right(b - a)
/// its outward normal, left unnormalised: scaling n by |b - a| changes neither the fraction num / den nor
/// the sign of any comparison below. With num = n . (a - o) and den = n . r the ray is inside for
/// f den <= num:
/// - den < 0 (entering): f >= num / den, a lower bound; the largest one is where the ray enters the
///   polygon, and its edge's normal is the normal there;
/// - den > 0 (leaving): f <= num / den, an upper bound;
/// - den = 0 (parallel): inside for every f when num >= 0, else for none.
/// The comparisons are num < lower den rather than num / den > lower (the division only on an update), as
/// in Box2D. Returns 0 for a miss (an empty interval); else *lower, and *entering the entering edge's
/// normal, zero when no edge bounds the ray from below (the origin inside).
static int clip_polygon(const ref_pair *p, gjk2d_vec2 o, gjk2d_vec2 r, float max_fraction, float *lower_out,
                        gjk2d_vec2 *entering) {
    float lower = 0.0f, upper = max_fraction;
    *entering = v2(0.0f, 0.0f);
    for (int32_t i = 0; i < p->na; ++i) {
        const gjk2d_vec2 a = p->a[i], b = p->a[i + 1 == p->na ? 0 : i + 1];
        const gjk2d_vec2 n = v2_right(v2_sub(b, a));
        const float num = v2_dot(n, v2_sub(a, o)), den = v2_dot(n, r);
        if (den == 0.0f) {
            if (num < 0.0f) return 0; // parallel, outside this edge's half-plane
        } else if (den < 0.0f && num < lower * den) {
            lower = num / den;
            *entering = n;
        } else if (den > 0.0f && num < upper * den) {
            upper = num / den;
        }
        if (upper < lower) return 0;
    }
    *lower_out = lower;
    return 1;
}

/// The ray o + f r against the circle about c of radius `radius` (> 0), in A's frame, in double on the float
/// inputs: with s = o - c, |s + f r|^2 = R^2 is f^2 (r.r) + 2 f (s.r) + (s.s - R^2) = 0. Returns 0 for the
/// origin inside or on the circle (s.s - R^2 <= 0: the cast at the start answers); else *hit 0 for a miss
/// (moving away, s.r >= 0, or passing by, a negative discriminant, or meeting it beyond max_fraction), or 1
/// with the smaller root f (both roots are positive: their product and sum are) and the unit normal there,
/// (s + f r) / R, a point of the circle over its radius: no length to divide by that could vanish.
static int clip_circle(gjk2d_vec2 c, float radius, gjk2d_vec2 o, gjk2d_vec2 r, float max_fraction, int *hit,
                       double *fraction, double *nx, double *ny) {
    const double sx = (double)o.x - c.x, sy = (double)o.y - c.y, R = radius;
    const double outside = (sx * sx + sy * sy) - R * R;
    if (!(outside > 0.0)) return 0;
    const double toward = sx * r.x + sy * r.y, rr = (double)r.x * r.x + (double)r.y * r.y;
    const double discriminant = toward * toward - rr * outside;
    *hit = 0;
    if (!(toward < 0.0) || !(discriminant >= 0.0)) return 1;
    const double f = -(toward + sqrt(discriminant)) / rr;
    if (!(f <= (double)max_fraction)) return 1;
    *hit = 1;
    *fraction = f;
    *nx = (sx + f * r.x) / R;
    *ny = (sy + f * r.y) / R;
    return 1;
}

void ref_ray_cast(const ref_shape *shape, const gjk2d__pose *pose, const gjk2d_ray *ray, gjk2d_cast_result *out) {
    static const gjk2d__pose identity = {0.0, 0.0, 1.0f, 0.0f};
    ref_pair p;
    // B is the origin as a point shape; it reaches A's frame through the same relative pose as any shape.
    ref_pair_load(&p, shape->x, shape->y, shape->stride, shape->n, shape->r, pose, &ray->origin.x, &ray->origin.y, 2, 1,
                  0.0f, &identity);
    // The translation rotated into A's frame (R^T d), in double and rounded once.
    const double dx = ray->translation.x, dy = ray->translation.y;
    const gjk2d_vec2 r =
        v2((float)((double)pose->c * dx + (double)pose->s * dy), (float)((double)pose->c * dy - (double)pose->s * dx));
    if (p.na == 1 && p.ra > 0.0f) {
        int hit = 0;
        double f = 0.0, nx = 0.0, ny = 0.0;
        const int outside = clip_circle(p.a[0], p.ra, p.b[0], r, ray->max_fraction, &hit, &f, &nx, &ny);
        out->iterations = 1; // the one solve
        out->status = GJK2D_STATUS_OK;
        if (outside && !hit) {
            out->state = GJK2D_CAST_MISS;
            out->fraction = ray->max_fraction;
            out->point.x = out->point.y = out->normal.x = out->normal.y = 0.0f;
            return;
        }
        const float fraction = (float)f;
        if (!outside || fraction == 0.0f) {
            ref_cast_at_start(&p, 1, GJK2D_STATUS_OK, out); // inside or on the circle, as for a polygon
            return;
        }
        out->state = GJK2D_CAST_HIT;
        out->fraction = fraction;
        out->point = v2_add(ray->origin, v2_scale(fraction, ray->translation));
        out->normal = pose_rotate(&p.pose_a, v2((float)nx, (float)ny));
        return;
    }
    if (!(p.na >= 3 && p.ra == 0.0f)) {
        ref_shape_cast(&p, r, ray->max_fraction, out);
        return;
    }
    float lower = 0.0f;
    gjk2d_vec2 n;
    out->iterations = 1; // the one pass
    out->status = GJK2D_STATUS_OK;
    if (!clip_polygon(&p, p.b[0], r, ray->max_fraction, &lower, &n)) {
        out->state = GJK2D_CAST_MISS;
        out->fraction = ray->max_fraction;
        out->point.x = out->point.y = out->normal.x = out->normal.y = 0.0f;
        return;
    }
    if (v2_is_zero(n) || lower == 0.0f) {
        // The origin inside the polygon or on its boundary: as every cast at fraction 0, the distance query
        // at the start says overlap or touch, with its point and normal.
        ref_cast_at_start(&p, 1, GJK2D_STATUS_OK, out);
        return;
    }
    const gjk2d_vec2 nr = v2_rescaled(n);
    n = v2_scale(1.0f / sqrtf(v2_dot(nr, nr)), nr);
    out->state = GJK2D_CAST_HIT;
    out->fraction = lower;
    // On the ray, in the world frame: the point of the ray at the fraction, not moved by a rotation.
    out->point = v2_add(ray->origin, v2_scale(lower, ray->translation));
    out->normal = pose_rotate(&p.pose_a, n);
}
