// gjk2d throughput benchmark: pairs per second per query and per implementation, single thread, on
//   W1: random convex 3..8-gon pairs, about half overlapping, poses in a 20x20 box;
//   W2: the same with every polygon an 8-gon;
// against the scalar reference and (when built with Box2D) Box2D 2.4.1's b2Distance and b2TestOverlap on
// the same pairs in the same process. Each repetition runs every implementation once, interleaved, and
// ratios are taken within a repetition; the report gives medians. Also: GJK iterations and lane use of
// the SIMD distance kernel, and two-thread throughput of the best ISA.
//
// The pool is validated once up front (gjk2d_pool.problems), as a caller with persistent shapes would;
// every implementation then trusts it. Timings go through the public batch API (argument checks included).
#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "gjk2d.h"
#include "pairgen.h"
#include "simd/simd.h"
#ifdef GJK2D_BENCH_BOX2D
#include "box2d_shim.h"
#endif

enum { Q_DISTANCE, Q_OVERLAP, Q_SAT, NQ };
static const char *const qname[NQ] = {"distance", "overlap", "sat"};
#define MAX_IMPL 8
#define MAX_REPS 64

typedef struct options {
    int64_t pairs;
    int reps;
    int w1, w2;
    int queries; // bit per query
    const char *only_isa;
    const char *only; ///< run just this implementation: no scalar/Box2D columns, no extra reports
    const char *json, *dat;
    int threads;
} options;

typedef struct outputs {
    float *dist, *ax, *ay, *bx, *by, *nx, *ny, *sep;
    int32_t *iter, *oiter;
    uint8_t *st, *ov, *ost, *sov, *sst;
} outputs;

static void *xmalloc(size_t n)
{
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

static void outputs_alloc(outputs *o, int64_t n)
{
    size_t f = (size_t)n * sizeof(float), i = (size_t)n * sizeof(int32_t), b = (size_t)n;
    o->dist = xmalloc(f), o->ax = xmalloc(f), o->ay = xmalloc(f), o->bx = xmalloc(f), o->by = xmalloc(f);
    o->nx = xmalloc(f), o->ny = xmalloc(f), o->sep = xmalloc(f);
    o->iter = xmalloc(i), o->oiter = xmalloc(i);
    o->st = xmalloc(b), o->ov = xmalloc(b), o->ost = xmalloc(b), o->sov = xmalloc(b), o->sst = xmalloc(b);
    // Touch every page now so the first timed run does not pay for page faults.
    memset(o->dist, 0, f), memset(o->ax, 0, f), memset(o->ay, 0, f), memset(o->bx, 0, f), memset(o->by, 0, f);
    memset(o->nx, 0, f), memset(o->ny, 0, f), memset(o->sep, 0, f), memset(o->iter, 0, i), memset(o->oiter, 0, i);
    memset(o->st, 0, b), memset(o->ov, 0, b), memset(o->ost, 0, b), memset(o->sov, 0, b), memset(o->sst, 0, b);
}

static void outputs_free(outputs *o)
{
    free(o->dist), free(o->ax), free(o->ay), free(o->bx), free(o->by), free(o->nx), free(o->ny), free(o->sep);
    free(o->iter), free(o->oiter), free(o->st), free(o->ov), free(o->ost), free(o->sov), free(o->sst);
}

static double now(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

typedef struct impl {
    const char *name;
    int box2d;
} impl;

typedef struct ctx {
    gjk2d_pool pool;
    gjk2d_pairs pairs;
#ifdef GJK2D_BENCH_BOX2D
    b2shim *b2;
#endif
    outputs o;
} ctx;

/// Run one query of one implementation over [begin, end).
static void run(ctx *c, const impl *im, int q, int64_t begin, int64_t end)
{
    outputs *o = &c->o;
    if (im->box2d) {
#ifdef GJK2D_BENCH_BOX2D
        if (q == Q_DISTANCE)
            b2shim_distance(c->b2, &c->pairs, begin, end, o->dist, o->ax, o->ay, o->bx, o->by, o->iter);
        else
            b2shim_overlap(c->b2, &c->pairs, begin, end, o->ov);
#endif
        return;
    }
    int rc = 0;
    if (q == Q_DISTANCE) {
        gjk2d_distance_out d = {o->dist, o->ax, o->ay, o->bx, o->by, o->nx, o->ny, o->iter, o->st};
        rc = gjk2d_batch_distance(&c->pool, &c->pairs, begin, end, &d);
    } else if (q == Q_OVERLAP) {
        gjk2d_overlap_out v = {o->ov, o->oiter, o->ost};
        rc = gjk2d_batch_overlap(&c->pool, &c->pairs, begin, end, &v);
    } else {
        gjk2d_sat_out s = {o->sov, o->sep, o->nx, o->ny, o->sst};
        rc = gjk2d_batch_sat(&c->pool, &c->pairs, begin, end, &s);
    }
    if (rc) {
        fprintf(stderr, "batch call failed: %s\n", gjk2d_error_message(rc));
        exit(1);
    }
}

static double time_run(ctx *c, const impl *im, int q)
{
    if (!im->box2d && gjk2d_set_isa(im->name) != 0) return NAN;
    double t0 = now();
    run(c, im, q, 0, c->pairs.count);
    return now() - t0;
}

typedef struct thread_job {
    ctx *c;
    const impl *im;
    int q;
    int64_t begin, end;
} thread_job;

static void *thread_main(void *arg)
{
    thread_job *j = arg;
    run(j->c, j->im, j->q, j->begin, j->end);
    return NULL;
}

static double time_two_threads(ctx *c, const impl *im, int q)
{
    if (!im->box2d && gjk2d_set_isa(im->name) != 0) return NAN;
    int64_t half = c->pairs.count / 2;
    thread_job jobs[2] = {{c, im, q, 0, half}, {c, im, q, half, c->pairs.count}};
    pthread_t th[2];
    double t0 = now();
    for (int i = 0; i < 2; i++) pthread_create(&th[i], NULL, thread_main, &jobs[i]);
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    return now() - t0;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

static double median(const double *v, int n)
{
    double t[MAX_REPS];
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!isnan(v[i])) t[m++] = v[i];
    if (!m) return NAN;
    qsort(t, (size_t)m, sizeof t[0], cmp_double);
    return m % 2 ? t[m / 2] : 0.5 * (t[m / 2 - 1] + t[m / 2]);
}

typedef struct lane_report {
    double mean_iter, max_iter, lane_use, steps_per_pair, block_max_mean, block_mean;
    int64_t slow;
} lane_report;

/// Iterations and lane use of one SIMD ISA's distance kernel (an untimed extra run with counters on).
static lane_report lane_stats(ctx *c, const char *isa)
{
    lane_report r;
    memset(&r, 0, sizeof r);
    const gjk2d_kernel_table *t = gjk2d__isa_table(isa);
    if (!t || t->width < 2) return r;
    gjk2d__simd_stats_enable(1);
    outputs *o = &c->o;
    gjk2d_distance_out d = {o->dist, o->ax, o->ay, o->bx, o->by, o->nx, o->ny, o->iter, o->st};
    t->distance(&c->pool, &c->pairs, 0, c->pairs.count, &d);
    gjk2d_simd_stats s;
    gjk2d__simd_stats_get(&s);
    gjk2d__simd_stats_enable(0);
    r.mean_iter = s.pairs ? (double)s.lane_iterations / (double)s.pairs : 0.0;
    r.steps_per_pair = s.pairs ? (double)s.lane_steps / (double)s.pairs : 0.0;
    r.lane_use = s.lane_slots ? (double)s.lane_steps / (double)s.lane_slots : 0.0;
    r.slow = s.slow_pairs;
    // What a kernel without refill would pay: each block of W consecutive pairs runs as long as its slowest.
    int64_t nb = 0;
    double sum_max = 0.0, sum = 0.0, mx = 0.0;
    for (int64_t k = 0; k < c->pairs.count; k += t->width) {
        int32_t m = 0;
        for (int64_t j = k; j < k + t->width && j < c->pairs.count; j++) {
            m = o->iter[j] > m ? o->iter[j] : m;
            sum += o->iter[j];
            mx = o->iter[j] > mx ? o->iter[j] : mx;
        }
        sum_max += m;
        nb++;
    }
    r.block_max_mean = nb ? sum_max / (double)nb : 0.0;
    r.block_mean = c->pairs.count ? sum / (double)c->pairs.count : 0.0;
    r.max_iter = mx;
    return r;
}

static void machine_line(char *buf, size_t n)
{
    FILE *f = fopen("/proc/cpuinfo", "r");
    char line[512];
    snprintf(buf, n, "unknown CPU");
    if (!f) return;
    while (fgets(line, sizeof line, f)) {
        if (!strncmp(line, "model name", 10)) {
            char *p = strchr(line, ':');
            if (p) {
                p += 2;
                p[strcspn(p, "\n")] = 0;
                snprintf(buf, n, "%s", p);
            }
            break;
        }
    }
    fclose(f);
}

static void usage(void)
{
    fprintf(stderr,
            "usage: gjk2d_bench [--pairs N] [--reps R] [--workload w1|w2|all] [--query distance|overlap|sat|all]\n"
            "                   [--isa NAME] [--only IMPL] [--json FILE] [--dat FILE] [--no-threads]\n"
            "  --isa NAME   time this SIMD ISA (plus scalar and Box2D); --only IMPL: time just one implementation\n");
    exit(2);
}

int main(int argc, char **argv)
{
    options op = {1000000, 5, 1, 1, 7, NULL, NULL, NULL, NULL, 1};
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--pairs") && v) op.pairs = atoll(v), i++;
        else if (!strcmp(a, "--reps") && v) op.reps = atoi(v), i++;
        else if (!strcmp(a, "--workload") && v) {
            op.w1 = !strcmp(v, "w1") || !strcmp(v, "all");
            op.w2 = !strcmp(v, "w2") || !strcmp(v, "all");
            i++;
        } else if (!strcmp(a, "--query") && v) {
            op.queries = !strcmp(v, "all") ? 7 : !strcmp(v, "distance") ? 1 : !strcmp(v, "overlap") ? 2 : !strcmp(v, "sat") ? 4 : 0;
            if (!op.queries) usage();
            i++;
        } else if (!strcmp(a, "--isa") && v) op.only_isa = v, i++;
        else if (!strcmp(a, "--only") && v) op.only = v, op.threads = 0, i++;
        else if (!strcmp(a, "--json") && v) op.json = v, i++;
        else if (!strcmp(a, "--dat") && v) op.dat = v, i++;
        else if (!strcmp(a, "--no-threads")) op.threads = 0;
        else usage();
    }
    if (op.pairs < 1 || op.reps < 1 || op.reps > MAX_REPS) usage();

    impl impls[MAX_IMPL];
    int ni = 0;
    static const char *const names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
    for (int i = 0; i < 6; i++)
        if (gjk2d_isa_supported(names[i]) && (!op.only_isa || !strcmp(op.only_isa, names[i]) || !strcmp(names[i], "scalar")))
            impls[ni++] = (impl){names[i], 0};
#ifdef GJK2D_BENCH_BOX2D
    impls[ni++] = (impl){"box2d", 1};
#endif
    if (op.only) {
        int keep = -1;
        for (int i = 0; i < ni; i++)
            if (!strcmp(impls[i].name, op.only)) keep = i;
        if (keep < 0) {
            fprintf(stderr, "--only %s: not available here\n", op.only);
            return 1;
        }
        impls[0] = impls[keep];
        ni = 1;
    }
    gjk2d_set_isa("auto");
    const char *best = gjk2d_isa();

    char cpu[256];
    machine_line(cpu, sizeof cpu);
    FILE *json = NULL, *dat = NULL;
    if (op.json && !(json = fopen(op.json, "w"))) {
        fprintf(stderr, "%s: %s\n", op.json, strerror(errno));
        return 1;
    }
    if (op.dat && !(dat = fopen(op.dat, "w"))) {
        fprintf(stderr, "%s: %s\n", op.dat, strerror(errno));
        return 1;
    }
    printf("gjk2d %s benchmark: %lld pairs, %d repetitions (median), single thread\n"
           "machine: %s, %ld cores, AVX2 %s, AVX-512 %s; compiler: %s; kernels: %s\n",
           GJK2D_VERSION_STRING, (long long)op.pairs, op.reps, cpu, sysconf(_SC_NPROCESSORS_ONLN),
           gjk2d__cpu_has("avx2") ? "yes" : "no", gjk2d__cpu_has("avx512") ? "yes" : "no", __VERSION__, best);
    if (json)
        fprintf(json, "{\n  \"gjk2d\": \"%s\",\n  \"machine\": {\"cpu\": \"%s\", \"cores\": %ld, \"avx2\": %d, \"avx512\": %d, "
                      "\"compiler\": \"%s\", \"best_isa\": \"%s\"},\n"
                      "  \"pairs\": %lld,\n  \"repetitions\": %d,\n  \"workloads\": [",
                GJK2D_VERSION_STRING, cpu, sysconf(_SC_NPROCESSORS_ONLN), gjk2d__cpu_has("avx2"), gjk2d__cpu_has("avx512"),
                __VERSION__, best, (long long)op.pairs, op.reps);
    if (dat) fprintf(dat, "# workload query impl pairs_per_second\n");

    int first_w = 1;
    for (int w = 1; w <= 2; w++) {
        if ((w == 1 && !op.w1) || (w == 2 && !op.w2)) continue;
        ctx c;
        memset(&c, 0, sizeof c);
        pg_set g;
        memset(&g, 0, sizeof g);
        pg_workload(&g, w == 1 ? 0xb1 : 0xb2, op.pairs, w == 1 ? 3 : 8, 8, 4096);
        c.pool = pg_pool(&g);
        c.pairs = pg_pairs(&g);
        uint8_t *problems = xmalloc((size_t)c.pool.shape_count);
        if (gjk2d_validate_pool(&c.pool, problems, NULL) != 0) {
            fprintf(stderr, "generated pool has invalid shapes\n");
            return 1;
        }
        c.pool.problems = problems;
        outputs_alloc(&c.o, op.pairs);
#ifdef GJK2D_BENCH_BOX2D
        c.b2 = b2shim_create(&c.pool);
#endif
        // Share of overlapping pairs (reference boolean query), for the record.
        int64_t overlapping = 0;
        if (!op.only) {
            gjk2d_set_isa("scalar");
            gjk2d_overlap_out ov = {c.o.ov, c.o.oiter, c.o.ost};
            gjk2d_batch_overlap(&c.pool, &c.pairs, 0, c.pairs.count, &ov);
            for (int64_t k = 0; k < c.pairs.count; k++) overlapping += c.o.ov[k];
        }

        const char *wname = w == 1 ? "W1" : "W2";
        printf("\n%s: %s, %.1f%% overlapping\n", wname, w == 1 ? "random convex 3..8-gons" : "random convex 8-gons",
               100.0 * (double)overlapping / (double)c.pairs.count);
        if (json)
            fprintf(json, "%s\n    {\"name\": \"%s\", \"vertices\": \"%s\", \"overlapping\": %.4f, \"queries\": [", first_w ? "" : ",",
                    wname, w == 1 ? "3..8" : "8", (double)overlapping / (double)c.pairs.count);
        first_w = 0;

        int first_q = 1;
        for (int q = 0; q < NQ; q++) {
            if (!(op.queries & (1 << q))) continue;
            double secs[MAX_IMPL][MAX_REPS];
            for (int r = 0; r < op.reps; r++)
                for (int i = 0; i < ni; i++) secs[i][r] = time_run(&c, &impls[i], q);
            // Box2D's counterpart: b2Distance for distance, b2TestOverlap for the boolean and SAT queries.
            int b2 = -1, sc = -1;
            for (int i = 0; i < ni; i++) {
                if (impls[i].box2d) b2 = i;
                if (!strcmp(impls[i].name, "scalar")) sc = i;
            }
            printf("  %-9s %-9s %14s %10s %10s %14s\n", qname[q], "impl", "Mpairs/s", "x scalar", "x box2d",
                   "ns/pair");
            if (json) fprintf(json, "%s\n      {\"query\": \"%s\", \"box2d_counterpart\": \"%s\", \"results\": [", first_q ? "" : ",",
                              qname[q], q == Q_DISTANCE ? "b2Distance" : "b2TestOverlap");
            first_q = 0;
            for (int i = 0; i < ni; i++) {
                double rate[MAX_REPS], vs_sc[MAX_REPS], vs_b2[MAX_REPS];
                for (int r = 0; r < op.reps; r++) {
                    rate[r] = (double)op.pairs / secs[i][r];
                    vs_sc[r] = sc >= 0 ? secs[sc][r] / secs[i][r] : NAN;
                    vs_b2[r] = b2 >= 0 ? secs[b2][r] / secs[i][r] : NAN;
                }
                double mr = median(rate, op.reps), ms = median(vs_sc, op.reps), mb = median(vs_b2, op.reps);
                printf("  %-9s %-9s %14.2f %10.2f %10.2f %14.1f\n", "", impls[i].name, mr * 1e-6, ms, mb, 1e9 / mr);
                if (json) {
                    fprintf(json, "%s\n        {\"impl\": \"%s\", \"pairs_per_second\": %.0f, \"vs_scalar\": %.3f, \"vs_box2d\": %s%.3f%s, \"reps\": [",
                            i ? "," : "", impls[i].name, mr, ms, isnan(mb) ? "\"" : "", isnan(mb) ? 0.0 : mb, isnan(mb) ? "\"" : "");
                    for (int r = 0; r < op.reps; r++) fprintf(json, "%s%.0f", r ? ", " : "", rate[r]);
                    fprintf(json, "]}");
                }
                if (dat) fprintf(dat, "%s %s %s %.0f\n", wname, qname[q], impls[i].name, mr);
            }
            if (op.threads) {
                const impl *bi = NULL;
                for (int i = 0; i < ni; i++)
                    if (!strcmp(impls[i].name, best)) bi = &impls[i];
                if (bi) {
                    double t2[MAX_REPS], t1[MAX_REPS];
                    for (int r = 0; r < op.reps; r++) {
                        t1[r] = time_run(&c, bi, q);
                        t2[r] = time_two_threads(&c, bi, q);
                    }
                    double m2 = median(t2, op.reps), m1 = median(t1, op.reps);
                    printf("  %-9s %-9s %14.2f %10s %10s %14s  (2 threads, %.2fx one thread)\n", "", best,
                           (double)op.pairs / m2 * 1e-6, "", "", "", m1 / m2);
                    if (json) fprintf(json, "],\n        \"two_threads\": {\"impl\": \"%s\", \"pairs_per_second\": %.0f, \"speedup\": %.3f}}",
                                      best, (double)op.pairs / m2, m1 / m2);
                } else if (json) {
                    fprintf(json, "]}");
                }
            } else if (json) {
                fprintf(json, "]}");
            }
        }
        if (json) fprintf(json, "\n    ],\n    \"gjk_lanes\": [");
        printf("  GJK distance iterations and lane use (refilled lanes):\n");
        printf("  %-9s %6s %9s %9s %10s %9s %12s %14s\n", "isa", "lanes", "mean it", "max it", "steps/pair",
               "lane use", "block max*", "slow pairs");
        int first_l = 1;
        for (int i = 0; i < ni; i++) {
            if (op.only || impls[i].box2d || !strcmp(impls[i].name, "scalar")) continue;
            lane_report lr = lane_stats(&c, impls[i].name);
            int width = gjk2d__isa_table(impls[i].name)->width;
            printf("  %-9s %6d %9.3f %9.0f %10.3f %8.1f%% %12.3f %14lld\n", impls[i].name, width, lr.mean_iter, lr.max_iter,
                   lr.steps_per_pair, 100.0 * lr.lane_use, lr.block_max_mean, (long long)lr.slow);
            if (json)
                fprintf(json, "%s\n      {\"isa\": \"%s\", \"lanes\": %d, \"mean_iterations\": %.4f, \"max_iterations\": %.0f, "
                              "\"steps_per_pair\": %.4f, \"lane_use\": %.4f, \"block_max_mean_without_refill\": %.4f}",
                        first_l ? "" : ",", impls[i].name, width, lr.mean_iter, lr.max_iter, lr.steps_per_pair, lr.lane_use,
                        lr.block_max_mean);
            first_l = 0;
        }
        printf("  * block max: mean over blocks of W consecutive pairs of their largest iteration count, what a\n"
               "    kernel without lane refill would run per block (vs the mean iterations above).\n");
        if (json) fprintf(json, "\n    ]}");
#ifdef GJK2D_BENCH_BOX2D
        if (c.b2 && op.only) b2shim_destroy(c.b2);
        if (c.b2 && !op.only) {
            // Agreement check: gjk2d's distances against Box2D's on the same pairs.
            gjk2d_set_isa("auto");
            outputs *o = &c.o;
            gjk2d_distance_out d = {o->dist, NULL, NULL, NULL, NULL, NULL, NULL, NULL, NULL};
            gjk2d_batch_distance(&c.pool, &c.pairs, 0, c.pairs.count, &d);
            float *mine = xmalloc((size_t)op.pairs * sizeof(float));
            memcpy(mine, o->dist, (size_t)op.pairs * sizeof(float));
            b2shim_distance(c.b2, &c.pairs, 0, c.pairs.count, o->dist, o->ax, o->ay, o->bx, o->by, o->iter);
            double worst = 0.0;
            for (int64_t k = 0; k < op.pairs; k++) worst = fmax(worst, fabs((double)mine[k] - o->dist[k]));
            printf("  max |gjk2d - Box2D| distance over all pairs: %.3g\n", worst);
            free(mine);
            b2shim_destroy(c.b2);
        }
#endif
        outputs_free(&c.o);
        free(problems);
        pg_free(&g);
    }
    if (json) {
        fprintf(json, "\n  ]\n}\n");
        fclose(json);
    }
    if (dat) fclose(dat);
    return 0;
}
