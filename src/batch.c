// Public batch entry points: check every argument before writing anything, then hand the range to the
// chosen implementation. Also the scalar implementation: the reference, one pair at a time.
#include <math.h>
#include <stdlib.h>

#include "kernels.h"
#include "ref/ref.h"

static int pool_arrays_present(const gjk2d_pool *pool)
{
    return pool->vx && pool->vy && pool->first && pool->count && pool->px && pool->py && pool->c && pool->s;
}

/// A shape whose count is in range must have its vertices inside vx/vy. (A count out of range is a
/// shape problem, reported per pair; its vertices are never read.)
static int shape_span_ok(const gjk2d_pool *pool, int32_t k)
{
    int32_t n = pool->count[k];
    if (n < 1 || n > GJK2D_MAX_VERTICES)
        return 1;
    int64_t first = pool->first[k];
    return first >= 0 && first + n <= pool->vertex_count;
}

int gjk2d_check_batch(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                      int64_t *bad_pair)
{
    if (bad_pair)
        *bad_pair = -1;
    if (!pool || !pairs || !pool_arrays_present(pool))
        return GJK2D_ERR_NULL;
    if (pool->shape_count < 0 || pool->vertex_count < 0 || pairs->count < 0 || begin < 0 || begin > end ||
        end > pairs->count)
        return GJK2D_ERR_RANGE;
    if (end > begin && (!pairs->a || !pairs->b))
        return GJK2D_ERR_NULL;
    for (int64_t k = begin; k < end; ++k) {
        int32_t ia = pairs->a[k], ib = pairs->b[k];
        if (ia < 0 || ia >= pool->shape_count || ib < 0 || ib >= pool->shape_count) {
            if (bad_pair)
                *bad_pair = k;
            return GJK2D_ERR_PAIR_INDEX;
        }
        if (!shape_span_ok(pool, ia) || !shape_span_ok(pool, ib)) {
            if (bad_pair)
                *bad_pair = k;
            return GJK2D_ERR_SHAPE_SPAN;
        }
    }
    return GJK2D_OK;
}

static gjk2d_pose pool_pose(const gjk2d_pool *pool, int32_t k)
{
    gjk2d_pose p = {pool->px[k], pool->py[k], pool->c[k], pool->s[k]};
    return p;
}

static float pool_radius(const gjk2d_pool *pool, int32_t k)
{
    return pool->radius ? pool->radius[k] : 0.0f;
}

static gjk2d_problem pool_shape_problem(const gjk2d_pool *pool, int32_t k)
{
    int32_t n = pool->count[k];
    if (n < 1 || n > GJK2D_MAX_VERTICES)
        return GJK2D_PROBLEM_COUNT;
    gjk2d_pose pose = pool_pose(pool, k);
    int32_t f = pool->first[k];
    return ref_validate(pool->vx + f, pool->vy + f, 1, n, pool_radius(pool, k), &pose, NULL);
}

int64_t gjk2d_validate_pool(const gjk2d_pool *pool, uint8_t *problems, int64_t *first_bad)
{
    if (first_bad)
        *first_bad = -1;
    if (!pool || !pool_arrays_present(pool))
        return GJK2D_ERR_NULL;
    if (pool->shape_count < 0 || pool->vertex_count < 0)
        return GJK2D_ERR_RANGE;
    for (int32_t k = 0; k < pool->shape_count; ++k) {
        if (!shape_span_ok(pool, k)) {
            if (first_bad)
                *first_bad = k;
            return GJK2D_ERR_SHAPE_SPAN;
        }
    }
    int64_t invalid = 0;
    for (int32_t k = 0; k < pool->shape_count; ++k) {
        gjk2d_problem p = pool_shape_problem(pool, k);
        if (problems)
            problems[k] = (uint8_t)p;
        if (p != GJK2D_PROBLEM_NONE) {
            if (first_bad && *first_bad < 0)
                *first_bad = k;
            ++invalid;
        }
    }
    return invalid;
}

int gjk2d__pair_valid(const gjk2d_pool *pool, int32_t ia, int32_t ib)
{
    int32_t na = pool->count[ia], nb = pool->count[ib];
    if (na < 1 || na > GJK2D_MAX_VERTICES || nb < 1 || nb > GJK2D_MAX_VERTICES)
        return 0;
    if (pool->problems)
        return pool->problems[ia] == GJK2D_PROBLEM_NONE && pool->problems[ib] == GJK2D_PROBLEM_NONE;
    return pool_shape_problem(pool, ia) == GJK2D_PROBLEM_NONE && pool_shape_problem(pool, ib) == GJK2D_PROBLEM_NONE;
}

// ---- the scalar implementation -------------------------------------------------------------------

static void load_pool_pair(ref_pair *p, const gjk2d_pool *pool, int32_t ia, int32_t ib)
{
    gjk2d_pose pa = pool_pose(pool, ia), pb = pool_pose(pool, ib);
    int32_t fa = pool->first[ia], fb = pool->first[ib];
    ref_pair_load(p, pool->vx + fa, pool->vy + fa, 1, pool->count[ia], pool_radius(pool, ia), &pa,
                  pool->vx + fb, pool->vy + fb, 1, pool->count[ib], pool_radius(pool, ib), &pb);
}

#define PUT(field, k, value) \
    do {                     \
        if (out->field)      \
            out->field[k] = (value); \
    } while (0)

static void scalar_distance(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                            const gjk2d_distance_out *out)
{
    ref_pair p;
    for (int64_t k = begin; k < end; ++k) {
        int32_t ia = pairs->a[k], ib = pairs->b[k];
        gjk2d_distance_result r;
        if (gjk2d__pair_valid(pool, ia, ib)) {
            load_pool_pair(&p, pool, ia, ib);
            ref_distance(&p, &r, NULL);
        } else {
            r.distance = NAN;
            r.point_a.x = r.point_a.y = r.point_b.x = r.point_b.y = r.normal.x = r.normal.y = NAN;
            r.iterations = 0;
            r.status = GJK2D_STATUS_INVALID;
        }
        PUT(distance, k, r.distance);
        PUT(ax, k, r.point_a.x);
        PUT(ay, k, r.point_a.y);
        PUT(bx, k, r.point_b.x);
        PUT(by, k, r.point_b.y);
        PUT(nx, k, r.normal.x);
        PUT(ny, k, r.normal.y);
        PUT(iterations, k, r.iterations);
        PUT(status, k, (uint8_t)r.status);
    }
}

static void scalar_overlap(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                           const gjk2d_overlap_out *out)
{
    ref_pair p;
    for (int64_t k = begin; k < end; ++k) {
        int32_t ia = pairs->a[k], ib = pairs->b[k];
        gjk2d_overlap_result r = {0, 0, GJK2D_STATUS_INVALID};
        if (gjk2d__pair_valid(pool, ia, ib)) {
            load_pool_pair(&p, pool, ia, ib);
            ref_overlap(&p, &r);
        }
        PUT(overlap, k, (uint8_t)r.overlap);
        PUT(iterations, k, r.iterations);
        PUT(status, k, (uint8_t)r.status);
    }
}

static void scalar_sat(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                       const gjk2d_sat_out *out)
{
    ref_pair p;
    for (int64_t k = begin; k < end; ++k) {
        int32_t ia = pairs->a[k], ib = pairs->b[k];
        gjk2d_sat_result r = {0, NAN, {NAN, NAN}, GJK2D_STATUS_INVALID};
        if (gjk2d__pair_valid(pool, ia, ib)) {
            load_pool_pair(&p, pool, ia, ib);
            ref_sat(&p, &r);
        }
        PUT(overlap, k, (uint8_t)r.overlap);
        PUT(separation, k, r.separation);
        PUT(nx, k, r.normal.x);
        PUT(ny, k, r.normal.y);
        PUT(status, k, (uint8_t)r.status);
    }
}

const gjk2d_kernel_table gjk2d__scalar_table = {"scalar", 1, scalar_distance, scalar_overlap, scalar_sat};

// ---- public entry points ---------------------------------------------------------------------------

int gjk2d_batch_distance(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                         const gjk2d_distance_out *out)
{
    int rc = out ? gjk2d_check_batch(pool, pairs, begin, end, NULL) : GJK2D_ERR_NULL;
    if (rc == GJK2D_OK && end > begin)
        gjk2d__active()->distance(pool, pairs, begin, end, out);
    return rc;
}

int gjk2d_batch_overlap(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                        const gjk2d_overlap_out *out)
{
    int rc = out ? gjk2d_check_batch(pool, pairs, begin, end, NULL) : GJK2D_ERR_NULL;
    if (rc == GJK2D_OK && end > begin)
        gjk2d__active()->overlap(pool, pairs, begin, end, out);
    return rc;
}

int gjk2d_batch_sat(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                    const gjk2d_sat_out *out)
{
    int rc = out ? gjk2d_check_batch(pool, pairs, begin, end, NULL) : GJK2D_ERR_NULL;
    if (rc == GJK2D_OK && end > begin)
        gjk2d__active()->sat(pool, pairs, begin, end, out);
    return rc;
}
