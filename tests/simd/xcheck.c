// SPDX-License-Identifier: MIT
// Cross-check machinery shared by the SIMD tests: the tables, runs and failure reports; the comparison with
// the reference is src/isa_compare.c's, the one `gjk2d check` makes.
#include "xcheck.h"

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "simd/simd.h"

static void add_table(xc_table *out, int *n, int cap, const char *label, const gjk2d_kernel_table *t) {
    if (!t || *n >= cap) return;
    snprintf(out[*n].label, sizeof out[*n].label, "%s", label);
    out[*n].table = t;
    (*n)++;
}

/// A 16-lane table whose SAT sorts its windows by vertex count whatever this CPU would do
/// (gjk2d__set_window_order), so that both orders of the SAT's windows are checked on every host.
enum { SORTED_TABLES = 2 };
static const gjk2d_kernel_table *sorted_of[SORTED_TABLES];
static gjk2d_kernel_table sorted_table[SORTED_TABLES];
#define SORTED_SAT(i)                                                                                          \
    static void sat_sorted_##i(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs, \
                               int64_t begin, int64_t end, const gjk2d_sat_out *out) {                         \
        gjk2d__set_window_order(1);                                                                            \
        sorted_of[i]->sat(shapes, poses, pairs, begin, end, out);                                              \
        gjk2d__set_window_order(-1);                                                                           \
    }
SORTED_SAT(0)
SORTED_SAT(1)
static const gjk2d_sat_kernel sat_sorted[SORTED_TABLES] = {sat_sorted_0, sat_sorted_1};

static void add_sorted(xc_table *out, int *n, int cap, const char *label, const gjk2d_kernel_table *t, int i) {
    if (!t) return;
    sorted_of[i] = t;
    sorted_table[i] = *t;
    sorted_table[i].sat = sat_sorted[i];
    add_table(out, n, cap, label, &sorted_table[i]);
}

static int tables(xc_table *out, int cap, int sorted) {
    int n = 0;
    static const char *const native[] = {"portable", "sse41", "avx2", "avx512", "neon"};
    for (int i = 0; i < 5; i++) add_table(out, &n, cap, native[i], gjk2d__isa_table(native[i]));
    if (sorted) add_sorted(out, &n, cap, "avx512-sorted", gjk2d__isa_table("avx512"), 0);
#ifdef GJK2D_EMUL_SSE41
    add_table(out, &n, cap, "sse41-emul", &gjk2d__table_sse41_emul);
#endif
#ifdef GJK2D_EMUL_AVX2
    add_table(out, &n, cap, "avx2-emul", &gjk2d__table_avx2_emul);
#endif
#ifdef GJK2D_EMUL_AVX512
    add_table(out, &n, cap, "avx512-emul", &gjk2d__table_avx512_emul);
    if (sorted) add_sorted(out, &n, cap, "avx512-emul-sorted", &gjk2d__table_avx512_emul, 1);
#endif
#ifdef GJK2D_EMUL_NEON
    add_table(out, &n, cap, "neon-emul", &gjk2d__table_neon_emul);
#endif
    return n;
}

int xc_tables(xc_table *out, int cap) { return tables(out, cap, 0); }

int xc_tables_sat(xc_table *out, int cap) { return tables(out, cap, 1); }

void xc_run(const gjk2d_kernel_table *t, const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
            int64_t begin, int64_t end, int64_t chunk, query_outputs *o) {
    gjk2d_distance_out d = outputs_distance(o);
    gjk2d_overlap_out v = outputs_overlap(o);
    gjk2d_sat_out s = outputs_sat(o);
    if (chunk < 1) chunk = 1;
    for (int64_t k = begin; k < end; k += chunk) {
        int64_t e = k + chunk < end ? k + chunk : end;
        t->distance(shapes, poses, pairs, k, e, &d);
        t->overlap(shapes, poses, pairs, k, e, &v);
        t->sat(shapes, poses, pairs, k, e, &s);
    }
}

void xc_print_pair(const test_set *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t k) {
    const int32_t id[2] = {pairs->a[k], pairs->b[k]};
    const gjk2d_geometry *g = &set->geometry;
    for (int s = 0; s < 2; s++) {
        int32_t i = id[s], n = g->count[i], f = g->first[i];
        double px, py;
        float c, sn;
        test_pose_at(poses, i, &px, &py, &c, &sn);
        fprintf(stderr, "  shape %c (#%d): count %d radius %.9g pose p=(%.17g, %.17g) c=%.9g s=%.9g\n    vertices:",
                s ? 'B' : 'A', i, n, g->radius ? g->radius[i] : 0.0, px, py, c, sn);
        for (int32_t j = 0; f >= 0 && j < n && j < 64 && f + j < g->vertex_count; j++)
            fprintf(stderr, " (%.9g, %.9g)", g->vx[f + j], g->vy[f + j]);
        fprintf(stderr, "%s\n", n > 64 ? " ..." : "");
    }
}

/// Shape `i` as one side of a pair (src/tolerance.h) at the poses the queries ran with.
static tol_shape pair_side(const test_set *set, const gjk2d_poses *poses, int32_t i) {
    const gjk2d_geometry *g = &set->geometry;
    tol_shape t;
    float c, s;
    test_pose_at(poses, i, &t.px, &t.py, &c, &s);
    t.c = c;
    t.s = s;
    t.x = g->vx + g->first[i];
    t.y = g->vy + g->first[i];
    t.stride = 1;
    t.n = g->count[i];
    t.radius = g->radius ? g->radius[i] : 0.0;
    return t;
}

/// The pair's scale for a report; NaN for pairs of invalid shapes or bad poses (their counts may be
/// out of range, so their vertices are not read).
static double r_scale_or_nan(const test_set *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                             const query_outputs *ref, int64_t k) {
    if (ref->st[k] == GJK2D_STATUS_INVALID || ref->st[k] == GJK2D_STATUS_BAD_POSE) return NAN;
    tol_shape a = pair_side(set, poses, pairs->a[k]), b = pair_side(set, poses, pairs->b[k]);
    return tol_pair_scale(&a, &b);
}

void xc_print_outputs(const char *label, const query_outputs *o, int64_t k) {
    fprintf(stderr,
            "  %-12s distance %.9g signed %.9g core %.9g A (%.9g, %.9g) B (%.9g, %.9g) n (%.9g, %.9g) features "
            "(%d, %d) iter %d status %d | overlap %d iter %d status %d | sat %d sep %.9g n (%.9g, %.9g) status %d\n",
            label, o->dist[k], o->sd[k], o->core[k], o->ax[k], o->ay[k], o->bx[k], o->by[k], o->nx[k], o->ny[k],
            o->fa[k], o->fb[k], o->iter[k], o->st[k], o->ov[k], o->oiter[k], o->ost[k], o->sov[k], o->sep[k], o->snx[k],
            o->sny[k], o->sst[k]);
}

/// A witness feature of a shape with n vertices: a vertex or edge index in range (a point has no edge).
static int feature_ok(int32_t f, int32_t n) {
    if (f < 0 || f >= 2 * n) return 0;
    return n > 1 || !GJK2D_FEATURE_IS_EDGE(f);
}

/// Pair k's answer to query q as src/isa_compare.h reads it.
static ic_result result_at(const query_outputs *o, ic_query q, int64_t k) {
    ic_result r;
    memset(&r, 0, sizeof r);
    if (q == IC_DISTANCE) {
        r.distance = o->dist[k], r.signed_distance = o->sd[k], r.core_distance = o->core[k];
        r.ax = o->ax[k], r.ay = o->ay[k], r.bx = o->bx[k], r.by = o->by[k], r.nx = o->nx[k], r.ny = o->ny[k];
        r.feature_a = o->fa[k], r.feature_b = o->fb[k], r.iterations = o->iter[k], r.status = o->st[k];
    } else if (q == IC_OVERLAP) {
        r.overlap = o->ov[k], r.iterations = o->oiter[k], r.status = o->ost[k];
    } else {
        r.separation = o->sep[k], r.nx = o->snx[k], r.ny = o->sny[k], r.overlap = o->sov[k], r.status = o->sst[k];
    }
    return r;
}

int xc_pair_exact(const query_outputs *a, const query_outputs *b, int64_t k) {
    for (int q = 0; q < 3; q++) {
        ic_result x = result_at(a, (ic_query)q, k), y = result_at(b, (ic_query)q, k);
        if (!ic_same_bits(&x, &y)) return 0;
    }
    return 1;
}

static const char *const query_name[3] = {"distance", "overlap", "sat"};

/// The first rule a pair fails.
typedef struct first_failure {
    int set;
    ic_failure f;
} first_failure;

static void note_first(void *ctx, const ic_failure *f) {
    first_failure *ff = ctx;
    if (!ff->set) ff->set = 1, ff->f = *f;
}

/// Why pair k fails against the reference (the query and the rule of src/isa_compare.h, or this file's
/// own checks of invalid pairs and feature indices), or NULL; *rule names the rule.
static const char *check_pair(const test_set *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                              const query_outputs *r, const query_outputs *g, int64_t k, ic_pair *pair,
                              first_failure *rule) {
    static const char *const status_why[3] = {"distance status", "overlap status", "sat status"};
    for (int q = 0; q < 3; q++) {
        ic_result a = result_at(g, (ic_query)q, k), b = result_at(r, (ic_query)q, k);
        if (a.status != b.status) return status_why[q];
    }
    if (r->st[k] == GJK2D_STATUS_INVALID || r->st[k] == GJK2D_STATUS_BAD_POSE) {
        if (!isnan(g->dist[k]) || !isnan(g->sd[k]) || !isnan(g->core[k]) || g->ov[k] != 0 || g->iter[k] != 0 ||
            g->oiter[k] != 0 || g->fa[k] != GJK2D_FEATURE_NONE || g->fb[k] != GJK2D_FEATURE_NONE || !isnan(g->sep[k]))
            return "invalid or bad-pose pair outputs";
        return NULL;
    }
    const int32_t na = set->geometry.count[pairs->a[k]], nb = set->geometry.count[pairs->b[k]];
    if ((g->fa[k] != GJK2D_FEATURE_NONE && !feature_ok(g->fa[k], na)) ||
        (g->fb[k] != GJK2D_FEATURE_NONE && !feature_ok(g->fb[k], nb)))
        return "witness feature index out of range";
    tol_shape a = pair_side(set, poses, pairs->a[k]), b = pair_side(set, poses, pairs->b[k]);
    ic_pair_make(&a, &b, pair);
    ic_stats stats;
    memset(&stats, 0, sizeof stats);
    for (int q = 0; q < 3; q++) {
        ic_result got = result_at(g, (ic_query)q, k), ref = result_at(r, (ic_query)q, k);
        if (ic_compare((ic_query)q, pair, &got, &ref, r->sep[k], &stats, note_first, rule)) return query_name[q];
    }
    // The directions themselves: a unit normal may turn from the reference's by the distance tolerance
    // over the length it spans (the direction of a nearly-zero vector is ill-conditioned), plus its own
    // rounding. isa_compare.c judges a normal by the gap it gives, which moves only to second order
    // when the closest features are two vertices.
    const double eps = FLT_EPSILON, tol = TOL_REL * pair->L;
    double core = hypot((double)r->bx[k] - r->ax[k], (double)r->by[k] - r->ay[k]) + r->dist[k];
    double ntol = core > 0.0 ? fmin(2.0, tol / core + 4.0 * eps) : 2.0;
    if (!(fabs((double)g->nx[k] - r->nx[k]) <= ntol) || !(fabs((double)g->ny[k] - r->ny[k]) <= ntol))
        return "normal direction";
    double stol = fabs(r->sep[k]) > 0.0 ? fmin(2.0, tol / fabs(r->sep[k]) + 4.0 * eps) : 2.0;
    if (!(fabs((double)g->snx[k] - r->snx[k]) <= stol) || !(fabs((double)g->sny[k] - r->sny[k]) <= stol))
        return "sat axis direction";
    return NULL;
}

int64_t xc_compare_ref(const char *label, const test_set *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                       const query_outputs *ref, const query_outputs *got, int64_t *exact) {
    int64_t bad = 0, same = 0;
    ic_pair *pair = malloc(sizeof *pair);
    if (!pair) abort();
    for (int64_t k = 0; k < ref->n; k++) {
        same += xc_pair_exact(ref, got, k);
        first_failure rule = {0};
        const char *why = check_pair(set, poses, pairs, ref, got, k, pair, &rule);
        if (!why) continue;
        if (bad++ < 5) {
            fprintf(stderr, "MISMATCH isa=%s query=%s pair=%lld (L=%.9g)", label, why, (long long)k,
                    r_scale_or_nan(set, poses, pairs, ref, k));
            if (rule.set && rule.f.features)
                fprintf(stderr, ": witness features %d, %d do not hold the closest points", rule.f.feature_a,
                        rule.f.feature_b);
            else if (rule.set)
                fprintf(stderr, ": %s %.9g, reference %.9g, tolerance %.3g", rule.f.what, rule.f.got, rule.f.ref,
                        rule.f.tol);
            fprintf(stderr, "\n");
            xc_print_pair(set, poses, pairs, k);
            xc_print_outputs("reference", ref, k);
            xc_print_outputs(label, got, k);
        }
    }
    free(pair);
    if (exact) *exact = same;
    return bad;
}

int64_t xc_compare_exact(const char *label_a, const char *label_b, const test_set *set, const gjk2d_poses *poses,
                         const gjk2d_pairs *pairs, const query_outputs *a, const query_outputs *b) {
    int64_t bad = 0;
    for (int64_t k = 0; k < a->n; k++) {
        if (xc_pair_exact(a, b, k)) continue;
        if (bad++ < 5) {
            fprintf(stderr, "NOT BIT-IDENTICAL %s vs %s pair=%lld\n", label_a, label_b, (long long)k);
            xc_print_pair(set, poses, pairs, k);
            xc_print_outputs(label_a, a, k);
            xc_print_outputs(label_b, b, k);
        }
    }
    return bad;
}
