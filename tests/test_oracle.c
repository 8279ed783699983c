// The oracle checked on hand-computed cases, so that the property tests rest on something verified.
// Nothing here calls the library's queries.
#include <criterion/criterion.h>
#include <math.h>

#include "oracle.h"

static const gjk2d_pose identity = {0.0f, 0.0f, 1.0f, 0.0f};
static const double PI = 3.14159265358979323846;

static void poly(oracle_poly *p, const gjk2d_vec2 *v, int n, float radius, const gjk2d_pose *pose) {
    gjk2d_shape s = {v, n, radius};
    oracle_world(&s, pose, p);
}

static oracle_poly pa, pb;

Test(oracle, bittle_worked_example_distance) {
    const gjk2d_vec2 a[] = {{4, 11}, {4, 5}, {9, 9}}, b[] = {{8, 6}, {10, 2}, {13, 1}, {15, 6}};
    poly(&pa, a, 3, 0, &identity);
    poly(&pb, b, 4, 0, &identity);
    cr_expect(fabs(oracle_core_distance(&pa, &pb) - 11.0 / sqrt(41.0)) < 1e-14);
    cr_expect(fabs(oracle_clearance(&pa, &pb) - 11.0 / sqrt(41.0)) < 1e-14);
    cr_expect(fabs(oracle_gap_along(&pa, &pb, 4 / sqrt(41.0), -5 / sqrt(41.0)) - 11.0 / sqrt(41.0)) < 1e-14);
}

Test(oracle, squares_have_hand_computed_distance_and_penetration) {
    const gjk2d_vec2 sq[] = {{0, 0}, {2, 0}, {2, 2}, {0, 2}};
    gjk2d_pose p = {3.0f, 1.0f, 1.0f, 0.0f}; // B = [3,5] x [1,3]: gap 1 along x
    poly(&pa, sq, 4, 0, &identity);
    poly(&pb, sq, 4, 0, &p);
    cr_expect_eq(oracle_core_distance(&pa, &pb), 1.0);
    p.px = 1.5f; // overlap [1.5, 2] x [1, 2]: penetration 0.5 along x
    poly(&pb, sq, 4, 0, &p);
    cr_expect_eq(oracle_core_distance(&pa, &pb), 0.0);
    cr_expect_eq(oracle_penetration(&pa, &pb), 0.5);
    cr_expect_eq(oracle_clearance(&pa, &pb), -0.5);
    // Rounded: radii add to the penetration and subtract from the distance.
    poly(&pa, sq, 4, 0.25f, &identity);
    cr_expect_eq(oracle_clearance(&pa, &pb), -0.75);
    p.px = 3.0f;
    poly(&pb, sq, 4, 0.5f, &p);
    cr_expect_eq(oracle_distance(&pa, &pb), 0.25);
    // Corner to corner: B rotated 45 degrees, its lowest vertex 1 above A's corner (2, 2).
    gjk2d_pose r = {2.0f, 3.0f, (float)cos(PI / 4), (float)sin(PI / 4)};
    poly(&pa, sq, 4, 0, &identity);
    poly(&pb, sq, 4, 0, &r);
    cr_expect(fabs(oracle_core_distance(&pa, &pb) - 1.0) < 1e-7);
}

Test(oracle, containment_and_crossing_edges_overlap) {
    const gjk2d_vec2 big[] = {{-10, -10}, {10, -10}, {10, 10}, {-10, 10}};
    const gjk2d_vec2 tri[] = {{0, 0}, {1, 0}, {0, 1}};
    poly(&pa, big, 4, 0, &identity);
    poly(&pb, tri, 3, 0, &identity);
    cr_expect_eq(oracle_core_distance(&pa, &pb), 0.0);
    cr_expect_eq(oracle_core_distance(&pb, &pa), 0.0);
    cr_expect_eq(oracle_penetration(&pa, &pb), 10.0); // push the triangle out through x = 10 or y = 10
    // Two thin crossing bars: no vertex inside the other, only edge crossings.
    const gjk2d_vec2 h[] = {{-5, -0.1f}, {5, -0.1f}, {5, 0.1f}, {-5, 0.1f}};
    const gjk2d_vec2 v[] = {{-0.1f, -5}, {0.1f, -5}, {0.1f, 5}, {-0.1f, 5}};
    poly(&pa, h, 4, 0, &identity);
    poly(&pb, v, 4, 0, &identity);
    cr_expect_eq(oracle_core_distance(&pa, &pb), 0.0);
    cr_expect(fabs(oracle_penetration(&pa, &pb) - (5.0 + (double)0.1f)) < 1e-12);
    // Segments and points.
    const gjk2d_vec2 s1[] = {{-1, 0}, {1, 0}}, s2[] = {{0, -1}, {0, 1}}, s3[] = {{0, 2}, {0, 3}};
    const gjk2d_vec2 pt[] = {{0.5f, 0.0f}};
    poly(&pa, s1, 2, 0, &identity);
    poly(&pb, s2, 2, 0, &identity);
    cr_expect_eq(oracle_core_distance(&pa, &pb), 0.0);
    cr_expect_eq(oracle_penetration(&pa, &pb), 1.0);
    poly(&pb, s3, 2, 0, &identity);
    cr_expect_eq(oracle_core_distance(&pa, &pb), 2.0);
    poly(&pb, pt, 1, 0, &identity);
    cr_expect_eq(oracle_core_distance(&pa, &pb), 0.0);
    cr_expect_eq(oracle_core_distance(&pb, &pa), 0.0);
    poly(&pa, s3, 2, 0, &identity);
    cr_expect(fabs(oracle_core_distance(&pa, &pb) - sqrt(4.25)) < 1e-15);
}

Test(oracle, point_in_polygon_with_degenerate_edges) {
    // Duplicated and collinear vertices must not break containment.
    const gjk2d_vec2 sq[] = {{0, 0}, {1, 0}, {1, 0}, {2, 0}, {2, 2}, {0, 2}, {0, 2}};
    poly(&pa, sq, 7, 0, &identity);
    cr_expect_eq(oracle_point_core(&pa, 1.0, 1.0), 0.0);
    cr_expect_eq(oracle_point_core(&pa, 1.0, -0.5), 0.5);
    cr_expect_eq(oracle_point_core(&pa, 3.0, 3.0), sqrt(2.0));
}

Test(oracle, frames_round_trip_and_scale_ignores_world_position) {
    const gjk2d_vec2 a[] = {{1, 0}, {0, 1}, {-1, 0}};
    gjk2d_shape s = {a, 3, 0.5f};
    gjk2d_pose far = gjk2d_pose_from_angle(10000.0f, 10000.0f, 0.3);
    poly(&pa, a, 3, 0.5f, &far);
    oracle_into_frame(&pa, &far, &pb);
    for (int i = 0; i < 3; i++) cr_expect(fabs(pb.x[i] - a[i].x) < 1e-11 && fabs(pb.y[i] - a[i].y) < 1e-11);
    // L is measured in A's frame, independent of the world position.
    cr_expect(fabs(oracle_scale(&s, &far, &s, &far) - 2.0) < 1e-11);
}

Test(oracle, generator_gives_reproducible_strictly_convex_polygons) {
    oracle_rng r = oracle_rng_seed(42);
    gjk2d_vec2 v[256];
    int sizes[] = {3, 4, 8, 16, 17, 64, 256};
    for (int k = 0; k < 7; k++)
        for (int rep = 0; rep < 50; rep++) {
            rc_convex_sorted(oracle_stream(&r), sizes[k], 3.0, v);
            cr_assert(rc_strictly_convex(v, sizes[k]));
        }
    // A pentagram turns left everywhere but winds twice: not accepted.
    gjk2d_vec2 star[5];
    for (int i = 0; i < 5; i++) {
        double t = 2.0 * PI * (2 * i) / 5.0;
        star[i].x = (float)cos(t);
        star[i].y = (float)sin(t);
    }
    cr_expect(!rc_strictly_convex(star, 5));
    // Reproducible: the same seed gives the same stream.
    oracle_rng r1 = oracle_rng_seed(7), r2 = oracle_rng_seed(7);
    for (int i = 0; i < 100; i++) cr_assert_eq(oracle_next(&r1), oracle_next(&r2));
}
