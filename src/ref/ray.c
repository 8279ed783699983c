// SPDX-License-Identifier: MIT
// Ray cast against a (possibly rounded) shape: the shape cast (shape_cast.c) of a point, the ray's origin,
// moved by the ray's translation against the shape; van den Bergen's paper casts rays this way.
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
    ref_shape_cast(&p, r, ray->max_fraction, out);
}
