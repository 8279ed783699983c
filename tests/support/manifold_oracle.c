// SPDX-License-Identifier: MIT
// The manifold oracle (manifold_oracle.h): long double, brute force, written from the documented rules.
#include "manifold_oracle.h"

#include <float.h>
#include <math.h>

typedef struct mo_pt {
    mo_real x, y;
} mo_pt;

typedef struct mo_shape {
    int n;
    mo_real r;
    mo_pt v[GJK2D_MAX_VERTICES];
} mo_shape;

static mo_pt pt(mo_real x, mo_real y) {
    mo_pt p = {x, y};
    return p;
}
static mo_pt sub(mo_pt a, mo_pt b) { return pt(a.x - b.x, a.y - b.y); }
static mo_real dot(mo_pt a, mo_pt b) { return a.x * b.x + a.y * b.y; }
static mo_real len(mo_pt a) { return sqrtl(a.x * a.x + a.y * a.y); }
static mo_real cross(mo_pt a, mo_pt b) { return a.x * b.y - a.y * b.x; }
static int next(const mo_shape *s, int i) { return i + 1 < s->n ? i + 1 : 0; }

/// Closest point of segment [p, q] to x, with its parameter.
static mo_pt closest_on_segment(mo_pt p, mo_pt q, mo_pt x, mo_real *t_out) {
    mo_pt e = sub(q, p);
    mo_real ee = dot(e, e), t = 0.0L;
    if (ee > 0.0L) {
        t = dot(sub(x, p), e) / ee;
        t = t < 0.0L ? 0.0L : (t > 1.0L ? 1.0L : t);
    }
    *t_out = t;
    return pt(p.x + t * e.x, p.y + t * e.y);
}

/// Whether x is strictly inside polygon s (n >= 3, CCW): left of every non-degenerate edge.
static int inside(const mo_shape *s, mo_pt x) {
    if (s->n < 3) return 0;
    for (int i = 0; i < s->n; ++i) {
        mo_pt e = sub(s->v[next(s, i)], s->v[i]);
        if (e.x == 0.0L && e.y == 0.0L) continue;
        if (cross(e, sub(x, s->v[i])) <= 0.0L) return 0;
    }
    return 1;
}

static int segments_cross(mo_pt a, mo_pt b, mo_pt c, mo_pt d) {
    mo_real d1 = cross(sub(b, a), sub(c, a)), d2 = cross(sub(b, a), sub(d, a));
    mo_real d3 = cross(sub(d, c), sub(a, c)), d4 = cross(sub(d, c), sub(b, c));
    return ((d1 > 0 && d2 < 0) || (d1 < 0 && d2 > 0)) && ((d3 > 0 && d4 < 0) || (d3 < 0 && d4 > 0));
}

/// The feature of s that point x (on s's boundary, parameter t of edge i) lies on.
static int32_t feature_at(const mo_shape *s, int i, mo_real t, mo_real band, int *ambiguous) {
    if (s->n == 1) return GJK2D_FEATURE_VERTEX(0);
    mo_real el = len(sub(s->v[next(s, i)], s->v[i]));
    if (t * el <= band || (1.0L - t) * el <= band)
        if (t * el > 0.0L && (1.0L - t) * el > 0.0L) *ambiguous = 1;
    if (t == 0.0L) return GJK2D_FEATURE_VERTEX(i);
    if (t == 1.0L) return GJK2D_FEATURE_VERTEX(next(s, i));
    return GJK2D_FEATURE_EDGE(i);
}

/// Core distance and one closest pair, by brute force over every vertex of one shape against every edge of
/// the other (a point is its own zero-length edge). 0 when the cores overlap.
static mo_real closest_cores(const mo_shape *a, const mo_shape *b, mo_pt *pa, mo_pt *pb, int32_t *fa, int32_t *fb,
                             mo_real band, int *ambiguous) {
    for (int i = 0; i < b->n; ++i)
        if (inside(a, b->v[i])) return 0.0L;
    for (int i = 0; i < a->n; ++i)
        if (inside(b, a->v[i])) return 0.0L;
    if (a->n >= 2 && b->n >= 2)
        for (int i = 0; i < a->n; ++i)
            for (int j = 0; j < b->n; ++j)
                if (segments_cross(a->v[i], a->v[next(a, i)], b->v[j], b->v[next(b, j)])) return 0.0L;
    mo_real best = INFINITY;
    int side = 0, vi = 0, ej = 0;
    mo_real bt = 0.0L;
    for (int pass = 0; pass < 2; ++pass) {
        const mo_shape *p = pass ? b : a, *q = pass ? a : b;
        for (int i = 0; i < p->n; ++i)
            for (int j = 0; j < q->n; ++j) {
                mo_real t;
                mo_pt c = closest_on_segment(q->v[j], q->v[next(q, j)], p->v[i], &t);
                mo_real d = len(sub(c, p->v[i]));
                if (d < best) {
                    best = d;
                    side = pass, vi = i, ej = j, bt = t;
                }
            }
    }
    const mo_shape *p = side ? b : a, *q = side ? a : b;
    mo_real t;
    mo_pt on_q = closest_on_segment(q->v[ej], q->v[next(q, ej)], p->v[vi], &t);
    int32_t f_p = GJK2D_FEATURE_VERTEX(vi), f_q = feature_at(q, ej, bt, band, ambiguous);
    *pa = side ? on_q : p->v[vi];
    *pb = side ? p->v[vi] : on_q;
    *fa = side ? f_q : f_p;
    *fb = side ? f_p : f_q;
    return best;
}

/// The face of s with the largest gap to o (first on a tie), -1 if s has no edge; its unit normal.
static int best_face(const mo_shape *s, const mo_shape *o, mo_real *sep, mo_pt *normal) {
    int best = -1;
    if (s->n < 2) return best;
    for (int i = 0; i < s->n; ++i) {
        mo_pt e = sub(s->v[next(s, i)], s->v[i]);
        mo_real l = len(e);
        if (l == 0.0L) continue;
        mo_pt n = pt(e.y / l, -e.x / l);
        mo_real hi = -INFINITY, lo = INFINITY;
        for (int k = 0; k < s->n; ++k) hi = fmaxl(hi, dot(n, s->v[k]));
        for (int k = 0; k < o->n; ++k) lo = fminl(lo, dot(n, o->v[k]));
        if (best < 0 || lo - hi > *sep) {
            best = i;
            *sep = lo - hi;
            *normal = n;
        }
    }
    return best;
}

static mo_real extent(const mo_shape *s) {
    mo_real x0 = s->v[0].x, x1 = x0, y0 = s->v[0].y, y1 = y0;
    for (int i = 1; i < s->n; ++i) {
        x0 = fminl(x0, s->v[i].x), x1 = fmaxl(x1, s->v[i].x);
        y0 = fminl(y0, s->v[i].y), y1 = fmaxl(y1, s->v[i].y);
    }
    return fmaxl(x1 - x0, y1 - y0);
}

typedef struct local_contact {
    mo_pt p;
    mo_real separation;
    int32_t fa, fb;
    int cut, ids_ambiguous;
} local_contact;

/// The run of edges through straight vertices that edge i belongs to (the manifold's faces, docs/manifold.md):
/// a vertex is straight when its turn (from the last different vertex before it to the first different one after)
/// is within 4 eps M (|e1|_1 + |e2|_1) (M: the shape's largest coordinate) with both edges the same way. A turn
/// within a factor 4 of that threshold is ambiguous.
static int straight(const mo_shape *s, int k, mo_real m, int *ambiguous) {
    // Duplicated vertices are one corner: the turn is from the last different vertex before to the first after.
    const mo_pt q = s->v[k];
    int i = k, j = k;
    for (int c = 0; c < s->n && s->v[i].x == q.x && s->v[i].y == q.y; ++c) i = (i + s->n - 1) % s->n;
    for (int c = 0; c < s->n && s->v[j].x == q.x && s->v[j].y == q.y; ++c) j = next(s, j);
    mo_pt e1 = sub(q, s->v[i]), e2 = sub(s->v[j], q);
    if ((e1.x == 0 && e1.y == 0) || (e2.x == 0 && e2.y == 0)) return 0;
    mo_real slack = 4.0L * FLT_EPSILON * m * (fabsl(e1.x) + fabsl(e1.y) + fabsl(e2.x) + fabsl(e2.y));
    mo_real c = fabsl(cross(e1, e2));
    if (c > 0.25L * slack && c <= 4.0L * slack) *ambiguous = 1;
    return c <= slack && dot(e1, e2) > 0.0L;
}

static void run_of(const mo_shape *s, int i, int *first, int *last, int *ambiguous) {
    *first = i;
    *last = next(s, i);
    if (s->n < 3) return;
    mo_real m = 0.0L;
    for (int k = 0; k < s->n; ++k) m = fmaxl(m, fmaxl(fabsl(s->v[k].x), fabsl(s->v[k].y)));
    for (int steps = 0; steps < s->n - 2 && straight(s, *first, m, ambiguous); ++steps)
        *first = (*first + s->n - 1) % s->n;
    for (int steps = 0; steps < s->n - 2 && *last != *first && straight(s, *last, m, ambiguous); ++steps)
        *last = next(s, *last);
}

/// The face contact: the incident edge's parameter interval inside the reference edge's slab, exactly.
static int face_contact(const mo_shape *ref, int face, mo_pt nref, const mo_shape *inc, int ref_is_b, mo_real margin,
                        mo_real band, local_contact *c, mo_manifold *m) {
    int i1, i2;
    run_of(ref, face, &i1, &i2, &m->ambiguous);
    const mo_pt v1 = ref->v[i1], v2 = ref->v[i2], t = pt(-nref.y, nref.x);
    const mo_real lower = dot(t, v1), upper = dot(t, v2), radii = ref->r + inc->r;
    // The incident edge: most opposed outward normal (first on a tie); a tie within 1e-6 is ambiguous.
    int j = -1;
    mo_real jdot = 0.0L, second = INFINITY;
    for (int k = 0; inc->n >= 2 && k < inc->n; ++k) {
        mo_pt e = sub(inc->v[next(inc, k)], inc->v[k]);
        mo_real l = len(e);
        if (l == 0.0L) continue;
        mo_real d = dot(pt(e.y / l, -e.x / l), nref);
        if (j < 0 || d < jdot) {
            second = j < 0 ? second : jdot;
            j = k, jdot = d;
        } else if (d < second) {
            second = d;
        }
    }
    if (j >= 0 && second - jdot <= 1e-6L) m->ambiguous = 1;
    struct {
        mo_pt p;
        int32_t f_ref, f_inc;
        int cut, amb;
    } cand[2];
    int n = 0;
    if (j < 0) {
        cand[0].p = inc->v[0];
        cand[0].f_ref = GJK2D_FEATURE_EDGE(i1), cand[0].f_inc = GJK2D_FEATURE_VERTEX(0);
        cand[0].cut = 0, cand[0].amb = 0;
        n = 1;
    } else {
        int j2;
        run_of(inc, j, &j, &j2, &m->ambiguous);
        const mo_pt p0 = inc->v[j], p1 = inc->v[j2];
        const mo_real s0 = dot(t, p0), s1 = dot(t, p1);
        m->cos_clip = fabsl(s1 - s0) / len(sub(p1, p0));
        // Parameter u in [0, 1] along p0 -> p1 with lower <= s(u) <= upper.
        mo_real u_lo = 0.0L, u_hi = 1.0L;
        int32_t f_lo_ref = GJK2D_FEATURE_EDGE(i1), f_lo_inc = GJK2D_FEATURE_VERTEX(j);
        int32_t f_hi_ref = GJK2D_FEATURE_EDGE(i1), f_hi_inc = GJK2D_FEATURE_VERTEX(j2);
        int cut_lo = 0, cut_hi = 0;
        if (s1 != s0) {
            mo_real ua = (lower - s0) / (s1 - s0), ub = (upper - s0) / (s1 - s0);
            int32_t va = GJK2D_FEATURE_VERTEX(i1), vb = GJK2D_FEATURE_VERTEX(i2);
            if (ua > ub) { // the edge runs against the tangent: the lower plane bounds u from above
                mo_real x = ua;
                ua = ub;
                ub = x;
                int32_t f = va;
                va = vb;
                vb = f;
            }
            if (ua > u_lo) u_lo = ua, f_lo_ref = va, f_lo_inc = GJK2D_FEATURE_EDGE(j), cut_lo = 1;
            if (ub < u_hi) u_hi = ub, f_hi_ref = vb, f_hi_inc = GJK2D_FEATURE_EDGE(j), cut_hi = 1;
        } else if (s0 < lower || s0 > upper) {
            u_lo = 1.0L, u_hi = 0.0L;
        }
        const mo_real el = len(sub(p1, p0));
        // Ids near a side plane (an end vertex within the band of it) may be either.
        int amb = fabsl(s0 - lower) <= band || fabsl(s0 - upper) <= band || fabsl(s1 - lower) <= band ||
                  fabsl(s1 - upper) <= band;
        if ((u_hi - u_lo) * el < -band) {
            n = 0;
        } else if ((u_hi - u_lo) * el <= band) {
            m->ambiguous = 1; // one point, or two nearly equal ones
            n = 0;
        } else {
            mo_pt e = sub(p1, p0);
            cand[0].p = pt(p0.x + u_lo * e.x, p0.y + u_lo * e.y);
            cand[0].f_ref = f_lo_ref, cand[0].f_inc = f_lo_inc, cand[0].cut = cut_lo, cand[0].amb = amb;
            cand[1].p = pt(p0.x + u_hi * e.x, p0.y + u_hi * e.y);
            cand[1].f_ref = f_hi_ref, cand[1].f_inc = f_hi_inc, cand[1].cut = cut_hi, cand[1].amb = amb;
            n = 2;
        }
    }
    int kept = 0;
    for (int i = 0; i < n; ++i) {
        mo_real gap = dot(nref, sub(cand[i].p, v1)), separation = gap - radii;
        if (fabsl(separation - margin) <= band) m->ambiguous = 1;
        if (!(separation <= margin)) continue;
        mo_real shift = 0.5L * (ref->r - gap - inc->r);
        c[kept].p = pt(cand[i].p.x + shift * nref.x, cand[i].p.y + shift * nref.y);
        c[kept].separation = separation;
        c[kept].fa = ref_is_b ? cand[i].f_inc : cand[i].f_ref;
        c[kept].fb = ref_is_b ? cand[i].f_ref : cand[i].f_inc;
        c[kept].cut = cand[i].cut;
        c[kept].ids_ambiguous = cand[i].amb;
        ++kept;
    }
    m->ref_edge = len(sub(v2, v1));
    return kept;
}

static void load(const gjk2d_shape *s, mo_shape *out) {
    out->n = s->count;
    out->r = s->radius;
    for (int i = 0; i < s->count; ++i) out->v[i] = pt(s->vertices[i].x, s->vertices[i].y);
}

void mo_manifold_compute(const gjk2d_shape *a, const gjk2d_pose *pa_in, const gjk2d_shape *b, const gjk2d_pose *pb_in,
                         mo_real margin, mo_real band, mo_manifold *m) {
    static const gjk2d_pose identity = {0.0f, 0.0f, 1.0f, 0.0f};
    const gjk2d_pose *pa = pa_in ? pa_in : &identity, *pb = pb_in ? pb_in : &identity;
    static _Thread_local mo_shape A, B;
    load(a, &A);
    load(b, &B);
    // B into A's frame through the world, with the exact inverse of A's (not exactly unit) rotation.
    const mo_real ca = pa->c, sa = pa->s, k = 1.0L / (ca * ca + sa * sa);
    for (int i = 0; i < B.n; ++i) {
        mo_real wx = (mo_real)pb->c * B.v[i].x - (mo_real)pb->s * B.v[i].y + pb->px - pa->px;
        mo_real wy = (mo_real)pb->s * B.v[i].x + (mo_real)pb->c * B.v[i].y + pb->py - pa->py;
        B.v[i] = pt(k * (ca * wx + sa * wy), k * (-sa * wx + ca * wy));
    }
    mo_real scale = 0.0L;
    for (int i = 0; i < A.n; ++i) scale = fmaxl(scale, fmaxl(fabsl(A.v[i].x), fabsl(A.v[i].y)));
    for (int i = 0; i < B.n; ++i) scale = fmaxl(scale, fmaxl(fabsl(B.v[i].x), fabsl(B.v[i].y)));
    m->scale = scale + A.r + B.r;
    m->count = m->reference = m->face = m->ambiguous = 0;
    m->cos_clip = 1.0L;
    m->ref_edge = 0.0L;

    mo_pt pa_c = {0, 0}, pb_c = {0, 0};
    int32_t fa = GJK2D_FEATURE_NONE, fb = GJK2D_FEATURE_NONE;
    const mo_real core = closest_cores(&A, &B, &pa_c, &pb_c, &fa, &fb, band, &m->ambiguous);
    m->core = core;
    const mo_real radii = A.r + B.r;
    mo_pt n = {1.0L, 0.0L};
    if (core > 0.0L) n = pt((pb_c.x - pa_c.x) / core, (pb_c.y - pa_c.y) / core);
    if (core <= band) m->ambiguous |= core > 0.0L; // touching: overlap or not is the library's call
    local_contact c[2];
    int count = 0, face_used = 0, ref_is_b = 0;
    mo_pt nref = {0, 0};
    if (core > 0.0L && fabsl(core - radii - margin) <= band) m->ambiguous = 1;
    if (!(core > 0.0L && core - radii > margin)) {
        mo_real sep_a = 0.0L, sep_b = 0.0L;
        mo_pt na = {0, 0}, nb = {0, 0};
        int face_a = best_face(&A, &B, &sep_a, &na), face_b = best_face(&B, &A, &sep_b, &nb);
        mo_real tol = (mo_real)GJK2D_MANIFOLD_FACE_TOLERANCE * (extent(&A) + extent(&B));
        if (face_a >= 0 && face_b >= 0 && fabsl(sep_b - sep_a - tol) <= band) m->ambiguous = 1;
        ref_is_b = face_b >= 0 && (face_a < 0 || sep_b > sep_a + tol);
        int face = ref_is_b ? face_b : face_a;
        mo_real sep_face = ref_is_b ? sep_b : sep_a;
        nref = ref_is_b ? nb : na;
        if (face >= 0 && core > 0.0L && fabsl(core - sep_face - tol) <= band) m->ambiguous = 1;
        if (face >= 0 && (core == 0.0L || core - sep_face <= tol)) {
            count = ref_is_b ? face_contact(&B, face, nref, &A, 1, margin, band, c, m)
                             : face_contact(&A, face, nref, &B, 0, margin, band, c, m);
            if (count == 0 && core == 0.0L) {
                // The deepest incident vertex (the library's fallback for a clip that left nothing).
                const mo_shape *ref = ref_is_b ? &B : &A, *inc = ref_is_b ? &A : &B;
                int j = 0;
                for (int i = 1; i < inc->n; ++i)
                    if (dot(nref, inc->v[i]) < dot(nref, inc->v[j])) j = i;
                int f0, f1;
                run_of(ref, face, &f0, &f1, &m->ambiguous);
                face = f0;
                mo_real gap = dot(nref, sub(inc->v[j], ref->v[face]));
                mo_real shift = 0.5L * (ref->r - gap - inc->r);
                c[0].p = pt(inc->v[j].x + shift * nref.x, inc->v[j].y + shift * nref.y);
                c[0].separation = gap - radii;
                c[0].fa = ref_is_b ? GJK2D_FEATURE_VERTEX(j) : GJK2D_FEATURE_EDGE(face);
                c[0].fb = ref_is_b ? GJK2D_FEATURE_EDGE(face) : GJK2D_FEATURE_VERTEX(j);
                c[0].cut = 0, c[0].ids_ambiguous = 1;
                count = 1;
                m->ambiguous = 1; // a round-off case by construction
            }
            face_used = count > 0;
        }
        if (!face_used) {
            mo_pt sa_ = pt(pa_c.x + A.r * n.x, pa_c.y + A.r * n.y), sb_ = pt(pb_c.x - B.r * n.x, pb_c.y - B.r * n.y);
            c[0].p = pt(0.5L * (sa_.x + sb_.x), 0.5L * (sa_.y + sb_.y));
            c[0].separation = core - radii;
            c[0].fa = core > 0.0L ? fa : GJK2D_FEATURE_VERTEX(0);
            c[0].fb = core > 0.0L ? fb : GJK2D_FEATURE_VERTEX(0);
            c[0].cut = 0, c[0].ids_ambiguous = 0;
            count = 1;
            m->ref_edge = 0.0L;
        }
    }
    mo_pt normal = face_used ? (ref_is_b ? pt(-nref.x, -nref.y) : nref) : n;
    m->face = face_used;
    m->reference = face_used && ref_is_b;
    m->count = count;
    // To world: x = R_A p + position (A's rotation as given, as the library applies it).
    m->nx = ca * normal.x - sa * normal.y;
    m->ny = sa * normal.x + ca * normal.y;
    for (int i = 0; i < count; ++i) {
        mo_contact *q = &m->c[i];
        q->ax = ca * c[i].p.x - sa * c[i].p.y;
        q->ay = sa * c[i].p.x + ca * c[i].p.y;
        q->x = q->ax + pa->px;
        q->y = q->ay + pa->py;
        q->separation = c[i].separation;
        q->feature_a = c[i].fa;
        q->feature_b = c[i].fb;
        q->cut = c[i].cut;
        q->ids_ambiguous = c[i].ids_ambiguous;
    }
}
