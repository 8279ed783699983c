// SPDX-License-Identifier: MIT
// Contact manifolds: Catto, "Contact Manifolds" (GDC 2007): a reference face, an incident edge, and the
// incident edge clipped to the reference face's side planes; with Box2D's rules for choosing between the
// two shapes' faces (a tolerance in favour of A) and for cores that are apart (Box2D v3: a vertex-vertex
// contact takes the closest points, not a face).
//
// The pair is in A's frame. Every shape is a core (point, segment or polygon) and a radius:
//  1. SAT on the cores (ref_sat_face) gives each shape's face of largest separation. The reference face is
//     A's unless B's separates by more than the face tolerance; a shape without edges (a point) has none.
//  2. A face that separates the cores by more than the radii plus the margin: no contact (Box2D's early
//     outs). Two polygons that no face separates overlap (SAT), and go straight to step 4.
//  3. Otherwise GJK on the cores (ref_closest_cores) gives their distance, closest points and normal. Cores
//     further apart than the radii plus the margin have no contact.
//  4. Face contact: the incident edge is the other shape's edge whose normal is most opposed to the
//     reference normal (a point is its own incident vertex). Clipped to the side planes through the
//     reference face's ends (Sutherland-Hodgman on two points), each remaining point is a contact if its
//     gap along the reference normal, minus the radii, is within the margin. Both faces extend over
//     collinear and duplicated vertices (face_run), which gjk2d accepts and Box2D's hull never has.
//  5. Vertex contact: when the cores are apart and the best face separates them by clearly less than their
//     distance (the closest features are two vertices: the region of a rounded corner), when there is no
//     face (two points), or when clipping left no point within the margin, the contact is the pair of GJK
//     closest points, with the GJK normal.
// The SIMD kernel (src/simd/manifold_tmpl.h) repeats steps 1, 2 and 4 for two polygons in lanes, operation
// for operation.
// Points are reported midway between the two rounded surfaces, as Box2D does.
#include <math.h>

#include "ref/ref.h"
#include "ref/vec.h"

/// A point of the incident edge with the features that make it.
typedef struct clip_vertex {
    gjk2d_vec2 v;
    int32_t feature_ref, feature_inc;
} clip_vertex;

/// A contact in A's frame, before it is moved to world.
typedef struct local_contact {
    gjk2d_vec2 point;
    float separation;
    int32_t feature_a, feature_b;
} local_contact;

/// max(width, height) of the bounding box of a core: its size for the face tolerance.
static float core_extent(const gjk2d_vec2 *v, int32_t n) {
    float x0 = v[0].x, x1 = v[0].x, y0 = v[0].y, y1 = v[0].y;
    for (int32_t i = 1; i < n; ++i) {
        x0 = v[i].x < x0 ? v[i].x : x0;
        x1 = v[i].x > x1 ? v[i].x : x1;
        y0 = v[i].y < y0 ? v[i].y : y0;
        y1 = v[i].y > y1 ? v[i].y : y1;
    }
    const float w = x1 - x0, h = y1 - y0;
    return w > h ? w : h;
}

/// Keep the part of segment in[0..1] where the signed distance d (given at both ends) is <= 0. A crossing
/// point is made by the side plane, so its features are the reference vertex on that side and the
/// incident edge. Returns the number of points kept (0, 1 or 2).
static int clip_segment(const clip_vertex in[2], const float d[2], int32_t side_vertex, int32_t incident_edge,
                        clip_vertex out[2]) {
    int n = 0;
    if (d[0] <= 0.0f) out[n++] = in[0];
    if (d[1] <= 0.0f) out[n++] = in[1];
    // Strictly on both sides (a product of two tiny distances could underflow to zero).
    if ((d[0] < 0.0f && d[1] > 0.0f) || (d[0] > 0.0f && d[1] < 0.0f)) {
        const float t = d[0] / (d[0] - d[1]);
        out[n].v = v2_add(in[0].v, v2_scale(t, v2_sub(in[1].v, in[0].v)));
        out[n].feature_ref = GJK2D_FEATURE_VERTEX(side_vertex);
        out[n].feature_inc = GJK2D_FEATURE_EDGE(incident_edge);
        ++n;
    }
    return n;
}

/// The edge of `v` whose outward normal is most opposed to `n` (the first on a tie); -1 if `v` has no edge.
/// An edge whose squared length is 0 in float (a duplicated vertex, or one shorter than about 2^-75) has no
/// normal, as in sat.c's edge_normal, whose normals the kernels' incident search reuses.
static int32_t incident_edge(const gjk2d_vec2 *v, int32_t count, gjk2d_vec2 n) {
    int32_t best = -1;
    float best_dot = 0.0f;
    if (count < 2) return best;
    for (int32_t i = 0; i < count; ++i) {
        gjk2d_vec2 e = v2_sub(v[i + 1 < count ? i + 1 : 0], v[i]);
        if (v2_dot(e, e) == 0.0f) continue;
        e = v2_rescaled(e);
        const gjk2d_vec2 normal = v2_scale(1.0f / sqrtf(v2_dot(e, e)), v2_right(e));
        const float dot = v2_dot(normal, n);
        if (best < 0 || dot < best_dot) {
            best = i;
            best_dot = dot;
        }
    }
    return best;
}

/// Whether vertex k of v (n >= 3) is straight: the turn from the last vertex before it to the first after it that
/// differ from it (duplicated vertices are one corner) is within what rounding the vertices to float can cause
/// (the validation's slack, 4 eps M (|e1|_1 + |e2|_1), M the shape's largest coordinate here). Computed in double,
/// where the crosses of float differences are exact.
static int straight_vertex(const gjk2d_vec2 *v, int32_t n, int32_t k, double m) {
    const gjk2d_vec2 q = v[k];
    int32_t i = k, j = k;
    for (int32_t s = 0; s < n && v[i].x == q.x && v[i].y == q.y; ++s) i = i > 0 ? i - 1 : n - 1;
    for (int32_t s = 0; s < n && v[j].x == q.x && v[j].y == q.y; ++s) j = j + 1 < n ? j + 1 : 0;
    const double ax = (double)q.x - v[i].x, ay = (double)q.y - v[i].y, bx = (double)v[j].x - q.x,
                 by = (double)v[j].y - q.y;
    if ((ax == 0.0 && ay == 0.0) || (bx == 0.0 && by == 0.0)) return 0; // every vertex is this one: no face to extend
    const double slack = 4.0 * FLT_EPSILON * m * (fabs(ax) + fabs(ay) + fabs(bx) + fabs(by));
    return fabs(ax * by - ay * bx) <= slack && ax * bx + ay * by > 0.0;
}

/// The face that edge i belongs to: the run of edges through straight vertices (collinear or duplicated
/// vertices, which gjk2d accepts) from vertex *first to vertex *last. A segment's face is its edge.
static void face_run(const gjk2d_vec2 *v, int32_t n, int32_t i, int32_t *first, int32_t *last) {
    *first = i;
    *last = i + 1 < n ? i + 1 : 0;
    if (n < 3) return;
    double m = 0.0;
    for (int32_t k = 0; k < n; ++k) m = fmax(m, fmax(fabs((double)v[k].x), fabs((double)v[k].y)));
    for (int32_t steps = 0; steps < n - 2 && straight_vertex(v, n, *first, m); ++steps)
        *first = *first > 0 ? *first - 1 : n - 1;
    for (int32_t steps = 0; steps < n - 2 && *last != *first && straight_vertex(v, n, *last, m); ++steps)
        *last = *last + 1 < n ? *last + 1 : 0;
}

/// Step 3: the face contact on reference face `face` (unit outward normal `nref`) of `ref`, against `inc`.
/// Contacts go to `c` with A's and B's features (ref_is_b swaps them). Returns their number.
static int face_contact(const gjk2d_vec2 *ref, int32_t n_ref, float r_ref, int32_t face, gjk2d_vec2 nref,
                        const gjk2d_vec2 *inc, int32_t n_inc, float r_inc, int ref_is_b, float margin,
                        local_contact c[2]) {
    // The reference face: edge `face` with its collinear neighbours, from v1 to v2; its id is its first edge.
    int32_t i1, i2;
    face_run(ref, n_ref, face, &i1, &i2);
    const gjk2d_vec2 v1 = ref[i1], v2 = ref[i2];
    clip_vertex clipped[2];
    int n;
    int32_t j = incident_edge(inc, n_inc, nref);
    if (j < 0) {
        // A point (or a shape whose vertices all coincide): its vertex, unclipped. It lies within the
        // side planes whenever this face is the closest feature, and within the tolerance otherwise.
        clipped[0].v = inc[0];
        clipped[0].feature_ref = GJK2D_FEATURE_EDGE(i1);
        clipped[0].feature_inc = GJK2D_FEATURE_VERTEX(0);
        n = 1;
    } else {
        // The incident face likewise: the incident edge with its collinear neighbours.
        int32_t j2;
        face_run(inc, n_inc, j, &j, &j2);
        clip_vertex edge[2] = {{inc[j], GJK2D_FEATURE_EDGE(i1), GJK2D_FEATURE_VERTEX(j)},
                               {inc[j2], GJK2D_FEATURE_EDGE(i1), GJK2D_FEATURE_VERTEX(j2)}};
        // The tangent along the reference face, v1 to v2: nref turned counter-clockwise (exact).
        const gjk2d_vec2 t = v2_left(nref);
        const float lower = v2_dot(t, v1), upper = v2_dot(t, v2);
        // Side plane at v1: keep dot(t, x) >= lower.
        float d[2] = {lower - v2_dot(t, edge[0].v), lower - v2_dot(t, edge[1].v)};
        clip_vertex half[2];
        n = clip_segment(edge, d, i1, j, half);
        if (n == 2) {
            // Side plane at v2: keep dot(t, x) <= upper.
            d[0] = v2_dot(t, half[0].v) - upper;
            d[1] = v2_dot(t, half[1].v) - upper;
            n = clip_segment(half, d, i2, j, clipped);
        } else if (n == 1) {
            // Touching the first side plane at one point: keep it if it is within the second.
            n = v2_dot(t, half[0].v) - upper <= 0.0f;
            clipped[0] = half[0];
        }
    }
    const double radii = (double)r_ref + r_inc;
    int kept = 0;
    for (int i = 0; i < n; ++i) {
        const float gap = v2_dot(nref, v2_sub(clipped[i].v, v1)); // difference first: no cancellation of offsets
        const float separation = (float)((double)gap - radii);
        if (!(separation <= margin)) continue;
        // Midway between the reference surface (the plane moved out by r_ref) and the incident surface.
        c[kept].point = v2_add(clipped[i].v, v2_scale(0.5f * (r_ref - gap - r_inc), nref));
        c[kept].separation = separation;
        c[kept].feature_a = ref_is_b ? clipped[i].feature_inc : clipped[i].feature_ref;
        c[kept].feature_b = ref_is_b ? clipped[i].feature_ref : clipped[i].feature_inc;
        ++kept;
    }
    return kept;
}

/// The deepest vertex of `inc` against the reference face: the contact when clipping left nothing although
/// the cores overlap (a round-off case of degenerate edges), if within the margin. It always is for convex
/// shapes; validation also passes a boundary that bends back by less than its rounding across short edges
/// (docs/robustness.md, "Convex within rounding"), whose face's line need not bound it: no contact then.
static int deepest_contact(const gjk2d_vec2 *ref, int32_t n_ref, float r_ref, int32_t face, gjk2d_vec2 nref,
                           const gjk2d_vec2 *inc, int32_t n_inc, float r_inc, int ref_is_b, float margin,
                           local_contact *c) {
    const int32_t j = ref_support(inc, n_inc, v2_neg(nref));
    int32_t last;
    face_run(ref, n_ref, face, &face, &last);
    const float gap = v2_dot(nref, v2_sub(inc[j], ref[face]));
    const float separation = (float)((double)gap - ((double)r_ref + r_inc));
    if (!(separation <= margin)) return 0;
    c->point = v2_add(inc[j], v2_scale(0.5f * (r_ref - gap - r_inc), nref));
    c->separation = separation;
    c->feature_a = ref_is_b ? GJK2D_FEATURE_VERTEX(j) : GJK2D_FEATURE_EDGE(face);
    c->feature_b = ref_is_b ? GJK2D_FEATURE_EDGE(face) : GJK2D_FEATURE_VERTEX(j);
    return 1;
}

/// Step 4: the GJK closest points, moved out to their surfaces and averaged.
static int vertex_contact(const ref_pair *p, const ref_cores *g, gjk2d_vec2 n, local_contact *c) {
    const gjk2d_vec2 sa = v2_add(g->point_a, v2_scale(p->ra, n));
    const gjk2d_vec2 sb = v2_sub(g->point_b, v2_scale(p->rb, n));
    c->point = v2_scale(0.5f, v2_add(sa, sb));
    c->separation = (float)(g->core - ((double)p->ra + p->rb));
    // Coincident points: each shape's only vertex.
    c->feature_a = g->overlap ? GJK2D_FEATURE_VERTEX(0) : g->feature_a;
    c->feature_b = g->overlap ? GJK2D_FEATURE_VERTEX(0) : g->feature_b;
    return 1;
}

static void clear_point(gjk2d_contact_point *q) {
    const gjk2d_vec2 nan2 = {NAN, NAN};
    q->point = q->anchor_a = q->anchor_b = nan2;
    q->separation = NAN;
    q->id = GJK2D_CONTACT_ID_NONE;
}

/// A contact in A's frame to world: the offset from A's position is the rotated point, in double (the
/// products of floats are exact there), rounded once; the world point and the offset from B's position
/// add the positions in double first.
static void to_world(const ref_pair *p, const gjk2d__pose *pose_b, const local_contact *c, gjk2d_contact_point *q) {
    const gjk2d__pose *xa = &p->pose_a;
    const double ax = (double)xa->c * c->point.x - (double)xa->s * c->point.y;
    const double ay = (double)xa->s * c->point.x + (double)xa->c * c->point.y;
    q->anchor_a = v2((float)ax, (float)ay);
    q->point = v2((float)(ax + xa->px), (float)(ay + xa->py));
    q->anchor_b = v2((float)(ax - (pose_b->px - xa->px)), (float)(ay - (pose_b->py - xa->py)));
    q->separation = c->separation;
    q->id = GJK2D_CONTACT_ID(c->feature_a, c->feature_b);
}

void ref_manifold(const ref_pair *p, const gjk2d__pose *pose_b, float margin, gjk2d_manifold_result *out) {
    out->count = 0;
    out->reference = 0;
    out->status = GJK2D_STATUS_OK;
    clear_point(&out->points[0]);
    clear_point(&out->points[1]);
    const double radii = (double)p->ra + p->rb;

    // 1. Each shape's best face; B's only if clearly better (Box2D's rule: ids do not flicker between two
    //    nearly equal faces).
    float sep_a = 0.0f, sep_b = 0.0f;
    gjk2d_vec2 n_a = {0.0f, 0.0f}, n_b = {0.0f, 0.0f};
    const int32_t face_a = ref_sat_face(p->a, p->na, p->b, p->nb, &sep_a, &n_a);
    const int32_t face_b = ref_sat_face(p->b, p->nb, p->a, p->na, &sep_b, &n_b);
    const float tol = GJK2D_MANIFOLD_FACE_TOLERANCE * (core_extent(p->a, p->na) + core_extent(p->b, p->nb));
    const int ref_is_b = face_b >= 0 && (face_a < 0 || sep_b > sep_a + tol);
    const int32_t face = ref_is_b ? face_b : face_a;
    const float sep_face = ref_is_b ? sep_b : sep_a;
    const gjk2d_vec2 nref = ref_is_b ? n_b : n_a;

    // 2. A face that separates the cores by more than the radii plus the margin: no contact, its normal
    //    (A's face first, as Box2D tests them).
    const int apart_a = face_a >= 0 && !((float)((double)sep_a - radii) <= margin);
    const int apart_b = face_b >= 0 && !((float)((double)sep_b - radii) <= margin);
    if (apart_a || apart_b) {
        out->normal = pose_rotate(&p->pose_a, apart_a ? n_a : v2_neg(n_b));
        return;
    }

    // 3. Two polygons that no face separates overlap: their edge normals are every candidate axis (the
    //    Minkowski difference's faces), so GJK has nothing to add. Otherwise (a point or a segment, whose
    //    faces miss the axis along it, or cores a face separates by less than the reach) GJK on the cores
    //    gives their distance; beyond the radii plus the margin: no contact, the GJK normal.
    const int sat_overlap = p->na >= 3 && p->nb >= 3 && face_a >= 0 && face_b >= 0 && sep_a <= 0.0f && sep_b <= 0.0f;
    ref_cores g = {0};
    if (!sat_overlap) {
        ref_closest_cores(p, &g, NULL);
        out->status = g.end == GJK2D_END_MAX_ITERATIONS ? GJK2D_STATUS_MAXITER : GJK2D_STATUS_OK;
        if (!g.overlap && !((float)(g.core - radii) <= margin)) {
            out->normal = pose_rotate(&p->pose_a, g.normal);
            return;
        }
    }
    const int overlap = sat_overlap || g.overlap;

    local_contact c[2];
    int count = 0, face_used = 0;
    // 4. A face contact, unless the cores are apart and this face is not (nearly) their closest feature.
    if (face >= 0 && (overlap || !(g.core - sep_face > tol))) {
        if (ref_is_b)
            count = face_contact(p->b, p->nb, p->rb, face, nref, p->a, p->na, p->ra, 1, margin, c);
        else
            count = face_contact(p->a, p->na, p->ra, face, nref, p->b, p->nb, p->rb, 0, margin, c);
        if (count == 0 && overlap) {
            if (ref_is_b)
                count = deepest_contact(p->b, p->nb, p->rb, face, nref, p->a, p->na, p->ra, 1, margin, c);
            else
                count = deepest_contact(p->a, p->na, p->ra, face, nref, p->b, p->nb, p->rb, 0, margin, c);
        }
        face_used = count > 0;
    }
    // 5. Otherwise (or when clipping left no point within the margin) the vertex contact of GJK (never after
    //    step 3, which ran no GJK: the deepest vertex is a contact there but for a bent boundary, which gets none).
    gjk2d_vec2 n = ref_is_b ? v2_neg(nref) : nref;
    if (!face_used && !sat_overlap) {
        n = g.overlap ? v2(1.0f, 0.0f) : g.normal;
        count = vertex_contact(p, &g, n, c);
    }
    const int reference = face_used && ref_is_b;
    out->normal = pose_rotate(&p->pose_a, n);
    out->count = count;
    out->reference = reference;
    for (int i = 0; i < count; ++i) to_world(p, pose_b, &c[i], &out->points[i]);
}
