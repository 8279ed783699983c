// SPDX-License-Identifier: MIT
// The GJK simplex solve (Catto, "Computing Distance", GDC 2010), shared by the distance
// query (gjk.c, query point the origin) and the GJK ray cast (shape_cast.c, query point x on the ray):
// the closest point of a 1-, 2- or 3-vertex simplex to q, from the Voronoi regions of segment.c and
// triangle.c, with the vertices that do not contribute culled.
#include "ref/ref.h"
#include "ref/vec.h"

gjk2d_vec2 ref_solve_simplex(ref_simplex *s, gjk2d_vec2 q) {
    ref_simplex_vertex *v = s->v;
    if (s->count == 1) {
        v[0].weight = 1.0f;
        return v[0].w;
    }
    if (s->count == 2) {
        gjk2d_segment_result r = gjk2d_closest_on_segment(v[0].w, v[1].w, q);
        if (r.region == GJK2D_REGION_A) {
            s->count = 1;
            v[0].weight = 1.0f;
        } else if (r.region == GJK2D_REGION_B) {
            v[0] = v[1];
            s->count = 1;
            v[0].weight = 1.0f;
        } else {
            v[0].weight = r.u;
            v[1].weight = r.v;
        }
        return r.point;
    }
    gjk2d_triangle_result r = gjk2d_closest_on_triangle(v[0].w, v[1].w, v[2].w, q);
    switch (r.region) {
    case GJK2D_REGION_A: s->count = 1; break;
    case GJK2D_REGION_B:
        v[0] = v[1];
        s->count = 1;
        break;
    case GJK2D_REGION_C:
        v[0] = v[2];
        s->count = 1;
        break;
    case GJK2D_REGION_AB:
        v[0].weight = r.u;
        v[1].weight = r.v;
        s->count = 2;
        break;
    case GJK2D_REGION_BC:
        v[0] = v[1];
        v[1] = v[2];
        v[0].weight = r.v;
        v[1].weight = r.w;
        s->count = 2;
        break;
    case GJK2D_REGION_CA:
        v[1] = v[2];
        v[0].weight = r.u;
        v[1].weight = r.w;
        s->count = 2;
        break;
    case GJK2D_REGION_ABC:
        v[0].weight = r.u;
        v[1].weight = r.v;
        v[2].weight = r.w;
        break;
    }
    if (s->count == 1) v[0].weight = 1.0f;
    return r.point;
}
