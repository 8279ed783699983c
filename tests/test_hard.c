// Hard cases: touching contact, tiny gaps, degenerate vertex lists, coincident and nested shapes, slivers,
// millimetre shapes, far-away world positions and rotated poses. All compared with the oracle through
// check_pair (tolerances in check.h), plus the specific promise of each case.
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <math.h>

#include "check.h"

static const double PI = 3.14159265358979323846;
static const gjk2d_pose identity = {0.0f, 0.0f, 1.0f, 0.0f};
static const gjk2d_vec2 unit_square[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
static const gjk2d_vec2 diamond[] = {{0, -1}, {1, 0}, {0, 1}, {-1, 0}};

static gjk2d_pose pose(double x, double y, double angle) {
    gjk2d_pose p = {(float)x, (float)y, (float)cos(angle), (float)sin(angle)};
    return p;
}

/// Pose of B = `rel` composed after A's pose, in double, rounded once to float.
static gjk2d_pose compose(const gjk2d_pose *a, double rx, double ry, double rangle) {
    double c = a->c, s = a->s;
    double ang = atan2(s, c) + rangle;
    return pose(a->px + c * rx - s * ry, a->py + s * rx + c * ry, ang);
}

TestSuite(hard, .timeout = 120);

Test(hard, touching_along_an_edge_matches_the_oracle) {
    gjk2d_shape a = {unit_square, 4, 0.0f};
    pair_stats st = {0};
    gjk2d_pose pb = {1.0f, 0.0f, 1.0f, 0.0f};
    check_pair(&a, &identity, &a, &pb, CHECK_SAT_VALUE, &st);
    pb.py = 0.5f; // half-overlapping edges
    check_pair(&a, &identity, &a, &pb, CHECK_SAT_VALUE, &st);
    gjk2d_distance_result r;
    gjk2d_distance(&a, &identity, &a, &pb, &r, NULL);
    cr_expect_eq(r.distance, 0.0f, "exactly touching squares: distance %.9g", (double)r.distance);
    gjk2d_sat_result s;
    gjk2d_sat(&a, &identity, &a, &pb, &s);
    cr_expect_eq(s.separation, 0.0f);
    // The same contact rotated and moved: no longer exact in float, the oracle decides.
    for (int k = 0; k < 64; k++) {
        gjk2d_pose p = pose(3.0 * cos(k), -2.0 + k * 0.1, 0.1 * k);
        gjk2d_pose q = compose(&p, 1.0, 0.25 * (k % 5), 0.0);
        check_pair(&a, &p, &a, &q, CHECK_SAT_VALUE, &st);
    }
    report_stats("touching edges", &st);
}

Test(hard, touching_at_a_vertex_matches_the_oracle) {
    gjk2d_shape a = {unit_square, 4, 0.0f}, d = {diamond, 4, 0.0f};
    pair_stats st = {0};
    gjk2d_pose pd = {0.5f, 2.0f, 1.0f, 0.0f}; // diamond's lowest vertex on the square's top edge
    check_pair(&a, &identity, &d, &pd, CHECK_SAT_VALUE, &st);
    gjk2d_distance_result r;
    gjk2d_distance(&a, &identity, &d, &pd, &r, NULL);
    cr_expect_eq(r.distance, 0.0f);
    cr_expect(r.point_a.x == 0.5f && r.point_a.y == 1.0f, "contact point (%.9g, %.9g)", (double)r.point_a.x,
              (double)r.point_a.y);
    // Vertex on vertex: the diamond's left vertex on the square's corner (1, 1), and corner to corner.
    pd.px = 2.0f;
    pd.py = 1.0f;
    check_pair(&a, &identity, &d, &pd, CHECK_SAT_VALUE, &st);
    check_pair(&d, &pd, &a, &identity, CHECK_SAT_VALUE, &st);
    gjk2d_distance(&a, &identity, &d, &pd, &r, NULL);
    cr_expect_eq(r.distance, 0.0f);
    gjk2d_pose corner = {1.0f, 1.0f, 1.0f, 0.0f};
    check_pair(&a, &identity, &a, &corner, CHECK_SAT_VALUE, &st);
    gjk2d_distance(&a, &identity, &a, &corner, &r, NULL);
    cr_expect_eq(r.distance, 0.0f);
    cr_expect(r.point_a.x == 1.0f && r.point_a.y == 1.0f);
    for (int k = 0; k < 64; k++) {
        gjk2d_pose p = pose(-5.0 + k * 0.15, 4.0 * sin(k), 0.37 * k);
        gjk2d_pose q = compose(&p, 0.5, 2.0, 0.0);
        check_pair(&a, &p, &d, &q, CHECK_SAT_VALUE, &st);
        q = compose(&p, 2.0, 1.0, 0.0);
        check_pair(&a, &p, &d, &q, CHECK_SAT_VALUE, &st);
    }
    report_stats("touching vertices", &st);
}

Test(hard, tiny_gaps_match_the_oracle) {
    gjk2d_shape a = {unit_square, 4, 0.0f}, d = {diamond, 4, 0.0f};
    pair_stats st = {0};
    for (int e = 7; e >= 2; e--) {
        double g = pow(10.0, -e);
        for (int k = 0; k < 32; k++) {
            gjk2d_pose p = k == 0 ? identity : pose(0.3 * k, -0.2 * k, 0.61 * k);
            // Edge facing edge, vertex facing edge, vertex facing vertex (the diamond's left vertex
            // towards the corner (1, 1) along the diagonal).
            gjk2d_pose q1 = compose(&p, 1.0 + g, 0.3, 0.0);
            gjk2d_pose q2 = compose(&p, 0.5, 2.0 + g, 0.0);
            gjk2d_pose q3 =
                compose(&p, 1.0 + 1.0 / sqrt(2.0) + g / sqrt(2.0), 1.0 - 1.0 / sqrt(2.0) + g / sqrt(2.0), -PI / 4.0);
            check_pair(&a, &p, &a, &q1, CHECK_SAT_VALUE, &st);
            check_pair(&a, &p, &d, &q2, CHECK_SAT_VALUE, &st);
            check_pair(&a, &p, &d, &q3, CHECK_SAT_VALUE, &st);
            if (k == 0) {
                // At the origin without rotation the inputs are exact up to the rounding of 1 + g.
                gjk2d_distance_result r;
                gjk2d_distance(&a, &p, &a, &q1, &r, NULL);
                double want = (double)q1.px - 1.0;
                cr_expect(fabs(r.distance - want) <= TOL_REL * 2.0, "gap %g: distance %.9g, expected %.9g", g,
                          (double)r.distance, want);
                // Contact may be reported only within the tolerance band (L = 2 here).
                if (want > TOL_REL * 2.0) {
                    cr_expect(r.distance > 0.0f, "gap %g reported as contact", g);
                    gjk2d_overlap_result o;
                    gjk2d_overlap(&a, &p, &a, &q1, &o);
                    cr_expect_eq(o.overlap, 0, "gap %g: GJK overlap", g);
                }
            }
        }
    }
    report_stats("gaps 1e-7 .. 1e-2", &st);
    cr_expect(st.separated > 0);
}

/// A random box with extra vertices exactly on its (axis-aligned) edges and duplicated vertices.
static int degenerate_box(oracle_rng *r, gjk2d_vec2 *v) {
    float x0 = (float)oracle_uniform(r, -2, -0.2), x1 = (float)oracle_uniform(r, 0.2, 2);
    float y0 = (float)oracle_uniform(r, -2, -0.2), y1 = (float)oracle_uniform(r, 0.2, 2);
    float xm = (float)oracle_uniform(r, x0, x1), ym = (float)oracle_uniform(r, y0, y1);
    const gjk2d_vec2 base[] = {{x0, y0}, {xm, y0}, {x1, y0}, {x1, ym}, {x1, y1}, {xm, y1}, {x0, y1}, {x0, ym}};
    int n = 0;
    for (int i = 0; i < 8; i++) {
        if (oracle_uniform(r, 0, 1) < 0.7) v[n++] = base[i];
        if (oracle_uniform(r, 0, 1) < 0.3) v[n++] = base[i]; // duplicate
    }
    if (n < 3) {
        v[0] = base[0], v[1] = base[2], v[2] = base[4], v[3] = base[4], v[4] = base[6];
        n = 5;
    }
    return n;
}

Test(hard, collinear_and_duplicated_vertices_match_the_oracle) {
    oracle_rng r = oracle_rng_seed(21);
    pair_stats st = {0};
    static test_shape ta, tb;
    for (int k = 0; k < 5000; k++) {
        ta.s.vertices = ta.v;
        ta.s.count = degenerate_box(&r, ta.v);
        ta.s.radius = k % 4 == 0 ? 0.3f : 0.0f;
        ta.pose = oracle_random_pose(&r, 3.0);
        int32_t vtx;
        cr_assert_eq(gjk2d_validate_shape(&ta.s, &ta.pose, &vtx), GJK2D_PROBLEM_NONE, "degenerate box rejected");
        if (k % 2) {
            tb.s.vertices = tb.v;
            tb.s.count = degenerate_box(&r, tb.v);
            tb.s.radius = 0.0f;
            tb.pose = oracle_random_pose(&r, 3.0);
        } else {
            random_shape(&r, oracle_int(&r, 1, 8), 1.5, 0.0, 3.0, &tb);
        }
        check_pair(&ta.s, &ta.pose, &tb.s, &tb.pose, CHECK_SAT_VALUE, &st);
        check_pair(&tb.s, &tb.pose, &ta.s, &ta.pose, CHECK_SAT_VALUE, &st);
    }
    report_stats("collinear/duplicated vertices", &st);
}

Test(hard, shape_overlaps_itself_at_distance_zero) {
    oracle_rng r = oracle_rng_seed(22);
    pair_stats st = {0};
    static test_shape t;
    for (int k = 0; k < 2000; k++) {
        const int n = oracle_int(&r, 3, 16);
        const double size = oracle_uniform(&r, 0.5, 5);
        random_shape(&r, n, size, k % 3 ? 0.0 : 0.5, 10.0, &t);
        check_pair(&t.s, &t.pose, &t.s, &t.pose, CHECK_SAT_VALUE, &st);
        gjk2d_distance_result d;
        gjk2d_distance(&t.s, &t.pose, &t.s, &t.pose, &d, NULL);
        cr_assert(d.distance == 0.0f && d.core_distance == 0.0f, "a shape must overlap itself");
        gjk2d_overlap_result o;
        gjk2d_overlap(&t.s, &t.pose, &t.s, &t.pose, &o);
        cr_assert_eq(o.overlap, 1);
    }
    report_stats("shape vs itself", &st);
}

Test(hard, nested_shapes_match_the_oracle) {
    oracle_rng r = oracle_rng_seed(23);
    pair_stats st = {0};
    static test_shape big, small;
    static oracle_poly wbig, wsmall;
    long nested = 0;
    for (int k = 0; k < 3000; k++) {
        random_shape(&r, oracle_int(&r, 3, 8), 20.0, 0.0, 50.0, &big);
        // A small shape at the big polygon's vertex centroid, which is inside it; whether the small shape
        // is entirely inside is for the oracle to say (a thin big polygon may not hold it).
        double cx = 0, cy = 0;
        for (int i = 0; i < big.s.count; i++) cx += big.v[i].x, cy += big.v[i].y;
        cx /= big.s.count, cy /= big.s.count;
        random_shape(&r, oracle_int(&r, 1, 8), 0.05, 0.0, 0.0, &small);
        small.pose = compose(&big.pose, cx, cy, oracle_uniform(&r, 0, 2 * PI));
        check_pair(&big.s, &big.pose, &small.s, &small.pose, CHECK_SAT_VALUE, &st);
        check_pair(&small.s, &small.pose, &big.s, &big.pose, CHECK_SAT_VALUE, &st);
        oracle_world(&big.s, &big.pose, &wbig);
        oracle_world(&small.s, &small.pose, &wsmall);
        int inside = 1;
        for (int i = 0; i < wsmall.n; i++) inside &= oracle_point_core(&wbig, wsmall.x[i], wsmall.y[i]) == 0.0;
        if (!inside) continue;
        nested++;
        gjk2d_distance_result d;
        gjk2d_distance(&big.s, &big.pose, &small.s, &small.pose, &d, NULL);
        cr_assert(d.distance == 0.0f && d.normal.x == 0.0f && d.normal.y == 0.0f, "nested shapes: distance %.9g%s",
                  (double)d.distance, pair_repr(&big.s, &big.pose, &small.s, &small.pose));
        gjk2d_overlap_result o;
        gjk2d_overlap(&small.s, &small.pose, &big.s, &big.pose, &o);
        cr_assert_eq(o.overlap, 1);
    }
    report_stats("nested", &st);
    cr_log_info("nested: %ld of 3000 small shapes entirely inside the big one", nested);
    cr_expect(nested > 2000);
}

Test(hard, sat_with_a_short_collinear_edge_on_b_matches_the_oracle) {
    // B is a 4 x 1 box with a valid collinear vertex 1e-4 from a corner. In A's frame B's vertices carry
    // rounding of about eps * L, so a normal computed from that 1e-4 edge after the transformation is off
    // by ~eps * L / 1e-4 rad, and the gap measured from the edge's own vertex along it is off by that
    // times B's 4-unit extent. The exact answer does not depend on the frame.
    const gjk2d_vec2 vb[] = {{-2, -0.5f}, {1.99989998f, -0.5f}, {2, -0.5f}, {2, 0.5f}, {-2, 0.5f}};
    const gjk2d_vec2 va[] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
    gjk2d_shape a = {va, 4, 0.0f}, b = {vb, 5, 0.0f};
    const gjk2d_pose pa = {0.0f, 0.0f, -0.254377216f, 0.967105091f};
    const gjk2d_pose pb = {-0.619970143f, -1.14264476f, -0.87895751f, 0.476900101f};
    static oracle_poly wa, wb;
    oracle_world(&a, &pa, &wa);
    oracle_world(&b, &pb, &wb);
    double want = oracle_clearance(&wa, &wb), L = oracle_scale(&a, &pa, &b, &pb);
    gjk2d_sat_result s;
    gjk2d_sat(&a, &pa, &b, &pb, &s);
    gjk2d_distance_result r;
    gjk2d_distance(&a, &pa, &b, &pb, &r, NULL);
    cr_expect(fabs(r.distance - want) <= TOL_REL * L, "GJK distance %.9g, exact %.9g", (double)r.distance, want);
    cr_expect(fabs(s.separation - want) <= TOL_REL * L,
              "SAT separation %.9g, exact %.9g (GJK distance %.9g): error %.3g L; gap along the reported axis "
              "(%.9g, %.9g) is only %.9g",
              (double)s.separation, want, (double)r.distance, fabs(s.separation - want) / L, (double)s.normal.x,
              (double)s.normal.y, oracle_gap_along(&wa, &wb, s.normal.x, s.normal.y));
    // Swapping the roles puts the short edge on A, whose vertices are used untransformed.
    gjk2d_sat(&b, &pb, &a, &pa, &s);
    cr_expect(fabs(s.separation - want) <= TOL_REL * L, "swapped: SAT separation %.9g, exact %.9g",
              (double)s.separation, want);
}

Test(hard, sat_matches_the_oracle_for_every_short_collinear_edge_length) {
    // The same box with the short edge swept over rotations, overlapping and apart: every SAT value must
    // match the oracle (check_pair).
    const gjk2d_vec2 vb[] = {{-2, -0.5f}, {1.99989998f, -0.5f}, {2, -0.5f}, {2, 0.5f}, {-2, 0.5f}};
    const gjk2d_vec2 va[] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
    gjk2d_shape a = {va, 4, 0.0f}, b = {vb, 5, 0.0f};
    pair_stats st = {0};
    for (int k = 0; k < 400; k++) {
        gjk2d_pose pa = pose(0, 0, 0.3 + 0.001 * k);
        double tb = 1.7 * k, d = k % 2 ? 1.3 : 0.8;
        gjk2d_pose pb = pose(-sin(tb) * d, cos(tb) * d, tb);
        check_pair(&a, &pa, &b, &pb, CHECK_SAT_VALUE, &st);
    }
    report_stats("short collinear edge", &st);
}

Test(hard, slivers_match_the_oracle) {
    oracle_rng r = oracle_rng_seed(24);
    pair_stats st = {0};
    static test_shape ta, tb;
    for (int k = 0; k < 5000; k++) {
        // A 1e-4-thick rectangle or triangle, its long side 0.5 .. 3.
        double len = oracle_uniform(&r, 0.5, 3.0), th = 1e-4 * len;
        ta.s.vertices = ta.v;
        if (k % 2) {
            ta.v[0] = (gjk2d_vec2){(float)(-len / 2), (float)(-th / 2)};
            ta.v[1] = (gjk2d_vec2){(float)(len / 2), (float)(-th / 2)};
            ta.v[2] = (gjk2d_vec2){(float)(len / 2), (float)(th / 2)};
            ta.v[3] = (gjk2d_vec2){(float)(-len / 2), (float)(th / 2)};
            ta.s.count = 4;
        } else {
            ta.v[0] = (gjk2d_vec2){(float)(-len / 2), 0.0f};
            ta.v[1] = (gjk2d_vec2){(float)(len / 2), 0.0f};
            ta.v[2] = (gjk2d_vec2){(float)oracle_uniform(&r, -len / 2, len / 2), (float)th};
            ta.s.count = 3;
        }
        ta.s.radius = 0.0f;
        ta.pose = oracle_random_pose(&r, 2.0);
        if (k % 3 == 0) {
            tb = ta; // sliver against sliver
            tb.s.vertices = tb.v;
            tb.pose = oracle_random_pose(&r, 2.0);
        } else {
            random_shape(&r, oracle_int(&r, 1, 8), 1.0, 0.0, 2.0, &tb);
        }
        check_pair(&ta.s, &ta.pose, &tb.s, &tb.pose, CHECK_SAT_VALUE, &st);
        check_pair(&tb.s, &tb.pose, &ta.s, &ta.pose, CHECK_SAT_VALUE, &st);
    }
    report_stats("slivers 1e-4", &st);
}

Test(hard, millimetre_shapes_apart_are_never_in_contact) {
    // Box2D v3 reports overlap for separated shapes whose edges are below about 3.5 mm (an absolute
    // tolerance); gjk2d's tolerances are relative to the pair's size, so 1 mm shapes 1 um apart are apart.
    oracle_rng r = oracle_rng_seed(25);
    pair_stats st = {0};
    static test_shape ta, tb;
    const gjk2d_vec2 mm[] = {{0, 0}, {0.001f, 0}, {0.001f, 0.001f}, {0, 0.001f}};
    gjk2d_shape sq = {mm, 4, 0.0f};
    long apart = 0;
    for (int k = 0; k < 4000; k++) {
        gjk2d_pose p = oracle_random_pose(&r, 10.0);
        double g = pow(10.0, -oracle_uniform(&r, 4.0, 7.0)); // 0.1 um .. 100 um
        gjk2d_pose q = compose(&p, 0.001 + g, oracle_uniform(&r, -0.0008, 0.0008), 0.0);
        check_pair(&sq, &p, &sq, &q, CHECK_SAT_VALUE, &st);
        gjk2d_distance_result d;
        gjk2d_distance(&sq, &p, &sq, &q, &d, NULL);
        static oracle_poly wa, wb;
        oracle_world(&sq, &p, &wa);
        oracle_world(&sq, &q, &wb);
        double want = oracle_distance(&wa, &wb);
        if (want > TOL_REL * oracle_scale(&sq, &p, &sq, &q)) {
            apart++;
            cr_assert(d.distance > 0.0f, "1 mm squares %.3g apart reported touching", want);
        }
        random_shape(&r, oracle_int(&r, 3, 8), 0.001, 0.0, 0.0, &ta);
        random_shape(&r, oracle_int(&r, 1, 8), 0.001, 0.0, 0.0, &tb);
        ta.pose = p;
        const double dx = oracle_uniform(&r, -0.003, 0.003), dy = oracle_uniform(&r, -0.003, 0.003);
        tb.pose = compose(&p, dx, dy, oracle_uniform(&r, 0, 2 * PI));
        check_pair(&ta.s, &ta.pose, &tb.s, &tb.pose, CHECK_SAT_VALUE, &st);
    }
    report_stats("1 mm shapes", &st);
    cr_log_info("1 mm squares apart by more than the tolerance: %ld of 4000", apart);
    cr_expect(apart > 3000);
}

/// The same random pairs at the origin and moved far away: the error relative to L must stay the same.
static void far_away(double offset, const char *title, pair_stats *st) {
    oracle_rng r = oracle_rng_seed(26);
    static test_shape ta, tb;
    for (int k = 0; k < 20000; k++) {
        const int na = oracle_int(&r, 1, 8);
        const double size_a = oracle_uniform(&r, 0.5, 3.0);
        random_shape(&r, na, size_a, k % 4 ? 0.0 : 0.5, 4.0, &ta);
        const int nb = oracle_int(&r, 3, 8);
        const double size_b = oracle_uniform(&r, 0.5, 3.0);
        random_shape(&r, nb, size_b, 0.0, 4.0, &tb);
        ta.pose.px += (float)offset;
        ta.pose.py -= (float)offset;
        tb.pose.px += (float)offset;
        tb.pose.py -= (float)offset;
        check_pair(&ta.s, &ta.pose, &tb.s, &tb.pose, ta.s.count > 1 ? CHECK_SAT_VALUE : 0u, st);
    }
    report_stats(title, st);
}

Test(hard, world_position_does_not_cost_accuracy) {
    pair_stats s0 = {0}, s4 = {0}, s6 = {0};
    far_away(0.0, "at the origin", &s0);
    far_away(1e4, "at 1e4", &s4);
    far_away(1e6, "at 1e6", &s6);
    // Both runs already passed the same L-relative tolerance; also the measured error may not grow by
    // more than the tolerance's own margin over what the origin run shows.
    cr_expect(s4.max_dist_rel <= fmax(2.0 * s0.max_dist_rel, 4.0 * FLT_EPSILON),
              "at 1e4: %.3g L vs %.3g L at the origin", s4.max_dist_rel, s0.max_dist_rel);
    cr_expect(s6.max_dist_rel <= fmax(2.0 * s0.max_dist_rel, 4.0 * FLT_EPSILON),
              "at 1e6: %.3g L vs %.3g L at the origin", s6.max_dist_rel, s0.max_dist_rel);
}

Test(hard, rotated_poses_match_the_oracle) {
    // Exact quarter turns, tiny angles and angles near the float limits of cos/sin.
    const double angles[] = {0.0, PI / 2, PI, -PI / 2, 1e-7, -1e-7, 1e-3, PI - 1e-7, 2.0, -2.5};
    oracle_rng r = oracle_rng_seed(27);
    pair_stats st = {0};
    static test_shape ta, tb;
    for (int k = 0; k < 4000; k++) {
        random_shape(&r, oracle_int(&r, 1, 8), 2.0, 0.0, 5.0, &ta);
        random_shape(&r, oracle_int(&r, 1, 8), 2.0, 0.0, 5.0, &tb);
        double aa = angles[k % 10], ab = angles[(k / 10) % 10];
        ta.pose = pose(ta.pose.px, ta.pose.py, aa);
        tb.pose = pose(tb.pose.px, tb.pose.py, ab);
        if (k % 10 == 1) ta.pose.c = 0.0f, ta.pose.s = 1.0f;
        check_pair(&ta.s, &ta.pose, &tb.s, &tb.pose, (ta.s.count > 1 || tb.s.count > 1) ? CHECK_SAT_VALUE : 0u, &st);
    }
    report_stats("rotated poses", &st);
}

Test(hard, nearly_unit_rotations_match_the_oracle) {
    // Validation accepts |c^2 + s^2 - 1| <= 1e-6, and the header defines world = R * local + p
    // with R = [c -s; s c]. For such an accepted pose the answer must match that formula, or, if the
    // library chooses to normalise (c, s), the normalised pose; either within the usual tolerance.
    oracle_rng r = oracle_rng_seed(28);
    static test_shape ta, tb;
    static oracle_poly wa, wb;
    double worst = 0.0;
    for (int k = 0; k < 2000; k++) {
        random_shape(&r, oracle_int(&r, 3, 8), 3.0, 0.0, 5.0, &ta);
        random_shape(&r, oracle_int(&r, 3, 8), 3.0, 0.0, 5.0, &tb);
        // |len^2 - 1| = 6e-7 plus the rounding of c and s to float (about 1.2e-7): inside the 1e-6 accepted.
        const double f = 1.0 + 3e-7;
        gjk2d_pose pa = ta.pose, pb = tb.pose;
        pa.c = (float)(pa.c * f), pa.s = (float)(pa.s * f);
        pb.c = (float)(pb.c * f), pb.s = (float)(pb.s * f);
        int32_t vtx;
        cr_assert_eq(gjk2d_validate_shape(&ta.s, &pa, &vtx), GJK2D_PROBLEM_NONE);
        cr_assert_eq(gjk2d_validate_shape(&tb.s, &pb, &vtx), GJK2D_PROBLEM_NONE);
        gjk2d_distance_result d;
        gjk2d_distance(&ta.s, &pa, &tb.s, &pb, &d, NULL);
        oracle_world(&ta.s, &pa, &wa);
        oracle_world(&tb.s, &pb, &wb);
        double literal = oracle_distance(&wa, &wb);
        oracle_world(&ta.s, &ta.pose, &wa);
        oracle_world(&tb.s, &tb.pose, &wb);
        double normalised = oracle_distance(&wa, &wb);
        double L = oracle_scale(&ta.s, &pa, &tb.s, &pb);
        double e = fmin(fabs(d.distance - literal), fabs(d.distance - normalised));
        worst = fmax(worst, e / L);
        cr_expect(e <= TOL_REL * L,
                  "|(c, s)| = 1 + 3e-7: distance %.9g, literal pose %.9g, normalised pose %.9g (error %.3g L)%s",
                  (double)d.distance, literal, normalised, e / L, pair_repr(&ta.s, &pa, &tb.s, &pb));
        if (e > TOL_REL * L) break; // one repro is enough
    }
    cr_log_info("nearly unit rotation: worst distance error %.3g L", worst);
}

Test(hard, underflowing_weights_stay_finite) {
    // Found by tests/fuzz (fuzz_pair): a valid thin triangle and a point 3e-21 from its corner. The final
    // segment's barycentric denominator u + v underflows below 2^-128, so 1 / (u + v) overflowed and the
    // closest points were NaN with status ok. Weights are now rescaled (exactly) when that happens: finite
    // closest points within the triangle's size, the same bits on every ISA.
    static const char *const isas[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
    float vx[4] = {-7.4375f, -3e-21f, 0.0f, -3e-21f}, vy[4] = {3e-21f, -3e-21f, 0.0f, -2.6e-21f};
    int32_t first[2] = {0, 3}, count[2] = {3, 1};
    float px[2] = {0.0f, 0.0f}, py[2] = {0.0f, 0.0f}, c[2] = {1.0f, 1.0f}, s[2] = {0.0f, 0.0f};
    int32_t a[1] = {0}, b[1] = {1};
    gjk2d_geometry g = {vx, vy, 4, count, first, NULL, 2};
    test_set t;
    cr_assert_eq(test_set_make(&t, &g, px, py, c, s, NULL), 0);
    gjk2d_pairs pairs = {a, b, 1};
    float ref[7] = {0};
    for (int i = 0; i < 6; i++) {
        if (gjk2d_set_isa(isas[i]) != 0) continue;
        float o[7];
        int32_t it;
        uint8_t st;
        gjk2d_distance_out out = {.distance = &o[0],
                                  .ax = &o[1],
                                  .ay = &o[2],
                                  .bx = &o[3],
                                  .by = &o[4],
                                  .nx = &o[5],
                                  .ny = &o[6],
                                  .iterations = &it,
                                  .status = &st};
        cr_assert_eq(gjk2d_batch_distance(t.shapes, &t.poses, &pairs, 0, 1, &out), 0);
        for (int k = 0; k < 7; k++) cr_expect(isfinite(o[k]), "%s: output %d is %g", isas[i], k, (double)o[k]);
        cr_expect(st == GJK2D_STATUS_OK && o[0] <= 1e-20f, "%s: status %d distance %g", isas[i], st, (double)o[0]);
        cr_expect(fabsf(o[1] + 3e-21f) <= 1e-21f && fabsf(o[2] + 3e-21f) <= 1e-21f, "%s: point on A (%g, %g)", isas[i],
                  (double)o[1], (double)o[2]);
        if (i == 0)
            memcpy(ref, o, sizeof ref);
        else
            cr_expect(memcmp(ref, o, sizeof ref) == 0, "%s differs from the reference", isas[i]);
    }
    gjk2d_set_isa("auto");
    test_set_free(&t);
}

Test(hard, tiny_coordinates_stay_finite) {
    // Found by tests/fuzz: a point against itself near 1e-19. The relative rotation is 1 - 1 ulp, so the
    // two copies differ by ~1e-26 and the final search direction's squared length underflows to 0. The
    // cores must then count as touching (distance 0, zero normal), never produce NaN, on every ISA.
    static const char *const isas[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
    const float scales[] = {0x1.01fep-63f, 1e-25f, 1e-30f};
    for (int k = 0; k < 3; k++) {
        float vx[2] = {scales[k], scales[k]}, vy[2] = {0.0f, 0.0f};
        int32_t first[2] = {0, 1}, count[2] = {1, 1};
        float radius[2] = {0x1.cf76p-57f, 0x1.cf76p-57f};
        float px[2] = {0x1.88p+2f, 0x1.88p+2f}, py[2] = {0x1.f2009ap-126f, 0x1.f2009ap-126f};
        float c[2] = {-0x1.ede9c6p-1f, -0x1.ede9c6p-1f}, s[2] = {0x1.0dc4cap-2f, 0x1.0dc4cap-2f};
        int32_t a[1] = {0}, b[1] = {1};
        gjk2d_geometry g = {vx, vy, 2, count, first, radius, 2};
        test_set t;
        cr_assert_eq(test_set_make(&t, &g, px, py, c, s, NULL), 0);
        gjk2d_pairs pairs = {a, b, 1};
        for (int i = 0; i < 6; i++) {
            if (gjk2d_set_isa(isas[i]) != 0) continue;
            float d, ax, ay, bx, by, nx, ny;
            int32_t it;
            uint8_t st;
            gjk2d_distance_out out = {.distance = &d,
                                      .ax = &ax,
                                      .ay = &ay,
                                      .bx = &bx,
                                      .by = &by,
                                      .nx = &nx,
                                      .ny = &ny,
                                      .iterations = &it,
                                      .status = &st};
            cr_assert_eq(gjk2d_batch_distance(t.shapes, &t.poses, &pairs, 0, 1, &out), 0);
            cr_expect(st == GJK2D_STATUS_OK && d == 0.0f, "%s scale %g: status %d distance %g", isas[i],
                      (double)scales[k], st, (double)d);
            cr_expect(isfinite(ax) && isfinite(ay) && isfinite(bx) && isfinite(by) && nx == 0.0f && ny == 0.0f,
                      "%s scale %g: a (%g, %g) b (%g, %g) n (%g, %g)", isas[i], (double)scales[k], (double)ax,
                      (double)ay, (double)bx, (double)by, (double)nx, (double)ny);
        }
        test_set_free(&t);
    }
    gjk2d_set_isa("auto");
}
