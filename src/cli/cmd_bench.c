// SPDX-License-Identifier: MIT
// gjk2d bench: in-process batch throughput per query and ISA (median of repeats).
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "gen.h"
#include "runner.h"
#include "scene.h"

static const char bench_help[] =
    "usage: gjk2d bench [SCENE | --gen [gen options]] [--query LIST] [--isa LIST] [--threads T]\n"
    "                   [--repeat R]\n"
    "\n"
    "Measure batch throughput in process: each query on each ISA runs once to warm up, then R times\n"
    "over all pairs; the median is printed, one line per query and ISA:\n"
    "  bench <query> <isa> threads=<T> pairs=<N> <X.XX> Mpairs/s\n"
    "followed by detail lines (min, max, ns per pair, speed-up over scalar).\n"
    "Without SCENE or --gen a W1 scene is generated: 1,000,000 random 3..8-gon pairs, half overlapping.\n"
    "\n"
    "options:\n"
    "  SCENE          scene file to measure\n"
    "  --gen          generate the scene in memory instead, from the gen options:\n"
    "  --pairs M         number of pairs (default 1000000)\n"
    "%s"
    "  --query LIST   comma-separated queries (distance, overlap, sat, manifold at margin 0), or all\n"
    "                 (default: distance,overlap,sat)\n"
    "  --isa LIST     comma-separated ISAs, auto, or all (default: all this CPU supports)\n"
    "  --threads T    threads per batch, 1..4096 (default: one per CPU this process may run on)\n"
    "  --repeat R     timed runs per query and ISA (default 5)\n"
    "\n"
    "examples:\n"
    "  gjk2d bench --gen --pairs 1000000                      # W1\n"
    "  gjk2d bench --gen --pairs 1000000 --min-verts 8 --max-verts 8 --threads 1   # W2, one thread\n"
    "  gjk2d bench w1.scene --query distance --isa scalar,avx2 --repeat 9\n";

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

// What to measure: the command line of 'gjk2d bench'.
typedef struct bench_opts {
    common_opts common;
    gen_opts gen;
    int use_gen;
    int64_t repeat;
    const char *isas[8];
    int nisa, queries[QUERY_COUNT], nquery;
} bench_opts;

// Returns -1 to exit with EXIT_USAGE, 1 after printing the help, 0 to go on.
static int parse_bench_options(int argc, char **argv, bench_opts *b) {
    common_defaults(&b->common, "bench", OPT_SCENE | OPT_ISA | OPT_QUERY | OPT_THREADS);
    b->common.query = "distance,overlap,sat";
    b->repeat = 5;
    b->use_gen = 0;
    gen_defaults(&b->gen);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) {
            printf(bench_help, gen_options_help);
            return 1;
        }
        int g = gen_option(argc, argv, &i, &b->gen);
        if (g < 0) return -1;
        if (g > 0 || strcmp(a, "--gen") == 0) {
            b->use_gen = 1;
        } else if (opt_is(a, "--repeat")) {
            if (opt_count(argc, argv, &i, "--repeat", 1, 1000, &b->repeat)) return -1;
        } else if (common_option(argc, argv, &i, &b->common) < 0) {
            return -1;
        }
    }
    if (b->common.scene && b->use_gen) {
        cli_error("bench: give a SCENE file or --gen options, not both");
        return -1;
    }
    if (!b->common.scene && b->gen.pairs < 0) b->gen.pairs = 1000000;
    if (!b->common.scene && gen_check(&b->gen) != 0) return -1;
    if ((b->nisa = parse_isa_list(b->common.isa, b->isas, 8)) < 0) return -1;
    if ((b->nquery = parse_query_list(b->common.query, b->queries, QUERY_COUNT)) < 0) return -1;
    return 0;
}

// The scene file, or a generated one; `source` describes it. Prepared for the batch calls.
static int bench_scene(const bench_opts *b, scene *sc, char *source, size_t len) {
    const char *path = b->common.scene;
    if (path) {
        if (scene_load(path, sc) != 0) return -1;
        snprintf(source, len, "scene %s", path);
    } else {
        const gen_opts *go = &b->gen;
        int64_t overlapping;
        progress prog;
        progress_start(&prog, "gen");
        int rc = gen_scene(go, 0, go->pairs, sc, &overlapping, (int)b->common.threads, &prog);
        progress_end(&prog);
        if (rc != 0) {
            cli_error("out of memory for %lld pairs", (long long)go->pairs);
            return -1;
        }
        snprintf(source, len, "generated: %lld pairs of %d..%d-gons, %.1f%% overlapping, seed %llu",
                 (long long)go->pairs, go->min_verts, go->max_verts,
                 go->pairs ? 100.0 * (double)overlapping / (double)go->pairs : 0.0, (unsigned long long)go->seed);
    }
    // The shape set is prepared once, as a broadphase-fed caller would: the timed runs measure the
    // queries (which check the poses they use on every call, as every frame would).
    if (scene_prepare(sc, path ? path : "generated") < 0) {
        scene_free(sc);
        return -1;
    }
    return 0;
}

// Throughput of one query and ISA in Mpairs/s: median, slowest and fastest of the timed runs.
typedef struct rate {
    double med, lo, hi;
} rate;

// One warm-up run (caches and page tables) then `repeat` timed runs. Returns 0 or -1 after reporting.
static int measure(const bench_opts *b, query_kind q, const batch_input *in, results *res, double *times, rate *out) {
    for (int64_t rep = -1; rep < b->repeat; rep++) {
        double t0 = now_seconds();
        int rc = run_batch(q, in, res, (int)b->common.threads, NULL);
        double t = now_seconds() - t0;
        if (rc != 0) {
            cli_error("%s batch failed: %s", query_names[q], gjk2d_error_message(rc));
            return -1;
        }
        if (rep >= 0) times[rep] = t;
    }
    int64_t r = b->repeat;
    qsort(times, (size_t)r, sizeof(double), cmp_double);
    double m = r % 2 ? times[r / 2] : 0.5 * (times[r / 2 - 1] + times[r / 2]), n = (double)in->pairs.count;
    out->med = m > 0.0 ? n / m * 1e-6 : 0.0;
    out->lo = times[r - 1] > 0.0 ? n / times[r - 1] * 1e-6 : 0.0;
    out->hi = times[0] > 0.0 ? n / times[0] * 1e-6 : 0.0;
    return 0;
}

static void print_summary(const bench_opts *b, const scene *sc, const char *source, rate rates[QUERY_COUNT][8]) {
    printf("# %s; %lld shapes, %lld vertices; median of %lld runs after one warm-up\n", source,
           (long long)sc->shape_count, (long long)sc->vertex_count, (long long)b->repeat);
    int s = -1;
    for (int i = 0; i < b->nisa; i++)
        if (strcmp(b->isas[i], "scalar") == 0) s = i;
    for (int j = 0; j < b->nquery; j++) {
        int q = b->queries[j];
        for (int i = 0; i < b->nisa; i++) {
            const rate *r = &rates[q][i];
            printf("# %-8s %-8s lanes=%d min %.2f max %.2f Mpairs/s", query_names[q], b->isas[i],
                   gjk2d_set_isa(b->isas[i]) == 0 ? gjk2d_lane_width() : 0, r->lo, r->hi);
            if (r->med > 0.0) printf(", %.1f ns/pair per thread", 1e3 / r->med * (double)b->common.threads);
            if (s >= 0 && rates[q][s].med > 0.0) printf(", %.2fx scalar", r->med / rates[q][s].med);
            printf("\n");
        }
    }
}

int cmd_bench(int argc, char **argv) {
    static bench_opts b;
    int p = parse_bench_options(argc, argv, &b);
    if (p != 0) return p > 0 ? EXIT_OK : EXIT_USAGE;
    scene sc;
    char source[256];
    if (bench_scene(&b, &sc, source, sizeof source) != 0) return EXIT_USAGE;
    batch_input in = scene_batch_input(&sc);

    static rate rates[QUERY_COUNT][8];
    double *times = malloc((size_t)b.repeat * sizeof(double));
    int status = EXIT_OK;
    for (int j = 0; j < b.nquery && status == EXIT_OK; j++) {
        query_kind q = (query_kind)b.queries[j];
        results res;
        if (!times || results_alloc(&res, q, sc.pair_count) != 0) {
            cli_error("out of memory for the results");
            status = EXIT_USAGE;
            break;
        }
        for (int i = 0; i < b.nisa && status == EXIT_OK; i++) {
            if (gjk2d_set_isa(b.isas[i]) != 0) {
                cli_error("cannot select instruction set '%s'", b.isas[i]);
                status = EXIT_USAGE;
            } else if (measure(&b, q, &in, &res, times, &rates[q][i]) != 0) {
                status = EXIT_USAGE;
            } else {
                printf("bench %s %s threads=%lld pairs=%lld %.2f Mpairs/s\n", query_names[q], b.isas[i],
                       (long long)b.common.threads, (long long)sc.pair_count, rates[q][i].med);
                fflush(stdout);
            }
        }
        results_free(&res);
    }
    if (status == EXIT_OK) print_summary(&b, &sc, source, rates);
    free(times);
    scene_free(&sc);
    return status;
}
