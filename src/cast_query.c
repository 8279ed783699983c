// SPDX-License-Identifier: MIT
// Public single-pair casts, time of impact and point query: validate, then run the reference (src/ref).
#include <math.h>

#include "ref/cast.h"
#include "ref/vec.h"

static const gjk2d_pose identity = {0.0f, 0.0f, 1.0f, 0.0f};

const char *gjk2d_cast_state_name(gjk2d_cast_state state) {
    switch (state) {
    case GJK2D_CAST_MISS: return "miss";
    case GJK2D_CAST_HIT: return "hit";
    case GJK2D_CAST_OVERLAP: return "overlap";
    }
    return "unknown";
}

const char *gjk2d_toi_state_name(gjk2d_toi_state state) {
    switch (state) {
    case GJK2D_TOI_SEPARATED: return "separated";
    case GJK2D_TOI_HIT: return "hit";
    case GJK2D_TOI_OVERLAPPED: return "overlapped";
    case GJK2D_TOI_FAILED: return "failed";
    }
    return "unknown";
}

gjk2d_pose gjk2d_sweep_pose(const gjk2d_sweep *sweep, float t) {
    const gjk2d__pose x = ref_sweep_pose(sweep, t);
    const gjk2d_pose p = {(float)x.px, (float)x.py, x.c, x.s};
    return p;
}

static ref_shape as_ref(const gjk2d_shape *s) {
    const ref_shape r = {&s->vertices[0].x, &s->vertices[0].y, 2, s->count, s->radius};
    return r;
}

static int shape_ok(const gjk2d_shape *s) { return s && gjk2d_validate_shape(s, NULL, NULL) == GJK2D_PROBLEM_NONE; }

/// Validates a shape and its pose (NULL: identity) into `x`: OK, INVALID or BAD_POSE.
static gjk2d_status shape_and_pose(const gjk2d_shape *s, const gjk2d_pose *pose, gjk2d__pose *x) {
    if (!shape_ok(s)) return GJK2D_STATUS_INVALID;
    pose = pose ? pose : &identity;
    if (gjk2d_pose_problem(pose) != GJK2D_PROBLEM_NONE) return GJK2D_STATUS_BAD_POSE;
    x->px = pose->px, x->py = pose->py, x->c = pose->c, x->s = pose->s;
    return GJK2D_STATUS_OK;
}

static void failed_cast(gjk2d_cast_result *out, gjk2d_status status) {
    out->state = GJK2D_CAST_MISS;
    out->fraction = NAN;
    out->point.x = out->point.y = out->normal.x = out->normal.y = NAN;
    out->iterations = 0;
    out->status = status;
}

gjk2d_status gjk2d_shape_cast(const gjk2d_shape *a, const gjk2d_pose *pose_a, const gjk2d_shape *b,
                              const gjk2d_pose *pose_b, gjk2d_vec2 translation, gjk2d_cast_result *out) {
    if (!out) return GJK2D_STATUS_INVALID;
    gjk2d__pose xa, xb;
    gjk2d_status st = shape_and_pose(a, pose_a, &xa);
    const gjk2d_status sb = shape_and_pose(b, pose_b, &xb);
    st = st == GJK2D_STATUS_INVALID || sb == GJK2D_STATUS_INVALID ? GJK2D_STATUS_INVALID : (st ? st : sb);
    if (st == GJK2D_STATUS_OK) st = ref_motion_check(v2(0.0f, 0.0f), translation, 1.0f);
    if (st != GJK2D_STATUS_OK) {
        failed_cast(out, st);
        return st;
    }
    ref_pair p;
    ref_pair_load(&p, &a->vertices[0].x, &a->vertices[0].y, 2, a->count, a->radius, &xa, &b->vertices[0].x,
                  &b->vertices[0].y, 2, b->count, b->radius, &xb);
    // The translation into A's frame (R_A^T t), in double, rounded once.
    const double tx = translation.x, ty = translation.y;
    const gjk2d_vec2 r =
        v2((float)((double)xa.c * tx + (double)xa.s * ty), (float)((double)xa.c * ty - (double)xa.s * tx));
    ref_shape_cast(&p, r, 1.0f, out);
    return out->status;
}

gjk2d_status gjk2d_ray_cast(const gjk2d_shape *shape, const gjk2d_pose *pose, const gjk2d_ray *ray,
                            gjk2d_cast_result *out) {
    if (!out) return GJK2D_STATUS_INVALID;
    gjk2d__pose x;
    gjk2d_status st = shape_and_pose(shape, pose, &x);
    if (st == GJK2D_STATUS_OK)
        st = ray ? ref_motion_check(ray->origin, ray->translation, ray->max_fraction) : GJK2D_STATUS_BAD_POSE;
    if (st != GJK2D_STATUS_OK) {
        failed_cast(out, st);
        return st;
    }
    const ref_shape s = as_ref(shape);
    ref_ray_cast(&s, &x, ray, out);
    return out->status;
}

gjk2d_status gjk2d_point_query(const gjk2d_shape *shape, const gjk2d_pose *pose, gjk2d_vec2 q,
                               gjk2d_point_result *out) {
    if (!out) return GJK2D_STATUS_INVALID;
    gjk2d__pose x;
    gjk2d_status st = shape_and_pose(shape, pose, &x);
    if (st == GJK2D_STATUS_OK) st = ref_motion_check(q, v2(0.0f, 0.0f), 0.0f);
    if (st != GJK2D_STATUS_OK) {
        out->inside = 0;
        out->distance = NAN;
        out->closest.x = out->closest.y = out->normal.x = out->normal.y = NAN;
        out->status = st;
        return st;
    }
    const ref_shape s = as_ref(shape);
    ref_point_query(&s, &x, q, out);
    return out->status;
}

gjk2d_status gjk2d_time_of_impact(const gjk2d_shape *a, const gjk2d_sweep *sweep_a, const gjk2d_shape *b,
                                  const gjk2d_sweep *sweep_b, float target, float tolerance, gjk2d_toi_result *out) {
    if (!out) return GJK2D_STATUS_INVALID;
    gjk2d_status st = GJK2D_STATUS_OK;
    if (!shape_ok(a) || !shape_ok(b) || !isfinite(target) || !isfinite(tolerance) || !(tolerance > 0.0f))
        st = GJK2D_STATUS_INVALID;
    else if (!sweep_a || !sweep_b || ref_sweep_check(sweep_a) != GJK2D_STATUS_OK ||
             ref_sweep_check(sweep_b) != GJK2D_STATUS_OK)
        st = GJK2D_STATUS_BAD_POSE;
    if (st != GJK2D_STATUS_OK) {
        out->state = GJK2D_TOI_FAILED;
        out->t = out->separation = NAN;
        out->iterations = 0;
        out->status = st;
        return st;
    }
    const ref_shape sa = as_ref(a), sb = as_ref(b);
    ref_time_of_impact(&sa, sweep_a, &sb, sweep_b, target, tolerance, 1, out);
    return out->status;
}
