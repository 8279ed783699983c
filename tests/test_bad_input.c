// Bad input, call by call: what every public call returns and writes for each class of bad argument
// that test_validate.c and test_batch.c do not already cover (the table in the README's Robustness
// section). Outputs are pre-filled with a sentinel so "writes nothing" is checked byte for byte.
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "support.h"

static const gjk2d_vec2 square[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
static const char *const isa_names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};

TestSuite(bad_input, .timeout = 60);

Test(bad_input, single_pair_null_output_is_refused) {
    gjk2d_shape a = {square, 4, 0.0f};
    cr_expect_eq(gjk2d_distance(&a, NULL, &a, NULL, NULL, NULL), GJK2D_STATUS_INVALID);
    cr_expect_eq(gjk2d_overlap(&a, NULL, &a, NULL, NULL), GJK2D_STATUS_INVALID);
    cr_expect_eq(gjk2d_sat(&a, NULL, &a, NULL, NULL), GJK2D_STATUS_INVALID);
    cr_expect_eq(gjk2d_closest_on_shape(&a, NULL, (gjk2d_vec2){2, 2}, NULL, NULL), GJK2D_STATUS_INVALID);
}

Test(bad_input, single_pair_null_shape_or_vertices) {
    gjk2d_shape a = {square, 4, 0.0f}, novert = {NULL, 4, 0.0f};
    gjk2d_simplex_record rec[4];
    gjk2d_trace trace = {rec, 4, 99, 99};
    gjk2d_distance_result r;
    memset(&r, 0xAB, sizeof r);
    cr_expect_eq(gjk2d_distance(NULL, NULL, &a, NULL, &r, &trace), GJK2D_STATUS_INVALID);
    cr_expect(isnan(r.distance) && isnan(r.signed_distance) && isnan(r.core_distance) && isnan(r.point_a.x) &&
              isnan(r.normal.y));
    cr_expect(r.feature_a == GJK2D_FEATURE_NONE && r.feature_b == GJK2D_FEATURE_NONE);
    cr_expect(r.iterations == 0 && r.end == GJK2D_END_NONE && trace.count == 0 && trace.total == 0);
    cr_expect_eq(gjk2d_distance(&a, NULL, &novert, NULL, &r, NULL), GJK2D_STATUS_INVALID);
    gjk2d_overlap_result o;
    memset(&o, 0xAB, sizeof o);
    cr_expect_eq(gjk2d_overlap(&novert, NULL, &a, NULL, &o), GJK2D_STATUS_INVALID);
    cr_expect(o.overlap == 0 && o.iterations == 0 && o.status == GJK2D_STATUS_INVALID);
    gjk2d_sat_result s;
    cr_expect_eq(gjk2d_sat(&a, NULL, NULL, NULL, &s), GJK2D_STATUS_INVALID);
    cr_expect(isnan(s.separation) && isnan(s.normal.x) && s.overlap == 0);
    int32_t vertex = 5;
    cr_expect_eq(gjk2d_validate_shape(NULL, NULL, &vertex), GJK2D_PROBLEM_COUNT);
    cr_expect_eq(vertex, -1);
    cr_expect_eq(gjk2d_validate_shape(&novert, NULL, &vertex), GJK2D_PROBLEM_COUNT);
    // A NULL pose is the identity, not an error.
    cr_expect_eq(gjk2d_distance(&a, NULL, &a, NULL, &r, NULL), GJK2D_STATUS_OK);
    cr_expect_eq(r.distance, 0.0f);
}

Test(bad_input, closest_on_shape_bad_point) {
    gjk2d_shape a = {square, 4, 0.0f};
    gjk2d_distance_result r;
    const float bad[] = {NAN, INFINITY, -INFINITY, 2e15f};
    for (int i = 0; i < 4; i++) {
        cr_expect_eq(gjk2d_closest_on_shape(&a, NULL, (gjk2d_vec2){bad[i], 0.5f}, &r, NULL), GJK2D_STATUS_INVALID,
                     "q.x = %g", (double)bad[i]);
        cr_expect(isnan(r.distance));
    }
    cr_expect_eq(gjk2d_closest_on_shape(&a, NULL, (gjk2d_vec2){1e15f, 0.5f}, &r, NULL), GJK2D_STATUS_OK);
}

Test(bad_input, short_trace_storage_keeps_what_fits_and_counts_all) {
    // Too small, NULL or negative-capacity storage: records what fits, counts every simplex in `total`.
    gjk2d_vec2 tri[] = {{4, 11}, {4, 5}, {9, 9}}, quad[] = {{8, 6}, {10, 2}, {13, 1}, {15, 6}};
    gjk2d_shape a = {tri, 3, 0.0f}, b = {quad, 4, 0.0f};
    gjk2d_distance_result r;
    gjk2d_simplex_record rec[1];
    gjk2d_trace t0 = {NULL, 8, -1, -1}, tneg = {rec, -3, -1, -1}, t1 = {rec, 1, -1, -1};
    cr_assert_eq(gjk2d_distance(&a, NULL, &b, NULL, &r, &t0), GJK2D_STATUS_OK);
    cr_expect(t0.count == 0 && t0.total >= 2, "NULL storage: count %d total %d", t0.count, t0.total);
    cr_assert_eq(gjk2d_distance(&a, NULL, &b, NULL, &r, &tneg), GJK2D_STATUS_OK);
    cr_expect(tneg.count == 0 && tneg.total == t0.total);
    cr_assert_eq(gjk2d_distance(&a, NULL, &b, NULL, &r, &t1), GJK2D_STATUS_OK);
    cr_expect(t1.count == 1 && t1.total == t0.total && rec[0].count >= 1 && rec[0].count <= 3);
}

Test(bad_input, segment_and_triangle_take_any_floats) {
    // Any floats in, a region in range out, never a crash; finite input gives finite output.
    const float vals[] = {0.0f, 1.0f, -1.0f, NAN, INFINITY, -INFINITY, 1e15f, 1e-45f, 3e38f};
    for (int i = 0; i < 9; i++)
        for (int j = 0; j < 9; j++) {
            gjk2d_vec2 p = {vals[i], vals[j]}, a = {0, 0}, b = {1, 0}, c = {0, 1};
            gjk2d_segment_result s = gjk2d_closest_on_segment(a, p, b);
            cr_expect(s.region == GJK2D_REGION_A || s.region == GJK2D_REGION_B || s.region == GJK2D_REGION_AB);
            gjk2d_triangle_result t = gjk2d_closest_on_triangle(a, b, p, c);
            cr_expect((unsigned)t.region <= GJK2D_REGION_ABC);
            t = gjk2d_closest_on_triangle(a, b, c, p);
            cr_expect((unsigned)t.region <= GJK2D_REGION_ABC);
            if (isfinite(p.x) && isfinite(p.y) && fabsf(p.x) <= 1e15f && fabsf(p.y) <= 1e15f)
                cr_expect(isfinite(t.point.x) && isfinite(t.point.y) && isfinite(t.u) && isfinite(t.v) && isfinite(t.w),
                          "triangle, q = (%g, %g)", (double)p.x, (double)p.y);
        }
}

Test(bad_input, pose_from_bad_angle) {
    gjk2d_shape a = {square, 4, 0.0f};
    gjk2d_pose p = gjk2d_pose_from_angle(0, 0, NAN);
    cr_expect(isnan(p.c) && isnan(p.s));
    cr_expect_eq(gjk2d_validate_shape(&a, &p, NULL), GJK2D_PROBLEM_NONFINITE);
    p = gjk2d_pose_from_angle(0, 0, INFINITY);
    cr_expect_eq(gjk2d_validate_shape(&a, &p, NULL), GJK2D_PROBLEM_NONFINITE);
    p = gjk2d_pose_from_angle(0, 0, 1e300); // huge but finite: still a rotation
    cr_expect_eq(gjk2d_validate_shape(&a, &p, NULL), GJK2D_PROBLEM_NONE);
}

Test(bad_input, names_of_out_of_range_values) {
    cr_expect_str_eq(gjk2d_status_name((gjk2d_status)77), "unknown");
    cr_expect_str_eq(gjk2d_end_name((gjk2d_end)-1), "unknown");
    cr_expect_str_eq(gjk2d_region_name((gjk2d_region)7), "unknown");
    cr_expect_str_eq(gjk2d_region_name((gjk2d_region)-1), "unknown");
    cr_expect(strlen(gjk2d_problem_message((gjk2d_problem)200)) > 0);
    cr_expect(strlen(gjk2d_error_message(-1000)) > 0);
    cr_expect(strlen(gjk2d_error_message(12345)) > 0);
}

Test(bad_input, empty_or_null_isa_names_are_rejected) {
    cr_expect_eq(gjk2d_set_isa(NULL), GJK2D_ERR_ISA);
    cr_expect_eq(gjk2d_set_isa(""), GJK2D_ERR_ISA);
    cr_expect_eq(gjk2d_isa_supported(NULL), 0);
    cr_expect_eq(gjk2d_isa_supported(""), 0);
    cr_expect_eq(gjk2d_set_isa("auto"), 0);
}

// ---- shape sets ------------------------------------------------------------------------------------

static float vx[] = {0, 1, 1, 0, 5, 0, 0, 1};
static float vy[] = {0, 0, 1, 1, 5, 0, 1, 0};
static int32_t first[] = {0, 4, 5, 2000000000};
static int32_t count[] = {4, 1, 3, 2000}; // shape 2 is clockwise; shape 3's count is out of range
static float px[] = {0, 0.5f, 3, 0}, py[] = {0, 0.5f, 0, 0}, c[] = {1, 1, 1, 1}, s[] = {0, 0, 0, 0};

static gjk2d_geometry make_geometry(void) {
    gjk2d_geometry g = {vx, vy, 8, count, first, NULL, 4};
    return g;
}

Test(bad_input, prepare_errors_write_nothing) {
    gjk2d_geometry g = make_geometry();
    static uint64_t memory[4096];
    const gjk2d_shapes *shapes = NULL;
    uint8_t problems[4];
    int64_t bad = 7;
    cr_assert_gt(gjk2d_shapes_size(&g), 0);
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, &bad), 2);
    cr_expect(problems[0] == GJK2D_PROBLEM_NONE && problems[1] == GJK2D_PROBLEM_NONE &&
              problems[2] == GJK2D_PROBLEM_CLOCKWISE && problems[3] == GJK2D_PROBLEM_COUNT);
    cr_expect_eq(bad, 2, "first_bad names the first invalid shape");
    // Negative counts: GJK2D_ERR_RANGE, nothing written.
    memset(problems, 0xEE, sizeof problems);
    memset(memory, 0xEE, sizeof memory);
    g.shape_count = -1;
    cr_expect_eq(gjk2d_shapes_size(&g), GJK2D_ERR_RANGE);
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, &bad), GJK2D_ERR_RANGE);
    g = make_geometry();
    g.vertex_count = -1;
    cr_expect_eq(gjk2d_shapes_size(&g), GJK2D_ERR_RANGE);
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, &bad), GJK2D_ERR_RANGE);
    for (int i = 0; i < 4; i++) cr_expect_eq(problems[i], 0xEE);
    for (size_t i = 0; i < sizeof memory / sizeof memory[0]; i++)
        cr_assert_eq(memory[i], 0xEEEEEEEEEEEEEEEEull, "memory written on an error (word %zu)", i);
    // An empty set is valid.
    g = make_geometry();
    g.shape_count = 0;
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, &bad), 0);
    cr_expect_eq(bad, -1);
    cr_expect_eq(gjk2d_shapes_count(shapes), 0);
}

Test(bad_input, count_out_of_range_is_never_read) {
    // Shape 3 has count 2000 and a first index far outside the arrays: a per-pair `invalid`, on every ISA;
    // the empty range and NULL pair arrays are fine.
    test_set t;
    gjk2d_geometry g = make_geometry();
    cr_assert_eq(test_set_make(&t, &g, px, py, c, s, NULL), 2);
    int32_t a[] = {0, 3, 1, 0, 2}, b[] = {3, 0, 0, 1, 0};
    gjk2d_pairs pairs = {a, b, 5};
    for (int i = 0; i < 6; i++) {
        if (gjk2d_set_isa(isa_names[i]) != 0) continue;
        float d[5];
        uint8_t st[5];
        gjk2d_distance_out out = {.distance = d, .status = st};
        cr_assert_eq(gjk2d_batch_distance(t.shapes, &t.poses, &pairs, 0, 5, &out), GJK2D_OK);
        const uint8_t want[] = {GJK2D_STATUS_INVALID, GJK2D_STATUS_INVALID, GJK2D_STATUS_OK, GJK2D_STATUS_OK,
                                GJK2D_STATUS_INVALID};
        for (int k = 0; k < 5; k++) cr_expect_eq(st[k], want[k], "%s pair %d", isa_names[i], k);
        cr_expect(isnan(d[0]) && isnan(d[1]) && d[2] > 6.0f && d[2] == d[3], "%s: %g %g", isa_names[i], (double)d[2],
                  (double)d[3]);
    }
    gjk2d_set_isa("auto");
    gjk2d_pairs none = {NULL, NULL, 0};
    gjk2d_distance_out out = {0};
    cr_expect_eq(gjk2d_batch_distance(t.shapes, &t.poses, &none, 0, 0, &out), GJK2D_OK);
    cr_expect_eq(gjk2d_check_batch(t.shapes, &t.poses, &none, 0, 0, NULL), GJK2D_OK);
    // Every output field NULL: computed, nothing written.
    cr_expect_eq(gjk2d_batch_sat(t.shapes, &t.poses, &pairs, 0, 5, &(gjk2d_sat_out){0}), GJK2D_OK);
    test_set_free(&t);
}

Test(bad_input, overwritten_set_memory_is_refused_on_every_isa) {
    // A set whose memory was overwritten after preparing (here: zeroed) is GJK2D_ERR_SHAPES, never read
    // as shapes: every call, every ISA, nothing written.
    float x[] = {0, 1, 1, 0, 0, 1, 0}, y[] = {0, 0, 1, 1, 0, 0, 1};
    int32_t n[] = {4, 3};
    gjk2d_geometry g = {x, y, 7, n, NULL, NULL, 2};
    test_set t;
    cr_assert_eq(test_set_make(&t, &g, NULL, NULL, NULL, NULL, NULL), 0);
    memset(t.memory, 0, (size_t)gjk2d_shapes_size(&g));
    int32_t a[] = {0, 1}, b[] = {1, 0};
    gjk2d_pairs pairs = {a, b, 2};
    for (int i = 0; i < 6; i++) {
        if (gjk2d_set_isa(isa_names[i]) != 0) continue;
        float d[2] = {-7.0f, -7.0f}, sep[2] = {-7.0f, -7.0f};
        uint8_t ov[2] = {9, 9};
        gjk2d_distance_out dout = {.distance = d};
        gjk2d_overlap_out oout = {.overlap = ov};
        gjk2d_sat_out sout = {.separation = sep};
        cr_expect_eq(gjk2d_batch_distance(t.shapes, &t.poses, &pairs, 0, 2, &dout), GJK2D_ERR_SHAPES, "%s",
                     isa_names[i]);
        cr_expect_eq(gjk2d_batch_overlap(t.shapes, &t.poses, &pairs, 0, 2, &oout), GJK2D_ERR_SHAPES, "%s",
                     isa_names[i]);
        cr_expect_eq(gjk2d_batch_sat(t.shapes, &t.poses, &pairs, 0, 2, &sout), GJK2D_ERR_SHAPES, "%s", isa_names[i]);
        cr_expect(d[0] == -7.0f && d[1] == -7.0f && sep[0] == -7.0f && ov[1] == 9, "%s: outputs written", isa_names[i]);
    }
    gjk2d_set_isa("auto");
    test_set_free(&t);
}
