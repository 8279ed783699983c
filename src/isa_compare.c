// SPDX-License-Identifier: MIT
// One ISA's answer against the scalar reference's (isa_compare.h).
#include "isa_compare.h"

#include <float.h>
#include <math.h>
#include <string.h>

void ic_pair_make(const tol_shape *a, const tol_shape *b, ic_pair *g) {
    const double ca = a->c, sa = a->s, pax = a->px, pay = a->py;
    const double cb = b->c, sb = b->s, pbx = b->px, pby = b->py;
    g->na = a->n;
    g->nb = b->n;
    g->ra = a->radius;
    g->rb = b->radius;
    g->ca = ca;
    g->sa = sa;
    g->pax = pax;
    g->pay = pay;
    double w = 0.0;
    for (int k = 0; k < g->na; k++) {
        double x = a->x[k * a->stride], y = a->y[k * a->stride];
        g->ax[k] = x;
        g->ay[k] = y;
        g->va[k].x = a->x[k * a->stride];
        g->va[k].y = a->y[k * a->stride];
        w = fmax(w, fmax(fabs(ca * x - sa * y + pax), fabs(sa * x + ca * y + pay)));
    }
    for (int k = 0; k < g->nb; k++) {
        double x = b->x[k * b->stride], y = b->y[k * b->stride];
        double wx = cb * x - sb * y + pbx, wy = sb * x + cb * y + pby, dx = wx - pax, dy = wy - pay;
        g->bx[k] = ca * dx + sa * dy;
        g->by[k] = -sa * dx + ca * dy;
        g->vb[k].x = b->x[k * b->stride];
        g->vb[k].y = b->y[k * b->stride];
        w = fmax(w, fmax(fabs(wx), fabs(wy)));
    }
    g->L = tol_pair_scale(a, b);
    g->W = w + g->ra + g->rb;
    if (g->L == 0.0) g->L = DBL_MIN; // two points at one spot: every error must then be exactly zero
    g->shape_a = (gjk2d_shape){g->va, g->na, 0.0f};
    g->shape_b = (gjk2d_shape){g->vb, g->nb, 0.0f};
    g->pose_a = (gjk2d_pose){(float)a->px, (float)a->py, (float)a->c, (float)a->s};
    g->pose_b = (gjk2d_pose){(float)b->px, (float)b->py, (float)b->c, (float)b->s};
}

// Gap between the cores along the world direction (nx, ny): min over B minus max over A.
static double core_gap_along(const ic_pair *g, double nx, double ny) {
    double lx = g->ca * nx + g->sa * ny, ly = -g->sa * nx + g->ca * ny;
    double amax = -INFINITY, bmin = INFINITY;
    for (int k = 0; k < g->na; k++) amax = fmax(amax, g->ax[k] * lx + g->ay[k] * ly);
    for (int k = 0; k < g->nb; k++) bmin = fmin(bmin, g->bx[k] * lx + g->by[k] * ly);
    return bmin - amax;
}

// Distance from a world point to a shape's core (through the library's point query).
static double point_core_distance(const gjk2d_shape *shape, const gjk2d_pose *pose, float x, float y) {
    gjk2d_vec2 q = {x, y};
    gjk2d_distance_result r;
    gjk2d_closest_on_shape(shape, pose, q, &r, NULL);
    return r.core_distance;
}

static void upd(double *m, double v) {
    if (v > *m) *m = v;
}

typedef struct judge {
    ic_report report;
    void *ctx;
    int failed;
} judge;

static void fail(judge *j, const char *what, double got, double ref, double tol) {
    ic_failure f = {what, got, ref, tol, 0, 0, 0, 0.0};
    j->failed++;
    j->report(j->ctx, &f);
}

// Whether witness feature f of a shape with n vertices (x, y, in A's frame) holds the core witness
// point q: a vertex within tol of q; an edge (from vertex i along the first different vertex after
// it: a run of collinear vertices is one edge, named by its first vertex) whose line passes within
// tol of q, with q not before vertex i, and which faces the other shape: its outward normal has a
// component >= -TOL_UNIT along side * (nx, ny) (side +1 for A, whose normal points to B; -1 for B).
static int feature_holds(int32_t f, int n, const double *x, const double *y, double qx, double qy, double nx, double ny,
                         double side, double tol) {
    int i = GJK2D_FEATURE_INDEX(f);
    if (f < 0 || i >= n) return 0;
    if (!GJK2D_FEATURE_IS_EDGE(f)) return hypot(qx - x[i], qy - y[i]) <= tol;
    int j = (i + 1) % n;
    while (j != i && x[j] == x[i] && y[j] == y[i]) j = (j + 1) % n;
    if (j == i) return 0; // every vertex at one spot: no edge
    double dx = x[j] - x[i], dy = y[j] - y[i], len = hypot(dx, dy);
    double ux = dx / len, uy = dy / len, ox = uy, oy = -ux; // unit direction, outward normal (CCW)
    double along = (qx - x[i]) * ux + (qy - y[i]) * uy, off = (qx - x[i]) * ox + (qy - y[i]) * oy;
    return fabs(off) <= tol && along >= -tol && side * (ox * nx + oy * ny) >= -TOL_UNIT;
}

// The features of a computed distance result against its own geometry: none exactly when the core
// distance is 0; when the shapes are apart, each names a vertex or edge holding its core witness point
// (the closest point moved back by its radius along the normal) within 2 tolp. (When only the rounded
// parts overlap, both closest points are one point between the cores, which does not give them back.)
static int features_consistent(const ic_pair *g, const ic_result *r, double tolp) {
    int32_t fa = r->feature_a, fb = r->feature_b;
    if (r->core_distance == 0.0f) return fa == GJK2D_FEATURE_NONE && fb == GJK2D_FEATURE_NONE;
    if (fa == GJK2D_FEATURE_NONE || fb == GJK2D_FEATURE_NONE) return 0;
    if (!(r->distance > 0.0f)) return 1;
    double nx = r->nx, ny = r->ny;
    double ax = r->ax - g->ra * nx - g->pax, ay = r->ay - g->ra * ny - g->pay; // A's core point
    double bx = r->bx + g->rb * nx - g->pax, by = r->by + g->rb * ny - g->pay; // B's core point
    double c = g->ca, s = g->sa; // world offsets and the normal into A's frame: R^T
    double lax = c * ax + s * ay, lay = -s * ax + c * ay, lbx = c * bx + s * by, lby = -s * bx + c * by;
    double lnx = c * nx + s * ny, lny = -s * nx + c * ny;
    return feature_holds(fa, g->na, g->ax, g->ay, lax, lay, lnx, lny, 1.0, 2.0 * tolp) &&
           feature_holds(fb, g->nb, g->bx, g->by, lbx, lby, lnx, lny, -1.0, 2.0 * tolp);
}

// The distance query's signed and core distances (within tol of the reference's), the contract
// distance = max(0, signed_distance), and the witness features: consistent with the result's own
// geometry; differences from the reference's are counted, not failed.
static void compare_distance_extras(judge *j, ic_stats *st, const ic_result *got, const ic_result *ref,
                                    const ic_pair *g) {
    double L = g->L, tolp = TOL_POINT(L, g->W);
    double tol = TOL_REL * L;
    double sd = got->signed_distance, sr = ref->signed_distance;
    double cd = got->core_distance, cr = ref->core_distance;
    upd(&st->max_dist, fmax(fabs(sd - sr), fabs(cd - cr)) / L);
    if (!(fabs(sd - sr) <= tol)) fail(j, "signed distance", sd, sr, tol);
    if (!(fabs(cd - cr) <= tol)) fail(j, "core distance", cd, cr, tol);
    float want = got->signed_distance > 0.0f ? got->signed_distance : 0.0f;
    if (got->distance != want) fail(j, "distance != max(0, signed distance)", got->distance, want, 0.0);
    st->feature_diff += got->feature_a != ref->feature_a || got->feature_b != ref->feature_b;
    if (!features_consistent(g, got, tolp)) {
        ic_failure f = {"witness features", 0.0, 0.0, 0.0, 1, got->feature_a, got->feature_b, got->core_distance};
        j->failed++;
        j->report(j->ctx, &f);
    }
}

static void compare_distance(judge *j, ic_stats *st, const ic_pair *g, const ic_result *got, const ic_result *ref,
                             int touching) {
    const double L = g->L, tol = TOL_REL * L, tolp = TOL_POINT(L, g->W);
    double d = got->distance, dr = ref->distance, e = fabs(d - dr);
    upd(&st->max_dist, e / L);
    if (!(e <= tol)) fail(j, "distance", d, dr, tol);
    if (!touching && (d == 0.0) != (dr == 0.0)) fail(j, "overlap (distance 0)", d == 0.0, dr == 0.0, 0.0);
    compare_distance_extras(j, st, got, ref, g);

    double ea = hypot((double)got->ax - ref->ax, (double)got->ay - ref->ay);
    double eb = hypot((double)got->bx - ref->bx, (double)got->by - ref->by);
    double ep = fmax(ea, eb);
    if (ep > tolp) {
        // Parallel closest features have many closest-point pairs: accept any valid witness.
        double ax = got->ax, ay = got->ay, bx = got->bx, by = got->by, w;
        if (d > 0.0) {
            w = fmax(fabs(point_core_distance(&g->shape_a, &g->pose_a, got->ax, got->ay) - g->ra),
                     fabs(point_core_distance(&g->shape_b, &g->pose_b, got->bx, got->by) - g->rb));
            w = fmax(w, 0.5 * fabs(hypot(bx - ax, by - ay) - d));
        } else {
            w = (ax == bx && ay == by) ? 0.0 : INFINITY;
            w = fmax(w, point_core_distance(&g->shape_a, &g->pose_a, got->ax, got->ay) - g->ra);
            w = fmax(w, point_core_distance(&g->shape_b, &g->pose_b, got->ax, got->ay) - g->rb);
        }
        if (w <= tolp) {
            st->alt_witness++;
        } else {
            upd(&st->max_point, ep / L);
            fail(j, "closest point offset", ep, 0.0, tolp);
        }
    } else {
        upd(&st->max_point, ep / L);
    }

    double nx = got->nx, ny = got->ny, rnx = ref->nx, rny = ref->ny;
    double core = dr > 0.0 ? dr + g->ra + g->rb : 0.0;
    if (core > tol) {
        double lim = tol + 2.0 * TOL_UNIT * L + 4.0 * tolp * L / core;
        double e2 = core - core_gap_along(g, nx, ny);
        upd(&st->max_normal, fmax(e2, 0.0) / L);
        if (!(e2 <= lim) || !(fabs(hypot(nx, ny) - 1.0) <= TOL_UNIT))
            fail(j, "normal's core gap shortfall", e2, 0.0, lim);
    } else if (!touching && rnx == 0.0 && rny == 0.0 && (nx != 0.0 || ny != 0.0)) {
        fail(j, "normal length (cores overlap)", hypot(nx, ny), 0.0, 0.0);
    }
}

static void compare_sat(judge *j, ic_stats *st, const ic_pair *g, const ic_result *got, const ic_result *ref,
                        int touching) {
    const double L = g->L, tol = TOL_REL * L;
    double s = got->separation, sr = ref->separation, e = fabs(s - sr);
    upd(&st->max_sep, e / L);
    if (!(e <= tol)) fail(j, "separation", s, sr, tol);
    if (!touching && (got->overlap != 0) != (ref->overlap != 0)) fail(j, "overlap", got->overlap, ref->overlap, 0.0);
    double nx = got->nx, ny = got->ny;
    if (nx != 0.0 || ny != 0.0) {
        double gap = core_gap_along(g, nx, ny) - g->ra - g->rb, e2 = fabs(gap - sr);
        double lim = tol + 2.0 * TOL_UNIT * L;
        upd(&st->max_normal, e2 / L);
        if (!(e2 <= lim) || !(fabs(hypot(nx, ny) - 1.0) <= TOL_UNIT))
            fail(j, "separation along the axis", gap, sr, lim);
    } else if (ref->nx != 0.0f || ref->ny != 0.0f) {
        fail(j, "axis length", 0.0, 1.0, 0.0);
    }
}

int ic_compare(ic_query q, const ic_pair *g, const ic_result *got, const ic_result *ref, double ref_sat_separation,
               ic_stats *st, ic_report report, void *ctx) {
    judge j = {report, ctx, 0};
    const double tol = TOL_REL * g->L;
    // Neither shape is invalid nor its pose bad here, so the reference SAT computed this pair.
    int touching = fabs(ref_sat_separation) <= tol;
    st->touching += touching;
    if (q != IC_SAT && got->iterations != ref->iterations) st->iter_diff++;
    if (q == IC_DISTANCE) {
        compare_distance(&j, st, g, got, ref, touching);
    } else if (q == IC_OVERLAP) {
        if (!touching && (got->overlap != 0) != (ref->overlap != 0))
            fail(&j, "overlap", got->overlap, ref->overlap, 0.0);
    } else {
        compare_sat(&j, st, g, got, ref, touching);
    }
    return j.failed;
}

static int same_f(float a, float b) { return memcmp(&a, &b, sizeof a) == 0; }

int ic_same_bits(const ic_result *x, const ic_result *y) {
    return same_f(x->distance, y->distance) && same_f(x->signed_distance, y->signed_distance) &&
           same_f(x->core_distance, y->core_distance) && same_f(x->ax, y->ax) && same_f(x->ay, y->ay) &&
           same_f(x->bx, y->bx) && same_f(x->by, y->by) && same_f(x->nx, y->nx) && same_f(x->ny, y->ny) &&
           same_f(x->separation, y->separation) && x->feature_a == y->feature_a && x->feature_b == y->feature_b &&
           x->iterations == y->iterations && x->overlap == y->overlap && x->status == y->status;
}
