// Prepared shape sets: the size query and the memory contract (too small, any alignment), the
// consecutive layout (first == NULL), instances of one prototype sharing a row, each shape's problem as gjk2d_validate_shape finds it, the bounds,
// and a set that depends on nothing but its own memory.
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

TestSuite(shapes, .timeout = 60);

#define NS 40
#define NV (NS * 12)

/// Random shapes (points, segments, polygons up to 12 vertices, some rounded) stored consecutively.
typedef struct geo {
    float vx[NV], vy[NV], radius[NS];
    int32_t count[NS], first[NS];
    int64_t nv;
} geo;

static void random_geo(geo *g, uint64_t seed) {
    oracle_rng r = oracle_rng_seed(seed);
    g->nv = 0;
    for (int k = 0; k < NS; k++) {
        test_shape t;
        int n = oracle_int(&r, 1, 12);
        random_shape(&r, n, oracle_uniform(&r, 0.1, 5.0), k % 3 ? 0.0 : 1.0, 0.0, &t);
        g->first[k] = (int32_t)g->nv;
        g->count[k] = n;
        g->radius[k] = t.s.radius;
        for (int i = 0; i < n; i++) g->vx[g->nv + i] = t.v[i].x, g->vy[g->nv + i] = t.v[i].y;
        g->nv += n;
    }
}

static gjk2d_geometry geometry_of(const geo *g, int with_first) {
    gjk2d_geometry x = {g->vx, g->vy, g->nv, g->count, with_first ? g->first : NULL, g->radius, NS};
    return x;
}

/// Every pair (i, j) of the set, distance and SAT on the running ISA, into `d` and `sep` (NS * NS each).
static void all_pairs(const gjk2d_shapes *shapes, const gjk2d_poses *poses, float *d, float *sep) {
    static int32_t a[NS * NS], b[NS * NS];
    for (int i = 0; i < NS; i++)
        for (int j = 0; j < NS; j++) a[i * NS + j] = i, b[i * NS + j] = j;
    gjk2d_pairs pairs = {a, b, NS * NS};
    gjk2d_distance_out dout = {.distance = d};
    gjk2d_sat_out sout = {.separation = sep};
    cr_assert_eq(gjk2d_batch_distance(shapes, poses, &pairs, 0, NS * NS, &dout), GJK2D_OK);
    cr_assert_eq(gjk2d_batch_sat(shapes, poses, &pairs, 0, NS * NS, &sout), GJK2D_OK);
}

/// Random poses for the set's shapes, packed float.
static gjk2d_poses random_poses(float *px, float *py, float *c, float *s, uint64_t seed) {
    oracle_rng r = oracle_rng_seed(seed);
    for (int k = 0; k < NS; k++) {
        gjk2d_pose p = oracle_random_pose(&r, 6.0);
        px[k] = p.px, py[k] = p.py, c[k] = p.c, s[k] = p.s;
    }
    gjk2d_poses p = {px, py, c, s, NS, 0, GJK2D_FLOAT32};
    return p;
}

static int same_bits(const float *x, const float *y, size_t n) { return memcmp(x, y, n * sizeof *x) == 0; }

Test(shapes, size_query_and_too_small_memory) {
    static geo g;
    random_geo(&g, 1);
    gjk2d_geometry x = geometry_of(&g, 1);
    const int64_t size = gjk2d_shapes_size(&x);
    cr_assert_gt(size, 0);
    // The set holds at least the padded rows (every count rounded up to GJK2D_ROW_MULTIPLE, x and y).
    int64_t rows = 0;
    for (int k = 0; k < NS; k++)
        rows += 2 * ((g.count[k] + GJK2D_ROW_MULTIPLE - 1) / GJK2D_ROW_MULTIPLE * GJK2D_ROW_MULTIPLE);
    cr_expect_geq(size, rows * (int64_t)sizeof(float), "size %lld < the padded rows' %lld bytes", (long long)size,
                  (long long)(rows * 4));
    cr_expect_eq(gjk2d_shapes_size(&x), size, "the size query is a pure function of the geometry");

    unsigned char *memory = malloc((size_t)size + 64);
    cr_assert(memory);
    const int64_t small[] = {0, 1, 16, size / 2, size - 1};
    for (int i = 0; i < 5; i++) {
        memset(memory, 0xEE, (size_t)size + 64);
        uint8_t problems[NS];
        memset(problems, 0xEE, sizeof problems);
        const gjk2d_shapes *set = NULL;
        cr_expect_eq(gjk2d_shapes_prepare(&x, memory, small[i], &set, problems, NULL), GJK2D_ERR_MEMORY,
                     "%lld of %lld bytes", (long long)small[i], (long long)size);
        int untouched = 1;
        for (int64_t k = 0; k < size + 64; k++) untouched &= memory[k] == 0xEE;
        for (int k = 0; k < NS; k++) untouched &= problems[k] == 0xEE;
        cr_expect(untouched, "%lld bytes: memory or problems written on GJK2D_ERR_MEMORY", (long long)small[i]);
    }
    const gjk2d_shapes *set = NULL;
    cr_expect_geq(gjk2d_shapes_prepare(&x, memory, size, &set, NULL, NULL), 0, "exactly the size asked for");
    cr_expect_eq(gjk2d_shapes_count(set), NS);
    cr_expect_eq(gjk2d_shapes_count(NULL), 0);
    cr_expect(strlen(gjk2d_error_message(GJK2D_ERR_MEMORY)) > 0);
    free(memory);
}

Test(shapes, any_alignment_of_the_memory_gives_the_same_answers) {
    // "any alignment": the size includes the slack; every offset from 0 to 63 bytes works with exactly
    // gjk2d_shapes_size bytes and answers bit for bit like the others, on every ISA this CPU runs.
    static geo g;
    random_geo(&g, 2);
    gjk2d_geometry x = geometry_of(&g, 1);
    const int64_t size = gjk2d_shapes_size(&x);
    cr_assert_gt(size, 0);
    static float px[NS], py[NS], c[NS], s[NS];
    gjk2d_poses poses = random_poses(px, py, c, s, 3);
    static float d0[NS * NS], s0[NS * NS], d[NS * NS], sep[NS * NS];
    unsigned char *memory = malloc((size_t)size + 64);
    cr_assert(memory);
    const char *const isas[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
    for (int i = 0; i < 6; i++) {
        if (gjk2d_set_isa(isas[i]) != 0) continue;
        for (int off = 0; off < 64; off++) {
            const gjk2d_shapes *set = NULL;
            memset(memory, 0xA5, (size_t)size + 64);
            cr_assert_geq(gjk2d_shapes_prepare(&x, memory + off, size, &set, NULL, NULL), 0, "offset %d", off);
            all_pairs(set, &poses, off ? d : d0, off ? sep : s0);
            if (off) {
                cr_assert(same_bits(d, d0, NS * NS) && same_bits(sep, s0, NS * NS),
                          "%s: the set at offset %d answers differently from offset 0", isas[i], off);
            }
            // Nothing outside [memory + off, memory + off + size) was written.
            for (int k = 0; k < off; k++) cr_assert_eq(memory[k], 0xA5, "byte before the memory written");
            for (int k = 0; k < 64 - off; k++)
                cr_assert_eq(memory[off + size + k], 0xA5, "byte after the memory written");
        }
    }
    gjk2d_set_isa("auto");
    free(memory);
}

Test(shapes, first_null_means_each_shape_follows_the_previous) {
    static geo g;
    random_geo(&g, 4);
    static float px[NS], py[NS], c[NS], s[NS];
    gjk2d_poses poses = random_poses(px, py, c, s, 5);
    gjk2d_geometry with = geometry_of(&g, 1), without = geometry_of(&g, 0);
    // With `first` the size also holds the table that finds shared rows.
    cr_expect_geq(gjk2d_shapes_size(&with), gjk2d_shapes_size(&without));
    test_set a, b;
    cr_assert_geq(test_set_make(&a, &with, px, py, c, s, NULL), 0);
    cr_assert_geq(test_set_make(&b, &without, px, py, c, s, NULL), 0);
    static float da[NS * NS], sa[NS * NS], db[NS * NS], sb[NS * NS];
    all_pairs(a.shapes, &poses, da, sa);
    all_pairs(b.shapes, &poses, db, sb);
    cr_expect(same_bits(da, db, NS * NS) && same_bits(sa, sb, NS * NS), "first == NULL differs from explicit first");
    // The same geometry written out of order with explicit first indices is the same set too.
    static geo h;
    int64_t at = 0;
    for (int k = NS - 1; k >= 0; k--) {
        h.first[k] = (int32_t)at;
        h.count[k] = g.count[k];
        h.radius[k] = g.radius[k];
        memcpy(h.vx + at, g.vx + g.first[k], (size_t)g.count[k] * sizeof(float));
        memcpy(h.vy + at, g.vy + g.first[k], (size_t)g.count[k] * sizeof(float));
        at += g.count[k];
    }
    h.nv = at;
    gjk2d_geometry shuffled = geometry_of(&h, 1);
    test_set c2;
    cr_assert_geq(test_set_make(&c2, &shuffled, px, py, c, s, NULL), 0);
    all_pairs(c2.shapes, &poses, db, sb);
    cr_expect(same_bits(da, db, NS * NS) && same_bits(sa, sb, NS * NS), "shapes stored in reverse order differ");
    // first == NULL with a negative count: GJK2D_ERR_RANGE (the layout is not defined).
    g.count[3] = -1;
    cr_expect_eq(gjk2d_shapes_size(&without), GJK2D_ERR_RANGE);
    // first == NULL with counts summing past vertex_count: a span error naming the shape.
    g.count[3] = 12;
    g.count[NS - 1] += 1000;
    int64_t bad = -7;
    static uint64_t memory[1 << 12];
    const gjk2d_shapes *set;
    cr_expect_eq(gjk2d_shapes_prepare(&without, memory, sizeof memory, &set, NULL, &bad), GJK2D_ERR_SHAPE_SPAN);
    cr_expect_geq(bad, 3, "first_bad %lld names a shape past the end", (long long)bad);
    test_set_free(&a);
    test_set_free(&b);
    test_set_free(&c2);
}

Test(shapes, problems_are_those_of_validate_shape) {
    // Random shapes, each spoiled in one of many ways or left alone: prepare's problem for every shape is
    // the one gjk2d_validate_shape finds for it (the set validates with the same rule), and the count of
    // invalid shapes and first_bad match.
    enum { N = 400 };
    static float vx[N * 12], vy[N * 12], radius[N];
    static int32_t count[N];
    static uint8_t problems[N];
    oracle_rng r = oracle_rng_seed(6);
    int64_t nv = 0;
    int needles = 0;
    for (int k = 0; k < N; k++) {
        test_shape t;
        int n = oracle_int(&r, 1, 12);
        random_shape(&r, n, 2.0, 0.5, 0.0, &t);
        switch (oracle_int(&r, 0, 10)) {
        case 0: t.v[oracle_int(&r, 0, n - 1)].y = NAN; break;
        case 1: t.v[oracle_int(&r, 0, n - 1)].x = 3e15f; break;
        case 2: t.s.radius = -0.25f; break;
        case 3: t.s.radius = INFINITY; break;
        case 4: // reversed: clockwise
            for (int i = 0; i < n / 2; i++) {
                gjk2d_vec2 tmp = t.v[i];
                t.v[i] = t.v[n - 1 - i];
                t.v[n - 1 - i] = tmp;
            }
            break;
        case 5: // a vertex pulled to the centroid: reflex (or still convex for a triangle)
            if (n >= 4) t.v[1] = (gjk2d_vec2){0.5f * (t.v[0].x + t.v[2].x) * 0.9f, 0.5f * (t.v[0].y + t.v[2].y) * 0.9f};
            break;
        case 6: n = 0; break;
        case 7: { // a needle through a small diamond: the only sign is a turn back within the slack
            // The diamond's left corner split in two 2^-22 apart, the tip at x + 1 between them: every turn
            // but the tip's is a left one, the tip's is within the slack, the winding counts one loop, and
            // the needle's lines cut the diamond (the lanes must not prove it valid).
            const float cx = (float)oracle_uniform(&r, -1.0, 0.0), cy = (float)oracle_uniform(&r, 0.5, 0.99);
            const float d = 2e-5f, h = 0x1p-23f;
            const gjk2d_vec2 needle[6] = {{cx - d, cy + h}, {cx + 1.0f, cy}, {cx - d, cy - h},
                                          {cx, cy - d},     {cx + d, cy},    {cx, cy + d}};
            n = 6;
            memcpy(t.v, needle, sizeof needle);
            needles++;
            break;
        }
        default: break;
        }
        count[k] = n;
        radius[k] = t.s.radius;
        for (int i = 0; i < n; i++) vx[nv + i] = t.v[i].x, vy[nv + i] = t.v[i].y;
        nv += n;
    }
    gjk2d_geometry g = {vx, vy, nv, count, NULL, radius, N};
    test_set set;
    int64_t invalid = test_set_make(&set, &g, NULL, NULL, NULL, NULL, problems);
    cr_assert_geq(invalid, 0);
    int64_t want_invalid = 0, want_first = -1;
    int kinds[16] = {0};
    for (int k = 0; k < N; k++) {
        gjk2d_vec2 v[GJK2D_MAX_VERTICES];
        gjk2d_shape s;
        gjk2d_pose p;
        test_set_shape(&set, NULL, k, v, &s, &p);
        gjk2d_problem want = gjk2d_validate_shape(&s, NULL, NULL);
        cr_expect_eq(problems[k], want, "shape %d: prepare says %s, validate_shape %s", k,
                     gjk2d_problem_message(problems[k]), gjk2d_problem_message(want));
        cr_expect_eq(gjk2d_shapes_problem(set.shapes, k), want, "shape %d: stored problem", k);
        if (want != GJK2D_PROBLEM_NONE) {
            want_invalid++;
            if (want_first < 0) want_first = k;
        }
        kinds[want & 15]++;
    }
    cr_expect_eq(invalid, want_invalid);
    int64_t first_bad = -7;
    static uint64_t memory[1 << 14];
    const gjk2d_shapes *sh;
    cr_assert_leq(gjk2d_shapes_size(&g), (int64_t)sizeof memory);
    gjk2d_shapes_prepare(&g, memory, sizeof memory, &sh, NULL, &first_bad);
    cr_expect_eq(first_bad, want_first);
    // The generator reached every problem it aims at.
    const gjk2d_problem aimed[] = {GJK2D_PROBLEM_NONE,      GJK2D_PROBLEM_COUNT,  GJK2D_PROBLEM_NONFINITE,
                                   GJK2D_PROBLEM_MAGNITUDE, GJK2D_PROBLEM_RADIUS, GJK2D_PROBLEM_CLOCKWISE,
                                   GJK2D_PROBLEM_REFLEX};
    for (int i = 0; i < 7; i++)
        cr_expect_gt(kinds[aimed[i]], 0, "no shape with problem %s", gjk2d_problem_message(aimed[i]));
    cr_expect_gt(needles, 0, "no needle through a small diamond");
    test_set_free(&set);
}

Test(shapes, bound_is_the_smallest_radius_about_the_origin_that_holds_the_shape) {
    // Brute force in double: max over the vertices of |v|, plus the radius. The bound must hold the shape
    // (never below) and be tight: above by at most the float rounding of a square root and a sum
    // (4 eps relative).
    enum { N = 300 };
    static float vx[N * 12], vy[N * 12], radius[N];
    static int32_t count[N];
    oracle_rng r = oracle_rng_seed(7);
    int64_t nv = 0;
    for (int k = 0; k < N - 1; k++) {
        test_shape t;
        int n = oracle_int(&r, 1, 12);
        double size = pow(10.0, oracle_uniform(&r, -4.0, 4.0));
        random_shape(&r, n, size, k % 2 ? size : 0.0, 0.0, &t);
        count[k] = n;
        radius[k] = t.s.radius;
        for (int i = 0; i < n; i++) vx[nv + i] = t.v[i].x, vy[nv + i] = t.v[i].y;
        nv += n;
    }
    // The last shape: a clockwise triangle, invalid.
    const float cwx[] = {0, 0, 1}, cwy[] = {0, 1, 0};
    count[N - 1] = 3;
    radius[N - 1] = 0.0f;
    memcpy(vx + nv, cwx, sizeof cwx);
    memcpy(vy + nv, cwy, sizeof cwy);
    nv += 3;
    gjk2d_geometry g = {vx, vy, nv, count, NULL, radius, N};
    test_set set;
    cr_assert_eq(test_set_make(&set, &g, NULL, NULL, NULL, NULL, NULL), 1);
    int64_t at = 0;
    for (int k = 0; k < N; k++) {
        float bound = gjk2d_shapes_bound(set.shapes, k);
        if (k == N - 1) {
            cr_expect(isnan(bound), "bound of an invalid shape: %g, expected NaN", (double)bound);
            break;
        }
        double exact = 0.0;
        for (int i = 0; i < count[k]; i++) exact = fmax(exact, hypot(vx[at + i], vy[at + i]));
        exact += radius[k];
        cr_expect(bound >= exact && bound <= exact * (1.0 + 4.0 * FLT_EPSILON),
                  "shape %d: bound %.9g, brute force %.17g (count %d, radius %.9g)", k, (double)bound, exact, count[k],
                  (double)radius[k]);
        at += count[k];
    }
    test_set_free(&set);
}

Test(shapes, set_depends_only_on_its_own_memory) {
    // "The library copies it: these arrays may be freed after." Overwriting the geometry after preparing
    // changes nothing.
    static geo g;
    random_geo(&g, 8);
    static float px[NS], py[NS], c[NS], s[NS];
    gjk2d_poses poses = random_poses(px, py, c, s, 9);
    gjk2d_geometry x = geometry_of(&g, 1);
    test_set t;
    cr_assert_geq(test_set_make(&t, &x, px, py, c, s, NULL), 0);
    static float d0[NS * NS], s0[NS * NS], d[NS * NS], sep[NS * NS];
    all_pairs(t.shapes, &poses, d0, s0);
    memset(g.vx, 0xFF, sizeof g.vx); // NaNs
    memset(g.vy, 0xFF, sizeof g.vy);
    memset(g.radius, 0xFF, sizeof g.radius);
    memset(g.count, 0, sizeof g.count);
    memset(g.first, 0xFF, sizeof g.first);
    all_pairs(t.shapes, &poses, d, sep);
    cr_expect(same_bits(d, d0, NS * NS) && same_bits(sep, s0, NS * NS), "the set read the geometry after preparing");
    test_set_free(&t);
}

Test(shapes, instances_of_one_prototype_answer_like_copies) {
    // Shapes naming the same first vertex and count share one prepared row; each keeps its own radius,
    // bound and problem. Every answer must equal that of the same shapes written out as copies.
    static geo g, copies;
    random_geo(&g, 9);
    copies.nv = 0;
    for (int k = 0; k < NS; k++) {
        const int proto = k % 5; // five prototypes, eight instances each
        g.first[k] = g.first[proto], g.count[k] = g.count[proto];
        g.radius[k] = k % 2 ? 0.25f * (float)(k % 3) : 0.0f;
        copies.first[k] = (int32_t)copies.nv, copies.count[k] = g.count[k], copies.radius[k] = g.radius[k];
        memcpy(copies.vx + copies.nv, g.vx + g.first[k], (size_t)g.count[k] * sizeof(float));
        memcpy(copies.vy + copies.nv, g.vy + g.first[k], (size_t)g.count[k] * sizeof(float));
        copies.nv += g.count[k];
    }
    g.radius[7] = -1.0f, copies.radius[7] = -1.0f; // an invalid instance of a valid prototype
    static float px[NS], py[NS], c[NS], s[NS];
    gjk2d_poses poses = random_poses(px, py, c, s, 10);
    gjk2d_geometry shared = geometry_of(&g, 1), copied = geometry_of(&copies, 1);
    test_set a, b;
    cr_assert_eq(test_set_make(&a, &shared, px, py, c, s, NULL), 1);
    cr_assert_eq(test_set_make(&b, &copied, px, py, c, s, NULL), 1);
    cr_expect_eq(gjk2d_shapes_problem(a.shapes, 7), GJK2D_PROBLEM_RADIUS);
    for (int k = 0; k < NS; k++) {
        const float ba = gjk2d_shapes_bound(a.shapes, k), bb = gjk2d_shapes_bound(b.shapes, k);
        cr_expect(same_bits(&ba, &bb, 1), "bound of shape %d: %g shared, %g copied", k, (double)ba, (double)bb);
    }
    static float da[NS * NS], sa[NS * NS], db[NS * NS], sb[NS * NS];
    all_pairs(a.shapes, &poses, da, sa);
    all_pairs(b.shapes, &poses, db, sb);
    cr_expect(memcmp(da, db, sizeof da) == 0 && memcmp(sa, sb, sizeof sa) == 0, "shared rows answer differently");
    test_set_free(&a);
    test_set_free(&b);
}
