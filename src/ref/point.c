// SPDX-License-Identifier: MIT
// Point query: closest point of a (possibly rounded) shape and the inside test. The GJK distance of the
// shape against the point (Catto, "Computing Distance": a point is the simplest convex shape) finds the
// closest feature; the closest point is then the point projected onto that feature, in double in the shape's
// frame. GJK's own witness point comes from barycentric weights of Minkowski-difference points, differences
// of numbers as large as the distance: on an edge much shorter than the distance it slides along the edge by
// about eps * distance^2 / length, where the projection is off by a few eps of the shape's size.
#include <math.h>

#include "ref/cast.h"
#include "ref/vec.h"

void ref_point_query(const ref_shape *shape, const gjk2d__pose *pose, gjk2d_vec2 q, gjk2d_point_result *out) {
    static const gjk2d__pose identity = {0.0, 0.0, 1.0f, 0.0f};
    ref_pair p;
    ref_pair_load(&p, shape->x, shape->y, shape->stride, shape->n, shape->r, pose, &q.x, &q.y, 2, 1, 0.0f, &identity);
    gjk2d_distance_result d;
    ref_distance(&p, &d, NULL);
    ref_point_finish(shape, pose, q, d.status, d.feature_a, out);
}

void ref_point_finish(const ref_shape *shape, const gjk2d__pose *pose, gjk2d_vec2 q, gjk2d_status status,
                      int32_t feature, gjk2d_point_result *out) {
    out->status = status;
    if (feature == GJK2D_FEATURE_NONE) {
        // The point is inside the core (GJK's overlap ends).
        out->inside = 1;
        out->distance = 0.0f;
        out->closest = q;
        out->normal = v2(0.0f, 0.0f);
        return;
    }
    // The point in the shape's frame, R^T (q - position), in double.
    const double qx = (double)q.x - pose->px, qy = (double)q.y - pose->py;
    const double lx = (double)pose->c * qx + (double)pose->s * qy, ly = (double)pose->c * qy - (double)pose->s * qx;
    // Its projection onto the witness feature: a vertex, or the edge from vertex i to i + 1 (clamped to it).
    const int32_t i = GJK2D_FEATURE_INDEX(feature), j = (i + 1) % shape->n;
    double cx = shape->x[i * shape->stride], cy = shape->y[i * shape->stride];
    if (GJK2D_FEATURE_IS_EDGE(feature)) {
        const double ex = shape->x[j * shape->stride] - cx, ey = shape->y[j * shape->stride] - cy;
        const double ee = ex * ex + ey * ey;
        double t = ee > 0.0 ? ((lx - cx) * ex + (ly - cy) * ey) / ee : 0.0;
        t = t < 0.0 ? 0.0 : (t > 1.0 ? 1.0 : t);
        cx += t * ex, cy += t * ey;
    }
    const double dx = lx - cx, dy = ly - cy, core = sqrt(dx * dx + dy * dy);
    // Inside when within the radius of the core (boundary included).
    out->inside = !(core - shape->r > 0.0);
    out->distance = out->inside ? 0.0f : (float)(core - shape->r);
    if (!(core > 0.0)) {
        out->closest = q;
        out->normal = v2(0.0f, 0.0f);
        return;
    }
    const double nx = dx / core, ny = dy / core;
    out->normal =
        v2((float)((double)pose->c * nx - (double)pose->s * ny), (float)((double)pose->s * nx + (double)pose->c * ny));
    if (out->inside) {
        out->closest = q;
        return;
    }
    const double px = cx + shape->r * nx, py = cy + shape->r * ny;
    out->closest = v2((float)((double)pose->c * px - (double)pose->s * py + pose->px),
                      (float)((double)pose->s * px + (double)pose->c * py + pose->py));
}
