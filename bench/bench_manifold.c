// SPDX-License-Identifier: MIT
// Manifold benchmark: gjk2d_batch_manifold on every implementation this build and CPU run (auto, the SIMD kernels,
// the scalar reference) against Box2D 2.4.1's manifold functions on the same pairs of W1, W2 and W6
// (bench/workloads.c): b2CollidePolygons on the polygons, and on W6's mixed kinds the function of each pair's
// kinds. Margin 0. One process, all of them interleaved in every repetition; one thread.
//   gjk2d_bench_manifold [--pairs N] [--runs R] [--workload W1|W2|W6]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "peers/box2d_manifold.h"

static int bench(const char *name, int64_t pairs, int runs) {
    workload w;
    if (workload_make(&w, name, pairs) != 0) {
        fprintf(stderr, "%s: cannot make the workload\n", name);
        return 1;
    }
    const int64_t n = w.pairs.count;
    manifold_arrays a; // what a solver reads
    manifold_arrays_alloc(&a, n, 0);
    b2m_set *b2 = b2m_set_create(&w.set.geometry, &w.set.poses);
    if (!b2) {
        fprintf(stderr, "%s: a shape does not fit Box2D\n", name);
        return 1;
    }
    // Each repetition times every implementation and Box2D on the same pairs, one after the other; a ratio is
    // taken within a repetition (the machine's load changes less within one), and its median is reported.
    static const char *const isa[] = {"auto", "avx512", "avx2", "sse41", "portable", "scalar"};
    enum { NISA = sizeof isa / sizeof isa[0], MAX_RUNS = 64 };
    if (runs > MAX_RUNS) runs = MAX_RUNS;
    double t_g[NISA][MAX_RUNS], ratio[NISA][MAX_RUNS], t_b[MAX_RUNS];
    int have[NISA];
    int64_t with_points_b = 0, with_points_g = 0;
    for (int i = 0; i < NISA; ++i) have[i] = gjk2d_set_isa(isa[i]) == GJK2D_OK;
    gjk2d_set_isa("auto");
    gjk2d_batch_manifold(w.set.shapes, &w.set.poses, &w.pairs, 0, n < 64 ? n : 64, 0.0f, &a.out); // auto measures here
    // Each repetition times them in its own order (a fixed shuffle; Box2D is entry NISA): what runs just before
    // an implementation leaves the caches to it, and in one fixed order `auto` always followed Box2D and ran
    // 3-5 % behind avx512, the same kernel.
    uint64_t seed = 0x6a6b3264u;
    for (int r = 0; r < runs; ++r) {
        int order[NISA + 1];
        for (int q = 0; q <= NISA; ++q) order[q] = q;
        for (int q = NISA; q > 0; --q) {
            seed = seed * 6364136223846793005u + 1442695040888963407u;
            const int j = (int)((seed >> 33) % (uint64_t)(q + 1)), tmp = order[q];
            order[q] = order[j], order[j] = tmp;
        }
        for (int q = 0; q <= NISA; ++q) {
            const int i = order[q];
            double t0 = now();
            if (i == NISA) {
                with_points_b = b2m_set_collide(b2, &w.pairs, 0, n);
                t_b[r] = now() - t0;
                continue;
            }
            if (!have[i]) continue;
            gjk2d_set_isa(isa[i]);
            t0 = now();
            if (gjk2d_batch_manifold(w.set.shapes, &w.set.poses, &w.pairs, 0, n, 0.0f, &a.out) != GJK2D_OK) {
                fprintf(stderr, "%s: gjk2d_batch_manifold failed\n", name);
                return 1;
            }
            t_g[i][r] = now() - t0;
        }
        for (int i = 0; i < NISA; ++i)
            if (have[i]) ratio[i][r] = t_b[r] / t_g[i][r];
    }
    gjk2d_set_isa("auto");
    for (int64_t k = 0; k < n; ++k) with_points_g += a.out.count[k] > 0;
    printf("%s (%s): %lld pairs, with points gjk2d %lld, Box2D %lld\n", w.name, w.desc, (long long)n,
           (long long)with_points_g, (long long)with_points_b);
    printf("  %-34s %9.1f ns/pair\n", "Box2D 2.4.1 b2Collide*", 1e9 * median(t_b, runs) / (double)n);
    for (int i = 0; i < NISA; ++i) {
        if (!have[i]) continue;
        char label[64];
        snprintf(label, sizeof label, "gjk2d_batch_manifold %s", isa[i]);
        printf("  %-34s %9.1f ns/pair  %5.2fx Box2D\n", label, 1e9 * median(t_g[i], runs) / (double)n,
               median(ratio[i], runs));
    }
    printf("  (medians of %d repetitions, one thread; the ratio is Box2D's time over gjk2d's within a repetition)\n",
           runs);
    b2m_set_destroy(b2);
    free(a.block);
    workload_free(&w);
    return 0;
}

int main(int argc, char **argv) {
    int64_t pairs = 200000;
    int runs = 7;
    const char *only = NULL; // one workload alone (for an instruction count of one workload)
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--pairs"))
            pairs = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--runs"))
            runs = atoi(argv[i + 1]);
        else if (!strcmp(argv[i], "--workload"))
            only = argv[i + 1];
        else {
            fprintf(stderr, "usage: %s [--pairs N] [--runs R] [--workload W1|W2|W6]\n", argv[0]);
            return 2;
        }
    }
    if (pairs < 1 || runs < 1) {
        fprintf(stderr, "--pairs and --runs must be positive\n");
        return 2;
    }
    if (only) return bench(only, pairs, runs);
    return bench("W1", pairs, runs) || bench("W2", pairs, runs) || bench("W6", pairs, runs);
}
