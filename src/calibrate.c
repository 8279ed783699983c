// SPDX-License-Identifier: MIT
// auto's measurement: which implementation answers each query fastest on this CPU. Every implementation
// gives bit-identical results, so the choice changes only the speed. A fixed block of pairs of 3..8-gons
// (about half of them overlapping) runs through each candidate a few times, interleaved, and the
// fastest run of each counts: about a millisecond, once per process.
#include <math.h>
#include <time.h>

#include "kernels.h"

enum { CAL_SHAPES = 32, CAL_PAIRS = 512, CAL_REPS = 7 };
/// How much faster than the preferred candidate another must run to be chosen.
#define CAL_MARGIN 0.03

static double seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

int gjk2d__calibrate(const gjk2d_kernel_table *const *candidates, int n, const gjk2d_kernel_table *fastest[3]) {
    float vx[CAL_SHAPES * 8], vy[CAL_SHAPES * 8], px[CAL_SHAPES], py[CAL_SHAPES], c[CAL_SHAPES], s[CAL_SHAPES];
    int32_t count[CAL_SHAPES], a[CAL_PAIRS], b[CAL_PAIRS];
    int64_t nv = 0;
    for (int k = 0; k < CAL_SHAPES; k++) {
        count[k] = 3 + k % 6;
        for (int i = 0; i < count[k]; i++, nv++) {
            const double angle = 0.7 * k + 6.283185307179586 * i / count[k];
            vx[nv] = (float)cos(angle), vy[nv] = (float)sin(angle);
        }
        // Unit polygons on a grid of pitch 1.5: neighbours overlap, the others are apart.
        px[k] = 1.5f * (float)(k % 8), py[k] = 1.5f * (float)(k / 8);
        c[k] = (float)cos(0.37 * k), s[k] = (float)sin(0.37 * k);
    }
    for (int i = 0; i < CAL_PAIRS; i++) a[i] = i % CAL_SHAPES, b[i] = (i * 7 + 1) % CAL_SHAPES;
    const gjk2d_geometry geometry = {vx, vy, nv, count, NULL, NULL, CAL_SHAPES};
    _Alignas(64) unsigned char memory[4096];
    const gjk2d_shapes *shapes;
    if (gjk2d_shapes_size(&geometry) > (int64_t)sizeof memory ||
        gjk2d_shapes_prepare(&geometry, memory, sizeof memory, &shapes, NULL, NULL) != 0)
        return 0;
    const gjk2d_poses poses = {px, py, c, s, CAL_SHAPES, 0, GJK2D_FLOAT32};
    const gjk2d_pairs pairs = {a, b, CAL_PAIRS};

    float distance[CAL_PAIRS];
    uint8_t status[CAL_PAIRS];
    gjk2d_distance_out dout = {0};
    dout.distance = distance, dout.status = status;
    const gjk2d_overlap_out oout = {status, NULL, NULL};
    const gjk2d_sat_out sout = {status, distance, NULL, NULL, NULL};

    double best[GJK2D_MAX_LANES][3];
    for (int i = 0; i < n; i++) best[i][0] = best[i][1] = best[i][2] = INFINITY;
    for (int rep = 0; rep < CAL_REPS; rep++) {
        for (int i = 0; i < n; i++) {
            const gjk2d_kernel_table *t = candidates[i];
            double t0 = seconds();
            t->distance(shapes, &poses, &pairs, 0, CAL_PAIRS, &dout);
            double t1 = seconds();
            t->overlap(shapes, &poses, &pairs, 0, CAL_PAIRS, &oout);
            double t2 = seconds();
            t->sat(shapes, &poses, &pairs, 0, CAL_PAIRS, &sout);
            double t3 = seconds();
            best[i][0] = fmin(best[i][0], t1 - t0);
            best[i][1] = fmin(best[i][1], t2 - t1);
            best[i][2] = fmin(best[i][2], t3 - t2);
        }
    }
    // The candidates come in order of preference (the widest first). A later one is chosen only when it
    // is clearly faster: this small in-cache batch moves by a few per cent from process to process, and
    // a near tie went either way (the overlap query on AMD Zen 4: avx2 in 7 of 30 processes, 2-4 of 40
    // with the margin, while on large batches avx512 runs it 1.06-1.08x faster).
    for (int q = 0; q < 3; q++) {
        int w = 0;
        for (int i = 1; i < n; i++)
            if (best[i][q] < best[w][q] * (1.0 - CAL_MARGIN)) w = i;
        fastest[q] = candidates[w];
    }
    return 1;
}
