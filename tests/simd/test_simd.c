// SIMD kernels against the scalar reference, for every ISA this host runs natively and every SIMDe-emulated
// build (checkasm style), plus bit-identity between all of them, the range API and the dispatcher.
#include <criterion/criterion.h>
#include <math.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pairgen.h"
#include "simd/simd.h"
#include "xcheck.h"

#ifdef GJK2D_FULL_TESTS
#define RANDOM_PAIRS 1000000
#else
#define RANDOM_PAIRS 200000
#endif

/// Prepare a generated set with its float poses (no invalid shape unless `invalid_allowed`); its pairs.
static gjk2d_pairs prepare(const pg_set *g, test_set *set, int invalid_allowed) {
    gjk2d_geometry geo = pg_geometry(g);
    int64_t invalid = test_set_make(set, &geo, g->px, g->py, g->c, g->s, NULL);
    cr_assert(invalid == 0 || (invalid > 0 && invalid_allowed), "test_set_make: %lld", (long long)invalid);
    return pg_pairs(g);
}

/// A fresh pg_workload (pg_set's parameters), prepared; its pairs.
static gjk2d_pairs prepared_workload(pg_set *g, test_set *set, uint64_t seed, int64_t pairs, int nmin, int nmax,
                                     int distinct) {
    memset(g, 0, sizeof *g);
    pg_workload(g, seed, pairs, nmin, nmax, distinct);
    return prepare(g, set, 0);
}

/// The scalar reference's outputs of the three queries, in `ref` (allocated here).
static void run_reference(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                          query_outputs *ref) {
    outputs_alloc(ref, pairs->count);
    xc_run(&gjk2d__scalar_table, shapes, poses, pairs, 0, pairs->count, pairs->count, ref);
}

/// Run every table over the set with `poses`, compare each with the reference (the scalar table on the same
/// poses) and all of them with each other.
static void check_poses(const char *what, const test_set *t, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                        int64_t chunk) {
    xc_table tables[16];
    int nt = xc_tables_sat(tables, 16);
    cr_assert(nt >= 1, "no SIMD kernel table available");
    query_outputs ref, first;
    run_reference(t->shapes, poses, pairs, &ref);
    outputs_alloc(&first, pairs->count);
    int64_t failures = 0;
    for (int i = 0; i < nt; i++) {
        query_outputs got;
        outputs_alloc(&got, pairs->count);
        xc_run(tables[i].table, t->shapes, poses, pairs, 0, pairs->count, chunk, &got);
        int64_t exact = 0;
        int64_t bad = xc_compare_ref(tables[i].label, t, poses, pairs, &ref, &got, &exact);
        fprintf(stderr,
                "%s: %-12s %lld pairs x 3 queries, %lld outside tolerance, %lld bit-identical to the reference\n", what,
                tables[i].label, (long long)pairs->count, (long long)bad, (long long)exact);
        failures += bad;
        if (i == 0) {
            outputs_free(&first);
            first = got;
            continue;
        }
        int64_t diff = xc_compare_exact(tables[0].label, tables[i].label, t, poses, pairs, &first, &got);
        cr_expect(diff == 0, "%s: %s and %s differ on %lld pairs (must be bit-identical)", what, tables[0].label,
                  tables[i].label, (long long)diff);
        outputs_free(&got);
    }
    cr_expect(failures == 0, "%s: %lld pair/ISA results outside tolerance (see stderr)", what, (long long)failures);
    outputs_free(&ref);
    outputs_free(&first);
}

/// Prepare a generated set with its float poses and check it.
static void check_set(const char *what, const pg_set *g, int64_t chunk) {
    test_set t;
    gjk2d_pairs pairs = prepare(g, &t, 1);
    check_poses(what, &t, &t.poses, &pairs, chunk);
    test_set_free(&t);
}

Test(simd, every_isa_equals_reference_on_random_polygons) {
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x5eed0001, RANDOM_PAIRS, 3, 8, 4096);
    check_set("random 3..8-gons", &g, 1 << 20);
    pg_free(&g);
}

/// Triangles and quads: every block's shapes have at most LANE_SMALL vertices, so its loops run over that many
/// columns of the rows (lanes_tmpl.h), sharp and, in the second set, every A rounded.
Test(simd, every_isa_equals_reference_on_triangles_and_quads) {
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x5eed0034, RANDOM_PAIRS / 4, 3, 4, 1024);
    check_set("random 3..4-gons", &g, 1 << 20);
    for (int32_t i = 0; i < g.ns; i += 2) g.radius[i] = 0.25f;
    check_set("random 3..4-gons, A rounded", &g, 1 << 20);
    pg_free(&g);
}

/// Points and segments, sharp and rounded (circles and capsules): blocks whose shapes have at most LANE_TINY
/// vertices run over their own largest count, 1 or 2 columns (lanes_tmpl.h); the points alone, over 1.
Test(simd, every_isa_equals_reference_on_points_and_segments) {
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x5eed0012, RANDOM_PAIRS / 4, 1, 2, 1024);
    check_set("points and segments", &g, 1 << 20);
    for (int32_t i = 0; i < g.ns; i++) g.radius[i] = 0.5f;
    check_set("circles and capsules", &g, 1 << 20);
    pg_free(&g);
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x5eed0011, RANDOM_PAIRS / 8, 1, 1, 1024);
    for (int32_t i = 0; i < g.ns; i += 2) g.radius[i] = 0.75f;
    check_set("points, A rounded", &g, 1 << 20);
    pg_free(&g);
}

/// Polygons against points and segments in runs of 64 pairs (pg_points_and_segments_in_runs): whole blocks
/// whose two shapes have column bounds of their own, a row against one or two columns (lanes_tmpl.h,
/// lane_own_columns), sharp and rounded.
Test(simd, every_isa_equals_reference_on_polygons_against_points_and_segments) {
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x5eed0061, RANDOM_PAIRS / 4, 3, 8, 1024);
    pg_points_and_segments_in_runs(&g, 64);
    check_set("polygons against points and segments", &g, 1 << 20);
    for (int32_t i = 0; i < g.ns; i++) g.radius[i] = 0.25f;
    check_set("rounded polygons against circles and capsules", &g, 1 << 20);
    pg_free(&g);
}

/// Blocks whose shapes lie within a few consecutive poses, in every order and at the arrays' end
/// (pg_pairs_near_in_every_order): their packed poses are read by vector loads and a permute where they fit
/// 2W poses (lanes_tmpl.h, lane_near), by gathers where they do not.
Test(simd, every_isa_equals_reference_on_pairs_near_in_the_pose_arrays) {
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x5eed0071, 20000, 3, 8, 1024); // a multiple of 16: the last block ends at the last pose
    pg_pairs_near_in_every_order(&g, 0x5eed0072);
    test_set t;
    gjk2d_pairs pairs = prepare(&g, &t, 0);
    // Each field in an allocation of its own size, so that a read past the last pose is out of bounds (AddressSanitizer).
    float *field[4];
    const float *from[4] = {t.px, t.py, t.c, t.s};
    for (int f = 0; f < 4; f++) {
        field[f] = malloc((size_t)g.ns * sizeof(float));
        cr_assert(field[f]);
        memcpy(field[f], from[f], (size_t)g.ns * sizeof(float));
    }
    const gjk2d_poses poses = {field[0], field[1], field[2], field[3], g.ns, 0, GJK2D_FLOAT32};
    check_poses("pairs near in the pose arrays", &t, &poses, &pairs, 1 << 20);
    for (int f = 0; f < 4; f++) free(field[f]);
    test_set_free(&t);
    pg_free(&g);
}

// ---------------------------------------------------------------------------------------------
// Hard cases.

Test(simd, every_isa_equals_reference_on_hard_cases) {
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_hard_cases(&g, 12);
    check_set("hard cases", &g, 1 << 20);
    // The same pairs through small ranges: lanes refill across range ends differently.
    check_set("hard cases, ranges of 7", &g, 7);
    pg_free(&g);
}

Test(simd, every_isa_equals_reference_on_16_and_64_gons) {
    // 16-gons fill the fast path; 64-gons take the reference path; mixed in one batch.
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x16, 2000, 16, 16, 64);
    pg_workload(&g, 0x64, 500, 60, 64, 16);
    pg_workload(&g, 0x1664, 2000, 3, 64, 256);
    check_set("16- and 64-gons", &g, 1 << 20);
    pg_free(&g);
}

// ---------------------------------------------------------------------------------------------
// Batch sizes and ranges: 0, 1, W-1, W+1 and a prime, starting at an odd offset; nothing outside
// the range may be written.

Test(simd, every_range_equals_reference_and_writes_only_its_pairs) {
    pg_set g;
    test_set set;
    gjk2d_pairs pairs = prepared_workload(&g, &set, 0xb5, 400, 3, 8, 64);
    query_outputs ref;
    run_reference(set.shapes, &set.poses, &pairs, &ref);
    xc_table tables[16];
    int nt = xc_tables_sat(tables, 16);
    for (int t = 0; t < nt; t++) {
        const int w = tables[t].table->width;
        const int64_t sizes[] = {0, 1, w - 1, w + 1, 97, 3 * w + 5};
        for (int s = 0; s < 6; s++) {
            const int64_t begin = 13, end = begin + sizes[s];
            query_outputs got;
            outputs_alloc(&got, pairs.count);
            query_outputs poison;
            outputs_alloc(&poison, pairs.count);
            xc_run(tables[t].table, set.shapes, &set.poses, &pairs, begin, end, sizes[s] > 0 ? sizes[s] : 1, &got);
            for (int64_t k = 0; k < pairs.count; k++) {
                const query_outputs *want = k >= begin && k < end ? &ref : &poison;
                int same = xc_pair_exact(&got, want, k);
                if (!same) xc_print_pair(&set, &set.poses, &pairs, k);
                cr_assert(same, "isa=%s batch [%lld, %lld): pair %lld %s", tables[t].label, (long long)begin,
                          (long long)end, (long long)k,
                          k >= begin && k < end ? "differs from the reference" : "was written");
            }
            outputs_free(&got);
            outputs_free(&poison);
        }
    }
    outputs_free(&ref);
    test_set_free(&set);
    pg_free(&g);
}

// A kernel asks the caches for the shapes of pairs ahead of the block it runs (lanes_tmpl.h, "Prefetch"),
// from sets of at least 16,384 shapes. Only the pairs of the call's range have checked shape indices: the
// requests for pairs past its end may form any address but must never read the set at them (a row's
// address is read from a shape's lane head). Here the pairs past the end name a shape far beyond the set,
// so such a read faults. Ranges from 0 to 3,000, 3,005 and 8,983 of 9,000 pairs of 3..8-gons (ordered by
// vertex count in windows on 16 lanes), every kernel of the pair list.

/// Every query a pair list reaches (the three of xc_run, the cached distance warm and with a cutoff, the
/// cached overlap, the manifold) over [0, end), into o, m (count, normal, first separation) and cache.
static void run_every_pair_query(const gjk2d_kernel_table *t, const test_set *set, const gjk2d_pairs *pairs,
                                 int64_t end, query_outputs *o, query_outputs *warm, gjk2d_cache *cache,
                                 const gjk2d_manifold_out *m) {
    xc_run(t, set->shapes, &set->poses, pairs, 0, end, end, o);
    const gjk2d_distance_out dout = outputs_distance(warm);
    const gjk2d_overlap_out oout = outputs_overlap(warm);
    t->distance_cached(set->shapes, &set->poses, pairs, 0, end, cache, INFINITY, &dout);
    t->distance_cached(set->shapes, &set->poses, pairs, 0, end, cache, 0.5f, &dout);
    t->overlap_cached(set->shapes, &set->poses, pairs, 0, end, cache, &oout);
    t->manifold(set->shapes, &set->poses, pairs, 0, end, 0.05f, m);
}

/// Every query on every table over [0, end) of a pair list whose entries past `end` name no shape, against
/// the same run on the clean list, for three ends. The set has 18,000 shapes, above the kernels' prefetch
/// threshold, and its pairs are in the order of their shapes (W1's kind), so 16-lane blocks ask by lines
/// (lane_block_ranges); `distinct` prototypes (0: a polygon per shape, whose rows do not stay cached and
/// are asked for by lines, reading the heads at the ranges' ends).
static void check_requests_ahead(int distinct) {
    enum { PAIRS = 9000 };
    pg_set g;
    test_set set;
    const gjk2d_pairs clean = prepared_workload(&g, &set, 0x9e7c, PAIRS, 3, 8, distinct);
    int32_t *pa = malloc(PAIRS * sizeof *pa), *pb = malloc(PAIRS * sizeof *pb);
    uint8_t *count[2], *status[2];
    float *nx[2], *sep[2];
    gjk2d_cache *cache[2];
    for (int s = 0; s < 2; s++) {
        count[s] = malloc(PAIRS), status[s] = malloc(PAIRS);
        nx[s] = malloc(PAIRS * sizeof(float)), sep[s] = malloc(PAIRS * sizeof(float));
        cache[s] = malloc(PAIRS * sizeof(gjk2d_cache));
        cr_assert(count[s] && status[s] && nx[s] && sep[s] && cache[s]);
    }
    cr_assert(pa && pb);
    xc_table tables[16];
    const int nt = xc_tables_sat(tables, 16);
    const int64_t ends[] = {3000, 3000 + 5, PAIRS - 17};
    for (int e = 0; e < 3; e++) {
        const int64_t end = ends[e];
        for (int64_t k = 0; k < PAIRS; k++)
            pa[k] = k < end ? clean.a[k] : INT32_MAX - 1, pb[k] = k < end ? clean.b[k] : INT32_MAX - 1;
        const gjk2d_pairs poisoned = {pa, pb, PAIRS};
        for (int t = 0; t < nt; t++) {
            query_outputs o[2], warm[2];
            gjk2d_manifold_out m[2];
            for (int s = 0; s < 2; s++) {
                outputs_alloc(&o[s], PAIRS), outputs_alloc(&warm[s], PAIRS);
                memset(cache[s], 0, PAIRS * sizeof(gjk2d_cache));
                memset(&m[s], 0, sizeof m[s]);
                memset(count[s], 0xee, PAIRS), memset(status[s], 0xee, PAIRS); // unwritten: a difference
                memset(nx[s], 0xee, PAIRS * sizeof(float)), memset(sep[s], 0xee, PAIRS * sizeof(float));
                m[s].count = count[s], m[s].status = status[s], m[s].nx = nx[s], m[s].separation[0] = sep[s];
                run_every_pair_query(tables[t].table, &set, s ? &poisoned : &clean, end, &o[s], &warm[s], cache[s],
                                     &m[s]);
            }
            for (int64_t k = 0; k < end; k++) {
                const int same = xc_pair_exact(&o[0], &o[1], k) && xc_pair_exact(&warm[0], &warm[1], k) &&
                                 !memcmp(&cache[0][k], &cache[1][k], sizeof cache[0][k]) &&
                                 count[0][k] == count[1][k] && status[0][k] == status[1][k] &&
                                 !memcmp(&nx[0][k], &nx[1][k], sizeof(float)) &&
                                 !memcmp(&sep[0][k], &sep[1][k], sizeof(float));
                cr_assert(same,
                          "isa=%s, distinct=%d, range [0, %lld): pair %lld differs with the pairs past the range "
                          "poisoned",
                          tables[t].label, distinct, (long long)end, (long long)k);
            }
            for (int s = 0; s < 2; s++) outputs_free(&o[s]), outputs_free(&warm[s]);
        }
    }
    for (int s = 0; s < 2; s++) free(count[s]), free(status[s]), free(nx[s]), free(sep[s]), free(cache[s]);
    free(pa), free(pb);
    test_set_free(&set);
    pg_free(&g);
}

Test(simd, requests_ahead_read_no_shape_past_the_range) { check_requests_ahead(64); }

Test(simd, requests_ahead_by_lines_read_no_shape_past_the_range) { check_requests_ahead(0); }

// ---------------------------------------------------------------------------------------------
// Two threads splitting one batch with [begin, end) give the single-thread result.

/// A range of a batch on a thread of its own: through `table`, or the public call where it is NULL.
typedef struct split_job {
    const test_set *set;
    const gjk2d_pairs *pairs;
    int64_t begin, end;
    const gjk2d_distance_out *out;
    const gjk2d_kernel_table *table;
} split_job;

static void *split_run(void *arg) {
    split_job *j = arg;
    if (j->table)
        j->table->distance(j->set->shapes, &j->set->poses, j->pairs, j->begin, j->end, j->out);
    else
        gjk2d_batch_distance(j->set->shapes, &j->set->poses, j->pairs, j->begin, j->end, j->out);
    return NULL;
}

Test(simd, threads_split_a_batch) {
    pg_set g;
    test_set set;
    gjk2d_pairs pairs = prepared_workload(&g, &set, 0x7777, 20000, 3, 8, 512);
    query_outputs one, two;
    outputs_alloc(&one, pairs.count);
    outputs_alloc(&two, pairs.count);
    gjk2d_distance_out o1 = outputs_distance(&one), o2 = outputs_distance(&two);
    cr_assert_eq(gjk2d_batch_distance(set.shapes, &set.poses, &pairs, 0, pairs.count, &o1), 0);
    // Two threads share the one prepared set (read-only) and write disjoint ranges of the same arrays.
    split_job jobs[2] = {{&set, &pairs, 0, 9999, &o2, NULL}, {&set, &pairs, 9999, pairs.count, &o2, NULL}};
    pthread_t th[2];
    for (int i = 0; i < 2; i++) pthread_create(&th[i], NULL, split_run, &jobs[i]);
    for (int i = 0; i < 2; i++) pthread_join(th[i], NULL);
    for (int64_t k = 0; k < pairs.count; k++)
        cr_assert(xc_pair_exact(&one, &two, k), "pair %lld: two threads differ from one", (long long)k);
    outputs_free(&one);
    outputs_free(&two);
    test_set_free(&set);
    pg_free(&g);
}

/// Calls of at least LANE_OUT_STREAM_MIN pairs write whole blocks with streaming stores where the arrays are
/// aligned (wide.h, wf_out_store). On every table: the answers into 64-byte aligned arrays (streamed), into
/// arrays one element past that (stored as usual), and from two threads that each stream their own half of one
/// aligned set of arrays, are the same bit for bit; the pairs the lanes leave (slow lanes, stragglers) are
/// written again after their blocks' streamed stores.
Test(simd, streamed_outputs_equal_stored_ones) {
    enum { N = 100000, HALF = 50000 }; // each half over the streaming threshold, and a multiple of 16 pairs
    pg_set g;
    test_set set;
    gjk2d_pairs pairs = prepared_workload(&g, &set, 0x57e4, N, 1, 12, 2048);
    xc_table tables[16];
    const int nt = xc_tables_sat(tables, 16);
    for (int i = 0; i < nt; i++) {
        const gjk2d_kernel_table *kt = tables[i].table;
        query_outputs aligned, offset, halves;
        outputs_alloc(&aligned, N);
        outputs_alloc_at(&offset, N, 1);
        outputs_alloc(&halves, N);
        const gjk2d_distance_out oa = outputs_distance(&aligned), oo = outputs_distance(&offset),
                                 oh = outputs_distance(&halves);
        kt->distance(set.shapes, &set.poses, &pairs, 0, N, &oa);
        kt->distance(set.shapes, &set.poses, &pairs, 0, N, &oo);
        split_job jobs[2] = {{&set, &pairs, 0, HALF, &oh, kt}, {&set, &pairs, HALF, N, &oh, kt}};
        pthread_t th[2];
        for (int j = 0; j < 2; j++) pthread_create(&th[j], NULL, split_run, &jobs[j]);
        for (int j = 0; j < 2; j++) pthread_join(th[j], NULL);
        int64_t differ = 0;
        for (int64_t k = 0; k < N; k++)
            differ += !xc_pair_exact(&aligned, &offset, k) + !xc_pair_exact(&aligned, &halves, k);
        cr_expect(differ == 0, "%s: %lld pairs differ between aligned, unaligned and split outputs", tables[i].label,
                  (long long)differ);
        outputs_free(&aligned);
        outputs_free(&offset);
        outputs_free(&halves);
    }
    test_set_free(&set);
    pg_free(&g);
}

// ---------------------------------------------------------------------------------------------
// Dispatch.

Test(simd, set_isa_selects_each_supported_isa_and_rejects_others) {
    static const char *const names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
    for (int i = 0; i < 6; i++) {
        int ok = gjk2d_isa_supported(names[i]);
        int rc = gjk2d_set_isa(names[i]);
        if (ok) {
            cr_expect_eq(rc, GJK2D_OK, "set_isa(%s)", names[i]);
            cr_expect_str_eq(gjk2d_isa(), names[i]);
            cr_expect_eq(gjk2d_lane_width(), gjk2d__isa_table(names[i])->width);
        } else {
            cr_expect_eq(rc, GJK2D_ERR_ISA, "set_isa(%s) on a CPU or build without it", names[i]);
        }
        fprintf(stderr, "isa %-8s supported=%d cpu=%d\n", names[i], ok, gjk2d__cpu_has(names[i]));
    }
    cr_expect_eq(gjk2d_set_isa("bogus"), GJK2D_ERR_ISA);
    cr_expect_eq(gjk2d_set_isa(NULL), GJK2D_ERR_ISA);
    cr_expect(gjk2d_isa_supported("scalar"));
    cr_expect(!gjk2d_isa_supported("bogus"));
    cr_expect_eq(gjk2d_set_isa("auto"), GJK2D_OK);
    cr_expect_eq(gjk2d_lane_width(), gjk2d__active()->width);
    cr_expect_str_neq(gjk2d_isa(), "scalar", "auto should pick a SIMD kernel on any host with a SIMD build");
}

// The environment variable is read at the first batch call; Criterion runs each test in a fresh process.
Test(simd, env_forces_isa) {
    setenv("GJK2D_ISA", "scalar", 1);
    cr_expect_str_eq(gjk2d_isa(), "scalar");
    cr_expect_eq(gjk2d_lane_width(), 1);
}

Test(simd, env_unknown_isa_falls_back) {
    setenv("GJK2D_ISA", "avx1024", 1);
    cr_expect_str_neq(gjk2d_isa(), "avx1024");
    cr_expect_str_eq(gjk2d_isa(), gjk2d__active()->name);
    cr_expect_neq(gjk2d__active(), NULL);
    cr_expect(strstr(gjk2d_isa_reason(), "avx1024") != NULL, "the reason names the ignored value: \"%s\"",
              gjk2d_isa_reason());
}

// The cross-check must exercise the SIMD path, not the reference it falls back to: every pair of a
// random 3..8-gon set goes through the lanes, and lanes are refilled (every lane-step is used until the
// range runs dry). The lane counters count only in a -Dsimd_stats=true build: in any other build these
// tests check the other half of that promise, that nothing is counted (the hot path pays nothing).
#ifdef GJK2D_SIMD_STATS
static const int counting = 1;
#else
static const int counting = 0;
#endif

/// Without -Dsimd_stats: the counters stayed at zero although they were enabled.
static void expect_nothing_counted(const char *label, const gjk2d_simd_stats *s) {
    cr_expect(s->blocks == 0 && s->block_steps == 0 && s->lane_iterations == 0 && s->lane_steps == 0 &&
                  s->lane_slots == 0 && s->pairs == 0 && s->slow_pairs == 0,
              "isa=%s: lane counters counted (%lld pairs) in a build without -Dsimd_stats", label, (long long)s->pairs);
}

/// Run `query` (0 distance, 1 overlap) of a table over a set with the lane counters on.
static gjk2d_simd_stats counted_run(const gjk2d_kernel_table *table, int query, const test_set *set,
                                    const gjk2d_pairs *pairs, query_outputs *o) {
    gjk2d_distance_out d = outputs_distance(o);
    gjk2d_overlap_out v = outputs_overlap(o);
    gjk2d__simd_stats_enable(1);
    if (query == 0)
        table->distance(set->shapes, &set->poses, pairs, 0, pairs->count, &d);
    else
        table->overlap(set->shapes, &set->poses, pairs, 0, pairs->count, &v);
    gjk2d_simd_stats s;
    gjk2d__simd_stats_get(&s);
    gjk2d__simd_stats_enable(0);
    return s;
}

/// One table's lane counters over the pairs (`query` as counted_run takes it) in *s, expecting every pair
/// through the lanes (`what`) and none on the slow path. False when this build counts nothing (then
/// nothing may be counted).
static int all_through_lanes(const xc_table *t, int query, const test_set *set, const gjk2d_pairs *pairs,
                             query_outputs *o, const char *what, gjk2d_simd_stats *s) {
    *s = counted_run(t->table, query, set, pairs, o);
    if (!counting) {
        expect_nothing_counted(t->label, s);
        return 0;
    }
    cr_expect_eq(s->pairs, pairs->count, "isa=%s: %lld of %lld %s", t->label, (long long)s->pairs,
                 (long long)pairs->count, what);
    cr_expect_eq(s->slow_pairs, 0, "isa=%s", t->label);
    return 1;
}

Test(simd, fast_path_taken) {
    pg_set g;
    test_set set;
    gjk2d_pairs pairs = prepared_workload(&g, &set, 0xfa57, 5000, 3, 8, 256);
    xc_table tables[16];
    int nt = xc_tables(tables, 16);
    query_outputs o;
    outputs_alloc(&o, pairs.count);
    for (int t = 0; t < nt; t++) {
        gjk2d_simd_stats s;
        if (!all_through_lanes(&tables[t], 0, &set, &pairs, &o, "pairs through the lanes", &s)) continue;
        double use = (double)s.lane_steps / (double)s.lane_slots;
        // Lockstep blocks of W consecutive pairs, bounded at 4 iterations with the slower pairs restarted
        // in blocks of their own, must use more lane steps than blocks running to their slowest lane
        // would (the measured lane use: docs/design.md, Stragglers).
        cr_expect(use > 0.6, "isa=%s: lane use %.3f", tables[t].label, use);
        fprintf(stderr, "%-12s lanes %2d: mean iterations %.3f, lane use %.1f%%\n", tables[t].label,
                tables[t].table->width, (double)s.lane_iterations / (double)s.pairs, 100.0 * use);
    }
    outputs_free(&o);
    test_set_free(&set);
    pg_free(&g);
}

// Rounded pairs of the boolean query run through the distance lanes (not the reference) and agree with
// the reference bit for bit (check_set covers the values; this checks the path).
Test(simd, rounded_overlap_uses_lanes) {
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x20d, 3000, 3, 8, 128);
    for (int32_t i = 0; i < g.ns; i += 2) g.radius[i] = 0.25f; // every pair has a rounded A
    test_set set;
    gjk2d_pairs pairs = prepare(&g, &set, 0);
    xc_table tables[16];
    int nt = xc_tables(tables, 16);
    query_outputs o;
    outputs_alloc(&o, pairs.count);
    for (int t = 0; t < nt; t++) {
        gjk2d_simd_stats s;
        all_through_lanes(&tables[t], 1, &set, &pairs, &o, "rounded pairs through the distance lanes", &s);
    }
    outputs_free(&o);
    test_set_free(&set);
    pg_free(&g);
}

Test(simd, rounded_pairs_match_the_reference) {
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x20d, 3000, 3, 8, 128);
    for (int32_t i = 0; i < g.ns; i += 2) g.radius[i] = 0.25f;
    check_set("rounded pairs", &g, 1 << 20);
    pg_free(&g);
}

// ---------------------------------------------------------------------------------------------
// The comparison with the reference can fail: a copy of the reference's outputs passes it, and each
// wrong answer, one field of one pair at a time, fails it for that pair.

typedef enum wrong_answer {
    WRONG_DISTANCE,
    WRONG_CORE_DISTANCE,
    WRONG_POINT,
    WRONG_NORMAL,
    WRONG_FEATURE_RANGE,
    WRONG_FEATURE,
    WRONG_STATUS,
    WRONG_OVERLAP,
    WRONG_SEPARATION,
    WRONG_SAT_OVERLAP,
    WRONG_COUNT
} wrong_answer;

static void spoil(query_outputs *o, int64_t apart, int64_t deep, int32_t na, wrong_answer w) {
    const int64_t k = apart;
    switch (w) {
    case WRONG_DISTANCE: o->dist[k] += 1e-3f, o->sd[k] += 1e-3f; break;
    case WRONG_CORE_DISTANCE: o->core[k] += 1e-3f; break;
    case WRONG_POINT: o->ax[k] -= 1e-3f * o->nx[k], o->ay[k] -= 1e-3f * o->ny[k]; break; // off A's surface
    case WRONG_NORMAL: {                                                                 // turned by 1e-4 radians
        const float c = cosf(1e-4f), s = sinf(1e-4f), x = o->nx[k], y = o->ny[k];
        o->nx[k] = c * x - s * y, o->ny[k] = s * x + c * y;
        break;
    }
    case WRONG_FEATURE_RANGE: o->fa[k] = GJK2D_FEATURE_VERTEX(na); break;
    case WRONG_FEATURE: { // the vertex across the polygon from A's witness feature
        const int32_t i = GJK2D_FEATURE_INDEX(o->fa[k]);
        o->fa[k] = GJK2D_FEATURE_VERTEX((i + na / 2 + 1) % na);
        break;
    }
    case WRONG_STATUS: o->st[k] = GJK2D_STATUS_MAXITER; break;
    case WRONG_OVERLAP: o->ov[k] ^= 1; break;
    case WRONG_SEPARATION: o->sep[k] += 1e-3f; break;
    case WRONG_SAT_OVERLAP: o->sov[deep] ^= 1; break;
    case WRONG_COUNT: break;
    }
}

Test(simd, reference_comparison_fails_on_each_wrong_answer) {
    pg_set g;
    test_set set;
    gjk2d_pairs pairs = prepared_workload(&g, &set, 0xc0de, 400, 4, 8, 64);
    query_outputs ref, got;
    run_reference(set.shapes, &set.poses, &pairs, &ref);
    outputs_alloc(&got, pairs.count);
    // A pair clearly apart (a distance of at least 0.5) and one clearly overlapping (1 deep).
    int64_t apart = -1, deep = -1;
    for (int64_t k = 0; k < pairs.count; k++) {
        if (apart < 0 && ref.st[k] == GJK2D_STATUS_OK && ref.dist[k] > 0.5f) apart = k;
        if (deep < 0 && ref.sst[k] == GJK2D_STATUS_OK && ref.sep[k] < -1.0f) deep = k;
    }
    cr_assert(apart >= 0 && deep >= 0, "the workload has no pair apart or no pair deep in contact");
    outputs_copy(&got, &ref);
    cr_expect_eq(xc_compare_ref("copy", &set, &set.poses, &pairs, &ref, &got, NULL), 0,
                 "a copy of the reference's outputs fails the comparison");
    static const char *const what[WRONG_COUNT] = {"distance",      "core distance", "closest point", "normal",
                                                  "feature index", "feature",       "status",        "overlap",
                                                  "separation",    "sat overlap"};
    const int32_t na = set.geometry.count[pairs.a[apart]];
    for (int w = 0; w < WRONG_COUNT; w++) {
        outputs_copy(&got, &ref);
        spoil(&got, apart, deep, na, (wrong_answer)w);
        int64_t bad = xc_compare_ref(what[w], &set, &set.poses, &pairs, &ref, &got, NULL);
        cr_expect_eq(bad, 1, "a wrong %s in one pair: %lld failing pairs", what[w], (long long)bad);
    }
    outputs_free(&ref);
    outputs_free(&got);
    test_set_free(&set);
    pg_free(&g);
}
