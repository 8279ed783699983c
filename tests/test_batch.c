// The batch API on the scalar path: same answers as the single-pair calls, argument errors that write
// nothing, invalid shapes isolated to their pairs, NULL output fields skipped, ranges honoured.
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "check.h"
#include "outputs.h"

#define NS 48  // shapes
#define NP 400 // pairs
#define NV (NS * 8 + 8)
#define BAD_SHAPE 7   // NaN vertex
#define BAD_SHAPE2 11 // clockwise

static float vx[NV], vy[NV], radius[NS], px[NS], py[NS], cs[NS], sn[NS];
static int32_t first[NS], count[NS], pa[NP], pb[NP];
static test_set set;
static gjk2d_pairs pairs;

/// The outputs of every query (tests/support/outputs.h): the reference answers, those under test, and
/// a sentinel filling that shows any output a call should not have written.
static query_outputs got, ref, sentinel;

static void build(void) {
    oracle_rng r = oracle_rng_seed(99);
    int32_t at = 0;
    for (int k = 0; k < NS; k++) {
        test_shape t;
        int n = oracle_int(&r, 1, 8);
        random_shape(&r, n, oracle_uniform(&r, 0.5, 4.0), k % 3 == 0 ? 0.5 : 0.0, 8.0, &t);
        first[k] = at;
        count[k] = n;
        for (int i = 0; i < n; i++) {
            vx[at + i] = t.v[i].x;
            vy[at + i] = t.v[i].y;
        }
        at += n;
        radius[k] = t.s.radius;
        px[k] = t.pose.px;
        py[k] = t.pose.py;
        cs[k] = t.pose.c;
        sn[k] = t.pose.s;
    }
    // Shape BAD_SHAPE gets a NaN vertex; BAD_SHAPE2 becomes a clockwise square.
    vx[first[BAD_SHAPE]] = NAN;
    count[BAD_SHAPE2] = 4;
    const float sqx[] = {0, 0, 1, 1}, sqy[] = {0, 1, 1, 0};
    first[BAD_SHAPE2] = at;
    memcpy(vx + at, sqx, sizeof sqx);
    memcpy(vy + at, sqy, sizeof sqy);
    at += 4;
    for (int k = 0; k < NP; k++) {
        pa[k] = oracle_int(&r, 0, NS - 1);
        pb[k] = oracle_int(&r, 0, NS - 1);
    }
    pa[3] = BAD_SHAPE;
    pb[4] = BAD_SHAPE2;
    gjk2d_geometry g = {vx, vy, at, count, first, radius, NS};
    cr_assert_eq(test_set_make(&set, &g, px, py, cs, sn, NULL), 2, "two invalid shapes");
    pairs.a = pa;
    pairs.b = pb;
    pairs.count = NP;
    outputs_alloc(&sentinel, NP);
    outputs_fill(&sentinel, 0xAB);
    outputs_alloc(&got, NP);
    outputs_alloc(&ref, NP);
}

static void setup(void) {
    build();
    cr_assert_eq(gjk2d_set_isa("scalar"), 0);
    cr_assert_str_eq(gjk2d_isa(), "scalar");
    cr_assert_eq(gjk2d_lane_width(), 1);
    // The reference answers: full range, every field.
    gjk2d_distance_out d = outputs_distance(&ref);
    gjk2d_overlap_out o = outputs_overlap(&ref);
    gjk2d_sat_out s = outputs_sat(&ref);
    cr_assert_eq(gjk2d_batch_distance(set.shapes, &set.poses, &pairs, 0, NP, &d), GJK2D_OK);
    cr_assert_eq(gjk2d_batch_overlap(set.shapes, &set.poses, &pairs, 0, NP, &o), GJK2D_OK);
    cr_assert_eq(gjk2d_batch_sat(set.shapes, &set.poses, &pairs, 0, NP, &s), GJK2D_OK);
    outputs_copy(&got, &sentinel);
}

static void teardown(void) {
    test_set_free(&set);
    outputs_free(&got);
    outputs_free(&ref);
    outputs_free(&sentinel);
}

TestSuite(batch, .init = setup, .fini = teardown, .timeout = 60);

static int same_float(float x, float y) {
    return memcmp(&x, &y, sizeof x) == 0; // bit-identical, NaN included
}

Test(batch, equals_single_pair_queries) {
    gjk2d_vec2 va[8], vb[8];
    int invalid = 0;
    for (int k = 0; k < NP; k++) {
        gjk2d_shape a, b;
        gjk2d_pose qa, qb;
        test_set_shape(&set, NULL, pa[k], va, &a, &qa);
        test_set_shape(&set, NULL, pb[k], vb, &b, &qb);
        gjk2d_distance_result r;
        gjk2d_overlap_result o;
        gjk2d_sat_result s;
        gjk2d_distance(&a, &qa, &b, &qb, &r, NULL);
        gjk2d_overlap(&a, &qa, &b, &qb, &o);
        gjk2d_sat(&a, &qa, &b, &qb, &s);
        cr_assert(same_float(ref.dist[k], r.distance) && same_float(ref.ax[k], r.point_a.x) &&
                      same_float(ref.ay[k], r.point_a.y) && same_float(ref.bx[k], r.point_b.x) &&
                      same_float(ref.by[k], r.point_b.y) && same_float(ref.nx[k], r.normal.x) &&
                      same_float(ref.ny[k], r.normal.y),
                  "pair %d (%d, %d): batch distance %.9g differs from single %.9g", k, pa[k], pb[k],
                  (double)ref.dist[k], (double)r.distance);
        cr_assert(same_float(ref.sd[k], r.signed_distance) && same_float(ref.core[k], r.core_distance),
                  "pair %d: batch signed / core distance %.9g / %.9g, single %.9g / %.9g", k, (double)ref.sd[k],
                  (double)ref.core[k], (double)r.signed_distance, (double)r.core_distance);
        cr_assert(ref.fa[k] == r.feature_a && ref.fb[k] == r.feature_b,
                  "pair %d: batch features (%d, %d), single (%d, %d)", k, ref.fa[k], ref.fb[k], r.feature_a,
                  r.feature_b);
        cr_assert_eq(ref.iter[k], r.iterations, "pair %d", k);
        cr_assert_eq(ref.st[k], r.status, "pair %d", k);
        cr_assert_eq(ref.ov[k], o.overlap, "pair %d", k);
        cr_assert_eq(ref.oiter[k], o.iterations, "pair %d", k);
        cr_assert_eq(ref.ost[k], o.status, "pair %d", k);
        cr_assert_eq(ref.sov[k], s.overlap, "pair %d", k);
        cr_assert(same_float(ref.sep[k], s.separation) && same_float(ref.snx[k], s.normal.x) &&
                      same_float(ref.sny[k], s.normal.y),
                  "pair %d: batch sat differs", k);
        cr_assert_eq(ref.sst[k], s.status, "pair %d", k);
        if (r.status == GJK2D_STATUS_INVALID)
            invalid++;
        else
            cr_assert_eq(r.status, GJK2D_STATUS_OK, "pair %d status %d", k, r.status);
    }
    cr_expect(invalid >= 2, "the invalid shapes should appear in some pairs");
}

Test(batch, invalid_shape_only_spoils_its_pairs) {
    int valid = 0;
    for (int k = 0; k < NP; k++) {
        int bad = pa[k] == BAD_SHAPE || pb[k] == BAD_SHAPE || pa[k] == BAD_SHAPE2 || pb[k] == BAD_SHAPE2;
        if (bad) {
            cr_expect_eq(ref.st[k], GJK2D_STATUS_INVALID, "pair %d", k);
            cr_expect(isnan(ref.dist[k]) && isnan(ref.ax[k]) && isnan(ref.ay[k]) && isnan(ref.bx[k]) &&
                          isnan(ref.by[k]) && isnan(ref.nx[k]) && isnan(ref.ny[k]),
                      "pair %d: invalid pair floats must be NaN", k);
            cr_expect(isnan(ref.sd[k]) && isnan(ref.core[k]), "pair %d: signed / core not NaN", k);
            cr_expect(ref.fa[k] == GJK2D_FEATURE_NONE && ref.fb[k] == GJK2D_FEATURE_NONE,
                      "pair %d: invalid pair features %d, %d", k, ref.fa[k], ref.fb[k]);
            cr_expect_eq(ref.iter[k], 0);
            cr_expect_eq(ref.ov[k], 0);
            cr_expect_eq(ref.oiter[k], 0);
            cr_expect_eq(ref.ost[k], GJK2D_STATUS_INVALID);
            cr_expect_eq(ref.sov[k], 0);
            cr_expect(isnan(ref.sep[k]) && isnan(ref.snx[k]) && isnan(ref.sny[k]));
            cr_expect_eq(ref.sst[k], GJK2D_STATUS_INVALID);
        } else {
            valid++;
            cr_expect_eq(ref.st[k], GJK2D_STATUS_OK, "pair %d", k);
            cr_expect(isfinite(ref.dist[k]) && ref.dist[k] >= 0.0f);
            cr_expect_eq(ref.ost[k], GJK2D_STATUS_OK);
            cr_expect_eq(ref.sst[k], GJK2D_STATUS_OK);
        }
    }
    cr_expect(valid > NP / 2);
}

Test(batch, invalid_pairs_are_those_of_the_shapes_prepare_found_invalid) {
    // The set stores each shape's problem once; the batch calls go by it (and by nothing else).
    uint8_t problems[NS];
    memset(problems, 0xEE, sizeof problems);
    gjk2d_geometry g = {vx, vy, set.geometry.vertex_count, count, first, radius, NS};
    test_set again;
    cr_assert_eq(test_set_make(&again, &g, px, py, cs, sn, problems), 2);
    for (int32_t k = 0; k < NS; k++) {
        gjk2d_problem want = k == BAD_SHAPE    ? GJK2D_PROBLEM_NONFINITE
                             : k == BAD_SHAPE2 ? GJK2D_PROBLEM_CLOCKWISE
                                               : GJK2D_PROBLEM_NONE;
        cr_expect_eq(problems[k], want, "shape %d: problem %d, expected %d", k, problems[k], want);
        cr_expect_eq(gjk2d_shapes_problem(set.shapes, k), want, "shape %d: stored problem", k);
    }
    for (int k = 0; k < NP; k++) {
        int bad = problems[pa[k]] != GJK2D_PROBLEM_NONE || problems[pb[k]] != GJK2D_PROBLEM_NONE;
        cr_expect_eq(ref.st[k] == GJK2D_STATUS_INVALID, bad, "pair %d (%d, %d): status %d", k, pa[k], pb[k], ref.st[k]);
    }
    test_set_free(&again);
}

Test(batch, null_fields_are_skipped) {
    gjk2d_distance_out d = {0};
    d.distance = got.dist;
    d.status = got.st;
    cr_assert_eq(gjk2d_batch_distance(set.shapes, &set.poses, &pairs, 0, NP, &d), GJK2D_OK);
    cr_expect(memcmp(got.dist, ref.dist, NP * sizeof *got.dist) == 0);
    cr_expect(memcmp(got.st, ref.st, NP * sizeof *got.st) == 0);
    cr_expect(memcmp(got.ax, sentinel.ax, NP * sizeof *got.ax) == 0);
    gjk2d_distance_out n = {0};
    n.ny = got.ny;
    n.iterations = got.iter;
    cr_assert_eq(gjk2d_batch_distance(set.shapes, &set.poses, &pairs, 0, NP, &n), GJK2D_OK);
    cr_expect(memcmp(got.ny, ref.ny, NP * sizeof *got.ny) == 0);
    cr_expect(memcmp(got.iter, ref.iter, NP * sizeof *got.iter) == 0);
    gjk2d_distance_out none = {0};
    cr_expect_eq(gjk2d_batch_distance(set.shapes, &set.poses, &pairs, 0, NP, &none), GJK2D_OK);
    gjk2d_overlap_out o = {0};
    o.status = got.ost;
    cr_assert_eq(gjk2d_batch_overlap(set.shapes, &set.poses, &pairs, 0, NP, &o), GJK2D_OK);
    cr_expect(memcmp(got.ost, ref.ost, NP * sizeof *got.ost) == 0);
    cr_expect(memcmp(got.ov, sentinel.ov, NP * sizeof *got.ov) == 0);
    gjk2d_sat_out s = {0};
    s.separation = got.sep;
    cr_assert_eq(gjk2d_batch_sat(set.shapes, &set.poses, &pairs, 0, NP, &s), GJK2D_OK);
    cr_expect(memcmp(got.sep, ref.sep, NP * sizeof *got.sep) == 0);
    cr_expect(memcmp(got.snx, sentinel.snx, NP * sizeof *got.snx) == 0);
}

Test(batch, ranges_write_only_their_indices) {
    const int64_t ranges[][2] = {{37, 91}, {0, 1}, {NP - 1, NP}, {5, 5}, {0, NP}};
    for (int i = 0; i < 5; i++) {
        int64_t b = ranges[i][0], e = ranges[i][1];
        outputs_copy(&got, &sentinel);
        gjk2d_distance_out d = outputs_distance(&got);
        gjk2d_overlap_out o = outputs_overlap(&got);
        gjk2d_sat_out s = outputs_sat(&got);
        cr_assert_eq(gjk2d_batch_distance(set.shapes, &set.poses, &pairs, b, e, &d), GJK2D_OK);
        cr_assert_eq(gjk2d_batch_overlap(set.shapes, &set.poses, &pairs, b, e, &o), GJK2D_OK);
        cr_assert_eq(gjk2d_batch_sat(set.shapes, &set.poses, &pairs, b, e, &s), GJK2D_OK);
        for (int64_t k = 0; k < NP; k++) {
            const query_outputs *want = (k >= b && k < e) ? &ref : &sentinel;
            cr_assert(same_float(got.dist[k], want->dist[k]) && same_float(got.ax[k], want->ax[k]) &&
                          same_float(got.sd[k], want->sd[k]) && same_float(got.core[k], want->core[k]) &&
                          got.fa[k] == want->fa[k] && got.fb[k] == want->fb[k] && same_float(got.by[k], want->by[k]) &&
                          same_float(got.nx[k], want->nx[k]) && got.iter[k] == want->iter[k] &&
                          got.st[k] == want->st[k] && got.ov[k] == want->ov[k] && got.ost[k] == want->ost[k] &&
                          same_float(got.sep[k], want->sep[k]) && got.sst[k] == want->sst[k],
                      "range [%lld, %lld): index %lld %s", (long long)b, (long long)e, (long long)k,
                      want == &ref ? "not computed" : "written outside the range");
        }
    }
}

/// Runs all three batch calls (and gjk2d_check_batch) with the given arguments, expects `code` from each,
/// and that no output was touched.
static void expect_error(const char *what, const gjk2d_shapes *sh, const gjk2d_poses *po, const gjk2d_pairs *pr,
                         int64_t b, int64_t e, int code, int64_t bad_pair) {
    outputs_copy(&got, &sentinel);
    gjk2d_distance_out d = outputs_distance(&got);
    gjk2d_overlap_out o = outputs_overlap(&got);
    gjk2d_sat_out s = outputs_sat(&got);
    cr_expect_eq(gjk2d_batch_distance(sh, po, pr, b, e, &d), code, "%s: distance", what);
    cr_expect_eq(gjk2d_batch_overlap(sh, po, pr, b, e, &o), code, "%s: overlap", what);
    cr_expect_eq(gjk2d_batch_sat(sh, po, pr, b, e, &s), code, "%s: sat", what);
    cr_expect(outputs_equal(&got, &sentinel), "%s: outputs written despite the error", what);
    int64_t bp = 12345;
    cr_expect_eq(gjk2d_check_batch(sh, po, pr, b, e, &bp), code, "%s: check_batch", what);
    cr_expect_eq(bp, bad_pair, "%s: bad pair %lld, expected %lld", what, (long long)bp, (long long)bad_pair);
    cr_expect(gjk2d_error_message(code) != NULL && strlen(gjk2d_error_message(code)) > 0);
}

Test(batch, argument_errors_write_nothing) {
    const gjk2d_shapes *sh = set.shapes;
    gjk2d_poses p;
    gjk2d_pairs q;
    expect_error("NULL shapes", NULL, &set.poses, &pairs, 0, NP, GJK2D_ERR_NULL, -1);
    expect_error("NULL poses", sh, NULL, &pairs, 0, NP, GJK2D_ERR_NULL, -1);
    expect_error("NULL pairs", sh, &set.poses, NULL, 0, NP, GJK2D_ERR_NULL, -1);
    const void **fields[] = {&p.px, &p.py, (const void **)&p.c, (const void **)&p.s};
    for (int i = 0; i < 4; i++) {
        p = set.poses;
        *fields[i] = NULL;
        expect_error("NULL pose array", sh, &p, &pairs, 0, NP, GJK2D_ERR_NULL, -1);
    }
    q = pairs;
    q.a = NULL;
    expect_error("NULL pairs.a", sh, &set.poses, &q, 0, NP, GJK2D_ERR_NULL, -1);
    q = pairs;
    q.b = NULL;
    expect_error("NULL pairs.b", sh, &set.poses, &q, 10, 20, GJK2D_ERR_NULL, -1);

    expect_error("begin > end", sh, &set.poses, &pairs, 20, 10, GJK2D_ERR_RANGE, -1);
    expect_error("end > count", sh, &set.poses, &pairs, 0, NP + 1, GJK2D_ERR_RANGE, -1);
    expect_error("negative begin", sh, &set.poses, &pairs, -1, 10, GJK2D_ERR_RANGE, -1);
    q = pairs;
    q.count = -5;
    expect_error("negative pair count", sh, &set.poses, &q, 0, 0, GJK2D_ERR_RANGE, -1);

    // Poses: fewer than shapes, strides that are not a positive multiple of 4, an unknown position type.
    p = set.poses;
    p.count = NS - 1;
    expect_error("fewer poses than shapes", sh, &p, &pairs, 0, NP, GJK2D_ERR_POSES, -1);
    const int64_t strides[] = {-4, 2, 6, 17};
    for (int i = 0; i < 4; i++) {
        p = set.poses;
        p.stride = strides[i];
        expect_error("bad pose stride", sh, &p, &pairs, 0, NP, GJK2D_ERR_POSES, -1);
    }
    p = set.poses;
    p.position_type = (gjk2d_real)7;
    expect_error("unknown position type", sh, &p, &pairs, 0, NP, GJK2D_ERR_POSES, -1);

    // Memory that is not a prepared set.
    static uint64_t garbage[64];
    memset(garbage, 0x5A, sizeof garbage);
    expect_error("not a prepared set", (const gjk2d_shapes *)(void *)garbage, &set.poses, &pairs, 0, NP,
                 GJK2D_ERR_SHAPES, -1);

    int32_t a2[NP], b2[NP];
    memcpy(a2, pa, sizeof a2);
    memcpy(b2, pb, sizeof b2);
    q = pairs;
    q.a = a2;
    q.b = b2;
    a2[50] = NS; // one past the last shape
    expect_error("pair index = shape count", sh, &set.poses, &q, 0, NP, GJK2D_ERR_PAIR_INDEX, 50);
    expect_error("bad pair index inside a sub-range", sh, &set.poses, &q, 40, 60, GJK2D_ERR_PAIR_INDEX, 50);
    a2[50] = pa[50];
    b2[70] = -1;
    expect_error("negative pair index", sh, &set.poses, &q, 0, NP, GJK2D_ERR_PAIR_INDEX, 70);
    // A bad pair outside the range is not looked at.
    outputs_copy(&got, &sentinel);
    gjk2d_distance_out d = outputs_distance(&got);
    cr_expect_eq(gjk2d_batch_distance(sh, &set.poses, &q, 0, 70, &d), GJK2D_OK);
    cr_expect(memcmp(got.dist, ref.dist, 70 * sizeof(float)) == 0);
    b2[70] = pb[70];

    // No output struct at all.
    cr_expect_eq(gjk2d_batch_distance(sh, &set.poses, &pairs, 0, NP, NULL), GJK2D_ERR_NULL);
    cr_expect_eq(gjk2d_batch_overlap(sh, &set.poses, &pairs, 0, NP, NULL), GJK2D_ERR_NULL);
    cr_expect_eq(gjk2d_batch_sat(sh, &set.poses, &pairs, 0, NP, NULL), GJK2D_ERR_NULL);
}

Test(batch, failed_isa_selection_keeps_the_current_isa) {
    cr_expect_eq(gjk2d_set_isa("no-such-isa"), GJK2D_ERR_ISA);
    cr_expect_str_eq(gjk2d_isa(), "scalar", "a failed set_isa must keep the current implementation");
    cr_expect(gjk2d_isa_supported("scalar"));
    cr_expect(!gjk2d_isa_supported("no-such-isa"));
    cr_expect_eq(gjk2d_set_isa("auto"), 0);
    cr_expect(gjk2d_isa_supported(gjk2d_isa()));
    cr_expect(gjk2d_lane_width() >= 1);
    cr_expect_eq(gjk2d_set_isa("scalar"), 0);
}
