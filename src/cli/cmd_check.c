// SPDX-License-Identifier: MIT
// gjk2d check: every query on every ISA against the scalar reference, within the test suite's
// tolerances (src/tolerance.h), and bit-for-bit agreement between the SIMD ISAs.
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "gen.h"
#include "runner.h"
#include "scene.h"
#include "tolerance.h"

static const char check_help[] =
    "usage: gjk2d check SCENE [--isa LIST] [--query LIST] [--threads T]\n"
    "       gjk2d check --soak N [--chunk C] [gen options] [--isa LIST] [--query LIST] [--threads T]\n"
    "\n"
    "Run every query (distance, overlap, sat) on every instruction set this CPU supports (or those\n"
    "listed) and on the scalar reference, and compare each ISA with the reference pair by pair. Prints\n"
    "per ISA and query the pairs compared, mismatches beyond tolerance and the largest errors, then\n"
    "whether all SIMD ISAs agree bit for bit. Exit status 1 on any mismatch or any bit difference\n"
    "between SIMD ISAs, 0 when all agree.\n"
    "\n"
    "tolerance (the test suite's, src/tolerance.h): with L = max |coordinate| of both shapes' cores in A's\n"
    "frame plus both radii, W = max |world coordinate| plus radii, eps = FLT_EPSILON:\n"
    "  status           equal (pairs with status invalid or bad-pose are not compared further)\n"
    "  distance, signed and core distance, sat separation   |got - ref| <= 32 eps L, and\n"
    "                   distance = max(0, signed_distance) exactly\n"
    "  closest points   each within tolp = 32 eps L + 2 eps L + 2 eps W of the reference's, or else another\n"
    "                   valid witness: on their rounded surfaces within that, |pB - pA| = distance within\n"
    "                   twice that (equal points inside both shapes when overlapping)\n"
    "  distance normal  zero when the reference's is zero; otherwise it must separate the cores by the\n"
    "                   core distance within 32 eps L + 16 eps L + 4 tolp L / core\n"
    "  sat normal       the axis must give the reference separation within 32 eps L + 16 eps L\n"
    "  overlap (all three queries) compared only outside the touching band |sat separation| <= 32 eps L\n"
    "  witness features none exactly when the core distance is 0; for shapes apart, each names a vertex\n"
    "                   within 2 tolp of its core witness point (the closest point moved back by the\n"
    "                   radius along the normal) or an edge whose line passes within 2 tolp of it, from\n"
    "                   its first vertex on, facing the other shape (outward normal . normal >= -8 eps)\n"
    "  iterations, features   not compared with the reference (rounding may change the path, parallel\n"
    "                   edges have several witnesses); differences are counted\n"
    "max_err columns, in units of eps * L: distance (the largest of distance, signed and core distance),\n"
    "separation and point = largest difference from the reference; normal_gap = largest shortfall of the\n"
    "gap the normal gives below the core distance; axis_gap = largest difference between the axis's gap\n"
    "and the reference separation. invalid, bad_pose: pairs with that status, not compared.\n"
    "\n"
    "options:\n"
    "  --isa LIST      comma-separated ISAs (scalar, portable, sse41, avx2, avx512, neon, auto) or all\n"
    "                  (default: all this CPU supports); an unsupported one is an error (exit 2)\n"
    "  --query LIST    comma-separated queries (default distance,overlap,sat)\n"
    "  --threads T     threads per batch, 1..4096 (default: one per CPU this process may run on)\n"
    "  --soak N        instead of a file, generate N random pairs in chunks and check each chunk\n"
    "                  (progress on stderr); the generator options (those of gen, N its pair count):\n"
    "%s"
    "  --chunk C       pairs per soak chunk (default 262144)\n"
    "\n"
    "examples:\n"
    "  gjk2d check w1.scene\n"
    "  gjk2d check --soak 10000000 --seed 7 --isa avx2,sse41\n";

typedef struct qstats {
    int64_t pairs, compared, invalid, bad_pose, mismatches, touching, alt_witness, iter_diff, feature_diff,
        bitdiff_scalar, bitdiff_first;
    double max_dist, max_point, max_normal, max_sep; // relative to L
    int printed;
} qstats;

// Double-precision geometry of one pair in A's frame, for scales and for judging axes.
typedef struct pair_geom {
    int na, nb;
    double ax[GJK2D_MAX_VERTICES], ay[GJK2D_MAX_VERTICES], bx[GJK2D_MAX_VERTICES], by[GJK2D_MAX_VERTICES];
    double ra, rb, L, W, ca, sa, pax, pay;
} pair_geom;

static void pair_geometry(const scene *sc, int32_t ia, int32_t ib, pair_geom *g) {
    double ca = sc->c[ia], sa = sc->s[ia], pax = sc->px[ia], pay = sc->py[ia];
    double cb = sc->c[ib], sb = sc->s[ib], pbx = sc->px[ib], pby = sc->py[ib];
    g->na = sc->count[ia];
    g->nb = sc->count[ib];
    g->ra = sc->radius[ia];
    g->rb = sc->radius[ib];
    g->ca = ca;
    g->sa = sa;
    g->pax = pax;
    g->pay = pay;
    double w = 0.0;
    for (int k = 0; k < g->na; k++) {
        double x = sc->vx[sc->first[ia] + k], y = sc->vy[sc->first[ia] + k];
        g->ax[k] = x;
        g->ay[k] = y;
        w = fmax(w, fmax(fabs(ca * x - sa * y + pax), fabs(sa * x + ca * y + pay)));
    }
    for (int k = 0; k < g->nb; k++) {
        double x = sc->vx[sc->first[ib] + k], y = sc->vy[sc->first[ib] + k];
        double wx = cb * x - sb * y + pbx, wy = sb * x + cb * y + pby, dx = wx - pax, dy = wy - pay;
        g->bx[k] = ca * dx + sa * dy;
        g->by[k] = -sa * dx + ca * dy;
        w = fmax(w, fmax(fabs(wx), fabs(wy)));
    }
    tol_shape ta = {sc->vx + sc->first[ia], sc->vy + sc->first[ia], 1, g->na, g->ra, pax, pay, ca, sa};
    tol_shape tb = {sc->vx + sc->first[ib], sc->vy + sc->first[ib], 1, g->nb, g->rb, pbx, pby, cb, sb};
    g->L = tol_pair_scale(&ta, &tb);
    g->W = w + g->ra + g->rb;
    if (g->L == 0.0) g->L = DBL_MIN; // two points at one spot: every error must then be exactly zero
}

// Gap between the cores along the world direction (nx, ny): min over B minus max over A.
static double core_gap_along(const pair_geom *g, double nx, double ny) {
    double lx = g->ca * nx + g->sa * ny, ly = -g->sa * nx + g->ca * ny;
    double amax = -INFINITY, bmin = INFINITY;
    for (int k = 0; k < g->na; k++) amax = fmax(amax, g->ax[k] * lx + g->ay[k] * ly);
    for (int k = 0; k < g->nb; k++) bmin = fmin(bmin, g->bx[k] * lx + g->by[k] * ly);
    return bmin - amax;
}

// Distance from a world point to a shape's core (through the library's point query).
static double point_core_distance(const scene *sc, int32_t i, float x, float y) {
    static gjk2d_vec2 v[GJK2D_MAX_VERTICES];
    gjk2d_shape shape = scene_shape(sc, i, v);
    shape.radius = 0.0f;
    gjk2d_pose pose = scene_pose(sc, i);
    gjk2d_vec2 q = {x, y};
    gjk2d_distance_result r;
    gjk2d_closest_on_shape(&shape, &pose, q, &r, NULL);
    return r.core_distance;
}

static void upd(double *m, double v) {
    if (v > *m) *m = v;
}

#define MAX_PRINTED 5

static void report_mismatch(qstats *st, const char *isa, const char *query, int64_t pair, const char *what, double got,
                            double ref, double tol) {
    st->mismatches++;
    if (st->printed++ < MAX_PRINTED)
        fprintf(stderr, "check: %s %s pair %lld: %s %.9g, reference %.9g, difference %.3g > tolerance %.3g\n", isa,
                query, (long long)pair, what, got, ref, fabs(got - ref), tol);
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
static int features_consistent(const pair_geom *g, const results *r, int64_t k, double tolp) {
    int32_t fa = r->feature_a[k], fb = r->feature_b[k];
    if (r->core_distance[k] == 0.0f) return fa == GJK2D_FEATURE_NONE && fb == GJK2D_FEATURE_NONE;
    if (fa == GJK2D_FEATURE_NONE || fb == GJK2D_FEATURE_NONE) return 0;
    if (!(r->distance[k] > 0.0f)) return 1;
    double nx = r->nx[k], ny = r->ny[k];
    double ax = r->ax[k] - g->ra * nx - g->pax, ay = r->ay[k] - g->ra * ny - g->pay; // A's core point
    double bx = r->bx[k] + g->rb * nx - g->pax, by = r->by[k] + g->rb * ny - g->pay; // B's core point
    double c = g->ca, s = g->sa; // world offsets and the normal into A's frame: R^T
    double lax = c * ax + s * ay, lay = -s * ax + c * ay, lbx = c * bx + s * by, lby = -s * bx + c * by;
    double lnx = c * nx + s * ny, lny = -s * nx + c * ny;
    return feature_holds(fa, g->na, g->ax, g->ay, lax, lay, lnx, lny, 1.0, 2.0 * tolp) &&
           feature_holds(fb, g->nb, g->bx, g->by, lbx, lby, lnx, lny, -1.0, 2.0 * tolp);
}

// The distance query's signed and core distances (within tol of the reference's), the contract
// distance = max(0, signed_distance), and the witness features: consistent with the result's own
// geometry; differences from the reference's are counted, not failed.
static void compare_distance_extras(qstats *st, const char *isa, int64_t pair, const results *got, const results *ref,
                                    int64_t k, const pair_geom *g) {
    double L = g->L, tolp = TOL_POINT(L, g->W);
    const char *query = query_names[QUERY_DISTANCE];
    double tol = TOL_REL * L;
    double sd = got->signed_distance[k], sr = ref->signed_distance[k];
    double cd = got->core_distance[k], cr = ref->core_distance[k];
    upd(&st->max_dist, fmax(fabs(sd - sr), fabs(cd - cr)) / L);
    if (!(fabs(sd - sr) <= tol)) report_mismatch(st, isa, query, pair, "signed distance", sd, sr, tol);
    if (!(fabs(cd - cr) <= tol)) report_mismatch(st, isa, query, pair, "core distance", cd, cr, tol);
    float want = got->signed_distance[k] > 0.0f ? got->signed_distance[k] : 0.0f;
    if (got->distance[k] != want)
        report_mismatch(st, isa, query, pair, "distance != max(0, signed distance)", got->distance[k], want, 0.0);
    st->feature_diff += got->feature_a[k] != ref->feature_a[k] || got->feature_b[k] != ref->feature_b[k];
    if (!features_consistent(g, got, k, tolp)) {
        st->mismatches++;
        if (st->printed++ < MAX_PRINTED)
            fprintf(stderr,
                    "check: %s %s pair %lld: witness features %d, %d do not hold the closest points "
                    "(core distance %.9g)\n",
                    isa, query, (long long)pair, got->feature_a[k], got->feature_b[k], (double)got->core_distance[k]);
    }
}

// Compare pair k of an ISA's results with the reference's. ref_sat gives the touching band.
static void compare_fields(const scene *sc, int64_t k, int64_t base, query_kind kind, const results *got,
                           const results *ref, const results *ref_sat, const char *isa, qstats *st) {
    static pair_geom g;
    const char *query = query_names[kind];
    int64_t pair = base + k;
    st->pairs++;
    if (got->status[k] != ref->status[k]) {
        st->mismatches++;
        if (st->printed++ < MAX_PRINTED)
            fprintf(stderr, "check: %s %s pair %lld: status %s, reference %s\n", isa, query, (long long)pair,
                    gjk2d_status_name((gjk2d_status)got->status[k]), gjk2d_status_name((gjk2d_status)ref->status[k]));
        return;
    }
    if (ref->status[k] == GJK2D_STATUS_INVALID || ref->status[k] == GJK2D_STATUS_BAD_POSE) {
        st->invalid += ref->status[k] == GJK2D_STATUS_INVALID;
        st->bad_pose += ref->status[k] == GJK2D_STATUS_BAD_POSE;
        return;
    }
    st->compared++;
    int32_t ia = sc->pa[k], ib = sc->pb[k];
    pair_geometry(sc, ia, ib, &g);
    double L = g.L, tol = TOL_REL * L, tolp = TOL_POINT(L, g.W);
    // Neither shape is invalid nor its pose bad here, so the reference SAT computed this pair.
    int touching = ref_sat && fabs(ref_sat->separation[k]) <= tol;
    st->touching += touching;
    if (kind != QUERY_SAT && got->iterations[k] != ref->iterations[k]) st->iter_diff++;

    if (kind == QUERY_DISTANCE) {
        double d = got->distance[k], dr = ref->distance[k], e = fabs(d - dr);
        upd(&st->max_dist, e / L);
        if (!(e <= tol)) report_mismatch(st, isa, query, pair, "distance", d, dr, tol);
        if (!touching && (d == 0.0) != (dr == 0.0))
            report_mismatch(st, isa, query, pair, "overlap (distance 0)", d == 0.0, dr == 0.0, 0.0);
        compare_distance_extras(st, isa, pair, got, ref, k, &g);

        double ea = hypot((double)got->ax[k] - ref->ax[k], (double)got->ay[k] - ref->ay[k]);
        double eb = hypot((double)got->bx[k] - ref->bx[k], (double)got->by[k] - ref->by[k]);
        double ep = fmax(ea, eb);
        if (ep > tolp) {
            // Parallel closest features have many closest-point pairs: accept any valid witness.
            double ax = got->ax[k], ay = got->ay[k], bx = got->bx[k], by = got->by[k], w;
            if (d > 0.0) {
                w = fmax(fabs(point_core_distance(sc, ia, got->ax[k], got->ay[k]) - g.ra),
                         fabs(point_core_distance(sc, ib, got->bx[k], got->by[k]) - g.rb));
                w = fmax(w, 0.5 * fabs(hypot(bx - ax, by - ay) - d));
            } else {
                w = (ax == bx && ay == by) ? 0.0 : INFINITY;
                w = fmax(w, point_core_distance(sc, ia, got->ax[k], got->ay[k]) - g.ra);
                w = fmax(w, point_core_distance(sc, ib, got->ax[k], got->ay[k]) - g.rb);
            }
            if (w <= tolp) {
                st->alt_witness++;
            } else {
                upd(&st->max_point, ep / L);
                report_mismatch(st, isa, query, pair, "closest point offset", ep, 0.0, tolp);
            }
        } else {
            upd(&st->max_point, ep / L);
        }

        double nx = got->nx[k], ny = got->ny[k], rnx = ref->nx[k], rny = ref->ny[k];
        double core = dr > 0.0 ? dr + g.ra + g.rb : 0.0;
        if (core > tol) {
            double lim = tol + 2.0 * TOL_UNIT * L + 4.0 * tolp * L / core;
            double e2 = core - core_gap_along(&g, nx, ny);
            upd(&st->max_normal, fmax(e2, 0.0) / L);
            if (!(e2 <= lim) || !(fabs(hypot(nx, ny) - 1.0) <= TOL_UNIT))
                report_mismatch(st, isa, query, pair, "normal's core gap shortfall", e2, 0.0, lim);
        } else if (!touching && rnx == 0.0 && rny == 0.0 && (nx != 0.0 || ny != 0.0)) {
            report_mismatch(st, isa, query, pair, "normal length (cores overlap)", hypot(nx, ny), 0.0, 0.0);
        }
    } else if (kind == QUERY_OVERLAP) {
        if (!touching && (got->overlap[k] != 0) != (ref->overlap[k] != 0))
            report_mismatch(st, isa, query, pair, "overlap", got->overlap[k], ref->overlap[k], 0.0);
    } else {
        double s = got->separation[k], sr = ref->separation[k], e = fabs(s - sr);
        upd(&st->max_sep, e / L);
        if (!(e <= tol)) report_mismatch(st, isa, query, pair, "separation", s, sr, tol);
        if (!touching && (got->overlap[k] != 0) != (ref->overlap[k] != 0))
            report_mismatch(st, isa, query, pair, "overlap", got->overlap[k], ref->overlap[k], 0.0);
        double nx = got->nx[k], ny = got->ny[k];
        if (nx != 0.0 || ny != 0.0) {
            double gap = core_gap_along(&g, nx, ny) - g.ra - g.rb, e2 = fabs(gap - sr);
            double lim = tol + 2.0 * TOL_UNIT * L;
            upd(&st->max_normal, e2 / L);
            if (!(e2 <= lim) || !(fabs(hypot(nx, ny) - 1.0) <= TOL_UNIT))
                report_mismatch(st, isa, query, pair, "separation along the axis", gap, sr, lim);
        } else if (ref->nx[k] != 0.0f || ref->ny[k] != 0.0f) {
            report_mismatch(st, isa, query, pair, "axis length", 0.0, 1.0, 0.0);
        }
    }
}

// A pair counts once however many of its fields are off.
static void compare_pair(const scene *sc, int64_t k, int64_t base, query_kind kind, const results *got,
                         const results *ref, const results *ref_sat, const char *isa, qstats *st) {
    int64_t before = st->mismatches;
    compare_fields(sc, k, base, kind, got, ref, ref_sat, isa, st);
    if (st->mismatches > before) st->mismatches = before + 1;
}

// Whether pair k has the same bits in every field of both result sets.
static int same_bits(const results *x, const results *y, int64_t k) {
    int same = x->status[k] == y->status[k];
#define F(field) \
    if (x->field) same &= memcmp(&x->field[k], &y->field[k], sizeof x->field[k]) == 0
    F(distance);
    F(signed_distance);
    F(core_distance);
    F(feature_a);
    F(feature_b);
    F(ax);
    F(ay);
    F(bx);
    F(by);
    F(nx);
    F(ny);
    F(separation);
    F(iterations);
    F(overlap);
#undef F
    return same;
}

typedef struct check_ctx {
    const char *isas[8];
    int nisa;
    int queries[QUERY_COUNT];
    int nquery;
    int threads;
    qstats st[8][QUERY_COUNT];
    double seconds[8][QUERY_COUNT];
    int failed;     // a batch call failed
    int first_simd; // index of the first non-scalar ISA, -1 if none
    progress *prog; // file mode: one step per ISA and query
    int64_t steps, total_steps;
} check_ctx;

static int run_isa(check_ctx *cx, const char *isa, query_kind q, const scene *sc, results *r) {
    if (gjk2d_set_isa(isa) != 0) {
        cli_error("cannot select instruction set '%s'", isa);
        return -1;
    }
    batch_input in = scene_batch_input(sc);
    int rc = run_batch(q, &in, r, cx->threads, NULL);
    if (rc != 0) {
        cli_error("%s %s batch failed: %s", isa, query_names[q], gjk2d_error_message(rc));
        return -1;
    }
    return 0;
}

// Test hook, compiled only into the test suite's executable (-DGJK2D_CLI_TEST_HOOKS, tests/cli): there
// GJK2D_CHECK_INJECT="<isa>:<pair>" corrupts that ISA's result for that pair (a wrong distance, a
// witness feature naming no vertex of the shape, a wrong separation and overlap bit) after the batch ran, so the test suite can show that check really
// reports a mismatch and exits 1. The installed gjk2d has no such hook: nothing in the environment
// can change what it reports.
#ifdef GJK2D_CLI_TEST_HOOKS
static void inject_fault(const char *isa, query_kind q, results *r, int64_t base, int64_t count) {
    const char *spec = getenv("GJK2D_CHECK_INJECT");
    const char *colon = spec ? strchr(spec, ':') : NULL;
    if (!colon || strncmp(spec, isa, (size_t)(colon - spec)) != 0 || isa[colon - spec] != '\0') return;
    int64_t k = strtoll(colon + 1, NULL, 10) - base;
    if (k < 0 || k >= count) return;
    if (q == QUERY_DISTANCE) {
        r->distance[k] += 1.0f;
        r->feature_a[k] = GJK2D_FEATURE_VERTEX(GJK2D_MAX_VERTICES);
    }
    if (q == QUERY_SAT) r->separation[k] += 1.0f;
    if (r->overlap) r->overlap[k] ^= 1;
}
#else
static void inject_fault(const char *isa, query_kind q, results *r, int64_t base, int64_t count) {
    (void)isa, (void)q, (void)r, (void)base, (void)count;
}
#endif

// One scene (a file, or one soak chunk whose first pair is number `base`).
static int check_scene(check_ctx *cx, const scene *sc, int64_t base) {
    results ref[QUERY_COUNT], first, cur;
    memset(ref, 0, sizeof ref);
    memset(&first, 0, sizeof first);
    memset(&cur, 0, sizeof cur);
    int rc = -1;
    int need_sat = 1; // the touching band comes from the reference SAT separation
    for (int q = 0; q < QUERY_COUNT; q++) {
        int wanted = q == QUERY_SAT && need_sat;
        for (int j = 0; j < cx->nquery; j++) wanted |= cx->queries[j] == q;
        if (!wanted) continue;
        if (results_alloc(&ref[q], (query_kind)q, sc->pair_count) != 0) goto out;
        if (run_isa(cx, "scalar", (query_kind)q, sc, &ref[q]) != 0) goto out;
    }
    for (int j = 0; j < cx->nquery; j++) {
        query_kind q = (query_kind)cx->queries[j];
        int have_first = 0;
        for (int i = 0; i < cx->nisa; i++) {
            // The SIMD ISAs are compared bit for bit with the first of them; the scalar reference may
            // differ from them by rounding.
            int is_scalar = strcmp(cx->isas[i], "scalar") == 0;
            results *r = is_scalar || have_first ? &cur : &first;
            if (!r->status && results_alloc(r, q, sc->pair_count) != 0) goto out;
            double t0 = now_seconds();
            if (run_isa(cx, cx->isas[i], q, sc, r) != 0) goto out;
            cx->seconds[i][q] += now_seconds() - t0;
            inject_fault(cx->isas[i], q, r, base, sc->pair_count);
            if (cx->prog) progress_update(cx->prog, ++cx->steps, cx->total_steps);
            qstats *st = &cx->st[i][q];
            for (int64_t k = 0; k < sc->pair_count; k++) {
                if (cx->prog && (k & 0xffff) == 0) progress_update(cx->prog, cx->steps, cx->total_steps);
                compare_pair(sc, k, base, q, r, &ref[q], &ref[QUERY_SAT], cx->isas[i], st);
                st->bitdiff_scalar += !same_bits(r, &ref[q], k);
                if (have_first && !is_scalar) st->bitdiff_first += !same_bits(r, &first, k);
            }
            if (!is_scalar && !have_first) {
                have_first = 1;
                cx->first_simd = i;
            }
        }
        results_free(&first);
        results_free(&cur);
    }
    rc = 0;
out:
    for (int q = 0; q < QUERY_COUNT; q++) results_free(&ref[q]);
    results_free(&first);
    results_free(&cur);
    if (rc) cx->failed = 1;
    return rc;
}

static int report(const check_ctx *cx, const char *source) {
    int64_t mismatches = 0;
    printf("check: %s; reference: scalar; isas:", source);
    for (int i = 0; i < cx->nisa; i++) printf(" %s", cx->isas[i]);
    printf("\n");
    for (int j = 0; j < cx->nquery; j++) {
        int q = cx->queries[j];
        for (int i = 0; i < cx->nisa; i++) {
            const qstats *st = &cx->st[i][q];
            mismatches += st->mismatches;
            printf("check %-8s %-8s pairs=%lld compared=%lld invalid=%lld bad_pose=%lld mismatched_pairs=%lld "
                   "touching=%lld",
                   query_names[q], cx->isas[i], (long long)st->pairs, (long long)st->compared, (long long)st->invalid,
                   (long long)st->bad_pose, (long long)st->mismatches, (long long)st->touching);
            if (q == QUERY_DISTANCE)
                printf(" max_err[eps*L]: distance=%.2f point=%.2f normal_gap=%.2f alt_witness=%lld",
                       st->max_dist / FLT_EPSILON, st->max_point / FLT_EPSILON, st->max_normal / FLT_EPSILON,
                       (long long)st->alt_witness);
            else if (q == QUERY_SAT)
                printf(" max_err[eps*L]: separation=%.2f axis_gap=%.2f", st->max_sep / FLT_EPSILON,
                       st->max_normal / FLT_EPSILON);
            if (q != QUERY_SAT) printf(" iteration_diffs=%lld", (long long)st->iter_diff);
            if (q == QUERY_DISTANCE) printf(" feature_diffs=%lld", (long long)st->feature_diff);
            printf(" bit_diffs_vs_scalar=%lld %s\n", (long long)st->bitdiff_scalar, st->mismatches ? "FAIL" : "ok");
        }
    }
    // Bit-for-bit agreement among the SIMD ISAs (the reference may differ from them by rounding).
    int simd = 0, identical = 1;
    for (int i = 0; i < cx->nisa; i++) {
        if (strcmp(cx->isas[i], "scalar") == 0) continue;
        simd++;
        for (int j = 0; j < cx->nquery; j++) identical &= cx->st[i][cx->queries[j]].bitdiff_first == 0;
    }
    if (simd < 2) {
        printf("check: bit-identical across SIMD ISAs: n/a (%d SIMD ISA%s checked)\n", simd, plural(simd));
    } else {
        printf("check: bit-identical across SIMD ISAs (");
        for (int i = 0, n = 0; i < cx->nisa; i++)
            if (strcmp(cx->isas[i], "scalar") != 0) printf("%s%s", n++ ? " " : "", cx->isas[i]);
        printf("): %s\n", identical ? "yes" : "NO");
        for (int i = 0; i < cx->nisa; i++)
            for (int j = 0; j < cx->nquery; j++) {
                int q = cx->queries[j];
                if (cx->st[i][q].bitdiff_first)
                    printf("check: %s %s differs from %s in %lld pairs\n", cx->isas[i], query_names[q],
                           cx->isas[cx->first_simd], (long long)cx->st[i][q].bitdiff_first);
            }
    }
    // The ISAs' bit-identity is part of the contract, so a difference fails the check too.
    int fail = mismatches > 0 || (simd >= 2 && !identical);
    printf("check: %s (%lld mismatches%s)\n", fail ? "FAIL" : "PASS", (long long)mismatches,
           simd >= 2 && !identical ? ", SIMD ISAs not bit-identical" : "");
    return fail ? EXIT_MISMATCH : EXIT_OK;
}

int cmd_check(int argc, char **argv) {
    common_opts o;
    common_defaults(&o, "check", OPT_SCENE | OPT_ISA | OPT_QUERY | OPT_THREADS);
    o.query = "distance,overlap,sat";
    int64_t soak = -1, chunk = 262144;
    gen_opts go;
    gen_defaults(&go);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) {
            printf(check_help, gen_options_help);
            return EXIT_OK;
        }
        if (opt_is(a, "--pairs")) {
            cli_error("check: use --soak N for the number of generated pairs");
            return EXIT_USAGE;
        }
        int g = gen_option(argc, argv, &i, &go);
        if (g < 0) return EXIT_USAGE;
        if (g > 0) continue;
        if (opt_is(a, "--soak")) {
            if (opt_count(argc, argv, &i, "--soak", 1, INT64_MAX, &soak)) return EXIT_USAGE;
        } else if (opt_is(a, "--chunk")) {
            if (opt_count(argc, argv, &i, "--chunk", 1, 1 << 26, &chunk)) return EXIT_USAGE;
        } else if (common_option(argc, argv, &i, &o) < 0) {
            return EXIT_USAGE;
        }
    }
    const char *scene_path = o.scene, *isa_list = o.isa, *query_list = o.query;
    int64_t threads = o.threads;
    if ((scene_path != NULL) == (soak > 0)) {
        cli_error("check: give either a SCENE file or --soak N (see 'gjk2d check --help')");
        return EXIT_USAGE;
    }
    static check_ctx cx;
    memset(&cx, 0, sizeof cx);
    cx.threads = (int)threads;
    cx.first_simd = -1;
    cx.nisa = parse_isa_list(isa_list, cx.isas, 8);
    if (cx.nisa < 0) return EXIT_USAGE;
    cx.nquery = parse_query_list(query_list, cx.queries);
    if (cx.nquery < 0) return EXIT_USAGE;

    char source[512];
    if (scene_path) {
        scene sc;
        if (scene_load(scene_path, &sc) != 0) return EXIT_USAGE;
        if (scene_prepare(&sc, scene_path) < 0) {
            scene_free(&sc);
            return EXIT_USAGE;
        }
        progress prog;
        progress_start(&prog, "check (ISA x query runs)");
        cx.prog = &prog;
        cx.total_steps = (int64_t)cx.nisa * cx.nquery;
        int rc = check_scene(&cx, &sc, 0);
        progress_end(&prog);
        scene_free(&sc);
        if (rc) return EXIT_USAGE;
        snprintf(source, sizeof source, "scene %s", scene_path);
    } else {
        if (gen_check(&(gen_opts){.pairs = chunk, .min_verts = go.min_verts, .max_verts = go.max_verts}) != 0)
            return EXIT_USAGE;
        double t0 = now_seconds();
        for (int64_t done = 0; done < soak;) {
            int64_t n = soak - done < chunk ? soak - done : chunk, overlapping;
            scene sc;
            if (gen_scene(&go, done, n, &sc, &overlapping, (int)threads, NULL) != 0) {
                cli_error("out of memory for a chunk of %lld pairs", (long long)n);
                return EXIT_USAGE;
            }
            int rc = scene_prepare(&sc, "generated") < 0 ? -1 : check_scene(&cx, &sc, done);
            scene_free(&sc);
            if (rc) return EXIT_USAGE;
            done += n;
            int64_t bad = 0;
            for (int i = 0; i < cx.nisa; i++)
                for (int q = 0; q < QUERY_COUNT; q++) bad += cx.st[i][q].mismatches;
            fprintf(stderr, "soak: %lld / %lld pairs checked, %lld mismatches, %.1f s\n", (long long)done,
                    (long long)soak, (long long)bad, now_seconds() - t0);
        }
        snprintf(source, sizeof source, "soak %lld random pairs (seed %llu)", (long long)soak,
                 (unsigned long long)go.seed);
    }
    return report(&cx, source);
}
