// SPDX-License-Identifier: MIT
// Public batch entry points: check every argument before writing anything, then hand the range to the
// chosen implementation (dispatch.c). Poses are checked per pair by the implementation, as it loads them.
#include <math.h>

#include "kernels.h"

int gjk2d_check_batch(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                      int64_t end, int64_t *bad_pair) {
    if (bad_pair) *bad_pair = -1;
    if (!shapes || !poses || !pairs) return GJK2D_ERR_NULL;
    if (shapes->magic != GJK2D_SHAPES_MAGIC) return GJK2D_ERR_SHAPES;
    if (pairs->count < 0 || begin < 0 || begin > end || end > pairs->count) return GJK2D_ERR_RANGE;
    if (shapes->shape_count > 0 && (!poses->px || !poses->py || !poses->c || !poses->s)) return GJK2D_ERR_NULL;
    if (!gjk2d__poses_layout_ok(poses, shapes->shape_count)) return GJK2D_ERR_POSES;
    if (end > begin && (!pairs->a || !pairs->b)) return GJK2D_ERR_NULL;
    const uint32_t n = (uint32_t)shapes->shape_count;
    // One unsigned compare per index also rejects negative ones. A chunk is scanned without a branch (the
    // compiler runs it in vector registers); only a chunk with a bad index is searched for the first.
    enum { CHUNK = 4096 };
    for (int64_t k0 = begin; k0 < end; k0 += CHUNK) {
        const int64_t k1 = end - k0 < CHUNK ? end : k0 + CHUNK;
        uint32_t bad = 0;
        for (int64_t k = k0; k < k1; ++k) bad |= ((uint32_t)pairs->a[k] >= n) | ((uint32_t)pairs->b[k] >= n);
        if (!bad) continue;
        for (int64_t k = k0; k < k1; ++k) {
            if ((uint32_t)pairs->a[k] >= n || (uint32_t)pairs->b[k] >= n) {
                if (bad_pair) *bad_pair = k;
                return GJK2D_ERR_PAIR_INDEX;
            }
        }
    }
    return GJK2D_OK;
}

int gjk2d_batch_distance(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                         int64_t end, const gjk2d_distance_out *out) {
    const int rc = out ? gjk2d_check_batch(shapes, poses, pairs, begin, end, NULL) : GJK2D_ERR_NULL;
    if (rc == GJK2D_OK && end > begin) gjk2d__active()->distance(shapes, poses, pairs, begin, end, out);
    return rc;
}

int gjk2d_batch_overlap(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                        int64_t end, const gjk2d_overlap_out *out) {
    const int rc = out ? gjk2d_check_batch(shapes, poses, pairs, begin, end, NULL) : GJK2D_ERR_NULL;
    if (rc == GJK2D_OK && end > begin) gjk2d__active()->overlap(shapes, poses, pairs, begin, end, out);
    return rc;
}

int gjk2d_batch_distance_cached(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                int64_t begin, int64_t end, gjk2d_cache *cache, float max_distance,
                                const gjk2d_distance_out *out) {
    int rc = out ? gjk2d_check_batch(shapes, poses, pairs, begin, end, NULL) : GJK2D_ERR_NULL;
    if (rc == GJK2D_OK && !(max_distance >= 0.0f)) rc = GJK2D_ERR_CUTOFF;
    if (rc != GJK2D_OK || end == begin) return rc;
    gjk2d__active()->distance_cached(shapes, poses, pairs, begin, end, cache, max_distance, out);
    return rc;
}

int gjk2d_batch_overlap_cached(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                               int64_t begin, int64_t end, gjk2d_cache *cache, const gjk2d_overlap_out *out) {
    const int rc = out ? gjk2d_check_batch(shapes, poses, pairs, begin, end, NULL) : GJK2D_ERR_NULL;
    if (rc != GJK2D_OK || end == begin) return rc;
    if (!cache)
        gjk2d__active()->overlap(shapes, poses, pairs, begin, end, out);
    else
        gjk2d__active()->overlap_cached(shapes, poses, pairs, begin, end, cache, out);
    return rc;
}

int gjk2d_batch_sat(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                    int64_t end, const gjk2d_sat_out *out) {
    const int rc = out ? gjk2d_check_batch(shapes, poses, pairs, begin, end, NULL) : GJK2D_ERR_NULL;
    if (rc == GJK2D_OK && end > begin) gjk2d__active()->sat(shapes, poses, pairs, begin, end, out);
    return rc;
}
