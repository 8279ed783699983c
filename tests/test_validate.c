// One test per gjk2d_problem, the vertex each names, the valid degenerate inputs, the pose rule, and the
// problems a prepared shape set and gjk2d_check_poses report.
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "support.h"

static const double PI = 3.14159265358979323846;
static const gjk2d_pose identity = {0.0f, 0.0f, 1.0f, 0.0f};
static gjk2d_vec2 big[GJK2D_MAX_VERTICES + 1];

static gjk2d_problem validate(const gjk2d_vec2 *v, int n, float radius, const gjk2d_pose *pose, int32_t *vertex) {
    gjk2d_shape s = {v, n, radius};
    *vertex = 12345;
    return gjk2d_validate_shape(&s, pose, vertex);
}

#define EXPECT_PROBLEM(v, n, radius, pose, problem, index)                                                 \
    do {                                                                                                   \
        int32_t vtx_;                                                                                      \
        gjk2d_problem p_ = validate(v, n, radius, pose, &vtx_);                                            \
        cr_expect_eq(p_, problem, "problem %d (%s), expected %d (%s)", (int)p_, gjk2d_problem_message(p_), \
                     (int)(problem), gjk2d_problem_message(problem));                                      \
        cr_expect_eq(vtx_, index, "vertex %d, expected %d", (int)vtx_, (int)(index));                      \
    } while (0)

static const gjk2d_vec2 square[] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};

Test(validate, valid_shapes_have_no_problem) {
    const gjk2d_vec2 pt[] = {{3, 4}}, seg[] = {{1, 1}, {-2, 5}}, zero_seg[] = {{1, 1}, {1, 1}};
    EXPECT_PROBLEM(pt, 1, 0.0f, &identity, GJK2D_PROBLEM_NONE, -1);
    EXPECT_PROBLEM(pt, 1, 2.5f, &identity, GJK2D_PROBLEM_NONE, -1);
    EXPECT_PROBLEM(seg, 2, 0.5f, NULL, GJK2D_PROBLEM_NONE, -1);
    EXPECT_PROBLEM(zero_seg, 2, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
    EXPECT_PROBLEM(square, 4, 0.0f, &identity, GJK2D_PROBLEM_NONE, -1);
    // A rotation with |c^2 + s^2 - 1| <= 1e-6 is accepted (1.0000004^2 - 1 = 8e-7); just past it is not.
    gjk2d_pose p = {5.0f, -3.0f, 1.0000004f, 0.0f};
    EXPECT_PROBLEM(square, 4, 0.0f, &p, GJK2D_PROBLEM_NONE, -1);
    p.c = 1.0000006f; // 1.2e-6
    EXPECT_PROBLEM(square, 4, 0.0f, &p, GJK2D_PROBLEM_ROTATION, -1);
    p = gjk2d_pose_from_angle(1e6f, -1e6f, 2.0);
    EXPECT_PROBLEM(square, 4, 0.0f, &p, GJK2D_PROBLEM_NONE, -1);
}

Test(validate, collinear_and_duplicated_vertices_are_valid) {
    const gjk2d_vec2 collinear[] = {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}, {1, 2}, {0, 2}, {0, 1}};
    EXPECT_PROBLEM(collinear, 8, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
    const gjk2d_vec2 dup[] = {{0, 0}, {0, 0}, {2, 0}, {2, 2}, {2, 2}, {2, 2}, {0, 2}, {0, 0}};
    EXPECT_PROBLEM(dup, 8, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
    // Collinear as written in decimal, not exactly as floats: within the ~1e-6 rad tolerance.
    const gjk2d_vec2 dec[] = {{0.1f, 0.1f}, {0.2f, 0.2f}, {0.3f, 0.3f}, {0.1f, 0.3f}};
    EXPECT_PROBLEM(dec, 4, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
    // Regular polygons up to the largest count.
    for (int i = 0; i < GJK2D_MAX_VERTICES; i++) {
        big[i].x = (float)(100.0 * cos(2 * PI * i / GJK2D_MAX_VERTICES));
        big[i].y = (float)(100.0 * sin(2 * PI * i / GJK2D_MAX_VERTICES));
    }
    EXPECT_PROBLEM(big, GJK2D_MAX_VERTICES, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
}

Test(validate, count_out_of_range_is_a_problem) {
    EXPECT_PROBLEM(square, 0, 0.0f, NULL, GJK2D_PROBLEM_COUNT, -1);
    EXPECT_PROBLEM(square, -3, 0.0f, NULL, GJK2D_PROBLEM_COUNT, -1);
    for (int i = 0; i <= GJK2D_MAX_VERTICES; i++) {
        big[i].x = (float)cos(2 * PI * i / (GJK2D_MAX_VERTICES + 1));
        big[i].y = (float)sin(2 * PI * i / (GJK2D_MAX_VERTICES + 1));
    }
    EXPECT_PROBLEM(big, GJK2D_MAX_VERTICES + 1, 0.0f, NULL, GJK2D_PROBLEM_COUNT, -1);
}

Test(validate, nan_or_infinite_numbers_are_a_problem) {
    gjk2d_vec2 v[4];
    memcpy(v, square, sizeof v);
    v[2].y = NAN;
    EXPECT_PROBLEM(v, 4, 0.0f, NULL, GJK2D_PROBLEM_NONFINITE, 2);
    v[2].y = 2.0f;
    v[3].x = -INFINITY;
    EXPECT_PROBLEM(v, 4, 0.0f, NULL, GJK2D_PROBLEM_NONFINITE, 3);
    gjk2d_pose p = identity;
    p.py = NAN;
    EXPECT_PROBLEM(square, 4, 0.0f, &p, GJK2D_PROBLEM_NONFINITE, -1);
    p = identity;
    p.s = INFINITY;
    EXPECT_PROBLEM(square, 4, 0.0f, &p, GJK2D_PROBLEM_NONFINITE, -1);
}

Test(validate, magnitude_beyond_1e15_is_a_problem) {
    gjk2d_vec2 v[4];
    memcpy(v, square, sizeof v);
    v[1].x = 2.0e15f;
    EXPECT_PROBLEM(v, 4, 0.0f, NULL, GJK2D_PROBLEM_MAGNITUDE, 1);
    v[1].x = GJK2D_MAX_COORDINATE; // the limit itself is accepted
    EXPECT_PROBLEM(v, 4, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
    gjk2d_pose p = identity;
    p.px = -3.0e15f;
    EXPECT_PROBLEM(square, 4, 0.0f, &p, GJK2D_PROBLEM_MAGNITUDE, -1);
}

Test(validate, rotation_that_is_not_unit_is_a_problem) {
    gjk2d_pose p = {0.0f, 0.0f, 1.001f, 0.0f};
    EXPECT_PROBLEM(square, 4, 0.0f, &p, GJK2D_PROBLEM_ROTATION, -1);
    p.c = 0.0f;
    EXPECT_PROBLEM(square, 4, 0.0f, &p, GJK2D_PROBLEM_ROTATION, -1);
    p.c = 0.6f;
    p.s = 0.6f;
    EXPECT_PROBLEM(square, 4, 0.0f, &p, GJK2D_PROBLEM_ROTATION, -1);
}

Test(validate, negative_nan_or_huge_radius_is_a_problem) {
    EXPECT_PROBLEM(square, 4, -0.5f, NULL, GJK2D_PROBLEM_RADIUS, -1);
    EXPECT_PROBLEM(square, 4, NAN, NULL, GJK2D_PROBLEM_RADIUS, -1);
    EXPECT_PROBLEM(square, 4, INFINITY, NULL, GJK2D_PROBLEM_RADIUS, -1);
    EXPECT_PROBLEM(square, 4, 2.0e15f, NULL, GJK2D_PROBLEM_RADIUS, -1);
    EXPECT_PROBLEM(square, 1, -1e-30f, NULL, GJK2D_PROBLEM_RADIUS, -1);
}

Test(validate, clockwise_polygon_is_a_problem) {
    const gjk2d_vec2 cw[] = {{0, 0}, {0, 2}, {2, 2}, {2, 0}};
    EXPECT_PROBLEM(cw, 4, 0.0f, NULL, GJK2D_PROBLEM_CLOCKWISE, -1);
    const gjk2d_vec2 tri[] = {{0, 0}, {0, 1}, {1, 0}};
    EXPECT_PROBLEM(tri, 3, 0.0f, NULL, GJK2D_PROBLEM_CLOCKWISE, -1);
}

Test(validate, reflex_names_the_vertex) {
    const gjk2d_vec2 dent[] = {{0, 0}, {4, 0}, {4, 4}, {2, 1}, {0, 4}};
    EXPECT_PROBLEM(dent, 5, 0.0f, NULL, GJK2D_PROBLEM_REFLEX, 3);
    const gjk2d_vec2 dent0[] = {{2, 1}, {0, 4}, {0, 0}, {4, 0}, {4, 4}};
    EXPECT_PROBLEM(dent0, 5, 0.0f, NULL, GJK2D_PROBLEM_REFLEX, 0);
    // A dent of 1e-3 rad is far beyond the ~1e-6 rad rounding tolerance.
    const gjk2d_vec2 slight[] = {{0, 0}, {1, 0.001f}, {2, 0}, {2, 2}, {0, 2}};
    EXPECT_PROBLEM(slight, 5, 0.0f, NULL, GJK2D_PROBLEM_REFLEX, 1);
    // The same bulge outward is convex.
    const gjk2d_vec2 bulge[] = {{0, 0}, {1, -0.001f}, {2, 0}, {2, 2}, {0, 2}};
    EXPECT_PROBLEM(bulge, 5, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
}

Test(validate, pentagram_winds_twice) {
    gjk2d_vec2 star[5];
    for (int i = 0; i < 5; i++) {
        double t = 2.0 * PI * (2 * i) / 5.0 + 0.1;
        star[i].x = (float)(3.0 * cos(t));
        star[i].y = (float)(3.0 * sin(t));
    }
    EXPECT_PROBLEM(star, 5, 0.0f, NULL, GJK2D_PROBLEM_WINDING, -1);
    // A square walked twice is the same failure.
    const gjk2d_vec2 twice[] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}, {0, 0}, {2, 0}, {2, 2}, {0, 2}};
    EXPECT_PROBLEM(twice, 8, 0.0f, NULL, GJK2D_PROBLEM_WINDING, -1);
}

Test(validate, reflex_turn_split_by_a_tiny_edge) {
    // Found by fuzzing: a bent line whose reflex turn at the origin is split across a 1e-13 edge. Each half
    // turn is within the rounding slack of its longer neighbour, so judging consecutive edges alone let it
    // pass (and GJK then answered for its convex hull, 1000 off). The turn is judged against the last edge
    // longer than the rounding resolution too. The walk now meets a second flaw first: at vertex 0 the line
    // turns back to the right (a reversal), and vertex 2 lies right of the reversing edges' lines.
    const gjk2d_vec2 bent[] = {{1000, -1000}, {0, 0}, {-1048576, 0}, {0, 0}, {1e-13f, 1e-13f}};
    EXPECT_PROBLEM(bent, 5, 0.0f, NULL, GJK2D_PROBLEM_REFLEX, 2);
    // Without the tiny edge it was already rejected; a convex shape with a tiny edge stays valid.
    EXPECT_PROBLEM(bent, 4, 0.0f, NULL, GJK2D_PROBLEM_REFLEX, 3);
    const gjk2d_vec2 tiny_edge[] = {{0, 0}, {4, 0}, {4, 3}, {4 - 1e-6f, 3 + 1e-6f}, {0, 3}};
    EXPECT_PROBLEM(tiny_edge, 5, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
}

Test(validate, needle_crossing_a_small_polygon_is_reflex) {
    // Found by fuzzing: a polygon of radius 8e-6 with a needle's tip at (1, y) spliced between two of its
    // vertices. The tip turns back to the right by a cross product within the rounding slack, and every other
    // turn is a left one, yet the small polygon lies across the needle's returning edge (up to 1.6e-5, ~130
    // eps, beyond its line). The separating axis test, which trusts the edges, was 40 eps L off the distance
    // to the hull. Only a flat polygon turns back like this; here the vertices above the needle are reflex.
    enum { N = 32, J = 23 };
    gjk2d_vec2 v[N + 1];
    int k = 0;
    for (int i = 0; i < N; i++) {
        v[k].x = (float)(8e-6 * cos(2 * PI * i / N));
        v[k++].y = (float)(8e-6 * sin(2 * PI * i / N));
        if (i == J) v[k++] = (gjk2d_vec2){1.0f, (float)(8e-6 * (sin(2 * PI * J / N) + sin(2 * PI * (J + 1) / N)) / 2)};
    }
    int32_t vtx;
    cr_expect_eq(validate(v, N + 1, 0.0f, NULL, &vtx), GJK2D_PROBLEM_REFLEX);
    cr_expect(vtx >= 0 && vtx <= N && vtx != J + 1, "vertex %d: one of the small polygon's, not the tip", (int)vtx);
    // Without the needle the small polygon is valid, and so is a flat polygon turning back within rounding.
    v[J + 1] = v[J];
    EXPECT_PROBLEM(v, N + 1, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
    const gjk2d_vec2 flat[] = {{0.1f, 0.1f}, {0.3f, 0.3f}, {0.2f, 0.2f}};
    EXPECT_PROBLEM(flat, 3, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
    const gjk2d_vec2 flat_back[] = {{0.3f, 0.3f}, {0.1f, 0.1f}, {0.2f, 0.2f}};
    EXPECT_PROBLEM(flat_back, 3, 0.0f, NULL, GJK2D_PROBLEM_NONE, -1);
}

Test(validate, chain_of_tiny_edges_drifting_across_a_long_edge_is_reflex) {
    // A unit square whose bottom-right corner grows a chain of edges of 3e-7 (below the rounding resolution
    // 4 eps M = 4.8e-7) going down, then climbs back along x = 1. Each tiny turn is within its slack, and the
    // winding counts one loop, but vertex 3 already lies 6e-7 right of the bottom edge's line.
    gjk2d_vec2 v[24];
    int k = 0;
    v[k++] = (gjk2d_vec2){0.0f, 0.0f};
    for (int i = 0; i <= 20; i++) v[k++] = (gjk2d_vec2){1.0f, -3e-7f * (float)i};
    v[k++] = (gjk2d_vec2){1.0f, 1.0f};
    v[k++] = (gjk2d_vec2){0.0f, 1.0f};
    EXPECT_PROBLEM(v, k, 0.0f, NULL, GJK2D_PROBLEM_REFLEX, 3);
}

Test(validate, problems_come_in_the_documented_order) {
    // The geometry first, in the listed order (COUNT, NONFINITE, MAGNITUDE, RADIUS, CLOCKWISE, REFLEX,
    // WINDING), then the pose (NONFINITE, MAGNITUDE, ROTATION). The vertices' NaN check runs over every
    // vertex before their magnitude check, so a NaN vertex wins over an earlier too-large one; any
    // geometry problem wins over any pose problem.
    gjk2d_vec2 v[4];
    memcpy(v, square, sizeof v);
    v[0].x = 2.0e15f;
    gjk2d_pose p = identity;
    p.px = NAN;
    int32_t vtx;
    cr_expect_eq(validate(v, 4, 0.0f, &p, &vtx), GJK2D_PROBLEM_MAGNITUDE, "a NaN pose and a too-large vertex: got %s",
                 gjk2d_problem_message(validate(v, 4, 0.0f, &p, &vtx)));
    cr_expect_eq(vtx, 0);
    v[3].y = NAN;
    cr_expect_eq(validate(v, 4, 0.0f, NULL, &vtx), GJK2D_PROBLEM_NONFINITE,
                 "too-large vertex 0 and NaN vertex 3: got %s",
                 gjk2d_problem_message(validate(v, 4, 0.0f, NULL, &vtx)));
    cr_expect_eq(vtx, 3);
    // Radius before winding; both before the pose's rotation; the pose's own order (gjk2d_pose_problem).
    const gjk2d_vec2 cw[] = {{0, 0}, {0, 2}, {2, 2}, {2, 0}};
    p = identity;
    p.c = 2.0f;
    cr_expect_eq(validate(cw, 4, -1.0f, &p, &vtx), GJK2D_PROBLEM_RADIUS);
    cr_expect_eq(validate(cw, 4, 0.0f, &p, &vtx), GJK2D_PROBLEM_CLOCKWISE);
    cr_expect_eq(validate(square, 4, 0.0f, &p, &vtx), GJK2D_PROBLEM_ROTATION);
    p.py = 3e15f;
    cr_expect_eq(validate(square, 4, 0.0f, &p, &vtx), GJK2D_PROBLEM_MAGNITUDE);
    p.s = NAN;
    cr_expect_eq(validate(square, 4, 0.0f, &p, &vtx), GJK2D_PROBLEM_NONFINITE);
    cr_expect_eq(vtx, -1, "a pose problem names no vertex");
}

Test(validate, pose_problem_is_the_rule_of_every_call) {
    // Finite numbers first, then the position's magnitude, then the rotation.
    const struct {
        gjk2d_pose pose;
        gjk2d_problem want;
    } cases[] = {
        {{0, 0, 1, 0}, GJK2D_PROBLEM_NONE},
        {{1e15f, -1e15f, 0, 1}, GJK2D_PROBLEM_NONE}, // the limit itself
        {{NAN, 0, 1, 0}, GJK2D_PROBLEM_NONFINITE},
        {{0, INFINITY, 1, 0}, GJK2D_PROBLEM_NONFINITE},
        {{0, 0, NAN, 0}, GJK2D_PROBLEM_NONFINITE},
        {{0, 0, 1, -INFINITY}, GJK2D_PROBLEM_NONFINITE},
        {{2e15f, 0, 1, 0}, GJK2D_PROBLEM_MAGNITUDE},
        {{0, -3e15f, 1, 0}, GJK2D_PROBLEM_MAGNITUDE},
        {{0, 0, 0.6f, 0.6f}, GJK2D_PROBLEM_ROTATION},
        {{0, 0, 1.0000006f, 0}, GJK2D_PROBLEM_ROTATION}, // |c^2 - 1| = 1.2e-6
        {{0, 0, 1.0000004f, 0}, GJK2D_PROBLEM_NONE},     // 8e-7
        {{0, 0, 0, 0}, GJK2D_PROBLEM_ROTATION},
        {{NAN, 2e15f, 0, 0}, GJK2D_PROBLEM_NONFINITE}, // order
        {{2e15f, 0, 0, 0}, GJK2D_PROBLEM_MAGNITUDE},   // order
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        gjk2d_problem got = gjk2d_pose_problem(&cases[i].pose);
        cr_expect_eq(got, cases[i].want, "pose {%g, %g, %.9g, %.9g}: %s, expected %s", (double)cases[i].pose.px,
                     (double)cases[i].pose.py, (double)cases[i].pose.c, (double)cases[i].pose.s,
                     gjk2d_problem_message(got), gjk2d_problem_message(cases[i].want));
        // gjk2d_validate_shape applies the same rule to the pose of a valid shape.
        cr_expect_eq(gjk2d_validate_shape(&(gjk2d_shape){square, 4, 0.0f}, &cases[i].pose, NULL), cases[i].want,
                     "validate_shape, pose case %zu", i);
    }
}

Test(validate, names_and_messages) {
    for (int p = GJK2D_PROBLEM_NONE; p <= GJK2D_PROBLEM_WINDING; p++) {
        const char *m = gjk2d_problem_message((gjk2d_problem)p);
        cr_expect(m != NULL && strlen(m) > 0, "problem %d has no message", p);
    }
    cr_expect_str_eq(gjk2d_status_name(GJK2D_STATUS_OK), "ok");
    cr_expect_str_eq(gjk2d_status_name(GJK2D_STATUS_MAXITER), "maxiter");
    cr_expect_str_eq(gjk2d_status_name(GJK2D_STATUS_INVALID), "invalid");
    cr_expect_str_eq(gjk2d_status_name(GJK2D_STATUS_BAD_POSE), "bad-pose");
    cr_expect_str_eq(gjk2d_region_name(GJK2D_REGION_A), "A");
    cr_expect_str_eq(gjk2d_region_name(GJK2D_REGION_AB), "AB");
    cr_expect_str_eq(gjk2d_region_name(GJK2D_REGION_ABC), "ABC");
    cr_expect_str_eq(gjk2d_end_name(GJK2D_END_REPEATED_SUPPORT), "repeated-support");
    for (int c = GJK2D_ERR_MEMORY; c <= GJK2D_OK; c++) {
        const char *m = gjk2d_error_message(c);
        cr_expect(m != NULL && strlen(m) > 0, "error %d has no message", c);
        for (int d = GJK2D_ERR_MEMORY; d < c; d++)
            cr_expect_str_neq(gjk2d_error_message(d), m, "errors %d and %d share a message", d, c);
    }
}

// ---------------------------------------------------------------------------------------------
// The problems of a prepared set, and of poses
// ---------------------------------------------------------------------------------------------

Test(validate, prepare_reports_each_shapes_problem) {
    // Shapes: 0 square (ok), 1 clockwise square, 2 point with NaN radius, 3 segment (ok), 4 triangle (ok),
    // 5 reflex pentagon.
    const float vx[] = {0, 2, 2, 0, /**/ 0, 0, 2, 2, /**/ 5, /**/ 1, 3, /**/ 0, 1, 0, /**/ 0, 4, 4, 2, 0};
    const float vy[] = {0, 0, 2, 2, /**/ 0, 2, 2, 0, /**/ 5, /**/ 1, 1, /**/ 0, 0, 1, /**/ 0, 0, 4, 1, 4};
    const int32_t first[] = {0, 4, 8, 9, 11, 14};
    const int32_t count[] = {4, 4, 1, 2, 3, 5};
    const float radius[] = {0, 0, NAN, 0.5f, 0, 0};
    gjk2d_geometry g = {vx, vy, 19, count, first, radius, 6};
    uint8_t problems[6];
    memset(problems, 0xEE, sizeof problems);
    static uint64_t memory[1024];
    const gjk2d_shapes *shapes;
    int64_t bad = 77;
    cr_assert_leq(gjk2d_shapes_size(&g), (int64_t)sizeof memory);
    cr_assert_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, &bad), 3);
    const uint8_t expect[] = {GJK2D_PROBLEM_NONE, GJK2D_PROBLEM_CLOCKWISE, GJK2D_PROBLEM_RADIUS,
                              GJK2D_PROBLEM_NONE, GJK2D_PROBLEM_NONE,      GJK2D_PROBLEM_REFLEX};
    for (int i = 0; i < 6; i++) {
        cr_expect_eq(problems[i], expect[i], "shape %d: %d, expected %d", i, problems[i], expect[i]);
        cr_expect_eq(gjk2d_shapes_problem(shapes, i), expect[i], "stored problem of shape %d", i);
    }
    cr_expect_eq(bad, 1, "first_bad");
    cr_expect_eq(gjk2d_shapes_count(shapes), 6);
    cr_expect_eq(gjk2d_shapes_problem(shapes, 6), GJK2D_PROBLEM_COUNT, "k out of range");
    cr_expect_eq(gjk2d_shapes_problem(shapes, -1), GJK2D_PROBLEM_COUNT, "k out of range");
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, NULL, NULL), 3);

    // No radius array: every radius is 0, so shape 2 becomes valid.
    g.radius = NULL;
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, NULL), 2);
    cr_expect_eq(problems[2], GJK2D_PROBLEM_NONE);

    // A count out of range is a per-shape problem.
    int32_t count2[] = {4, 4, 1, 2, 3, 0};
    g.count = count2;
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, NULL), 2);
    cr_expect_eq(problems[5], GJK2D_PROBLEM_COUNT);
    g.count = count;

    // A span outside the vertex arrays is an error that names the shape.
    const int32_t first_bad[] = {0, 4, 8, 9, 11, 15};
    g.first = first_bad;
    bad = 77;
    cr_expect_eq(gjk2d_shapes_size(&g), GJK2D_ERR_SHAPE_SPAN);
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, &bad), GJK2D_ERR_SHAPE_SPAN);
    cr_expect_eq(bad, 5);
    const int32_t first_neg[] = {0, -1, 8, 9, 11, 14};
    g.first = first_neg;
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, &bad), GJK2D_ERR_SHAPE_SPAN);
    cr_expect_eq(bad, 1);
    g.first = first;

    // Required pointers.
    cr_expect_eq(gjk2d_shapes_size(NULL), GJK2D_ERR_NULL);
    cr_expect_eq(gjk2d_shapes_prepare(NULL, memory, sizeof memory, &shapes, problems, &bad), GJK2D_ERR_NULL);
    cr_expect_eq(gjk2d_shapes_prepare(&g, NULL, sizeof memory, &shapes, problems, &bad), GJK2D_ERR_NULL);
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, NULL, problems, &bad), GJK2D_ERR_NULL);
    g.vx = NULL;
    cr_expect_eq(gjk2d_shapes_size(&g), GJK2D_ERR_NULL);
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, &bad), GJK2D_ERR_NULL);
    g.vx = vx;
    g.count = NULL;
    cr_expect_eq(gjk2d_shapes_prepare(&g, memory, sizeof memory, &shapes, problems, &bad), GJK2D_ERR_NULL);
}

Test(validate, check_poses_names_each_bad_pose) {
    const float px[] = {0, 0, 2e15f, 0, 0, 1};
    const float py[] = {0, NAN, 0, 0, 0, 1};
    const float c[] = {1, 1, 1, 0.5f, 1, 0};
    const float s[] = {0, 0, 0, 0, 0, 1};
    gjk2d_poses poses = {px, py, c, s, 6, 0, GJK2D_FLOAT32};
    uint8_t problems[6];
    memset(problems, 0xEE, sizeof problems);
    int64_t bad = 77;
    cr_assert_eq(gjk2d_check_poses(&poses, problems, &bad), 3);
    const uint8_t expect[] = {GJK2D_PROBLEM_NONE,     GJK2D_PROBLEM_NONFINITE, GJK2D_PROBLEM_MAGNITUDE,
                              GJK2D_PROBLEM_ROTATION, GJK2D_PROBLEM_NONE,      GJK2D_PROBLEM_NONE};
    for (int i = 0; i < 6; i++) {
        cr_expect_eq(problems[i], expect[i], "pose %d: %d, expected %d", i, problems[i], expect[i]);
        gjk2d_pose p = {px[i], py[i], c[i], s[i]};
        cr_expect_eq(gjk2d_pose_problem(&p), expect[i], "gjk2d_pose_problem of pose %d", i);
    }
    cr_expect_eq(bad, 1);
    cr_expect_eq(gjk2d_check_poses(&poses, NULL, NULL), 3);
    poses.count = 1;
    cr_expect_eq(gjk2d_check_poses(&poses, problems, &bad), 0);
    cr_expect_eq(bad, -1);
    cr_expect_eq(gjk2d_check_poses(NULL, problems, &bad), GJK2D_ERR_NULL);
    poses.count = 6;
    poses.c = NULL;
    cr_expect_eq(gjk2d_check_poses(&poses, problems, &bad), GJK2D_ERR_NULL);
    poses.c = c;
    poses.stride = 6;
    cr_expect_eq(gjk2d_check_poses(&poses, problems, &bad), GJK2D_ERR_POSES);
    poses.stride = 0;
    poses.position_type = (gjk2d_real)2;
    cr_expect_eq(gjk2d_check_poses(&poses, problems, &bad), GJK2D_ERR_POSES);
}

Test(validate, single_queries_reject_invalid_shapes) {
    // An invalid shape gives status invalid and NaN outputs from every single-pair query.
    const gjk2d_vec2 cw[] = {{0, 0}, {0, 2}, {2, 2}, {2, 0}};
    gjk2d_shape bad = {cw, 4, 0.0f}, good = {square, 4, 0.0f};
    gjk2d_distance_result r;
    cr_expect_eq(gjk2d_distance(&bad, NULL, &good, NULL, &r, NULL), GJK2D_STATUS_INVALID);
    cr_expect_eq(r.status, GJK2D_STATUS_INVALID);
    cr_expect(isnan(r.distance) && isnan(r.point_a.x) && isnan(r.normal.y));
    gjk2d_overlap_result o;
    cr_expect_eq(gjk2d_overlap(&good, NULL, &bad, NULL, &o), GJK2D_STATUS_INVALID);
    cr_expect_eq(o.overlap, 0);
    gjk2d_sat_result s;
    cr_expect_eq(gjk2d_sat(&good, NULL, &bad, NULL, &s), GJK2D_STATUS_INVALID);
    cr_expect(isnan(s.separation));
    cr_expect_eq(gjk2d_closest_on_shape(&bad, NULL, (gjk2d_vec2){0, 0}, &r, NULL), GJK2D_STATUS_INVALID);
}

Test(validate, single_queries_give_bad_poses_their_own_status) {
    // A valid shape with a bad pose: GJK2D_STATUS_BAD_POSE (not INVALID) and NaN outputs, from every
    // single-pair query, for each kind of bad pose and on either side.
    gjk2d_shape good = {square, 4, 0.25f};
    const gjk2d_pose bad[] = {{NAN, 0, 1, 0}, {0, INFINITY, 1, 0}, {2e15f, 0, 1, 0}, {0, 0, 0.6f, 0.6f}};
    for (int i = 0; i < 4; i++)
        for (int side = 0; side < 2; side++) {
            const gjk2d_pose *qa = side ? NULL : &bad[i], *qb = side ? &bad[i] : NULL;
            gjk2d_distance_result r;
            cr_expect_eq(gjk2d_distance(&good, qa, &good, qb, &r, NULL), GJK2D_STATUS_BAD_POSE, "pose %d side %d", i,
                         side);
            cr_expect_eq(r.status, GJK2D_STATUS_BAD_POSE);
            cr_expect(isnan(r.distance) && isnan(r.signed_distance) && isnan(r.core_distance) && isnan(r.point_a.x) &&
                          isnan(r.point_b.y) && isnan(r.normal.x),
                      "pose %d side %d: outputs not NaN", i, side);
            cr_expect(r.feature_a == GJK2D_FEATURE_NONE && r.feature_b == GJK2D_FEATURE_NONE && r.iterations == 0);
            gjk2d_overlap_result o;
            cr_expect_eq(gjk2d_overlap(&good, qa, &good, qb, &o), GJK2D_STATUS_BAD_POSE);
            cr_expect(o.overlap == 0 && o.iterations == 0 && o.status == GJK2D_STATUS_BAD_POSE);
            gjk2d_sat_result s;
            cr_expect_eq(gjk2d_sat(&good, qa, &good, qb, &s), GJK2D_STATUS_BAD_POSE);
            cr_expect(isnan(s.separation) && isnan(s.normal.x) && s.overlap == 0 && s.status == GJK2D_STATUS_BAD_POSE);
        }
    gjk2d_distance_result r;
    cr_expect_eq(gjk2d_closest_on_shape(&good, &bad[0], (gjk2d_vec2){0, 0}, &r, NULL), GJK2D_STATUS_BAD_POSE);
}
