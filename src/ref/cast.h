// SPDX-License-Identifier: MIT
// The scalar reference of the casts (shape cast, ray cast, time of impact, point query): its internal
// interface, beside ref.h. The public single-pair calls and the batch calls both go through these.
#ifndef GJK2D_REF_CAST_H
#define GJK2D_REF_CAST_H

#include "ref/ref.h"

#define ref_shape_cast gjk2d__ref_shape_cast
#define ref_ray_cast gjk2d__ref_ray_cast
#define ref_time_of_impact gjk2d__ref_time_of_impact
#define ref_point_query gjk2d__ref_point_query
#define ref_point_finish gjk2d__ref_point_finish
#define ref_sweep_pose gjk2d__ref_sweep_pose
#define ref_sweep_check gjk2d__ref_sweep_check
#define ref_motion_check gjk2d__ref_motion_check
#define ref_cast_at_start gjk2d__ref_cast_at_start

/// A shape as strided float coordinates (AoS vertices: stride 2; a prepared row: stride 1) and its radius.
typedef struct ref_shape {
    const float *x, *y;
    int stride;
    int32_t n;
    float r;
} ref_shape;

/// Shape cast on a loaded pair: B moves by lambda * r (r in A's frame) for lambda in [0, lambda_max].
/// Results in world frame; status OK or MAXITER.
void ref_shape_cast(const ref_pair *p, gjk2d_vec2 r, float lambda_max, gjk2d_cast_result *out);

/// A cast that ends at fraction 0 (the shapes within the contact slack at the start): the distance query
/// says overlap or touch (a hit at 0), with its point and normal; iterations and status are the cast's.
void ref_cast_at_start(const ref_pair *p, int32_t iterations, gjk2d_status status, gjk2d_cast_result *out);

/// Ray cast against a shape at a pose (both validated; the ray checked by ref_motion_check).
void ref_ray_cast(const ref_shape *shape, const gjk2d__pose *pose, const gjk2d_ray *ray, gjk2d_cast_result *out);

/// Point query against a shape at a pose (both validated, the point checked by ref_motion_check).
void ref_point_query(const ref_shape *shape, const gjk2d__pose *pose, gjk2d_vec2 q, gjk2d_point_result *out);

/// The point query's end, from the distance query's status and its witness feature on the shape
/// (GJK2D_FEATURE_NONE: the point is inside the core): the point projected onto that feature, in double.
/// The batch kernels run the distance query in lanes and finish each point here.
void ref_point_finish(const ref_shape *shape, const gjk2d__pose *pose, gjk2d_vec2 q, gjk2d_status status,
                      int32_t feature, gjk2d_point_result *out);

/// The pose of a sweep at time t (gjk2d_sweep_pose, with the position kept in double).
gjk2d__pose ref_sweep_pose(const gjk2d_sweep *sweep, double t);

/// GJK2D_STATUS_OK or _BAD_POSE for a sweep: every number finite, centres within GJK2D_MAX_COORDINATE,
/// angles within GJK2D_MAX_ANGLE.
gjk2d_status ref_sweep_check(const gjk2d_sweep *sweep);

/// GJK2D_STATUS_OK or _BAD_POSE for a point p and a translation d scaled by f (a ray, a cast or a point
/// query with d = 0, f = 0): finite, |p| and |f d| within GJK2D_MAX_COORDINATE, f >= 0.
gjk2d_status ref_motion_check(gjk2d_vec2 p, gjk2d_vec2 d, float f);

/// Time of impact of two shapes on their sweeps (validated), with the core distance aimed at
/// max(target + ra + rb, 4 tolerance) (gjk2d_time_of_impact). with_separation 0: a separated pair's
/// separation at t = 1 (one more distance query) is not measured and is NaN; nothing else changes.
void ref_time_of_impact(const ref_shape *a, const gjk2d_sweep *sweep_a, const ref_shape *b, const gjk2d_sweep *sweep_b,
                        float target, float tolerance, int with_separation, gjk2d_toi_result *out);

#endif
