// SPDX-License-Identifier: MIT
// Point query: closest point of a (possibly rounded) shape and the inside test, by the GJK distance of
// the shape against the point (Catto, "Computing Distance": a point is the simplest convex shape).
#include <math.h>

#include "ref/cast.h"
#include "ref/vec.h"

void ref_point_query(const ref_shape *shape, const gjk2d__pose *pose, gjk2d_vec2 q, gjk2d_point_result *out)
{
    static const gjk2d__pose identity = {0.0, 0.0, 1.0f, 0.0f};
    ref_pair p;
    ref_pair_load(&p, shape->x, shape->y, shape->stride, shape->n, shape->r, pose, &q.x, &q.y, 2, 1, 0.0f,
                  &identity);
    gjk2d_distance_result d;
    ref_distance(&p, &d, NULL);
    // Inside the rounded shape when the signed distance is not positive: inside the core (the cores
    // "overlap", signed distance -r), or within r of it.
    out->inside = !(d.signed_distance > 0.0f);
    out->distance = d.distance;
    out->closest = out->inside ? q : d.point_a;
    out->normal = d.normal;
    out->status = d.status;
}
