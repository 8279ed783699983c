// SIMD kernels against the scalar reference, for every ISA this host runs natively and every SIMDe-emulated
// build (checkasm style), plus bit-identity between all of them, the range API and the dispatcher.
#include <criterion/criterion.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pairgen.h"
#include "simd/simd.h"
#include "xcheck.h"

#ifdef GJK2D_FULL_TESTS
#define RANDOM_PAIRS 1000000
#else
#define RANDOM_PAIRS 200000
#endif

/// Run every table over the set, compare each with the reference and all of them with each other.
static void check_set_pool(const char *what, const pg_set *g, int64_t chunk, const uint8_t *problems);

static void check_set(const char *what, const pg_set *g, int64_t chunk)
{
    check_set_pool(what, g, chunk, NULL);
}

/// The same, with the pool pre-validated (gjk2d_pool.problems): the kernels then trust the flags.
static void check_set_validated(const char *what, const pg_set *g, int64_t chunk)
{
    gjk2d_pool pool = pg_pool(g);
    uint8_t *problems = malloc((size_t)pool.shape_count + 1);
    cr_assert(problems);
    cr_assert_geq(gjk2d_validate_pool(&pool, problems, NULL), 0);
    check_set_pool(what, g, chunk, problems);
    free(problems);
}

static void check_set_pool(const char *what, const pg_set *g, int64_t chunk, const uint8_t *problems)
{
    gjk2d_pool pool = pg_pool(g);
    pool.problems = problems;
    gjk2d_pairs pairs = pg_pairs(g);
    xc_table tables[16];
    int nt = xc_tables(tables, 16);
    cr_assert(nt >= 1, "no SIMD kernel table available");
    xc_out ref, first;
    xc_out_alloc(&ref, pairs.count);
    xc_run(&gjk2d__scalar_table, &pool, &pairs, 0, pairs.count, pairs.count, &ref);
    xc_out_alloc(&first, pairs.count);
    int64_t failures = 0;
    for (int t = 0; t < nt; t++) {
        xc_out got;
        xc_out_alloc(&got, pairs.count);
        xc_run(tables[t].table, &pool, &pairs, 0, pairs.count, chunk, &got);
        int64_t exact = 0;
        int64_t bad = xc_compare_ref(tables[t].label, &pool, &pairs, &ref, &got, &exact);
        fprintf(stderr, "%s: %-12s %lld pairs x 3 queries, %lld outside tolerance, %lld bit-identical to the reference\n",
                what, tables[t].label, (long long)pairs.count, (long long)bad, (long long)exact);
        failures += bad;
        if (t == 0) {
            xc_out_free(&first);
            first = got;
            continue;
        }
        int64_t diff = xc_compare_exact(tables[0].label, tables[t].label, &pool, &pairs, &first, &got);
        cr_expect(diff == 0, "%s: %s and %s differ on %lld pairs (must be bit-identical)", what, tables[0].label,
                  tables[t].label, (long long)diff);
        xc_out_free(&got);
    }
    cr_expect(failures == 0, "%s: %lld pair/ISA results outside tolerance (see stderr)", what, (long long)failures);
    xc_out_free(&ref);
    xc_out_free(&first);
}

Test(simd, random_polygons, .timeout = 600)
{
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x5eed0001, RANDOM_PAIRS, 3, 8, 4096);
    check_set("random 3..8-gons", &g, 1 << 20);
    pg_free(&g);
}

// ---------------------------------------------------------------------------------------------
// Hard cases.

static int32_t add_poly(pg_set *g, const float *xy, int n)
{
    float x[128], y[128];
    for (int i = 0; i < n; i++) x[i] = xy[2 * i], y[i] = xy[2 * i + 1];
    return pg_add_vertices(g, x, y, n);
}

static int32_t add_scaled(pg_set *g, const float *xy, int n, float scale)
{
    float t[256];
    for (int i = 0; i < 2 * n; i++) t[i] = xy[i] * scale;
    return add_poly(g, t, n);
}

typedef struct proto {
    int32_t first, n;
    float radius, size;
} proto;

static int protos_hard(pg_set *g, proto *p)
{
    static const float square[] = {-1, -1, 1, -1, 1, 1, -1, 1};
    static const float diamond[] = {0, -1, 1, 0, 0, 1, -1, 0};
    static const float collinear[] = {-1, -1, 0, -1, 1, -1, 1, 0, 1, 1, 0, 1, -1, 1, -1, 0};
    static const float dup[] = {-1, -1, 1, -1, 1, -1, 1, 1, -1, 1, -1, 1};
    static const float sliver[] = {0, 0, 10, 0, 5, 0.001f};
    static const float thin[] = {-5, -0.0005f, 5, -0.0005f, 5, 0.0005f, -5, 0.0005f};
    static const float tri[] = {-1, -0.5f, 1, -0.5f, 0, 1};
    static const float seg[] = {-1, 0, 1, 0};
    static const float pt[] = {0, 0};
    static const float cw[] = {-1, -1, -1, 1, 1, 1, 1, -1}; // clockwise: invalid
    int n = 0;
    p[n++] = (proto){add_poly(g, square, 4), 4, 0.0f, 1.5f};
    p[n++] = (proto){add_poly(g, diamond, 4), 4, 0.0f, 1.0f};
    p[n++] = (proto){add_poly(g, collinear, 8), 8, 0.0f, 1.5f};
    p[n++] = (proto){add_poly(g, dup, 6), 6, 0.0f, 1.5f};
    p[n++] = (proto){add_poly(g, sliver, 3), 3, 0.0f, 10.0f};
    p[n++] = (proto){add_poly(g, thin, 4), 4, 0.0f, 5.0f};
    p[n++] = (proto){add_scaled(g, square, 4, 0.0005f), 4, 0.0f, 0.001f}; // 1 mm edges
    p[n++] = (proto){add_scaled(g, tri, 3, 0.001f), 3, 0.0f, 0.001f};
    p[n++] = (proto){add_poly(g, seg, 2), 2, 0.0f, 1.0f};
    p[n++] = (proto){add_poly(g, seg, 2), 2, 0.25f, 1.25f};          // capsule
    p[n++] = (proto){add_poly(g, pt, 1), 1, 0.0f, 0.0f};             // point
    p[n++] = (proto){add_poly(g, pt, 1), 1, 0.5f, 0.5f};             // circle
    p[n++] = (proto){add_poly(g, square, 4), 4, 0.1f, 1.6f};         // rounded box
    p[n++] = (proto){add_poly(g, tri, 3), 3, 0.0f, 1.0f};
    p[n++] = (proto){add_poly(g, cw, 4), 4, 0.0f, 1.5f};             // invalid
    pg_rng r = {77};
    const int sizes[] = {16, 64, 12};
    for (int i = 0; i < 3; i++) {
        float x[64], y[64];
        pg_polygon(&r, sizes[i], 1.0, x, y);
        p[n++] = (proto){pg_add_vertices(g, x, y, sizes[i]), sizes[i], 0.0f, 1.0f};
    }
    return n;
}

static void hard_set(pg_set *g, int per_combo)
{
    proto p[32];
    int np = protos_hard(g, p);
    pg_rng r = {0xbadcafe};
    const double bases[] = {0.0, 1.0e4, -3.0e3};
    for (int i = 0; i < np; i++) {
        for (int j = 0; j < np; j++) {
            for (int t = 0; t < per_combo; t++) {
                double bx = bases[t % 3], by = bases[(t / 3) % 3];
                double ang = pg_range(&r, -3.14159, 3.14159);
                double reach = p[i].size + p[j].size + p[i].radius + p[j].radius;
                double off = t == 0 ? 0.0 : reach * pg_range(&r, 0.0, 1.2);
                double dir = pg_range(&r, 0.0, 6.283185307179586);
                int32_t a = pg_add_shape(g, p[i].first, p[i].n, p[i].radius, (float)bx, (float)by,
                                         t == 1 ? 0.0 : ang);
                int32_t b = pg_add_shape(g, p[j].first, p[j].n, p[j].radius, (float)(bx + off * cos(dir)),
                                         (float)(by + off * sin(dir)), t == 1 ? 0.0 : pg_range(&r, -3.14159, 3.14159));
                pg_add_pair(g, a, b);
            }
        }
    }
    // Exact contact: unit squares side by side (edge-edge), a diamond's vertex on a square's edge,
    // corner to corner, and tiny gaps, at the origin and far from it.
    const float gaps[] = {0.0f, 1e-7f, 1e-6f, 1e-5f, 1e-3f, -1e-6f};
    for (int base = 0; base < 2; base++) {
        float o = base ? 1.0e4f : 0.0f;
        for (int k = 0; k < 6; k++) {
            float gp = gaps[k];
            pg_add_pair(g, pg_add_shape(g, p[0].first, 4, 0, o, o, 0), pg_add_shape(g, p[0].first, 4, 0, o + 2.0f + gp, o, 0));
            pg_add_pair(g, pg_add_shape(g, p[0].first, 4, 0, o, o, 0), pg_add_shape(g, p[1].first, 4, 0, o + 2.0f + gp, o + 0.25f, 0));
            pg_add_pair(g, pg_add_shape(g, p[0].first, 4, 0, o, o, 0), pg_add_shape(g, p[0].first, 4, 0, o + 2.0f + gp, o + 2.0f + gp, 0));
            pg_add_pair(g, pg_add_shape(g, p[1].first, 4, 0, o, o, 0), pg_add_shape(g, p[1].first, 4, 0, o + 2.0f + gp, o, 0));
            pg_add_pair(g, pg_add_shape(g, p[10].first, 1, 0, o + 1.0f + gp, o, 0), pg_add_shape(g, p[0].first, 4, 0, o, o, 0));
            pg_add_pair(g, pg_add_shape(g, p[0].first, 4, 0, o, o, 0), pg_add_shape(g, p[8].first, 2, 0, o, o + 1.0f + gp, 0));
        }
    }
    // Same shape, same pose; containment.
    for (int i = 0; i < np; i++) {
        pg_add_pair(g, pg_add_shape(g, p[i].first, p[i].n, p[i].radius, 3, 4, 0.3),
                    pg_add_shape(g, p[i].first, p[i].n, p[i].radius, 3, 4, 0.3));
        pg_add_pair(g, pg_add_shape(g, p[0].first, 4, 0, 0, 0, 0), pg_add_shape(g, p[6].first, 4, 0, 0.1f, 0.2f, 0.7));
    }
}

Test(simd, hard_cases, .timeout = 300)
{
    pg_set g;
    memset(&g, 0, sizeof g);
    hard_set(&g, 12);
    check_set("hard cases", &g, 1 << 20);
    // The same pairs through small ranges: lanes refill across range ends differently.
    check_set("hard cases, ranges of 7", &g, 7);
    check_set_validated("hard cases, pre-validated pool", &g, 1 << 20);
    pg_free(&g);
}

Test(simd, large_polygons, .timeout = 300)
{
    // 16-gons fill the fast path; 64-gons take the reference path; mixed in one batch.
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x16, 2000, 16, 16, 64);
    pg_workload(&g, 0x64, 500, 60, 64, 16);
    pg_workload(&g, 0x1664, 2000, 3, 64, 256);
    check_set("16- and 64-gons", &g, 1 << 20);
    pg_free(&g);
}

// ---------------------------------------------------------------------------------------------
// Batch sizes and ranges: 0, 1, W-1, W+1 and a prime, starting at an odd offset; nothing outside
// the range may be written.

Test(simd, batch_sizes)
{
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0xb5, 400, 3, 8, 64);
    gjk2d_pool pool = pg_pool(&g);
    gjk2d_pairs pairs = pg_pairs(&g);
    xc_out ref;
    xc_out_alloc(&ref, pairs.count);
    xc_run(&gjk2d__scalar_table, &pool, &pairs, 0, pairs.count, pairs.count, &ref);
    xc_table tables[16];
    int nt = xc_tables(tables, 16);
    for (int t = 0; t < nt; t++) {
        const int w = tables[t].table->width;
        const int64_t sizes[] = {0, 1, w - 1, w + 1, 97, 3 * w + 5};
        for (int s = 0; s < 6; s++) {
            const int64_t begin = 13, end = begin + sizes[s];
            xc_out got;
            xc_out_alloc(&got, pairs.count);
            xc_out poison;
            xc_out_alloc(&poison, pairs.count);
            xc_run(tables[t].table, &pool, &pairs, begin, end, sizes[s] > 0 ? sizes[s] : 1, &got);
            for (int64_t k = 0; k < pairs.count; k++) {
                const xc_out *want = k >= begin && k < end ? &ref : &poison;
                int same = memcmp(&got.dist[k], &want->dist[k], 4) == 0 && memcmp(&got.ax[k], &want->ax[k], 4) == 0 &&
                           got.iter[k] == want->iter[k] && got.ov[k] == want->ov[k] &&
                           memcmp(&got.sep[k], &want->sep[k], 4) == 0 && got.sst[k] == want->sst[k];
                if (!same) xc_print_pair(&pool, &pairs, k);
                cr_assert(same, "isa=%s batch [%lld, %lld): pair %lld %s", tables[t].label, (long long)begin,
                          (long long)end, (long long)k, k >= begin && k < end ? "differs from the reference" : "was written");
            }
            xc_out_free(&got);
            xc_out_free(&poison);
        }
    }
    xc_out_free(&ref);
    pg_free(&g);
}

// ---------------------------------------------------------------------------------------------
// Two threads splitting one batch with [begin, end) give the single-thread result.

typedef struct split_job {
    const gjk2d_pool *pool;
    const gjk2d_pairs *pairs;
    int64_t begin, end;
    const gjk2d_distance_out *out;
} split_job;

static void *split_run(void *arg)
{
    split_job *j = arg;
    gjk2d_batch_distance(j->pool, j->pairs, j->begin, j->end, j->out);
    return NULL;
}

Test(simd, threads_split_a_batch)
{
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x7777, 20000, 3, 8, 512);
    gjk2d_pool pool = pg_pool(&g);
    gjk2d_pairs pairs = pg_pairs(&g);
    xc_out one, two;
    xc_out_alloc(&one, pairs.count);
    xc_out_alloc(&two, pairs.count);
    gjk2d_distance_out o1 = {one.dist, one.ax, one.ay, one.bx, one.by, one.nx, one.ny, one.iter, one.st};
    gjk2d_distance_out o2 = {two.dist, two.ax, two.ay, two.bx, two.by, two.nx, two.ny, two.iter, two.st};
    cr_assert_eq(gjk2d_batch_distance(&pool, &pairs, 0, pairs.count, &o1), 0);
    split_job jobs[2] = {{&pool, &pairs, 0, 9999, &o2}, {&pool, &pairs, 9999, pairs.count, &o2}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++) pthread_create(&th[i], NULL, split_run, &jobs[i]);
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    cr_assert(memcmp(one.dist, two.dist, (size_t)pairs.count * 4) == 0);
    cr_assert(memcmp(one.ax, two.ax, (size_t)pairs.count * 4) == 0);
    cr_assert(memcmp(one.ny, two.ny, (size_t)pairs.count * 4) == 0);
    cr_assert(memcmp(one.iter, two.iter, (size_t)pairs.count * 4) == 0);
    xc_out_free(&one);
    xc_out_free(&two);
    pg_free(&g);
}

// ---------------------------------------------------------------------------------------------
// Dispatch.

Test(simd, dispatch)
{
    static const char *const names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
    for (int i = 0; i < 6; i++) {
        int ok = gjk2d_isa_supported(names[i]);
        int rc = gjk2d_set_isa(names[i]);
        if (ok) {
            cr_expect_eq(rc, GJK2D_OK, "set_isa(%s)", names[i]);
            cr_expect_str_eq(gjk2d_isa(), names[i]);
            cr_expect_eq(gjk2d_lane_width(), gjk2d__isa_table(names[i])->width);
        } else {
            cr_expect_eq(rc, GJK2D_ERR_ISA, "set_isa(%s) on a CPU or build without it", names[i]);
        }
        fprintf(stderr, "isa %-8s supported=%d cpu=%d\n", names[i], ok, gjk2d__cpu_has(names[i]));
    }
    cr_expect_eq(gjk2d_set_isa("bogus"), GJK2D_ERR_ISA);
    cr_expect_eq(gjk2d_set_isa(NULL), GJK2D_ERR_ISA);
    cr_expect(gjk2d_isa_supported("scalar"));
    cr_expect(!gjk2d_isa_supported("bogus"));
    cr_expect_eq(gjk2d_set_isa("auto"), GJK2D_OK);
    cr_expect_eq(gjk2d_lane_width(), gjk2d__active()->width);
    cr_expect_str_neq(gjk2d_isa(), "scalar", "auto should pick a SIMD kernel on any host with a SIMD build");
}

// The environment variable is read at the first batch call; Criterion runs each test in a fresh process.
Test(simd, env_forces_isa)
{
    setenv("GJK2D_ISA", "scalar", 1);
    cr_expect_str_eq(gjk2d_isa(), "scalar");
    cr_expect_eq(gjk2d_lane_width(), 1);
}

Test(simd, env_unknown_isa_falls_back)
{
    setenv("GJK2D_ISA", "avx1024", 1);
    cr_expect_str_neq(gjk2d_isa(), "avx1024");
    cr_expect_str_eq(gjk2d_isa(), gjk2d__active()->name);
    cr_expect_neq(gjk2d__active(), NULL);
}

// The cross-check must exercise the SIMD path, not the reference it falls back to: every pair of a
// random 3..8-gon set goes through the lanes, and lanes are refilled (every lane-step is used until the
// range runs dry).
Test(simd, fast_path_taken)
{
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0xfa57, 5000, 3, 8, 256);
    gjk2d_pool pool = pg_pool(&g);
    gjk2d_pairs pairs = pg_pairs(&g);
    xc_table tables[16];
    int nt = xc_tables(tables, 16);
    xc_out o;
    xc_out_alloc(&o, pairs.count);
    gjk2d_distance_out d = {o.dist, o.ax, o.ay, o.bx, o.by, o.nx, o.ny, o.iter, o.st};
    for (int t = 0; t < nt; t++) {
        gjk2d__simd_stats_enable(1);
        tables[t].table->distance(&pool, &pairs, 0, pairs.count, &d);
        gjk2d_simd_stats s;
        gjk2d__simd_stats_get(&s);
        gjk2d__simd_stats_enable(0);
        cr_expect_eq(s.pairs, pairs.count, "isa=%s: %lld of %lld pairs through the lanes", tables[t].label,
                     (long long)s.pairs, (long long)pairs.count);
        cr_expect_eq(s.slow_pairs, 0, "isa=%s", tables[t].label);
        double use = (double)s.lane_steps / (double)s.lane_slots;
        // Lockstep blocks of W consecutive pairs, bounded at 4 iterations with the slower pairs restarted
        // in blocks of their own: on this workload the distribution of iterations gives about 2/3 useful
        // lane steps (measured 0.65 to 0.72 for W = 16 to 4). Blocks running to their slowest lane
        // instead would give about 0.5.
        cr_expect(use > 0.6, "isa=%s: lane use %.3f", tables[t].label, use);
        fprintf(stderr, "%-12s lanes %2d: mean iterations %.3f, lane use %.1f%%\n", tables[t].label,
                tables[t].table->width, (double)s.lane_iterations / (double)s.pairs, 100.0 * use);
    }
    xc_out_free(&o);
    pg_free(&g);
}

// Rounded pairs of the boolean query run through the distance lanes (not the reference) and agree with
// the reference bit for bit (check_set covers the values; this checks the path).
Test(simd, rounded_overlap_uses_lanes)
{
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x20d, 3000, 3, 8, 128);
    for (int32_t i = 0; i < g.ns; i += 2) g.radius[i] = 0.25f; // every pair has a rounded A
    gjk2d_pool pool = pg_pool(&g);
    gjk2d_pairs pairs = pg_pairs(&g);
    xc_table tables[16];
    int nt = xc_tables(tables, 16);
    xc_out o;
    xc_out_alloc(&o, pairs.count);
    gjk2d_overlap_out v = {o.ov, o.oiter, o.ost};
    for (int t = 0; t < nt; t++) {
        gjk2d__simd_stats_enable(1);
        tables[t].table->overlap(&pool, &pairs, 0, pairs.count, &v);
        gjk2d_simd_stats s;
        gjk2d__simd_stats_get(&s);
        gjk2d__simd_stats_enable(0);
        cr_expect_eq(s.pairs, pairs.count, "isa=%s: %lld of %lld rounded pairs through the distance lanes",
                     tables[t].label, (long long)s.pairs, (long long)pairs.count);
        cr_expect_eq(s.slow_pairs, 0, "isa=%s", tables[t].label);
    }
    xc_out_free(&o);
    check_set("rounded pairs", &g, 1 << 20);
    pg_free(&g);
}
