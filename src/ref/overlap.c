// SPDX-License-Identifier: MIT
// GJK boolean overlap: the GJK tutorial for 2D collision detection, processSimplex for the 1- and
// 2-simplex. It stops as soon as the answer is known: a support point that does not pass the origin
// proves separation, a triangle around the origin proves overlap.
//
// Conventions: the simplex is kept oldest first, so the newest point is last and is called "a" as in
// the tutorial; perpendiculars are chosen by sign, never scaled by a dot product, so they stay exact.
#include "ref/ref.h"
#include "ref/vec.h"

typedef struct bool_simplex {
    gjk2d_vec2 p[3]; ///< Minkowski-difference points b - a, oldest first
    int32_t count;
} bool_simplex;

static gjk2d_vec2 support_point(const ref_pair *p, gjk2d_vec2 d)
{
    int32_t ia = ref_support(p->a, p->na, v2_neg(d));
    int32_t ib = ref_support(p->b, p->nb, d);
    return v2_sub(p->b[ib], p->a[ia]);
}

/// The perpendicular of e on the side where dot with `toward` is positive; zero if `toward` lies on e's line.
static gjk2d_vec2 perp_toward(gjk2d_vec2 e, gjk2d_vec2 toward)
{
    float side = v2_dot(v2_left(e), toward);
    if (side > 0.0f)
        return v2_left(e);
    if (side < 0.0f)
        return v2_right(e);
    return v2(0.0f, 0.0f);
}

typedef enum { CONTINUE, CONTAINS_ORIGIN } process_result;

/// processSimplex: find the region of the origin, keep the points that matter, set the next direction.
static process_result process_simplex(bool_simplex *s, gjk2d_vec2 *d)
{
    if (s->count == 2) {
        // 1-simplex: a = newest, b = older. The origin cannot be beyond b (we came from b toward it).
        gjk2d_vec2 a = s->p[1], b = s->p[0];
        gjk2d_vec2 ab = v2_sub(b, a), ao = v2_neg(a);
        if (v2_dot(ab, ao) > 0.0f) {
            // Regions between a and b: search perpendicular to ab, toward the origin.
            *d = perp_toward(ab, ao);
            if (v2_is_zero(*d))
                return CONTAINS_ORIGIN; // the origin lies on segment ab: the shapes touch
        } else {
            // Region beyond a: a alone.
            s->p[0] = a;
            s->count = 1;
            *d = ao;
        }
        return CONTINUE;
    }

    // 2-simplex: a = newest, then b, then c (oldest). The regions beyond b, beyond c and beyond the edge
    // bc were ruled out by earlier steps; four remain.
    gjk2d_vec2 a = s->p[2], b = s->p[1], c = s->p[0];
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
            s->p[0] = b;
            s->p[1] = a;
            s->count = 2;
            *d = acb;
        } else {
            // Region 5: beyond vertex a.
            s->p[0] = a;
            s->count = 1;
            *d = ao;
        }
        return CONTINUE;
    }
    if (v2_dot(abc, ao) > 0.0f) {
        if (v2_dot(ac, ao) > 0.0f) {
            // Region 6: outside edge ac.
            s->p[0] = c;
            s->p[1] = a;
            s->count = 2;
            *d = abc;
        } else {
            // Region 5 again.
            s->p[0] = a;
            s->count = 1;
            *d = ao;
        }
        return CONTINUE;
    }
    // Region 7: inside the triangle.
    return CONTAINS_ORIGIN;
}

/// Boolean GJK on the cores. Returns 1 (overlap), 0 (separated) or -1 (iteration cap).
static int gjk_boolean(const ref_pair *p, int32_t *iterations)
{
    const int32_t cap = GJK2D_ITERATION_CAP(p->na, p->nb);
    bool_simplex s;
    gjk2d_vec2 d = v2(1.0f, 0.0f); // any initial direction
    s.p[0] = support_point(p, d);
    s.count = 1;
    d = v2_neg(s.p[0]);
    int32_t iter = 0;
    for (;;) {
        if (v2_is_zero(d)) {
            *iterations = iter;
            return 1; // the simplex point is the origin: the shapes touch
        }
        if (iter == cap) {
            *iterations = iter;
            return -1;
        }
        gjk2d_vec2 a = support_point(p, d);
        ++iter;
        // The furthest point along d does not get past the origin: nothing of Z is on the origin's side.
        if (!(v2_dot(a, d) > 0.0f)) {
            *iterations = iter;
            return 0;
        }
        s.p[s.count++] = a;
        if (process_simplex(&s, &d) == CONTAINS_ORIGIN) {
            *iterations = iter;
            return 1;
        }
    }
}

void ref_overlap(const ref_pair *p, gjk2d_overlap_result *out)
{
    if (p->ra > 0.0f || p->rb > 0.0f) {
        // Rounded shapes: the boolean test of the cores cannot see the radii; measure the distance. They
        // overlap iff the signed distance (core - radii, rounded once) is not positive.
        gjk2d_distance_result r;
        ref_distance(p, &r, NULL);
        out->overlap = r.signed_distance <= 0.0f;
        out->iterations = r.iterations;
        out->status = r.status;
        return;
    }
    int res = gjk_boolean(p, &out->iterations);
    out->overlap = res == 1;
    out->status = res < 0 ? GJK2D_STATUS_MAXITER : GJK2D_STATUS_OK;
}
