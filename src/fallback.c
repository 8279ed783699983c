// SPDX-License-Identifier: MIT
// The scalar implementation of the batch calls: the reference, one pair at a time. It is the "scalar"
// ISA and answers the pairs the SIMD lanes leave to it (large shapes, invalid shapes, bad poses).
#include <math.h>

#include "kernels.h"
#include "ref/ref.h"

/// Loads pair k into A's frame; returns its status if it cannot be computed (invalid shape, bad pose).
#define load_pair ref_pair_from_set

#define PUT(field, k, value)                     \
    do {                                         \
        if (out->field) out->field[k] = (value); \
    } while (0)

void gjk2d__scalar_distance_cached(const gjk2d_shapes *s, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                   int64_t begin, int64_t end, gjk2d_cache *cache, float max_distance,
                                   const gjk2d_distance_out *out) {
    static const gjk2d_cache cold = {0};
    ref_pair p;
    for (int64_t k = begin; k < end; ++k) {
        gjk2d_distance_result r;
        const gjk2d_status st = load_pair(&p, s, poses, pairs->a[k], pairs->b[k]);
        if (st == GJK2D_STATUS_OK) {
            const int32_t ia = pairs->a[k], ib = pairs->b[k];
            const gjk2d__pose pb = gjk2d__pose_at(poses, ib);
            if (max_distance == INFINITY ||
                !ref_cutoff_by_bounds(&p.pose_a, &pb, s->bound[ia], s->bound[ib], p.ra, p.rb, max_distance, &r))
                ref_distance_cached(&p, cache ? &cache[k] : NULL, max_distance, &r, NULL);
        } else {
            if (cache) cache[k] = cold;
            r.distance = r.signed_distance = r.core_distance = NAN;
            r.point_a.x = r.point_a.y = r.point_b.x = r.point_b.y = r.normal.x = r.normal.y = NAN;
            r.feature_a = r.feature_b = GJK2D_FEATURE_NONE;
            r.iterations = 0;
            r.status = st;
        }
        PUT(distance, k, r.distance);
        PUT(signed_distance, k, r.signed_distance);
        PUT(core_distance, k, r.core_distance);
        PUT(ax, k, r.point_a.x);
        PUT(ay, k, r.point_a.y);
        PUT(bx, k, r.point_b.x);
        PUT(by, k, r.point_b.y);
        PUT(nx, k, r.normal.x);
        PUT(ny, k, r.normal.y);
        PUT(feature_a, k, r.feature_a);
        PUT(feature_b, k, r.feature_b);
        PUT(iterations, k, r.iterations);
        PUT(status, k, (uint8_t)r.status);
    }
}

static void scalar_distance(const gjk2d_shapes *s, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                            int64_t end, const gjk2d_distance_out *out) {
    gjk2d__scalar_distance_cached(s, poses, pairs, begin, end, NULL, INFINITY, out);
}

void gjk2d__scalar_overlap_cached(const gjk2d_shapes *s, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                  int64_t begin, int64_t end, gjk2d_cache *cache, const gjk2d_overlap_out *out) {
    static const gjk2d_cache cold = {0};
    ref_pair p;
    for (int64_t k = begin; k < end; ++k) {
        gjk2d_overlap_result r = {0, 0, GJK2D_STATUS_OK};
        r.status = load_pair(&p, s, poses, pairs->a[k], pairs->b[k]);
        if (r.status == GJK2D_STATUS_OK)
            ref_overlap_cached(&p, cache ? &cache[k] : NULL, &r);
        else if (cache)
            cache[k] = cold;
        PUT(overlap, k, (uint8_t)r.overlap);
        PUT(iterations, k, r.iterations);
        PUT(status, k, (uint8_t)r.status);
    }
}

static void scalar_overlap(const gjk2d_shapes *s, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                           int64_t end, const gjk2d_overlap_out *out) {
    gjk2d__scalar_overlap_cached(s, poses, pairs, begin, end, NULL, out);
}

static void scalar_sat(const gjk2d_shapes *s, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                       int64_t end, const gjk2d_sat_out *out) {
    ref_pair p;
    for (int64_t k = begin; k < end; ++k) {
        gjk2d_sat_result r = {0, NAN, {NAN, NAN}, GJK2D_STATUS_OK};
        r.status = load_pair(&p, s, poses, pairs->a[k], pairs->b[k]);
        if (r.status == GJK2D_STATUS_OK) ref_sat(&p, &r);
        PUT(overlap, k, (uint8_t)r.overlap);
        PUT(separation, k, r.separation);
        PUT(nx, k, r.normal.x);
        PUT(ny, k, r.normal.y);
        PUT(status, k, (uint8_t)r.status);
    }
}

const gjk2d_kernel_table gjk2d__scalar_table = {"scalar",
                                                1,
                                                scalar_distance,
                                                scalar_overlap,
                                                scalar_sat,
                                                NULL,
                                                gjk2d__scalar_cast,
                                                gjk2d__scalar_ray,
                                                gjk2d__scalar_point,
                                                gjk2d__scalar_manifold,
                                                gjk2d__scalar_distance_cached,
                                                gjk2d__scalar_overlap_cached,
                                                NULL};
