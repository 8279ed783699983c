// Random pairs against the brute-force oracle: distance, closest points, normal, GJK boolean and SAT.
// Every test prints the largest errors it measured (cr_log_info) so regressions in accuracy are visible
// even while they stay inside the tolerances of check.h.
#include <criterion/criterion.h>
#include <criterion/logging.h>

#include "check.h"

#ifdef GJK2D_FULL_TESTS
#define SCALE 10 // the full_tests meson option: 1,000,000 polygon pairs
#else
#define SCALE 1
#endif

static test_shape ta, tb;

/// `pairs` random pairs whose vertex counts are drawn from [a_lo, a_hi] and [b_lo, b_hi].
static void run(const char *title, uint64_t seed, long pairs, int a_lo, int a_hi, int b_lo, int b_hi,
                double max_radius) {
    oracle_rng r = oracle_rng_seed(seed);
    pair_stats st = {0};
    for (long k = 0; k < pairs; k++) {
        // Sizes (ellipse semi-axes up to) 2 .. 12 in a 20 x 20 box, so that both outcomes are common.
        random_shape(&r, oracle_int(&r, a_lo, a_hi), oracle_uniform(&r, 2.0, 12.0), max_radius, 10.0, &ta);
        random_shape(&r, oracle_int(&r, b_lo, b_hi), oracle_uniform(&r, 2.0, 12.0), max_radius, 10.0, &tb);
        unsigned flags = (ta.s.count == 1 && tb.s.count == 1) ? 0u : CHECK_SAT_VALUE;
        check_pair(&ta.s, &ta.pose, &tb.s, &tb.pose, flags, &st);
    }
    report_stats(title, &st);
    cr_expect(st.separated > pairs / 20 && st.overlapping > pairs / 20,
              "the generator should give both outcomes (%ld separated, %ld overlapping)", st.separated, st.overlapping);
}

TestSuite(properties, .timeout = 240);

Test(properties, random_3_to_8_gon_pairs_match_the_oracle) {
    run("polygons 3..8", 1, 100000L * SCALE, 3, 8, 3, 8, 0.0);
}

Test(properties, random_rounded_polygon_pairs_match_the_oracle) {
    run("rounded polygons 3..8", 2, 20000L * SCALE, 3, 8, 3, 8, 1.0);
}

Test(properties, random_points_and_segments_match_the_oracle) {
    run("points/segments vs 1..8", 3, 10000L * SCALE, 1, 2, 1, 8, 0.0);
}

Test(properties, random_circles_and_capsules_match_the_oracle) {
    run("circles/capsules vs rounded 1..8", 4, 10000L * SCALE, 1, 2, 1, 8, 2.0);
}

Test(properties, random_16_gon_pairs_match_the_oracle) {
    run("16-gons vs 3..16", 5, 2000L * SCALE, 16, 16, 3, 16, 0.0);
}

Test(properties, random_64_gon_pairs_match_the_oracle) { run("64-gons vs 3..64", 6, 600L * SCALE, 64, 64, 3, 64, 0.0); }

Test(properties, random_256_gon_pairs_match_the_oracle) {
    run("256-gons vs 256-gons", 7, 150L * SCALE, 256, 256, 256, 256, 0.0);
}

Test(properties, random_256_gons_against_small_shapes_match_the_oracle) {
    run("256-gons vs 3..8", 8, 300L * SCALE, 256, 256, 3, 8, 0.5);
}
