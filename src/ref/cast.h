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
#define ref_toi_start gjk2d__ref_toi_start
#define ref_toi_poses_at gjk2d__ref_toi_poses_at
#define ref_toi_step gjk2d__ref_toi_step
#define ref_toi_finish gjk2d__ref_toi_finish

/// A shape as strided float coordinates (AoS vertices: stride 2; a prepared row: stride 1) and its radius.
typedef struct ref_shape {
    const float *x, *y;
    int stride;
    int32_t n;
    float r;
} ref_shape;

/// Shape k of a prepared set as a ref_shape (its row).
static inline ref_shape ref_shape_of_row(const gjk2d_shapes *s, int32_t k) {
    const ref_shape r = {gjk2d__row_x(s, k), gjk2d__row_y(s, k), 1, s->count[k], s->radius[k]};
    return r;
}

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

/// A pair of doubles: the time of impact's separation functions work in double.
typedef struct ref_dvec {
    double x, y;
} ref_dvec;

/// Both sweeps' poses at one time t. Every step evaluates both shapes at the same few times (the
/// distance, the axis and the bound at t1; the separation at t2, which becomes the next t1), and the
/// cos and sin of a pose are most of its cost, so the last poses are kept and reused at the same t.
typedef struct ref_toi_poses {
    const gjk2d_sweep *sweep_a, *sweep_b;
    double t; ///< NaN: none yet
    gjk2d__pose a, b;
} ref_toi_poses;

/// Catto's separation function: the separation of the cores along an axis that moves with the bodies.
typedef enum ref_toi_axis_kind { REF_AXIS_POINTS, REF_AXIS_FACE_A, REF_AXIS_FACE_B } ref_toi_axis_kind;

typedef struct ref_toi_axis {
    const ref_shape *a, *b;
    ref_toi_poses *poses;
    ref_toi_axis_kind kind;
    ref_dvec axis;  ///< POINTS: world axis from A to B; FACE_A / FACE_B: the face's unit normal in its shape's frame
    ref_dvec local; ///< FACE_A / FACE_B: the face's midpoint in its shape's frame
    int32_t face;   ///< FACE_A / FACE_B: the face's edge (from vertex face to face + 1)
} ref_toi_axis;

/// What the advancement bound needs of the motion, fixed for the whole sweep: the relative velocity of the
/// centres (vB - vA) and, per shape, |w| rho (its angle's change times the largest distance of a vertex from
/// its centre of rotation): the fastest a vertex moves about its centre.
typedef struct ref_toi_motion {
    ref_dvec v;
    double spin_a, spin_b;
} ref_toi_motion;

/// What an advancement step takes from the distance of the cores: the distance (rounded to float, as the
/// distance query reports it), the unit normal from A to B in world frame (zero when the cores overlap)
/// and the witness features. The batch kernels' distance of the cores gives the same bits.
typedef struct ref_toi_distance {
    float core;
    gjk2d_vec2 normal;
    int32_t feature_a, feature_b;
} ref_toi_distance;

/// A time of impact between its distance queries: ref_time_of_impact is ref_toi_start, then a distance
/// of the cores at `t1` (at the poses ref_toi_poses_at gives, from and back to `cache`) handed to
/// ref_toi_step for as long as it asks for one, then ref_toi_finish. A batch runs the distance queries
/// of many sweeps side by side in lanes and the rest of each step here. The state points into itself
/// (the axis at its shapes and poses): it stays where ref_toi_start put it.
typedef struct ref_toi {
    ref_shape a, b;
    ref_toi_poses poses;
    ref_toi_axis f;
    ref_toi_motion m;
    gjk2d_cache cache; ///< the last distance query's simplex, the next one's start
    double t1;         ///< the last safe time: where the next distance is asked
    double core;       ///< the last distance of the cores
    double tol, radii, aim;
    int32_t iter, push_cap;
    int with_separation;
    int last; ///< the distance asked is the separated pair's separation at t = 1
    gjk2d_toi_state state;
} ref_toi;

/// Time of impact of two shapes on their sweeps (validated), with the core distance aimed at
/// max(target + ra + rb, 4 tolerance) (gjk2d_time_of_impact). with_separation 0: a separated pair's
/// separation at t = 1 (one more distance query) is not measured and is NaN; nothing else changes.
void ref_time_of_impact(const ref_shape *a, const gjk2d_sweep *sweep_a, const ref_shape *b, const gjk2d_sweep *sweep_b,
                        float target, float tolerance, int with_separation, gjk2d_toi_result *out);

/// ref_time_of_impact in parts (ref_toi). ref_toi_step returns 1 when it asks for the distance at s->t1
/// again, 0 when the query has ended.
void ref_toi_start(ref_toi *s, const ref_shape *a, const gjk2d_sweep *sweep_a, const ref_shape *b,
                   const gjk2d_sweep *sweep_b, float target, float tolerance, int with_separation);
/// Both poses at s->t1 (computed once per time).
const ref_toi_poses *ref_toi_poses_at(ref_toi *s);
int ref_toi_step(ref_toi *s, const ref_toi_distance *d);
void ref_toi_finish(const ref_toi *s, gjk2d_toi_result *out);

#endif
