// SPDX-License-Identifier: MIT
// Shape cast, ray cast, point query and time of impact against the long double oracle (cast_oracle.c):
// no missed hit where the oracle finds one, contact distances and fractions within the tolerances below
// (their reasons: docs/casts.md), the batch calls bit for bit equal to the single-pair calls, and every
// bad argument's error code or status.
#include <criterion/criterion.h>
#include <float.h>
#include <math.h>
#include <string.h>

#include "cast_oracle.h"
#include "check.h"

#ifdef GJK2D_FULL_TESTS
#define SCALE_N 10
#else
#define SCALE_N 1
#endif

static double maxd(double a, double b) { return a > b ? a : b; }

// ---------------------------------------------------------------------------------------------
// Shape cast
// ---------------------------------------------------------------------------------------------

typedef struct cast_stats {
    long casts, hits, misses, overlaps, oracle_hits, maxiter, grazing;
    double max_dist_err;    ///< |core distance at the fraction - R| / L at hits after the start
    double max_frac_err;    ///< |fraction - exact first contact| at hits after the start
    double max_frac_ratio;  ///< that error over its tolerance (2 CAST_TOL / approach speed)
    double max_normal_loss; ///< R - gap along the normal, over L
    double max_point_err;   ///< the contact point's distance from A's surface, or beyond B's, over L
} cast_stats;

/// One cast of a point or shape b along (dx, dy) against a, judged by the oracle. `frac` is the library's
/// fraction for a ray (max fraction hi, |d| the ray length): casts use hi = 1.
static void judge_cast(const lpoly *a, const lpoly *b, double dx, double dy, double hi, const gjk2d_cast_result *got,
                       cast_stats *st, const char *what, long item) {
    const ld R = a->r + b->r;
    const double L = (double)(lo_max_abs(a) + lo_max_abs(b)) + hypot(dx, dy) * hi + (double)R;
    const double tol = CAST_TOL(L);
    st->casts++;
    cr_assert(got->status == GJK2D_STATUS_OK, "%s %ld: status %s", what, item, gjk2d_status_name(got->status));
    ld argmin;
    const ld d0 = lo_signed_distance_moved(a, b, dx, dy, 0.0L);
    if (got->state == GJK2D_CAST_OVERLAP) {
        st->overlaps++;
        cr_assert(d0 <= R + tol, "%s %ld: overlap reported at distance %Lg, R %Lg", what, item, d0, R);
        cr_assert(got->fraction == 0.0f);
        return;
    }
    cr_assert(d0 >= R - tol, "%s %ld: overlapping at the start (distance %Lg, R %Lg) reported %s", what, item, d0, R,
              gjk2d_cast_state_name(got->state));
    const ld exact = lo_cast_exact(a, b, dx, dy, hi, R);
    if (item % 64 == 0) {
        // The oracle against itself: the exact first contact against bisection on the distance.
        const ld bisected = lo_cast_first(a, b, dx, dy, hi, R);
        cr_assert((exact < 0.0L) == (bisected < 0.0L) ||
                      fabsl(lo_cast_min(a, b, dx, dy, hi, &argmin) - R) <= 1e-12L * L,
                  "%s %ld: oracle: exact first contact %Lg, bisection %Lg", what, item, exact, bisected);
        cr_assert(exact < 0.0L || bisected < 0.0L || fabsl(exact - bisected) <= 1e-9L,
                  "%s %ld: oracle: exact first contact %Lg, bisection %Lg", what, item, exact, bisected);
    }
    if (got->state == GJK2D_CAST_MISS) {
        st->misses++;
        cr_assert(got->fraction == (float)hi);
        if (exact >= 0.0L) {
            // The oracle touches: a miss only within the tolerance.
            st->grazing++;
            const ld dmin = lo_cast_min(a, b, dx, dy, hi, &argmin);
            cr_assert(dmin >= R - tol, "%s %ld: missed hit: the oracle's least distance is %Lg, R %Lg (at %Lg)", what,
                      item, dmin, R, argmin);
        }
        return;
    }
    cr_assert(got->state == GJK2D_CAST_HIT, "%s %ld: state %d", what, item, (int)got->state);
    st->hits++;
    const ld lam = got->fraction;
    cr_assert(lam >= 0.0L && lam <= hi);
    const ld d = lo_signed_distance_moved(a, b, dx, dy, lam);
    cr_assert(d <= R + tol && d >= R - tol, "%s %ld: distance %Lg at the hit fraction %Lg, R %Lg (tolerance %g)", what,
              item, d, lam, R, tol);
    if (lam == 0.0L) return;
    st->max_dist_err = maxd(st->max_dist_err, (double)fabsl(d - R) / L);
    if (exact < 0.0L) {
        st->grazing++; // a hit within the tolerance where the exact cast just misses
    } else {
        // The fraction against the exact first contact: within the distance tolerance over the speed at
        // which the distance falls there (twice: the speed is measured over a short step before it).
        st->oracle_hits++;
        const ld hs = 1e-6L;
        const ld t0 = exact > hs ? exact - hs : 0.0L;
        const ld speed = t0 < exact ? (lo_signed_distance_moved(a, b, dx, dy, t0) - R) / (exact - t0) : 0.0L;
        const double err = (double)fabsl(lam - exact);
        st->max_frac_err = maxd(st->max_frac_err, err);
        if (speed > 0.0L) {
            const double allowed = 2.0 * tol / (double)speed;
            cr_assert(err <= allowed, "%s %ld: fraction %.9Lg, exact first contact %.12Lg (allowed %g)", what, item,
                      lam, exact, allowed);
            st->max_frac_ratio = maxd(st->max_frac_ratio, err / allowed);
        }
    }
    // The normal: a unit vector along which B's core lies at least R beyond A's at the hit, within the
    // tolerance plus what a normal taken from a vector of length about R loses to its round-off.
    const double nl = hypot(got->normal.x, got->normal.y);
    cr_assert(fabs(nl - 1.0) <= TOL_UNIT, "%s %ld: |normal| = %.9g", what, item, nl);
    lpoly m;
    m.n = b->n, m.r = b->r;
    for (int i = 0; i < m.n; i++) m.x[i] = b->x[i] + lam * dx, m.y[i] = b->y[i] + lam * dy;
    const ld gap = lo_gap_along(a, &m, got->normal.x, got->normal.y);
    const double tilt = R > 0.0L ? 2.0 * L * fmin(1.0, 4.0 * FLT_EPSILON * L / (double)R) : 0.0;
    cr_assert(gap >= R - tol - tilt, "%s %ld: gap %Lg along the normal (%g, %g), R %Lg", what, item, gap, got->normal.x,
              got->normal.y, R);
    st->max_normal_loss = maxd(st->max_normal_loss, (double)(R - gap) / L);
    // The contact point: on A's rounded surface, and within B's at the fraction (on it when B has no
    // radius to share the contact with), to the tolerance of a world point.
    const double W = L + fabs(got->point.x) + fabs(got->point.y);
    const double tp = TOL_POINT(L, W) + tol;
    ld c[2];
    const ld da = lo_point_core(a, got->point.x, got->point.y, c),
             db = lo_point_core(&m, got->point.x, got->point.y, c);
    cr_assert(fabsl(da - a->r) <= tp && db <= b->r + tp,
              "%s %ld: contact point (%.9g, %.9g) at %Lg from A's core "
              "(r %Lg), %Lg from B's (r %Lg)",
              what, item, got->point.x, got->point.y, da, a->r, db, b->r);
    st->max_point_err = maxd(st->max_point_err, (double)maxd(fabsl(da - a->r), db - b->r) / L);
}

static void log_stats(const char *what, const cast_stats *s) {
    cr_log_info(
        "%s: %ld casts: %ld hits (%ld with an exact first contact), %ld within the tolerance of grazing, %ld misses, "
        "%ld overlaps; "
        "max |distance - R| at a hit %.3g L, max fraction error %.3g (%.3g of its tolerance 2 CAST_TOL / speed), "
        "max normal gap loss %.3g L, max contact point error %.3g L",
        what, s->casts, s->hits, s->oracle_hits, s->grazing, s->misses, s->overlaps, s->max_dist_err, s->max_frac_err,
        s->max_frac_ratio, s->max_normal_loss, s->max_point_err);
}

Test(casts, shape_cast_oracle, .timeout = 1800) {
    oracle_rng r = oracle_rng_seed(1701);
    cast_stats st = {0};
    const long n = 100000L * SCALE_N;
    for (long k = 0; k < n; k++) {
        cast_shape a, b;
        cast_random_shape(&r, &a, 1);
        cast_random_shape(&r, &b, 1);
        const gjk2d_pose pa = oracle_random_pose(&r, 3.0), pb = oracle_random_pose(&r, 3.0);
        // Toward A (so that most casts hit), scaled and deflected.
        gjk2d_vec2 t = cast_random_toward(&r, pb.px, pb.py, pa.px, pa.py, 2.0, 1.0);
        if (k % 16 == 0) t.x = t.y = 0.0f; // a distance test
        gjk2d_cast_result got;
        gjk2d_shape_cast(&a.s, &pa, &b.s, &pb, t, &got);
        const lpoly la = cast_place(&a, &pa), lb = cast_place(&b, &pb);
        judge_cast(&la, &lb, t.x, t.y, 1.0, &got, &st, "cast", k);
    }
    log_stats("shape cast", &st);
    cr_assert(st.hits > n / 4 && st.misses > n / 20 && st.overlaps > n / 100, "every outcome reached");
}

Test(casts, ray_oracle, .timeout = 1800) {
    oracle_rng r = oracle_rng_seed(1702);
    cast_stats st = {0};
    const long n = 100000L * SCALE_N;
    long inside = 0;
    double max_exact_err = 0.0;
    for (long k = 0; k < n; k++) {
        cast_shape a;
        cast_random_shape(&r, &a, 0);
        const gjk2d_pose pa = oracle_random_pose(&r, 3.0);
        const gjk2d_ray ray = cast_random_ray(&r, &pa, k % 4 == 0, 3.0);
        gjk2d_cast_result got;
        gjk2d_ray_cast(&a.s, &pa, &ray, &got);
        const lpoly la = cast_place(&a, &pa);
        lpoly lb = {.n = 1, .r = 0.0L};
        lb.x[0] = ray.origin.x, lb.y[0] = ray.origin.y;
        judge_cast(&la, &lb, ray.translation.x, ray.translation.y, ray.max_fraction, &got, &st, "ray", k);
        // The exact intersection: the same verdict outside the tolerance band, and the fraction within its
        // tolerance (distance tolerance over the approach speed |d.n|).
        int in;
        ld n_exact[2];
        const ld exact = lo_ray(&la, ray.origin.x, ray.origin.y, ray.translation.x, ray.translation.y, ray.max_fraction,
                                &in, n_exact);
        inside += in;
        if (in || exact < 0.0L || got.state != GJK2D_CAST_HIT || got.fraction == 0.0f) continue;
        const double L = (double)lo_max_abs(&la) + fabs(ray.origin.x) + fabs(ray.origin.y) +
                         hypot(ray.translation.x, ray.translation.y) * ray.max_fraction + (double)la.r;
        const ld speed = -(ray.translation.x * n_exact[0] + ray.translation.y * n_exact[1]);
        const double err = (double)fabsl(got.fraction - exact);
        if (speed > 0.0L) {
            cr_assert(err <= 2.0 * CAST_TOL(L) / (double)speed, "ray %ld: fraction %.9g, exact %.12Lg", k, got.fraction,
                      exact);
            max_exact_err = maxd(max_exact_err, err * (double)speed / CAST_TOL(L));
        }
    }
    log_stats("ray cast", &st);
    cr_log_info("ray cast: %ld origins inside; fraction error against the exact intersection at most %.3g of "
                "CAST_TOL / |d.n|",
                inside, max_exact_err);
    cr_assert(st.hits > n / 4 && st.misses > n / 20 && st.overlaps > n / 1000, "every outcome reached");
}

// ---------------------------------------------------------------------------------------------
// Point query
// ---------------------------------------------------------------------------------------------

Test(casts, point_oracle, .timeout = 600) {
    oracle_rng r = oracle_rng_seed(1703);
    const long n = 100000L * SCALE_N;
    long inside = 0, band = 0;
    double max_err = 0.0;
    for (long k = 0; k < n; k++) {
        cast_shape a;
        cast_random_shape(&r, &a, 0);
        const gjk2d_pose pa = oracle_random_pose(&r, 3.0);
        const gjk2d_vec2 q = {(float)(pa.px + oracle_uniform(&r, -2.0, 2.0)),
                              (float)(pa.py + oracle_uniform(&r, -2.0, 2.0))};
        gjk2d_point_result got;
        cr_assert(gjk2d_point_query(&a.s, &pa, q, &got) == GJK2D_STATUS_OK);
        const lpoly la = cast_place(&a, &pa);
        ld c[2];
        const ld core = lo_point_core(&la, q.x, q.y, c), exact = core > la.r ? core - la.r : 0.0L;
        const double L = (double)lo_max_abs(&la) + fabs(q.x) + fabs(q.y) + (double)la.r;
        const double tol = CAST_TOL(L);
        if (fabsl(core - la.r) <= tol) {
            band++; // on the boundary within the tolerance: either verdict
        } else {
            cr_assert(got.inside == (core < la.r), "point %ld: inside %d, oracle distance to the core %Lg, r %Lg", k,
                      got.inside, core, la.r);
        }
        inside += got.inside;
        cr_assert(fabsl(got.distance - exact) <= tol, "point %ld: distance %.9g, exact %.12Lg", k, got.distance, exact);
        max_err = maxd(max_err, (double)fabsl(got.distance - exact) / L);
        if (got.inside) {
            cr_assert(got.closest.x == q.x && got.closest.y == q.y, "point %ld: the closest point of an inside point",
                      k);
            continue;
        }
        // The closest point: on the rounded boundary, at the exact closest point (unique outside a convex set).
        const ld ex = c[0] + la.r * (q.x - c[0]) / core, ey = c[1] + la.r * (q.y - c[1]) / core;
        const ld e = hypotl(got.closest.x - ex, got.closest.y - ey);
        cr_assert(e <= TOL_POINT(L, L), "point %ld: closest (%.9g, %.9g), exact (%.12Lg, %.12Lg)", k, got.closest.x,
                  got.closest.y, ex, ey);
        const ld nx = (q.x - c[0]) / core, ny = (q.y - c[1]) / core;
        cr_assert(hypotl(got.normal.x - nx, got.normal.y - ny) <= 4.0 * TOL_POINT(L, L) / (double)core + TOL_UNIT,
                  "point %ld: normal (%.9g, %.9g), exact (%.12Lg, %.12Lg)", k, got.normal.x, got.normal.y, nx, ny);
    }
    cr_log_info("point query: %ld points, %ld inside, %ld within the boundary band; max distance error %.3g L", n,
                inside, band, max_err);
    cr_assert(inside > n / 50 && inside < n - n / 10);
}

// ---------------------------------------------------------------------------------------------
// Time of impact
// ---------------------------------------------------------------------------------------------

/// Random sweeps of about unit shapes in an 8 x 8 box, B aimed at A's end position, rotations up to 2 radians
/// a step (four times Box2D's b2_maxRotation): `n` of them from `seed`.
static void toi_oracle(uint64_t seed, long n) {
    oracle_rng r = oracle_rng_seed(seed);
    long count[4] = {0}, undecided = 0, oracle_hits = 0;
    double max_band = 0.0;
    long iterations = 0;
    int max_iterations = 0;
    for (long k = 0; k < n; k++) {
        cast_shape a, b;
        cast_random_shape(&r, &a, 1);
        cast_random_shape(&r, &b, 1);
        const gjk2d_sweep sa = cast_random_sweep(&r, &a, 0.0, 0.0, 2.0);
        const gjk2d_sweep sb = cast_random_sweep(&r, &b, sa.c1.x, sa.c1.y, 2.0);
        const float tolerance = k % 2 ? 1e-3f : 1.25e-3f;
        const float target = k % 3 == 0 ? 0.0f : (k % 3 == 1 ? 0.02f : -0.5f * (a.s.radius + b.s.radius));
        gjk2d_toi_result got;
        cr_assert(gjk2d_time_of_impact(&a.s, &sa, &b.s, &sb, target, tolerance, &got) == GJK2D_STATUS_OK);
        count[got.state]++;
        iterations += got.iterations;
        max_iterations = got.iterations > max_iterations ? got.iterations : max_iterations;
        const ld radii = (ld)a.s.radius + b.s.radius;
        const ld aim = (ld)target + radii > 4.0L * tolerance ? (ld)target + radii : 4.0L * tolerance;
        // The pair's scale: the sweeps stay within about 8 of the origin with unit shapes.
        const double L = 12.0 + (double)radii;
        const double tol = CAST_TOL(L);
        // Never tunnelling: where the oracle's core distance falls below the band, the query must not say
        // separated, and a reported time must come no later than that fall.
        const ld fall = lo_sweep_first(&a.s, &sa, &b.s, &sb, aim - tolerance - tol, tol / 8.0);
        if (fall == -2.0L) {
            undecided++;
            continue;
        }
        if (fall >= 0.0L) oracle_hits++;
        const ld d = lo_sweep_distance(&a.s, &sa, &b.s, &sb, got.t);
        switch (got.state) {
        case GJK2D_TOI_SEPARATED:
            cr_assert(fall < 0.0L, "toi %ld: separated, but the oracle falls below the band at %Lg", k, fall);
            break;
        case GJK2D_TOI_HIT:
            cr_assert(d >= aim - tolerance - tol && d <= aim + tolerance + tol,
                      "toi %ld: hit at %.9g with core distance %Lg, aim %Lg +- %g", k, got.t, d, aim, tolerance);
            cr_assert(fall < 0.0L || fall >= got.t, "toi %ld: hit at %.9g after the oracle's fall at %Lg", k, got.t,
                      fall);
            max_band = maxd(max_band, (double)(fabsl(d - aim) / tolerance));
            break;
        case GJK2D_TOI_OVERLAPPED:
            cr_assert(got.t == 0.0f && d < aim - tolerance + tol, "toi %ld: overlapped at distance %Lg", k, d);
            break;
        case GJK2D_TOI_FAILED:
            cr_assert(fall < 0.0L || fall >= got.t, "toi %ld: failed at %.9g after the oracle's fall at %Lg", k, got.t,
                      fall);
            break;
        }
    }
    cr_log_info("time of impact: %ld sweeps: %ld hit, %ld separated, %ld overlapped, %ld failed; %ld with an oracle "
                "fall below the band, %ld undecided by the oracle; distance at a hit within %.3g of the tolerance "
                "of the aim; iterations mean %.2f, max %d",
                n, count[GJK2D_TOI_HIT], count[GJK2D_TOI_SEPARATED], count[GJK2D_TOI_OVERLAPPED],
                count[GJK2D_TOI_FAILED], oracle_hits, undecided, max_band, (double)iterations / (double)n,
                max_iterations);
    cr_assert(count[GJK2D_TOI_HIT] > n / 10 && count[GJK2D_TOI_SEPARATED] > n / 10);
    cr_assert(count[GJK2D_TOI_FAILED] <= n / 1000, "failed %ld of %ld", count[GJK2D_TOI_FAILED], n);
    cr_assert(undecided <= n / 1000, "the oracle left %ld of %ld undecided", undecided, n);
}

// Two halves, so that Criterion's two jobs share them.
Test(casts, toi_oracle_1, .timeout = 1800) { toi_oracle(1704, 50000L * SCALE_N); }
Test(casts, toi_oracle_2, .timeout = 1800) { toi_oracle(1705, 50000L * SCALE_N); }

// ---------------------------------------------------------------------------------------------
// Worked examples with answers by hand
// ---------------------------------------------------------------------------------------------

static const gjk2d_vec2 unit_square[4] = {{-0.5f, -0.5f}, {0.5f, -0.5f}, {0.5f, 0.5f}, {-0.5f, 0.5f}};

Test(casts, worked_examples) {
    const gjk2d_shape sq = {unit_square, 4, 0.0f};
    const gjk2d_vec2 origin = {0.0f, 0.0f};
    const gjk2d_shape circle = {&origin, 1, 0.5f}, dot_r = {&origin, 1, 0.25f}, sq_r = {unit_square, 4, 0.25f};
    for (int far = 0; far < 2; far++) {
        // The same casts at the origin and 1e4 away: only their scale sets the tolerance.
        const float ox = far ? 1e4f : 0.0f, oy = far ? -1e4f : 0.0f;
        const double tol = CAST_TOL(far ? 2e4 + 8.0 : 8.0);
        const gjk2d_pose pa = {ox, oy, 1.0f, 0.0f}, pb = {ox + 3.0f, oy, 1.0f, 0.0f},
                         pc = {ox + 3.0f, oy + 0.2f, 1.0f, 0.0f};
        gjk2d_cast_result r;
        // Squares 3 apart, B moved by (-4, 0): its left edge reaches A's right edge at 0.5.
        cr_assert_eq(gjk2d_shape_cast(&sq, &pa, &sq, &pb, (gjk2d_vec2){-4.0f, 0.0f}, &r), GJK2D_STATUS_OK);
        cr_assert(r.state == GJK2D_CAST_HIT && fabs(r.fraction - 0.5) <= tol / 4.0, "fraction %.9g", r.fraction);
        cr_assert(r.normal.x == 1.0f && r.normal.y == 0.0f, "normal (%g, %g)", r.normal.x, r.normal.y);
        cr_assert(fabs(r.point.x - (ox + 0.5)) <= tol && fabs(r.point.y - oy) <= 0.5 + tol);
        // Circles of radius 0.5 at the same places: centres 1 apart at 0.5, the point at A's surface.
        cr_assert_eq(gjk2d_shape_cast(&circle, &pa, &circle, &pb, (gjk2d_vec2){-4.0f, 0.0f}, &r), GJK2D_STATUS_OK);
        cr_assert(r.state == GJK2D_CAST_HIT && fabs(r.fraction - 0.5) <= tol / 4.0, "fraction %.9g", r.fraction);
        cr_assert(fabs(r.normal.x - 1.0) <= TOL_UNIT && fabs(r.normal.y) <= TOL_UNIT);
        cr_assert(fabs(r.point.x - (ox + 0.5)) <= tol && fabs(r.point.y - oy) <= tol);
        // A rounded square and a rounded point off the axis: 3 - 4 lambda - 0.5 = 0.5 at 0.5.
        cr_assert_eq(gjk2d_shape_cast(&sq_r, &pa, &dot_r, &pc, (gjk2d_vec2){-4.0f, 0.0f}, &r), GJK2D_STATUS_OK);
        cr_assert(r.state == GJK2D_CAST_HIT && fabs(r.fraction - 0.5) <= tol / 4.0, "fraction %.9g", r.fraction);
        cr_assert(fabs(r.normal.x - 1.0) <= TOL_UNIT && fabs(r.normal.y) <= TOL_UNIT);
        cr_assert(fabs(r.point.x - (ox + 0.75)) <= tol && fabs(r.point.y - (oy + 0.2)) <= tol);
        // Moving sideways: a miss, the whole translation free.
        cr_assert_eq(gjk2d_shape_cast(&sq, &pa, &sq, &pb, (gjk2d_vec2){0.0f, 4.0f}, &r), GJK2D_STATUS_OK);
        cr_assert(r.state == GJK2D_CAST_MISS && r.fraction == 1.0f);
        // Overlapping at the start; touching at the start.
        const gjk2d_pose half = {ox + 0.5f, oy, 1.0f, 0.0f}, touch = {ox + 1.0f, oy, 1.0f, 0.0f};
        cr_assert_eq(gjk2d_shape_cast(&sq, &pa, &sq, &half, (gjk2d_vec2){-1.0f, 0.0f}, &r), GJK2D_STATUS_OK);
        cr_assert(r.state == GJK2D_CAST_OVERLAP && r.fraction == 0.0f);
        cr_assert_eq(gjk2d_shape_cast(&circle, &pa, &circle, &touch, (gjk2d_vec2){-1.0f, 0.0f}, &r), GJK2D_STATUS_OK);
        cr_assert(r.state == GJK2D_CAST_HIT && r.fraction == 0.0f, "state %s", gjk2d_cast_state_name(r.state));
        // A ray along the axis into the square: enters at x = -0.5, fraction 2.5 / 6.
        const gjk2d_ray ray = {{ox - 3.0f, oy}, {6.0f, 0.0f}, 1.0f};
        cr_assert_eq(gjk2d_ray_cast(&sq, &pa, &ray, &r), GJK2D_STATUS_OK);
        cr_assert(r.state == GJK2D_CAST_HIT && fabs(r.fraction - 2.5 / 6.0) <= tol / 6.0, "fraction %.9g", r.fraction);
        cr_assert(r.normal.x == -1.0f && r.normal.y == 0.0f && fabs(r.point.x - (ox - 0.5)) <= tol);
        // Into a circle of radius 1 at height 0.6: enters at (-0.8, 0.6), fraction 2.2 / 6, normal (-0.8, 0.6).
        const gjk2d_shape unit_circle = {&origin, 1, 1.0f};
        const gjk2d_ray high = {{ox - 3.0f, oy + 0.6f}, {6.0f, 0.0f}, 1.0f};
        cr_assert_eq(gjk2d_ray_cast(&unit_circle, &pa, &high, &r), GJK2D_STATUS_OK);
        // (1e4 away the float origin's height is 0.6 only to its spacing there: the answer for the height it has.)
        const double h = (double)high.origin.y - oy, hx = -sqrt(1.0 - h * h);
        cr_assert(r.state == GJK2D_CAST_HIT && fabs(r.fraction - (3.0 + hx) / 6.0) <= 4.0 * tol, "fraction %.9g",
                  r.fraction);
        cr_assert(fabs(r.normal.x - hx) <= 1e-5 && fabs(r.normal.y - h) <= 1e-5, "normal (%.9g, %.9g)", r.normal.x,
                  r.normal.y);
        // Stopping short of the shape: a miss at max_fraction.
        const gjk2d_ray short_ray = {{ox - 3.0f, oy}, {6.0f, 0.0f}, 0.25f};
        cr_assert_eq(gjk2d_ray_cast(&sq, &pa, &short_ray, &r), GJK2D_STATUS_OK);
        cr_assert(r.state == GJK2D_CAST_MISS && r.fraction == 0.25f);
        // Points: inside, outside at a corner.
        gjk2d_point_result p;
        cr_assert_eq(gjk2d_point_query(&sq_r, &pa, (gjk2d_vec2){ox + 0.6f, oy}, &p), GJK2D_STATUS_OK);
        cr_assert(p.inside && p.distance == 0.0f);
        cr_assert_eq(gjk2d_point_query(&sq_r, &pa, (gjk2d_vec2){ox + 1.5f, oy + 1.5f}, &p), GJK2D_STATUS_OK);
        cr_assert(!p.inside && fabs(p.distance - (sqrt(2.0) - 0.25)) <= tol, "distance %.9g", p.distance);
        cr_assert(fabs(p.normal.x - sqrt(0.5)) <= 1e-6 && fabs(p.normal.y - sqrt(0.5)) <= 1e-6);
        // Time of impact of two squares without rotation: B from 3 to -1; the cores reach the aimed distance
        // max(target + radii, 4 tolerance) = 0.004 at t = (2 - 0.004) / 4 = 0.499, within tolerance / 4.
        const gjk2d_sweep sa = {{0, 0}, {ox, oy}, {ox, oy}, 0.0f, 0.0f};
        const gjk2d_sweep sb = {{0, 0}, {ox + 3.0f, oy}, {ox - 1.0f, oy}, 0.0f, 0.0f};
        gjk2d_toi_result t;
        cr_assert_eq(gjk2d_time_of_impact(&sq, &sa, &sq, &sb, 0.0f, 1e-3f, &t), GJK2D_STATUS_OK);
        cr_assert(t.state == GJK2D_TOI_HIT && fabs(t.t - 0.499) <= 2.5e-4 + tol, "state %s t %.9g",
                  gjk2d_toi_state_name(t.state), t.t);
        cr_assert(fabs(t.separation - 0.004) <= 1e-3 + tol);
        // Passing by: separated; starting inside: overlapped.
        const gjk2d_sweep by = {{0, 0}, {ox + 3.0f, oy + 2.0f}, {ox - 3.0f, oy + 2.0f}, 0.0f, 0.0f};
        cr_assert_eq(gjk2d_time_of_impact(&sq, &sa, &sq, &by, 0.0f, 1e-3f, &t), GJK2D_STATUS_OK);
        cr_assert(t.state == GJK2D_TOI_SEPARATED && t.t == 1.0f);
        const gjk2d_sweep in = {{0, 0}, {ox + 0.5f, oy}, {ox - 1.0f, oy}, 0.0f, 0.0f};
        cr_assert_eq(gjk2d_time_of_impact(&sq, &sa, &sq, &in, 0.0f, 1e-3f, &t), GJK2D_STATUS_OK);
        cr_assert(t.state == GJK2D_TOI_OVERLAPPED && t.t == 0.0f);
        // A thin rod spinning a half turn about its centre next to a square it never reaches at either end:
        // it sweeps through the square in between (the tunnelling case the advancement bound is for).
        const gjk2d_vec2 rod_v[2] = {{-2.0f, 0.0f}, {2.0f, 0.0f}};
        const gjk2d_shape rod = {rod_v, 2, 0.01f};
        const gjk2d_sweep spin = {{0, 0}, {ox, oy + 1.5f}, {ox, oy + 1.5f}, 0.0f, 3.14159265f};
        const gjk2d_sweep box = {{0, 0}, {ox + 1.2f, oy + 3.2f}, {ox + 1.2f, oy + 3.2f}, 0.0f, 0.0f};
        cr_assert_eq(gjk2d_time_of_impact(&rod, &spin, &sq, &box, 0.0f, 1e-3f, &t), GJK2D_STATUS_OK);
        cr_assert(t.state == GJK2D_TOI_HIT && t.t > 0.0f && t.t < 0.5f, "state %s t %.9g",
                  gjk2d_toi_state_name(t.state), t.t);
    }
}
