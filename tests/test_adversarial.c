// Adversarial geometry: the inputs float arithmetic finds hardest. Nearly parallel edges at tiny gaps,
// slivers, tiny edges, vertices 1e-6 apart, 256-gons approximating circles, positions up to 1e5,
// rotations near multiples of pi/2, a shape against itself, one shape inside another, rounded shapes
// touching. Every pair goes through check_pair (the reference against the exact oracle, every property
// and tolerance of check.h: status ok, no NaN, distance within 32 eps L) and then through the batch
// calls of every implementation this CPU runs, which must return the reference's answer bit for bit.
// The `limits` test sweeps gap, coordinate magnitude and edge length past the ranges above and logs
// the measured errors (meson test -v, or --verbose): the numbers docs/robustness.md quotes.
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "check.h"

static const double PI = 3.14159265358979323846;
static const char *const isa_names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};

TestSuite(adversarial, .timeout = 240);

static gjk2d_pose pose(double x, double y, double angle) { return gjk2d_pose_from_angle((float)x, (float)y, angle); }

/// Pose of B = `rel` composed after A's pose (A's angle `a_angle`), in double, rounded once to float.
static gjk2d_pose compose(double ax, double ay, double a_angle, double rx, double ry, double rangle) {
    double c = cos(a_angle), s = sin(a_angle);
    return pose(ax + c * rx - s * ry, ay + s * rx + c * ry, a_angle + rangle);
}

static int same_bits(float x, float y) { return memcmp(&x, &y, sizeof x) == 0 || (isnan(x) && isnan(y)); }

/// The pair through the batch calls of every implementation this CPU runs: bit for bit the reference
/// single-pair answer (the kernels repeat its float operations in order), every output field.
static void check_isas(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb) {
    const gjk2d_shape shapes[2] = {*a, *b};
    const gjk2d_pose poses[2] = {*pa, *pb};
    test_set t;
    cr_assert_eq(test_set_from_shapes(&t, shapes, poses, 2, NULL), 0);
    int32_t ia[1] = {0}, ib[1] = {1};
    gjk2d_pairs pairs = {ia, ib, 1};

    gjk2d_distance_result r;
    gjk2d_overlap_result o;
    gjk2d_sat_result q;
    gjk2d_distance(a, pa, b, pb, &r, NULL);
    gjk2d_overlap(a, pa, b, pb, &o);
    gjk2d_sat(a, pa, b, pb, &q);
    for (int i = 0; i < 6; i++) {
        if (gjk2d_set_isa(isa_names[i]) != 0) continue;
        float d, sd, core, ax, ay, bx, by, nx, ny, sep, snx, sny;
        int32_t fa, fb, it, oit;
        uint8_t st, ov, ost, sov, sst;
        gjk2d_distance_out dout = {&d, &sd, &core, &ax, &ay, &bx, &by, &nx, &ny, &fa, &fb, &it, &st};
        gjk2d_overlap_out oout = {&ov, &oit, &ost};
        gjk2d_sat_out sout = {&sov, &sep, &snx, &sny, &sst};
        cr_assert_eq(gjk2d_batch_distance(t.shapes, &t.poses, &pairs, 0, 1, &dout), GJK2D_OK);
        cr_assert_eq(gjk2d_batch_overlap(t.shapes, &t.poses, &pairs, 0, 1, &oout), GJK2D_OK);
        cr_assert_eq(gjk2d_batch_sat(t.shapes, &t.poses, &pairs, 0, 1, &sout), GJK2D_OK);
        int same = same_bits(d, r.distance) && same_bits(sd, r.signed_distance) && same_bits(core, r.core_distance) &&
                   same_bits(ax, r.point_a.x) && same_bits(ay, r.point_a.y) && same_bits(bx, r.point_b.x) &&
                   same_bits(by, r.point_b.y) && same_bits(nx, r.normal.x) && same_bits(ny, r.normal.y) &&
                   fa == r.feature_a && fb == r.feature_b && it == r.iterations && st == (uint8_t)r.status &&
                   ov == o.overlap && oit == o.iterations && ost == (uint8_t)o.status && sov == q.overlap &&
                   same_bits(sep, q.separation) && same_bits(snx, q.normal.x) && same_bits(sny, q.normal.y) &&
                   sst == (uint8_t)q.status;
        cr_assert(same,
                  "%s differs from the reference: distance %.9g / %.9g, signed %.9g / %.9g, features (%d, %d) / "
                  "(%d, %d), separation %.9g / %.9g%s",
                  isa_names[i], (double)d, (double)r.distance, (double)sd, (double)r.signed_distance, fa, fb,
                  r.feature_a, r.feature_b, (double)sep, (double)q.separation, pair_repr(a, pa, b, pb));
    }
    gjk2d_set_isa("auto");
    test_set_free(&t);
}

/// One adversarial pair: reference against the oracle, then every implementation against the reference.
static void adv(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb, unsigned flags,
                pair_stats *st) {
    check_pair(a, pa, b, pb, flags, st);
    check_isas(a, pa, b, pb);
}

/// Axis-aligned box [x0, x1] x [y0, y1], CCW.
static void box(gjk2d_vec2 *v, double x0, double y0, double x1, double y1) {
    v[0] = (gjk2d_vec2){(float)x0, (float)y0};
    v[1] = (gjk2d_vec2){(float)x1, (float)y0};
    v[2] = (gjk2d_vec2){(float)x1, (float)y1};
    v[3] = (gjk2d_vec2){(float)x0, (float)y1};
}

/// Regular n-gon of radius r centred on (cx, cy), first vertex at angle phase.
static void ngon(gjk2d_vec2 *v, int n, double r, double cx, double cy, double phase) {
    for (int i = 0; i < n; i++) {
        double t = phase + 2.0 * PI * i / n;
        v[i] = (gjk2d_vec2){(float)(cx + r * cos(t)), (float)(cy + r * sin(t))};
    }
}

static const double world_x[] = {0.0, -7.25, 1e3, -3e4, 1e5};
static const double world_turn[] = {0.0, 0.3, 1.5707963267948966, -2.5};

Test(adversarial, nearly_parallel_edges_match_the_oracle_on_every_isa) {
    // B's bottom edge above A's top edge, tilted by `tilt`, its lowest point `gap` above it.
    gjk2d_vec2 va[4], vb[4];
    box(va, -1, -0.5, 1, 0.5);
    box(vb, -0.75, -0.25, 0.75, 0.25);
    gjk2d_shape a = {va, 4, 0.0f}, b = {vb, 4, 0.0f};
    const double tilts[] = {0.0, 1e-7, -1e-7, 1e-6, 1e-5, -1e-4, 1e-3};
    const double gaps[] = {1e-7, 3e-7, 1e-6, 3e-6, 1e-5, 1e-4, 1e-3};
    const double slide[] = {0.0, 0.9, -1.6};
    pair_stats st = {0};
    for (int w = 0; w < 5; w++)
        for (int t = 0; t < 4; t++)
            for (int i = 0; i < 7; i++)
                for (int g = 0; g < 7; g++)
                    for (int k = 0; k < 3; k++) {
                        double tilt = tilts[i];
                        // Lowest point of the tilted box: its half-height grows by half-width * |sin tilt|.
                        double drop = 0.25 * cos(tilt) + 0.75 * fabs(sin(tilt));
                        gjk2d_pose pa = pose(world_x[w], 0.5 * world_x[w], world_turn[t]);
                        gjk2d_pose pb =
                            compose(world_x[w], 0.5 * world_x[w], world_turn[t], slide[k], 0.5 + gaps[g] + drop, tilt);
                        adv(&a, &pa, &b, &pb, CHECK_SAT_VALUE, &st);
                        adv(&b, &pb, &a, &pa, CHECK_SAT_VALUE, &st);
                    }
    report_stats("nearly parallel edges, gaps 1e-7..1e-3, positions up to 1e5", &st);
}

Test(adversarial, slivers_match_the_oracle_on_every_isa) {
    // Needles and thin bars of width 1e-3 .. 1e-6 against boxes, points, segments and each other
    // (crossing: overlapping with a penetration of about the width).
    const double widths[] = {1e-3, 1e-4, 1e-5, 1e-6};
    pair_stats st = {0};
    oracle_rng r = oracle_rng_seed(61);
    for (int i = 0; i < 4; i++) {
        double w = widths[i];
        gjk2d_vec2 needle[3] = {{-1.0f, 0.0f}, {1.0f, 0.0f}, {0.0f, (float)w}}, bar[4], sq[4], pt[1] = {{0, 0}};
        gjk2d_vec2 seg[2] = {{-0.5f, 0.0f}, {0.5f, 0.0f}};
        box(bar, -1.0, -0.5 * w, 1.0, 0.5 * w);
        box(sq, -0.5, -0.5, 0.5, 0.5);
        gjk2d_shape sn = {needle, 3, 0.0f}, sb = {bar, 4, 0.0f}, ss = {sq, 4, 0.0f}, sp = {pt, 1, 0.0f},
                    sg = {seg, 2, 0.0f};
        const gjk2d_shape *others[] = {&sn, &sb, &ss, &sp, &sg};
        for (int k = 0; k < 300; k++) {
            double ang = oracle_uniform(&r, -PI, PI), x = oracle_uniform(&r, -1e3, 1e3);
            gjk2d_pose pa = pose(x, -x, ang);
            const gjk2d_shape *a = (k & 1) ? &sn : &sb, *b = others[k % 5];
            // B crossing A's middle, lying along it at a tiny gap, or off its tip.
            double rx, ry, rang;
            switch (k % 3) {
            case 0:
                rx = oracle_uniform(&r, -0.8, 0.8), ry = oracle_uniform(&r, -w, w), rang = oracle_uniform(&r, 0.2, 3.0);
                break;
            case 1:
                rx = oracle_uniform(&r, -0.5, 0.5), ry = w + oracle_uniform(&r, 1e-7, 1e-4) + (b == &ss ? 0.5 : 0.0),
                rang = 0.0;
                break;
            default:
                rx = 1.0 + oracle_uniform(&r, 1e-6, 1e-3) + (b == &ss ? 0.5 : 0.0), ry = oracle_uniform(&r, -w, w),
                rang = 0.0;
                break;
            }
            gjk2d_pose pb = compose(x, -x, ang, rx, ry, rang);
            unsigned flags = (b == &sp || b == &sg) ? 0u : CHECK_SAT_VALUE;
            adv(a, &pa, b, &pb, flags, &st);
        }
    }
    report_stats("slivers of width 1e-3..1e-6", &st);
}

Test(adversarial, tiny_edges_match_the_oracle_on_every_isa) {
    // A unit box whose corner is cut by an edge of length e, facing a box's corner or edge across a gap,
    // and n-gons whose every edge is short.
    const double edges[] = {1e-2, 3e-3, 1e-3, 3e-4, 1e-4};
    pair_stats st = {0};
    for (int i = 0; i < 5; i++) {
        double c = edges[i] / sqrt(2.0);
        gjk2d_vec2 cut[5] = {{0, 0}, {1, 0}, {1, (float)(1 - c)}, {(float)(1 - c), 1}, {0, 1}}, sq[4];
        box(sq, -0.5, -0.5, 0.5, 0.5);
        gjk2d_shape a = {cut, 5, 0.0f}, b = {sq, 4, 0.0f};
        const double gaps[] = {0.0, 1e-6, 1e-4, 1e-2, -1e-4};
        for (int g = 0; g < 5; g++)
            for (int t = 0; t < 4; t++) {
                // The cut edge's midpoint (m, m), outward normal (1, 1) / sqrt 2. An axis-aligned B points
                // its corner (half-diagonal 0.5 sqrt 2) at it; turned by pi/4, B's edge (0.5 from its centre)
                // lies parallel to it.
                double m = 1.0 - c / 2.0, corner = (gaps[g] + 0.5 * sqrt(2.0)) / sqrt(2.0),
                       face = (gaps[g] + 0.5) / sqrt(2.0);
                gjk2d_pose pa = pose(world_x[t], 3.0, world_turn[t]);
                gjk2d_pose pb = compose(world_x[t], 3.0, world_turn[t], m + corner, m + corner, 0.0);
                adv(&a, &pa, &b, &pb, CHECK_SAT_VALUE, &st);
                pb = compose(world_x[t], 3.0, world_turn[t], m + face, m + face, PI / 4.0);
                adv(&a, &pa, &b, &pb, CHECK_SAT_VALUE, &st);
            }
        // n-gons with every edge of length ~e.
        int n = 64;
        static gjk2d_vec2 small[64], big[64];
        double rad = edges[i] * n / (2.0 * PI);
        ngon(small, n, rad, 0.0, 0.0, 0.1);
        ngon(big, n, rad, 0.0, 0.0, 0.0);
        gjk2d_shape s1 = {small, n, 0.0f}, s2 = {big, n, 0.0f};
        const double sep[] = {1e-6, 1e-4, 1e-2, -1e-3};
        for (int g = 0; g < 4; g++) {
            gjk2d_pose pa = pose(12.5, -3.0, 0.7), pb = compose(12.5, -3.0, 0.7, 2.0 * rad + sep[g] * rad, 0.0, 0.05);
            adv(&s1, &pa, &s2, &pb, CHECK_SAT_VALUE, &st);
        }
    }
    report_stats("edges of 1e-2..1e-4", &st);
}

Test(adversarial, vertices_1e6_apart_match_the_oracle_on_every_isa) {
    // Near-duplicate vertices: a box with a second vertex 1e-6 from a corner (on the edge and just
    // outside it), and a triangle whose three vertices are 1e-6 apart, far from its local origin.
    pair_stats st = {0};
    gjk2d_vec2 sq[5] = {{0, 0}, {1, 0}, {1, 1e-6f}, {1, 1}, {0, 1}};
    gjk2d_vec2 bump[5] = {{0, 0}, {1, 0}, {1.000001f, 0.5f}, {1, 1}, {0, 1}};
    gjk2d_vec2 tiny[3] = {{1, 1}, {1.000001f, 1}, {1, 1.000001f}};
    gjk2d_vec2 other[4];
    box(other, -0.5, -0.5, 0.5, 0.5);
    gjk2d_shape shapes[] = {{sq, 5, 0.0f}, {bump, 5, 0.0f}, {tiny, 3, 0.0f}};
    gjk2d_shape b = {other, 4, 0.0f};
    oracle_rng r = oracle_rng_seed(62);
    for (int s = 0; s < 3; s++)
        for (int k = 0; k < 200; k++) {
            double ang = oracle_uniform(&r, -PI, PI), x = oracle_uniform(&r, -100, 100);
            gjk2d_pose pa = pose(x, 2.0, ang);
            // B's corner or edge near A's special vertex (1, ~0 / 0.5 / 1).
            double target_y = s == 0 ? 0.0 : (s == 1 ? 0.5 : 1.0);
            double gap = k % 4 == 0 ? 0.0 : pow(10.0, -oracle_uniform(&r, 2, 7)) * (k % 4 == 3 ? -1 : 1);
            double rang = (k & 1) ? PI / 4 : 0.0, reach = (k & 1) ? 0.5 * sqrt(2.0) : 0.5;
            gjk2d_pose pb =
                compose(x, 2.0, ang, 1.000001 + reach + gap, target_y + oracle_uniform(&r, -1e-6, 1e-6), rang);
            adv(&shapes[s], &pa, &b, &pb, CHECK_SAT_VALUE, &st);
            // and the tiny triangle against a point just off it
            if (s == 2) {
                gjk2d_vec2 p = {(float)(1.0000005 + oracle_uniform(&r, -2e-6, 2e-6)),
                                (float)(1.0000005 + oracle_uniform(&r, -2e-6, 2e-6))};
                gjk2d_shape pt = {&p, 1, 0.0f};
                adv(&shapes[s], &pa, &pt, &pa, 0, &st);
            }
        }
    report_stats("vertices 1e-6 apart", &st);
}

Test(adversarial, circles_of_256_gons_match_the_oracle_on_every_isa) {
    // 256-gons approximating circles of radius 1 and 1000, against each other (gaps 1e-6 .. 1, overlapping),
    // against boxes, points and real circles.
    static gjk2d_vec2 c1[256], c2[256];
    pair_stats st = {0};
    oracle_rng r = oracle_rng_seed(63);
    const double radii[] = {1.0, 1000.0};
    for (int ri = 0; ri < 2; ri++) {
        double R = radii[ri];
        ngon(c1, 256, R, 0.0, 0.0, 0.0);
        ngon(c2, 256, R, 0.0, 0.0, PI / 256.0);
        gjk2d_shape a = {c1, 256, 0.0f}, b = {c2, 256, 0.0f};
        gjk2d_vec2 sq[4], pt = {0, 0};
        box(sq, -0.3 * R, -0.3 * R, 0.3 * R, 0.3 * R);
        gjk2d_shape s = {sq, 4, 0.0f}, p = {&pt, 1, 0.0f}, circle = {&pt, 1, (float)(0.5 * R)};
        const double gaps[] = {-0.5, -1e-3, -1e-6, 1e-6, 1e-4, 1e-2, 1.0};
        for (int k = 0; k < 140; k++) {
            double g = gaps[k % 7] * R, dir = oracle_uniform(&r, -PI, PI), ang = oracle_uniform(&r, -PI, PI);
            double x = oracle_uniform(&r, -1e3, 1e3);
            gjk2d_pose pa = pose(x, x, ang);
            // Centre distance: the polygons' inradius is R cos(pi/256); place by the circumscribed radius.
            double d = 2.0 * R + g;
            gjk2d_pose pb = compose(x, x, ang, d * cos(dir), d * sin(dir), oracle_uniform(&r, -PI, PI));
            adv(&a, &pa, &b, &pb, CHECK_SAT_VALUE, &st);
            pb = compose(x, x, ang, (1.3 * R + g) * cos(dir), (1.3 * R + g) * sin(dir), oracle_uniform(&r, -PI, PI));
            adv(&a, &pa, &s, &pb, CHECK_SAT_VALUE, &st);
            pb = compose(x, x, ang, (R + g) * cos(dir), (R + g) * sin(dir), 0.0);
            adv(&a, &pa, &p, &pb, 0, &st);
            pb = compose(x, x, ang, (1.5 * R + g) * cos(dir), (1.5 * R + g) * sin(dir), 0.0);
            adv(&a, &pa, &circle, &pb, CHECK_SAT_VALUE, &st);
        }
    }
    report_stats("256-gons (circles of radius 1 and 1000)", &st);
    cr_expect(st.max_iterations <= GJK2D_ITERATION_CAP(256, 256), "iterations %d", st.max_iterations);
}

Test(adversarial, far_positions_match_the_oracle_on_every_isa) {
    // Random 3..8-gon pairs of size ~1, the same relative placement translated to 1e1 .. 1e5 (both signs):
    // a query runs in A's frame, so the error relative to the pair's size L must not grow.
    pair_stats near = {0}, far = {0};
    oracle_rng r = oracle_rng_seed(64);
    for (int k = 0; k < 600; k++) {
        test_shape ta, tb;
        random_shape(&r, oracle_int(&r, 3, 8), 1.0, 0.0, 0.0, &ta);
        random_shape(&r, oracle_int(&r, 1, 8), 1.0, (k & 3) == 0 ? 0.3 : 0.0, 0.0, &tb);
        double ang = oracle_uniform(&r, -PI, PI), rx = oracle_uniform(&r, -2.5, 2.5),
               ry = oracle_uniform(&r, -2.5, 2.5);
        double rang = oracle_uniform(&r, -PI, PI);
        unsigned flags = tb.s.count >= 3 ? CHECK_SAT_VALUE : 0u;
        for (int e = 0; e <= 5; e++) {
            double X = (e == 0 ? 0.0 : pow(10.0, e)) * ((k & 1) ? -1 : 1), Y = (e == 0 ? 0.0 : pow(10.0, e)) * 0.37;
            gjk2d_pose pa = pose(X, Y, ang), pb = compose(X, Y, ang, rx, ry, rang);
            adv(&ta.s, &pa, &tb.s, &pb, flags, e == 0 ? &near : &far);
        }
    }
    report_stats("random pairs at the origin", &near);
    report_stats("the same pairs at 1e1..1e5", &far);
}

Test(adversarial, rotations_near_right_angles_match_the_oracle_on_every_isa) {
    // Boxes touching, nearly touching and overlapping, each at k pi/2 + delta: cos or sin rounds to
    // (nearly) 0 and the other to (nearly) 1.
    const double deltas[] = {0.0, 1e-7, -1e-7, 1e-6, -3e-6, 1e-4};
    const double gaps[] = {0.0, 1e-6, 1e-3, -1e-3};
    gjk2d_vec2 va[4], vb[4];
    box(va, -1, -0.5, 1, 0.5);
    box(vb, -0.4, -0.4, 0.4, 0.4);
    gjk2d_shape a = {va, 4, 0.0f}, b = {vb, 4, 0.0f}, ra = {va, 4, 0.125f};
    pair_stats st = {0};
    for (int qa = 0; qa < 4; qa++)
        for (int qb = 0; qb < 4; qb++)
            for (int i = 0; i < 6; i++)
                for (int j = 0; j < 6; j += 2)
                    for (int g = 0; g < 4; g++) {
                        double anga = qa * PI / 2 + deltas[i], angb = qb * PI / 2 + deltas[j];
                        gjk2d_pose pa = pose(5.0, -5.0, anga);
                        // B beside A's long side, in A's frame.
                        gjk2d_pose pb = compose(5.0, -5.0, anga, 0.3, 0.5 + 0.4 + gaps[g], angb - anga);
                        adv(&a, &pa, &b, &pb, CHECK_SAT_VALUE, &st);
                        adv(&ra, &pa, &b, &pb, CHECK_SAT_VALUE, &st);
                    }
    report_stats("rotations near multiples of pi/2", &st);
}

Test(adversarial, identical_shapes_at_identical_poses_overlap_by_their_width) {
    // A shape against itself at the same pose: overlapping, distance 0, SAT penetration = its width.
    static gjk2d_vec2 g256[256];
    ngon(g256, 256, 1.0, 0.0, 0.0, 0.0);
    gjk2d_vec2 pt = {0.25f, -0.5f}, seg[2] = {{-1, 0}, {1, 0.5f}}, tri[3] = {{0, 0}, {1, 0}, {0, 1}}, sq[4];
    gjk2d_vec2 oct[8];
    box(sq, -0.5, -0.5, 0.5, 0.5);
    ngon(oct, 8, 2.0, 0.3, 0.1, 0.2);
    const gjk2d_shape shapes[] = {{&pt, 1, 0.0f},    {seg, 2, 0.0f}, {tri, 3, 0.0f},  {sq, 4, 0.0f}, {oct, 8, 0.0f},
                                  {g256, 256, 0.0f}, {&pt, 1, 0.5f}, {seg, 2, 0.25f}, {sq, 4, 0.1f}};
    pair_stats st = {0};
    double thin_max = 0.0;
    oracle_rng r = oracle_rng_seed(65);
    for (int s = 0; s < 9; s++)
        for (int k = 0; k < 40; k++) {
            double scale = k < 20 ? 10.0 : 1e5;
            const double px = oracle_uniform(&r, -scale, scale), py = oracle_uniform(&r, -scale, scale);
            gjk2d_pose p = pose(px, py, k % 4 == 0 ? (k / 4) * PI / 2 : oracle_uniform(&r, -PI, PI));
            unsigned flags = shapes[s].count >= 3 ? CHECK_SAT_VALUE : 0u;
            adv(&shapes[s], &p, &shapes[s], &p, flags, &st);
            gjk2d_distance_result d;
            gjk2d_distance(&shapes[s], &p, &shapes[s], &p, &d, NULL);
            cr_assert(d.status == GJK2D_STATUS_OK, "shape %d against itself: %s", s, gjk2d_status_name(d.status));
            if (shapes[s].count >= 3 || shapes[s].radius > 0.0f) {
                cr_assert(d.distance == 0.0f, "shape %d against itself: distance %.9g", s, (double)d.distance);
            } else {
                // A point or segment has no area: B moved into A's frame by R_A^T (R_B b + p_B - p_A)
                // rounds, so the copy lands a rounding error away (check_pair holds it to 32 eps L).
                double L = oracle_scale(&shapes[s], &p, &shapes[s], &p);
                thin_max = fmax(thin_max, d.distance / (FLT_EPSILON * L));
            }
        }
    report_stats("identical shapes at identical poses", &st);
    cr_log_info("identical shapes: a point or segment against itself at the same pose reports up to %.2f eps L "
                "(polygons and rounded shapes exactly 0)",
                thin_max);
}

Test(adversarial, contained_shapes_match_the_oracle_on_every_isa) {
    // Small inside big: centred, off-centre, touching the inside of the boundary, 1e-3 inside 1e3.
    static gjk2d_vec2 big[64];
    gjk2d_vec2 small[4], tri[3] = {{0, 0}, {1, 0}, {0, 1}}, pt = {0, 0};
    pair_stats st = {0};
    oracle_rng r = oracle_rng_seed(66);
    const double sizes[] = {1.0, 1e-3};
    const double bigs[] = {10.0, 1e3};
    for (int i = 0; i < 2; i++)
        for (int j = 0; j < 2; j++) {
            ngon(big, 64, bigs[j], 0.0, 0.0, 0.0);
            box(small, -sizes[i], -sizes[i], sizes[i], sizes[i]);
            gjk2d_shape B = {big, 64, 0.0f}, S = {small, 4, 0.0f}, T = {tri, 3, 0.0f}, P = {&pt, 1, 0.0f};
            for (int k = 0; k < 60; k++) {
                double ang = oracle_uniform(&r, -PI, PI), x = oracle_uniform(&r, -1e3, 1e3);
                gjk2d_pose pa = pose(x, 1.0, ang);
                // Inradius of the 64-gon: bigs * cos(pi/64); off-centre up to touching it from inside.
                double in = bigs[j] * cos(PI / 64) - sizes[i] * sqrt(2.0);
                double off = k % 3 == 0 ? 0.0 : (k % 3 == 1 ? 0.5 * in : in), dir = oracle_uniform(&r, -PI, PI);
                gjk2d_pose pb = compose(x, 1.0, ang, off * cos(dir), off * sin(dir), oracle_uniform(&r, -PI, PI));
                adv(&B, &pa, &S, &pb, CHECK_SAT_VALUE, &st);
                adv(&S, &pb, &B, &pa, CHECK_SAT_VALUE, &st);
                adv(&B, &pa, &T, &pb, CHECK_SAT_VALUE, &st);
                adv(&P, &pb, &B, &pa, 0, &st);
                adv(&S, &pb, &P, &pb, 0, &st); // a point at the centre of a box
            }
        }
    report_stats("one shape inside another", &st);
}

Test(adversarial, touching_rounded_shapes_match_the_oracle_on_every_isa) {
    // Circles, capsules and rounded boxes whose rounded surfaces touch exactly (in float: centres at
    // r1 + r2 with both exactly representable) or are 1e-6 apart or overlapping by 1e-6, at any angle.
    gjk2d_vec2 pt = {0, 0}, seg[2] = {{-1, 0}, {1, 0}}, sq[4];
    box(sq, -0.5, -0.5, 0.5, 0.5);
    const gjk2d_shape shapes[] = {{&pt, 1, 0.5f}, {&pt, 1, 0.25f}, {seg, 2, 0.25f}, {sq, 4, 0.125f}, {sq, 4, 0.0f}};
    pair_stats st = {0};
    // Exact contact along the x axis, in float: every number below is a dyadic rational.
    for (int i = 0; i < 5; i++)
        for (int j = 0; j < 5; j++) {
            double ra = shapes[i].radius, rb = shapes[j].radius;
            double ea = shapes[i].count == 1 ? 0.0 : (shapes[i].count == 2 ? 1.0 : 0.5);
            double eb = shapes[j].count == 1 ? 0.0 : (shapes[j].count == 2 ? 1.0 : 0.5);
            gjk2d_pose pa = {0.0f, 0.0f, 1.0f, 0.0f}, pb = {(float)(ea + ra + eb + rb), 0.0f, 1.0f, 0.0f};
            unsigned flags = shapes[i].count + shapes[j].count > 2 ? CHECK_SAT_VALUE : 0u;
            adv(&shapes[i], &pa, &shapes[j], &pb, flags, &st);
            gjk2d_distance_result d;
            gjk2d_distance(&shapes[i], &pa, &shapes[j], &pb, &d, NULL);
            cr_expect(d.distance == 0.0f, "exact contact %d-%d: distance %.9g", i, j, (double)d.distance);
            // The same contact at 1e5 (the positions stay exact) and at other angles / tiny gaps.
            pa.px = pb.px = 65536.0f; // 2^16: every sum above is still exact
            pb.px += (float)(ea + ra + eb + rb);
            adv(&shapes[i], &pa, &shapes[j], &pb, flags, &st);
            for (int k = 0; k < 24; k++) {
                double dir = k * PI / 12 + 0.01, ang = 0.3 * k;
                double d0 = (shapes[i].count == 1 && shapes[j].count == 1) ? ra + rb : 0.0;
                if (d0 == 0.0) continue; // only circles touch at the same distance in every direction
                const double gaps[] = {0.0, 1e-6, -1e-6};
                for (int g = 0; g < 3; g++) {
                    gjk2d_pose qa = pose(3.0, 4.0, ang),
                               qb = compose(3.0, 4.0, ang, (d0 + gaps[g]) * cos(dir), (d0 + gaps[g]) * sin(dir), 0.0);
                    adv(&shapes[i], &qa, &shapes[j], &qb, 0, &st);
                }
            }
            // A capsule or rounded box resting on a rotated shape's rounded edge: random angles, gaps +-1e-6.
            oracle_rng r = oracle_rng_seed(67 + (uint64_t)(i * 5 + j));
            for (int k = 0; k < 20; k++) {
                double ang = oracle_uniform(&r, -PI, PI), gap = k % 3 == 0 ? 0.0 : (k % 3 == 1 ? 1e-6 : -1e-6);
                gjk2d_pose qa = pose(-20.0, 7.0, ang);
                gjk2d_pose qb = compose(-20.0, 7.0, ang, oracle_uniform(&r, -0.2, 0.2),
                                        (shapes[i].count == 1 ? 0.0 : 0.5 * (shapes[i].count != 2)) + ra + rb + gap +
                                            (shapes[j].count == 1 ? 0.0 : 0.5 * (shapes[j].count != 2)),
                                        0.0);
                adv(&shapes[i], &qa, &shapes[j], &qb, flags, &st);
            }
        }
    report_stats("rounded shapes touching", &st);
}

// ---------------------------------------------------------------------------------------------
// Limits: how far the tolerance and the resolution reach. Logged, and asserted where documented.
// ---------------------------------------------------------------------------------------------

/// |distance - exact| / (eps L) of one pair (reference), and the relative error of the distance.
static double measure(const gjk2d_shape *a, const gjk2d_pose *pa, const gjk2d_shape *b, const gjk2d_pose *pb,
                      double *rel, gjk2d_status *status) {
    static oracle_poly wa, wb;
    oracle_world(a, pa, &wa);
    oracle_world(b, pb, &wb);
    double exact = oracle_distance(&wa, &wb), L = oracle_scale(a, pa, b, pb);
    gjk2d_distance_result r;
    gjk2d_distance(a, pa, b, pb, &r, NULL);
    *status = r.status;
    *rel = exact > 0.0 ? fabs(r.distance - exact) / exact : (r.distance == 0.0f ? 0.0 : INFINITY);
    return fabs(r.distance - exact) / (FLT_EPSILON * L);
}

Test(adversarial, gap_magnitude_scale_and_edge_length_sweeps_stay_within_tolerance) {
    gjk2d_vec2 va[4], vb[4];
    gjk2d_status status;
    double rel;
    // 1. Gap: two boxes (L ~ 2) with nearly parallel faces (tilt 1e-6) at gaps 1e-1 .. 1e-9.
    box(va, -1, -0.5, 1, 0.5);
    box(vb, -0.75, -0.25, 0.75, 0.25);
    gjk2d_shape a = {va, 4, 0.0f}, b = {vb, 4, 0.0f};
    double resolved_gap = INFINITY;
    for (int e = 1; e <= 9; e++) {
        double g = pow(10.0, -e), worst = 0.0, worst_rel = 0.0;
        for (int k = 0; k < 50; k++) {
            double ang = 0.1 * k, tilt = (k % 5 - 2) * 1e-6;
            gjk2d_pose pa = pose(0.0, 0.0, ang);
            gjk2d_pose pb = compose(0.0, 0.0, ang, 0.3, 0.5 + 0.25 * cos(tilt) + 0.75 * fabs(sin(tilt)) + g, tilt);
            double err = measure(&a, &pa, &b, &pb, &rel, &status);
            cr_assert(status == GJK2D_STATUS_OK && err <= TOL_REL / FLT_EPSILON, "gap %.0e: error %.3g eps L", g, err);
            worst = fmax(worst, err);
            worst_rel = fmax(worst_rel, rel);
        }
        if (worst_rel <= 0.01) resolved_gap = g;
        cr_log_info("limits: gap %.0e (L ~ 2.2): max error %.2f eps L, max relative error of the distance %.3g", g,
                    worst, worst_rel);
    }
    cr_log_info("limits: smallest gap measured within 1%% at L ~ 2.2: %.0e", resolved_gap);

    // 2. Coordinate magnitude: the same pair (gap 1e-3) with every local vertex offset by M, so L ~ M.
    for (int e = 0; e <= 14; e += 1) {
        double M = pow(10.0, e), worst = 0.0, worst_rel = 0.0;
        int invalid = 0;
        for (int k = 0; k < 20; k++) {
            box(va, M - 1, M - 0.5, M + 1, M + 0.5);
            box(vb, M - 0.75, M - 0.25, M + 0.75, M + 0.25);
            double ang = 0.3 * k;
            gjk2d_pose pa = pose(0.0, 0.0, ang), pb = compose(0.0, 0.0, ang, 0.3, 0.75 + 1e-3 + 0.01 * k, 0.0);
            if (gjk2d_validate_shape(&a, &pa, NULL) != GJK2D_PROBLEM_NONE ||
                gjk2d_validate_shape(&b, &pb, NULL) != GJK2D_PROBLEM_NONE) {
                invalid++;
                continue;
            }
            double err = measure(&a, &pa, &b, &pb, &rel, &status);
            cr_assert(status == GJK2D_STATUS_OK && err <= TOL_REL / FLT_EPSILON, "coordinates 1e%d: error %.3g eps L",
                      e, err);
            worst = fmax(worst, err);
            worst_rel = fmax(worst_rel, rel);
        }
        cr_log_info("limits: coordinates ~1e%d: max error %.2f eps L (= %.3g absolute), relative error of a 1e-3..0.2 "
                    "gap %.3g%s",
                    e, worst, worst * FLT_EPSILON * M, worst_rel,
                    invalid ? " (some shapes invalid: collapsed in float)" : "");
    }

    // 2b. Small scale: two boxes at a gap of a tenth of their size, the whole pair scaled by 2^-k (floats
    // scale exactly, so only underflow can change the relative error). Asserted down to 2^-30 (1e-9);
    // below ~2^-34 the error jumps (reported to the lead: a product of squared lengths underflows).
    for (int e = 0; e >= -44; e -= 2) {
        double k = ldexp(1.0, e), worst = 0.0;
        box(va, -k, -0.5 * k, k, 0.5 * k);
        for (int t = 0; t < 16; t++) {
            gjk2d_pose pa = {0.0f, 0.0f, 1.0f, 0.0f};
            gjk2d_pose pb = pose(0.3 * k, 1.1 * k, (t - 8) * 1e-3);
            double err = measure(&a, &pa, &a, &pb, &rel, &status);
            if (e >= -30)
                cr_assert(status == GJK2D_STATUS_OK && err <= TOL_REL / FLT_EPSILON, "scale 2^%d: error %.3g eps L", e,
                          err);
            worst = fmax(worst, err);
        }
        cr_log_info("limits: pair scaled by 2^%d (L ~ %.2g): max error %.2f eps L%s", e, 2.2 * k, worst,
                    worst > TOL_REL / FLT_EPSILON ? " (beyond the tolerance: underflow)" : "");
    }

    // 3. Edge length: a unit box with a corner cut by an edge of length 1e-1 .. 1e-8, facing a box corner.
    for (int e = 1; e <= 8; e++) {
        double len = pow(10.0, -e), c = len / sqrt(2.0), worst = 0.0;
        gjk2d_vec2 cut[5] = {{0, 0}, {1, 0}, {1, (float)(1 - c)}, {(float)(1 - c), 1}, {0, 1}};
        gjk2d_shape s = {cut, 5, 0.0f};
        int invalid = gjk2d_validate_shape(&s, NULL, NULL) != GJK2D_PROBLEM_NONE;
        for (int k = 0; !invalid && k < 40; k++) {
            double m = 1.0 - c / 2.0, gap = pow(10.0, -(k % 8)) * 1e-1, ang = 0.2 * k;
            gjk2d_pose pa = pose(0.0, 0.0, ang);
            double corner = (gap + 0.5 * sqrt(2.0)) / sqrt(2.0); // B's corner towards the cut edge
            gjk2d_pose pb = compose(0.0, 0.0, ang, m + corner, m + corner, (k % 3 - 1) * 1e-3);
            gjk2d_vec2 sq[4];
            box(sq, -0.5, -0.5, 0.5, 0.5);
            gjk2d_shape t = {sq, 4, 0.0f};
            double err = measure(&s, &pa, &t, &pb, &rel, &status);
            cr_assert(status == GJK2D_STATUS_OK && err <= TOL_REL / FLT_EPSILON, "edge %.0e: error %.3g eps L", len,
                      err);
            worst = fmax(worst, err);
        }
        cr_log_info("limits: edge %.0e on a unit box: max error %.2f eps L%s", len, worst,
                    invalid ? " (not run: the cut corner is rejected by validation)" : "");
    }
}

// ---------------------------------------------------------------------------------------------
// Library findings of the fuzzers not fixed yet (docs/robustness.md, Limits). Each test states the
// right behaviour and is disabled while it fails: enable it with the fix. (Another finding, a bent
// line accepted by validation, is fixed and tested in tests/test_validate.c.)
// ---------------------------------------------------------------------------------------------

Test(adversarial, finding_tiny_pair_keeps_its_accuracy, .disabled = true) {
    // Two boxes of size 3e-11: 2,400 eps L off today (underflow), status ok.
    float k = 0x1p-36f;
    gjk2d_vec2 a[] = {{-k, -k}, {k, -k}, {k, k}, {-k, k}};
    gjk2d_shape s = {a, 4, 0.0f};
    gjk2d_pose pa = {0.0f, 0.0f, 1.0f, 0.0f}, pb = gjk2d_pose_from_angle(0.3f * k, 2.1f * k, 0.001);
    pair_stats st = {0};
    adv(&s, &pa, &s, &pb, CHECK_SAT_VALUE, &st);
}

Test(adversarial, finding_sat_axis_of_a_denormal_edge) {
    // A unit square with an extra vertex 1e-21 from a corner: the SAT normalises that edge's normal with
    // a denormal squared length, |axis| = 0.99974 and the penetration 177 eps L off.
    gjk2d_vec2 sq[] = {{0, 0}, {1, 0}, {1, 1}, {1e-21f, 1}, {0, 1}}, pt = {0.5f, 0.9f};
    gjk2d_shape a = {sq, 5, 0.0f}, b = {&pt, 1, 0.0f};
    gjk2d_pose id = {0.0f, 0.0f, 1.0f, 0.0f};
    pair_stats st = {0};
    adv(&a, &id, &b, &id, CHECK_SAT_VALUE, &st);
}

Test(adversarial, finding_normal_of_a_denormal_direction) {
    // Two points 4.7e-22 apart: the distance is right, but the normal (and the SAT axis) is normalised
    // from a denormal squared length: |n| = 1.00044.
    gjk2d_vec2 p = {0x1.19d532p-71f, 0.0f}, q = {0.0f, 0.0f};
    gjk2d_shape a = {&p, 1, 0.0f}, b = {&q, 1, 0.0f};
    gjk2d_pose id = {0.0f, 0.0f, 1.0f, 0.0f};
    pair_stats st = {0};
    adv(&a, &id, &b, &id, 0, &st);
    gjk2d_sat_result s;
    gjk2d_sat(&a, &id, &b, &id, &s);
    double len = hypot(s.normal.x, s.normal.y);
    cr_expect(len == 0.0 || fabs(len - 1.0) <= TOL_UNIT, "|SAT axis| = %.9g", len);
}

Test(adversarial, finding_point_deep_inside_a_huge_polygon, .disabled = true) {
    // A point 7.7e9 inside a 1e10 10-gon: GJK stops on a round-off closest point, distance 572 (0.5 eps L,
    // inside the distance tolerance) but overlap 0 from the distance and boolean queries.
    static const gjk2d_vec2 big[] = {{0x1.652736p+31, -0x1.296a92p+33},  {0x1.a1a662p+32, -0x1.825cc4p+32},
                                     {0x1.f165f8p+32, -0x1.67099ep+30},  {0x1.82d42ep+32, 0x1.514fdap+32},
                                     {0x1.0169f6p+31, 0x1.200c6ap+33},   {-0x1.652736p+31, 0x1.296a92p+33},
                                     {-0x1.a1a662p+32, 0x1.825cc4p+32},  {-0x1.f131fap+32, 0x1.e50986p+28},
                                     {-0x1.82d42ep+32, -0x1.514fdap+32}, {-0x1.0169f6p+31, -0x1.200c6ap+33}};
    gjk2d_vec2 p = {0x1.952f34p+7f, -0x1.bda19cp+9f};
    gjk2d_shape a = {big, 10, 0.0f}, b = {&p, 1, 0.0f};
    gjk2d_pose id = {0.0f, 0.0f, 1.0f, 0.0f};
    pair_stats st = {0};
    adv(&a, &id, &b, &id, 0, &st);
}

Test(adversarial, finding_no_nan_for_a_point_by_a_thin_triangle) {
    // A valid thin triangle and a point 3e-21 from its corner: status ok, distance 0, closest point NaN
    // (denormal squared lengths), on every ISA.
    gjk2d_vec2 tri[] = {{-7.4375f, 3e-21f}, {-3e-21f, -3e-21f}, {0.0f, 0.0f}}, q = {-3e-21f, -2.6e-21f};
    gjk2d_shape a = {tri, 3, 0.0f}, b = {&q, 1, 0.0f};
    gjk2d_pose id = {0.0f, 0.0f, 1.0f, 0.0f};
    pair_stats st = {0};
    adv(&a, &id, &b, &id, 0, &st);
}

Test(adversarial, finding_segment_of_denormal_squared_length) {
    // Root cause of the NaN findings: |b - a|^2 denormal (lengths ~1e-22 .. 3e-20), 1 / den = inf.
    gjk2d_segment_result s =
        gjk2d_closest_on_segment((gjk2d_vec2){0, 0}, (gjk2d_vec2){1e-20f, 0}, (gjk2d_vec2){5e-21f, 1});
    cr_expect(isfinite(s.point.x) && isfinite(s.point.y) && isfinite(s.u) && isfinite(s.v), "point (%g, %g) u %g v %g",
              (double)s.point.x, (double)s.point.y, (double)s.u, (double)s.v);
    gjk2d_triangle_result t = gjk2d_closest_on_triangle((gjk2d_vec2){0, 0}, (gjk2d_vec2){1e-20f, 0},
                                                        (gjk2d_vec2){0, 1e-20f}, (gjk2d_vec2){2.5e-21f, 2.5e-21f});
    cr_expect(isfinite(t.point.x) && isfinite(t.point.y), "triangle point (%g, %g)", (double)t.point.x,
              (double)t.point.y);
}
