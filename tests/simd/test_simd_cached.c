// SPDX-License-Identifier: MIT
// The cached distance and overlap kernels (warm starts from a per-pair cache, the distance cutoff) on every
// ISA, native and SIMDe-emulated, against the reference run pair by pair (gjk2d__scalar_distance_cached and
// gjk2d__scalar_overlap_cached, i.e. ref_distance_cached and ref_overlap_cached): every output and every
// cache entry written bit for bit. The reference itself is checked against the exact oracle in
// tests/test_coherence.c. Ranges of 37 pairs end in the middle of blocks, so stragglers of each range run
// at its end.
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "coherent.h"
#include "pairgen.h"
#include "simd/simd.h"
#include "xcheck.h"

enum { FRAMES = 60, CHUNK = 37, MAX_TABLES = 16, MAX_CARRIES = 4 };

enum query { DISTANCE, OVERLAP };
static const char *const query_name[] = {"distance", "overlap"};

/// The cached distance or overlap (which has no cutoff) of table t over the pairs in ranges of `chunk`.
static void run_cached(const gjk2d_kernel_table *t, enum query q, const test_set *set, const gjk2d_poses *poses,
                       const gjk2d_pairs *pairs, gjk2d_cache *cache, float max_distance, int64_t chunk,
                       query_outputs *o) {
    const gjk2d_distance_out out = outputs_distance(o);
    const gjk2d_overlap_out oout = outputs_overlap(o);
    for (int64_t k = 0; k < pairs->count; k += chunk) {
        const int64_t e = k + chunk < pairs->count ? k + chunk : pairs->count;
        if (q == OVERLAP)
            t->overlap_cached(set->shapes, poses, pairs, k, e, cache, &oout);
        else
            t->distance_cached(set->shapes, poses, pairs, k, e, cache, max_distance, &out);
    }
}

/// Pairs whose cache entries differ, reporting the first.
static int64_t cache_differences(const char *label, const gjk2d_cache *ref, const gjk2d_cache *got, int64_t n) {
    int64_t bad = 0;
    for (int64_t k = 0; k < n; k++) {
        if (memcmp(&ref[k], &got[k], sizeof ref[k]) == 0) continue;
        if (!bad++)
            fprintf(stderr,
                    "%s: pair %lld cache entry: reference count %u a %u %u %u b %u %u %u metric %a, got count %u a %u "
                    "%u %u b %u %u %u metric %a\n",
                    label, (long long)k, ref[k].count, ref[k].index_a[0], ref[k].index_a[1], ref[k].index_a[2],
                    ref[k].index_b[0], ref[k].index_b[1], ref[k].index_b[2], (double)ref[k].metric, got[k].count,
                    got[k].index_a[0], got[k].index_a[1], got[k].index_a[2], got[k].index_b[0], got[k].index_b[1],
                    got[k].index_b[2], (double)got[k].metric);
    }
    return bad;
}

/// One way of carrying a W5 run: which query, with a cache or not, with a cutoff or not.
typedef struct carry {
    const char *name;
    enum query q;
    int warm;
    float max_distance;
} carry;

/// What the reference did over a carried run, summed over its pairs and frames, per carry.
typedef struct carry_tally {
    int64_t queries, searches, beyond, overlapping;
} carry_tally;

/// A coherent scene of `bodies` bodies of `mix` moving up to `motion` per frame, carried FRAMES frames in every
/// way of `carries` by the reference and by every table; expects 0 differences (outputs and cache entries)
/// and returns the reference's tallies.
static void carry_scene(int32_t bodies, double pairs_per_body, double motion, coherent_mix mix, uint64_t seed,
                        const carry *carries, int nc, carry_tally *tally) {
    coherent_scene scene;
    cr_assert(coherent_make(&scene, bodies, pairs_per_body, motion, FRAMES, mix, seed) == 0);
    test_set set;
    cr_assert(test_set_make(&set, &scene.geometry, NULL, NULL, NULL, NULL, NULL) == 0);
    const gjk2d_pairs pairs = coherent_pairs(&scene);
    const int64_t n = pairs.count;
    xc_table tables[MAX_TABLES];
    const int nt = xc_tables(tables, MAX_TABLES);
    cr_assert(nt >= 1, "no SIMD kernel table available");
    // caches[c][0]: the reference's; caches[c][1 + i]: table i's.
    gjk2d_cache *caches[MAX_CARRIES][MAX_TABLES + 1];
    cr_assert(nc <= MAX_CARRIES);
    for (int c = 0; c < nc; c++)
        for (int i = 0; i <= nt; i++) cr_assert((caches[c][i] = calloc((size_t)n, sizeof(gjk2d_cache))) != NULL);
    query_outputs ref, got;
    outputs_alloc(&ref, n);
    outputs_alloc(&got, n);
    int64_t bad[MAX_CARRIES][MAX_TABLES] = {{0}};
    memset(tally, 0, (size_t)nc * sizeof *tally);
    for (int f = 0; f < FRAMES; f++) {
        const gjk2d_poses poses = coherent_poses(&scene);
        for (int c = 0; c < nc; c++) {
            gjk2d_cache *rc = carries[c].warm ? caches[c][0] : NULL;
            outputs_fill(&ref, 0xee);
            run_cached(&gjk2d__scalar_table, carries[c].q, &set, &poses, &pairs, rc, carries[c].max_distance, n, &ref);
            const int overlap = carries[c].q == OVERLAP;
            for (int64_t k = 0; k < n; k++) {
                tally[c].searches += overlap ? ref.oiter[k] : ref.iter[k];
                tally[c].beyond += !overlap && ref.st[k] == GJK2D_STATUS_BEYOND;
                tally[c].overlapping += overlap ? ref.ov[k] : ref.dist[k] == 0.0f;
            }
            tally[c].queries += n;
            for (int i = 0; i < nt; i++) {
                char label[96];
                snprintf(label, sizeof label, "%.31s %s frame %d", tables[i].label, carries[c].name, f);
                gjk2d_cache *tc = carries[c].warm ? caches[c][1 + i] : NULL;
                outputs_fill(&got, 0xee);
                run_cached(tables[i].table, carries[c].q, &set, &poses, &pairs, tc, carries[c].max_distance, CHUNK,
                           &got);
                // Only the first frames with a difference print one.
                const int quiet = bad[c][i] > 0;
                int64_t d = quiet ? !outputs_equal(&ref, &got)
                                  : xc_compare_exact("reference", label, &set, &poses, &pairs, &ref, &got);
                if (rc) d += quiet ? memcmp(rc, tc, (size_t)n * sizeof *rc) != 0 : cache_differences(label, rc, tc, n);
                bad[c][i] += d;
            }
        }
        coherent_step(&scene);
    }
    fprintf(stderr, "W5, %d bodies, %lld pairs, %d frames, the reference:\n", bodies, (long long)n, FRAMES);
    for (int c = 0; c < nc; c++)
        fprintf(stderr, "  %-14s mean support searches %.3f, %.1f%% overlapping, %.1f%% stopped by the cutoff\n",
                carries[c].name, (double)tally[c].searches / (double)tally[c].queries,
                100.0 * (double)tally[c].overlapping / (double)tally[c].queries,
                100.0 * (double)tally[c].beyond / (double)tally[c].queries);
    for (int i = 0; i < nt; i++)
        for (int c = 0; c < nc; c++) {
            fprintf(stderr, "  %-12s %-14s %lld differences from the reference\n", tables[i].label, carries[c].name,
                    (long long)bad[c][i]);
            cr_expect(bad[c][i] == 0, "%s %s: differs from the reference", tables[i].label, carries[c].name);
        }
    for (int c = 0; c < nc; c++)
        for (int i = 0; i <= nt; i++) free(caches[c][i]);
    outputs_free(&ref);
    outputs_free(&got);
    test_set_free(&set);
    coherent_free(&scene);
}

Test(simd_cached, every_frame_of_a_warm_w5_run_is_the_reference_bit_for_bit) {
    // A cutoff of 4 stops most of these fat-box pairs, not all.
    static const carry carries[] = {
        {"warm", DISTANCE, 1, INFINITY}, {"warm+cutoff", DISTANCE, 1, 4.0f}, {"cold+cutoff", DISTANCE, 0, 4.0f}};
    carry_tally t[3];
    carry_scene(1000, 2.0, 0.05, COHERENT_MIXED, 0xcac4e, carries, 3, t);
    // The run must exercise what it claims: warm starts and stops by the cutoff, both common.
    cr_expect(t[0].searches < t[0].queries * 3 / 2 && t[1].beyond > t[1].queries / 4 &&
              t[1].beyond < t[1].queries - t[1].queries / 20);
}

Test(simd_cached, every_frame_of_a_warm_overlap_run_is_the_reference_bit_for_bit) {
    // Slower bodies packed closer, so that a good share of the pairs overlap (W5's fat boxes leave about
    // 1 %): warm starts that hold the origin at once, and separations, both common.
    static const carry carries[] = {{"overlap warm", OVERLAP, 1, INFINITY}, {"distance warm", DISTANCE, 1, INFINITY}};
    carry_tally t[2];
    carry_scene(1000, 6.0, 0.005, COHERENT_MIXED, 0x0e71a9, carries, 2, t);
    cr_expect(t[0].searches < t[0].queries * 3 / 2, "overlap: mean support searches %.3f",
              (double)t[0].searches / (double)t[0].queries);
    cr_expect(t[0].overlapping > t[0].queries / 10 && t[0].overlapping < t[0].queries - t[0].queries / 10,
              "overlap: %lld of %lld queries overlapping", (long long)t[0].overlapping, (long long)t[0].queries);
}

Test(simd_cached, boxes_circles_and_capsules_carried_warm_are_the_reference_bit_for_bit) {
    // Shapes of at most 4 vertices: every block runs over LANE_SMALL columns (lanes_tmpl.h).
    static const carry carries[] = {
        {"warm", DISTANCE, 1, INFINITY}, {"warm+cutoff", DISTANCE, 1, 4.0f}, {"overlap warm", OVERLAP, 1, INFINITY}};
    carry_tally t[3];
    carry_scene(1000, 3.0, 0.02, COHERENT_SMALL, 0x5a11, carries, 3, t);
    cr_expect(t[0].searches < t[0].queries * 3 / 2 && t[1].beyond > 0);
}

/// How a test spoils a cache that was carried one frame. The first three never fit (a cold start); a
/// scaled metric fits or not by the size rule's bounds (a factor 2 either way, the same sign).
enum spoil { RANDOM_BYTES, INDICES_OUTSIDE, NAN_METRIC, SCALED_METRIC, NSPOIL };
static const char *const spoil_name[NSPOIL] = {"random bytes", "indices outside the shapes", "NaN metric",
                                               "scaled metric"};

static void spoil_cache(gjk2d_cache *c, int64_t n, int how, const test_set *set, const gjk2d_pairs *pairs,
                        oracle_rng *r) {
    for (int64_t k = 0; k < n; k++) {
        if (how == RANDOM_BYTES) {
            unsigned char *b = (unsigned char *)&c[k];
            for (size_t j = 0; j < sizeof c[k]; j++) b[j] = (unsigned char)oracle_next(r);
        } else if (how == INDICES_OUTSIDE) {
            // One index of the entry at or past its shape's count (up to 65535), the rest left valid.
            const int32_t side = oracle_int(r, 0, 1), shape = side ? pairs->b[k] : pairs->a[k];
            const int32_t count = set->geometry.count[shape];
            if (c[k].count < 1 || c[k].count > 3) c[k].count = 1;
            const int i = oracle_int(r, 0, c[k].count - 1);
            const uint16_t bad = (uint16_t)(k % 3 == 0 ? 65535 : count + oracle_int(r, 0, 20));
            if (side)
                c[k].index_b[i] = bad;
            else
                c[k].index_a[i] = bad;
        } else if (how == NAN_METRIC) {
            c[k].metric = NAN;
        } else {
            // The same poses give the same size again: the bounds lie exactly at the factors 0.5 and 2.
            static const float factor[] = {0.25f, 0.4f, 0.5f, 0.75f, 1.5f, 2.0f, 2.5f, 4.0f, -1.0f, 0.0f};
            c[k].metric *= factor[k % (int64_t)(sizeof factor / sizeof factor[0])];
        }
    }
}

Test(simd_cached, garbage_caches_give_the_cold_answers) {
    // Random pairs of 3..8-gons, of 12..20-gons (the larger ones go to the scalar fallback), and the hard
    // cases (touching, containment, degenerate and invalid shapes).
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0xbad0, 1500, 3, 8, 200);
    pg_workload(&g, 0xbad1, 300, 12, 20, 40);
    pg_hard_cases(&g, 1);
    gjk2d_geometry geo = pg_geometry(&g);
    test_set set;
    cr_assert_geq(test_set_make(&set, &geo, g.px, g.py, g.c, g.s, NULL), 0);
    const gjk2d_pairs pairs = pg_pairs(&g);
    const int64_t n = pairs.count;
    xc_table tables[MAX_TABLES];
    const int nt = xc_tables(tables, MAX_TABLES);
    cr_assert(nt >= 1);
    gjk2d_cache *fitted = calloc((size_t)n, sizeof *fitted), *spoilt = calloc((size_t)n, sizeof *spoilt);
    gjk2d_cache *ref_cache = calloc((size_t)n, sizeof *ref_cache), *got_cache = calloc((size_t)n, sizeof *got_cache);
    cr_assert(fitted && spoilt && ref_cache && got_cache);
    query_outputs cold, ref, got;
    outputs_alloc(&cold, n);
    outputs_alloc(&ref, n);
    outputs_alloc(&got, n);
    oracle_rng r = oracle_rng_seed(0x9a5ba9e);
    for (int q = DISTANCE; q <= OVERLAP; q++) {
        outputs_fill(&cold, 0xee);
        memset(fitted, 0, (size_t)n * sizeof *fitted);
        run_cached(&gjk2d__scalar_table, q, &set, &set.poses, &pairs, NULL, INFINITY, n, &cold);
        run_cached(&gjk2d__scalar_table, q, &set, &set.poses, &pairs, fitted, INFINITY, n, &ref); // entries that fit
        for (int how = 0; how < NSPOIL; how++) {
            memcpy(spoilt, fitted, (size_t)n * sizeof *spoilt);
            spoil_cache(spoilt, n, how, &set, &pairs, &r);
            memcpy(ref_cache, spoilt, (size_t)n * sizeof *spoilt);
            outputs_fill(&ref, 0xee);
            run_cached(&gjk2d__scalar_table, q, &set, &set.poses, &pairs, ref_cache, INFINITY, n, &ref);
            // A NaN metric spoils only entries of 2 or 3 vertices (a single vertex has no size to compare).
            int64_t not_cold = 0, spoilt_count = 0;
            for (int64_t k = 0; k < n; k++) {
                if (how == SCALED_METRIC) { // compared with the reference only, and must go both ways
                    not_cold += !xc_pair_exact(&cold, &ref, k);
                    continue;
                }
                if (how == NAN_METRIC && (spoilt[k].count < 2 || spoilt[k].count > 3)) continue;
                spoilt_count++;
                not_cold += !xc_pair_exact(&cold, &ref, k);
            }
            // The boolean answer has fewer ways to differ: a warm start changes its iterations, not always.
            const int64_t some = q == OVERLAP ? n / 40 : n / 10;
            if (how == SCALED_METRIC) {
                cr_expect(not_cold > some && not_cold < n - n / 10, "%s, scaled metric: %lld of %lld pairs warm",
                          query_name[q], (long long)not_cold, (long long)n);
            } else {
                cr_expect(not_cold == 0, "%s, %s: the reference's answer is not the cold one on %lld of %lld pairs",
                          query_name[q], spoil_name[how], (long long)not_cold, (long long)spoilt_count);
                cr_expect(spoilt_count > n / 4, "%s, %s: too few entries spoilt (%lld)", query_name[q], spoil_name[how],
                          (long long)spoilt_count);
            }
            for (int i = 0; i < nt; i++) {
                char label[96];
                snprintf(label, sizeof label, "%.31s, %s, %s", tables[i].label, query_name[q], spoil_name[how]);
                memcpy(got_cache, spoilt, (size_t)n * sizeof *spoilt);
                outputs_fill(&got, 0xee);
                run_cached(tables[i].table, q, &set, &set.poses, &pairs, got_cache, INFINITY, CHUNK, &got);
                const int64_t d = xc_compare_exact("reference", label, &set, &set.poses, &pairs, &ref, &got);
                const int64_t dc = cache_differences(label, ref_cache, got_cache, n);
                fprintf(stderr, "%-48s %lld pairs: %lld outputs and %lld cache entries differ from the reference\n",
                        label, (long long)n, (long long)d, (long long)dc);
                cr_expect(d == 0 && dc == 0, "%s: differs from the reference", label);
            }
        }
    }
    free(fitted), free(spoilt), free(ref_cache), free(got_cache);
    outputs_free(&cold);
    outputs_free(&ref);
    outputs_free(&got);
    test_set_free(&set);
    pg_free(&g);
}
