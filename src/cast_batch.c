// SPDX-License-Identifier: MIT
// Batch shape cast, ray cast, point query and time of impact: the entry checks (nothing is written when
// one fails), then the active kernel table (the shape cast, ray cast and point query: src/simd/cast_tmpl.h)
// or the scalar reference item by item (the scalar table's casts); the time of impact: toi_batch.c.
#include <math.h>

#include "kernels.h"
#include "ref/cast.h"
#include "ref/vec.h"

#define PUT(field, k, value)                     \
    do {                                         \
        if (out->field) out->field[k] = (value); \
    } while (0)

/// Shape k at its pose: OK, INVALID or BAD_POSE.
static gjk2d_status shape_at(const gjk2d_shapes *s, const gjk2d_poses *poses, int32_t k, gjk2d__pose *x) {
    if (s->problem[k] != GJK2D_PROBLEM_NONE) return GJK2D_STATUS_INVALID;
    *x = gjk2d__pose_at(poses, k);
    return gjk2d__pose_check(x) == GJK2D_PROBLEM_NONE ? GJK2D_STATUS_OK : GJK2D_STATUS_BAD_POSE;
}

/// The worse of two statuses of one item: INVALID before BAD_POSE, as the other batch calls order them.
static gjk2d_status worse(gjk2d_status a, gjk2d_status b) {
    if (a == GJK2D_STATUS_INVALID || b == GJK2D_STATUS_INVALID) return GJK2D_STATUS_INVALID;
    return a != GJK2D_STATUS_OK ? a : b;
}

static void put_cast(const gjk2d_cast_out *out, int64_t k, const gjk2d_cast_result *r) {
    PUT(state, k, (uint8_t)r->state);
    PUT(fraction, k, r->fraction);
    PUT(px, k, r->point.x);
    PUT(py, k, r->point.y);
    PUT(nx, k, r->normal.x);
    PUT(ny, k, r->normal.y);
    PUT(iterations, k, r->iterations);
    PUT(status, k, (uint8_t)r->status);
}

static void failed_cast(gjk2d_cast_result *r, gjk2d_status status) {
    r->state = GJK2D_CAST_MISS;
    r->fraction = r->point.x = r->point.y = r->normal.x = r->normal.y = NAN;
    r->iterations = 0;
    r->status = status;
}

int gjk2d_batch_cast(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                     const gjk2d_translations *translations, int64_t begin, int64_t end, const gjk2d_cast_out *out) {
    int rc = out ? gjk2d_check_batch(shapes, poses, pairs, begin, end, NULL) : GJK2D_ERR_NULL;
    if (rc == GJK2D_OK && end > begin && (!translations || !translations->x || !translations->y)) rc = GJK2D_ERR_NULL;
    if (rc != GJK2D_OK) return rc;
    gjk2d__active()->cast(shapes, poses, pairs, translations, begin, end, out);
    return GJK2D_OK;
}

void gjk2d__scalar_cast(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                        const gjk2d_translations *translations, int64_t begin, int64_t end, const gjk2d_cast_out *out) {
    ref_pair p;
    for (int64_t k = begin; k < end; ++k) {
        const int32_t ia = pairs->a[k], ib = pairs->b[k];
        gjk2d__pose xa, xb;
        const gjk2d_vec2 t = v2(translations->x[k], translations->y[k]);
        gjk2d_status st = worse(shape_at(shapes, poses, ia, &xa), shape_at(shapes, poses, ib, &xb));
        if (st == GJK2D_STATUS_OK) st = ref_motion_check(v2(0.0f, 0.0f), t, 1.0f);
        gjk2d_cast_result r;
        if (st != GJK2D_STATUS_OK) {
            failed_cast(&r, st);
        } else {
            ref_pair_load(&p, gjk2d__row_x(shapes, ia), gjk2d__row_y(shapes, ia), 1, shapes->count[ia],
                          shapes->radius[ia], &xa, gjk2d__row_x(shapes, ib), gjk2d__row_y(shapes, ib), 1,
                          shapes->count[ib], shapes->radius[ib], &xb);
            const double tx = t.x, ty = t.y;
            const gjk2d_vec2 r_a =
                v2((float)((double)xa.c * tx + (double)xa.s * ty), (float)((double)xa.c * ty - (double)xa.s * tx));
            ref_shape_cast(&p, r_a, 1.0f, &r);
        }
        put_cast(out, k, &r);
    }
}

int gjk2d_check_items(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const int32_t *shape, const float *x,
                      const float *y, int64_t count, int64_t begin, int64_t end, int64_t *bad_item) {
    if (bad_item) *bad_item = -1;
    if (!shapes || !poses) return GJK2D_ERR_NULL;
    if (shapes->magic != GJK2D_SHAPES_MAGIC) return GJK2D_ERR_SHAPES;
    if (count < 0 || begin < 0 || begin > end || end > count) return GJK2D_ERR_RANGE;
    if (shapes->shape_count > 0 && (!poses->px || !poses->py || !poses->c || !poses->s)) return GJK2D_ERR_NULL;
    if (!gjk2d__poses_layout_ok(poses, shapes->shape_count)) return GJK2D_ERR_POSES;
    if (end > begin && (!shape || !x || !y)) return GJK2D_ERR_NULL;
    const uint32_t n = (uint32_t)shapes->shape_count;
    for (int64_t k = begin; k < end; ++k) {
        if ((uint32_t)shape[k] >= n) {
            if (bad_item) *bad_item = k;
            return GJK2D_ERR_PAIR_INDEX;
        }
    }
    return GJK2D_OK;
}

int gjk2d_batch_ray(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_rays *rays, int64_t begin,
                    int64_t end, const gjk2d_cast_out *out) {
    if (!out || !rays) return GJK2D_ERR_NULL;
    int rc = gjk2d_check_items(shapes, poses, rays->shape, rays->ox, rays->oy, rays->count, begin, end, NULL);
    if (rc == GJK2D_OK && end > begin && (!rays->dx || !rays->dy)) rc = GJK2D_ERR_NULL;
    if (rc != GJK2D_OK) return rc;
    gjk2d__active()->ray(shapes, poses, rays, begin, end, out);
    return GJK2D_OK;
}

void gjk2d__scalar_ray(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_rays *rays, int64_t begin,
                       int64_t end, const gjk2d_cast_out *out) {
    for (int64_t k = begin; k < end; ++k) {
        const int32_t i = rays->shape[k];
        gjk2d__pose x;
        gjk2d_ray ray = {
            {rays->ox[k], rays->oy[k]}, {rays->dx[k], rays->dy[k]}, rays->max_fraction ? rays->max_fraction[k] : 1.0f};
        gjk2d_status st = shape_at(shapes, poses, i, &x);
        if (st == GJK2D_STATUS_OK) st = ref_motion_check(ray.origin, ray.translation, ray.max_fraction);
        gjk2d_cast_result r;
        if (st != GJK2D_STATUS_OK) {
            failed_cast(&r, st);
        } else {
            const ref_shape s = ref_shape_of_row(shapes, i);
            ref_ray_cast(&s, &x, &ray, &r);
        }
        put_cast(out, k, &r);
    }
}

int gjk2d_batch_point(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_points *points, int64_t begin,
                      int64_t end, const gjk2d_point_out *out) {
    if (!out || !points) return GJK2D_ERR_NULL;
    const int rc =
        gjk2d_check_items(shapes, poses, points->shape, points->x, points->y, points->count, begin, end, NULL);
    if (rc != GJK2D_OK) return rc;
    gjk2d__active()->point(shapes, poses, points, begin, end, out);
    return GJK2D_OK;
}

void gjk2d__scalar_point(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_points *points,
                         int64_t begin, int64_t end, const gjk2d_point_out *out) {
    for (int64_t k = begin; k < end; ++k) {
        const int32_t i = points->shape[k];
        const gjk2d_vec2 q = v2(points->x[k], points->y[k]);
        gjk2d__pose x;
        gjk2d_status st = shape_at(shapes, poses, i, &x);
        if (st == GJK2D_STATUS_OK) st = ref_motion_check(q, v2(0.0f, 0.0f), 0.0f);
        gjk2d_point_result r;
        if (st != GJK2D_STATUS_OK) {
            r.inside = 0;
            r.distance = r.closest.x = r.closest.y = r.normal.x = r.normal.y = NAN;
            r.status = st;
        } else {
            const ref_shape s = ref_shape_of_row(shapes, i);
            ref_point_query(&s, &x, q, &r);
        }
        PUT(inside, k, (uint8_t)r.inside);
        PUT(distance, k, r.distance);
        PUT(cx, k, r.closest.x);
        PUT(cy, k, r.closest.y);
        PUT(nx, k, r.normal.x);
        PUT(ny, k, r.normal.y);
        PUT(status, k, (uint8_t)r.status);
    }
}

int gjk2d_batch_toi(const gjk2d_shapes *shapes, const gjk2d_sweeps *sweeps, const gjk2d_pairs *pairs, float target,
                    float tolerance, int64_t begin, int64_t end, const gjk2d_toi_out *out) {
    if (!shapes || !sweeps || !pairs || !out) return GJK2D_ERR_NULL;
    if (shapes->magic != GJK2D_SHAPES_MAGIC) return GJK2D_ERR_SHAPES;
    if (pairs->count < 0 || begin < 0 || begin > end || end > pairs->count) return GJK2D_ERR_RANGE;
    if (shapes->shape_count > 0 && (!sweeps->lx || !sweeps->ly || !sweeps->x0 || !sweeps->y0 || !sweeps->x1 ||
                                    !sweeps->y1 || !sweeps->a0 || !sweeps->a1))
        return GJK2D_ERR_NULL;
    if (sweeps->count < shapes->shape_count) return GJK2D_ERR_POSES;
    if (end > begin && (!pairs->a || !pairs->b)) return GJK2D_ERR_NULL;
    const uint32_t n = (uint32_t)shapes->shape_count;
    for (int64_t k = begin; k < end; ++k)
        if ((uint32_t)pairs->a[k] >= n || (uint32_t)pairs->b[k] >= n) return GJK2D_ERR_PAIR_INDEX;
    if (!isfinite(target) || !isfinite(tolerance) || !(tolerance > 0.0f)) return GJK2D_ERR_CAST_ARGUMENT;

    gjk2d__toi_run(gjk2d__active(), shapes, sweeps, pairs, target, tolerance, begin, end, out);
    return GJK2D_OK;
}
