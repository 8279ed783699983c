// SPDX-License-Identifier: MIT
// gjk2d check: every query on every ISA against the scalar reference, within the test suite's
// tolerances (src/tolerance.h) or, for the queries whose kernels repeat the reference operation for
// operation (manifold, casts, rays, points), bit for bit; and bit-for-bit agreement between the SIMD ISAs.
#include <float.h>
#include <math.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "gen.h"
#include "isa_compare.h"
#include "runner.h"
#include "scene.h"
#include "tolerance.h"

static const char check_help[] =
    "usage: gjk2d check SCENE [--isa LIST] [--query LIST] [--threads T]\n"
    "       gjk2d check --soak N [--chunk C] [gen options] [--isa LIST] [--query LIST] [--threads T]\n"
    "\n"
    "Run every query on every instruction set this CPU supports (or those listed) and on the scalar\n"
    "reference, and compare each ISA with the reference item by item: distance, overlap, sat and the\n"
    "manifold (margin 0) over the pairs at every frame's poses; cast and toi over the pairs from each frame\n"
    "to the next (a scene with frames); ray and point over the scene's rays and points. With --query all (the\n"
    "default) the queries the scene has no input for are left out, with a note on stderr. Prints per ISA\n"
    "and query the items compared, mismatches and the largest errors, then whether all SIMD ISAs agree bit\n"
    "for bit. Exit status 1 on any mismatch or any bit difference between SIMD ISAs, 0 when all agree.\n"
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
    "  manifold, cast, toi, ray, point   every field bit for bit equal to the reference's (the kernels'\n"
    "                   contract); a mismatch names the first field that differs\n"
    "max_err columns, in units of eps * L: distance (the largest of distance, signed and core distance),\n"
    "separation and point = largest difference from the reference; normal_gap = largest shortfall of the\n"
    "gap the normal gives below the core distance; axis_gap = largest difference between the axis's gap\n"
    "and the reference separation. invalid, bad_pose: pairs with that status, not compared.\n"
    "\n"
    "options:\n"
    "  --isa LIST      comma-separated ISAs (scalar, portable, sse41, avx2, avx512, neon, auto) or all\n"
    "                  (default: all this CPU supports); an unsupported one is an error (exit 2)\n"
    "  --query LIST    comma-separated queries (distance, overlap, sat, manifold, cast, toi, ray, point), or\n"
    "                  all (the default)\n"
    "  --threads T     threads per batch, 1..4096 (default: one per CPU this process may run on)\n"
    "  --soak N        instead of a file, generate N random pairs in chunks and check each chunk\n"
    "                  (progress on stderr; for cast and toi a second frame, every shape moved by up to\n"
    "                  0.5 and turned by up to 0.5 radians, where the pair queries run too; for ray and\n"
    "                  point a ray and a point per pair);\n"
    "                  the generator options (those of gen, N its pair count):\n"
    "%s"
    "  --chunk C       pairs per soak chunk (default 262144)\n"
    "\n"
    "examples:\n"
    "  gjk2d check w1.scene\n"
    "  gjk2d check --soak 10000000 --seed 7 --isa avx2,sse41\n";

typedef struct qstats {
    int64_t pairs, compared, invalid, bad_pose, mismatches, bitdiff_scalar, bitdiff_first;
    ic_stats err; // largest errors (relative to L), touching pairs, alternative witnesses, differences
    int printed;
} qstats;

#define MAX_PRINTED 5

// Pair k of one query's result arrays (the fields that query has).
static ic_result result_at(const results *r, int64_t k) {
    ic_result v;
    memset(&v, 0, sizeof v);
#define F(field) \
    if (r->field) v.field = r->field[k]
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
    F(status);
#undef F
    return v;
}

// Shape i at poses p (a frame's, float SoA as the scene holds them) for the comparison's geometry.
static tol_shape scene_side(const scene *sc, const gjk2d_poses *p, int32_t i) {
    return (tol_shape){sc->vx + sc->first[i],     sc->vy + sc->first[i],     1,       sc->count[i], sc->radius[i],
                       ((const float *)p->px)[i], ((const float *)p->py)[i], p->c[i], p->s[i]};
}

typedef struct mismatch_ctx {
    qstats *st;
    const char *isa;
    const char *label; ///< item_label's: the query, the pair and the step
} mismatch_ctx;

static void report_mismatch(void *ctx, const ic_failure *f) {
    const mismatch_ctx *m = ctx;
    qstats *st = m->st;
    st->mismatches++;
    if (st->printed++ >= MAX_PRINTED) return;
    if (f->features)
        fprintf(stderr, "check: %s %s: witness features %d, %d do not hold the closest points (core distance %.9g)\n",
                m->isa, m->label, f->feature_a, f->feature_b, f->core_distance);
    else
        fprintf(stderr, "check: %s %s: %s %.9g, reference %.9g, difference %.3g > tolerance %.3g\n", m->isa, m->label,
                f->what, f->got, f->ref, fabs(f->got - f->ref), f->tol);
}

// Every result array a query may fill: its name, where its pointer sits in `results`, its element size.
typedef struct result_field {
    const char *name;
    size_t at, size;
} result_field;
#define RF(name, member, type) \
    { name, offsetof(results, member), sizeof(type) }
static const result_field result_fields[] = {
    RF("status", status, uint8_t),
    RF("state", state, uint8_t),
    RF("overlap or inside", overlap, uint8_t),
    RF("count", count, uint8_t),
    RF("reference", reference, uint8_t),
    RF("distance", distance, float),
    RF("signed distance", signed_distance, float),
    RF("core distance", core_distance, float),
    RF("fraction", fraction, float),
    RF("separation", separation, float),
    RF("point on A x", ax, float),
    RF("point on A y", ay, float),
    RF("point on B x", bx, float),
    RF("point on B y", by, float),
    RF("point x", hx, float),
    RF("point y", hy, float),
    RF("normal x", nx, float),
    RF("normal y", ny, float),
    RF("point 0 x", px[0], float),
    RF("point 0 y", py[0], float),
    RF("separation 0", msep[0], float),
    RF("id 0", id[0], uint32_t),
    RF("point 1 x", px[1], float),
    RF("point 1 y", py[1], float),
    RF("separation 1", msep[1], float),
    RF("id 1", id[1], uint32_t),
    RF("feature on A", feature_a, int32_t),
    RF("feature on B", feature_b, int32_t),
    RF("iterations", iterations, int32_t),
};
#undef RF

// The first field of item k whose bits differ between two result sets of one query, or NULL.
static const char *results_diff(const results *x, const results *y, int64_t k) {
    for (size_t i = 0; i < sizeof result_fields / sizeof result_fields[0]; i++) {
        const result_field *f = &result_fields[i];
        const unsigned char *a = *(unsigned char *const *)((const char *)x + f->at),
                            *b = *(unsigned char *const *)((const char *)y + f->at);
        if (a && b && memcmp(a + (size_t)k * f->size, b + (size_t)k * f->size, f->size)) return f->name;
    }
    return NULL;
}

// Whether a query's kernels are compared with the reference bit for bit (their contract) rather than
// within the test suite's tolerances.
static int bitwise_query(query_kind q) { return q != QUERY_DISTANCE && q != QUERY_OVERLAP && q != QUERY_SAT; }

// What item k of a query is: a pair, or one of the scene's rays or points.
static const char *item_name(query_kind q) { return q == QUERY_RAY ? "ray" : q == QUERY_POINT ? "point" : "pair"; }

// How a mismatch names the query and its item k: "distance pair 17", "cast pair 5 (step 1)", "ray 3".
static void item_label(char *buf, size_t n, query_kind q, int64_t k, const char *step_text) {
    if (q == QUERY_RAY || q == QUERY_POINT)
        snprintf(buf, n, "%s %lld", query_names[q], (long long)k);
    else
        snprintf(buf, n, "%s pair %lld%s", query_names[q], (long long)k, step_text);
}

// Compare item k of an ISA's results with the reference's: within the tolerances (src/isa_compare.c), or
// bit for bit (bitwise_query). poses: the step's; ref_sat gives the touching band at them; step_text names
// the step of a query over frames. An item counts once however many of its fields are off.
static void compare_pair(const scene *sc, const gjk2d_poses *poses, int64_t k, int64_t base, query_kind kind,
                         const results *got, const results *ref, const results *ref_sat, const char *isa,
                         const char *step_text, qstats *st) {
    static ic_pair g;
    int64_t pair = base + k;
    st->pairs++;
    if (got->status[k] != ref->status[k]) {
        st->mismatches++;
        if (st->printed++ < MAX_PRINTED) {
            char label[96];
            item_label(label, sizeof label, kind, pair, step_text);
            fprintf(stderr, "check: %s %s: status %s, reference %s\n", isa, label,
                    gjk2d_status_name((gjk2d_status)got->status[k]), gjk2d_status_name((gjk2d_status)ref->status[k]));
        }
        return;
    }
    if (ref->status[k] == GJK2D_STATUS_INVALID || ref->status[k] == GJK2D_STATUS_BAD_POSE) {
        st->invalid += ref->status[k] == GJK2D_STATUS_INVALID;
        st->bad_pose += ref->status[k] == GJK2D_STATUS_BAD_POSE;
        return;
    }
    st->compared++;
    if (bitwise_query(kind)) {
        const char *field = results_diff(got, ref, k);
        if (!field) return;
        st->mismatches++;
        if (st->printed++ < MAX_PRINTED) {
            char label[96];
            item_label(label, sizeof label, kind, pair, step_text);
            fprintf(stderr, "check: %s %s: %s differs from the reference's\n", isa, label, field);
        }
        return;
    }
    tol_shape a = scene_side(sc, poses, sc->pa[k]), b = scene_side(sc, poses, sc->pb[k]);
    ic_pair_make(&a, &b, &g);
    static const ic_query as_ic[QUERY_COUNT] = {
        [QUERY_DISTANCE] = IC_DISTANCE, [QUERY_OVERLAP] = IC_OVERLAP, [QUERY_SAT] = IC_SAT};
    ic_result rg = result_at(got, k), rr = result_at(ref, k);
    char label[96];
    item_label(label, sizeof label, kind, pair, step_text);
    mismatch_ctx m = {st, isa, label};
    int64_t before = st->mismatches;
    ic_compare(as_ic[kind], &g, &rg, &rr, ref_sat ? ref_sat->separation[k] : NAN, &st->err, report_mismatch, &m);
    if (st->mismatches > before) st->mismatches = before + 1;
}

// Whether item k has the same bits in every field of both result sets.
static int same_bits(const results *x, const results *y, int64_t k) { return results_diff(x, y, k) == NULL; }

typedef struct check_ctx {
    const char *isas[8];
    int nisa;
    int queries[QUERY_KINDS];
    int nquery;
    int threads;
    int all; // --query all (the default): queries the scene has no input for are left out
    qstats st[8][QUERY_KINDS];
    double seconds[8][QUERY_KINDS];
    int failed;     // a batch call failed
    int first_simd; // index of the first non-scalar ISA, -1 if none
    progress *prog; // file mode: one step per ISA and query
    int64_t steps, total_steps;
} check_ctx;

static int run_isa(check_ctx *cx, const char *isa, query_kind q, const batch_input *in, results *r) {
    if (gjk2d_set_isa(isa) != 0) {
        cli_error("cannot select instruction set '%s'", isa);
        return -1;
    }
    int rc = run_batch(q, in, r, cx->threads, NULL);
    if (rc != 0) {
        cli_error("%s %s batch failed: %s", isa, query_names[q], gjk2d_error_message(rc));
        return -1;
    }
    return 0;
}

// Test hook, compiled only into the test suite's executable (-DGJK2D_CLI_TEST_HOOKS, tests/cli): there
// GJK2D_CHECK_INJECT="<isa>:<pair>" corrupts that ISA's result for that pair (a wrong distance, a
// witness feature naming no vertex of the shape, a wrong separation and overlap bit; for the queries compared
// bit for bit, a normal or a fraction one unit in the last place off) after the batch ran, so the test suite
// can show that check really
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
    if (bitwise_query(q)) { // one unit in the last place
        float *f = q == QUERY_MANIFOLD || q == QUERY_POINT ? r->nx : r->fraction;
        f[k] = nextafterf(f[k], 2.0f);
    }
}
#else
static void inject_fault(const char *isa, query_kind q, results *r, int64_t base, int64_t count) {
    (void)isa, (void)q, (void)r, (void)base, (void)count;
}
#endif

// The items query q runs over in the scene, and its steps (query_steps, as run takes them): the shape cast
// and the time of impact go from each frame to the next, the pair queries run at every frame, rays and
// points at frame 0's poses. 0 steps: the scene has no input for q.
static int64_t query_items(const scene *sc, query_kind q, int32_t *steps) {
    const int32_t frames = sc->frame_count > 1 ? sc->frame_count : 1;
    *steps = query_steps(q, frames);
    if (q == QUERY_RAY) *steps = sc->ray_shape ? 1 : 0;
    if (q == QUERY_POINT) *steps = sc->point_shape ? 1 : 0;
    return q == QUERY_RAY ? sc->ray_count : q == QUERY_POINT ? sc->point_count : sc->pair_count;
}

// Query q over the scene, step by step: the reference, then every ISA compared with it (and the SIMD ISAs
// with the first of them, bit for bit). The queries compared within tolerances take the touching band from
// the reference SAT at the step's poses (the reference itself for sat).
static int check_query(check_ctx *cx, const scene *sc, int64_t base, query_kind q) {
    int32_t steps;
    const int64_t n = query_items(sc, q, &steps);
    const int banded = !bitwise_query(q), own_sat = banded && q != QUERY_SAT;
    query_input qi;
    results ref, first, cur, sat;
    memset(&ref, 0, sizeof ref);
    memset(&first, 0, sizeof first);
    memset(&cur, 0, sizeof cur);
    memset(&sat, 0, sizeof sat);
    const results *ref_sat = !banded ? NULL : own_sat ? &sat : &ref;
    int rc = -1;
    if (query_input_init(&qi, sc, q) != 0) {
        cli_error("out of memory for the inputs of %lld pairs", (long long)sc->pair_count);
        return -1;
    }
    if (results_alloc(&ref, q, n) != 0 || results_alloc(&first, q, n) != 0 || results_alloc(&cur, q, n) != 0 ||
        (own_sat && results_alloc(&sat, QUERY_SAT, n) != 0)) {
        cli_error("out of memory for the results of %lld items", (long long)n);
        goto out;
    }
    for (int32_t f = 0; f < steps; f++) {
        query_input_step(&qi, sc, q, f);
        if (run_isa(cx, "scalar", q, &qi.in, &ref) != 0) goto out;
        if (own_sat && run_isa(cx, "scalar", QUERY_SAT, &qi.in, &sat) != 0) goto out;
        char step_text[32] = "";
        if (steps > 1) snprintf(step_text, sizeof step_text, " (step %d)", f);
        int have_first = 0;
        for (int i = 0; i < cx->nisa; i++) {
            // The SIMD ISAs are compared bit for bit with the first of them; the scalar reference may
            // differ from them by rounding where the tolerances apply.
            int is_scalar = strcmp(cx->isas[i], "scalar") == 0;
            results *r = is_scalar || have_first ? &cur : &first;
            double t0 = now_seconds();
            if (run_isa(cx, cx->isas[i], q, &qi.in, r) != 0) goto out;
            cx->seconds[i][q] += now_seconds() - t0;
            inject_fault(cx->isas[i], q, r, base, n);
            if (cx->prog) progress_update(cx->prog, ++cx->steps, cx->total_steps);
            qstats *st = &cx->st[i][q];
            for (int64_t k = 0; k < n; k++) {
                if (cx->prog && (k & 0xffff) == 0) progress_update(cx->prog, cx->steps, cx->total_steps);
                compare_pair(sc, &qi.in.poses, k, base, q, r, &ref, ref_sat, cx->isas[i], step_text, st);
                st->bitdiff_scalar += !same_bits(r, &ref, k);
                if (have_first && !is_scalar) st->bitdiff_first += !same_bits(r, &first, k);
            }
            if (!is_scalar && !have_first) {
                have_first = 1;
                cx->first_simd = i;
            }
        }
    }
    rc = 0;
out:
    results_free(&ref);
    results_free(&first);
    results_free(&cur);
    results_free(&sat);
    query_input_free(&qi);
    return rc;
}

// One scene (a file, or one soak chunk whose first pair is number `base`).
static int check_scene(check_ctx *cx, const scene *sc, int64_t base) {
    for (int j = 0; j < cx->nquery; j++)
        if (check_query(cx, sc, base, (query_kind)cx->queries[j]) != 0) {
            cx->failed = 1;
            return -1;
        }
    return 0;
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
            const char *item = item_name((query_kind)q);
            printf("check %-8s %-8s %ss=%lld compared=%lld invalid=%lld bad_pose=%lld mismatched_%ss=%lld",
                   query_names[q], cx->isas[i], item, (long long)st->pairs, (long long)st->compared,
                   (long long)st->invalid, (long long)st->bad_pose, item, (long long)st->mismatches);
            if (!bitwise_query((query_kind)q)) printf(" touching=%lld", (long long)st->err.touching);
            if (q == QUERY_DISTANCE)
                printf(" max_err[eps*L]: distance=%.2f point=%.2f normal_gap=%.2f alt_witness=%lld",
                       st->err.max_dist / FLT_EPSILON, st->err.max_point / FLT_EPSILON,
                       st->err.max_normal / FLT_EPSILON, (long long)st->err.alt_witness);
            else if (q == QUERY_SAT)
                printf(" max_err[eps*L]: separation=%.2f axis_gap=%.2f", st->err.max_sep / FLT_EPSILON,
                       st->err.max_normal / FLT_EPSILON);
            if (q == QUERY_DISTANCE || q == QUERY_OVERLAP)
                printf(" iteration_diffs=%lld", (long long)st->err.iter_diff);
            if (q == QUERY_DISTANCE) printf(" feature_diffs=%lld", (long long)st->err.feature_diff);
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

// Check a scene file: every ISA and query over its pairs. -1 after reporting a problem.
// The queries the scene has input for: with --query all the others are left out (a note on stderr), a
// query asked for by name without its input is an error. Returns -1 after reporting one.
static int scene_queries(check_ctx *cx, const scene *sc, const char *scene_path) {
    int n = 0;
    char left[128] = "";
    for (int j = 0; j < cx->nquery; j++) {
        const query_kind q = (query_kind)cx->queries[j];
        int32_t steps;
        query_items(sc, q, &steps);
        if (steps > 0) {
            cx->queries[n++] = q;
            continue;
        }
        const char *needs = q == QUERY_RAY ? "a rays section" : q == QUERY_POINT ? "a points section" : "frames";
        if (!cx->all) {
            cli_error("check: --query %s needs %s in %s (see 'gjk2d run --help')", query_names[q], needs, scene_path);
            return -1;
        }
        snprintf(left + strlen(left), sizeof left - strlen(left), "%s%s (%s)", left[0] ? ", " : "", query_names[q],
                 needs);
    }
    if (left[0]) fprintf(stderr, "check: not checked, the scene has no input for them: %s\n", left);
    cx->nquery = n;
    return 0;
}

static int check_file(check_ctx *cx, const char *scene_path) {
    scene sc;
    if (scene_load(scene_path, &sc) != 0) return -1;
    if (scene_prepare(&sc, scene_path) < 0 || scene_queries(cx, &sc, scene_path) != 0) {
        scene_free(&sc);
        return -1;
    }
    progress prog;
    progress_start(&prog, "check (ISA x query runs)");
    cx->prog = &prog;
    cx->total_steps = 0;
    for (int j = 0; j < cx->nquery; j++) {
        int32_t steps;
        query_items(&sc, (query_kind)cx->queries[j], &steps);
        cx->total_steps += (int64_t)cx->nisa * steps;
    }
    int rc = check_scene(cx, &sc, 0);
    progress_end(&prog);
    cx->prog = NULL;
    scene_free(&sc);
    return rc ? -1 : 0;
}

/// A soak chunk's shapes move by up to this (units and radians) from frame 0 to frame 1: against shapes of
/// size 0.5..1.5 placed about as far apart, enough for many casts and sweeps to hit.
#define SOAK_MOTION 0.5

// Check `soak` generated pairs, `chunk` at a time, with progress on stderr. -1 after reporting a problem.
static int check_soak(check_ctx *cx, const gen_opts *go, int64_t soak, int64_t chunk) {
    if (gen_check(&(gen_opts){.pairs = chunk, .min_verts = go->min_verts, .max_verts = go->max_verts}) != 0) return -1;
    double t0 = now_seconds();
    for (int64_t done = 0; done < soak;) {
        int64_t n = soak - done < chunk ? soak - done : chunk, overlapping;
        scene sc;
        // Two frames for the shape cast and the time of impact, and a ray and a point per pair, when asked for.
        int frames = 0, items = 0;
        for (int j = 0; j < cx->nquery; j++) {
            frames |= cx->queries[j] == QUERY_CAST || cx->queries[j] == QUERY_TOI;
            items |= cx->queries[j] == QUERY_RAY || cx->queries[j] == QUERY_POINT;
        }
        if (gen_scene(go, done, n, &sc, &overlapping, cx->threads, NULL) != 0 ||
            (frames && gen_frames(&sc, 2, SOAK_MOTION, go->seed + (uint64_t)done) != 0) ||
            (items && gen_items(&sc, n, n, go->seed + (uint64_t)done) != 0)) {
            cli_error("out of memory for a chunk of %lld pairs", (long long)n);
            return -1;
        }
        int rc = scene_prepare(&sc, "generated") < 0 ? -1 : check_scene(cx, &sc, done);
        scene_free(&sc);
        if (rc) return -1;
        done += n;
        int64_t bad = 0;
        for (int i = 0; i < cx->nisa; i++)
            for (int q = 0; q < QUERY_KINDS; q++) bad += cx->st[i][q].mismatches;
        fprintf(stderr, "soak: %lld / %lld pairs checked, %lld mismatches, %.1f s\n", (long long)done, (long long)soak,
                (long long)bad, now_seconds() - t0);
    }
    return 0;
}

int cmd_check(int argc, char **argv) {
    common_opts o;
    common_defaults(&o, "check", OPT_SCENE | OPT_ISA | OPT_QUERY | OPT_THREADS);
    o.query = "all";
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
    cx.nquery = parse_query_list(query_list, cx.queries, QUERY_KINDS);
    if (cx.nquery < 0) return EXIT_USAGE;
    cx.all = strcmp(query_list, "all") == 0;

    char source[512];
    if (scene_path) {
        if (check_file(&cx, scene_path) != 0) return EXIT_USAGE;
        snprintf(source, sizeof source, "scene %s", scene_path);
    } else {
        if (check_soak(&cx, &go, soak, chunk) != 0) return EXIT_USAGE;
        snprintf(source, sizeof source, "soak %lld random pairs (seed %llu)", (long long)soak,
                 (unsigned long long)go.seed);
    }
    return report(&cx, source);
}
