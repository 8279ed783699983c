// gjk2d benchmark: gjk2d per ISA against Box2D 2.4.1 and GEOS 3.11 on the same pairs, in one process,
// single thread, interleaved (each repetition runs every implementation once and ratios are taken within
// a repetition; medians are reported), with every implementation's accuracy against the exact oracle.
// Sections: the workloads W1..W4, W7 and B3, a vertex-count sweep, a batch-size sweep, one vs two threads,
// and the memory-bandwidth roofline of W1. `--out DIR` also writes tables.md, results.json, headline.md
// and the plots' data files there (scripts/bench.sh turns them into bench/results/<cpu>.md).
//
// Timing: every measured run goes through the public batch API (argument and pose checks included) over
// a shape set prepared once up front, with the float SoA poses passed to every call, as a caller with
// persistent shapes does every frame. The per-frame API's own costs (the pose check, pose layouts,
// preparing the set) have their sections in frame.c. Each timed
// entry is calibrated by one untimed run (also its warm-up) and then repeats the batch `inner` times so
// that one timed run lasts at least --min-time seconds (small batches such as B3's 10,000 pairs).
#include <float.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <unistd.h>

#include "bench.h"
#include "cpu_name.h"
#include "simd/simd.h"

#define MAX_IMPL 12

typedef struct options {
    int64_t pairs, geos_pairs, sweep_pairs, sweep_geos_pairs, batch_max, prepare_shapes;
    int reps, sweep_reps, threads;
    double min_time;
    const char *workloads, *sections, *out;
    int queries; ///< bit per query
} options;

static options op = {1000000,
                     100000,
                     100000,
                     10000,
                     10000000,
                     1000000,
                     5,
                     3,
                     2,
                     0.05,
                     "w1,w2,w3,w4,w7,b3",
                     "main,lanes,posecheck,layouts,prepare,vertices,batch,threads,roofline",
                     NULL,
                     7};

static impl impls[MAX_IMPL];
static int nimpl;
static const char *best;

/// What the README quotes, gathered along the way.
static struct {
    double w1_rate[NQ], w1_vs_box2d[NQ], w1_vs_geos[NQ], two_threads[NQ];
    int have_box2d[NQ], have_geos[NQ], have_threads[NQ];
    int64_t geos_pairs;
    char accuracy_workloads[64]; ///< the workloads measured against Box2D, comma-separated
    double gjk_max_eps, box2d_max_eps;
    int64_t gjk_misclassified, box2d_misclassified;
    int accuracy_any_worse; ///< a workload where gjk2d was less accurate than Box2D
    double bandwidth1, bytes_per_pair, w1_distance_rate, batch_max_rate, spin, spin_wide;
    int64_t batch_max_pairs;
} hl;

static int has_word(const char *list, const char *word) {
    size_t n = strlen(word);
    for (const char *p = list; (p = strstr(p, word)); p += n)
        if ((p == list || p[-1] == ',') && (p[n] == ',' || p[n] == 0)) return 1;
    return 0;
}

static void peers_create(ctx *c, int64_t geos_pairs) {
    c->b2 = NULL, c->geos = NULL, c->geos_pairs = 0;
#ifdef GJK2D_BENCH_BOX2D
    c->b2 = b2shim_create(&c->w->set.geometry, &c->w->set.poses);
#endif
#ifdef GJK2D_BENCH_GEOS
    c->geos_pairs = geos_pairs < c->w->pairs.count ? geos_pairs : c->w->pairs.count;
    c->geos = geos_peer_create(&c->w->set.geometry, &c->w->set.poses, &c->w->pairs, c->geos_pairs);
#else
    (void)geos_pairs;
#endif
}

static void peers_destroy(ctx *c) {
#ifdef GJK2D_BENCH_BOX2D
    if (c->b2) b2shim_destroy(c->b2);
#endif
#ifdef GJK2D_BENCH_GEOS
    if (c->geos) geos_peer_destroy(c->geos);
#endif
    c->b2 = NULL, c->geos = NULL;
}

// ---------------------------------------------------------------------------------------------
// Timed entries (run.c)
// ---------------------------------------------------------------------------------------------

static void run_all(ctx *c, entry *e, int ne, int reps) { run_entries(c, e, ne, reps, op.min_time, 0); }

/// Entries for query q: every implementation on all pairs (GEOS on its subset), plus the best ISA on
/// the GEOS subset when that is smaller, so that every ratio compares the same pairs.
static int make_entries(ctx *c, int q, entry *e, int threads) {
    int ne = 0, best_all = -1, best_sub = -1;
    for (int i = 0; i < nimpl; i++) {
        const impl *im = &impls[i];
        if (!impl_has(c, im, q)) continue;
        int geos = im->kind == K_GEOS || im->kind == K_GEOS_DIST;
        e[ne] = (entry){im, q, threads, 1, -1, geos ? c->geos_pairs : c->w->pairs.count, NULL, 0, {0}};
        if (im->kind == K_ISA && !strcmp(im->name, best)) best_all = ne;
        ne++;
    }
    if (c->geos && q != Q_SAT && c->geos_pairs < c->w->pairs.count && best_all >= 0) {
        e[ne] = (entry){e[best_all].im, q, threads, 1, -1, c->geos_pairs, NULL, 0, {0}};
        best_sub = ne++;
    }
    for (int i = 0; i < ne; i++) e[i].ref = e[i].n == c->w->pairs.count ? best_all : best_sub;
    return ne;
}

// ---------------------------------------------------------------------------------------------
// Section: workloads
// ---------------------------------------------------------------------------------------------

typedef struct lane_report {
    double mean_iter, max_iter, lane_use, block_max_mean;
    int counted; ///< the kernel counted (a -Dsimd_stats=true build)
} lane_report;

/// Iterations and lane use of one SIMD ISA's distance kernel (an untimed run with counters on).
static lane_report lane_stats(ctx *c, const char *isa) {
    lane_report r;
    memset(&r, 0, sizeof r);
    const gjk2d_kernel_table *t = gjk2d__isa_table(isa);
    if (!t || t->width < 2) return r;
    gjk2d__simd_stats_enable(1);
    query_outputs *o = &c->o;
    int64_t n = c->w->pairs.count;
    gjk2d_distance_out d = {.distance = o->dist, .iterations = o->iter, .status = o->st};
    t->distance(c->w->set.shapes, &c->w->set.poses, &c->w->pairs, 0, n, &d);
    gjk2d_simd_stats s;
    gjk2d__simd_stats_get(&s);
    gjk2d__simd_stats_enable(0);
    r.counted = s.pairs > 0;
    r.mean_iter = s.pairs ? (double)s.lane_iterations / (double)s.pairs : 0.0;
    r.lane_use = s.lane_slots ? (double)s.lane_steps / (double)s.lane_slots : 0.0;
    // What lockstep blocks without the iteration bound would pay: each block of W consecutive pairs runs as long
    // as its slowest pair.
    double sum_max = 0.0;
    int64_t nb = 0;
    for (int64_t k = 0; k < n; k += t->width, nb++) {
        int32_t m = 0;
        for (int64_t j = k; j < k + t->width && j < n; j++) {
            m = o->iter[j] > m ? o->iter[j] : m;
            r.max_iter = o->iter[j] > r.max_iter ? o->iter[j] : r.max_iter;
        }
        sum_max += m;
    }
    r.block_max_mean = nb ? sum_max / (double)nb : 0.0;
    return r;
}

/// The lane table of one workload; 0 (nothing printed) when the kernels did not count.
static int lanes_table(ctx *c) {
    lane_report lr[MAX_IMPL];
    int counted = 0;
    for (int i = 0; i < nimpl; i++)
        if (impls[i].kind == K_ISA && strcmp(impls[i].name, "scalar"))
            lr[i] = lane_stats(c, impls[i].name), counted |= lr[i].counted;
    if (!counted) return 0;
    md("\n### %s: GJK distance iterations and lane use of the SIMD kernels\n\n"
       "Kernel counters (a `-Dsimd_stats=true` build), an extra untimed run: *lane use* is the lane-steps spent on "
       "pairs'\n"
       "own iterations over the lane-steps paid for; *block max* is the mean over blocks of W consecutive pairs of "
       "their\n"
       "largest iteration count, what a block that runs in lockstep until its slowest pair ends pays per pair slot:\n\n"
       "| ISA | lanes | mean iterations | max | lane use | block max |\n|---|---|---|---|---|---|\n",
       c->w->name);
    for (int i = 0; i < nimpl; i++) {
        if (impls[i].kind != K_ISA || !strcmp(impls[i].name, "scalar")) continue;
        md("| %s | %d | %.3f | %.0f | %.1f %% | %.3f |\n", impls[i].name, gjk2d__isa_table(impls[i].name)->width,
           lr[i].mean_iter, lr[i].max_iter, 100.0 * lr[i].lane_use, lr[i].block_max_mean);
    }
    return 1;
}

/// Lane use on W1 and W2 (when listed). The counters cost an atomic load per block, so the kernels count
/// only in a -Dsimd_stats=true build: any other build says so instead of printing zeros.
static void section_lanes(void) {
    md("\n## SIMD lane use\n");
    if (!gjk2d__simd_stats_built()) {
        md("\nLane counters not built in: the kernels count only in a `-Dsimd_stats=true` build (scripts/bench.sh "
           "runs\n"
           "one for this section).\n");
        return;
    }
    static const char *const names[] = {"w1", "w2"};
    for (int k = 0; k < 2; k++) {
        if (!has_word(op.workloads, names[k])) continue;
        workload w;
        if (workload_make(&w, names[k], op.pairs) != 0) exit(1);
        ctx c;
        memset(&c, 0, sizeof c);
        c.w = &w;
        outputs_alloc(&c.o, w.pairs.count);
        if (!lanes_table(&c)) md("\n%s: the lane counters are built in but counted nothing (a bug).\n", w.name);
        outputs_free(&c.o);
        workload_free(&w);
    }
}

static const char *fmt_err(char *buf, size_t n, const accuracy *a) {
    if (!a->has_error)
        snprintf(buf, n, "- | -");
    else
        snprintf(buf, n, "%.3g (%.1f ε L) | %.3g", a->max_error, a->max_error_eps, a->mean_error);
    return buf;
}

static void accuracy_table(ctx *c) {
    workload *w = c->w;
    int64_t n = w->pairs.count;
    truth t;
    truth_compute(&t, w, n, op.threads);
    md("\nAccuracy against the exact oracle (`tests/support/oracle.c`, brute force in double on the same float "
       "inputs): largest\n"
       "|distance − exact| (for gjk2d's SAT: |separation − exact signed clearance|), also in units of ε L (ε = "
       "FLT_EPSILON,\n"
       "L = the pair's scale: largest core coordinate in A's frame plus radii), and pairs whose overlap answer is "
       "wrong\n"
       "outside the touching band |exact clearance| ≤ %g ε L (%lld of %lld pairs are inside the band%s). For a "
       "distance query\n"
       "the overlap answer is distance = 0.\n\n",
       TOL_REL / FLT_EPSILON, (long long)t.band, (long long)n, c->geos ? "; GEOS: the first pairs only, as timed" : "");
    md("| implementation | query | pairs | max distance error | mean | misclassified |\n|---|---|---|---|---|---|\n");
    accuracy gj[NQ] = {0}, b2[NQ] = {0};
    int have_b2[NQ] = {0};
    memset(gj, 0, sizeof gj);
    for (int q = 0; q < NQ; q++) {
        if (!(op.queries & (1 << q))) continue;
        // gjk2d's ISAs are one row when their figures agree (they are bit-identical by design).
        accuracy first;
        char names[128] = "", err[64];
        int same = 1, count = 0;
        for (int i = 0; i < nimpl; i++) {
            if (impls[i].kind != K_ISA) continue;
            accuracy a = accuracy_of(c, &impls[i], q, &t, n);
            if (!count)
                first = a;
            else if (a.max_error != first.max_error || a.misclassified != first.misclassified)
                same = 0;
            if (!same) break;
            snprintf(names + strlen(names), sizeof names - strlen(names), "%s%s", count ? ", " : "", impls[i].name);
            count++;
        }
        if (same) {
            md("| gjk2d (%s) | %s | %lld | %s | %lld |\n", names, qname[q], (long long)n,
               fmt_err(err, sizeof err, &first), (long long)first.misclassified);
            gj[q] = first;
        } else {
            for (int i = 0; i < nimpl; i++) {
                if (impls[i].kind != K_ISA) continue;
                accuracy a = accuracy_of(c, &impls[i], q, &t, n);
                md("| gjk2d %s | %s | %lld | %s | %lld |\n", impls[i].name, qname[q], (long long)n,
                   fmt_err(err, sizeof err, &a), (long long)a.misclassified);
                if (a.max_error > gj[q].max_error || isnan(a.max_error)) gj[q].max_error = a.max_error;
                if (a.misclassified > gj[q].misclassified) gj[q].misclassified = a.misclassified;
            }
        }
        json_record(
            "\"section\": \"accuracy\", \"workload\": \"%s\", \"query\": \"%s\", \"impl\": \"gjk2d\", \"pairs\": %lld, "
            "\"max_error\": %.6g, \"max_error_eps_l\": %.4g, \"mean_error\": %.4g, \"misclassified\": %lld, \"band\": "
            "%lld",
            w->name, qname[q], (long long)n, gj[q].max_error, gj[q].max_error_eps, gj[q].mean_error,
            (long long)gj[q].misclassified, (long long)t.band);
        for (int i = 0; i < nimpl; i++) {
            const impl *im = &impls[i];
            if (im->kind == K_ISA || im->kind == K_AUTO || !impl_has(c, im, q)) continue;
            int64_t m = im->kind == K_BOX2D ? n : c->geos_pairs;
            accuracy a = accuracy_of(c, im, q, &t, m);
            md("| %s `%s` | %s | %lld | %s | %lld |\n", im->kind == K_BOX2D ? "Box2D" : "GEOS", impl_function(im, q),
               qname[q], (long long)m, fmt_err(err, sizeof err, &a), (long long)a.misclassified);
            json_record("\"section\": \"accuracy\", \"workload\": \"%s\", \"query\": \"%s\", \"impl\": \"%s\", "
                        "\"function\": \"%s\", "
                        "\"pairs\": %lld, \"max_error\": %.6g, \"max_error_eps_l\": %.4g, \"mean_error\": %.4g, "
                        "\"misclassified\": %lld",
                        w->name, qname[q], im->name, impl_function(im, q), (long long)m,
                        a.has_error ? a.max_error : 0.0, a.has_error ? a.max_error_eps : 0.0,
                        a.has_error ? a.mean_error : 0.0, (long long)a.misclassified);
            if (im->kind == K_BOX2D) b2[q] = a, have_b2[q] = 1;
        }
    }
    if (have_b2[Q_DISTANCE] || have_b2[Q_OVERLAP] || have_b2[Q_SAT]) {
        int ok = 1;
        for (int q = 0; q < NQ; q++)
            if (have_b2[q] && (gj[q].misclassified > b2[q].misclassified ||
                               (q == Q_DISTANCE && !(gj[q].max_error <= b2[q].max_error))))
                ok = 0;
        // Only the queries this run measured (a query not run shows "-").
        char dist[160] = "", mis[3][48];
        if (have_b2[Q_DISTANCE])
            snprintf(dist, sizeof dist,
                     "distance error max %.2g (%.1f ε L), mean %.2g for gjk2d vs max %.2g (%.1f ε L), mean %.2g for "
                     "Box2D; ",
                     gj[Q_DISTANCE].max_error, gj[Q_DISTANCE].max_error_eps, gj[Q_DISTANCE].mean_error,
                     b2[Q_DISTANCE].max_error, b2[Q_DISTANCE].max_error_eps, b2[Q_DISTANCE].mean_error);
        for (int q = 0; q < NQ; q++) {
            if (have_b2[q])
                snprintf(mis[q], sizeof mis[q], "%lld vs %lld", (long long)gj[q].misclassified,
                         (long long)b2[q].misclassified);
            else
                snprintf(mis[q], sizeof mis[q], "-");
        }
        char line[400];
        snprintf(line, sizeof line,
                 "%s: %smisclassified %s / %s / %s (distance / overlap / SAT, gjk2d vs Box2D): gjk2d %s", w->name, dist,
                 mis[0], mis[1], mis[2],
                 ok ? "at least as accurate as Box2D" : "less accurate than Box2D by the largest error");
        md("\n%s.\n", line);
        // The README's one line: the largest errors and the misclassified pairs over every workload.
        const size_t used = strlen(hl.accuracy_workloads);
        snprintf(hl.accuracy_workloads + used, sizeof hl.accuracy_workloads - used, "%s%s", used ? ", " : "", w->name);
        hl.gjk_max_eps = fmax(hl.gjk_max_eps, gj[Q_DISTANCE].max_error_eps);
        hl.box2d_max_eps = fmax(hl.box2d_max_eps, b2[Q_DISTANCE].max_error_eps);
        for (int q = 0; q < NQ; q++)
            hl.gjk_misclassified += gj[q].misclassified, hl.box2d_misclassified += b2[q].misclassified;
        hl.accuracy_any_worse |= !ok;
    }
    truth_free(&t);
}

static void section_workload(const char *name, FILE *dat) {
    workload w;
    if (workload_make(&w, name, op.pairs) != 0) exit(1);
    ctx c;
    memset(&c, 0, sizeof c);
    c.w = &w;
    int64_t n = w.pairs.count;
    outputs_alloc(&c.o, n);
    peers_create(&c, op.geos_pairs);

    // Share of overlapping pairs (reference boolean query), for the record.
    int64_t overlapping = 0;
    gjk2d_set_isa("scalar");
    gjk2d_overlap_out ov = {c.o.ov, NULL, NULL};
    gjk2d_batch_overlap(w.set.shapes, &w.set.poses, &w.pairs, 0, n, &ov);
    for (int64_t k = 0; k < n; k++) overlapping += c.o.ov[k];

    md("\n### %s: %s\n\n%.1f %% of the pairs overlap. Median of %d repetitions, single thread; *best / this*: the "
       "median over\n"
       "repetitions of (%s's rate / this rate), both measured in the same repetition on the same pairs.%s%s\n",
       w.name, w.desc, 100.0 * (double)overlapping / (double)n, op.reps, best,
       c.geos && c.geos_pairs < n ? " GEOS runs on the first pairs only (the *pairs* column); its ratio is to " : "",
       c.geos && c.geos_pairs < n ? "the best ISA timed on those same pairs." : "");
    if (!c.b2) md("Box2D 2.4.1 is not timed here (not built, or a shape has more than 8 vertices).\n");

    for (int q = 0; q < NQ; q++) {
        if (!(op.queries & (1 << q))) continue;
        entry e[MAX_IMPL + 1];
        int ne = make_entries(&c, q, e, 1);
        run_all(&c, e, ne, op.reps);
        md("\n| %s: implementation | pairs | Mpairs/s | ns/pair | x scalar | %s / this |\n|---|---|---|---|---|---|\n",
           qname[q], best);
        const entry *sc = NULL;
        for (int i = 0; i < ne; i++)
            if (!strcmp(e[i].im->name, "scalar")) sc = &e[i];
        for (int i = 0; i < ne; i++) {
            if (i == ne - 1 && e[i].n != n && e[i].im->kind == K_ISA) continue; // the subset base row
            double rate = med_rate(&e[i], op.reps);
            double vs_best = e[i].ref >= 0 ? med_ratio(&e[e[i].ref], &e[i], op.reps) : NAN;
            double vs_sc = sc && e[i].n == sc->n ? med_ratio(&e[i], sc, op.reps) : NAN;
            char label[80];
            if (e[i].im->kind == K_ISA || e[i].im->kind == K_AUTO)
                snprintf(label, sizeof label, "gjk2d %s", e[i].im->name);
            else
                snprintf(label, sizeof label, "%s `%s`", e[i].im->kind == K_BOX2D ? "Box2D" : "GEOS",
                         impl_function(e[i].im, q));
            char vs_sc_s[32] = "", vs_best_s[32] = "";
            if (!isnan(vs_sc)) snprintf(vs_sc_s, sizeof vs_sc_s, "%.2f", vs_sc);
            if (!isnan(vs_best) && &e[e[i].ref] != &e[i]) snprintf(vs_best_s, sizeof vs_best_s, "%.2f", vs_best);
            md("| %s | %lld | %.3f | %.1f | %s | %s |\n", label, (long long)e[i].n, rate * 1e-6, 1e9 / rate, vs_sc_s,
               vs_best_s);
            json_record("\"section\": \"workload\", \"workload\": \"%s\", \"query\": \"%s\", \"impl\": \"%s\", "
                        "\"function\": \"%s\", "
                        "\"pairs\": %lld, \"threads\": 1, \"pairs_per_second\": %.0f, \"best_over_this\": %.4g",
                        w.name, qname[q], e[i].im->name, impl_function(e[i].im, q), (long long)e[i].n, rate,
                        isnan(vs_best) ? 0.0 : vs_best);
            if (dat) fprintf(dat, "%s %s %s %.0f\n", w.name, qname[q], e[i].im->name, rate);
            if (!strcmp(w.name, "W1")) {
                if (e[i].im->kind == K_ISA && !strcmp(e[i].im->name, best)) hl.w1_rate[q] = rate;
                if (e[i].im->kind == K_BOX2D) hl.w1_vs_box2d[q] = vs_best, hl.have_box2d[q] = 1;
                if (e[i].im->kind == K_GEOS) hl.w1_vs_geos[q] = vs_best, hl.have_geos[q] = 1, hl.geos_pairs = e[i].n;
            }
        }
    }
    accuracy_table(&c);
    peers_destroy(&c);
    outputs_free(&c.o);
    workload_free(&w);
}

// ---------------------------------------------------------------------------------------------
// Sections: vertex-count sweep, batch-size sweep, threads, roofline
// ---------------------------------------------------------------------------------------------

static void section_vertices(void) {
    static const int counts[] = {3, 4, 8, 16, 32, 64};
    const int nc = (int)(sizeof counts / sizeof counts[0]);
    double rate[NQ][6][MAX_IMPL];
    int have[NQ][6][MAX_IMPL];
    memset(have, 0, sizeof have);
    for (int v = 0; v < nc; v++) {
        workload w;
        if (workload_sweep(&w, counts[v], op.sweep_pairs) != 0) exit(1);
        ctx c;
        memset(&c, 0, sizeof c);
        c.w = &w;
        outputs_alloc(&c.o, w.pairs.count);
        peers_create(&c, op.sweep_geos_pairs);
        for (int q = 0; q < NQ; q++) {
            if (!(op.queries & (1 << q))) continue;
            entry e[MAX_IMPL + 1];
            int ne = make_entries(&c, q, e, 1);
            run_all(&c, e, ne, op.sweep_reps);
            for (int i = 0; i < ne; i++) {
                if (e[i].im->kind == K_ISA && e[i].n != w.pairs.count) continue;
                int k = (int)(e[i].im - impls);
                rate[q][v][k] = med_rate(&e[i], op.sweep_reps);
                have[q][v][k] = 1;
                json_record("\"section\": \"vertices\", \"vertices\": %d, \"query\": \"%s\", \"impl\": \"%s\", "
                            "\"function\": \"%s\", "
                            "\"pairs\": %lld, \"pairs_per_second\": %.0f",
                            counts[v], qname[q], e[i].im->name, impl_function(e[i].im, q), (long long)e[i].n,
                            rate[q][v][k]);
            }
        }
        peers_destroy(&c);
        outputs_free(&c.o);
        workload_free(&w);
    }
    md("\n## Throughput vs vertex count\n\nRandom convex n-gon pairs (W1's construction), %lld pairs (GEOS: the first "
       "%lld), single thread, "
       "median of %d repetitions, Mpairs/s. Box2D 2.4.1 polygons hold at most 8 vertices; gjk2d's SIMD kernels take up "
       "to %d\n"
       "vertices per shape and send larger shapes to the scalar reference within the same call.\n",
       (long long)op.sweep_pairs, (long long)op.sweep_geos_pairs, op.sweep_reps, GJK2D_SIMD_MAX_VERTICES);
    for (int q = 0; q < NQ; q++) {
        if (!(op.queries & (1 << q))) continue;
        md("\n| %s: vertices |", qname[q]);
        for (int i = 0; i < nimpl; i++)
            if (have[q][0][i] || have[q][nc - 1][i])
                md(" %s |", impls[i].kind == K_ISA ? impls[i].name : impl_function(&impls[i], q));
        md("\n|---|");
        for (int i = 0; i < nimpl; i++)
            if (have[q][0][i] || have[q][nc - 1][i]) md("---|");
        md("\n");
        for (int v = 0; v < nc; v++) {
            md("| %d |", counts[v]);
            for (int i = 0; i < nimpl; i++)
                if (have[q][0][i] || have[q][nc - 1][i]) {
                    if (have[q][v][i])
                        md(" %.3f |", rate[q][v][i] * 1e-6);
                    else
                        md(" - |");
                }
            md("\n");
        }
        char name[64];
        snprintf(name, sizeof name, "vertices-%s.dat", qname[q]);
        FILE *dat = dat_open(name);
        if (!dat) continue;
        for (int i = 0; i < nimpl; i++) {
            int any = 0;
            for (int v = 0; v < nc; v++) any |= have[q][v][i];
            if (!any) continue;
            fprintf(dat, "\"%s\"\n", impls[i].kind == K_ISA ? impls[i].name : impl_function(&impls[i], q));
            for (int v = 0; v < nc; v++)
                if (have[q][v][i]) fprintf(dat, "%d %.6g\n", counts[v], rate[q][v][i] * 1e-6);
            fprintf(dat, "\n\n");
        }
        fclose(dat);
    }
}

static void section_batch(void) {
    workload w;
    memset(&w, 0, sizeof w);
    // W1's generator: its first n pairs are the same for every total, so one set serves every size.
    if (workload_make(&w, "w1", op.batch_max) != 0) exit(1);
    ctx c;
    memset(&c, 0, sizeof c);
    c.w = &w;
    outputs_alloc(&c.o, op.batch_max);
    peers_create(&c, 0);
    int64_t sizes[16];
    int ns = 0;
    for (int64_t s = 1000; s <= op.batch_max && ns < 16; s *= 10) sizes[ns++] = s;
    if (sizes[ns - 1] != op.batch_max && ns < 16) sizes[ns++] = op.batch_max;
    double rate[16][MAX_IMPL];
    int have[MAX_IMPL] = {0};
    for (int s = 0; s < ns; s++) {
        entry e[MAX_IMPL];
        int ne = 0;
        for (int i = 0; i < nimpl; i++)
            if (impls[i].kind == K_ISA || (impls[i].kind == K_BOX2D && c.b2))
                e[ne++] = (entry){&impls[i], Q_DISTANCE, 1, 1, -1, sizes[s], NULL, 0, {0}};
        run_all(&c, e, ne, op.sweep_reps);
        for (int i = 0; i < ne; i++) {
            int k = (int)(e[i].im - impls);
            rate[s][k] = med_rate(&e[i], op.sweep_reps);
            have[k] = 1;
            json_record(
                "\"section\": \"batch\", \"pairs\": %lld, \"query\": \"distance\", \"impl\": \"%s\", \"inner\": %d, "
                "\"pairs_per_second\": %.0f",
                (long long)sizes[s], e[i].im->name, e[i].inner, rate[s][k]);
            if (e[i].im->kind == K_ISA && !strcmp(e[i].im->name, best) && s == ns - 1)
                hl.batch_max_rate = rate[s][k], hl.batch_max_pairs = sizes[s];
        }
    }
    md("\n## Throughput vs batch size\n\nDistance query on the first n pairs of W1 (n = 1,000: everything in L1/L2; "
       "10,000,000: shapes and outputs\n"
       "~1 GB, memory-bound if anything is), single thread, median of %d repetitions; small batches are called "
       "repeatedly\n"
       "(call overhead included). Mpairs/s:\n\n| pairs |",
       op.sweep_reps);
    for (int i = 0; i < nimpl; i++)
        if (have[i]) md(" %s |", impls[i].kind == K_ISA ? impls[i].name : "Box2D b2Distance");
    md("\n|---|");
    for (int i = 0; i < nimpl; i++)
        if (have[i]) md("---|");
    md("\n");
    for (int s = 0; s < ns; s++) {
        md("| %lld |", (long long)sizes[s]);
        for (int i = 0; i < nimpl; i++)
            if (have[i]) md(" %.3f |", rate[s][i] * 1e-6);
        md("\n");
    }
    FILE *dat = dat_open("batch-distance.dat");
    if (dat) {
        for (int i = 0; i < nimpl; i++) {
            if (!have[i]) continue;
            fprintf(dat, "\"%s\"\n", impls[i].kind == K_ISA ? impls[i].name : "b2Distance");
            for (int s = 0; s < ns; s++) fprintf(dat, "%lld %.6g\n", (long long)sizes[s], rate[s][i] * 1e-6);
            fprintf(dat, "\n\n");
        }
        fclose(dat);
    }
    peers_destroy(&c);
    outputs_free(&c.o);
    workload_free(&w);
}

static void section_threads(void) {
    workload w;
    if (workload_make(&w, "w1", op.pairs) != 0) exit(1);
    ctx c;
    memset(&c, 0, sizeof c);
    c.w = &w;
    outputs_alloc(&c.o, w.pairs.count);
    peers_create(&c, 0);
    md("\n## Throughput vs threads\n\nW1, the batch split in two halves with `[begin, end)` (one call per thread), "
       "median of %d repetitions;\n"
       "the speed-up is the median over repetitions of the two runs of that repetition. The machine has %ld cores.\n\n"
       "| query | implementation | 1 thread Mpairs/s | 2 threads Mpairs/s | speed-up |\n|---|---|---|---|---|\n",
       op.reps, sysconf(_SC_NPROCESSORS_ONLN));
    for (int q = 0; q < NQ; q++) {
        if (!(op.queries & (1 << q))) continue;
        entry e[2 * MAX_IMPL];
        int ne = 0;
        for (int i = 0; i < nimpl; i++) {
            if (!(impls[i].kind == K_ISA || (impls[i].kind == K_BOX2D && c.b2))) continue;
            e[ne++] = (entry){&impls[i], q, 1, 1, -1, w.pairs.count, NULL, 0, {0}};
            e[ne++] = (entry){&impls[i], q, 2, 1, -1, w.pairs.count, NULL, 0, {0}};
        }
        run_all(&c, e, ne, op.reps);
        char name[64];
        snprintf(name, sizeof name, "threads-%s.dat", qname[q]);
        FILE *dat = dat_open(name);
        for (int i = 0; i < ne; i += 2) {
            double r1 = med_rate(&e[i], op.reps), r2 = med_rate(&e[i + 1], op.reps),
                   sp = med_ratio(&e[i + 1], &e[i], op.reps);
            const char *label = e[i].im->kind == K_ISA ? e[i].im->name : impl_function(e[i].im, q);
            md("| %s | %s | %.3f | %.3f | %.2f |\n", qname[q], label, r1 * 1e-6, r2 * 1e-6, sp);
            json_record(
                "\"section\": \"threads\", \"query\": \"%s\", \"impl\": \"%s\", \"pairs\": %lld, \"one_thread\": %.0f, "
                "\"two_threads\": %.0f, \"speedup\": %.4g",
                qname[q], e[i].im->name, (long long)w.pairs.count, r1, r2, sp);
            if (dat) fprintf(dat, "\"%s\"\n1 %.6g\n2 %.6g\n\n\n", label, r1 * 1e-6, r2 * 1e-6);
            if (e[i].im->kind == K_ISA && !strcmp(e[i].im->name, best)) hl.two_threads[q] = sp, hl.have_threads[q] = 1;
        }
        if (dat) fclose(dat);
    }
    hl.spin = spin_speedup(op.reps, 0);
    hl.spin_wide = spin_speedup(op.reps, 1);
    md("\nControl: a fixed amount of pure arithmetic (no memory traffic) split over two threads ran %.2fx as fast as "
       "on one\n"
       "thread, right after this table; below 2 means the second core was partly busy with other work during the "
       "measurement.\n"
       "The same with eight independent chains, which keep a core's integer units busy, ran %.2fx (well below the "
       "first,\n"
       "it would say that the two threads share execution units, as one core's two hardware threads do, and a query\n"
       "whose lanes keep the vector units busy, as the SAT's, would gain as little).\n",
       hl.spin, hl.spin_wide);
    json_record("\"section\": \"threads\", \"impl\": \"control-arithmetic-loop\", \"speedup\": %.4g", hl.spin);
    json_record("\"section\": \"threads\", \"impl\": \"control-independent-chains\", \"speedup\": %.4g", hl.spin_wide);
    peers_destroy(&c);
    outputs_free(&c.o);
    workload_free(&w);
}

static void section_roofline(void) {
    // W1's distance query, per pair: the pair's two shape indices; per shape of the prepared set its count,
    // problem byte, radius, row offset and 8-column vertex row (x and y: one 64-byte line, a row per shape
    // instance since the set holds its own copy), and its pose (4 floats); written: 7 floats, the
    // iteration count and the status.
    const double read = 2 * 4 + 2 * (4 + 1 + 4 + 8 + 64 + 16), written = 7 * 4 + 4 + 1;
    // A line written by an ordinary store is first read (write-allocate): the status bytes'. The floats and
    // the iteration counts, in arrays aligned to 64 bytes, are streamed (docs/design.md, "Streaming stores").
    const double traffic = read + written + 1;
    const size_t bytes = (size_t)1 << 30;
    double bw1 = read_bandwidth(bytes, 1, 5), bw2 = read_bandwidth(bytes, 2, 5);
    hl.bandwidth1 = bw1, hl.bytes_per_pair = traffic;
    md("\n## Roofline (W1, distance query)\n\nBytes per pair: %.0f read (the pair's two indices; per shape of the "
       "prepared set its count, problem\n"
       "byte, radius, row offset and 8-column vertex row, one 64-byte line per shape, and its pose) + %.0f written\n"
       "(7 floats, iterations, status) = %.0f, or %.0f with the write-allocate read of the status bytes' lines\n"
       "(the other outputs are written with streaming stores, which read nothing). "
       "Streaming-read\n"
       "bandwidth (1 GiB, integer sum, best of 5): %.2f GB/s on one thread, %.2f GB/s on two.\n\n"
       "| | pairs/s | bound at %.0f B/pair, 1 thread | fraction of the bound |\n|---|---|---|---|\n",
       read, written, read + written, traffic, bw1 * 1e-9, bw2 * 1e-9, traffic);
    if (hl.w1_distance_rate > 0)
        md("| %s, W1 (%lld pairs) | %.3g | %.3g | %.1f %% |\n", best, (long long)op.pairs, hl.w1_distance_rate,
           bw1 / traffic, 100.0 * hl.w1_distance_rate / (bw1 / traffic));
    if (hl.batch_max_rate > 0)
        md("| %s, %lld-pair batch | %.3g | %.3g | %.1f %% |\n", best, (long long)hl.batch_max_pairs, hl.batch_max_rate,
           bw1 / traffic, 100.0 * hl.batch_max_rate / (bw1 / traffic));
    md("\nA fraction well below 100 %% means the kernel is compute-bound at this batch size, not memory-bound.\n");
    FILE *dat = dat_open("roofline.dat");
    if (dat) {
        fprintf(dat, "\"memory bound, 1 thread\"\n# %.0f B/pair at %.1f GB/s\n1000 %.6g\n%lld %.6g\n", traffic,
                bw1 * 1e-9, bw1 / traffic * 1e-6, (long long)op.batch_max, bw1 / traffic * 1e-6);
        fclose(dat);
    }
    json_record(
        "\"section\": \"roofline\", \"bytes_read_per_pair\": %.0f, \"bytes_written_per_pair\": %.0f, "
        "\"read_bandwidth_1thread\": %.0f, \"read_bandwidth_2threads\": %.0f, \"w1_distance_pairs_per_second\": %.0f, "
        "\"batch_max_pairs_per_second\": %.0f",
        read, written, bw1, bw2, hl.w1_distance_rate, hl.batch_max_rate);
}

static void write_headline(void) {
    headline("- W1 (%lld random 3..8-gon pairs), one thread, gjk2d `%s`:\n", (long long)op.pairs, best);
    static const char *const b2f[NQ] = {"b2Distance", "b2TestOverlap", "b2CollidePolygons"};
    static const char *const gf[NQ] = {"GEOSNearestPoints_r", "GEOSIntersects_r", ""};
    for (int q = 0; q < NQ; q++) {
        if (!hl.w1_rate[q]) continue;
        headline("  - %s: %.2f M pairs/s", qname[q], hl.w1_rate[q] * 1e-6);
        if (hl.have_box2d[q]) headline(", **%.2fx** Box2D `%s`", hl.w1_vs_box2d[q], b2f[q]);
        if (hl.have_geos[q])
            headline(", **%.0fx** GEOS `%s` (first %lld pairs)", hl.w1_vs_geos[q], gf[q], (long long)hl.geos_pairs);
        headline(";\n");
    }
    if (hl.have_threads[0])
        headline(
            "- two threads: %.2fx / %.2fx / %.2fx one thread (distance / overlap / SAT), while a pure arithmetic loop "
            "got %.2fx (the machine's share of a second core) and eight independent chains of it %.2fx;\n",
            hl.two_threads[0], hl.two_threads[1], hl.two_threads[2], hl.spin, hl.spin_wide);
    if (hl.accuracy_workloads[0])
        headline("- accuracy (%s, every workload's figures in the results): largest distance error %.1f ε L for "
                 "gjk2d vs %.1f ε L for Box2D; misclassified pairs %lld vs %lld (distance, overlap and SAT): gjk2d "
                 "%s;\n",
                 hl.accuracy_workloads, hl.gjk_max_eps, hl.box2d_max_eps, (long long)hl.gjk_misclassified,
                 (long long)hl.box2d_misclassified,
                 hl.accuracy_any_worse ? "less accurate than Box2D on some workload"
                                       : "at least as accurate as Box2D on every workload");
    if (hl.bandwidth1 > 0 && hl.w1_distance_rate > 0)
        headline("- roofline: %.0f bytes of memory traffic per W1 pair, %.1f GB/s streaming read on one thread, so the "
                 "memory "
                 "bound is %.0f M pairs/s; gjk2d runs at %.1f %% of it (compute-bound).\n",
                 hl.bytes_per_pair, hl.bandwidth1 * 1e-9, hl.bandwidth1 / hl.bytes_per_pair * 1e-6,
                 100.0 * hl.w1_distance_rate / (hl.bandwidth1 / hl.bytes_per_pair));
}

static void usage_exit(int status) {
    fprintf(
        status ? stderr : stdout,
        "usage: gjk2d_bench [--out DIR] [--sections LIST] [--workloads LIST] [--query LIST] [--pairs N] [--reps R]\n"
        "                   [--geos-pairs N] [--sweep-pairs N] [--sweep-geos-pairs N] [--sweep-reps R] [--batch-max "
        "N]\n"
        "                   [--prepare-shapes N] [--min-time S] [--quick]\n"
        "  sections:  main,lanes,posecheck,layouts,prepare,vertices,batch,threads,roofline (default: all)\n"
        "             lanes needs a -Dsimd_stats=true build; posecheck, layouts: W1 distance (--pairs, at least 5\n"
        "             repetitions); prepare: gjk2d_shapes_prepare on --prepare-shapes shapes of W1\n"
        "  workloads: w1,w2,w3,w4,w7,b3 (default: all); queries: distance,overlap,sat (default: all)\n"
        "  defaults:  --pairs 1000000 --reps 5 --geos-pairs 100000 --sweep-pairs 100000 --sweep-geos-pairs 10000\n"
        "             --sweep-reps 3 --batch-max 10000000 --prepare-shapes 1000000\n"
        "             --min-time 0.05 (a shorter batch is repeated within a run)\n"
        "  --out DIR: also write DIR/tables.md, results.json, headline.md and the plots' data (*.dat)\n"
        "  --quick:   small sizes and 2 repetitions, to check that everything runs\n");
    exit(status);
}

static void usage(void) { usage_exit(2); }

static int64_t count_arg(const char *v) {
    char *end;
    long long x = strtoll(v, &end, 10);
    if (*end || x < 1) usage();
    return x;
}

int main(int argc, char **argv) {
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--help") || !strcmp(a, "-h")) usage_exit(0);
        if (!strcmp(a, "--quick")) {
            op.pairs = 20000, op.geos_pairs = 5000, op.sweep_pairs = 5000, op.sweep_geos_pairs = 1000;
            op.batch_max = 100000, op.prepare_shapes = 20000, op.reps = 2, op.sweep_reps = 2, op.min_time = 0.005;
            continue;
        }
        if (!v) usage();
        i++;
        if (!strcmp(a, "--out"))
            op.out = v;
        else if (!strcmp(a, "--sections"))
            op.sections = v;
        else if (!strcmp(a, "--workloads") || !strcmp(a, "--workload"))
            op.workloads = !strcmp(v, "all") ? "w1,w2,w3,w4,w7,b3" : v;
        else if (!strcmp(a, "--query")) {
            op.queries =
                !strcmp(v, "all") ? 7 : has_word(v, "distance") | has_word(v, "overlap") << 1 | has_word(v, "sat") << 2;
            if (!op.queries) usage();
        } else if (!strcmp(a, "--pairs"))
            op.pairs = count_arg(v);
        else if (!strcmp(a, "--reps"))
            op.reps = (int)count_arg(v);
        else if (!strcmp(a, "--geos-pairs"))
            op.geos_pairs = count_arg(v);
        else if (!strcmp(a, "--sweep-pairs"))
            op.sweep_pairs = count_arg(v);
        else if (!strcmp(a, "--sweep-geos-pairs"))
            op.sweep_geos_pairs = count_arg(v);
        else if (!strcmp(a, "--sweep-reps"))
            op.sweep_reps = (int)count_arg(v);
        else if (!strcmp(a, "--batch-max"))
            op.batch_max = count_arg(v);
        else if (!strcmp(a, "--prepare-shapes"))
            op.prepare_shapes = count_arg(v);
        else if (!strcmp(a, "--min-time"))
            op.min_time = atof(v);
        else
            usage();
    }
    if (op.reps > MAX_REPS || op.sweep_reps > MAX_REPS || op.batch_max < 1000) usage();
    nimpl = impl_list(impls, MAX_IMPL);
    best = best_isa();
    report_open(op.out);

    char cpu[256];
    cpu_name(cpu, sizeof cpu);
    md("# gjk2d %s benchmark\n\nCPU: %s, %ld cores online; AVX2 %s, AVX-512 %s; compiler: %s; best ISA: %s.\n"
       "Peers: Box2D 2.4.1 %s, GEOS %s. *gjk2d auto*: the library's default (%s).\n",
       GJK2D_VERSION_STRING, cpu, sysconf(_SC_NPROCESSORS_ONLN), gjk2d__cpu_has("avx2") ? "yes" : "no",
       gjk2d__cpu_has("avx512") ? "yes" : "no", __VERSION__, best,
#ifdef GJK2D_BENCH_BOX2D
       "built in",
#else
       "not built (libbox2d-dev missing)",
#endif
#ifdef GJK2D_BENCH_GEOS
       "built in",
#else
       "not built (libgeos-dev missing)",
#endif
       gjk2d_isa_reason());

    if (has_word(op.sections, "main")) {
        md("\n## Workloads\n");
        FILE *dat = dat_open("workloads.dat");
        if (dat) fprintf(dat, "# workload query impl pairs_per_second\n");
        static const char *const names[] = {"w1", "w2", "w3", "w4", "w7", "b3"};
        for (size_t i = 0; i < sizeof names / sizeof *names; i++)
            if (has_word(op.workloads, names[i])) section_workload(names[i], dat);
        if (dat) fclose(dat);
        hl.w1_distance_rate = hl.w1_rate[Q_DISTANCE];
    }
    if (has_word(op.sections, "lanes")) section_lanes();
    if (has_word(op.sections, "posecheck")) section_posecheck(impls, nimpl, op.pairs, op.reps, op.min_time);
    if (has_word(op.sections, "layouts")) section_layouts(impls, nimpl, op.pairs, op.reps, op.min_time);
    if (has_word(op.sections, "prepare")) section_prepare(op.prepare_shapes, op.reps);
    if (has_word(op.sections, "vertices")) section_vertices();
    if (has_word(op.sections, "batch")) section_batch();
    if (has_word(op.sections, "threads")) section_threads();
    if (has_word(op.sections, "roofline")) section_roofline();
    write_headline();
    report_close();
    return 0;
}
