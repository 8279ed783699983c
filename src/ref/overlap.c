// SPDX-License-Identifier: MIT
// GJK boolean overlap: the GJK tutorial for 2D collision detection, processSimplex for the 1- and
// 2-simplex. It stops as soon as the answer is known: a support point that does not pass the origin
// proves separation, a triangle around the origin proves overlap.
//
// Conventions: the simplex is kept oldest first, so the newest point is last and is called "a" as in
// the tutorial; perpendiculars are chosen by sign, never scaled by a dot product, so they stay exact.
#include <math.h>

#include "ref/ref.h"
#include "ref/vec.h"

/// A Minkowski-difference point b - a and the vertex indices it came from (for the cache).
typedef struct bool_vertex {
    gjk2d_vec2 w;
    int32_t ia, ib;
} bool_vertex;

typedef struct bool_simplex {
    bool_vertex p[3]; ///< oldest first
    int32_t count;
} bool_simplex;

static bool_vertex minkowski_point(const ref_pair *p, int32_t ia, int32_t ib) {
    bool_vertex v = {v2_sub(p->b[ib], p->a[ia]), ia, ib};
    return v;
}

static bool_vertex support_point(const ref_pair *p, gjk2d_vec2 d) {
    return minkowski_point(p, ref_support(p->a, p->na, v2_neg(d)), ref_support(p->b, p->nb, d));
}

/// The perpendicular of e on the side where dot with `toward` is positive; zero if `toward` lies on e's line.
static gjk2d_vec2 perp_toward(gjk2d_vec2 e, gjk2d_vec2 toward) {
    float side = v2_dot(v2_left(e), toward);
    if (side > 0.0f) return v2_left(e);
    if (side < 0.0f) return v2_right(e);
    return v2(0.0f, 0.0f);
}

typedef enum { CONTINUE, CONTAINS_ORIGIN } process_result;

/// processSimplex: find the region of the origin, keep the points that matter, set the next direction.
static process_result process_simplex(bool_simplex *s, gjk2d_vec2 *d) {
    if (s->count == 2) {
        // 1-simplex: a = newest, b = older. The origin cannot be beyond b (we came from b toward it).
        const bool_vertex va = s->p[1];
        gjk2d_vec2 a = va.w, b = s->p[0].w;
        gjk2d_vec2 ab = v2_sub(b, a), ao = v2_neg(a);
        if (v2_dot(ab, ao) > 0.0f) {
            // Regions between a and b: search perpendicular to ab, toward the origin.
            *d = perp_toward(ab, ao);
            if (v2_is_zero(*d)) return CONTAINS_ORIGIN; // the origin lies on segment ab: the shapes touch
        } else {
            // Region beyond a: a alone.
            s->p[0] = va;
            s->count = 1;
            *d = ao;
        }
        return CONTINUE;
    }

    // 2-simplex: a = newest, then b, then c (oldest). The regions beyond b, beyond c and beyond the edge
    // bc were ruled out by earlier steps; four remain.
    const bool_vertex va = s->p[2], vb = s->p[1], vc = s->p[0];
    gjk2d_vec2 a = va.w, b = vb.w, c = vc.w;
    gjk2d_vec2 ab = v2_sub(b, a), ac = v2_sub(c, a), ao = v2_neg(a);
    gjk2d_vec2 acb = perp_toward(ab, v2_neg(ac)); // perpendicular to ab, away from c
    gjk2d_vec2 abc = perp_toward(ac, v2_neg(ab)); // perpendicular to ac, away from b
    if (v2_is_zero(acb) || v2_is_zero(abc)) {
        // a landed on the line bc. It passed the origin along d while b and c did not, so this only
        // happens when the origin lies on that line within round-off: the shapes touch.
        return CONTAINS_ORIGIN;
    }
    if (v2_dot(acb, ao) > 0.0f) {
        if (v2_dot(ab, ao) > 0.0f) {
            // Region 4: outside edge ab.
            s->p[0] = vb;
            s->p[1] = va;
            s->count = 2;
            *d = acb;
        } else {
            // Region 5: beyond vertex a.
            s->p[0] = va;
            s->count = 1;
            *d = ao;
        }
        return CONTINUE;
    }
    if (v2_dot(abc, ao) > 0.0f) {
        if (v2_dot(ac, ao) > 0.0f) {
            // Region 6: outside edge ac.
            s->p[0] = vc;
            s->p[1] = va;
            s->count = 2;
            *d = abc;
        } else {
            // Region 5 again.
            s->p[0] = va;
            s->count = 1;
            *d = ao;
        }
        return CONTINUE;
    }
    // Region 7: inside the triangle.
    return CONTAINS_ORIGIN;
}

/// A warm start's simplex may come from another frame, where the invariants processSimplex relies on
/// (the origin is not beyond the older vertices) need not hold. Reduce it to the sub-simplex nearest the
/// origin (the full Voronoi-region tests of "Computing Distance") and set the direction from there, as
/// processSimplex would. Returns CONTAINS_ORIGIN when the simplex holds the origin (inside the triangle,
/// or on the segment).
static process_result settle_warm_simplex(bool_simplex *s, gjk2d_vec2 *d) {
    const gjk2d_vec2 origin = {0.0f, 0.0f};
    bool_vertex *v = s->p;
    int region_ab = 0;
    if (s->count == 2) {
        const gjk2d_segment_result r = gjk2d_closest_on_segment(v[0].w, v[1].w, origin);
        if (r.region == GJK2D_REGION_B) v[0] = v[1];
        s->count = r.region == GJK2D_REGION_AB ? 2 : 1;
        region_ab = s->count == 2;
    } else if (s->count == 3) {
        const gjk2d_triangle_result r = gjk2d_closest_on_triangle(v[0].w, v[1].w, v[2].w, origin);
        switch (r.region) {
        case GJK2D_REGION_ABC: return CONTAINS_ORIGIN;
        case GJK2D_REGION_A: s->count = 1; break;
        case GJK2D_REGION_B:
            v[0] = v[1];
            s->count = 1;
            break;
        case GJK2D_REGION_C:
            v[0] = v[2];
            s->count = 1;
            break;
        case GJK2D_REGION_AB: s->count = 2; break;
        case GJK2D_REGION_BC:
            v[0] = v[1];
            v[1] = v[2];
            s->count = 2;
            break;
        case GJK2D_REGION_CA:
            v[1] = v[2];
            s->count = 2;
            break;
        }
        region_ab = s->count == 2;
    }
    if (!region_ab) {
        *d = v2_neg(v[0].w);
        return CONTINUE;
    }
    *d = perp_toward(v2_sub(v[1].w, v[0].w), v2_neg(v[0].w));
    // The origin projects inside the segment and lies on its line: the shapes touch.
    return v2_is_zero(*d) ? CONTAINS_ORIGIN : CONTINUE;
}

/// The cached simplex, if it still fits the pair (the rule is the distance query's: cache.c).
static int warm_simplex(const ref_pair *p, const gjk2d_cache *c, bool_simplex *s) {
    if (!ref_cache_fits(p, c)) return 0;
    s->count = c->count;
    for (int32_t i = 0; i < s->count; ++i) s->p[i] = minkowski_point(p, c->index_a[i], c->index_b[i]);
    return 1;
}

/// Boolean GJK on the cores, from the cached simplex when it fits. Returns 1 (overlap), 0 (separated)
/// or -1 (iteration cap); leaves the simplex that decided it in *s.
static int gjk_boolean(const ref_pair *p, const gjk2d_cache *warm, bool_simplex *s, int32_t *iterations) {
    const int32_t cap = GJK2D_ITERATION_CAP(p->na, p->nb);
    gjk2d_vec2 d;
    int32_t iter = 0;
    *iterations = 0;
    if (warm_simplex(p, warm, s)) {
        if (settle_warm_simplex(s, &d) == CONTAINS_ORIGIN) return 1;
    } else {
        d = v2(1.0f, 0.0f); // a cold start: any initial direction
        s->p[0] = support_point(p, d);
        s->count = 1;
        d = v2_neg(s->p[0].w);
    }
    for (;;) {
        if (v2_is_zero(d)) {
            *iterations = iter;
            return 1; // the simplex point is the origin: the shapes touch
        }
        if (iter == cap) {
            *iterations = iter;
            return -1;
        }
        bool_vertex a = support_point(p, d);
        ++iter;
        // The furthest point along d does not get past the origin: nothing of Z is on the origin's side.
        if (!(v2_dot(a.w, d) > 0.0f)) {
            *iterations = iter;
            return 0;
        }
        s->p[s->count++] = a;
        if (process_simplex(s, &d) == CONTAINS_ORIGIN) {
            *iterations = iter;
            return 1;
        }
    }
}

void ref_overlap(const ref_pair *p, gjk2d_overlap_result *out) { ref_overlap_cached(p, NULL, out); }

void ref_overlap_cached(const ref_pair *p, gjk2d_cache *cache, gjk2d_overlap_result *out) {
    if (p->ra > 0.0f || p->rb > 0.0f) {
        // Rounded shapes: the boolean test of the cores cannot see the radii; measure the distance. They
        // overlap iff the signed distance (core - radii, rounded once) is not positive.
        gjk2d_distance_result r;
        ref_distance_cached(p, cache, INFINITY, &r, NULL);
        out->overlap = r.signed_distance <= 0.0f;
        out->iterations = r.iterations;
        out->status = r.status;
        return;
    }
    bool_simplex s;
    int res = gjk_boolean(p, cache, &s, &out->iterations);
    if (cache) ref_cache_store(cache, REF_SIMPLEX_VIEW(s.p, s.count));
    out->overlap = res == 1;
    out->status = res < 0 ? GJK2D_STATUS_MAXITER : GJK2D_STATUS_OK;
}
