// SPDX-License-Identifier: MIT
// GJK distance and closest points: Catto, "Computing Distance" (GDC 2010), the GJK
// sections, with the closest points of W. Bittle, "GJK, Distance, Closest Points".
//
// The pair is solved in A's frame as "closest point of the Minkowski difference Z = B - A to the
// origin" (distance(A, B) == distance(O, B - A)); support(Z, d) = support(B, d) - support(A, -d), so Z
// is never built. Each simplex vertex keeps the two vertex indices it came from, and the barycentric
// coordinates of the final simplex, applied to the support points on A and on B, give the closest points.
#include <math.h>

#include "ref/ref.h"
#include "ref/vec.h"

typedef ref_simplex_vertex simplex_vertex;
typedef ref_simplex simplex;

static simplex_vertex make_vertex(const ref_pair *p, int32_t ia, int32_t ib) {
    simplex_vertex sv;
    sv.ia = ia;
    sv.ib = ib;
    sv.a = p->a[ia];
    sv.b = p->b[ib];
    sv.w = v2_sub(sv.b, sv.a);
    sv.weight = 1.0f;
    return sv;
}

/// Closest points on A and B: the simplex's barycentric weights applied to the support points.
static void witness_points(const simplex *s, gjk2d_vec2 *pa, gjk2d_vec2 *pb) {
    const simplex_vertex *v = s->v;
    if (s->count == 1) {
        *pa = v[0].a;
        *pb = v[0].b;
    } else if (s->count == 2) {
        *pa = v2_add(v2_scale(v[0].weight, v[0].a), v2_scale(v[1].weight, v[1].a));
        *pb = v2_add(v2_scale(v[0].weight, v[0].b), v2_scale(v[1].weight, v[1].b));
    } else {
        // The origin is inside: sum(weight * (b - a)) = 0, so the same combination of B's points is
        // the same point. One point common to both shapes.
        *pa =
            v2_add(v2_add(v2_scale(v[0].weight, v[0].a), v2_scale(v[1].weight, v[1].a)), v2_scale(v[2].weight, v[2].a));
        *pb = *pa;
    }
}

/// Distance from the origin to a final simplex of one or two vertices, in double from its support points:
/// w = b - a of two floats is exact in double, so the roundings left are those of a few double operations
/// (in float, forming the closest point from barycentric weights costs a few ε |w|). The segment's
/// parameter is clamped to [0, 1]: for an edge much shorter than its distance the float region test may
/// have said "inside" where the exact projection falls just outside.
static double simplex_distance(const simplex *s) {
    const simplex_vertex *v = s->v;
    double x0 = (double)v[0].b.x - v[0].a.x, y0 = (double)v[0].b.y - v[0].a.y;
    if (s->count == 1) return sqrt(x0 * x0 + y0 * y0);
    double x1 = (double)v[1].b.x - v[1].a.x, y1 = (double)v[1].b.y - v[1].a.y;
    double ex = x1 - x0, ey = y1 - y0;
    double t = (0.0 - (x0 * ex + y0 * ey)) / (ex * ex + ey * ey);
    t = t > 1.0 ? 1.0 : t;
    t = t < 0.0 ? 0.0 : t;
    double cx = x0 + t * ex, cy = y0 + t * ey;
    return sqrt(cx * cx + cy * cy);
}

static void record_step(gjk2d_trace *trace, const ref_pair *p, const simplex *s, gjk2d_vec2 closest, gjk2d_vec2 d) {
    int32_t k = trace->total++;
    if (k >= trace->capacity || !trace->simplices) return;
    trace->count = k + 1;
    gjk2d_simplex_record *r = &trace->simplices[k];
    const gjk2d__pose *xf = &p->pose_a;
    r->count = s->count;
    for (int32_t i = 0; i < 3; ++i) {
        const simplex_vertex *v = &s->v[i < s->count ? i : 0];
        r->index_a[i] = i < s->count ? v->ia : -1;
        r->index_b[i] = i < s->count ? v->ib : -1;
        r->point_a[i] = pose_apply(xf, v->a);
        r->point_b[i] = pose_apply(xf, v->b);
        r->w[i] = pose_rotate(xf, v->w);
        r->weight[i] = i < s->count ? v->weight : 0.0f;
    }
    r->closest = pose_rotate(xf, closest);
    r->direction = pose_rotate(xf, d);
}

/// The step into the trace, when the caller asked for one (the test stays in the GJK loop, the work not).
static inline void record(gjk2d_trace *trace, const ref_pair *p, const simplex *s, gjk2d_vec2 closest, gjk2d_vec2 d) {
    if (trace) record_step(trace, p, s, closest, d);
}

/// The first simplex: the cached one when it still fits the pair (a warm start), else the first
/// vertex of each shape.
static void start_simplex(const ref_pair *p, const gjk2d_cache *warm, simplex *s) {
    if (ref_cache_fits(p, warm)) {
        s->count = warm->count;
        for (int32_t i = 0; i < s->count; ++i) s->v[i] = make_vertex(p, warm->index_a[i], warm->index_b[i]);
        return;
    }
    s->v[0] = make_vertex(p, 0, 0); // a cold start: any vertex will do, the first of each shape
    s->count = 1;
}

/// The GJK loop on the cores, started from `warm` when it fits (NULL: cold) and stopped early once the
/// lower bound of the distance passes `cutoff` (INFINITY: never; the bound is then written to *bound).
/// Returns the final simplex, the closest points in A's frame, the distance of the final simplex to the
/// origin (simplex_distance; meaningless when it holds three vertices), the final search direction (from
/// that point toward the origin; zero for the overlap ends), and why it stopped.
static gjk2d_end gjk_core(const ref_pair *p, const gjk2d_cache *warm, double cutoff, simplex *final, gjk2d_vec2 *pa,
                          gjk2d_vec2 *pb, double *core_out, gjk2d_vec2 *dir, double *bound, int32_t *iterations,
                          gjk2d_trace *trace) {
    const gjk2d_vec2 zero = {0.0f, 0.0f};
    const int32_t cap = GJK2D_ITERATION_CAP(p->na, p->nb);
    simplex s;
    start_simplex(p, warm, &s);
    int32_t iter = 0;
    gjk2d_end end;
    gjk2d_vec2 d = zero, closest = zero;
    *bound = 0.0;

    for (;;) {
        // Remember the simplex before culling: a support point equal to any of its vertices (kept or
        // culled) cannot make progress, since P is the closest point of their hull.
        int32_t saved_count = s.count, saved_ia[3], saved_ib[3];
        for (int32_t i = 0; i < s.count; ++i) {
            saved_ia[i] = s.v[i].ia;
            saved_ib[i] = s.v[i].ib;
        }

        closest = ref_solve_simplex(&s, zero);

        // Case 2, containment: a 2-simplex whose three vertices all contribute holds the origin.
        if (s.count == 3) {
            d = zero;
            record(trace, p, &s, closest, d);
            end = GJK2D_END_CONTAINMENT;
            break;
        }

        // Search direction from the closest point toward the origin. On an edge it is the exact
        // perpendicular (Catto, "Computing Distance": "numerical issues"): dot(d, edge) is exactly zero, where
        // d = -closest would carry the round-off of the barycentric coordinates.
        if (s.count == 1) {
            d = v2_neg(s.v[0].w);
        } else {
            gjk2d_vec2 e = v2_sub(s.v[1].w, s.v[0].w);
            float side = v2_cross(e, v2_neg(s.v[0].w)); // sign of dot(left(e), origin - w1)
            if (side > 0.0f) {
                d = v2_left(e);
            } else if (side < 0.0f) {
                d = v2_right(e);
            } else {
                // Cases 3b and 4, edge overlap / interior edge: the origin lies on the segment, so the
                // perpendicular has no sign. Whichever side we searched, Catto's termination cases show the next steps
                // only repeat a support point or find containment: the origin is in Z, distance 0.
                d = zero;
                record(trace, p, &s, closest, d);
                end = GJK2D_END_EDGE_OVERLAP;
                break;
            }
        }

        // Case 3a, vertex overlap: the closest point is the origin itself.
        if (v2_is_zero(d)) {
            record(trace, p, &s, closest, d);
            end = GJK2D_END_VERTEX_OVERLAP;
            break;
        }
        record(trace, p, &s, closest, d);

        if (iter == cap) {
            end = GJK2D_END_MAX_ITERATIONS;
            break;
        }

        int32_t ia = ref_support(p->a, p->na, v2_neg(d));
        int32_t ib = ref_support(p->b, p->nb, d);
        ++iter;

        // The distance cutoff: no point of Z lies further along d than w, so the origin is at least
        // -dot(w, d) / |d| away from Z (w = b - a is exact in double). Past the cutoff the pair stops.
        if (cutoff < INFINITY) {
            const double wx = (double)p->b[ib].x - p->a[ia].x, wy = (double)p->b[ib].y - p->a[ia].y;
            const double lower = -(wx * d.x + wy * d.y) / sqrt((double)d.x * d.x + (double)d.y * d.y);
            if (lower > cutoff) {
                *bound = lower;
                end = GJK2D_END_CUTOFF;
                break;
            }
        }

        // Case 1, repeated support point: no more progress is possible.
        int repeated = 0;
        for (int32_t i = 0; i < saved_count; ++i) repeated |= saved_ia[i] == ia && saved_ib[i] == ib;
        if (repeated) {
            end = GJK2D_END_REPEATED_SUPPORT;
            break;
        }

        s.v[s.count++] = make_vertex(p, ia, ib);
    }

    witness_points(&s, pa, pb);
    *final = s;
    *core_out = s.count < 3 ? simplex_distance(&s) : 0.0;
    *dir = d;
    *iterations = iter;
    return end;
}

/// Squared distance from w to the segment from a to b (a zero-length segment: to a).
static float segment_distance2(gjk2d_vec2 a, gjk2d_vec2 b, gjk2d_vec2 w) {
    const gjk2d_vec2 e = v2_sub(b, a), q = v2_sub(w, a);
    const float den = v2_dot(e, e);
    float t = den > 0.0f ? v2_dot(q, e) / den : 0.0f;
    t = t < 0.0f ? 0.0f : t;
    t = t > 1.0f ? 1.0f : t;
    const gjk2d_vec2 r = v2_sub(q, v2_scale(t, e));
    return v2_dot(r, r);
}

/// The witness feature on one shape (vertices v[0 .. n)) from the final simplex's vertex indices on it
/// (i0, i1; i1 unused for one vertex) and the witness point w: a vertex when the indices agree, else an
/// edge of the boundary run between them, the run whose outward normal points along `out` (A's side:
/// the normal toward B; B's side: toward A), which also picks the facing side of a segment. The run is
/// one edge for neighbours; a longer run (collinear vertices, or GJK stopped on a chord that round-off
/// kept from the boundary) is named by its edge nearest w, the first along the run on a tie.
static int32_t witness_feature(int32_t count, int32_t i0, int32_t i1, const gjk2d_vec2 *v, int32_t n, gjk2d_vec2 w,
                               gjk2d_vec2 out) {
    if (count == 1 || i0 == i1) return GJK2D_FEATURE_VERTEX(i0);
    // CCW from v[i0] to v[i1] has its outward normal on the right: cross(e, out) < 0.
    const int facing = v2_cross(v2_sub(v[i1], v[i0]), out) < 0.0f;
    const int32_t start = facing ? i0 : i1, end = facing ? i1 : i0;
    const int32_t run = (end - start + n) % n;
    if (run == 1) return GJK2D_FEATURE_EDGE(start); // neighbours: the edge between them
    int32_t best = start;
    float best_d2 = INFINITY;
    for (int32_t o = 0; o < run; ++o) {
        const int32_t j = (start + o) % n;
        const float d2 = segment_distance2(v[j], v[(j + 1) % n], w);
        if (d2 < best_d2) {
            best_d2 = d2;
            best = j;
        }
    }
    return GJK2D_FEATURE_EDGE(best);
}

void ref_closest_cores(const ref_pair *p, ref_cores *out, gjk2d_trace *trace) {
    ref_closest_cores_cached(p, NULL, INFINITY, out, trace);
}

void ref_closest_cores_cached(const ref_pair *p, gjk2d_cache *cache, double cutoff, ref_cores *out,
                              gjk2d_trace *trace) {
    if (trace) {
        trace->count = 0;
        trace->total = 0;
    }
    gjk2d_vec2 pa, pb, d;
    double simplex_core;
    simplex s;
    out->end = gjk_core(p, cache, cutoff, &s, &pa, &pb, &simplex_core, &d, &out->bound, &out->iterations, trace);
    if (cache) ref_cache_store(cache, REF_SIMPLEX_VIEW(s.v, s.count));

    // The cores overlap when the last search direction has no length: exactly zero for the overlap ends
    // (containment, vertex overlap, edge overlap), and also when the simplex is so close to the origin
    // that dot(d, d) underflows (coordinates near 1e-19): no normal can be formed there either.
    gjk2d_vec2 n = {0.0f, 0.0f};
    float len = sqrtf(v2_dot(d, d));
    out->overlap = !(len > 0.0f);
    if (out->overlap) {
        pb = pa;
        simplex_core = 0.0;
        out->feature_a = out->feature_b = GJK2D_FEATURE_NONE;
    } else {
        // The normal comes from the last search direction, which on an edge is the exact perpendicular.
        gjk2d_vec2 dn = v2_rescaled(d);
        n = v2_scale(-1.0f / sqrtf(v2_dot(dn, dn)), dn);
        const simplex_vertex *v1 = &s.v[s.count > 1 ? 1 : 0];
        out->feature_a = witness_feature(s.count, s.v[0].ia, v1->ia, p->a, p->na, pa, n);
        out->feature_b = witness_feature(s.count, s.v[0].ib, v1->ib, p->b, p->nb, pb, v2_neg(n));
    }
    out->point_a = pa;
    out->point_b = pb;
    out->normal = n;
    out->core = simplex_core;
}

/// A pair stopped by the cutoff: the lower bound as its distances, the direction that proves it (n, in
/// A's frame) as the normal; no closest points or features were found.
static void beyond_cutoff(const ref_pair *p, double bound, gjk2d_vec2 n, gjk2d_distance_result *out) {
    const gjk2d_vec2 nan2 = {NAN, NAN};
    out->status = GJK2D_STATUS_BEYOND;
    out->core_distance = (float)bound;
    out->signed_distance = (float)(bound - ((double)p->ra + p->rb));
    out->distance = out->signed_distance;
    out->point_a = out->point_b = nan2;
    out->normal = pose_rotate(&p->pose_a, n);
    out->feature_a = out->feature_b = GJK2D_FEATURE_NONE;
}

int ref_cutoff_by_bounds(const gjk2d__pose *pa, const gjk2d__pose *pb, float bound_a, float bound_b, float ra, float rb,
                         float max_distance, gjk2d_distance_result *out) {
    // The circles' gap |d| - (bound_a + bound_b), made smaller by two relative margins so that it stays
    // below the distance GJK measures: GJK works in A's frame, where B's origin lies |d| times A's
    // rotation scale sqrt(c^2 + s^2) away and B's vertices are scaled by both rotations' scales (each
    // within 5.1e-7 of 1 at a checked pose) and rounded to float (2^-23.5 of the coordinates' size).
    // 2^-19 (1.9e-6) covers each with room; a gap that passes by less is left to GJK.
    const double dx = pb->px - pa->px, dy = pb->py - pa->py;
    const double len = sqrt(dx * dx + dy * dy);
    const double lower =
        len * (1.0 - REF_CUTOFF_BOUND_MARGIN) - ((double)bound_a + bound_b) * (1.0 + REF_CUTOFF_BOUND_MARGIN);
    if (!(lower > (double)max_distance)) return 0;
    const gjk2d_vec2 nan2 = {NAN, NAN};
    out->status = GJK2D_STATUS_BEYOND;
    out->end = GJK2D_END_CUTOFF;
    out->iterations = 0;
    out->distance = out->signed_distance = (float)lower;
    out->core_distance = (float)(lower + ((double)ra + rb));
    out->normal.x = (float)(dx / len);
    out->normal.y = (float)(dy / len);
    out->point_a = out->point_b = nan2;
    out->feature_a = out->feature_b = GJK2D_FEATURE_NONE;
    return 1;
}

void ref_distance(const ref_pair *p, gjk2d_distance_result *out, gjk2d_trace *trace) {
    ref_distance_cached(p, NULL, INFINITY, out, trace);
}

void ref_distance_cached(const ref_pair *p, gjk2d_cache *cache, float max_distance, gjk2d_distance_result *out,
                         gjk2d_trace *trace) {
    ref_cores c;
    // The cutoff on the cores: max_distance plus both radii, in double.
    ref_closest_cores_cached(p, cache, (double)max_distance + ((double)p->ra + p->rb), &c, trace);
    out->end = c.end;
    out->iterations = c.iterations;
    if (c.end == GJK2D_END_CUTOFF) {
        beyond_cutoff(p, c.bound, c.normal, out);
        return;
    }
    out->status = out->end == GJK2D_END_MAX_ITERATIONS ? GJK2D_STATUS_MAXITER : GJK2D_STATUS_OK;
    out->feature_a = c.feature_a;
    out->feature_b = c.feature_b;
    gjk2d_vec2 pa = c.point_a, pb = c.point_b, n = c.normal;
    const int cores_overlap = c.overlap;
    const double simplex_core = c.core;
    // The simplex's own distance rather than |pb - pa|: pb - pa subtracts two rebuilt points and loses a
    // small gap to cancellation.
    const float core = (float)simplex_core;
    out->core_distance = core;
    // Subtracted in double and rounded once (core - radii in float would round twice).
    const float signed_distance = (float)(simplex_core - ((double)p->ra + p->rb));
    out->signed_distance = signed_distance;

    if (cores_overlap) {
        out->distance = 0.0f;
    } else if (signed_distance > 0.0f) {
        // Separated: move each closest point out to its rounded surface.
        out->distance = signed_distance;
        pa = v2_add(pa, v2_scale(p->ra, n));
        pb = v2_sub(pb, v2_scale(p->rb, n));
    } else {
        // Only the rounded parts overlap: report a point inside both, on the segment between the
        // core points at a distance t from pa with max(0, core - rb) <= t <= min(core, ra).
        float lo = core - p->rb > 0.0f ? core - p->rb : 0.0f;
        float hi = core < p->ra ? core : p->ra;
        float t = 0.5f * (lo + hi);
        out->distance = 0.0f;
        pa = v2_add(pa, v2_scale(t, n));
        pb = pa;
    }
    out->point_a = pose_apply(&p->pose_a, pa);
    out->point_b = cores_overlap || out->distance == 0.0f ? out->point_a : pose_apply(&p->pose_a, pb);
    out->normal = pose_rotate(&p->pose_a, n);
}
