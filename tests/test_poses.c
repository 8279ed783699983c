// Poses through the public batch calls: double positions far from the origin keep the accuracy of the
// same pairs at the origin (the relative pose is computed in double), every layout gives the same bits,
// and a double position is judged after rounding to float. Every ISA this CPU runs (the SIMDe-emulated
// ones are in tests/simd/test_simd_poses.c).
#include <criterion/criterion.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "outputs.h"

TestSuite(poses, .timeout = 120);

static const char *const isa_names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};

#define NPAIRS 3000

/// Random pairs near the origin: polygons, segments, points, some rounded; pair k is shapes (2k, 2k + 1).
static void random_pairs(test_set *t, gjk2d_pairs *pairs, int32_t *a, int32_t *b, uint64_t seed) {
    static test_shape ts[2 * NPAIRS];
    static gjk2d_shape shapes[2 * NPAIRS];
    static gjk2d_pose poses[2 * NPAIRS];
    oracle_rng r = oracle_rng_seed(seed);
    for (int k = 0; k < 2 * NPAIRS; k++) {
        const int counts[] = {1, 2, 3, 4, 5, 6, 8, 12};
        random_shape(&r, counts[oracle_int(&r, 0, 7)], oracle_uniform(&r, 0.3, 3.0), k % 4 == 1 ? 1.0 : 0.0, 5.0,
                     &ts[k]);
        shapes[k] = ts[k].s;
        poses[k] = ts[k].pose;
    }
    for (int k = 0; k < NPAIRS; k++) a[k] = 2 * k, b[k] = 2 * k + 1;
    gjk2d_pairs p = {a, b, NPAIRS};
    *pairs = p;
    cr_assert_eq(test_set_from_shapes(t, shapes, poses, 2 * NPAIRS, NULL), 0);
}

static void run_distance(const test_set *t, const gjk2d_poses *poses, const gjk2d_pairs *pairs, query_outputs *o) {
    gjk2d_distance_out out = outputs_distance(o);
    cr_assert_eq(gjk2d_batch_distance(t->shapes, poses, pairs, 0, pairs->count, &out), GJK2D_OK);
}

/// Pair k's distance outputs against the oracle of the pair at its float poses, translated by (dx, dy):
/// distances within TOL_REL L, witness points on their surfaces within TOL_POINT(L, W). Returns the
/// distance error / L.
static double check_far_pair(const test_set *t, const query_outputs *o, int k, double dx, double dy) {
    static oracle_poly wa, wb;
    gjk2d_vec2 va[GJK2D_MAX_VERTICES], vb[GJK2D_MAX_VERTICES];
    gjk2d_shape a, b;
    gjk2d_pose pa, pb;
    test_set_shape(t, NULL, 2 * k, va, &a, &pa);
    test_set_shape(t, NULL, 2 * k + 1, vb, &b, &pb);
    oracle_world(&a, &pa, &wa);
    oracle_world(&b, &pb, &wb);
    const double L = oracle_scale(&a, &pa, &b, &pb), tol = TOL_REL * L;
    const double W = fmax(oracle_max_abs(&wa), oracle_max_abs(&wb)) + fmax(fabs(dx), fabs(dy)) + a.radius + b.radius;
    const double core = oracle_core_distance(&wa, &wb), ra = a.radius, rb = b.radius;
    cr_assert_eq(o->st[k], GJK2D_STATUS_OK, "pair %d at offset (%.17g, %.17g): status %d%s", k, dx, dy, o->st[k],
                 pair_repr(&a, &pa, &b, &pb));
    double e = fabs(o->dist[k] - fmax(0.0, core - ra - rb));
    cr_assert(
        e <= tol && fabs(o->sd[k] - (core - ra - rb)) <= tol && fabs(o->core[k] - core) <= tol,
        "pair %d at offset (%.17g, %.17g): distance %.9g signed %.9g core %.9g, oracle core %.17g (error %.3g L)%s", k,
        dx, dy, (double)o->dist[k], (double)o->sd[k], (double)o->core[k], core, e / L, pair_repr(&a, &pa, &b, &pb));
    if (o->dist[k] > 0.0f) {
        // World points are floats near the offset: as accurate as their own spacing (TOL_POINT's W term).
        // Subtracting the offset in double is exact (Sterbenz), so the oracle judges them at the origin.
        double ea = fabs(oracle_point_core(&wa, o->ax[k] - dx, o->ay[k] - dy) - ra);
        double eb = fabs(oracle_point_core(&wb, o->bx[k] - dx, o->by[k] - dy) - rb);
        cr_assert(fmax(ea, eb) <= TOL_POINT(L, W),
                  "pair %d at offset (%.17g, %.17g): witness points off by %.3g > %.3g%s", k, dx, dy, fmax(ea, eb),
                  TOL_POINT(L, W), pair_repr(&a, &pa, &b, &pb));
    }
    return e / L;
}

Test(poses, double_positions_near_1e6_keep_the_accuracy_of_the_origin) {
    // Both shapes of every pair moved by the same large offset, in double: the same pairs, so the same
    // oracle answer, and the same tolerance in eps L as at the origin (the offset cancels exactly in the
    // relative pose). Float positions there are worse (their own spacing is 0.0625) and not asserted.
    static test_set t;
    static int32_t a[NPAIRS], b[NPAIRS];
    gjk2d_pairs pairs;
    random_pairs(&t, &pairs, a, b, 0xd0b1e);
    query_outputs near, far;
    outputs_alloc(&near, NPAIRS);
    outputs_alloc(&far, NPAIRS);
    const double offsets[][2] = {{1e6 + 0.37, -1e6 + 0.11}, {-3.3e6 - 0.01, 2.5e5 + 0.77}};
    for (int i = 0; i < 6; i++) {
        if (gjk2d_set_isa(isa_names[i]) != 0) continue;
        run_distance(&t, &t.poses, &pairs, &near);
        for (int k = 0; k < NPAIRS; k++) check_far_pair(&t, &near, k, 0.0, 0.0);
        for (int o = 0; o < 2; o++)
            for (int layout = TEST_POSES_SOA64; layout <= TEST_POSES_REC64; layout++) {
                void *storage;
                gjk2d_poses poses = test_poses_layout(&t, layout, offsets[o][0], offsets[o][1], &storage);
                run_distance(&t, &poses, &pairs, &far);
                for (int k = 0; k < NPAIRS; k++) check_far_pair(&t, &far, k, offsets[o][0], offsets[o][1]);
                free(storage);
            }
    }
    outputs_free(&near);
    outputs_free(&far);
    gjk2d_set_isa("auto");
    test_set_free(&t);
}

Test(poses, every_layout_gives_the_bits_of_float_arrays_through_the_public_calls) {
    static test_set t;
    static int32_t a[NPAIRS], b[NPAIRS];
    gjk2d_pairs pairs;
    random_pairs(&t, &pairs, a, b, 0x1a7);
    query_outputs base, got;
    outputs_alloc(&base, NPAIRS);
    outputs_alloc(&got, NPAIRS);
    for (int i = 0; i < 6; i++) {
        if (gjk2d_set_isa(isa_names[i]) != 0) continue;
        cr_assert_eq(outputs_run_batch(t.shapes, &t.poses, &pairs, 0, NPAIRS, &base), GJK2D_OK);
        for (int layout = TEST_POSES_REC32; layout < TEST_POSE_LAYOUTS; layout++) {
            void *storage;
            gjk2d_poses poses = test_poses_layout(&t, layout, 0.0, 0.0, &storage);
            outputs_free(&got);
            outputs_alloc(&got, NPAIRS); // poisoned again
            cr_assert_eq(outputs_run_batch(t.shapes, &poses, &pairs, 0, NPAIRS, &got), GJK2D_OK);
            cr_expect(outputs_equal(&got, &base), "%s: %s differ from float arrays", isa_names[i],
                      test_pose_layout_name[layout]);
            free(storage);
        }
    }
    outputs_free(&base);
    outputs_free(&got);
    gjk2d_set_isa("auto");
    test_set_free(&t);
}

Test(poses, double_position_is_judged_after_rounding_to_float) {
    // 1e15 + 1e7 rounds to the float 1e15 (999999986991104): accepted. 1e15 + 1e8 rounds to the next float
    // above (1000000121208832): refused, like any float position above GJK2D_MAX_COORDINATE.
    const double x[] = {1e15 + 1e7, 1e15 + 1e8, -(1e15 + 1e8), 1e16, -1e15 + 1e7, (double)GJK2D_MAX_COORDINATE};
    const uint8_t want[] = {GJK2D_PROBLEM_NONE,      GJK2D_PROBLEM_MAGNITUDE, GJK2D_PROBLEM_MAGNITUDE,
                            GJK2D_PROBLEM_MAGNITUDE, GJK2D_PROBLEM_NONE,      GJK2D_PROBLEM_NONE};
    const double y[] = {0, 0, 0, 0, 0, 0};
    const float c[] = {1, 1, 1, 1, 1, 1}, s[] = {0, 0, 0, 0, 0, 0};
    gjk2d_poses poses = {x, y, c, s, 6, 0, GJK2D_FLOAT64};
    uint8_t problems[6];
    cr_expect_eq(gjk2d_check_poses(&poses, problems, NULL), 3);
    for (int i = 0; i < 6; i++) {
        cr_expect_eq(problems[i], want[i], "x = %.17g: %s", x[i], gjk2d_problem_message(problems[i]));
        gjk2d_pose p = {(float)x[i], 0.0f, 1.0f, 0.0f};
        cr_expect_eq(gjk2d_pose_problem(&p), want[i], "the float rule on x = %.17g", x[i]);
    }
    // The batch calls apply the same rule: a unit square at each position against the square at pose 0.
    const float vx[] = {0, 1, 1, 0}, vy[] = {0, 0, 1, 1};
    const int32_t count[] = {4, 4, 4, 4, 4, 4}, first[] = {0, 0, 0, 0, 0, 0};
    gjk2d_geometry g = {vx, vy, 4, count, first, NULL, 6};
    test_set t;
    cr_assert_eq(test_set_make(&t, &g, NULL, NULL, NULL, NULL, NULL), 0);
    const int32_t a[] = {0, 1, 2, 3, 4, 5}, b[] = {0, 1, 2, 3, 4, 5};
    gjk2d_pairs pairs = {a, b, 6};
    uint8_t st[6];
    float d[6];
    gjk2d_distance_out out = {.distance = d, .status = st};
    cr_assert_eq(gjk2d_batch_distance(t.shapes, &poses, &pairs, 0, 6, &out), GJK2D_OK);
    for (int i = 0; i < 6; i++) {
        uint8_t ws = want[i] == GJK2D_PROBLEM_NONE ? GJK2D_STATUS_OK : GJK2D_STATUS_BAD_POSE;
        cr_expect_eq(st[i], ws, "square against itself at x = %.17g: status %d", x[i], st[i]);
        if (ws == GJK2D_STATUS_OK) cr_expect_eq(d[i], 0.0f);
    }
    test_set_free(&t);
}

Test(poses, more_poses_than_shapes_are_fine) {
    const float vx[] = {0, 1, 1, 0}, vy[] = {0, 0, 1, 1};
    const int32_t count[] = {4, 4}, first[] = {0, 0};
    gjk2d_geometry g = {vx, vy, 4, count, first, NULL, 2};
    test_set t;
    cr_assert_eq(test_set_make(&t, &g, NULL, NULL, NULL, NULL, NULL), 0);
    // Five poses for two shapes: only the first two are used; the others may be anything.
    const float px[] = {0, 3, NAN, 1e30f, 0}, py[] = {0, 0, 0, 0, 0}, c[] = {1, 1, 1, 0, 5}, s[] = {0, 0, 0, 0, 5};
    gjk2d_poses poses = {px, py, c, s, 5, 0, GJK2D_FLOAT32};
    const int32_t a[] = {0}, b[] = {1};
    gjk2d_pairs pairs = {a, b, 1};
    float d = -1.0f;
    uint8_t st = 9;
    gjk2d_distance_out out = {.distance = &d, .status = &st};
    cr_assert_eq(gjk2d_check_batch(t.shapes, &poses, &pairs, 0, 1, NULL), GJK2D_OK);
    cr_assert_eq(gjk2d_batch_distance(t.shapes, &poses, &pairs, 0, 1, &out), GJK2D_OK);
    cr_expect(st == GJK2D_STATUS_OK && d == 2.0f, "status %d distance %g", st, (double)d);
    test_set_free(&t);
}
