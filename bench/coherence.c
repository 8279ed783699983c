// SPDX-License-Identifier: MIT
// Coherence benchmark: W5 (tests/support/coherent.h), the same broadphase pairs frame after frame while the
// bodies drift, as a physics engine asks them. Per frame, on the same poses, interleaved (the order rotates
// every frame), one thread:
//   gjk2d cold          gjk2d_batch_distance (auto)
//   gjk2d cold+cutoff   gjk2d_batch_distance_cached without a cache, with max_distance (the margin)
//   gjk2d warm          gjk2d_batch_distance_cached with the cache carried from the previous frame
//   gjk2d warm+cutoff   the same with max_distance
//   Box2D cold          b2Distance with an empty b2SimplexCache (Box2D 2.4.1; 3..8-gon scenes only)
//   Box2D warm          b2Distance with its cache carried
// The margin is a broadphase's "farther than this" (only the pairs within it matter to the caller): by
// default the distance that 70% of the pairs lie beyond at frame 0 (--cutoff D sets it). Every frame, the
// pairs the cutoff did not stop must have the uncut answer bit for bit (cold+cutoff against cold).
// Reported: the median over frames 1.. of pairs per second, and mean support searches per query.
// --records: gjk2d reads the poses as {px, py, c, s} records, Box2D's b2Transform layout (copied from the
// scene's float SoA arrays every frame, untimed, as Box2D's transforms are set).
//   gjk2d_bench_coherence [--bodies N] [--frames F] [--motion M] [--mixed] [--records] [--cutoff D] [--csv FILE]
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench.h"
#include "box2d_shim.h"
#include "coherent.h"

enum { G_COLD, G_COLD_CUT, G_WARM, G_CUTOFF, B_COLD, B_WARM, NIMPL };
static const char *const impl_name[NIMPL] = {"gjk2d cold",        "gjk2d cold+cutoff", "gjk2d warm",
                                             "gjk2d warm+cutoff", "Box2D cold",        "Box2D warm"};

static int cmp_float(const void *a, const void *b) {
    const float x = *(const float *)a, y = *(const float *)b;
    return (x > y) - (x < y);
}

/// The distance that a fraction `beyond` of the pairs lie beyond: the quantile 1 - beyond of dist[0 .. n).
static float margin_of(const float *dist, int64_t n, double beyond) {
    float *v = xmalloc((size_t)n * sizeof *v);
    memcpy(v, dist, (size_t)n * sizeof *v);
    qsort(v, (size_t)n, sizeof *v, cmp_float);
    const int64_t k = (int64_t)((1.0 - beyond) * (double)n);
    const float m = v[k < n ? k : n - 1];
    free(v);
    return m;
}

typedef struct options {
    int32_t bodies;
    int frames;
    double motion;
    int mixed;
    int records; ///< gjk2d reads the poses as {px, py, c, s} records (Box2D's b2Transform layout)
    float cutoff;
    const char *csv;
} options;

static int parse(int argc, char **argv, options *o) {
    *o = (options){100000, 60, 0.05, 0, 0, NAN, NULL}; // cutoff NaN: the margin 70% of the pairs lie beyond
    for (int i = 1; i < argc; ++i) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--mixed")) {
            o->mixed = 1;
            continue;
        }
        if (!strcmp(a, "--records")) {
            o->records = 1;
            continue;
        }
        if (!v) {
            fprintf(stderr, "gjk2d_bench_coherence: %s needs a value (or is unknown)\n", a);
            return -1;
        }
        char *end;
        const double x = strtod(v, &end);
        if (*end || !(x >= 0.0)) {
            fprintf(stderr, "gjk2d_bench_coherence: %s %s: not a number >= 0\n", a, v);
            return -1;
        }
        if (!strcmp(a, "--bodies") && x >= 2 && x <= 1e8)
            o->bodies = (int32_t)x;
        else if (!strcmp(a, "--frames") && x >= 2 && x <= 1e6)
            o->frames = (int)x;
        else if (!strcmp(a, "--motion") && x <= 1.0)
            o->motion = x;
        else if (!strcmp(a, "--cutoff"))
            o->cutoff = (float)x;
        else if (!strcmp(a, "--csv"))
            o->csv = v;
        else {
            fprintf(stderr, "gjk2d_bench_coherence: unknown option or value out of range: %s %s\n", a, v);
            return -1;
        }
        ++i;
    }
    return 0;
}

int main(int argc, char **argv) {
    options o;
    if (parse(argc, argv, &o) != 0) return 2;
    coherent_scene scene;
    if (coherent_make(&scene, o.bodies, 2.0, o.motion, o.frames, o.mixed ? COHERENT_MIXED : COHERENT_POLYGONS, 5) !=
        0) {
        fprintf(stderr, "gjk2d_bench_coherence: out of memory\n");
        return 1;
    }
    test_set set;
    if (test_set_make(&set, &scene.geometry, NULL, NULL, NULL, NULL, NULL) != 0) {
        fprintf(stderr, "gjk2d_bench_coherence: the scene's shapes do not prepare\n");
        return 1;
    }
    const int64_t n = scene.pairs;
    const gjk2d_pairs pairs = coherent_pairs(&scene);
    gjk2d_poses poses = coherent_poses(&scene);
    xf_float *records = o.records ? xmalloc((size_t)poses.count * sizeof *records) : NULL;
    // Each implementation writes its own distances, iterations and statuses (the cutoff's are compared).
    float *dist[NIMPL];
    int32_t *iter[NIMPL];
    uint8_t *status[NIMPL];
    for (int i = 0; i < NIMPL; ++i) {
        dist[i] = xmalloc((size_t)n * sizeof(float));
        iter[i] = xmalloc((size_t)n * sizeof(int32_t));
        status[i] = xmalloc((size_t)n);
    }
    gjk2d_cache *warm = calloc((size_t)n, sizeof *warm), *cut = calloc((size_t)n, sizeof *cut);
    b2shim *b2 = b2shim_create(&scene.geometry, &poses);
    b2shim_cache *b2cache = b2 ? b2shim_caches(n) : NULL;
    if (o.records) poses = layout_records(&poses, records);
    if (!warm || !cut) {
        fprintf(stderr, "gjk2d_bench_coherence: out of memory\n");
        return 1;
    }
    if (isnan(o.cutoff)) {
        const gjk2d_distance_out first = {.distance = dist[G_COLD]};
        gjk2d_batch_distance(set.shapes, &poses, &pairs, 0, n, &first);
        o.cutoff = margin_of(dist[G_COLD], n, 0.7);
    }
    double *rate[NIMPL];
    long long searches[NIMPL] = {0}, beyond = 0, by_bounds = 0, within = 0, changed = 0;
    for (int i = 0; i < NIMPL; ++i) rate[i] = xmalloc((size_t)o.frames * sizeof(double));
    FILE *csv = o.csv ? fopen(o.csv, "w") : NULL;
    if (o.csv && !csv) {
        perror(o.csv);
        return 1;
    }
    if (csv) fprintf(csv, "frame,implementation,mpairs_per_s,mean_searches\n");

    printf("W5: %d %s bodies moving up to %g units and radians per frame, %lld persistent pairs (sweep and prune "
           "over fattened boxes), %d frames, cutoff %g; gjk2d %s (%s), its poses as %s\n",
           o.bodies, o.mixed ? "mixed (3..8-gons, boxes, circles, capsules)" : "3..8-gon", o.motion, (long long)n,
           o.frames, (double)o.cutoff, gjk2d_version(), gjk2d_isa(), layout_name[o.records ? L_RECORDS : L_SOA]);
    for (int f = 0; f < o.frames; ++f) {
        poses = coherent_poses(&scene);
        if (b2) b2shim_set_poses(b2, &poses);
        if (o.records) poses = layout_records(&poses, records);
        for (int j = 0; j < NIMPL; ++j) {
            const int i = (j + f) % NIMPL;
            if ((i == B_COLD || i == B_WARM) && !b2) {
                rate[i][f] = NAN;
                continue;
            }
            const gjk2d_distance_out out = {.distance = dist[i], .iterations = iter[i], .status = status[i]};
            const double t0 = now();
            int rc = GJK2D_OK;
            switch (i) {
            case G_COLD: rc = gjk2d_batch_distance(set.shapes, &poses, &pairs, 0, n, &out); break;
            case G_COLD_CUT:
                rc = gjk2d_batch_distance_cached(set.shapes, &poses, &pairs, 0, n, NULL, o.cutoff, &out);
                break;
            case G_WARM:
                rc = gjk2d_batch_distance_cached(set.shapes, &poses, &pairs, 0, n, warm, INFINITY, &out);
                break;
            case G_CUTOFF:
                rc = gjk2d_batch_distance_cached(set.shapes, &poses, &pairs, 0, n, cut, o.cutoff, &out);
                break;
            case B_COLD: b2shim_distance_cached(b2, &pairs, 0, n, NULL, dist[i], iter[i]); break;
            case B_WARM: b2shim_distance_cached(b2, &pairs, 0, n, b2cache, dist[i], iter[i]); break;
            }
            const double t = now() - t0;
            if (rc != GJK2D_OK) {
                fprintf(stderr, "gjk2d_bench_coherence: %s: %s\n", impl_name[i], gjk2d_error_message(rc));
                return 1;
            }
            long long s = 0;
            for (int64_t k = 0; k < n; ++k) s += iter[i][k];
            searches[i] += f > 0 ? s : 0;
            rate[i][f] = (double)n / t;
            if (csv) fprintf(csv, "%d,%s,%.4f,%.4f\n", f, impl_name[i], rate[i][f] / 1e6, (double)s / (double)n);
        }
        // The pairs the cutoff did not stop: the uncut answer, bit for bit.
        for (int64_t k = 0; k < n; ++k) {
            if (status[G_COLD_CUT][k] == GJK2D_STATUS_BEYOND) {
                ++beyond;
                by_bounds += iter[G_COLD_CUT][k] == 0; // the bounding circles' test: no support search
                continue;
            }
            ++within;
            changed += memcmp(&dist[G_COLD_CUT][k], &dist[G_COLD][k], sizeof(float)) != 0 ||
                       iter[G_COLD_CUT][k] != iter[G_COLD][k];
        }
        coherent_step(&scene);
    }
    if (csv) fclose(csv);

    // Frame 0 is a cold start for every implementation: the medians are over frames 1.. .
    printf("\n| implementation | Mpairs/s (median of frames 1..%d) | support searches per query |\n|---|---|---|\n",
           o.frames - 1);
    double med[NIMPL];
    for (int i = 0; i < NIMPL; ++i) {
        med[i] = median(rate[i] + 1, o.frames - 1);
        if (isnan(rate[i][1])) {
            printf("| %s | (no Box2D peer for this scene) | |\n", impl_name[i]);
            continue;
        }
        printf("| %s | %.2f | %.3f |\n", impl_name[i], med[i] / 1e6,
               (double)searches[i] / ((double)n * (o.frames - 1)));
    }
    printf("\nwarm / cold: gjk2d %.2fx", med[G_WARM] / med[G_COLD]);
    if (b2)
        printf(", Box2D %.2fx; gjk2d warm / Box2D warm %.2fx, gjk2d cold / Box2D cold %.2fx", med[B_WARM] / med[B_COLD],
               med[G_WARM] / med[B_WARM], med[G_COLD] / med[B_COLD]);
    printf("\ncutoff %g: %.1f%% of the queries proved farther and stopped early (%.1f%% by the bounding circles "
           "alone); with / without the cutoff: cold %.2fx, warm %.2fx\n",
           (double)o.cutoff, 100.0 * (double)beyond / ((double)n * o.frames),
           100.0 * (double)by_bounds / ((double)n * o.frames), med[G_COLD_CUT] / med[G_COLD],
           med[G_CUTOFF] / med[G_WARM]);
    printf("pairs within the cutoff: %lld, of which %lld answered differently from the uncut query\n", within, changed);
    for (int i = 0; i < NIMPL; ++i) free(dist[i]), free(iter[i]), free(status[i]), free(rate[i]);
    free(warm), free(cut);
    b2shim_caches_free(b2cache);
    b2shim_destroy(b2);
    test_set_free(&set);
    coherent_free(&scene);
    free(records);
    return 0;
}
