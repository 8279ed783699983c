// SPDX-License-Identifier: MIT
// Benchmark of the casts: gjk2d's batch shape cast, ray cast, point query and time of impact, each on the
// scalar reference (the "scalar" table, item by item) and on the kernels (GJK2D_ISA, default auto), against
// Box2D 2.4.1's b2ShapeCast, polygon / circle RayCast and b2TimeOfImpact on the same items (Box2D has no
// closest-point query), in one process, single thread, interleaved: each repetition runs all of them once
// and the ratios are taken within it; the medians of the repetitions are reported. The time of impact has
// no kernel: both gjk2d columns run the reference. Inputs: the cast tests' generators (about unit shapes of
// 3..8 vertices, circles and capsules, radii at least b2_polygonRadius; rays at polygons without radius and
// circles, and those at polygons alone as a row of their own; query points within 2 of the shape's position;
// sweeps rotating up to b2_maxRotation a step). Box2D's ray shapes are built once, as gjk2d's set is prepared.
// Every timed call follows an untimed run of itself (WARM_TIMED).
// Usage: gjk2d_bench_casts [items (default 200000)] [repetitions (default 7)] [query]
// A query named (shape-cast, ray, point, toi, ray-polygons) is the only one timed: for profiles.
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cast_oracle.h"
#include "peers/box2d_casts.h"
#include "support.h"

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

static int cmp(const void *a, const void *b) {
    const double x = *(const double *)a, y = *(const double *)b;
    return x < y ? -1 : x > y;
}

static double median(double *v, int n) {
    qsort(v, (size_t)n, sizeof *v, cmp);
    return n % 2 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

enum { QUERIES = 5, REFERENCE = 0, KERNEL = 1, BOX2D = 2 };

/// One repetition's ns per item of query `q` on the reference, the kernels and Box2D (0: no peer).
typedef double timing[QUERIES][3][99];

static void report(const char *what, double (*t)[99], int reps) {
    double ratio_b[99], ratio_r[99];
    for (int i = 0; i < reps; i++) ratio_b[i] = t[BOX2D][i] / t[KERNEL][i], ratio_r[i] = t[REFERENCE][i] / t[KERNEL][i];
    const double box2d = median(t[BOX2D], reps);
    printf("| %-14s | %8.1f | %8.1f | ", what, median(t[REFERENCE], reps), median(t[KERNEL], reps));
    if (box2d > 0.0)
        printf("%8.1f | %5.2f |", box2d, median(ratio_b, reps));
    else
        printf("       - |     - |");
    printf(" %5.2f |\n", median(ratio_r, reps));
}

/// Seconds of `call`, timed after an untimed run of the same call (its warm-up, as the main bench's entries
/// have): each timed run then finds its own data in the caches, whatever ran before it. Without it, a
/// timing depended on its predecessor: Box2D's polygon rays ran right after its rays at the same shapes,
/// gjk2d's after the time of impact on another set (t0 is the caller's).
#define WARM_TIMED(call) ((call), t0 = now(), (call), now() - t0)
/// WARM_TIMED on the implementation `isa` (the dispatch switched to it first).
#define TIMED(isa, call) (gjk2d_set_isa(isa), WARM_TIMED(call))

int main(int argc, char **argv) {
    const int64_t n = argc > 1 ? atoll(argv[1]) : 200000;
    const int reps = argc > 2 ? atoi(argv[2]) : 7;
    static const char *const keys[QUERIES] = {"shape-cast", "ray", "point", "toi", "ray-polygons"};
    int only = -1;
    for (int i = 0; argc > 3 && i < QUERIES; i++)
        if (!strcmp(argv[3], keys[i])) only = i;
    if (n <= 0 || reps <= 0 || reps > 99 || (argc > 3 && only < 0) || argc > 4) {
        fprintf(stderr, "usage: %s [items > 0] [repetitions 1..99] [shape-cast|ray|point|toi|ray-polygons]\n", argv[0]);
        return 2;
    }
    // Shapes: one per item for A and one for B (2n shapes), their poses and sweeps.
    const int32_t ns = (int32_t)(2 * n);
    cast_shape *cs = xmalloc((size_t)ns * sizeof *cs);
    gjk2d_shape *shapes = xmalloc((size_t)ns * sizeof *shapes);
    gjk2d_pose *poses = xmalloc((size_t)ns * sizeof *poses);
    gjk2d_sweep *sw = xmalloc((size_t)ns * sizeof *sw);
    int32_t *ia = xmalloc((size_t)n * sizeof *ia), *ib = xmalloc((size_t)n * sizeof *ib);
    float *tx = xmalloc((size_t)n * sizeof *tx), *ty = xmalloc((size_t)n * sizeof *ty);
    gjk2d_ray *rays = xmalloc((size_t)n * sizeof *rays);
    float *ox = xmalloc((size_t)n * 7 * sizeof *ox), *oy = ox + n, *dx = oy + n, *dy = dx + n, *mf = dy + n;
    float *qx = mf + n, *qy = qx + n;
    oracle_rng r = oracle_rng_seed(77);
    for (int32_t k = 0; k < ns; k++) {
        cast_random_shape(&r, &cs[k], 0);
        if (cs[k].s.radius < B2C_POLYGON_RADIUS)
            cs[k].s.radius = B2C_POLYGON_RADIUS; // Box2D's shape cast raises every radius to this
        shapes[k] = cs[k].s;
        poses[k] = oracle_random_pose(&r, 3.0);
    }
    for (int64_t k = 0; k < n; k++) {
        ia[k] = (int32_t)(2 * k), ib[k] = (int32_t)(2 * k + 1);
        const gjk2d_pose pa = poses[ia[k]], pb = poses[ib[k]];
        const gjk2d_vec2 t = cast_random_toward(&r, pb.px, pb.py, pa.px, pa.py, 1.0, 1.0);
        tx[k] = t.x, ty[k] = t.y;
        sw[ia[k]] = cast_random_sweep(&r, &cs[ia[k]], 0.0, 0.0, B2C_MAX_ROTATION);
        sw[ib[k]] = cast_random_sweep(&r, &cs[ib[k]], sw[ia[k]].c1.x, sw[ia[k]].c1.y, B2C_MAX_ROTATION);
        rays[k] = cast_random_ray(&r, &pa, 0, 1.0);
        ox[k] = rays[k].origin.x, oy[k] = rays[k].origin.y;
        dx[k] = rays[k].translation.x, dy[k] = rays[k].translation.y, mf[k] = rays[k].max_fraction;
        qx[k] = (float)(pa.px + oracle_uniform(&r, -2.0, 2.0)), qy[k] = (float)(pa.py + oracle_uniform(&r, -2.0, 2.0));
    }
    // Rays go at A's shapes; Box2D has no capsule ray cast and polygons' ray casts ignore the radius, so those
    // shapes are a second set: polygons without radius, circles kept, capsules made circles.
    cast_shape *rs = xmalloc((size_t)ns * sizeof *rs);
    gjk2d_shape *ray_shapes = xmalloc((size_t)ns * sizeof *ray_shapes);
    for (int32_t k = 0; k < ns; k++) {
        rs[k] = cs[k];
        rs[k].s.vertices = rs[k].v;
        if (rs[k].s.count >= 3) rs[k].s.radius = 0.0f;
        if (rs[k].s.count == 2) rs[k].s.count = 1;
        ray_shapes[k] = rs[k].s;
    }
    test_set set, ray_set;
    if (test_set_from_shapes(&set, shapes, poses, ns, NULL) != 0 ||
        test_set_from_shapes(&ray_set, ray_shapes, poses, ns, NULL) != 0) {
        fprintf(stderr, "preparing the shape sets failed\n");
        return 1;
    }
    // Sweeps as the batch call takes them.
    float *sv = xmalloc((size_t)ns * 8 * sizeof *sv);
    gjk2d_sweeps sweeps = {sv,          sv + ns,     sv + 2 * ns, sv + 3 * ns, sv + 4 * ns,
                           sv + 5 * ns, sv + 6 * ns, sv + 7 * ns, ns};
    for (int32_t k = 0; k < ns; k++) {
        sv[k] = sw[k].local_center.x, sv[ns + k] = sw[k].local_center.y;
        sv[2 * ns + k] = sw[k].c0.x, sv[3 * ns + k] = sw[k].c0.y, sv[4 * ns + k] = sw[k].c1.x;
        sv[5 * ns + k] = sw[k].c1.y, sv[6 * ns + k] = sw[k].a0, sv[7 * ns + k] = sw[k].a1;
    }
    const gjk2d_pairs pairs = {ia, ib, n};
    const gjk2d_translations trans = {tx, ty};
    const gjk2d_rays ray_list = {ia, ox, oy, dx, dy, mf, n};
    // The rays at polygons alone (Box2D's polygon ray cast against gjk2d's clipping pass): those items
    // compacted into a list of their own.
    int64_t np = 0;
    int32_t *ip = xmalloc((size_t)n * sizeof *ip);
    gjk2d_ray *prays = xmalloc((size_t)n * sizeof *prays);
    float *pox = xmalloc((size_t)n * 5 * sizeof *pox), *poy = pox + n, *pdx = poy + n, *pdy = pdx + n, *pmf = pdy + n;
    for (int64_t k = 0; k < n; k++) {
        if (ray_shapes[ia[k]].count < 3) continue;
        ip[np] = ia[k], prays[np] = rays[k];
        pox[np] = ox[k], poy[np] = oy[k], pdx[np] = dx[k], pdy[np] = dy[k], pmf[np] = mf[k];
        np++;
    }
    const gjk2d_rays poly_list = {ip, pox, poy, pdx, pdy, pmf, np};
    const double per_poly = 1e9 / (double)(np ? np : 1);
    // Box2D's shapes built once, as gjk2d's set is prepared once.
    b2c_ray_shapes *b2rays = b2c_ray_shapes_new(ray_shapes, poses, ns);
    float *fraction = xmalloc((size_t)n * sizeof *fraction), *fb = xmalloc((size_t)n * sizeof *fb);
    uint8_t *state = xmalloc((size_t)n);
    float *cpx = xmalloc((size_t)n * 4 * sizeof *cpx), *cpy = cpx + n, *cnx = cpy + n, *cny = cnx + n;
    int32_t *iterations = xmalloc((size_t)n * sizeof *iterations);
    // What Box2D's calls compute: b2ShapeCast the fraction, point and normal; a ray cast the fraction and normal.
    const gjk2d_cast_out out = {state, fraction, cpx, cpy, cnx, cny, NULL, NULL};
    const gjk2d_cast_out ray_out = {state, fraction, NULL, NULL, cnx, cny, NULL, NULL};
    const gjk2d_toi_out tout = {state, fraction, NULL, NULL, NULL};

    const gjk2d_points points = {ia, qx, qy, n};
    float *dist = xmalloc((size_t)n * sizeof *dist);
    const gjk2d_point_out pout = {NULL, dist, NULL, NULL, NULL, NULL, NULL};

    const char *isa = getenv("GJK2D_ISA") && *getenv("GJK2D_ISA") ? getenv("GJK2D_ISA") : "auto";
    if (gjk2d_set_isa(isa) != 0) {
        fprintf(stderr, "GJK2D_ISA=%s: this build or CPU cannot run it\n", isa);
        return 1;
    }
    const double per = 1e9 / (double)n;
    static timing t;
    double t0;
#define WANTED(q) (only < 0 || only == (q))
    for (int rep = 0; rep < reps; rep++) {
        const char *on[2] = {"scalar", isa};
        for (int i = 0; i < 2; i++) {
            if (WANTED(0))
                t[0][i][rep] = per * TIMED(on[i], gjk2d_batch_cast(set.shapes, &set.poses, &pairs, &trans, 0, n, &out));
            if (WANTED(1))
                t[1][i][rep] =
                    per * TIMED(on[i], gjk2d_batch_ray(ray_set.shapes, &ray_set.poses, &ray_list, 0, n, &ray_out));
            if (WANTED(2))
                t[2][i][rep] = per * TIMED(on[i], gjk2d_batch_point(set.shapes, &set.poses, &points, 0, n, &pout));
            if (WANTED(3))
                t[3][i][rep] = per * TIMED(on[i], gjk2d_batch_toi(set.shapes, &sweeps, &pairs, -3.0f * B2C_LINEAR_SLOP,
                                                                  0.25f * B2C_LINEAR_SLOP, 0, n, &tout));
            if (WANTED(4))
                t[4][i][rep] = per_poly * TIMED(on[i], gjk2d_batch_ray(ray_set.shapes, &ray_set.poses, &poly_list, 0,
                                                                       np, &ray_out));
        }
        if (WANTED(0)) t[0][BOX2D][rep] = per * WARM_TIMED(b2c_shape_cast_many(shapes, poses, ia, ib, tx, ty, n, fb));
        if (WANTED(1)) t[1][BOX2D][rep] = per * WARM_TIMED(b2c_ray_prepared_many(b2rays, ia, rays, n, fb));
        if (WANTED(4)) t[4][BOX2D][rep] = per_poly * WARM_TIMED(b2c_ray_prepared_many(b2rays, ip, prays, np, fb));
        t[2][BOX2D][rep] = 0.0;
        if (WANTED(3)) t[3][BOX2D][rep] = per * WARM_TIMED(b2c_toi_many(shapes, sw, ia, ib, n, fb));
    }
    gjk2d_set_isa(isa);
    printf("casts: %lld items, %d repetitions, one thread; kernels: %s (%s)\n\n", (long long)n, reps, isa,
           gjk2d_isa_reason());
    printf("| query          | reference ns | kernel ns | Box2D ns | Box2D / kernel | reference / kernel |\n"
           "|---|---|---|---|---|---|\n");
    const char *names[QUERIES] = {"shape cast", "ray cast", "point query", "time of impact", "ray, polygons"};
    for (int i = 0; i < QUERIES; i++)
        if (WANTED(i)) report(names[i], t[i], reps);
    if (WANTED(0)) {
        // Iterations per shape cast (untimed): GJK ray-cast turns for gjk2d, b2ShapeCast's for Box2D.
        const gjk2d_cast_out iout = {state, fraction, NULL, NULL, NULL, NULL, iterations, NULL};
        gjk2d_batch_cast(set.shapes, &set.poses, &pairs, &trans, 0, n, &iout);
        double g = 0.0, b = 0.0;
        for (int64_t k = 0; k < n; k++) {
            b2c_cast c;
            b2c_shape_cast(&shapes[ia[k]], &poses[ia[k]], &shapes[ib[k]], &poses[ib[k]], (gjk2d_vec2){tx[k], ty[k]},
                           &c);
            g += iterations[k], b += c.iterations;
        }
        printf("\nshape cast iterations per item: gjk2d %.2f, Box2D %.2f\n", g / (double)n, b / (double)n);
    }
    free(dist), free(cpx), free(iterations);
    test_set_free(&set);
    test_set_free(&ray_set);
    free(cs), free(shapes), free(poses), free(sw), free(ia), free(ib), free(tx), free(ty), free(rays), free(ox);
    free(rs), free(ray_shapes), free(sv), free(fraction), free(fb), free(state);
    b2c_ray_shapes_free(b2rays);
    free(ip), free(prays), free(pox);
    return 0;
}
