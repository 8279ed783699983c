// SPDX-License-Identifier: MIT
// Separating axis test: "Detecting Whether Two Convex Polygons Overlap" (the separating axis theorem), extended from a
// yes/no answer to the maximum signed separation over all candidate axes and the axis that attains it.
//
// For convex shapes the candidate axes are the edge normals of both shapes: if the shapes are apart,
// the projections of one of them do not overlap; if they overlap, the smallest overlap along these axes is
// the penetration depth (the Minkowski difference's faces are exactly these edges). Two additions make
// it exact for every shape gjk2d accepts:
//  - a segment is a polygon of two edges (both normals); a point has none;
//  - the direction between the closest pair of vertices. Apart shapes whose closest features are two
//    vertices (two points, or the rounded corners of circles and capsules) are separated along no edge
//    normal by their full distance; along this axis they are. So a positive separation is the distance.
#include <math.h>

#include "ref/ref.h"
#include "ref/vec.h"

typedef struct sat_best {
    float separation;
    gjk2d_vec2 axis; ///< unit, from A to B
    int found;
} sat_best;

static void consider(sat_best *best, float separation, gjk2d_vec2 axis) {
    // Strict '>': the first axis in the order A's edges, B's edges, vertex pair wins ties.
    if (!best->found || separation > best->separation) {
        best->separation = separation;
        best->axis = axis;
        best->found = 1;
    }
}

/// Outward unit normal of edge p -> q of a CCW shape; zero for a zero-length edge.
static gjk2d_vec2 edge_normal(gjk2d_vec2 p, gjk2d_vec2 q) {
    gjk2d_vec2 e = v2_sub(q, p);
    float len2 = v2_dot(e, e);
    if (len2 == 0.0f) return v2(0.0f, 0.0f);
    e = v2_rescaled(e);
    float inv = 1.0f / sqrtf(v2_dot(e, e));
    return v2_scale(inv, v2_right(e));
}

/// Gap between the projections of `self` and `other` on axis n (pointing from self to other):
/// min over other minus max over self. Every axis is measured this way, whole shape against whole shape:
/// a normal computed from a short edge is tilted by round-off, and on a tilted axis the edge's own vertex
/// is no longer self's furthest point, so measuring from it would overstate the gap.
static float projection_gap(const gjk2d_vec2 *self, int32_t n_self, const gjk2d_vec2 *other, int32_t n_other,
                            gjk2d_vec2 n) {
    float max_self = v2_dot(self[0], n), min_other = v2_dot(other[0], n);
    for (int32_t i = 1; i < n_self; ++i) {
        float v = v2_dot(self[i], n);
        max_self = v > max_self ? v : max_self;
    }
    for (int32_t j = 1; j < n_other; ++j) {
        float v = v2_dot(other[j], n);
        min_other = v < min_other ? v : min_other;
    }
    return min_other - max_self;
}

/// The outward normal of every edge of `self` as a candidate axis (axis_sign -1 turns B's normals into
/// axes from A to B).
static void edge_axes(sat_best *best, const gjk2d_vec2 *self, int32_t n_self, const gjk2d_vec2 *other, int32_t n_other,
                      float axis_sign) {
    if (n_self < 2) return;
    for (int32_t i = 0; i < n_self; ++i) {
        gjk2d_vec2 n = edge_normal(self[i], self[i + 1 < n_self ? i + 1 : 0]);
        if (v2_is_zero(n)) continue; // duplicated vertex: no edge
        consider(best, projection_gap(self, n_self, other, n_other, n), v2_scale(axis_sign, n));
    }
}

int32_t ref_sat_face(const gjk2d_vec2 *self, int32_t n_self, const gjk2d_vec2 *other, int32_t n_other,
                     float *separation, gjk2d_vec2 *normal) {
    // The same axes, gaps and first-wins rule as edge_axes, keeping the edge's index.
    int32_t best = -1;
    if (n_self < 2) return best;
    for (int32_t i = 0; i < n_self; ++i) {
        gjk2d_vec2 n = edge_normal(self[i], self[i + 1 < n_self ? i + 1 : 0]);
        if (v2_is_zero(n)) continue;
        float gap = projection_gap(self, n_self, other, n_other, n);
        if (best < 0 || gap > *separation) {
            best = i;
            *separation = gap;
            *normal = n;
        }
    }
    return best;
}

/// The direction between the closest pair of vertices, with both shapes projected on it.
static void vertex_pair_axis(sat_best *best, const ref_pair *p) {
    int32_t bi = 0, bj = 0;
    gjk2d_vec2 e = v2_sub(p->b[0], p->a[0]);
    float best_d2 = v2_dot(e, e);
    for (int32_t i = 0; i < p->na; ++i) {
        for (int32_t j = 0; j < p->nb; ++j) {
            gjk2d_vec2 ij = v2_sub(p->b[j], p->a[i]);
            float d2 = v2_dot(ij, ij);
            if (d2 < best_d2) {
                best_d2 = d2;
                bi = i;
                bj = j;
            }
        }
    }
    if (best_d2 == 0.0f) return; // a shared vertex: no direction, and separation 0 is found by any other axis or below
    gjk2d_vec2 ij = v2_rescaled(v2_sub(p->b[bj], p->a[bi]));
    gjk2d_vec2 n = v2_scale(1.0f / sqrtf(v2_dot(ij, ij)), ij);
    consider(best, projection_gap(p->a, p->na, p->b, p->nb, n), n);
}

void ref_sat(const ref_pair *p, gjk2d_sat_result *out) {
    sat_best best = {0.0f, {0.0f, 0.0f}, 0};
    edge_axes(&best, p->a, p->na, p->b, p->nb, 1.0f);
    edge_axes(&best, p->b, p->nb, p->a, p->na, -1.0f); // B's outward normal points from B to A
    vertex_pair_axis(&best, p);
    if (!best.found) {
        // No axis at all: two coincident points (or shapes made only of one repeated point).
        best.separation = 0.0f;
        best.axis = v2(0.0f, 0.0f);
    }
    out->separation = best.separation - (p->ra + p->rb);
    out->overlap = out->separation <= 0.0f;
    out->normal = pose_rotate(&p->pose_a, best.axis);
    out->status = GJK2D_STATUS_OK;
}
