// The worked examples of the published sources, with their published numbers.
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "check.h"

static const gjk2d_pose identity = {0.0f, 0.0f, 1.0f, 0.0f};

// W. Bittle, "GJK, Distance, Closest Points" (dyn4j), its worked example: A = (4,11),(4,5),(9,9), B = (8,6),(10,2),(13,1),(15,6). The closest pair is
// B's vertex (8,6) and the point at t = 24/41 along A's edge (4,5)->(9,9): (284/41, 301/41);
// the distance is |cross((5,4), (4,1))| / sqrt(41) = 11 / sqrt(41) = 1.7179114.
static const gjk2d_vec2 bittle_a[] = {{4, 11}, {4, 5}, {9, 9}};
static const gjk2d_vec2 bittle_b[] = {{8, 6}, {10, 2}, {13, 1}, {15, 6}};

Test(bittle_example, distance_points_and_normal_are_the_published_ones) {
    gjk2d_shape a = {bittle_a, 3, 0.0f}, b = {bittle_b, 4, 0.0f};
    gjk2d_distance_result r;
    cr_assert_eq(gjk2d_distance(&a, &identity, &b, &identity, &r, NULL), GJK2D_STATUS_OK);
    const double L = 15.0, tol = TOL_REL * L;
    const double d = 11.0 / sqrt(41.0);
    cr_expect(fabs(r.distance - d) <= tol, "distance %.9g, expected %.9g", (double)r.distance, d);
    cr_expect(fabs(r.core_distance - d) <= tol, "core distance %.9g", (double)r.core_distance);
    cr_expect(fabs(r.point_a.x - 284.0 / 41.0) <= tol && fabs(r.point_a.y - 301.0 / 41.0) <= tol,
              "point on A (%.9g, %.9g), expected (%.9g, %.9g)", (double)r.point_a.x, (double)r.point_a.y, 284.0 / 41.0,
              301.0 / 41.0);
    cr_expect(fabs(r.point_b.x - 8.0) <= tol && fabs(r.point_b.y - 6.0) <= tol, "point on B (%.9g, %.9g)",
              (double)r.point_b.x, (double)r.point_b.y);
    // (8,6) - (284/41, 301/41) = (44, -55)/41, whose direction is (4, -5)/sqrt(41).
    const double nx = 4.0 / sqrt(41.0), ny = -5.0 / sqrt(41.0);
    cr_expect(fabs(r.normal.x - nx) <= TOL_UNIT && fabs(r.normal.y - ny) <= TOL_UNIT, "normal (%.9g, %.9g)",
              (double)r.normal.x, (double)r.normal.y);

    gjk2d_sat_result s;
    cr_assert_eq(gjk2d_sat(&a, &identity, &b, &identity, &s), GJK2D_STATUS_OK);
    cr_expect_eq(s.overlap, 0);
    cr_expect(fabs(s.separation - d) <= tol, "sat separation %.9g", (double)s.separation);
    cr_expect(fabs(s.normal.x - nx) <= TOL_UNIT && fabs(s.normal.y - ny) <= TOL_UNIT, "sat axis (%.9g, %.9g)",
              (double)s.normal.x, (double)s.normal.y);

    gjk2d_overlap_result o;
    cr_assert_eq(gjk2d_overlap(&a, &identity, &b, &identity, &o), GJK2D_STATUS_OK);
    cr_expect_eq(o.overlap, 0);
}

Test(bittle_example, swapped_and_moved_pairs_give_the_same_answer) {
    // The same pair seen from B, and both moved and rotated together: same distance, mirrored normal.
    gjk2d_shape a = {bittle_a, 3, 0.0f}, b = {bittle_b, 4, 0.0f};
    gjk2d_pose p = gjk2d_pose_from_angle(1000.0f, -2000.0f, 0.7);
    pair_stats st = {0};
    check_pair(&b, &identity, &a, &identity, CHECK_SAT_VALUE, &st);
    check_pair(&a, &p, &b, &p, CHECK_SAT_VALUE, &st);
    gjk2d_distance_result r;
    gjk2d_distance(&b, &identity, &a, &identity, &r, NULL);
    cr_expect(fabs(r.normal.x + 4.0 / sqrt(41.0)) <= TOL_UNIT && fabs(r.normal.y - 5.0 / sqrt(41.0)) <= TOL_UNIT,
              "normal B->A (%.9g, %.9g)", (double)r.normal.x, (double)r.normal.y);
}

Test(bittle_example, trace_storage) {
    gjk2d_shape a = {bittle_a, 3, 0.0f}, b = {bittle_b, 4, 0.0f};
    gjk2d_simplex_record rec[64];
    gjk2d_trace full = {rec, 64, -1, -1};
    gjk2d_distance_result r;
    gjk2d_distance(&a, &identity, &b, &identity, &r, &full);
    cr_assert(full.count >= 1 && full.count == full.total, "count %d total %d", (int)full.count, (int)full.total);
    for (int i = 0; i < full.count; i++) {
        const gjk2d_simplex_record *s = &rec[i];
        cr_assert(s->count >= 1 && s->count <= 3);
        double wsum = 0, cx = 0, cy = 0;
        for (int k = 0; k < s->count; k++) {
            cr_expect(s->index_a[k] >= 0 && s->index_a[k] < 3 && s->index_b[k] >= 0 && s->index_b[k] < 4);
            cr_expect(s->point_a[k].x == bittle_a[s->index_a[k]].x && s->point_a[k].y == bittle_a[s->index_a[k]].y);
            cr_expect(s->point_b[k].x == bittle_b[s->index_b[k]].x && s->point_b[k].y == bittle_b[s->index_b[k]].y);
            cr_expect(s->w[k].x == s->point_b[k].x - s->point_a[k].x && s->w[k].y == s->point_b[k].y - s->point_a[k].y);
            wsum += s->weight[k];
            cx += s->weight[k] * s->w[k].x;
            cy += s->weight[k] * s->w[k].y;
        }
        cr_expect(fabs(wsum - 1.0) <= 4 * FLT_EPSILON, "record %d weights sum to %.9g", i, wsum);
        cr_expect(fabs(cx - s->closest.x) <= TOL_REL * 15 && fabs(cy - s->closest.y) <= TOL_REL * 15,
                  "record %d closest point is not the weighted simplex", i);
    }
    // The first simplex is vertex 0 of each shape (CONTEXT: GJK starts there).
    cr_expect(rec[0].index_a[0] == 0 && rec[0].index_b[0] == 0);
    cr_expect(full.count == r.iterations + 1 || full.count == r.iterations, "%d records for %d iterations",
              (int)full.count, (int)r.iterations);

    gjk2d_simplex_record one[1];
    gjk2d_trace small = {one, 1, -1, -1};
    gjk2d_distance_result r2;
    gjk2d_distance(&a, &identity, &b, &identity, &r2, &small);
    cr_expect_eq(small.count, 1);
    cr_expect_eq(small.total, full.total);
    cr_expect(memcmp(&one[0], &rec[0], sizeof one[0]) == 0, "first record differs with a small trace");
    cr_expect(r2.distance == r.distance && r2.iterations == r.iterations, "a trace must not change the answer");
}

// Catto, "Computing Distance" (GDC 2010), "A real example in single precision": the search direction built from the closest point
// is not perpendicular to the segment (dot = 3.2457051e-006); the exact perpendicular must be.
static const gjk2d_vec2 catto_seg[] = {{0.021119118f, 79.584320f}, {0.020964622f, -31.515678f}};

Test(catto_example, exact_perpendicular_search_direction) {
    gjk2d_shape seg = {catto_seg, 2, 0.0f};
    gjk2d_vec2 q = {0.0f, 0.0f};
    gjk2d_simplex_record rec[32];
    gjk2d_trace tr = {rec, 32, 0, 0};
    gjk2d_distance_result r;
    cr_assert_eq(gjk2d_closest_on_shape(&seg, &identity, q, &r, &tr), GJK2D_STATUS_OK);
    const float ex = catto_seg[1].x - catto_seg[0].x, ey = catto_seg[1].y - catto_seg[0].y;
    int segments = 0;
    for (int i = 0; i < tr.count; i++) {
        if (rec[i].count != 2) continue;
        segments++;
        volatile float px = rec[i].direction.x * ex, py = rec[i].direction.y * ey;
        float dot = px + py;
        cr_expect(dot == 0.0f, "record %d: dot(direction (%.9g, %.9g), B - A) = %.9g, not exactly 0", i,
                  (double)rec[i].direction.x, (double)rec[i].direction.y, (double)dot);
    }
    cr_expect(segments >= 1, "the segment simplex should appear in the trace");

    // Distance from the origin to the segment, in double.
    double cx, cy;
    double d = oracle_point_segment(0, 0, catto_seg[0].x, catto_seg[0].y, catto_seg[1].x, catto_seg[1].y, &cx, &cy);
    const double tol = TOL_REL * 79.58432;
    cr_expect(fabs(r.distance - d) <= tol, "distance %.9g, expected %.9g", (double)r.distance, d);
    cr_expect(fabs(r.point_a.x - cx) <= tol && fabs(r.point_a.y - cy) <= tol,
              "closest (%.9g, %.9g), expected (%.9g, %.9g)", (double)r.point_a.x, (double)r.point_a.y, cx, cy);
    cr_expect(r.point_b.x == 0.0f && r.point_b.y == 0.0f, "point_b must be q");
}

Test(catto_example, segment_weights_are_the_published_ones) {
    gjk2d_vec2 q = {0.0f, 0.0f};
    gjk2d_segment_result s = gjk2d_closest_on_segment(catto_seg[0], catto_seg[1], q);
    cr_expect_eq(s.region, GJK2D_REGION_AB);
    // The seed's published values, to their printed precision (8 digits): 2e-7 covers the last digit.
    cr_expect(fabs(s.u - 0.28366947) <= 2e-7 && fabs(s.v - 0.71633047) <= 2e-7, "(u, v) = (%.9g, %.9g)", (double)s.u,
              (double)s.v);
    cr_expect(fabs(s.point.x - 0.021008447) <= 1e-8 && fabs(s.point.y) <= TOL_REL * 80.0, "P = (%.9g, %.9g)",
              (double)s.point.x, (double)s.point.y);
}
