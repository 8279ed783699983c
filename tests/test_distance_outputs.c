// The distance query's newer outputs: signed distance (core distance - ra - rb, with its sign, also when
// only the rounded parts overlap; distance exactly max(0, signed distance)) and the witness features
// (which vertex or edge of each shape the closest points lie on). Random pairs go through check_pair
// (check.c: check_signed_distance and check_features against the oracle); hand-made pairs pin the
// documented feature rules; the batch calls of every ISA this CPU runs give the same bits.
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "check.h"

TestSuite(distance_outputs, .timeout = 120);

static const char *const isa_names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
static const double PI = 3.14159265358979323846;

/// Distance outputs of one pair through the batch calls of every ISA this CPU runs: bit for bit the
/// single-pair result (signed distance, core distance, features included).
static void batch_equals_single(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb,
                                const gjk2d_distance_result *r) {
    const gjk2d_shape shapes[2] = {*a, *b};
    const gjk2d_pose poses[2] = {*pa, *pb};
    test_set t;
    cr_assert_eq(test_set_from_shapes(&t, shapes, poses, 2, NULL), 0);
    const int32_t ia[1] = {0}, ib[1] = {1};
    gjk2d_pairs pairs = {ia, ib, 1};
    for (int i = 0; i < 6; i++) {
        if (gjk2d_set_isa(isa_names[i]) != 0) continue;
        float d, sd, core;
        int32_t fa, fb;
        gjk2d_distance_out out = {
            .distance = &d, .signed_distance = &sd, .core_distance = &core, .feature_a = &fa, .feature_b = &fb};
        cr_assert_eq(gjk2d_batch_distance(t.shapes, &t.poses, &pairs, 0, 1, &out), GJK2D_OK);
        cr_assert(memcmp(&d, &r->distance, 4) == 0 && memcmp(&sd, &r->signed_distance, 4) == 0 &&
                      memcmp(&core, &r->core_distance, 4) == 0 && fa == r->feature_a && fb == r->feature_b,
                  "%s: batch distance %.9g signed %.9g core %.9g features (%d, %d); single %.9g %.9g %.9g (%d, %d)%s",
                  isa_names[i], (double)d, (double)sd, (double)core, fa, fb, (double)r->distance,
                  (double)r->signed_distance, (double)r->core_distance, r->feature_a, r->feature_b,
                  pair_repr(a, pa, b, pb));
    }
    gjk2d_set_isa("auto");
    test_set_free(&t);
}

// ---------------------------------------------------------------------------------------------
// Signed distance
// ---------------------------------------------------------------------------------------------

Test(distance_outputs, signed_distance_of_rounded_shapes_matches_the_oracle_with_its_sign) {
    // Circles, capsules and rounded polygons (radii up to 1.5) placed so that the core distance runs from
    // overlap through "rounded parts overlap, cores apart" to well apart. check_pair asserts the signed
    // distance within TOL_REL L of core - ra - rb and distance == max(0, signed); here also the sign
    // itself where the oracle is clear of the tolerance band.
    oracle_rng r = oracle_rng_seed(0x5197ed);
    pair_stats st = {0};
    int rounded_overlap = 0, apart = 0, cores_overlap = 0;
    for (int k = 0; k < 6000; k++) {
        test_shape ta, tb;
        const int counts[] = {1, 2, 3, 4, 6, 8};
        random_shape(&r, counts[oracle_int(&r, 0, 5)], oracle_uniform(&r, 0.2, 2.0), 1.5, 0.0, &ta);
        random_shape(&r, counts[oracle_int(&r, 0, 5)], oracle_uniform(&r, 0.2, 2.0), 1.5, 0.0, &tb);
        ta.pose = oracle_random_pose(&r, 3.0);
        tb.pose = oracle_random_pose(&r, 3.0);
        check_pair(&ta.s, &ta.pose, &tb.s, &tb.pose, 0, &st);
        static oracle_poly wa, wb;
        oracle_world(&ta.s, &ta.pose, &wa);
        oracle_world(&tb.s, &tb.pose, &wb);
        const double L = oracle_scale(&ta.s, &ta.pose, &tb.s, &tb.pose), tol = TOL_REL * L;
        const double core = oracle_core_distance(&wa, &wb), sd = core - ta.s.radius - tb.s.radius;
        gjk2d_distance_result res;
        gjk2d_distance(&ta.s, &ta.pose, &tb.s, &tb.pose, &res, NULL);
        if (core > tol && sd < -tol) {
            rounded_overlap++;
            cr_assert(res.signed_distance < 0.0f && res.core_distance > 0.0f && res.distance == 0.0f,
                      "rounded parts overlap, cores %.9g apart: signed %.9g core %.9g distance %.9g%s", core,
                      (double)res.signed_distance, (double)res.core_distance, (double)res.distance,
                      pair_repr(&ta.s, &ta.pose, &tb.s, &tb.pose));
        } else if (sd > tol) {
            apart++;
            cr_assert(res.signed_distance > 0.0f && res.distance == res.signed_distance, "apart: signed %.9g%s",
                      (double)res.signed_distance, pair_repr(&ta.s, &ta.pose, &tb.s, &tb.pose));
        } else if (core == 0.0 && oracle_penetration(&wa, &wb) > tol) {
            cores_overlap++;
        }
        if (k % 10 == 0) batch_equals_single(&ta.s, &ta.pose, &tb.s, &tb.pose, &res);
    }
    report_stats("signed distance, rounded shapes", &st);
    // The generator must reach every regime, or the test proves nothing about it.
    cr_expect_gt(rounded_overlap, 500, "%d pairs with overlapping rounded parts and cores apart", rounded_overlap);
    cr_expect_gt(apart, 500, "%d pairs apart", apart);
    cr_expect_gt(cores_overlap, 200, "%d pairs with overlapping cores", cores_overlap);
}

Test(distance_outputs, signed_distance_hand_computed) {
    // Circles of radius 1 and 0.5 with centres 1.25 apart: cores 1.25 apart, rounded parts overlap by 0.25.
    const gjk2d_vec2 o[] = {{0, 0}};
    gjk2d_shape c1 = {o, 1, 1.0f}, c2 = {o, 1, 0.5f};
    gjk2d_pose p2 = {1.25f, 0.0f, 1.0f, 0.0f};
    gjk2d_distance_result r;
    cr_assert_eq(gjk2d_distance(&c1, NULL, &c2, &p2, &r, NULL), GJK2D_STATUS_OK);
    cr_expect(r.signed_distance == -0.25f && r.core_distance == 1.25f && r.distance == 0.0f,
              "signed %.9g core %.9g distance %.9g", (double)r.signed_distance, (double)r.core_distance,
              (double)r.distance);
    cr_expect(r.feature_a == GJK2D_FEATURE_VERTEX(0) && r.feature_b == GJK2D_FEATURE_VERTEX(0),
              "circles: features (%d, %d), expected their centres (0, 0)", r.feature_a, r.feature_b);
    // 3.5 apart: signed = distance = 2.
    p2.px = 3.5f;
    cr_assert_eq(gjk2d_distance(&c1, NULL, &c2, &p2, &r, NULL), GJK2D_STATUS_OK);
    cr_expect(r.signed_distance == 2.0f && r.distance == 2.0f && r.core_distance == 3.5f);
    // Capsules crossing: cores overlap, signed = -(ra + rb), core 0, no features.
    const gjk2d_vec2 seg[] = {{-1, 0}, {1, 0}};
    gjk2d_shape cap = {seg, 2, 0.25f};
    gjk2d_pose turned = gjk2d_pose_from_angle(0.0f, 0.0f, PI / 2.0);
    cr_assert_eq(gjk2d_distance(&cap, NULL, &cap, &turned, &r, NULL), GJK2D_STATUS_OK);
    cr_expect(r.signed_distance == -0.5f && r.core_distance == 0.0f && r.distance == 0.0f &&
                  r.feature_a == GJK2D_FEATURE_NONE && r.feature_b == GJK2D_FEATURE_NONE,
              "crossing capsules: signed %.9g core %.9g features (%d, %d)", (double)r.signed_distance,
              (double)r.core_distance, r.feature_a, r.feature_b);
    batch_equals_single(&cap, &(gjk2d_pose){0, 0, 1, 0}, &cap, &turned, &r);
}

// ---------------------------------------------------------------------------------------------
// Witness features
// ---------------------------------------------------------------------------------------------

Test(distance_outputs, witness_features_contain_the_witness_points_and_are_closest_features) {
    // Random separated and overlapping pairs of polygons (3..12 vertices), segments and points, some
    // rounded: check_pair runs check_features on each (feature in range, NONE exactly when the cores
    // overlap, the witness point at its radius from its feature, the features as close as the cores,
    // a reported edge facing the other shape). Both kinds of feature must occur on both sides.
    oracle_rng r = oracle_rng_seed(0xfea7);
    pair_stats st = {0};
    int vertices = 0, edges = 0, none = 0;
    for (int k = 0; k < 20000; k++) {
        test_shape ta, tb;
        const int counts[] = {1, 2, 3, 3, 4, 5, 6, 8, 12};
        random_shape(&r, counts[oracle_int(&r, 0, 8)], oracle_uniform(&r, 0.3, 3.0), k % 3 ? 0.0 : 0.5, 6.0, &ta);
        random_shape(&r, counts[oracle_int(&r, 0, 8)], oracle_uniform(&r, 0.3, 3.0), k % 5 ? 0.0 : 0.5, 6.0, &tb);
        check_pair(&ta.s, &ta.pose, &tb.s, &tb.pose, 0, &st);
        gjk2d_distance_result res;
        gjk2d_distance(&ta.s, &ta.pose, &tb.s, &tb.pose, &res, NULL);
        const int32_t f[2] = {res.feature_a, res.feature_b};
        for (int s = 0; s < 2; s++) {
            if (f[s] == GJK2D_FEATURE_NONE)
                none++;
            else if (GJK2D_FEATURE_IS_EDGE(f[s]))
                edges++;
            else
                vertices++;
        }
        if (k % 20 == 0) batch_equals_single(&ta.s, &ta.pose, &tb.s, &tb.pose, &res);
    }
    report_stats("witness features", &st);
    cr_expect(vertices > 1000 && edges > 1000 && none > 1000, "features seen: %d vertices, %d edges, %d none", vertices,
              edges, none);
}

/// The features of A and B for the pair, after check_pair.
static void features_of(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb,
                        int32_t *fa, int32_t *fb) {
    static const gjk2d_pose identity = {0.0f, 0.0f, 1.0f, 0.0f};
    pa = pa ? pa : &identity; // check_pair and the oracle take explicit poses
    pb = pb ? pb : &identity;
    pair_stats st = {0};
    check_pair(a, pa, b, pb, 0, &st);
    gjk2d_distance_result r;
    cr_assert_eq(gjk2d_distance(a, pa, b, pb, &r, NULL), GJK2D_STATUS_OK);
    batch_equals_single(a, pa, b, pb, &r);
    *fa = r.feature_a;
    *fb = r.feature_b;
}

/// Whether (fa, fb) is the expected pair of features. Parallel edges have a segment of closest points:
/// there a witness may also sit at a vertex of the overlap (`alt_a`, `alt_b`: the vertices inside it),
/// but not at both (those two vertices are farther apart than the edges).
static int expected_features(int32_t fa, int32_t fb, int32_t want_a, int32_t want_b, int32_t alt_a, int32_t alt_b) {
    int a_ok = fa == want_a || (alt_a >= 0 && fa == alt_a), b_ok = fb == want_b || (alt_b >= 0 && fb == alt_b);
    return a_ok && b_ok && !(alt_a >= 0 && fa == alt_a && fb == alt_b);
}

Test(distance_outputs, features_of_hand_made_pairs) {
    // Unit square A; B placed so that the closest features are known exactly, at several rotations of the
    // whole pair (features do not depend on the frame).
    const gjk2d_vec2 sq[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    const gjk2d_vec2 tri[] = {{0, 0}, {1, -0.5f}, {1, 0.5f}}; // apex at its vertex 0, pointing to -x
    gjk2d_shape a = {sq, 4, 0.0f}, t = {tri, 3, 0.0f};
    const int32_t none = -1;
    const struct {
        const char *what;
        const gjk2d_shape *b;
        float bx, by;
        int32_t fa, fb, alt_a, alt_b;
    } cases[] = {
        // B's left edge (vertex 3 -> 0) parallel to A's right edge (vertex 1 -> 2), overlapping on y in
        // [0.25, 1], which holds A's vertex 2 and B's vertex 0.
        {"edge to edge", &a, 3.0f, 0.25f, GJK2D_FEATURE_EDGE(1), GJK2D_FEATURE_EDGE(3), GJK2D_FEATURE_VERTEX(2),
         GJK2D_FEATURE_VERTEX(0)},
        // Corner (1, 1) of A to corner (2, 2) = B's vertex 0.
        {"vertex to vertex", &a, 2.0f, 2.0f, GJK2D_FEATURE_VERTEX(2), GJK2D_FEATURE_VERTEX(0), none, none},
        // The triangle's apex (vertex 0) against the middle of A's right edge.
        {"edge to vertex", &t, 2.5f, 0.5f, GJK2D_FEATURE_EDGE(1), GJK2D_FEATURE_VERTEX(0), none, none},
        // Above A: A's top edge (vertex 2 -> 3) against B's bottom edge (vertex 0 -> 1), overlapping on x
        // in [0.5, 1] (A's vertex 2, B's vertex 0).
        {"top edge", &a, 0.5f, 3.0f, GJK2D_FEATURE_EDGE(2), GJK2D_FEATURE_EDGE(0), GJK2D_FEATURE_VERTEX(2),
         GJK2D_FEATURE_VERTEX(0)},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        for (int turn = 0; turn < 5; turn++) {
            double ang = turn * 1.3;
            gjk2d_pose pa = gjk2d_pose_from_angle(5.0f, -2.0f, ang);
            double c = cos(ang), s = sin(ang);
            gjk2d_pose pb = gjk2d_pose_from_angle((float)(5.0 + c * cases[i].bx - s * cases[i].by),
                                                  (float)(-2.0 + s * cases[i].bx + c * cases[i].by), ang);
            int32_t fa, fb;
            features_of(&a, &pa, cases[i].b, &pb, &fa, &fb);
            cr_expect(expected_features(fa, fb, cases[i].fa, cases[i].fb, cases[i].alt_a, cases[i].alt_b),
                      "%s, turn %.1f: features (%d, %d), expected (%d, %d)", cases[i].what, ang, fa, fb, cases[i].fa,
                      cases[i].fb);
        }
}

Test(distance_outputs, segment_reports_the_edge_facing_the_other_shape) {
    // A segment has two edges: 0 from vertex 0 to 1 (outward normal to its right), 1 back (to its left).
    const gjk2d_vec2 seg[] = {{0, 0}, {2, 0}}, pt[] = {{0, 0}};
    gjk2d_shape s = {seg, 2, 0.0f}, p = {pt, 1, 0.0f}, rs = {seg, 2, 0.3f};
    const gjk2d_pose above = {1.0f, 1.0f, 1.0f, 0.0f}, below = {0.7f, -1.0f, 1.0f, 0.0f};
    int32_t fa, fb;
    features_of(&s, NULL, &p, &above, &fa, &fb);
    cr_expect(fa == GJK2D_FEATURE_EDGE(1) && fb == GJK2D_FEATURE_VERTEX(0), "point above: (%d, %d)", fa, fb);
    features_of(&s, NULL, &p, &below, &fa, &fb);
    cr_expect(fa == GJK2D_FEATURE_EDGE(0) && fb == GJK2D_FEATURE_VERTEX(0), "point below: (%d, %d)", fa, fb);
    // The same with the segment as B and rounded.
    features_of(&p, &above, &rs, NULL, &fa, &fb);
    cr_expect(fa == GJK2D_FEATURE_VERTEX(0) && fb == GJK2D_FEATURE_EDGE(1), "segment as B, point above: (%d, %d)", fa,
              fb);
    features_of(&p, &below, &rs, NULL, &fa, &fb);
    cr_expect(fa == GJK2D_FEATURE_VERTEX(0) && fb == GJK2D_FEATURE_EDGE(0), "segment as B, point below: (%d, %d)", fa,
              fb);
    // Beyond an end: the end vertex.
    const gjk2d_pose beyond = {3.0f, 0.5f, 1.0f, 0.0f};
    features_of(&s, NULL, &p, &beyond, &fa, &fb);
    cr_expect(fa == GJK2D_FEATURE_VERTEX(1), "point beyond vertex 1: %d", fa);
    // Two parallel segments, one above the other: edge 1 of the lower faces edge 0 of the upper.
    const gjk2d_pose up = {0.5f, 1.0f, 1.0f, 0.0f};
    features_of(&s, NULL, &s, &up, &fa, &fb);
    cr_expect(expected_features(fa, fb, GJK2D_FEATURE_EDGE(1), GJK2D_FEATURE_EDGE(0), GJK2D_FEATURE_VERTEX(1),
                                GJK2D_FEATURE_VERTEX(0)),
              "parallel segments: (%d, %d)", fa, fb);
}

Test(distance_outputs, collinear_run_is_named_by_its_edge_nearest_the_witness) {
    // A 2 x 2 square with a vertex in the middle of every side (exactly collinear): each side is one run of
    // two edges. A point to the right of the right side (vertices 2, 3, 4) is closest to that run: the
    // feature is the run's edge that holds the witness point, edge 2 below y = 1 and edge 3 above.
    const gjk2d_vec2 v[] = {{0, 0}, {1, 0}, {2, 0}, {2, 1}, {2, 2}, {1, 2}, {0, 2}, {0, 1}};
    const gjk2d_vec2 pt[] = {{0, 0}};
    gjk2d_shape a = {v, 8, 0.0f}, p = {pt, 1, 0.0f};
    const float ys[] = {0.25f, 0.5f, 0.75f, 1.25f, 1.5f, 1.75f, 1.9375f};
    for (int i = 0; i < 7; i++)
        for (int turn = 0; turn < 3; turn++) {
            double ang = turn * 2.1;
            gjk2d_pose pa = gjk2d_pose_from_angle(-1.0f, 4.0f, ang);
            double c = cos(ang), s = sin(ang);
            gjk2d_pose pb =
                gjk2d_pose_from_angle((float)(-1.0 + c * 3.0 - s * ys[i]), (float)(4.0 + s * 3.0 + c * ys[i]), 0.0);
            int32_t fa, fb;
            features_of(&a, &pa, &p, &pb, &fa, &fb);
            const int32_t want = GJK2D_FEATURE_EDGE(ys[i] < 1.0f ? 2 : 3);
            cr_expect(fa == want, "point at y = %g, turn %.1f: feature %d, expected %d", (double)ys[i], ang, fa, want);
        }
    // The run that wraps around: the left side is vertices 6, 7, 0; a point to its left gets edge 7 below
    // y = 1 (from vertex 7 to vertex 0) and edge 6 above.
    for (int i = 0; i < 7; i++) {
        gjk2d_pose pb = {-1.0f, ys[i], 1.0f, 0.0f};
        int32_t fa, fb;
        features_of(&a, NULL, &p, &pb, &fa, &fb);
        const int32_t want = GJK2D_FEATURE_EDGE(ys[i] < 1.0f ? 7 : 6);
        cr_expect(fa == want, "point left at y = %g: feature %d, expected %d", (double)ys[i], fa, want);
    }
}

Test(distance_outputs, overlapping_cores_have_no_features_on_every_isa) {
    const gjk2d_vec2 sq[] = {{0, 0}, {1, 0}, {1, 1}, {0, 1}};
    gjk2d_shape a = {sq, 4, 0.0f}, ra = {sq, 4, 0.2f};
    const gjk2d_pose inside = {0.3f, 0.2f, 1.0f, 0.0f};
    gjk2d_distance_result r;
    cr_assert_eq(gjk2d_distance(&a, NULL, &a, &inside, &r, NULL), GJK2D_STATUS_OK);
    cr_expect(r.feature_a == GJK2D_FEATURE_NONE && r.feature_b == GJK2D_FEATURE_NONE && r.core_distance == 0.0f &&
                  r.signed_distance == 0.0f,
              "overlapping squares: features (%d, %d) core %.9g signed %.9g", r.feature_a, r.feature_b,
              (double)r.core_distance, (double)r.signed_distance);
    batch_equals_single(&a, &(gjk2d_pose){0, 0, 1, 0}, &a, &inside, &r);
    cr_assert_eq(gjk2d_distance(&ra, NULL, &ra, &inside, &r, NULL), GJK2D_STATUS_OK);
    cr_expect(r.feature_a == GJK2D_FEATURE_NONE && r.signed_distance == -0.4f, "rounded: feature %d signed %.9g",
              r.feature_a, (double)r.signed_distance);
}
