// SPDX-License-Identifier: MIT
// Frame coherence: GJK warm-started from a per-pair simplex cache, and the distance cutoff. Warm
// results are checked against the brute-force oracle with check.h's tolerances, never against the cold
// result (a warm start may end on another simplex); what must not change is checked bit for bit: a
// cache that does not fit is a cold start, a pair the cutoff does not stop is the uncut answer, and the
// batch call is the single-pair call.
#include <criterion/criterion.h>
#include <criterion/logging.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "coherent.h"

#ifdef GJK2D_FULL_TESTS
#define SCALE 10
#else
#define SCALE 1
#endif

enum { FRAMES = 60 };

/// A body of a coherent sequence: a shape with a pose that drifts a little every frame.
typedef struct body {
    test_shape t;
    double x, y, angle;  ///< the pose, exact
    double vx, vy, spin; ///< per frame
} body;

static void body_make(oracle_rng *r, int count, double max_radius, body *b) {
    random_shape(r, count, oracle_uniform(r, 1.0, 4.0), max_radius, 5.0, &b->t);
    b->x = oracle_uniform(r, -5.0, 5.0);
    b->y = oracle_uniform(r, -5.0, 5.0);
    b->angle = oracle_uniform(r, -3.14159, 3.14159);
    // Up to 0.05 units and radians per frame: the range of the coherent workload.
    b->vx = oracle_uniform(r, -0.05, 0.05);
    b->vy = oracle_uniform(r, -0.05, 0.05);
    b->spin = oracle_uniform(r, -0.05, 0.05);
    b->t.pose = gjk2d_pose_from_angle((float)b->x, (float)b->y, b->angle);
}

/// Put b within `spread` of a, so that overlapping pairs are common.
static void body_near(body *b, const body *a, oracle_rng *r, double spread) {
    b->x = a->x + oracle_uniform(r, -spread, spread);
    b->y = a->y + oracle_uniform(r, -spread, spread);
    b->t.pose = gjk2d_pose_from_angle((float)b->x, (float)b->y, b->angle);
}

static void body_step(body *b) {
    b->x += b->vx;
    b->y += b->vy;
    b->angle += b->spin;
    b->t.pose = gjk2d_pose_from_angle((float)b->x, (float)b->y, b->angle);
}

/// A distance result against the oracle: the distances within TOL_REL * L (check.h).
static void expect_distance_ok(const body *a, const body *b, const gjk2d_distance_result *r) {
    oracle_poly wa, wb;
    oracle_world(&a->t.s, &a->t.pose, &wa);
    oracle_world(&b->t.s, &b->t.pose, &wb);
    const double L = oracle_scale(&a->t.s, &a->t.pose, &b->t.s, &b->t.pose);
    const double core = oracle_core_distance(&wa, &wb);
    const char *repr = pair_repr(&a->t.s, &a->t.pose, &b->t.s, &b->t.pose);
    cr_assert(r->status == GJK2D_STATUS_OK, "status %d for %s", r->status, repr);
    check_signed_distance(r, a->t.s.radius, b->t.s.radius, core, TOL_REL * L, repr);
}

static int same_distance_result(const gjk2d_distance_result *x, const gjk2d_distance_result *y) {
    return memcmp(&x->distance, &y->distance, sizeof x->distance) == 0 &&
           memcmp(&x->signed_distance, &y->signed_distance, sizeof x->signed_distance) == 0 &&
           memcmp(&x->core_distance, &y->core_distance, sizeof x->core_distance) == 0 &&
           memcmp(&x->point_a, &y->point_a, sizeof x->point_a) == 0 &&
           memcmp(&x->point_b, &y->point_b, sizeof x->point_b) == 0 &&
           memcmp(&x->normal, &y->normal, sizeof x->normal) == 0 && x->feature_a == y->feature_a &&
           x->feature_b == y->feature_b && x->iterations == y->iterations && x->status == y->status && x->end == y->end;
}

TestSuite(coherence, .timeout = 240);

Test(coherence, a_cache_from_the_same_poses_ends_within_one_support_search) {
    oracle_rng r = oracle_rng_seed(151);
    long cold_iterations = 0, warm_iterations = 0, pairs = 20000L * SCALE;
    for (long k = 0; k < pairs; ++k) {
        body a, b;
        body_make(&r, oracle_int(&r, 1, 8), k % 4 == 0 ? 1.0 : 0.0, &a);
        body_make(&r, oracle_int(&r, 1, 8), k % 4 == 1 ? 1.0 : 0.0, &b);
        gjk2d_cache cache = {0};
        gjk2d_distance_result cold, warm;
        gjk2d_distance_cached(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &cache, INFINITY, &cold);
        if (cold.status != GJK2D_STATUS_OK) continue;
        gjk2d_distance_cached(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &cache, INFINITY, &warm);
        // The cached simplex is the final one: re-solving it gives the same direction, whose support
        // point is already in it (case 1), or it holds the origin (no search at all).
        cr_assert(warm.iterations <= 1, "warm start from its own final simplex took %d support searches: %s",
                  warm.iterations, pair_repr(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose));
        expect_distance_ok(&a, &b, &warm);
        cold_iterations += cold.iterations;
        warm_iterations += warm.iterations;
    }
    cr_log_info("same poses: mean support searches cold %.3f, warm %.3f", (double)cold_iterations / pairs,
                (double)warm_iterations / pairs);
}

/// `pairs` pairs moving for FRAMES frames: warm distances against the oracle every frame; the mean
/// support searches warm and cold.
static void moving_pairs(uint64_t seed, long pairs, int lo, int hi, double max_radius, double *cold_mean,
                         double *warm_mean) {
    oracle_rng r = oracle_rng_seed(seed);
    long cold_iterations = 0, warm_iterations = 0, queries = 0;
    for (long k = 0; k < pairs; ++k) {
        body a, b;
        body_make(&r, oracle_int(&r, lo, hi), max_radius, &a);
        body_make(&r, oracle_int(&r, lo, hi), max_radius, &b);
        gjk2d_cache cache = {0};
        for (int f = 0; f < FRAMES; ++f) {
            gjk2d_distance_result cold, warm;
            gjk2d_distance(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &cold, NULL);
            gjk2d_distance_cached(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &cache, INFINITY, &warm);
            expect_distance_ok(&a, &b, &warm);
            cold_iterations += cold.iterations;
            warm_iterations += warm.iterations;
            ++queries;
            body_step(&a);
            body_step(&b);
        }
    }
    *cold_mean = (double)cold_iterations / queries;
    *warm_mean = (double)warm_iterations / queries;
}

Test(coherence, warm_distances_on_moving_polygons_agree_with_the_oracle_in_fewer_searches) {
    double cold, warm;
    moving_pairs(152, 400L * SCALE, 3, 8, 0.0, &cold, &warm);
    cr_log_info("moving 3..8-gons, %d frames: mean support searches cold %.3f, warm %.3f", FRAMES, cold, warm);
    // Box2D's b2Distance on such a sequence: about 3 cold and 1.05 warm (docs/coherence.md); a warm
    // start that saved less than half would not be working.
    cr_expect(warm < 0.5 * cold, "warm %.3f vs cold %.3f support searches per query", warm, cold);
}

Test(coherence, warm_distances_on_moving_rounded_shapes_agree_with_the_oracle) {
    double cold, warm;
    moving_pairs(153, 300L * SCALE, 1, 8, 1.0, &cold, &warm);
    cr_log_info("moving rounded 1..8, %d frames: mean support searches cold %.3f, warm %.3f", FRAMES, cold, warm);
    cr_expect(warm < cold, "warm %.3f vs cold %.3f support searches per query", warm, cold);
}

Test(coherence, a_cache_that_does_not_fit_is_a_cold_start_bit_for_bit) {
    oracle_rng r = oracle_rng_seed(154);
    for (long k = 0; k < 20000L * SCALE; ++k) {
        body a, b;
        body_make(&r, oracle_int(&r, 1, 8), 0.0, &a);
        body_make(&r, oracle_int(&r, 1, 8), 0.0, &b);
        gjk2d_distance_result cold, warm;
        gjk2d_distance(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &cold, NULL);
        gjk2d_cache fitted = {0};
        gjk2d_distance_result first;
        gjk2d_distance_cached(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &fitted, INFINITY, &first);
        cr_assert(same_distance_result(&first, &cold), "a zeroed cache must be a cold start");

        gjk2d_cache bad = fitted;
        switch (k % 5) {
        case 0: memset(&bad, 0, sizeof bad); break;                      // zeroed
        case 1: bad.count = (uint16_t)(4 + k % 100); break;              // too many vertices
        case 2: bad.index_a[0] = (uint16_t)(a.t.s.count + k % 7); break; // index outside A
        case 3:
            bad.index_b[bad.count ? bad.count - 1 : 0] = (uint16_t)(b.t.s.count + k % 3);
            bad.count |= 1;
            break;
        case 4:
            bad.metric = bad.metric * 2.5f + (bad.metric == 0.0f);
            bad.count = bad.count < 2 ? 0 : bad.count;
            break;
        }
        gjk2d_distance_cached(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &bad, INFINITY, &warm);
        cr_assert(same_distance_result(&warm, &cold), "case %ld: a cache that does not fit changed the answer: %s",
                  k % 5, pair_repr(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose));
    }
}

Test(coherence, warm_overlap_agrees_with_the_oracle_away_from_touching) {
    oracle_rng r = oracle_rng_seed(155);
    long cold_iterations = 0, warm_iterations = 0, decided = 0, overlapping = 0;
    for (long k = 0; k < 1000L * SCALE; ++k) {
        body a, b;
        const double radius = k % 3 == 0 ? 0.5 : 0.0;
        body_make(&r, oracle_int(&r, 1, 8), radius, &a);
        body_make(&r, oracle_int(&r, 1, 8), radius, &b);
        body_near(&b, &a, &r, 4.0);
        gjk2d_cache cache = {0};
        for (int f = 0; f < FRAMES; ++f) {
            // The distance query warms the overlap query on odd frames: they share the cache format.
            gjk2d_overlap_result cold, warm;
            gjk2d_overlap(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &cold);
            if (f % 2) {
                gjk2d_distance_result d;
                gjk2d_distance_cached(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &cache, INFINITY, &d);
            }
            gjk2d_overlap_cached(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &cache, &warm);
            cr_assert(warm.status == GJK2D_STATUS_OK);
            oracle_poly wa, wb;
            oracle_world(&a.t.s, &a.t.pose, &wa);
            oracle_world(&b.t.s, &b.t.pose, &wb);
            const double L = oracle_scale(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose);
            const double clearance = oracle_clearance(&wa, &wb); // negative by the depth when overlapping
            if (fabs(clearance) > TOL_REL * L) {                 // touching pairs may go either way (gjk2d.h)
                cr_assert(warm.overlap == (clearance < 0.0), "warm overlap %d, oracle clearance %g: %s", warm.overlap,
                          clearance, pair_repr(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose));
                ++decided;
                overlapping += clearance < 0.0;
            }
            cold_iterations += cold.iterations;
            warm_iterations += warm.iterations;
            body_step(&a);
            body_step(&b);
        }
    }
    const long queries = 1000L * SCALE * FRAMES;
    cr_log_info("moving pairs, overlap: mean support searches cold %.3f, warm %.3f (%ld of %ld decided overlapping)",
                (double)cold_iterations / queries, (double)warm_iterations / queries, overlapping, decided);
    cr_expect(overlapping > decided / 20 && overlapping < decided - decided / 20, "both outcomes should be common");
    cr_expect(warm_iterations < cold_iterations);
}

Test(coherence, the_cutoff_stops_only_pairs_farther_than_max_distance) {
    oracle_rng r = oracle_rng_seed(156);
    static const float cutoffs[] = {0.0f, 0.25f, 1.0f, 4.0f};
    long beyond = 0, beyond_candidates = 0;
    for (long k = 0; k < 40000L * SCALE; ++k) {
        body a, b;
        body_make(&r, oracle_int(&r, 1, 8), k % 3 == 0 ? 0.5 : 0.0, &a);
        body_make(&r, oracle_int(&r, 1, 8), 0.0, &b);
        b.t.pose.px = (float)(b.t.pose.px * 2.0); // farther apart than the sequence's bodies: both outcomes
        const float max_distance = cutoffs[k % 4];
        gjk2d_distance_result full, cut;
        gjk2d_distance(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, &full, NULL);
        gjk2d_distance_cached(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose, NULL, max_distance, &cut);
        oracle_poly wa, wb;
        oracle_world(&a.t.s, &a.t.pose, &wa);
        oracle_world(&b.t.s, &b.t.pose, &wb);
        const double L = oracle_scale(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose);
        const double exact = oracle_core_distance(&wa, &wb) - wa.r - wb.r;
        const char *repr = pair_repr(&a.t.s, &a.t.pose, &b.t.s, &b.t.pose);
        beyond_candidates += exact > max_distance + TOL_REL * L;
        if (cut.status != GJK2D_STATUS_BEYOND) {
            // Not stopped: the same run as without a cutoff, so the same answer bit for bit.
            cr_assert(same_distance_result(&cut, &full), "the cutoff changed a pair it did not stop: %s", repr);
            continue;
        }
        ++beyond;
        cr_assert(cut.end == GJK2D_END_CUTOFF);
        // Sound: never a pair within max_distance; the bound below the exact distance and past the cutoff.
        cr_assert(exact > max_distance - TOL_REL * L, "stopped a pair at %g within max_distance %g: %s", exact,
                  max_distance, repr);
        cr_assert(cut.distance <= exact + TOL_REL * L && cut.distance >= max_distance - TOL_REL * L,
                  "bound %g, exact %g, max_distance %g: %s", cut.distance, exact, max_distance, repr);
        cr_assert(cut.distance == cut.signed_distance && isnan(cut.point_a.x) && isnan(cut.point_b.y) &&
                  cut.feature_a == GJK2D_FEATURE_NONE && cut.feature_b == GJK2D_FEATURE_NONE);
        // The normal proves the bound: B lies at least core bound beyond A along it.
        const double gap = oracle_gap_along(&wa, &wb, cut.normal.x, cut.normal.y);
        cr_assert(gap >= cut.core_distance - TOL_REL * L, "gap %g along the normal below the bound %g: %s", gap,
                  cut.core_distance, repr);
        cr_assert(cut.iterations <= full.iterations);
    }
    cr_log_info("cutoff: %ld of %ld pairs farther than max_distance stopped early", beyond, beyond_candidates);
    cr_expect(beyond > beyond_candidates / 2, "the cutoff should stop most pairs beyond it");
}

/// A pose whose rotation is off unit length by `scale` (the pose check allows 1e-6 in c^2 + s^2, in float).
static gjk2d_pose pose_scaled(float x, float y, double angle, double scale) {
    const gjk2d_pose p = {x, y, (float)(cos(angle) * scale), (float)(sin(angle) * scale)};
    return p;
}

Test(coherence, the_bounding_circles_stop_far_pairs_below_the_exact_distance) {
    // Pairs far apart for their size at every scale, rotations at the pose check's limits: the pairs the
    // circles stop (no support search) have a bound at or below the exact distance with no tolerance (the
    // test of the margins of ref_cutoff_by_bounds), a normal along which B lies that far beyond A, and
    // the batch gives the single-pair answer bit for bit.
    enum { N = 4000 };
    oracle_rng r = oracle_rng_seed(158);
    static test_shape sa[N], sb[N];
    static gjk2d_shape shapes[2 * N];
    static gjk2d_pose poses[2 * N];
    static float max_d[N];
    long stopped = 0;
    for (int k = 0; k < N; ++k) {
        const double size = pow(10.0, oracle_uniform(&r, -3.0, 5.0));
        random_shape(&r, oracle_int(&r, 1, 8), size, k % 2 ? 0.3 * size : 0.0, 2.0 * size, &sa[k]);
        random_shape(&r, oracle_int(&r, 1, 8), size, k % 3 ? 0.0 : 0.3 * size, 2.0 * size, &sb[k]);
        const double scale_a = 1.0 + (k % 3 - 1) * 4e-7, scale_b = 1.0 - (k % 3 - 1) * 4e-7;
        const double far = size * oracle_uniform(&r, 2.0, 40.0), theta = oracle_uniform(&r, -3.14159, 3.14159);
        const double ox = oracle_uniform(&r, -1e3, 1e3) * size, oy = oracle_uniform(&r, -1e3, 1e3) * size;
        sa[k].pose = pose_scaled((float)ox, (float)oy, oracle_uniform(&r, -3.2, 3.2), scale_a);
        sb[k].pose = pose_scaled((float)(ox + far * cos(theta)), (float)(oy + far * sin(theta)),
                                 oracle_uniform(&r, -3.2, 3.2), scale_b);
        if (k % 4 == 3) {
            // Points (circles) whose vertex faces the other across the line of centres, both rotations
            // longer than unit: the tightest case for the circles, whose bound is then within the
            // rotations' stretch of the exact distance.
            sa[k].v[0].x = (float)(size * oracle_uniform(&r, 0.1, 1.0)), sa[k].v[0].y = 0.0f;
            sb[k].v[0].x = (float)(size * oracle_uniform(&r, 0.1, 1.0)), sb[k].v[0].y = 0.0f;
            sa[k].s.count = sb[k].s.count = 1;
            const double gap = size * oracle_uniform(&r, 2.0, 5.0), sc = 1.0 + 4e-7;
            sa[k].pose = pose_scaled((float)ox, (float)oy, theta, sc);
            sb[k].pose =
                pose_scaled((float)(ox + gap * cos(theta)), (float)(oy + gap * sin(theta)), theta + 3.14159265, sc);
        }
        cr_assert(gjk2d_pose_problem(&sa[k].pose) == GJK2D_PROBLEM_NONE);
        cr_assert(gjk2d_pose_problem(&sb[k].pose) == GJK2D_PROBLEM_NONE);
        max_d[k] = k % 4 == 3 ? 0.0f : (float)(size * oracle_uniform(&r, 0.0, 20.0));
        shapes[2 * k] = sa[k].s, shapes[2 * k + 1] = sb[k].s;
        poses[2 * k] = sa[k].pose, poses[2 * k + 1] = sb[k].pose;
    }
    test_set set;
    cr_assert(test_set_from_shapes(&set, shapes, poses, 2 * N, NULL) == 0);
    static int32_t pa[N], pb[N], it[N];
    static float dist[N], sd[N], core[N], ax[N], ay[N], bx[N], by[N], nx[N], ny[N];
    static int32_t fa[N], fb[N];
    static uint8_t st[N];
    const gjk2d_distance_out out = {dist, sd, core, ax, ay, bx, by, nx, ny, fa, fb, it, st};
    for (int k = 0; k < N; ++k) pa[k] = 2 * k, pb[k] = 2 * k + 1;
    const gjk2d_pairs pairs = {pa, pb, N};
    for (int k = 0; k < N; ++k) {
        gjk2d_distance_result cut;
        gjk2d_distance_cached(&sa[k].s, &sa[k].pose, &sb[k].s, &sb[k].pose, NULL, max_d[k], &cut);
        cr_assert(gjk2d_batch_distance_cached(set.shapes, &set.poses, &pairs, k, k + 1, NULL, max_d[k], &out) ==
                  GJK2D_OK);
        const char *repr = pair_repr(&sa[k].s, &sa[k].pose, &sb[k].s, &sb[k].pose);
        cr_assert(memcmp(&dist[k], &cut.distance, 4) == 0 && memcmp(&core[k], &cut.core_distance, 4) == 0 &&
                      memcmp(&nx[k], &cut.normal.x, 4) == 0 && memcmp(&ny[k], &cut.normal.y, 4) == 0 &&
                      it[k] == cut.iterations && st[k] == cut.status,
                  "batch and single-pair answers differ: %s", repr);
        if (cut.status != GJK2D_STATUS_BEYOND || cut.iterations != 0) continue;
        ++stopped;
        oracle_poly wa, wb;
        oracle_world(&sa[k].s, &sa[k].pose, &wa);
        oracle_world(&sb[k].s, &sb[k].pose, &wb);
        const double exact = oracle_core_distance(&wa, &wb) - wa.r - wb.r;
        cr_assert(cut.end == GJK2D_END_CUTOFF && cut.distance > max_d[k] && cut.distance <= exact,
                  "bound %.9g, exact %.9g, max_distance %g: %s", cut.distance, exact, max_d[k], repr);
        cr_assert(oracle_gap_along(&wa, &wb, cut.normal.x, cut.normal.y) >= cut.core_distance,
                  "the normal does not prove the bound: %s", repr);
    }
    cr_log_info("bounding circles: %ld of %d far pairs stopped without a support search", stopped, N);
    cr_expect(stopped > N / 4, "the circles should stop many of these pairs");
    // What cannot be computed is reported as such however far apart: a bad pose, an invalid shape.
    gjk2d_distance_result res;
    const gjk2d_pose bad = {1e6f, 0.0f, 1.0f, 0.5f};
    cr_assert(gjk2d_distance_cached(&sa[0].s, &sa[0].pose, &sb[0].s, &bad, NULL, 0.0f, &res) == GJK2D_STATUS_BAD_POSE);
    set.c[1] = 1.0f, set.s[1] = 0.5f, set.px[1] = 1e6f;
    cr_assert(gjk2d_batch_distance_cached(set.shapes, &set.poses, &pairs, 0, 1, NULL, 0.0f, &out) == GJK2D_OK);
    cr_assert(st[0] == GJK2D_STATUS_BAD_POSE);
    const gjk2d_vec2 reflex[4] = {{0, 0}, {1, 0}, {0.1f, 0.1f}, {0, 1}};
    const gjk2d_shape invalid = {reflex, 4, 0.0f};
    cr_assert(gjk2d_distance_cached(&invalid, &sa[0].pose, &sb[0].s, &sb[0].pose, NULL, 0.0f, &res) ==
              GJK2D_STATUS_INVALID);
    test_set_free(&set);
}

Test(coherence, the_batch_call_is_the_single_pair_call_frame_after_frame) {
    enum { BODIES = 64, PAIRS = 400 };
    oracle_rng r = oracle_rng_seed(157);
    static body bodies[BODIES];
    gjk2d_shape shapes[BODIES];
    for (int i = 0; i < BODIES; ++i) {
        body_make(&r, oracle_int(&r, 1, 8), i % 5 == 0 ? 0.5 : 0.0, &bodies[i]);
        shapes[i] = bodies[i].t.s;
    }
    test_set set;
    cr_assert(test_set_from_shapes(&set, shapes, NULL, BODIES, NULL) == 0);
    int32_t pa[PAIRS], pb[PAIRS];
    for (int k = 0; k < PAIRS; ++k) {
        pa[k] = oracle_int(&r, 0, BODIES - 1);
        pb[k] = (pa[k] + oracle_int(&r, 1, BODIES - 1)) % BODIES;
    }
    const gjk2d_pairs pairs = {pa, pb, PAIRS};
    static gjk2d_cache batch_cache[PAIRS], single_cache[PAIRS], overlap_cache[PAIRS], single_overlap[PAIRS];
    static float dist[PAIRS], sd[PAIRS], core[PAIRS], ax[PAIRS], ay[PAIRS], bx[PAIRS], by[PAIRS], nx[PAIRS], ny[PAIRS];
    static int32_t fa[PAIRS], fb[PAIRS], it[PAIRS], oit[PAIRS];
    static uint8_t st[PAIRS], ov[PAIRS], ost[PAIRS];
    const gjk2d_distance_out out = {dist, sd, core, ax, ay, bx, by, nx, ny, fa, fb, it, st};
    const gjk2d_overlap_out oout = {ov, oit, ost};
    for (int f = 0; f < 20; ++f) {
        for (int i = 0; i < BODIES; ++i) {
            set.px[i] = bodies[i].t.pose.px;
            set.py[i] = bodies[i].t.pose.py;
            set.c[i] = bodies[i].t.pose.c;
            set.s[i] = bodies[i].t.pose.s;
        }
        const float max_distance = f % 2 ? 1.0f : INFINITY;
        cr_assert(gjk2d_batch_distance_cached(set.shapes, &set.poses, &pairs, 0, PAIRS, batch_cache, max_distance,
                                              &out) == GJK2D_OK);
        cr_assert(gjk2d_batch_overlap_cached(set.shapes, &set.poses, &pairs, 0, PAIRS, overlap_cache, &oout) ==
                  GJK2D_OK);
        for (int k = 0; k < PAIRS; ++k) {
            const body *a = &bodies[pa[k]], *b = &bodies[pb[k]];
            gjk2d_distance_result d;
            gjk2d_overlap_result o;
            gjk2d_distance_cached(&a->t.s, &a->t.pose, &b->t.s, &b->t.pose, &single_cache[k], max_distance, &d);
            gjk2d_overlap_cached(&a->t.s, &a->t.pose, &b->t.s, &b->t.pose, &single_overlap[k], &o);
            cr_assert(memcmp(&batch_cache[k], &single_cache[k], sizeof(gjk2d_cache)) == 0, "frame %d pair %d", f, k);
            cr_assert(memcmp(&overlap_cache[k], &single_overlap[k], sizeof(gjk2d_cache)) == 0);
            cr_assert(memcmp(&dist[k], &d.distance, 4) == 0 && memcmp(&sd[k], &d.signed_distance, 4) == 0 &&
                          memcmp(&ax[k], &d.point_a.x, 4) == 0 && memcmp(&ny[k], &d.normal.y, 4) == 0 &&
                          fa[k] == d.feature_a && it[k] == d.iterations && st[k] == d.status,
                      "frame %d pair %d: batch and single-pair answers differ", f, k);
            cr_assert(ov[k] == o.overlap && oit[k] == o.iterations && ost[k] == o.status);
        }
        for (int i = 0; i < BODIES; ++i) body_step(&bodies[i]);
    }
    test_set_free(&set);
}

Test(coherence, bad_cutoffs_are_errors_and_failed_pairs_reset_their_cache) {
    const gjk2d_vec2 tri[3] = {{0, 0}, {1, 0}, {0, 1}};
    const gjk2d_vec2 clockwise[3] = {{0, 0}, {0, 1}, {1, 0}};
    const gjk2d_shape shapes[3] = {{tri, 3, 0.0f}, {tri, 3, 0.0f}, {clockwise, 3, 0.0f}};
    test_set set;
    cr_assert(test_set_from_shapes(&set, shapes, NULL, 3, NULL) == 1); // one invalid shape
    set.px[1] = 3.0f;
    int32_t pa[2] = {0, 0}, pb[2] = {1, 2};
    const gjk2d_pairs pairs = {pa, pb, 2};
    float dist[2];
    uint8_t st[2];
    gjk2d_distance_out out = {0};
    out.distance = dist;
    out.status = st;
    gjk2d_cache cache[2];
    memset(cache, 0x5a, sizeof cache);
    const gjk2d_cache before = cache[0];
    cr_expect(gjk2d_batch_distance_cached(set.shapes, &set.poses, &pairs, 0, 2, cache, NAN, &out) == GJK2D_ERR_CUTOFF);
    cr_expect(gjk2d_batch_distance_cached(set.shapes, &set.poses, &pairs, 0, 2, cache, -1.0f, &out) ==
              GJK2D_ERR_CUTOFF);
    cr_expect(memcmp(&cache[0], &before, sizeof before) == 0, "an error must write nothing");
    cr_assert(gjk2d_batch_distance_cached(set.shapes, &set.poses, &pairs, 0, 2, cache, INFINITY, &out) == GJK2D_OK);
    cr_expect(st[0] == GJK2D_STATUS_OK && fabsf(dist[0] - 2.0f) < 1e-6f, "distance %g", dist[0]);
    cr_expect(st[1] == GJK2D_STATUS_INVALID && isnan(dist[1]));
    const gjk2d_cache zero = {0};
    cr_expect(memcmp(&cache[1], &zero, sizeof zero) == 0, "a pair that cannot be computed gets a zeroed cache");
    cr_expect(cache[0].count >= 1 && cache[0].count <= 2);
    cr_expect(strcmp(gjk2d_status_name(GJK2D_STATUS_BEYOND), "beyond") == 0);
    cr_expect(strcmp(gjk2d_end_name(GJK2D_END_CUTOFF), "cutoff") == 0);
    cr_expect(strstr(gjk2d_error_message(GJK2D_ERR_CUTOFF), "max_distance") != NULL);

    gjk2d_distance_result r;
    gjk2d_cache one = before;
    cr_expect(gjk2d_distance_cached(&shapes[0], NULL, &shapes[1], NULL, &one, NAN, &r) == GJK2D_STATUS_INVALID);
    cr_expect(memcmp(&one, &before, sizeof one) == 0);
    test_set_free(&set);
}

Test(coherence, the_coherent_workload_warm_in_batch_agrees_with_the_oracle) {
    coherent_scene scene;
    cr_assert(coherent_make(&scene, 1000, 2.0, 0.05, FRAMES, COHERENT_MIXED, 158) == 0);
    cr_assert(scene.pairs > 1000 && scene.pairs < 4000, "the broadphase found %lld pairs for 1000 bodies",
              (long long)scene.pairs);
    test_set set;
    cr_assert(test_set_make(&set, &scene.geometry, NULL, NULL, NULL, NULL, NULL) == 0);
    const int64_t n = scene.pairs;
    gjk2d_cache *cache = calloc((size_t)n, sizeof *cache);
    float *warm = calloc((size_t)n, sizeof *warm), *cold = calloc((size_t)n, sizeof *cold);
    int32_t *warm_it = calloc((size_t)n, sizeof *warm_it), *cold_it = calloc((size_t)n, sizeof *cold_it);
    uint8_t *st = calloc((size_t)n, 1);
    cr_assert(cache && warm && cold && warm_it && cold_it && st);
    gjk2d_distance_out wout = {0}, cout = {0};
    wout.signed_distance = warm, wout.iterations = warm_it, wout.status = st;
    cout.signed_distance = cold, cout.iterations = cold_it;
    long warm_sum = 0, cold_sum = 0;
    const gjk2d_pairs pairs = coherent_pairs(&scene);
    for (int f = 0; f < FRAMES; ++f) {
        const gjk2d_poses poses = coherent_poses(&scene);
        cr_assert(gjk2d_batch_distance_cached(set.shapes, &poses, &pairs, 0, n, cache, INFINITY, &wout) == GJK2D_OK);
        cr_assert(gjk2d_batch_distance(set.shapes, &poses, &pairs, 0, n, &cout) == GJK2D_OK);
        for (int64_t k = 0; k < n; ++k) {
            cr_assert(st[k] == GJK2D_STATUS_OK);
            warm_sum += warm_it[k];
            cold_sum += cold_it[k];
            if (k % 7 != f % 7) continue;
            gjk2d_vec2 va[8], vb[8];
            gjk2d_shape sa, sb;
            gjk2d_pose pa, pb;
            test_set_shape(&set, &poses, pairs.a[k], va, &sa, &pa);
            test_set_shape(&set, &poses, pairs.b[k], vb, &sb, &pb);
            oracle_poly wa, wb;
            oracle_world(&sa, &pa, &wa);
            oracle_world(&sb, &pb, &wb);
            const double L = oracle_scale(&sa, &pa, &sb, &pb);
            const double core = oracle_core_distance(&wa, &wb);
            if (core > 0.0) // overlapping cores: signed distance is -(ra + rb) either way (gjk2d.h)
                cr_assert(fabs(warm[k] - (core - wa.r - wb.r)) <= TOL_REL * L, "frame %d pair %lld: warm %g, exact %g",
                          f, (long long)k, warm[k], core - wa.r - wb.r);
            cr_assert(fabs(warm[k] - cold[k]) <= 2.0 * TOL_REL * L);
        }
        coherent_step(&scene);
    }
    cr_log_info("W5 (1000 mixed bodies, %lld pairs, %d frames): mean support searches cold %.3f, warm %.3f",
                (long long)n, FRAMES, (double)cold_sum / (n * FRAMES), (double)warm_sum / (n * FRAMES));
    // Box2D's b2Distance with its cache needs 1.02-1.06 searches on such a sequence (docs/coherence.md).
    cr_expect((double)warm_sum / (n * FRAMES) < 1.1, "warm starts should need about one support search");
    free(cache), free(warm), free(cold), free(warm_it), free(cold_it), free(st);
    test_set_free(&set);
    coherent_free(&scene);
}
