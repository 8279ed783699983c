// SPDX-License-Identifier: MIT
// Closest point on a line segment to a point: Catto, "Computing Distance" (GDC 2010), "Point to Line Segment".
//
// Any point G on the line through A and B is G = u*A + v*B with u + v = 1 (barycentric coordinates,
// fractional lengths). Projecting Q onto the line gives, with n = (B - A) / |B - A|,
//     u = dot(B - Q, n) / |B - A|,   v = dot(Q - A, n) / |B - A|.
// Multiplying both by |B - A|^2 gives the unnormalised pair
//     u' = dot(B - Q, B - A),        v' = dot(Q - A, B - A),   u' + v' = |B - A|^2,
// whose signs alone pick the Voronoi region; we divide only in region AB, where u' + v' > 0.
#include "ref/vec.h"

gjk2d_segment_result gjk2d_closest_on_segment(gjk2d_vec2 a, gjk2d_vec2 b, gjk2d_vec2 q) {
    gjk2d_segment_result r;
    gjk2d_vec2 e = v2_sub(b, a);
    float u = v2_dot(v2_sub(b, q), e);
    float v = v2_dot(v2_sub(q, a), e);

    if (u <= 0.0f) {
        // Region B: Q projects beyond B (also taken by a zero-length segment, where u' = v' = 0).
        r.region = GJK2D_REGION_B;
        r.u = 0.0f;
        r.v = 1.0f;
        r.point = b;
    } else if (v <= 0.0f) {
        // Region A: Q projects before A.
        r.region = GJK2D_REGION_A;
        r.u = 1.0f;
        r.v = 0.0f;
        r.point = a;
    } else {
        // Region AB: Q projects inside the segment (u + v > 0; rescaled when it is too small to invert).
        float s = weight_rescale(u + v);
        float us = u * s, vs = v * s;
        float inv = 1.0f / (us + vs);
        r.region = GJK2D_REGION_AB;
        r.u = us * inv;
        r.v = vs * inv;
        r.point = v2_add(v2_scale(r.u, a), v2_scale(r.v, b));
    }
    return r;
}
