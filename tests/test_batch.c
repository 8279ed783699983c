// The batch API on the scalar path: same answers as the single-pair calls, argument errors that write
// nothing, invalid shapes isolated to their pairs, NULL output fields skipped, ranges honoured.
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "check.h"

#define NS 48   // shapes
#define NP 400  // pairs
#define NV (NS * 8 + 8)
#define BAD_SHAPE 7    // NaN vertex
#define BAD_SHAPE2 11  // clockwise

static float vx[NV], vy[NV], radius[NS], px[NS], py[NS], cs[NS], sn[NS];
static int32_t first[NS], count[NS], pa[NP], pb[NP];
static gjk2d_pool pool;
static gjk2d_pairs pairs;

/// One full set of outputs.
typedef struct outputs {
    float distance[NP], ax[NP], ay[NP], bx[NP], by[NP], nx[NP], ny[NP];
    int32_t iterations[NP];
    uint8_t status[NP];
    uint8_t overlap[NP];
    int32_t o_iterations[NP];
    uint8_t o_status[NP];
    uint8_t s_overlap[NP];
    float separation[NP], snx[NP], sny[NP];
    uint8_t s_status[NP];
} outputs;

static outputs got, ref, sentinel;

static gjk2d_distance_out dist_out(outputs *o) {
    gjk2d_distance_out d = {o->distance, o->ax, o->ay, o->bx, o->by, o->nx, o->ny, o->iterations, o->status};
    return d;
}
static gjk2d_overlap_out over_out(outputs *o) {
    gjk2d_overlap_out d = {o->overlap, o->o_iterations, o->o_status};
    return d;
}
static gjk2d_sat_out sat_out(outputs *o) {
    gjk2d_sat_out d = {o->s_overlap, o->separation, o->snx, o->sny, o->s_status};
    return d;
}

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
    gjk2d_pool p = {vx, vy, at, first, count, radius, px, py, cs, sn, NS, NULL};
    pool = p;
    pairs.a = pa;
    pairs.b = pb;
    pairs.count = NP;
    memset(&sentinel, 0xAB, sizeof sentinel);
}

static void setup(void) {
    build();
    cr_assert_eq(gjk2d_set_isa("scalar"), 0);
    cr_assert_str_eq(gjk2d_isa(), "scalar");
    cr_assert_eq(gjk2d_lane_width(), 1);
    // The reference answers: full range, every field.
    gjk2d_distance_out d = dist_out(&ref);
    gjk2d_overlap_out o = over_out(&ref);
    gjk2d_sat_out s = sat_out(&ref);
    cr_assert_eq(gjk2d_batch_distance(&pool, &pairs, 0, NP, &d), GJK2D_OK);
    cr_assert_eq(gjk2d_batch_overlap(&pool, &pairs, 0, NP, &o), GJK2D_OK);
    cr_assert_eq(gjk2d_batch_sat(&pool, &pairs, 0, NP, &s), GJK2D_OK);
    memcpy(&got, &sentinel, sizeof got);
}

TestSuite(batch, .init = setup, .timeout = 60);

static int same_float(float x, float y) {
    return memcmp(&x, &y, sizeof x) == 0; // bit-identical, NaN included
}

static void shape_of(int32_t k, gjk2d_vec2 *v, gjk2d_shape *s, gjk2d_pose *p) {
    for (int i = 0; i < count[k]; i++) {
        v[i].x = vx[first[k] + i];
        v[i].y = vy[first[k] + i];
    }
    s->vertices = v;
    s->count = count[k];
    s->radius = radius[k];
    p->px = px[k];
    p->py = py[k];
    p->c = cs[k];
    p->s = sn[k];
}

Test(batch, equals_single_pair_queries) {
    gjk2d_vec2 va[8], vb[8];
    int invalid = 0;
    for (int k = 0; k < NP; k++) {
        gjk2d_shape a, b;
        gjk2d_pose qa, qb;
        shape_of(pa[k], va, &a, &qa);
        shape_of(pb[k], vb, &b, &qb);
        gjk2d_distance_result r;
        gjk2d_overlap_result o;
        gjk2d_sat_result s;
        gjk2d_distance(&a, &qa, &b, &qb, &r, NULL);
        gjk2d_overlap(&a, &qa, &b, &qb, &o);
        gjk2d_sat(&a, &qa, &b, &qb, &s);
        cr_assert(same_float(ref.distance[k], r.distance) && same_float(ref.ax[k], r.point_a.x) &&
                      same_float(ref.ay[k], r.point_a.y) && same_float(ref.bx[k], r.point_b.x) &&
                      same_float(ref.by[k], r.point_b.y) && same_float(ref.nx[k], r.normal.x) &&
                      same_float(ref.ny[k], r.normal.y),
                  "pair %d (%d, %d): batch distance %.9g differs from single %.9g", k, pa[k], pb[k],
                  (double)ref.distance[k], (double)r.distance);
        cr_assert_eq(ref.iterations[k], r.iterations, "pair %d", k);
        cr_assert_eq(ref.status[k], r.status, "pair %d", k);
        cr_assert_eq(ref.overlap[k], o.overlap, "pair %d", k);
        cr_assert_eq(ref.o_iterations[k], o.iterations, "pair %d", k);
        cr_assert_eq(ref.o_status[k], o.status, "pair %d", k);
        cr_assert_eq(ref.s_overlap[k], s.overlap, "pair %d", k);
        cr_assert(same_float(ref.separation[k], s.separation) && same_float(ref.snx[k], s.normal.x) &&
                      same_float(ref.sny[k], s.normal.y),
                  "pair %d: batch sat differs", k);
        cr_assert_eq(ref.s_status[k], s.status, "pair %d", k);
        if (r.status == GJK2D_STATUS_INVALID) invalid++;
        else cr_assert_eq(r.status, GJK2D_STATUS_OK, "pair %d status %d", k, r.status);
    }
    cr_expect(invalid >= 2, "the invalid shapes should appear in some pairs");
}

Test(batch, invalid_shape_only_spoils_its_pairs) {
    int valid = 0;
    for (int k = 0; k < NP; k++) {
        int bad = pa[k] == BAD_SHAPE || pb[k] == BAD_SHAPE || pa[k] == BAD_SHAPE2 || pb[k] == BAD_SHAPE2;
        if (bad) {
            cr_expect_eq(ref.status[k], GJK2D_STATUS_INVALID, "pair %d", k);
            cr_expect(isnan(ref.distance[k]) && isnan(ref.ax[k]) && isnan(ref.ay[k]) && isnan(ref.bx[k]) &&
                          isnan(ref.by[k]) && isnan(ref.nx[k]) && isnan(ref.ny[k]),
                      "pair %d: invalid pair floats must be NaN", k);
            cr_expect_eq(ref.iterations[k], 0);
            cr_expect_eq(ref.overlap[k], 0);
            cr_expect_eq(ref.o_iterations[k], 0);
            cr_expect_eq(ref.o_status[k], GJK2D_STATUS_INVALID);
            cr_expect_eq(ref.s_overlap[k], 0);
            cr_expect(isnan(ref.separation[k]) && isnan(ref.snx[k]) && isnan(ref.sny[k]));
            cr_expect_eq(ref.s_status[k], GJK2D_STATUS_INVALID);
        } else {
            valid++;
            cr_expect_eq(ref.status[k], GJK2D_STATUS_OK, "pair %d", k);
            cr_expect(isfinite(ref.distance[k]) && ref.distance[k] >= 0.0f);
            cr_expect_eq(ref.o_status[k], GJK2D_STATUS_OK);
            cr_expect_eq(ref.s_status[k], GJK2D_STATUS_OK);
        }
    }
    cr_expect(valid > NP / 2);
}

Test(batch, precomputed_problems_are_trusted) {
    uint8_t problems[NS];
    cr_assert_eq(gjk2d_validate_pool(&pool, problems, NULL), 2);
    pool.problems = problems;
    gjk2d_distance_out d = dist_out(&got);
    cr_assert_eq(gjk2d_batch_distance(&pool, &pairs, 0, NP, &d), GJK2D_OK);
    cr_expect(memcmp(got.distance, ref.distance, sizeof got.distance) == 0);
    cr_expect(memcmp(got.status, ref.status, sizeof got.status) == 0);
    // Marking a valid shape invalid makes its pairs invalid: the batch believes the array.
    int32_t victim = pa[0] == BAD_SHAPE || pa[0] == BAD_SHAPE2 ? pb[0] : pa[0];
    problems[victim] = GJK2D_PROBLEM_REFLEX;
    cr_assert_eq(gjk2d_batch_distance(&pool, &pairs, 0, NP, &d), GJK2D_OK);
    cr_expect_eq(got.status[0], GJK2D_STATUS_INVALID);
    cr_expect(isnan(got.distance[0]));
}

Test(batch, null_fields_are_skipped) {
    gjk2d_distance_out d = {0};
    d.distance = got.distance;
    d.status = got.status;
    cr_assert_eq(gjk2d_batch_distance(&pool, &pairs, 0, NP, &d), GJK2D_OK);
    cr_expect(memcmp(got.distance, ref.distance, sizeof got.distance) == 0);
    cr_expect(memcmp(got.status, ref.status, sizeof got.status) == 0);
    cr_expect(memcmp(got.ax, sentinel.ax, sizeof got.ax) == 0);
    gjk2d_distance_out n = {0};
    n.ny = got.ny;
    n.iterations = got.iterations;
    cr_assert_eq(gjk2d_batch_distance(&pool, &pairs, 0, NP, &n), GJK2D_OK);
    cr_expect(memcmp(got.ny, ref.ny, sizeof got.ny) == 0);
    cr_expect(memcmp(got.iterations, ref.iterations, sizeof got.iterations) == 0);
    gjk2d_distance_out none = {0};
    cr_expect_eq(gjk2d_batch_distance(&pool, &pairs, 0, NP, &none), GJK2D_OK);
    gjk2d_overlap_out o = {0};
    o.status = got.o_status;
    cr_assert_eq(gjk2d_batch_overlap(&pool, &pairs, 0, NP, &o), GJK2D_OK);
    cr_expect(memcmp(got.o_status, ref.o_status, sizeof got.o_status) == 0);
    cr_expect(memcmp(got.overlap, sentinel.overlap, sizeof got.overlap) == 0);
    gjk2d_sat_out s = {0};
    s.separation = got.separation;
    cr_assert_eq(gjk2d_batch_sat(&pool, &pairs, 0, NP, &s), GJK2D_OK);
    cr_expect(memcmp(got.separation, ref.separation, sizeof got.separation) == 0);
    cr_expect(memcmp(got.snx, sentinel.snx, sizeof got.snx) == 0);
}

Test(batch, ranges_write_only_their_indices) {
    const int64_t ranges[][2] = {{37, 91}, {0, 1}, {NP - 1, NP}, {5, 5}, {0, NP}};
    for (int i = 0; i < 5; i++) {
        int64_t b = ranges[i][0], e = ranges[i][1];
        memcpy(&got, &sentinel, sizeof got);
        gjk2d_distance_out d = dist_out(&got);
        gjk2d_overlap_out o = over_out(&got);
        gjk2d_sat_out s = sat_out(&got);
        cr_assert_eq(gjk2d_batch_distance(&pool, &pairs, b, e, &d), GJK2D_OK);
        cr_assert_eq(gjk2d_batch_overlap(&pool, &pairs, b, e, &o), GJK2D_OK);
        cr_assert_eq(gjk2d_batch_sat(&pool, &pairs, b, e, &s), GJK2D_OK);
        for (int64_t k = 0; k < NP; k++) {
            const outputs *want = (k >= b && k < e) ? &ref : &sentinel;
            cr_assert(same_float(got.distance[k], want->distance[k]) && same_float(got.ax[k], want->ax[k]) &&
                          same_float(got.by[k], want->by[k]) && same_float(got.nx[k], want->nx[k]) &&
                          got.iterations[k] == want->iterations[k] && got.status[k] == want->status[k] &&
                          got.overlap[k] == want->overlap[k] && got.o_status[k] == want->o_status[k] &&
                          same_float(got.separation[k], want->separation[k]) &&
                          got.s_status[k] == want->s_status[k],
                      "range [%lld, %lld): index %lld %s", (long long)b, (long long)e, (long long)k,
                      want == &ref ? "not computed" : "written outside the range");
        }
    }
}

/// Runs all three batch calls (and gjk2d_check_batch) with the given arguments, expects `code` from each,
/// and that no output was touched.
static void expect_error(const char *what, const gjk2d_pool *pl, const gjk2d_pairs *pr, int64_t b, int64_t e,
                         int code, int64_t bad_pair) {
    memcpy(&got, &sentinel, sizeof got);
    gjk2d_distance_out d = dist_out(&got);
    gjk2d_overlap_out o = over_out(&got);
    gjk2d_sat_out s = sat_out(&got);
    cr_expect_eq(gjk2d_batch_distance(pl, pr, b, e, &d), code, "%s: distance", what);
    cr_expect_eq(gjk2d_batch_overlap(pl, pr, b, e, &o), code, "%s: overlap", what);
    cr_expect_eq(gjk2d_batch_sat(pl, pr, b, e, &s), code, "%s: sat", what);
    cr_expect(memcmp(&got, &sentinel, sizeof got) == 0, "%s: outputs written despite the error", what);
    int64_t bp = 12345;
    cr_expect_eq(gjk2d_check_batch(pl, pr, b, e, &bp), code, "%s: check_batch", what);
    cr_expect_eq(bp, bad_pair, "%s: bad pair %lld, expected %lld", what, (long long)bp, (long long)bad_pair);
    cr_expect(gjk2d_error_message(code) != NULL && strlen(gjk2d_error_message(code)) > 0);
}

Test(batch, argument_errors_write_nothing) {
    gjk2d_pool p;
    gjk2d_pairs q;
    expect_error("NULL pool", NULL, &pairs, 0, NP, GJK2D_ERR_NULL, -1);
    expect_error("NULL pairs", &pool, NULL, 0, NP, GJK2D_ERR_NULL, -1);
    const float **fields[] = {&p.vx, &p.vy, &p.px, &p.py, &p.c, &p.s};
    for (int i = 0; i < 6; i++) {
        p = pool;
        *fields[i] = NULL;
        expect_error("NULL pool float array", &p, &pairs, 0, NP, GJK2D_ERR_NULL, -1);
    }
    p = pool;
    p.first = NULL;
    expect_error("NULL first", &p, &pairs, 0, NP, GJK2D_ERR_NULL, -1);
    p = pool;
    p.count = NULL;
    expect_error("NULL count", &p, &pairs, 0, NP, GJK2D_ERR_NULL, -1);
    q = pairs;
    q.a = NULL;
    expect_error("NULL pairs.a", &pool, &q, 0, NP, GJK2D_ERR_NULL, -1);
    q = pairs;
    q.b = NULL;
    expect_error("NULL pairs.b", &pool, &q, 10, 20, GJK2D_ERR_NULL, -1);

    expect_error("begin > end", &pool, &pairs, 20, 10, GJK2D_ERR_RANGE, -1);
    expect_error("end > count", &pool, &pairs, 0, NP + 1, GJK2D_ERR_RANGE, -1);
    expect_error("negative begin", &pool, &pairs, -1, 10, GJK2D_ERR_RANGE, -1);
    q = pairs;
    q.count = -5;
    expect_error("negative pair count", &pool, &q, 0, 0, GJK2D_ERR_RANGE, -1);
    p = pool;
    p.shape_count = -1;
    expect_error("negative shape count", &p, &pairs, 0, NP, GJK2D_ERR_RANGE, -1);

    int32_t a2[NP], b2[NP];
    memcpy(a2, pa, sizeof a2);
    memcpy(b2, pb, sizeof b2);
    q = pairs;
    q.a = a2;
    q.b = b2;
    a2[50] = NS; // one past the last shape
    expect_error("pair index = shape_count", &pool, &q, 0, NP, GJK2D_ERR_PAIR_INDEX, 50);
    expect_error("bad pair index inside a sub-range", &pool, &q, 40, 60, GJK2D_ERR_PAIR_INDEX, 50);
    a2[50] = pa[50];
    b2[70] = -1;
    expect_error("negative pair index", &pool, &q, 0, NP, GJK2D_ERR_PAIR_INDEX, 70);
    // A bad pair outside the range is not looked at.
    memcpy(&got, &sentinel, sizeof got);
    gjk2d_distance_out d = dist_out(&got);
    cr_expect_eq(gjk2d_batch_distance(&pool, &q, 0, 70, &d), GJK2D_OK);
    cr_expect(memcmp(got.distance, ref.distance, 70 * sizeof(float)) == 0);
    b2[70] = pb[70];

    // Shape spans: a shape named by a pair whose vertices reach outside vx/vy.
    int32_t f2[NS];
    memcpy(f2, first, sizeof f2);
    p = pool;
    p.first = f2;
    int32_t victim = pa[0];
    f2[victim] = (int32_t)pool.vertex_count - count[victim] + 1;
    expect_error("span past the end", &p, &pairs, 0, NP, GJK2D_ERR_SHAPE_SPAN, 0);
    f2[victim] = -1;
    expect_error("negative first", &p, &pairs, 0, NP, GJK2D_ERR_SHAPE_SPAN, 0);
    f2[victim] = first[victim];
    p.vertex_count = pool.vertex_count - 1; // the last shape's span now overflows
    int64_t last_user = -1;
    int32_t last_shape = 0;
    for (int k = 0; k < NS; k++)
        if (first[k] + count[k] == pool.vertex_count) last_shape = k;
    for (int64_t k = 0; k < NP && last_user < 0; k++)
        if (pa[k] == last_shape || pb[k] == last_shape) last_user = k;
    cr_assert(last_user >= 0);
    expect_error("vertex_count too small", &p, &pairs, 0, NP, GJK2D_ERR_SHAPE_SPAN, last_user);

    // No output struct at all.
    cr_expect_eq(gjk2d_batch_distance(&pool, &pairs, 0, NP, NULL), GJK2D_ERR_NULL);
    cr_expect_eq(gjk2d_batch_overlap(&pool, &pairs, 0, NP, NULL), GJK2D_ERR_NULL);
    cr_expect_eq(gjk2d_batch_sat(&pool, &pairs, 0, NP, NULL), GJK2D_ERR_NULL);
}

Test(batch, isa_selection) {
    cr_expect_eq(gjk2d_set_isa("no-such-isa"), GJK2D_ERR_ISA);
    cr_expect_str_eq(gjk2d_isa(), "scalar", "a failed set_isa must keep the current implementation");
    cr_expect(gjk2d_isa_supported("scalar"));
    cr_expect(!gjk2d_isa_supported("no-such-isa"));
    cr_expect_eq(gjk2d_set_isa("auto"), 0);
    cr_expect(gjk2d_isa_supported(gjk2d_isa()));
    cr_expect(gjk2d_lane_width() >= 1);
    cr_expect_eq(gjk2d_set_isa("scalar"), 0);
}
