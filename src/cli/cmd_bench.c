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
    "  --query LIST   comma-separated queries, or all (default: distance,overlap,sat)\n"
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

int cmd_bench(int argc, char **argv) {
    common_opts o;
    common_defaults(&o, "bench", OPT_SCENE | OPT_ISA | OPT_QUERY | OPT_THREADS);
    o.query = "distance,overlap,sat";
    int64_t repeat = 5;
    int use_gen = 0;
    gen_opts go;
    gen_defaults(&go);
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) {
            printf(bench_help, gen_options_help);
            return EXIT_OK;
        }
        int g = gen_option(argc, argv, &i, &go);
        if (g < 0) return EXIT_USAGE;
        if (g > 0) {
            use_gen = 1;
        } else if (strcmp(a, "--gen") == 0) {
            use_gen = 1;
        } else if (opt_is(a, "--repeat")) {
            if (opt_count(argc, argv, &i, "--repeat", 1, 1000, &repeat)) return EXIT_USAGE;
        } else if (common_option(argc, argv, &i, &o) < 0) {
            return EXIT_USAGE;
        }
    }
    const char *scene_path = o.scene, *isa_list = o.isa, *query_list = o.query;
    int64_t threads = o.threads;
    if (scene_path && use_gen) {
        cli_error("bench: give a SCENE file or --gen options, not both");
        return EXIT_USAGE;
    }
    if (!scene_path && go.pairs < 0) go.pairs = 1000000;
    if (!scene_path && gen_check(&go) != 0) return EXIT_USAGE;

    const char *isas[8];
    int nisa = parse_isa_list(isa_list, isas, 8);
    if (nisa < 0) return EXIT_USAGE;
    int queries[QUERY_COUNT];
    int nquery = parse_query_list(query_list, queries);
    if (nquery < 0) return EXIT_USAGE;

    scene sc;
    char source[256];
    if (scene_path) {
        if (scene_load(scene_path, &sc) != 0) return EXIT_USAGE;
        snprintf(source, sizeof source, "scene %s", scene_path);
    } else {
        int64_t overlapping;
        progress prog;
        progress_start(&prog, "gen");
        int rc = gen_scene(&go, 0, go.pairs, &sc, &overlapping, (int)threads, &prog);
        progress_end(&prog);
        if (rc != 0) {
            cli_error("out of memory for %lld pairs", (long long)go.pairs);
            return EXIT_USAGE;
        }
        snprintf(source, sizeof source, "generated: %lld pairs of %d..%d-gons, %.1f%% overlapping, seed %llu",
                 (long long)go.pairs, go.min_verts, go.max_verts,
                 go.pairs ? 100.0 * (double)overlapping / (double)go.pairs : 0.0, (unsigned long long)go.seed);
    }
    // The shape set is prepared once, as a broadphase-fed caller would: the timed runs measure the
    // queries (which check the poses they use on every call, as every frame would).
    if (scene_prepare(&sc, scene_path ? scene_path : "generated") < 0) {
        scene_free(&sc);
        return EXIT_USAGE;
    }
    batch_input in = scene_batch_input(&sc);

    double med[QUERY_COUNT][8], lo[QUERY_COUNT][8], hi[QUERY_COUNT][8];
    double *times = malloc((size_t)repeat * sizeof(double));
    int status = EXIT_OK;
    for (int j = 0; j < nquery && status == EXIT_OK; j++) {
        query_kind q = (query_kind)queries[j];
        results res;
        if (!times || results_alloc(&res, q, sc.pair_count) != 0) {
            cli_error("out of memory for the results");
            status = EXIT_USAGE;
            break;
        }
        for (int i = 0; i < nisa && status == EXIT_OK; i++) {
            if (gjk2d_set_isa(isas[i]) != 0) {
                cli_error("cannot select instruction set '%s'", isas[i]);
                status = EXIT_USAGE;
                break;
            }
            for (int64_t rep = -1; rep < repeat; rep++) { // rep -1 warms caches and page tables
                double t0 = now_seconds();
                int rc = run_batch(q, &in, &res, (int)threads, NULL);
                double t = now_seconds() - t0;
                if (rc != 0) {
                    cli_error("%s batch failed: %s", query_names[q], gjk2d_error_message(rc));
                    status = EXIT_USAGE;
                    break;
                }
                if (rep >= 0) times[rep] = t;
            }
            if (status != EXIT_OK) break;
            qsort(times, (size_t)repeat, sizeof(double), cmp_double);
            double m = repeat % 2 ? times[repeat / 2] : 0.5 * (times[repeat / 2 - 1] + times[repeat / 2]);
            double n = (double)sc.pair_count;
            med[q][i] = m > 0.0 ? n / m * 1e-6 : 0.0;
            lo[q][i] = times[repeat - 1] > 0.0 ? n / times[repeat - 1] * 1e-6 : 0.0;
            hi[q][i] = times[0] > 0.0 ? n / times[0] * 1e-6 : 0.0;
            printf("bench %s %s threads=%lld pairs=%lld %.2f Mpairs/s\n", query_names[q], isas[i], (long long)threads,
                   (long long)sc.pair_count, med[q][i]);
            fflush(stdout);
        }
        results_free(&res);
    }
    if (status == EXIT_OK) {
        printf("# %s; %lld shapes, %lld vertices; median of %lld runs after one warm-up\n", source,
               (long long)sc.shape_count, (long long)sc.vertex_count, (long long)repeat);
        for (int j = 0; j < nquery; j++) {
            int q = queries[j], s = -1;
            for (int i = 0; i < nisa; i++)
                if (strcmp(isas[i], "scalar") == 0) s = i;
            for (int i = 0; i < nisa; i++) {
                printf("# %-8s %-8s lanes=%d min %.2f max %.2f Mpairs/s", query_names[q], isas[i],
                       gjk2d_set_isa(isas[i]) == 0 ? gjk2d_lane_width() : 0, lo[q][i], hi[q][i]);
                if (med[q][i] > 0.0) printf(", %.1f ns/pair per thread", 1e3 / med[q][i] * (double)threads);
                if (s >= 0 && med[q][s] > 0.0) printf(", %.2fx scalar", med[q][i] / med[q][s]);
                printf("\n");
            }
        }
    }
    free(times);
    scene_free(&sc);
    return status;
}
