// SPDX-License-Identifier: MIT
// The manifold kernel of every table this host runs, native and SIMDe-emulated (xc_tables), against the
// reference (the scalar table, ref_manifold pair by pair): every output field bit for bit, on W1- and W2-like
// random polygons, the hard cases (tests/support/pairgen.h), pairs near contact of every kind at scales 1e-4 to
// 1e4 and far from the origin, vertices that turn near the straightness slack (the kernel's screen), and resting
// sequences (faces nearly parallel, points crossing side planes);
// margins 0 and above; whole blocks, ranges of odd sizes, windows ordered by kind, and outputs with fields left out.
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "manifold_check.h"
#include "pairgen.h"
#include "simd/simd.h"
#include "xcheck.h"

// Sizes: the emulated tables are slow, and CI runs the full size; a one-off check builds with -DRANDOM_PAIRS=N.
#ifndef RANDOM_PAIRS
#ifdef GJK2D_FULL_TESTS
#define RANDOM_PAIRS 100000
#else
#define RANDOM_PAIRS 20000
#endif
#endif
/// The pairs of the second pass (ranges of 7, no anchors): the first of them only.
#define RANGE_PASS_PAIRS 5000

/// Every field of a batch manifold's output, filled with a pattern no answer has (a field left unwritten shows).
typedef struct mf_arrays {
    uint8_t *count, *reference, *status;
    float *f[16]; ///< nx, ny, then per point: px, py, anchor_ax, anchor_ay, anchor_bx, anchor_by, separation
    uint32_t *id[2];
    gjk2d_manifold_out out;
} mf_arrays;

static const char *const field_name[16] = {
    "nx",           "ny",           "px[0]",         "py[0]",        "anchor_ax[0]", "anchor_ay[0]",
    "anchor_bx[0]", "anchor_by[0]", "separation[0]", "px[1]",        "py[1]",        "anchor_ax[1]",
    "anchor_ay[1]", "anchor_bx[1]", "anchor_by[1]",  "separation[1]"};

static void *filled(int64_t n, size_t size) {
    void *p = malloc((size_t)n * size + 1);
    cr_assert(p);
    memset(p, 0xa5, (size_t)n * size);
    return p;
}

/// `anchors`: 0 leaves the anchors out (what a solver that only reads points asks for).
static void mf_alloc(mf_arrays *a, int64_t n, int anchors) {
    memset(a, 0, sizeof *a);
    a->count = filled(n, 1), a->reference = filled(n, 1), a->status = filled(n, 1);
    for (int q = 0; q < 16; q++) {
        const int anchor = (q >= 4 && q <= 7) || (q >= 11 && q <= 14);
        a->f[q] = anchor && !anchors ? NULL : filled(n, sizeof(float));
    }
    a->id[0] = filled(n, sizeof(uint32_t)), a->id[1] = filled(n, sizeof(uint32_t));
    gjk2d_manifold_out *o = &a->out;
    o->count = a->count, o->reference = a->reference, o->status = a->status;
    o->nx = a->f[0], o->ny = a->f[1];
    for (int i = 0; i < 2; i++) {
        float *const *f = a->f + 2 + 7 * i;
        o->px[i] = f[0], o->py[i] = f[1], o->anchor_ax[i] = f[2], o->anchor_ay[i] = f[3];
        o->anchor_bx[i] = f[4], o->anchor_by[i] = f[5], o->separation[i] = f[6];
        o->id[i] = a->id[i];
    }
}

static void mf_free(mf_arrays *a) {
    free(a->count), free(a->reference), free(a->status), free(a->id[0]), free(a->id[1]);
    for (int q = 0; q < 16; q++) free(a->f[q]);
}

static void mf_run(const gjk2d_kernel_table *t, const test_set *s, const gjk2d_pairs *pairs, float margin,
                   int64_t chunk, mf_arrays *a) {
    for (int64_t b = 0; b < pairs->count; b += chunk) {
        const int64_t e = b + chunk < pairs->count ? b + chunk : pairs->count;
        t->manifold(s->shapes, &s->poses, pairs, b, e, margin, &a->out);
    }
}

/// Pairs where `got` differs from `ref` in any field `got` has, bit for bit; the first few are printed.
static int64_t mf_compare(const char *what, const char *label, const test_set *s, const gjk2d_pairs *pairs,
                          const mf_arrays *ref, const mf_arrays *got) {
    int64_t bad = 0;
    for (int64_t k = 0; k < pairs->count; k++) {
        const char *field = NULL;
        if (ref->count[k] != got->count[k]) field = "count";
        if (ref->reference[k] != got->reference[k]) field = "reference";
        if (ref->status[k] != got->status[k]) field = "status";
        for (int i = 0; i < 2; i++)
            if (ref->id[i][k] != got->id[i][k]) field = i ? "id[1]" : "id[0]";
        for (int q = 0; q < 16; q++)
            if (got->f[q] && memcmp(&ref->f[q][k], &got->f[q][k], sizeof(float))) field = field_name[q];
        if (!field) continue;
        if (++bad <= 5) {
            fprintf(stderr, "%s, %s: pair %lld differs from the reference in %s\n", what, label, (long long)k, field);
            fprintf(stderr, "  count %d / %d, reference %d / %d, ids %08x %08x / %08x %08x\n", ref->count[k],
                    got->count[k], ref->reference[k], got->reference[k], ref->id[0][k], ref->id[1][k], got->id[0][k],
                    got->id[1][k]);
            for (int q = 0; q < 16; q++)
                if (got->f[q])
                    fprintf(stderr, "  %-13s %.9g / %.9g\n", field_name[q], (double)ref->f[q][k], (double)got->f[q][k]);
            xc_print_pair(s, &s->poses, pairs, k);
        }
    }
    return bad;
}

/// Every table against the reference on the set's pairs: the whole range with all fields, then ranges of `range`
/// pairs without the anchors over the first RANGE_PASS_PAIRS.
static void check_tables_ranges(const char *what, const test_set *s, const gjk2d_pairs *pairs, float margin,
                                int64_t range) {
    xc_table tables[16];
    const int nt = xc_tables(tables, 16);
    cr_assert(nt >= 1, "no SIMD kernel table available");
    mf_arrays ref;
    mf_alloc(&ref, pairs->count, 1);
    mf_run(&gjk2d__scalar_table, s, pairs, margin, pairs->count, &ref);
    int64_t contacts = 0;
    for (int64_t k = 0; k < pairs->count; k++) contacts += ref.count[k] > 0;
    for (int i = 0; i < nt; i++) {
        for (int pass = 0; pass < 2; pass++) {
            gjk2d_pairs run = *pairs;
            if (pass == 1 && run.count > RANGE_PASS_PAIRS) run.count = RANGE_PASS_PAIRS;
            mf_arrays got;
            mf_alloc(&got, run.count, pass == 0);
            mf_run(tables[i].table, s, &run, margin, pass == 0 ? run.count : range, &got);
            const int64_t bad = mf_compare(what, tables[i].label, s, &run, &ref, &got);
            if (pass == 0)
                fprintf(stderr,
                        "%s, margin %g: %-12s %lld pairs (%lld with contacts), %lld differ from the reference\n", what,
                        (double)margin, tables[i].label, (long long)pairs->count, (long long)contacts, (long long)bad);
            cr_expect(bad == 0, "%s, margin %g, %s%s: %lld pairs differ from the reference (see stderr)", what,
                      (double)margin, tables[i].label, pass ? " (ranges, no anchors)" : "", (long long)bad);
            mf_free(&got);
        }
    }
    mf_free(&ref);
}

/// Ranges of 7: no range holds a whole window (lanes_tmpl.h, LWINDOW), so every block keeps the pairs' order.
static void check_tables(const char *what, const test_set *s, const gjk2d_pairs *pairs, float margin) {
    check_tables_ranges(what, s, pairs, margin, 7);
}

static void check_generated(const char *what, const pg_set *g, float margin) {
    gjk2d_geometry geo = pg_geometry(g);
    test_set t;
    cr_assert_geq(test_set_make(&t, &geo, g->px, g->py, g->c, g->s, NULL), 0);
    gjk2d_pairs pairs = pg_pairs(g);
    check_tables(what, &t, &pairs, margin);
    test_set_free(&t);
}

Test(simd_manifold, w1_and_w2_polygons) {
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x3a1f0001, RANDOM_PAIRS, 3, 8, 4096); // W1's kind: 3..8-gons, half of them overlapping
    check_generated("3..8-gons", &g, 0.0f);
    check_generated("3..8-gons", &g, 0.05f);
    pg_free(&g);
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x3a1f0002, RANDOM_PAIRS / 4, 8, 8, 4096); // W2's kind: 8-gons
    check_generated("8-gons", &g, 0.0f);
    pg_free(&g);
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x3a1f0003, RANDOM_PAIRS / 4, 3, 4, 1024); // blocks of LANE_SMALL columns
    check_generated("3..4-gons", &g, 0.0f);
    check_generated("3..4-gons", &g, 0.05f);
    pg_free(&g);
}

Test(simd_manifold, points_and_segments) {
    // Blocks of at most LANE_TINY vertices per shape, over 1 or 2 columns (lanes_tmpl.h): sharp, then rounded
    // (circles and capsules); the points alone, over 1.
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x3a1f0004, RANDOM_PAIRS / 4, 1, 2, 1024);
    check_generated("points and segments", &g, 0.05f);
    for (int32_t i = 0; i < g.ns; i++) g.radius[i] = 0.5f;
    check_generated("circles and capsules", &g, 0.0f);
    check_generated("circles and capsules", &g, 0.1f);
    pg_free(&g);
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x3a1f0005, RANDOM_PAIRS / 8, 1, 1, 1024);
    for (int32_t i = 0; i < g.ns; i++) g.radius[i] = 0.75f;
    check_generated("circles", &g, 0.0f);
    pg_free(&g);
}

Test(simd_manifold, polygons_against_points_and_segments) {
    // Runs of 64 pairs of a polygon against points or segments (pg_points_and_segments_in_runs): whole blocks
    // whose shapes have column bounds of their own, a row against one or two columns (lanes_tmpl.h,
    // lane_own_columns), sharp and rounded.
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x3a1f0061, RANDOM_PAIRS / 4, 3, 8, 1024);
    pg_points_and_segments_in_runs(&g, 64);
    check_generated("polygons against points and segments", &g, 0.05f);
    for (int32_t i = 0; i < g.ns; i++) g.radius[i] = 0.25f;
    check_generated("rounded polygons against circles and capsules", &g, 0.0f);
    check_generated("rounded polygons against circles and capsules", &g, 0.1f);
    pg_free(&g);
}

/// Every table against the reference on `g`'s pairs (half of its shapes rounded) in ranges of 300, which start
/// windows inside the pair list and end with a partial one; then again with the pairs of two points in every
/// other stretch of 128 pairs on a bad pose.
static void check_kinds(const char *what, pg_set *g, uint64_t seed) {
    oracle_rng r = {seed};
    for (int32_t i = 0; i < g->ns; i++) g->radius[i] = pg_int(&r, 0, 1) ? 0.1f : 0.0f;
    gjk2d_geometry geo = pg_geometry(g);
    gjk2d_pairs pairs = pg_pairs(g);
    for (int pass = 0; pass < 2; pass++) {
        if (pass == 1)
            for (int64_t k = 0; k < g->np; k++)
                if (g->count[g->pa[k]] == 1 && g->count[g->pb[k]] == 1 && (k / 128) % 2 == 0) g->px[g->pa[k]] = NAN;
        char label[96];
        snprintf(label, sizeof label, "%s%s", what, pass ? ", bad poses" : "");
        test_set t;
        cr_assert_geq(test_set_make(&t, &geo, g->px, g->py, g->c, g->s, NULL), 0);
        check_tables_ranges(label, &t, &pairs, 0.0f, 300);
        check_tables_ranges(label, &t, &pairs, 0.05f, 300);
        test_set_free(&t);
    }
}

Test(simd_manifold, windows_ordered_by_kind) {
    // Windows whose first block mixes kinds run ordered by kind on at most 8 lanes (manifold_tmpl.h,
    // MF_ORDERS_KINDS, mf_window_sort; 16 lanes keep the order and are checked the same), their answers
    // written at the pairs' indices after the window: points, segments and 3..8-gons; points and segments, a
    // quarter of the pairs two points, so that the bad poses leave blocks of one kind that the reference
    // answers whole.
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x3a1f0007, RANDOM_PAIRS / 4, 1, 8, 1024);
    check_kinds("points, segments and polygons", &g, 0x3a1f0008);
    pg_free(&g);
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x3a1f0009, RANDOM_PAIRS / 4, 1, 2, 1024);
    check_kinds("points and segments", &g, 0x3a1f000a);
    pg_free(&g);
}

Test(simd_manifold, hard_cases) {
    // Squares edge to edge and corner to corner, collinear and duplicated vertices, slivers, 1 mm shapes,
    // segments, points, circles, capsules, rounded boxes, an invalid shape, 12-, 16- and 64-gons; exact contact and
    // tiny gaps at the origin and at 1e4.
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_hard_cases(&g, 12);
    check_generated("hard cases", &g, 0.0f);
    check_generated("hard cases", &g, 0.1f);
    pg_free(&g);
}

Test(simd_manifold, edges_whose_square_underflows) {
    // An edge shorter than about 2^-75 has a square of 0 in float and so no normal (sat.c's edge_normal): the
    // incident search skips it, as the SAT's does. Found by fuzz_frame: a segment of length 2^-110 incident to
    // a capsule's face, where the reference once clipped it as an edge and the kernels took it as a point. Each
    // tiny shape is met at a face of the other shape, both ways round, with margins 0 and 0.1.
    static const gjk2d_vec2 tiny_segment[] = {{0x1p-110f, 0.0f}, {0.0f, 0.0f}};
    static const gjk2d_vec2 capsule[] = {{-0x1.37ab4ap-16f, -0x1.93fc62p-15f}, {0x1.37ab4ap-16f, 0x1.93fc62p-15f}};
    static const gjk2d_vec2 sliver[] = {{0.0f, 0.0f}, {0x1p-100f, 0.0f}, {0x1p-101f, 0x1p-90f}};
    static const gjk2d_vec2 box[] = {{-1e-4f, -1e-4f}, {1e-4f, -1e-4f}, {1e-4f, 1e-4f}, {-1e-4f, 1e-4f}};
    const gjk2d_shape shapes[] = {{tiny_segment, 2, 0.0f}, {capsule, 2, 0x1.2b61p-15f},
                                  {sliver, 3, 0.0f},       {box, 4, 0.0f},
                                  {box, 4, 2e-5f},         {tiny_segment, 2, 1e-5f}};
    const gjk2d_pose poses[] = {
        {0.0f, 0.0f, 1.0f, 0.0f},      {-0x1.0b3ep-15f, -0x1.0b3ep-15f, -0x1.694932p-2f, 0x1.df1302p-1f},
        {0.0f, 1.5e-4f, 1.0f, 0.0f},   {0.0f, 0.0f, 1.0f, 0.0f},
        {1e-5f, -2.5e-4f, 0.8f, 0.6f}, {1.2e-4f, 0.0f, 1.0f, 0.0f}};
    // Tiny shapes 0, 2 and 5 against capsule 1 and boxes 3 and 4, both orders.
    const int32_t tiny[] = {0, 2, 5}, other[] = {1, 3, 4};
    int32_t ia[18], ib[18];
    int n = 0;
    for (int i = 0; i < 3; i++)
        for (int j = 0; j < 3; j++)
            ia[n] = tiny[i], ib[n] = other[j], ia[n + 1] = other[j], ib[n + 1] = tiny[i], n += 2;
    test_set t;
    cr_assert_geq(test_set_from_shapes(&t, shapes, poses, 6, NULL), 0);
    const gjk2d_pairs pairs = {ia, ib, n};
    check_tables("edges whose square underflows", &t, &pairs, 0.0f);
    check_tables("edges whose square underflows", &t, &pairs, 0.1f);
    test_set_free(&t);
}

/// Pairs near contact (manifold_near_pair): shapes of 1 to `nmax` vertices (a quarter of each side's may have
/// fewer than 3), a third rounded, at `size`, moved by (shift, shift).
static void check_near(const char *what, uint64_t seed, int n, double size, float shift, float margin, int nmax) {
    oracle_rng r = oracle_rng_seed(seed);
    test_shape *ts = malloc(sizeof(test_shape) * 2 * (size_t)n);
    gjk2d_shape *shapes = malloc(sizeof(gjk2d_shape) * 2 * (size_t)n);
    gjk2d_pose *poses = malloc(sizeof(gjk2d_pose) * 2 * (size_t)n);
    int32_t *ia = malloc(sizeof(int32_t) * (size_t)n), *ib = malloc(sizeof(int32_t) * (size_t)n);
    cr_assert(ts && shapes && poses && ia && ib);
    for (int k = 0; k < n; k++) {
        const int na = k % 4 == 0 ? oracle_int(&r, 1, nmax) : oracle_int(&r, 3, nmax);
        const int nb = k % 4 == 1 ? oracle_int(&r, 1, nmax) : oracle_int(&r, 3, nmax);
        manifold_near_pair(&r, na, nb, size, k % 3 == 0 ? 0.2 * size : 0.0, 1.6 * size, &ts[2 * k], &ts[2 * k + 1]);
        for (int j = 2 * k; j < 2 * k + 2; j++) {
            shapes[j] = ts[j].s;
            poses[j] = ts[j].pose;
            poses[j].px += shift, poses[j].py += shift;
        }
        ia[k] = 2 * k, ib[k] = 2 * k + 1;
    }
    test_set t;
    cr_assert_geq(test_set_from_shapes(&t, shapes, poses, 2 * n, NULL), 0);
    const gjk2d_pairs pairs = {ia, ib, n};
    check_tables(what, &t, &pairs, margin);
    test_set_free(&t);
    free(ts), free(shapes), free(poses), free(ia), free(ib);
}

Test(simd_manifold, every_kind_near_contact_tiny_huge_and_far) {
    const int n = RANDOM_PAIRS / 20;
    check_near("near contact, size 1", 0x3a1f0101, n, 1.0, 0.0f, 0.0f, 8);
    check_near("near contact, size 1", 0x3a1f0102, n, 1.0, 0.0f, 0.05f, 8);
    check_near("near contact, size 1e-4", 0x3a1f0103, n, 1e-4, 0.0f, 1e-5f, 8);
    check_near("near contact, size 1e4", 0x3a1f0104, n, 1e4, 0.0f, 0.0f, 8);
    check_near("near contact, size 1 at 1e5", 0x3a1f0105, n, 1.0, 1e5f, 0.01f, 8);
    check_near("near contact, at most 4 vertices", 0x3a1f0106, n, 1.0, 0.0f, 0.02f, 4);
}

/// Split every edge of a polygon at its middle, pushed out along the edge's normal so that the new vertex turns by
/// about `f` times the reference's straightness slack there (4 eps M (|e1|_1 + |e2|_1), face_run), M = `m`, the
/// shape's largest coordinate in A's frame. One factor for the shape's vertices (within 1.5x), so that a shape
/// may have every vertex beyond the kernel's screen (mf_maybe_straight) and its lanes kept.
static void split_edges_near_straight(oracle_rng *r, test_shape *t, double m, double f) {
    gjk2d_vec2 v[2 * 8];
    const int n = t->s.count;
    for (int i = 0; i < n; i++) {
        const gjk2d_vec2 p = t->v[i], q = t->v[(i + 1) % n];
        const double ex = (double)q.x - p.x, ey = (double)q.y - p.y, len = hypot(ex, ey);
        const double slack = 4.0 * FLT_EPSILON * m * (fabs(ex) + fabs(ey));
        // The turn is push * len; at most a fiftieth of the edge, so that p and q stay convex corners.
        const double push = fmin(f * oracle_uniform(r, 1.0, 1.5) * slack / len, 0.02 * len);
        v[2 * i] = p;
        v[2 * i + 1].x = (float)(0.5 * ((double)p.x + q.x) + push * ey / len);
        v[2 * i + 1].y = (float)(0.5 * ((double)p.y + q.y) - push * ex / len);
    }
    for (int i = 0; i < 2 * n; i++) t->v[i] = v[i];
    t->s.count = 2 * n;
}

/// A shape's vertices moved by (o, o) in its own frame, its pose moved back: the same place in the world, with
/// local (and for B, A-frame) coordinates far larger than the shape.
static void offset_locally(test_shape *t, double o) {
    for (int i = 0; i < t->s.count; i++) t->v[i].x = (float)(t->v[i].x + o), t->v[i].y = (float)(t->v[i].y + o);
    t->pose.px = (float)(t->pose.px - ((double)t->pose.c - t->pose.s) * o);
    t->pose.py = (float)(t->pose.py - ((double)t->pose.s + t->pose.c) * o);
}

/// The largest |coordinate| of t's vertices in the frame of pose `a` (in double: close to the kernel's M).
static double largest_in_frame(const test_shape *t, const gjk2d_pose *a) {
    double m = 0.0;
    for (int i = 0; i < t->s.count; i++) {
        const double wx = t->pose.px + (double)t->pose.c * t->v[i].x - (double)t->pose.s * t->v[i].y - a->px;
        const double wy = t->pose.py + (double)t->pose.s * t->v[i].x + (double)t->pose.c * t->v[i].y - a->py;
        const double x = (double)a->c * wx + (double)a->s * wy, y = -(double)a->s * wx + (double)a->c * wy;
        m = fmax(m, fmax(fabs(x), fabs(y)));
    }
    return m;
}

Test(simd_manifold, turns_near_the_straightness_slack) {
    const int n = RANDOM_PAIRS / 20;
    oracle_rng r = oracle_rng_seed(0x3a1f0301);
    gjk2d_shape *shapes = malloc(sizeof(gjk2d_shape) * 2 * (size_t)n);
    gjk2d_pose *poses = malloc(sizeof(gjk2d_pose) * 2 * (size_t)n);
    test_shape *ts = malloc(sizeof(test_shape) * 2 * (size_t)n);
    int32_t *ia = malloc(sizeof(int32_t) * (size_t)n), *ib = malloc(sizeof(int32_t) * (size_t)n);
    cr_assert(shapes && poses && ts && ia && ib);
    int64_t kept = 0;
    for (int k = 0; k < n; k++) {
        test_shape *a = &ts[2 * kept], *b = &ts[2 * kept + 1];
        const double size = pow(10.0, oracle_uniform(&r, -2.0, 2.0));
        manifold_near_pair(&r, oracle_int(&r, 3, 8), oracle_int(&r, 3, 8), size, k % 3 == 0 ? 0.2 * size : 0.0,
                           1.6 * size, a, b);
        const double offsets[3] = {0.0, 1e2, 1e4};
        offset_locally(a, offsets[oracle_int(&r, 0, 2)] * size);
        offset_locally(b, offsets[oracle_int(&r, 0, 2)] * size);
        const double ma = largest_in_frame(a, &a->pose), mb = largest_in_frame(b, &a->pose);
        // Factors 10^-1.5 to 10^2: turns on both sides of the reference's threshold (1) and of the screen's (4).
        split_edges_near_straight(&r, a, ma, pow(10.0, oracle_uniform(&r, -1.5, 2.0)));
        split_edges_near_straight(&r, b, mb, pow(10.0, oracle_uniform(&r, -1.5, 2.0)));
        // A push that rounds to a reflex turn beyond the validation's slack makes an invalid shape: not this
        // test's subject.
        if (gjk2d_validate_shape(&a->s, NULL, NULL) != GJK2D_PROBLEM_NONE ||
            gjk2d_validate_shape(&b->s, NULL, NULL) != GJK2D_PROBLEM_NONE)
            continue;
        for (int j = 0; j < 2; j++)
            shapes[2 * kept + j] = ts[2 * kept + j].s, poses[2 * kept + j] = ts[2 * kept + j].pose;
        ia[kept] = (int32_t)(2 * kept), ib[kept] = (int32_t)(2 * kept + 1);
        kept++;
    }
    cr_assert(kept * 10 > n * 8, "%lld of %d pairs valid", (long long)kept, n);
    test_set t;
    cr_assert_geq(test_set_from_shapes(&t, shapes, poses, (int32_t)(2 * kept), NULL), 0);
    const gjk2d_pairs pairs = {ia, ib, kept};
    check_tables("turns near the straightness slack", &t, &pairs, 0.0f);
    check_tables("turns near the straightness slack", &t, &pairs, 0.05f);
    test_set_free(&t);
    free(shapes), free(poses), free(ts), free(ia), free(ib);
}

Test(simd_manifold, resting_sequences) {
    // Shapes kept in light contact while one drifts and turns (resting_step): faces nearly parallel, incident
    // vertices crossing side planes, reference faces changing hands.
    enum { PAIRS = 64 };
    const int frames = RANDOM_PAIRS / 400;
    oracle_rng r = oracle_rng_seed(0x3a1f0201);
    const int n = PAIRS * frames;
    gjk2d_shape *shapes = malloc(sizeof(gjk2d_shape) * 2 * (size_t)n);
    gjk2d_pose *poses = malloc(sizeof(gjk2d_pose) * 2 * (size_t)n);
    int32_t *ia = malloc(sizeof(int32_t) * (size_t)n), *ib = malloc(sizeof(int32_t) * (size_t)n);
    resting_pair *rp = malloc(sizeof(resting_pair) * PAIRS);
    cr_assert(shapes && poses && ia && ib && rp);
    for (int p = 0; p < PAIRS; p++)
        resting_start(&r, oracle_int(&r, 3, 8), oracle_int(&r, 3, 8), p % 2 ? 0.1 : 0.0, &rp[p]);
    for (int f = 0, k = 0; f < frames; f++) {
        for (int p = 0; p < PAIRS; p++, k++) {
            resting_step(&rp[p]);
            shapes[2 * k] = rp[p].a.s, shapes[2 * k + 1] = rp[p].b.s;
            poses[2 * k] = rp[p].a.pose, poses[2 * k + 1] = rp[p].b.pose;
            ia[k] = 2 * k, ib[k] = 2 * k + 1;
        }
    }
    test_set t;
    cr_assert_geq(test_set_from_shapes(&t, shapes, poses, 2 * n, NULL), 0);
    const gjk2d_pairs pairs = {ia, ib, n};
    check_tables("resting sequences", &t, &pairs, 0.0f);
    check_tables("resting sequences", &t, &pairs, 0.01f);
    test_set_free(&t);
    free(shapes), free(poses), free(ia), free(ib), free(rp);
}
