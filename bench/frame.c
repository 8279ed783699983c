// What the per-frame API itself costs, on W1's distance query:
// - posecheck: every batch call checks the poses it uses as part of the kernel's load. The same kernels
//   built without that check (gjk2d__table_<isa>_nocheck, bench only: simd_nocheck_lib) are timed
//   against the shipped ones, both called directly on arguments checked once, so that the difference
//   is the pose check alone; the public call adds gjk2d_check_batch's argument checks on top.
// - layouts: the poses as float SoA arrays, as strided records (an engine's transform array), with
//   double positions (SoA and records): what reading each layout costs.
// - prepare: gjk2d_shapes_prepare's throughput (and gjk2d_check_poses'), the once-per-scene costs.
// Repetitions are interleaved (every entry once per repetition, the order reversed on every other one)
// and ratios are taken within a repetition; medians of at least MIN_REPS repetitions are reported.
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "simd/simd.h"

/// A difference of a few per cent needs more repetitions than the main tables' 5 on a shared VM.
#define MIN_REPS 9

static int reps_at_least(int reps) { return reps < MIN_REPS ? MIN_REPS : (reps > MAX_REPS ? MAX_REPS : reps); }

static int is_simd_isa(const impl *im) { return im->kind == K_ISA && strcmp(im->name, "scalar") != 0; }

/// The kernel table of an ISA built without the pose check, when this build has it.
static const gjk2d_kernel_table *nocheck_table(const char *name) {
    // The native table only runs where gjk2d__isa_table says the CPU runs this ISA.
    if (!gjk2d__isa_table(name)) return NULL;
#ifdef GJK2D_NOCHECK_PORTABLE
    if (!strcmp(name, "portable")) return &gjk2d__table_portable_nocheck;
#endif
#ifdef GJK2D_NOCHECK_SSE41
    if (!strcmp(name, "sse41")) return &gjk2d__table_sse41_nocheck;
#endif
#ifdef GJK2D_NOCHECK_AVX2
    if (!strcmp(name, "avx2")) return &gjk2d__table_avx2_nocheck;
#endif
#ifdef GJK2D_NOCHECK_AVX512
    if (!strcmp(name, "avx512")) return &gjk2d__table_avx512_nocheck;
#endif
#ifdef GJK2D_NOCHECK_NEON
    if (!strcmp(name, "neon")) return &gjk2d__table_neon_nocheck;
#endif
    return NULL;
}

static void make_w1(workload *w, ctx *c, int64_t pairs) {
    if (workload_make(w, "w1", pairs) != 0) exit(1);
    memset(c, 0, sizeof *c);
    c->w = w;
    outputs_alloc(&c->o, w->pairs.count);
    int64_t bad = -1;
    int rc = gjk2d_check_batch(w->set.shapes, &w->set.poses, &w->pairs, 0, w->pairs.count, &bad);
    if (rc != 0) { // the tables are called on checked arguments only
        fprintf(stderr, "W1: gjk2d_check_batch: %s (pair %lld)\n", gjk2d_error_message(rc), (long long)bad);
        exit(1);
    }
}

static void free_w1(workload *w, ctx *c) {
    outputs_free(&c->o);
    workload_free(w);
}

static entry distance_entry(const impl *im, int64_t n, const gjk2d_poses *poses, int all_fields) {
    entry e;
    memset(&e, 0, sizeof e);
    e.im = im, e.q = Q_DISTANCE, e.threads = 1, e.inner = 1, e.ref = -1, e.n = n, e.poses = poses;
    e.all_fields = all_fields;
    return e;
}

/// Copy of the distance outputs of one untimed run (for the bit-identity checks between variants).
typedef struct snapshot {
    float *f[7];
    int32_t *iter;
    uint8_t *st;
} snapshot;

static void snapshot_take(snapshot *s, ctx *c, const entry *e) {
    int64_t n = e->n;
    c->poses = e->poses, c->all_fields = e->all_fields;
    if (impl_select(e->im) != 0) exit(1);
    run_range(c, e->im, Q_DISTANCE, 0, n);
    c->poses = NULL, c->all_fields = 0;
    const float *src[7] = {c->o.dist, c->o.ax, c->o.ay, c->o.bx, c->o.by, c->o.nx, c->o.ny};
    for (int i = 0; i < 7; i++) {
        s->f[i] = xmalloc((size_t)n * sizeof(float));
        memcpy(s->f[i], src[i], (size_t)n * sizeof(float));
    }
    s->iter = xmalloc((size_t)n * sizeof(int32_t));
    memcpy(s->iter, c->o.iter, (size_t)n * sizeof(int32_t));
    s->st = xmalloc((size_t)n);
    memcpy(s->st, c->o.st, (size_t)n);
}

/// Whether two snapshots are bit-identical (NaN payloads aside: there are no NaNs on W1).
static int snapshot_same(const snapshot *a, const snapshot *b, int64_t n) {
    for (int i = 0; i < 7; i++)
        if (memcmp(a->f[i], b->f[i], (size_t)n * sizeof(float))) return 0;
    return !memcmp(a->iter, b->iter, (size_t)n * sizeof(int32_t)) && !memcmp(a->st, b->st, (size_t)n);
}

static void snapshot_free(snapshot *s) {
    for (int i = 0; i < 7; i++) free(s->f[i]);
    free(s->iter), free(s->st);
}

// ---------------------------------------------------------------------------------------------
// The pose check
// ---------------------------------------------------------------------------------------------

/// Median over repetitions of (time of a / time of b - 1), in per cent: what a costs on top of b.
static double cost_percent(const entry *a, const entry *b, int reps) {
    double v[MAX_REPS];
    for (int r = 0; r < reps; r++) v[r] = 100.0 * (b->rate[r] / a->rate[r] - 1.0);
    return median(v, reps);
}

void section_posecheck(const impl *impls, int nimpl, int64_t pairs, int reps, double min_time) {
    reps = reps_at_least(reps);
    md("\n## Cost of the per-call pose check\n\n");
    // Per ISA: the public call, its kernel table called directly, and the table built without the check.
    impl tables[2 * 8];
    int nt = 0, isa_of[8], nisa = 0;
    for (int i = 0; i < nimpl && nisa < 8; i++) {
        if (!is_simd_isa(&impls[i])) continue;
        const gjk2d_kernel_table *nc = nocheck_table(impls[i].name);
        if (!nc) continue;
        tables[nt++] = (impl){impls[i].name, K_TABLE, gjk2d__isa_table(impls[i].name)};
        tables[nt++] = (impl){impls[i].name, K_TABLE, nc};
        isa_of[nisa++] = i;
    }
    if (!nisa) {
        md("Not measured: this build has no kernel tables without the pose check (simd_nocheck_lib from\n"
           "src/simd/meson.build, `gjk2d__table_<isa>_nocheck`).\n");
        return;
    }
    workload w;
    ctx c;
    make_w1(&w, &c, pairs);
    int64_t n = w.pairs.count;
    entry e[3 * 8];
    int ne = 0;
    for (int k = 0; k < nisa; k++) {
        e[ne++] = distance_entry(&impls[isa_of[k]], n, NULL, 0);  // public call
        e[ne++] = distance_entry(&tables[2 * k], n, NULL, 0);     // shipped kernel
        e[ne++] = distance_entry(&tables[2 * k + 1], n, NULL, 0); // without the pose check
    }
    // The check must change no answer on valid poses.
    int identical = 1;
    for (int k = 0; k < nisa; k++) {
        snapshot with, without;
        snapshot_take(&with, &c, &e[3 * k + 1]);
        snapshot_take(&without, &c, &e[3 * k + 2]);
        identical &= snapshot_same(&with, &without, n);
        snapshot_free(&with), snapshot_free(&without);
    }
    run_entries(&c, e, ne, reps, min_time, 1);

    md("W1 (%s), distance query, single thread, median of %d interleaved repetitions. The kernels are called\n"
       "directly on arguments checked once: *kernel* is the shipped one, which checks every pose it loads (finite,\n"
       "|p| <= 1e15, |c² + s² − 1| <= 1e-6) and gives a bad one's pairs GJK2D_STATUS_BAD_POSE; *no check* is the same\n"
       "kernel built without that check (bench only). *pose check* is the median over repetitions of\n"
       "t(kernel) / t(no check) − 1, the check's share of the distance query (target: at most 5 %%); *argument check*\n"
       "is the same for the public call (gjk2d_batch_distance: gjk2d_check_batch's pass over the pair indices, then\n"
       "the kernel) over the kernel. The scalar implementation (the reference, pair by pair) has no build without the\n"
       "check. Outputs with and without the check: %s.\n\n"
       "| ISA | public call Mpairs/s | kernel Mpairs/s | no check Mpairs/s | pose check | argument check |\n"
       "|---|---|---|---|---|---|\n",
       w.desc, reps, identical ? "bit-identical" : "**DIFFERENT** (a bug)");
    double worst = -INFINITY;
    const char *worst_isa = "";
    for (int k = 0; k < nisa; k++) {
        const entry *api = &e[3 * k], *ker = &e[3 * k + 1], *raw = &e[3 * k + 2];
        double pose = cost_percent(ker, raw, reps), args = cost_percent(api, ker, reps);
        md("| %s | %.3f | %.3f | %.3f | %+.1f %% | %+.1f %% |\n", api->im->name, med_rate(api, reps) * 1e-6,
           med_rate(ker, reps) * 1e-6, med_rate(raw, reps) * 1e-6, pose, args);
        json_record(
            "\"section\": \"posecheck\", \"workload\": \"W1\", \"query\": \"distance\", \"impl\": \"%s\", \"pairs\": "
            "%lld, "
            "\"reps\": %d, \"public_pairs_per_second\": %.0f, \"kernel_pairs_per_second\": %.0f, "
            "\"nocheck_pairs_per_second\": %.0f, \"pose_check_percent\": %.3f, \"argument_check_percent\": %.3f, "
            "\"identical\": %d",
            api->im->name, (long long)n, reps, med_rate(api, reps), med_rate(ker, reps), med_rate(raw, reps), pose,
            args, identical);
        if (pose > worst) worst = pose, worst_isa = api->im->name;
    }
    md("\nLargest pose-check cost: %+.1f %% (%s): %s the 5 %% target.\n", worst, worst_isa,
       worst <= 5.0 ? "within" : "**above**");
    headline_later("- the per-call pose check costs at most %+.1f %% of a W1 distance query (%s; target <= 5 %%);\n",
                   worst, worst_isa);
    free_w1(&w, &c);
}

// ---------------------------------------------------------------------------------------------
// Pose layouts
// ---------------------------------------------------------------------------------------------

void section_layouts(const impl *impls, int nimpl, int64_t pairs, int reps, double min_time) {
    reps = reps_at_least(reps);
    workload w;
    ctx c;
    make_w1(&w, &c, pairs);
    int64_t n = w.pairs.count;
    layouts l;
    layouts_make(&l, &w);
    for (int k = 0; k < NLAYOUT; k++) {
        int64_t bad = -1;
        if (gjk2d_check_batch(w.set.shapes, &l.p[k], &w.pairs, 0, n, &bad) != 0) {
            fprintf(stderr, "layouts: %s rejected\n", layout_name[k]);
            exit(1);
        }
    }
    // Per ISA: the four layouts, then float SoA with every distance output (the new fields' cost).
    enum { PER = NLAYOUT + 1 };
    entry e[PER * 8];
    int ne = 0, nisa = 0;
    const impl *isa[8];
    for (int i = 0; i < nimpl && nisa < 8; i++) {
        if (impls[i].kind != K_ISA) continue;
        isa[nisa++] = &impls[i];
        for (int k = 0; k < NLAYOUT; k++) e[ne++] = distance_entry(&impls[i], n, &l.p[k], 0);
        e[ne++] = distance_entry(&impls[i], n, &l.p[L_SOA], 1);
    }
    int identical = 1;
    for (int i = 0; i < nisa; i++) {
        snapshot base;
        snapshot_take(&base, &c, &e[PER * i]);
        for (int k = 1; k < NLAYOUT; k++) {
            snapshot s;
            snapshot_take(&s, &c, &e[PER * i + k]);
            identical &= snapshot_same(&base, &s, n);
            snapshot_free(&s);
        }
        snapshot_free(&base);
    }
    run_entries(&c, e, ne, reps, min_time, 1);

    md("\n## Pose layouts\n\nW1 (%s), distance query through the public call, single thread, median of %d interleaved\n"
       "repetitions, Mpairs/s; in brackets the median over repetitions of this layout's rate / float SoA's. *float\n"
       "records*: `{float px, py, c, s}` (a b2Transform) with stride 16; *double*: positions in double (the same "
       "values),\n"
       "SoA or `{double px, py; float c, s}` records with stride 24; *all outputs*: float SoA also writing the signed "
       "and\n"
       "core distances and the witness features (the other columns write distance, points, normal, iterations, "
       "status).\n"
       "Outputs of every layout: %s.\n\n| ISA |",
       w.desc, reps, identical ? "bit-identical" : "**DIFFERENT** (a bug)");
    for (int k = 0; k < NLAYOUT; k++) md(" %s |", layout_name[k]);
    md(" all outputs |\n|---|");
    for (int k = 0; k <= NLAYOUT; k++) md("---|");
    md("\n");
    for (int i = 0; i < nisa; i++) {
        const entry *row = &e[PER * i];
        md("| %s | %.3f |", isa[i]->name, med_rate(&row[0], reps) * 1e-6);
        for (int k = 1; k < PER; k++)
            md(" %.3f (%.3f) |", med_rate(&row[k], reps) * 1e-6, med_ratio(&row[k], &row[0], reps));
        md("\n");
        json_record("\"section\": \"layouts\", \"workload\": \"W1\", \"query\": \"distance\", \"impl\": \"%s\", "
                    "\"pairs\": %lld, "
                    "\"reps\": %d, \"float_soa\": %.0f, \"float_records\": %.0f, \"double_soa\": %.0f, "
                    "\"double_records\": %.0f, "
                    "\"all_outputs\": %.0f, \"identical\": %d",
                    isa[i]->name, (long long)n, reps, med_rate(&row[0], reps), med_rate(&row[1], reps),
                    med_rate(&row[2], reps), med_rate(&row[3], reps), med_rate(&row[4], reps), identical);
        if (!strcmp(isa[i]->name, best_isa()))
            headline_later(
                "- pose layouts (%s, W1 distance): float records %.2fx, double SoA %.2fx, double records %.2fx the "
                "rate of float SoA;\n",
                isa[i]->name, med_ratio(&row[1], &row[0], reps), med_ratio(&row[2], &row[0], reps),
                med_ratio(&row[3], &row[0], reps));
    }
    layouts_free(&l);
    free_w1(&w, &c);
}

// ---------------------------------------------------------------------------------------------
// Preparing a shape set
// ---------------------------------------------------------------------------------------------

void section_prepare(int64_t shapes, int reps) {
    reps = reps_at_least(reps);
    workload w;
    // W1's shapes: two per pair.
    if (workload_make(&w, "w1", (shapes + 1) / 2) != 0) exit(1);
    gjk2d_geometry geom = w.set.geometry;
    geom.shape_count = (int32_t)shapes;
    int64_t size = gjk2d_shapes_size(&geom);
    if (size < 0) {
        fprintf(stderr, "prepare: gjk2d_shapes_size: %s\n", gjk2d_error_message((int)size));
        exit(1);
    }
    // Memory touched up front, as a caller that reuses it would have it: no page faults are timed.
    char *mem = xmalloc((size_t)size);
    memset(mem, 0, (size_t)size);
    uint8_t *problems = xmalloc((size_t)shapes);
    memset(problems, 0, (size_t)shapes);
    gjk2d_poses poses = w.set.poses;
    poses.count = shapes;
    double t_size[MAX_REPS], t_prep[MAX_REPS], t_poses[MAX_REPS];
    for (int r = 0; r < reps; r++) {
        double t0 = now();
        int64_t s = gjk2d_shapes_size(&geom);
        double t1 = now();
        const gjk2d_shapes *set = NULL;
        int64_t bad = gjk2d_shapes_prepare(&geom, mem, size, &set, problems, NULL);
        double t2 = now();
        int64_t bad_poses = gjk2d_check_poses(&poses, problems, NULL);
        double t3 = now();
        if (s != size || bad != 0 || bad_poses != 0 || gjk2d_shapes_count(set) != shapes) {
            fprintf(stderr, "prepare: size %lld, invalid shapes %lld, bad poses %lld\n", (long long)s, (long long)bad,
                    (long long)bad_poses);
            exit(1);
        }
        t_size[r] = t1 - t0, t_prep[r] = t2 - t1, t_poses[r] = t3 - t2;
    }
    double ts = median(t_size, reps), tp = median(t_prep, reps), tq = median(t_poses, reps), ns = (double)shapes;
    int64_t vertices = 0;
    for (int64_t k = 0; k < shapes; k++) vertices += w.g.count[k];
    md("\n## Preparing a shape set\n\n%lld shapes of W1 (3..8-gons, %.2f vertices per shape on average), median of %d "
       "runs\n"
       "into memory allocated and touched once: gjk2d_shapes_size, gjk2d_shapes_prepare (validation of every shape\n"
       "included, per-shape problems written) and, for comparison, gjk2d_check_poses on as many poses. The set takes\n"
       "%lld bytes (%.1f per shape).\n\n| call | time | shapes/s | ns/shape |\n|---|---|---|---|\n",
       (long long)shapes, (double)vertices / ns, reps, (long long)size, (double)size / ns);
    md("| gjk2d_shapes_size | %.3g ms | %.3g | %.2f |\n", ts * 1e3, ns / ts, ts * 1e9 / ns);
    md("| gjk2d_shapes_prepare | %.3g ms | %.3g | %.2f |\n", tp * 1e3, ns / tp, tp * 1e9 / ns);
    md("| gjk2d_check_poses | %.3g ms | %.3g | %.2f |\n", tq * 1e3, ns / tq, tq * 1e9 / ns);
    json_record("\"section\": \"prepare\", \"workload\": \"W1\", \"shapes\": %lld, \"vertices\": %lld, \"reps\": %d, "
                "\"bytes\": %lld, "
                "\"size_seconds\": %.6g, \"prepare_seconds\": %.6g, \"check_poses_seconds\": %.6g, "
                "\"prepare_shapes_per_second\": %.0f",
                (long long)shapes, (long long)vertices, reps, (long long)size, ts, tp, tq, ns / tp);
    headline_later("- gjk2d_shapes_prepare: %.1f M shapes/s (%.0f ns per W1 shape, %.0f bytes per prepared shape);\n",
                   ns / tp * 1e-6, tp * 1e9 / ns, (double)size / ns);
    free(mem), free(problems);
    workload_free(&w);
}
