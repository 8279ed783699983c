// SPDX-License-Identifier: MIT
// gjk2d's casts and Box2D 2.4.1's side by side on the same inputs (tests/peers/box2d_casts.cpp), every
// disagreement beyond the tolerances decided by the long double oracle: gjk2d must never be the one the
// oracle contradicts; Box2D's contradicted answers are counted and logged.
//   b2ShapeCast stops at a core distance sigma = max(b2_polygonRadius, ra + rb - b2_polygonRadius) within
//     b2_linearSlop / 2 above it (every radius raised to at least b2_polygonRadius): compared with gjk2d's
//     cast of B shrunk to that sigma. Radii here are at least b2_polygonRadius, so no shape is raised.
//   b2TimeOfImpact's target max(linearSlop, ra + rb - 3 linearSlop) +- linearSlop / 4 is gjk2d's with
//     target = -3 linearSlop, tolerance = linearSlop / 4. Rotations up to b2_maxRotation (pi / 2) a step.
//   Ray casts: b2PolygonShape::RayCast (no radius) and b2CircleShape::RayCast; Box2D reports no hit
//     for an origin inside the shape, gjk2d "overlap".
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>

#include "cast_oracle.h"
#include "check.h"
#include "peers/box2d_casts.h"

#ifdef GJK2D_FULL_TESTS
#define SCALE_N 10
#else
#define SCALE_N 1
#endif

/// A shape for Box2D's casts: 1..8 vertices, radius in [b2_polygonRadius, 0.3].
static void box2d_shape(oracle_rng *r, cast_shape *s) {
    cast_random_shape(r, s, 0);
    s->s.radius = (float)oracle_uniform(r, B2C_POLYGON_RADIUS, 0.3);
}

Test(box2d, shape_cast, .timeout = 600) {
    oracle_rng r = oracle_rng_seed(2401);
    const long n = 20000L * SCALE_N;
    long both_hit = 0, both_miss = 0, box2d_initial = 0, box2d_wrong = 0, box2d_capped = 0, ours_only = 0;
    double max_gap = 0.0, max_normal = 0.0;
    for (long k = 0; k < n; k++) {
        cast_shape a, b;
        box2d_shape(&r, &a);
        box2d_shape(&r, &b);
        const gjk2d_pose pa = oracle_random_pose(&r, 3.0), pb = oracle_random_pose(&r, 3.0);
        const gjk2d_vec2 t = cast_random_toward(&r, pb.px, pb.py, pa.px, pa.py, 1.0, 1.0);
        b2c_cast box;
        b2c_shape_cast(&a.s, &pa, &b.s, &pb, t, &box);
        // gjk2d on B shrunk so that its contact distance is Box2D's sigma.
        const float sigma = a.s.radius + b.s.radius - B2C_POLYGON_RADIUS;
        cast_shape bs = b;
        bs.s.vertices = bs.v;
        bs.s.radius = sigma - a.s.radius;
        gjk2d_cast_result ours;
        cr_assert_eq(gjk2d_shape_cast(&a.s, &pa, &bs.s, &pb, t, &ours), GJK2D_STATUS_OK);
        const lpoly la = cast_place(&a, &pa), lb = cast_place(&b, &pb);
        const double L = (double)(lo_max_abs(&la) + lo_max_abs(&lb)) + hypot(t.x, t.y) + a.s.radius + b.s.radius;
        const double tol = CAST_TOL(L);
        const ld exact = lo_cast_exact(&la, &lb, t.x, t.y, 1.0L, sigma);
        if (box.hit && box.iterations == 20)
            box2d_capped++; // b2ShapeCast's iteration cap: its lambda is only a lower bound
        if (ours.state == GJK2D_CAST_OVERLAP || (ours.state == GJK2D_CAST_HIT && ours.fraction == 0.0f)) {
            box2d_initial += !box.hit;
            continue; // Box2D returns false for an initial overlap
        }
        if (ours.state == GJK2D_CAST_HIT && box.hit) {
            both_hit++;
            // Box2D's lambda stops within linearSlop / 2 above sigma: the oracle distance there.
            const ld d = lo_signed_distance_moved(&la, &lb, t.x, t.y, box.fraction);
            if (!(d >= sigma - tol && d <= sigma + 0.5 * B2C_LINEAR_SLOP + tol) && box.iterations < 20) box2d_wrong++;
            max_gap = fmax(max_gap, (double)(d - sigma));
            max_normal = fmax(max_normal, hypot(ours.normal.x - box.normal.x, ours.normal.y - box.normal.y));
            cr_assert(
                box.fraction <= ours.fraction + 2.0 * tol / fmax(1e-3, -(t.x * ours.normal.x + t.y * ours.normal.y)),
                "cast %ld: Box2D's lambda %.9g beyond gjk2d's first contact %.9g", k, box.fraction, ours.fraction);
            continue;
        }
        if (ours.state == GJK2D_CAST_MISS && !box.hit) {
            both_miss++;
            continue;
        }
        // They disagree: the oracle decides.
        if (ours.state == GJK2D_CAST_HIT) {
            ours_only++;
            // gjk2d hits: the oracle must find contact within the tolerance; then Box2D missed it.
            ld tm;
            cr_assert(lo_cast_min(&la, &lb, t.x, t.y, 1.0L, &tm) <= sigma + tol, "cast %ld: gjk2d's hit is not real",
                      k);
            box2d_wrong++;
        } else {
            // Box2D hits, gjk2d misses: Box2D stops up to linearSlop / 2 short of sigma, so the oracle may find no
            // contact at sigma; but if it finds one, gjk2d's miss is wrong.
            cr_assert(exact < 0.0L || lo_signed_distance_moved(&la, &lb, t.x, t.y, exact) >= sigma - tol,
                      "cast %ld: gjk2d missed a contact at %Lg that Box2D found at %.9g", k, exact, box.fraction);
        }
    }
    cr_log_info("b2ShapeCast vs gjk2d: %ld casts: both hit %ld, both miss %ld, gjk2d overlap or touch at the start %ld "
                "(Box2D: false), only gjk2d hits %ld; Box2D contradicted by the oracle %ld, at its iteration cap %ld; "
                "Box2D's contact distance up to %.4g above sigma (its tolerance linearSlop / 2 = 0.0025); normals "
                "differ by up to %.3g",
                n, both_hit, both_miss, box2d_initial, ours_only, box2d_wrong, box2d_capped, max_gap, max_normal);
    cr_assert(both_hit > n / 5 && both_miss > n / 10);
}

Test(box2d, time_of_impact, .timeout = 900) {
    oracle_rng r = oracle_rng_seed(2402);
    const long n = 5000L * SCALE_N;
    const float target = -3.0f * B2C_LINEAR_SLOP, tolerance = 0.25f * B2C_LINEAR_SLOP;
    long same = 0, box2d_tunnel = 0, box2d_failed = 0, differ = 0, box2d_touch_only = 0, other = 0, start_touch = 0,
         graze = 0, box2d_late = 0;
    long count[4] = {0};
    double max_dt = 0.0;
    for (long k = 0; k < n; k++) {
        cast_shape a, b;
        box2d_shape(&r, &a);
        box2d_shape(&r, &b);
        const gjk2d_sweep sa = cast_random_sweep(&r, &a, 0.0, 0.0, B2C_MAX_ROTATION);
        const gjk2d_sweep sb = cast_random_sweep(&r, &b, sa.c1.x, sa.c1.y, B2C_MAX_ROTATION);
        gjk2d_toi_result ours;
        cr_assert_eq(gjk2d_time_of_impact(&a.s, &sa, &b.s, &sb, target, tolerance, &ours), GJK2D_STATUS_OK);
        float tb;
        const int box = b2c_time_of_impact(&a.s, &sa, &b.s, &sb, &tb);
        count[ours.state]++;
        const ld radii = (ld)a.s.radius + b.s.radius;
        const ld aim =
            radii - 3.0L * B2C_LINEAR_SLOP > B2C_LINEAR_SLOP ? radii - 3.0L * B2C_LINEAR_SLOP : B2C_LINEAR_SLOP;
        const double tol = CAST_TOL(12.0 + (double)radii);
        box2d_failed += box == B2C_TOI_FAILED;
        const int agree = (ours.state == GJK2D_TOI_HIT && box == B2C_TOI_TOUCHING) ||
                          (ours.state == GJK2D_TOI_SEPARATED && box == B2C_TOI_SEPARATED) ||
                          (ours.state == GJK2D_TOI_OVERLAPPED && box == B2C_TOI_OVERLAPPED);
        if (agree) {
            same++;
            if (ours.state == GJK2D_TOI_HIT && tb > ours.t + 1e-3f) {
                // Box2D touches later: after the shapes passed through each other, when the oracle says so.
                const ld fall = lo_sweep_first(&a.s, &sa, &b.s, &sb, aim - tolerance - tol, tol / 8.0);
                if (fall >= 0.0L && tb > fall) {
                    box2d_late++;
                    continue;
                }
            }
            if (ours.state == GJK2D_TOI_HIT) max_dt = fmax(max_dt, fabs(ours.t - tb));
            continue;
        }
        differ++;
        // The oracle: does the core distance fall below the band before 1?
        const ld fall = lo_sweep_first(&a.s, &sa, &b.s, &sb, aim - tolerance - tol, tol / 8.0);
        if (box == B2C_TOI_SEPARATED && fall >= 0.0L)
            box2d_tunnel++;
        else if (box == B2C_TOI_TOUCHING && fall >= 0.0L && tb > fall)
            box2d_tunnel++; // a touch reported after the shapes have passed through each other
        else if (box == B2C_TOI_TOUCHING && ours.state == GJK2D_TOI_SEPARATED)
            box2d_touch_only++; // the oracle finds no fall below the band: a touch within it, or none
        else if (ours.state == GJK2D_TOI_OVERLAPPED && box == B2C_TOI_TOUCHING && tb == 0.0f)
            start_touch++; // Box2D says overlapped only where the cores overlap; below the band it says touching
        else if (ours.state == GJK2D_TOI_HIT && box == B2C_TOI_SEPARATED)
            graze++; // the oracle finds no fall below the band: a touch within it
        else if (ours.state == GJK2D_TOI_FAILED)
            ; // counted in count[GJK2D_TOI_FAILED]
        else
            other++;
        cr_assert(!(ours.state == GJK2D_TOI_SEPARATED && fall >= 0.0L),
                  "toi %ld: gjk2d separated, the oracle falls at %Lg", k, fall);
        cr_assert(ours.state != GJK2D_TOI_HIT || fall < 0.0L || fall >= ours.t, "toi %ld: gjk2d hit after the fall", k);
    }
    cr_log_info(
        "b2TimeOfImpact vs gjk2d: %ld sweeps (gjk2d: %ld hit, %ld separated, %ld overlapped, %ld failed): same "
        "state %ld (of which Box2D touching after the oracle's fall: %ld), different %ld: Box2D tunnelled (the "
        "oracle's distance falls below the band, Box2D says "
        "separated or touching later) %ld, Box2D touching where gjk2d and the oracle find no fall below the band "
        "%ld, gjk2d hit within the band where Box2D says separated %ld, gjk2d overlapped (below the band at "
        "t = 0) where Box2D says touching at 0 %ld, other %ld; Box2D failed %ld; both hit (Box2D not late): |t "
        "difference| up to %.3g",
        n, count[GJK2D_TOI_HIT], count[GJK2D_TOI_SEPARATED], count[GJK2D_TOI_OVERLAPPED], count[GJK2D_TOI_FAILED], same,
        box2d_late, differ, box2d_tunnel, box2d_touch_only, graze, start_touch, other, box2d_failed, max_dt);
    cr_assert(same > n * 9 / 10, "states agree on %ld of %ld", same, n);
    cr_assert_eq(other, 0, "differences of no known kind");
}

Test(box2d, ray_cast, .timeout = 600) {
    oracle_rng r = oracle_rng_seed(2403);
    const long n = 50000L * SCALE_N;
    long both_hit = 0, both_miss = 0, inside = 0, box2d_wrong = 0, band = 0;
    double max_frac = 0.0, max_normal = 0.0;
    for (long k = 0; k < n; k++) {
        cast_shape a;
        cast_random_shape(&r, &a, 0);
        if (a.s.count == 2) {
            k--; // Box2D has no capsule ray cast
            continue;
        }
        if (a.s.count >= 3) a.s.radius = 0.0f; // b2PolygonShape::RayCast ignores the radius
        const gjk2d_pose pa = oracle_random_pose(&r, 3.0);
        const gjk2d_ray ray = cast_random_ray(&r, &pa, k % 4 == 0, 1.5);
        gjk2d_cast_result ours;
        b2c_cast box;
        cr_assert_eq(gjk2d_ray_cast(&a.s, &pa, &ray, &ours), GJK2D_STATUS_OK);
        b2c_ray_cast(&a.s, &pa, &ray, &box);
        const lpoly la = cast_place(&a, &pa);
        int in;
        ld nx[2];
        const ld exact =
            lo_ray(&la, ray.origin.x, ray.origin.y, ray.translation.x, ray.translation.y, ray.max_fraction, &in, nx);
        const double L = (double)lo_max_abs(&la) + fabs(ray.origin.x) + fabs(ray.origin.y) +
                         hypot(ray.translation.x, ray.translation.y) * ray.max_fraction + (double)la.r;
        const double tol = CAST_TOL(L);
        if (ours.state == GJK2D_CAST_OVERLAP) {
            inside++;
            cr_assert(!box.hit || box.fraction == 0.0f, "ray %ld: Box2D hits from inside", k);
            continue;
        }
        const ld speed = exact > 0.0L ? -(ray.translation.x * nx[0] + ray.translation.y * nx[1]) : 0.0L;
        if (ours.state == GJK2D_CAST_HIT && box.hit) {
            both_hit++;
            max_frac = fmax(max_frac, fabs(ours.fraction - box.fraction) * (double)speed / tol);
            max_normal = fmax(max_normal, hypot(ours.normal.x - box.normal.x, ours.normal.y - box.normal.y));
            // Box2D against the exact entry, with gjk2d's fraction tolerance.
            if (exact >= 0.0L && speed > 0.0L && fabsl(box.fraction - exact) > 2.0 * tol / (double)speed) box2d_wrong++;
            continue;
        }
        if (ours.state == GJK2D_CAST_MISS && !box.hit) {
            both_miss++;
            continue;
        }
        // Disagreement: within the tolerance of grazing, or one of them is wrong.
        ld tm;
        lpoly point = {.n = 1, .r = 0.0L};
        point.x[0] = ray.origin.x, point.y[0] = ray.origin.y;
        const ld dmin = lo_cast_min(&la, &point, ray.translation.x, ray.translation.y, ray.max_fraction, &tm);
        if (fabsl(dmin - la.r) <= tol) {
            band++;
            continue;
        }
        cr_assert((ours.state == GJK2D_CAST_HIT) == (dmin < la.r),
                  "ray %ld: gjk2d %s, oracle least distance %Lg, r %Lg", k, gjk2d_cast_state_name(ours.state), dmin,
                  la.r);
        box2d_wrong++;
    }
    cr_log_info(
        "Box2D ray casts vs gjk2d: %ld rays: both hit %ld, both miss %ld, origin inside %ld (Box2D: no hit), "
        "grazing within the tolerance %ld, Box2D contradicted by the oracle %ld; fractions differ by up to %.3g "
        "of the tolerance 2 CAST_TOL / |d.n|, normals by up to %.3g",
        n, both_hit, both_miss, inside, band, box2d_wrong, max_frac, max_normal);
    cr_assert(both_hit > n / 5 && both_miss > n / 5);
}

/// The spinning rod of test_casts.c's worked examples: a rod of length 4 turning half a turn about its centre
/// sweeps through a square it does not reach at either end. Box2D's answer is logged, gjk2d's checked.
Test(box2d, spinning_rod) {
    static const gjk2d_vec2 sq_v[4] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};
    const gjk2d_vec2 rod_v[2] = {{-2.0f, 0.0f}, {2.0f, 0.0f}};
    const gjk2d_shape rod = {rod_v, 2, B2C_POLYGON_RADIUS}, sq = {sq_v, 4, B2C_POLYGON_RADIUS};
    const gjk2d_sweep spin = {{0, 0}, {0.0f, 1.5f}, {0.0f, 1.5f}, 0.0f, 3.14159265f};
    const gjk2d_sweep box = {{0, 0}, {1.2f, 3.2f}, {1.2f, 3.2f}, 0.0f, 0.0f};
    float tb;
    const int state = b2c_time_of_impact(&rod, &spin, &sq, &box, &tb);
    gjk2d_toi_result t;
    cr_assert_eq(gjk2d_time_of_impact(&rod, &spin, &sq, &box, -3.0f * B2C_LINEAR_SLOP, 0.25f * B2C_LINEAR_SLOP, &t),
                 GJK2D_STATUS_OK);
    cr_assert(t.state == GJK2D_TOI_HIT);
    cr_log_info("spinning rod: gjk2d %s at t = %.6f; Box2D state %d (1 failed, 2 overlapped, 3 touching, 4 separated) "
                "at t = %.6f",
                gjk2d_toi_state_name(t.state), t.t, state, tb);
}
