// SPDX-License-Identifier: MIT
// Closest point on a triangle to a point: Catto, "Computing Distance" (GDC 2010), "Point to Triangle".
//
// Nine barycentric coordinates decide the Voronoi region: the unnormalised (u, v) of Q against each
// edge AB, BC, CA (see segment.c) and the triangle's (u, v, w), the signed areas of QBC, QCA, QAB
// (fractional areas; they sum to the area of ABC). Regions are tested lowest dimension first:
// the three vertices (edge coordinates only), then the three edges (edge coordinates plus the triangle
// coordinate opposite the edge), then the interior. The triangle coordinates are multiplied by the
// area instead of divided by it, so either winding works and a zero-area triangle never divides:
// with area 0 every edge test reduces to "Q projects inside the edge", and for collinear points some
// vertex or edge region then always holds.
#include "ref/vec.h"

static gjk2d_triangle_result vertex_region(gjk2d_region region, gjk2d_vec2 p) {
    gjk2d_triangle_result r;
    r.region = region;
    r.u = region == GJK2D_REGION_A ? 1.0f : 0.0f;
    r.v = region == GJK2D_REGION_B ? 1.0f : 0.0f;
    r.w = region == GJK2D_REGION_C ? 1.0f : 0.0f;
    r.point = p;
    return r;
}

/// Edge XY with unnormalised segment coordinates (ux, uy): P = ux/(ux+uy) X + uy/(ux+uy) Y.
static void edge_weights(float ux, float uy, float *wx, float *wy) {
    float s = weight_rescale(ux + uy);
    float us = ux * s, vs = uy * s;
    float inv = 1.0f / (us + vs);
    *wx = us * inv;
    *wy = vs * inv;
}

gjk2d_triangle_result gjk2d_closest_on_triangle(gjk2d_vec2 a, gjk2d_vec2 b, gjk2d_vec2 c, gjk2d_vec2 q) {
    // Edge (segment) coordinates.
    float uAB = v2_dot(v2_sub(b, q), v2_sub(b, a));
    float vAB = v2_dot(v2_sub(q, a), v2_sub(b, a));
    float uBC = v2_dot(v2_sub(c, q), v2_sub(c, b));
    float vBC = v2_dot(v2_sub(q, b), v2_sub(c, b));
    float uCA = v2_dot(v2_sub(a, q), v2_sub(a, c));
    float vCA = v2_dot(v2_sub(q, c), v2_sub(a, c));

    // Triangle coordinates: signed areas (times two) of the sub-triangles opposite each vertex.
    float area = v2_cross(v2_sub(b, a), v2_sub(c, a));
    float uABC = v2_cross(v2_sub(b, q), v2_sub(c, q));
    float vABC = v2_cross(v2_sub(c, q), v2_sub(a, q));
    float wABC = v2_cross(v2_sub(a, q), v2_sub(b, q));

    // First: vertex regions.
    if (vAB <= 0.0f && uCA <= 0.0f) return vertex_region(GJK2D_REGION_A, a);
    if (uAB <= 0.0f && vBC <= 0.0f) return vertex_region(GJK2D_REGION_B, b);
    if (uBC <= 0.0f && vCA <= 0.0f) return vertex_region(GJK2D_REGION_C, c);

    // Second: edge regions. Q is between the edge's ends and outside the edge (the opposite triangle
    // coordinate has the other sign than the area, or either is zero).
    gjk2d_triangle_result r;
    if (uAB > 0.0f && vAB > 0.0f && wABC * area <= 0.0f) {
        r.region = GJK2D_REGION_AB;
        edge_weights(uAB, vAB, &r.u, &r.v);
        r.w = 0.0f;
        r.point = v2_add(v2_scale(r.u, a), v2_scale(r.v, b));
        return r;
    }
    if (uBC > 0.0f && vBC > 0.0f && uABC * area <= 0.0f) {
        r.region = GJK2D_REGION_BC;
        r.u = 0.0f;
        edge_weights(uBC, vBC, &r.v, &r.w);
        r.point = v2_add(v2_scale(r.v, b), v2_scale(r.w, c));
        return r;
    }
    if (uCA > 0.0f && vCA > 0.0f && vABC * area <= 0.0f) {
        r.region = GJK2D_REGION_CA;
        r.v = 0.0f;
        edge_weights(uCA, vCA, &r.w, &r.u);
        r.point = v2_add(v2_scale(r.w, c), v2_scale(r.u, a));
        return r;
    }

    // Third: the interior. Every triangle coordinate has the sign of the area here, so the area is zero
    // only when every product underflowed (coordinates below about 1e-19).
    r.region = GJK2D_REGION_ABC;
    float s = weight_rescale(area);
    float as = area * s;
    if (as == 0.0f) {
        // Every coordinate underflowed to zero: the triangle is a point at float resolution.
        r.u = 1.0f;
        r.v = 0.0f;
        r.w = 0.0f;
    } else {
        float inv = 1.0f / as;
        r.u = (uABC * s) * inv;
        r.v = (vABC * s) * inv;
        r.w = (wABC * s) * inv;
    }
    r.point = q;
    return r;
}
