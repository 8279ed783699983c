// Cross-check machinery shared by the SIMD tests (see xcheck.h for the tolerance rules).
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

int xc_tables(xc_table *out, int cap) {
    int n = 0;
    static const char *const native[] = {"portable", "sse41", "avx2", "avx512", "neon"};
    for (int i = 0; i < 5; i++) add_table(out, &n, cap, native[i], gjk2d__isa_table(native[i]));
#ifdef GJK2D_EMUL_SSE41
    add_table(out, &n, cap, "sse41-emul", &gjk2d__table_sse41_emul);
#endif
#ifdef GJK2D_EMUL_AVX2
    add_table(out, &n, cap, "avx2-emul", &gjk2d__table_avx2_emul);
#endif
#ifdef GJK2D_EMUL_AVX512
    add_table(out, &n, cap, "avx512-emul", &gjk2d__table_avx512_emul);
#endif
#ifdef GJK2D_EMUL_NEON
    add_table(out, &n, cap, "neon-emul", &gjk2d__table_neon_emul);
#endif
    return n;
}

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

/// The pair's scale L (src/tolerance.h) at the poses the queries ran with.
static double pair_scale(const test_set *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs, int64_t k) {
    const gjk2d_geometry *g = &set->geometry;
    tol_shape side[2];
    int32_t ids[2] = {pairs->a[k], pairs->b[k]};
    for (int j = 0; j < 2; j++) {
        int32_t i = ids[j];
        float c, s;
        tol_shape *t = &side[j];
        test_pose_at(poses, i, &t->px, &t->py, &c, &s);
        t->c = c;
        t->s = s;
        t->x = g->vx + g->first[i];
        t->y = g->vy + g->first[i];
        t->stride = 1;
        t->n = g->count[i];
        t->radius = g->radius ? g->radius[i] : 0.0;
    }
    return tol_pair_scale(&side[0], &side[1]);
}

/// The pair's scale for a report; NaN for pairs of invalid shapes or bad poses (their counts may be
/// out of range, so their vertices are not read).
static double r_scale_or_nan(const test_set *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                             const query_outputs *ref, int64_t k) {
    if (ref->st[k] == GJK2D_STATUS_INVALID || ref->st[k] == GJK2D_STATUS_BAD_POSE) return NAN;
    return pair_scale(set, poses, pairs, k);
}

static int same_f(float a, float b) { return memcmp(&a, &b, sizeof a) == 0; }

int xc_pair_exact(const query_outputs *a, const query_outputs *b, int64_t k) {
    return same_f(a->dist[k], b->dist[k]) && same_f(a->sd[k], b->sd[k]) && same_f(a->core[k], b->core[k]) &&
           same_f(a->ax[k], b->ax[k]) && same_f(a->ay[k], b->ay[k]) && same_f(a->bx[k], b->bx[k]) &&
           same_f(a->by[k], b->by[k]) && same_f(a->nx[k], b->nx[k]) && same_f(a->ny[k], b->ny[k]) &&
           same_f(a->sep[k], b->sep[k]) && same_f(a->snx[k], b->snx[k]) && same_f(a->sny[k], b->sny[k]) &&
           a->fa[k] == b->fa[k] && a->fb[k] == b->fb[k] && a->iter[k] == b->iter[k] && a->oiter[k] == b->oiter[k] &&
           a->st[k] == b->st[k] && a->ov[k] == b->ov[k] && a->ost[k] == b->ost[k] && a->sov[k] == b->sov[k] &&
           a->sst[k] == b->sst[k];
}

void xc_print_outputs(const char *label, const query_outputs *o, int64_t k) {
    fprintf(stderr,
            "  %-12s distance %.9g signed %.9g core %.9g A (%.9g, %.9g) B (%.9g, %.9g) n (%.9g, %.9g) features "
            "(%d, %d) iter %d status %d | overlap %d iter %d status %d | sat %d sep %.9g n (%.9g, %.9g) status %d\n",
            label, o->dist[k], o->sd[k], o->core[k], o->ax[k], o->ay[k], o->bx[k], o->by[k], o->nx[k], o->ny[k],
            o->fa[k], o->fb[k], o->iter[k], o->st[k], o->ov[k], o->oiter[k], o->ost[k], o->sov[k], o->sep[k], o->snx[k],
            o->sny[k], o->sst[k]);
}

static int close_to(double got, double want, double tol) {
    if (isnan(want)) return isnan(got);
    return fabs(got - want) <= tol;
}

/// A witness feature of a shape with n vertices: a vertex or edge index in range (a point has no edge).
static int feature_ok(int32_t f, int32_t n) {
    if (f < 0 || f >= 2 * n) return 0;
    return n > 1 || !GJK2D_FEATURE_IS_EDGE(f);
}

/// Why pair k fails against the reference, or NULL.
static const char *check_pair(const test_set *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                              const query_outputs *r, const query_outputs *g, int64_t k) {
    if (g->st[k] != r->st[k]) return "distance status";
    if (g->ost[k] != r->ost[k]) return "overlap status";
    if (g->sst[k] != r->sst[k]) return "sat status";
    if (r->st[k] == GJK2D_STATUS_INVALID || r->st[k] == GJK2D_STATUS_BAD_POSE) {
        if (!isnan(g->dist[k]) || !isnan(g->sd[k]) || !isnan(g->core[k]) || g->ov[k] != 0 || g->iter[k] != 0 ||
            g->oiter[k] != 0 || g->fa[k] != GJK2D_FEATURE_NONE || g->fb[k] != GJK2D_FEATURE_NONE || !isnan(g->sep[k]))
            return "invalid or bad-pose pair outputs";
        return NULL;
    }
    const double eps = FLT_EPSILON, L = pair_scale(set, poses, pairs, k), tol = TOL_REL * L;
    if (!close_to(g->dist[k], r->dist[k], tol)) return "distance";
    if (!close_to(g->sd[k], r->sd[k], tol)) return "signed distance";
    if (!close_to(g->core[k], r->core[k], tol)) return "core distance";
    if (!(g->dist[k] == (g->sd[k] > 0.0f ? g->sd[k] : 0.0f))) return "distance is not max(0, signed distance)";
    const float *gp[4] = {g->ax, g->ay, g->bx, g->by}, *rp[4] = {r->ax, r->ay, r->bx, r->by};
    for (int i = 0; i < 4; i++) {
        double world = 2.0 * eps * fabs(rp[i][k]);
        if (!close_to(gp[i][k], rp[i][k], tol + world)) return "closest point";
    }
    double core = hypot((double)r->bx[k] - r->ax[k], (double)r->by[k] - r->ay[k]) + r->dist[k];
    double ntol = core > 0.0 ? fmin(2.0, tol / core + 4.0 * eps) : 2.0;
    if (!close_to(g->nx[k], r->nx[k], ntol) || !close_to(g->ny[k], r->ny[k], ntol)) return "normal";
    // Features exist exactly when the normal does (the cores are apart).
    const int apart = g->nx[k] != 0.0f || g->ny[k] != 0.0f;
    const int32_t na = set->geometry.count[pairs->a[k]], nb = set->geometry.count[pairs->b[k]];
    if (apart ? !(feature_ok(g->fa[k], na) && feature_ok(g->fb[k], nb))
              : (g->fa[k] != GJK2D_FEATURE_NONE || g->fb[k] != GJK2D_FEATURE_NONE))
        return "witness features";
    int touching = fabs(r->dist[k]) <= tol;
    if (!touching && g->ov[k] != r->ov[k]) return "gjk overlap";
    if (!close_to(g->sep[k], r->sep[k], tol)) return "sat separation";
    if (fabs(r->sep[k]) > tol && g->sov[k] != r->sov[k]) return "sat overlap";
    double stol = fabs(r->sep[k]) > 0.0 ? fmin(2.0, tol / fabs(r->sep[k]) + 4.0 * eps) : 2.0;
    if (!close_to(g->snx[k], r->snx[k], stol) || !close_to(g->sny[k], r->sny[k], stol)) return "sat normal";
    return NULL;
}

int64_t xc_compare_ref(const char *label, const test_set *set, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                       const query_outputs *ref, const query_outputs *got, int64_t *exact) {
    int64_t bad = 0, same = 0;
    for (int64_t k = 0; k < ref->n; k++) {
        same += xc_pair_exact(ref, got, k);
        const char *why = check_pair(set, poses, pairs, ref, got, k);
        if (!why) continue;
        if (bad++ < 5) {
            fprintf(stderr, "MISMATCH isa=%s query=%s pair=%lld (L=%.9g)\n", label, why, (long long)k,
                    r_scale_or_nan(set, poses, pairs, ref, k));
            xc_print_pair(set, poses, pairs, k);
            xc_print_outputs("reference", ref, k);
            xc_print_outputs(label, got, k);
        }
    }
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
