// SPDX-License-Identifier: MIT
// Manifold benchmark: gjk2d_batch_manifold (the scalar reference per pair, on every ISA until the lanes come)
// against Box2D 2.4.1's b2CollidePolygons on the same pairs of W1 and W2 (bench/workloads.c), margin 0.
// One process, the two interleaved, the minimum of several runs each; one thread.
//   gjk2d_bench_manifold [--pairs N] [--runs R]
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "peers/box2d_manifold.h"

typedef struct arrays {
    uint8_t *count, *status;
    float *nx, *ny, *px[2], *py[2], *sep[2];
    uint32_t *id[2];
} arrays;

static int bench(const char *name, int64_t pairs, int runs) {
    workload w;
    if (workload_make(&w, name, pairs) != 0) {
        fprintf(stderr, "%s: cannot make the workload\n", name);
        return 1;
    }
    const int64_t n = w.pairs.count;
    arrays a;
    a.count = xmalloc((size_t)n), a.status = xmalloc((size_t)n);
    a.nx = xmalloc((size_t)n * 4), a.ny = xmalloc((size_t)n * 4);
    for (int i = 0; i < 2; ++i) {
        a.px[i] = xmalloc((size_t)n * 4), a.py[i] = xmalloc((size_t)n * 4), a.sep[i] = xmalloc((size_t)n * 4);
        a.id[i] = xmalloc((size_t)n * 4);
    }
    // What a solver reads: count, normal, points, separations, ids (no anchors: they are the points minus a position).
    gjk2d_manifold_out out = {.count = a.count,
                              .nx = a.nx,
                              .ny = a.ny,
                              .px = {a.px[0], a.px[1]},
                              .py = {a.py[0], a.py[1]},
                              .separation = {a.sep[0], a.sep[1]},
                              .id = {a.id[0], a.id[1]},
                              .status = a.status};
    b2m_polygons *b2 = b2m_polygons_create(&w.set.geometry, &w.set.poses);
    if (!b2) {
        fprintf(stderr, "%s: a shape does not fit Box2D\n", name);
        return 1;
    }
    double best_g = 1e30, best_b = 1e30;
    int64_t with_points_b = 0;
    for (int r = 0; r < runs; ++r) {
        double t0 = now();
        if (gjk2d_batch_manifold(w.set.shapes, &w.set.poses, &w.pairs, 0, n, 0.0f, &out) != GJK2D_OK) {
            fprintf(stderr, "%s: gjk2d_batch_manifold failed\n", name);
            return 1;
        }
        double t1 = now();
        with_points_b = b2m_polygons_collide(b2, &w.pairs, 0, n);
        double t2 = now();
        best_g = t1 - t0 < best_g ? t1 - t0 : best_g;
        best_b = t2 - t1 < best_b ? t2 - t1 : best_b;
    }
    int64_t with_points_g = 0;
    for (int64_t k = 0; k < n; ++k) with_points_g += a.count[k] > 0;
    printf("%s (%s): %lld pairs, with points gjk2d %lld, Box2D %lld\n", w.name, w.desc, (long long)n,
           (long long)with_points_g, (long long)with_points_b);
    printf("  gjk2d_batch_manifold (the reference per pair):  %.1f ns/pair\n", 1e9 * best_g / (double)n);
    printf("  Box2D 2.4.1 b2CollidePolygons:                  %.1f ns/pair\n", 1e9 * best_b / (double)n);
    printf("  gjk2d / Box2D speed: %.2fx (min of %d interleaved runs each, one thread)\n", best_b / best_g, runs);
    b2m_polygons_destroy(b2);
    for (int i = 0; i < 2; ++i) free(a.px[i]), free(a.py[i]), free(a.sep[i]), free(a.id[i]);
    free(a.count), free(a.status), free(a.nx), free(a.ny);
    workload_free(&w);
    return 0;
}

int main(int argc, char **argv) {
    int64_t pairs = 200000;
    int runs = 7;
    for (int i = 1; i + 1 < argc; i += 2) {
        if (!strcmp(argv[i], "--pairs"))
            pairs = atoll(argv[i + 1]);
        else if (!strcmp(argv[i], "--runs"))
            runs = atoi(argv[i + 1]);
        else {
            fprintf(stderr, "usage: %s [--pairs N] [--runs R]\n", argv[0]);
            return 2;
        }
    }
    if (pairs < 1 || runs < 1) {
        fprintf(stderr, "--pairs and --runs must be positive\n");
        return 2;
    }
    return bench("W1", pairs, runs) || bench("W2", pairs, runs);
}
