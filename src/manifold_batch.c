// SPDX-License-Identifier: MIT
// The batch manifold call: arguments checked as every batch call checks them (gjk2d_check_batch) plus the
// margin, then the active table's manifold kernel; gjk2d__scalar_manifold is the reference pair by pair (the
// scalar table's kernel, and the SIMD kernels' path for the pairs their lanes do not take).
#include "kernels.h"
#include "ref/ref.h"

#define PUT(field, k, value)                     \
    do {                                         \
        if (out->field) out->field[k] = (value); \
    } while (0)

void gjk2d__scalar_manifold(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                            int64_t begin, int64_t end, float margin, const gjk2d_manifold_out *out) {
    ref_pair p;
    for (int64_t k = begin; k < end; ++k) {
        gjk2d_manifold_result r;
        const int32_t ia = pairs->a[k], ib = pairs->b[k];
        const gjk2d_status st = ref_pair_from_set(&p, shapes, poses, ia, ib);
        if (st == GJK2D_STATUS_OK) {
            const gjk2d__pose pose_b = gjk2d__pose_at(poses, ib);
            ref_manifold(&p, &pose_b, margin, &r);
        } else {
            gjk2d__manifold_failed(&r, st);
        }
        PUT(count, k, (uint8_t)r.count);
        PUT(nx, k, r.normal.x);
        PUT(ny, k, r.normal.y);
        PUT(reference, k, (uint8_t)r.reference);
        for (int i = 0; i < 2; ++i) {
            const gjk2d_contact_point *q = &r.points[i];
            PUT(px[i], k, q->point.x);
            PUT(py[i], k, q->point.y);
            PUT(anchor_ax[i], k, q->anchor_a.x);
            PUT(anchor_ay[i], k, q->anchor_a.y);
            PUT(anchor_bx[i], k, q->anchor_b.x);
            PUT(anchor_by[i], k, q->anchor_b.y);
            PUT(separation[i], k, q->separation);
            PUT(id[i], k, q->id);
        }
        PUT(status, k, (uint8_t)r.status);
    }
}

int gjk2d_batch_manifold(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t begin,
                         int64_t end, float margin, const gjk2d_manifold_out *out) {
    int rc = out ? gjk2d_check_batch(shapes, poses, pairs, begin, end, NULL) : GJK2D_ERR_NULL;
    if (rc == GJK2D_OK && !gjk2d__margin_ok(margin)) rc = GJK2D_ERR_RANGE;
    if (rc != GJK2D_OK) return rc;
    if (begin < end) gjk2d__active()->manifold(shapes, poses, pairs, begin, end, margin, out);
    return GJK2D_OK;
}
