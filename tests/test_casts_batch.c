// SPDX-License-Identifier: MIT
// The batch casts (gjk2d_batch_cast, _ray, _point, _toi): bit for bit the single-pair calls, every argument
// error with its code and nothing written, invalid shapes and bad poses, translations, rays, points and
// sweeps with their statuses (NaN floats) only on their items, NULL output fields skipped, ranges honoured.
#include <criterion/criterion.h>
#include <math.h>
#include <string.h>

#include "check.h"

#define NS 40  // shapes
#define NP 300 // pairs, rays, points
#define BAD_SHAPE 5
#define BAD_POSE 9

static float vx[NS * 8], vy[NS * 8], radius[NS];
static int32_t first[NS], count[NS], pa[NP], pb[NP];
static float tx[NP], ty[NP], ox[NP], oy[NP], dx[NP], dy[NP], mf[NP], qx[NP], qy[NP];
static float lx[NS], ly[NS], x0[NS], y0_[NS], x1[NS], y1_[NS], a0[NS], a1[NS];
static test_set set;
static gjk2d_pairs pairs;
static gjk2d_translations trans;
static gjk2d_rays rays;
static gjk2d_points points;
static gjk2d_sweeps sweeps;

typedef struct outputs {
    uint8_t state[NP], status[NP], inside[NP];
    float fraction[NP], px[NP], py[NP], nx[NP], ny[NP], t[NP], sep[NP], dist[NP];
    int32_t iterations[NP];
} outputs;
static outputs got, sentinel;

static gjk2d_cast_out cast_out(outputs *o) {
    gjk2d_cast_out c = {o->state, o->fraction, o->px, o->py, o->nx, o->ny, o->iterations, o->status};
    return c;
}
static gjk2d_point_out point_out(outputs *o) {
    gjk2d_point_out c = {o->inside, o->dist, o->px, o->py, o->nx, o->ny, o->status};
    return c;
}
static gjk2d_toi_out toi_out(outputs *o) {
    gjk2d_toi_out c = {o->state, o->t, o->sep, o->iterations, o->status};
    return c;
}

static void setup(void) {
    oracle_rng r = oracle_rng_seed(4242);
    int32_t at = 0;
    float px[NS], py[NS], c[NS], s[NS];
    for (int k = 0; k < NS; k++) {
        gjk2d_vec2 v[8];
        const int n = oracle_int(&r, 1, 8);
        if (n >= 3) rc_convex_sorted(oracle_stream(&r), n, 1.0, v);
        for (int i = 0; n < 3 && i < n; i++)
            v[i].x = (float)oracle_uniform(&r, -0.5, 0.5), v[i].y = (float)oracle_uniform(&r, -0.5, 0.5);
        first[k] = at, count[k] = n;
        for (int i = 0; i < n; i++) vx[at + i] = v[i].x, vy[at + i] = v[i].y;
        at += n;
        radius[k] = n < 3 || k % 3 == 0 ? (float)oracle_uniform(&r, 0.05, 0.4) : 0.0f;
        const gjk2d_pose p = oracle_random_pose(&r, 3.0);
        px[k] = p.px, py[k] = p.py, c[k] = p.c, s[k] = p.s;
        lx[k] = 0.1f, ly[k] = -0.1f;
        x0[k] = p.px, y0_[k] = p.py;
        x1[k] = (float)oracle_uniform(&r, -3.0, 3.0), y1_[k] = (float)oracle_uniform(&r, -3.0, 3.0);
        a0[k] = (float)oracle_uniform(&r, -3.0, 3.0), a1[k] = a0[k] + (float)oracle_uniform(&r, -1.0, 1.0);
    }
    vx[first[BAD_SHAPE]] = NAN; // an invalid shape
    gjk2d_geometry g = {vx, vy, at, count, first, radius, NS};
    cr_assert_eq(test_set_make(&set, &g, px, py, c, s, NULL), 1);
    set.c[BAD_POSE] = 2.0f; // not a rotation
    a0[BAD_POSE] = NAN;     // nor a sweep
    for (int k = 0; k < NP; k++) {
        pa[k] = oracle_int(&r, 0, NS - 1), pb[k] = oracle_int(&r, 0, NS - 1);
        tx[k] = (float)oracle_uniform(&r, -6.0, 6.0), ty[k] = (float)oracle_uniform(&r, -6.0, 6.0);
        ox[k] = (float)oracle_uniform(&r, -5.0, 5.0), oy[k] = (float)oracle_uniform(&r, -5.0, 5.0);
        dx[k] = -ox[k] * (float)oracle_uniform(&r, 0.5, 2.0), dy[k] = -oy[k] * (float)oracle_uniform(&r, 0.5, 2.0);
        mf[k] = (float)oracle_uniform(&r, 0.0, 1.5);
        qx[k] = (float)oracle_uniform(&r, -4.0, 4.0), qy[k] = (float)oracle_uniform(&r, -4.0, 4.0);
    }
    // Bad motions on a few items: NaN and too large translations, a negative max fraction, a NaN point.
    tx[7] = NAN, ty[8] = 2e15f, mf[11] = -1.0f, ox[12] = INFINITY, qy[13] = NAN, qx[14] = 3e15f;
    pairs = (gjk2d_pairs){pa, pb, NP};
    trans = (gjk2d_translations){tx, ty};
    rays = (gjk2d_rays){pa, ox, oy, dx, dy, mf, NP};
    points = (gjk2d_points){pb, qx, qy, NP};
    sweeps = (gjk2d_sweeps){lx, ly, x0, y0_, x1, y1_, a0, a1, NS};
    memset(&sentinel, 0xAB, sizeof sentinel);
    memcpy(&got, &sentinel, sizeof got);
}

static void teardown(void) { test_set_free(&set); }

TestSuite(cast_batch, .init = setup, .fini = teardown, .timeout = 60);

static int same(float x, float y) { return memcmp(&x, &y, sizeof x) == 0; }

static void shape_k(int32_t k, gjk2d_vec2 *v, gjk2d_shape *s, gjk2d_pose *p) { test_set_shape(&set, NULL, k, v, s, p); }

static void expect_cast(int k, const gjk2d_cast_result *r) {
    cr_assert(got.state[k] == r->state && same(got.fraction[k], r->fraction) && same(got.px[k], r->point.x) &&
                  same(got.py[k], r->point.y) && same(got.nx[k], r->normal.x) && same(got.ny[k], r->normal.y) &&
                  got.iterations[k] == r->iterations && got.status[k] == r->status,
              "item %d: batch differs from the single call (status %d / %d)", k, got.status[k], r->status);
}

Test(cast_batch, shape_cast_equals_single) {
    const gjk2d_cast_out o = cast_out(&got);
    cr_assert_eq(gjk2d_batch_cast(set.shapes, &set.poses, &pairs, &trans, 0, NP, &o), GJK2D_OK);
    int seen[4] = {0};
    for (int k = 0; k < NP; k++) {
        gjk2d_vec2 va[8], vb[8];
        gjk2d_shape a, b;
        gjk2d_pose qa, qb;
        shape_k(pa[k], va, &a, &qa);
        shape_k(pb[k], vb, &b, &qb);
        gjk2d_cast_result r;
        gjk2d_shape_cast(&a, &qa, &b, &qb, (gjk2d_vec2){tx[k], ty[k]}, &r);
        expect_cast(k, &r);
        seen[got.status[k]]++;
        const int invalid = pa[k] == BAD_SHAPE || pb[k] == BAD_SHAPE;
        const int bad = pa[k] == BAD_POSE || pb[k] == BAD_POSE || k == 7 || k == 8;
        cr_assert_eq(got.status[k],
                     invalid ? GJK2D_STATUS_INVALID
                     : bad   ? GJK2D_STATUS_BAD_POSE
                             : GJK2D_STATUS_OK,
                     "pair %d", k);
        if (invalid || bad)
            cr_assert(isnan(got.fraction[k]) && isnan(got.px[k]) && isnan(got.nx[k]) && got.iterations[k] == 0);
    }
    cr_assert(seen[GJK2D_STATUS_OK] && seen[GJK2D_STATUS_INVALID] && seen[GJK2D_STATUS_BAD_POSE]);
}

Test(cast_batch, ray_equals_single) {
    const gjk2d_cast_out o = cast_out(&got);
    cr_assert_eq(gjk2d_batch_ray(set.shapes, &set.poses, &rays, 0, NP, &o), GJK2D_OK);
    int states[3] = {0};
    for (int k = 0; k < NP; k++) {
        gjk2d_vec2 v[8];
        gjk2d_shape s;
        gjk2d_pose q;
        shape_k(pa[k], v, &s, &q);
        const gjk2d_ray ray = {{ox[k], oy[k]}, {dx[k], dy[k]}, mf[k]};
        gjk2d_cast_result r;
        gjk2d_ray_cast(&s, &q, &ray, &r);
        expect_cast(k, &r);
        const int bad = pa[k] == BAD_POSE || k == 11 || k == 12;
        if (pa[k] != BAD_SHAPE) cr_assert_eq(got.status[k], bad ? GJK2D_STATUS_BAD_POSE : GJK2D_STATUS_OK, "ray %d", k);
        if (got.status[k] == GJK2D_STATUS_OK) states[got.state[k]]++;
    }
    cr_assert(states[GJK2D_CAST_HIT] && states[GJK2D_CAST_MISS] && states[GJK2D_CAST_OVERLAP], "%d %d %d", states[0],
              states[1], states[2]);
    // max_fraction NULL: 1 for every ray.
    gjk2d_rays unit = rays;
    unit.max_fraction = NULL;
    cr_assert_eq(gjk2d_batch_ray(set.shapes, &set.poses, &unit, 0, NP, &o), GJK2D_OK);
    for (int k = 0; k < NP; k++) {
        gjk2d_vec2 v[8];
        gjk2d_shape s;
        gjk2d_pose q;
        shape_k(pa[k], v, &s, &q);
        const gjk2d_ray ray = {{ox[k], oy[k]}, {dx[k], dy[k]}, 1.0f};
        gjk2d_cast_result r;
        gjk2d_ray_cast(&s, &q, &ray, &r);
        expect_cast(k, &r);
    }
}

Test(cast_batch, point_equals_single) {
    const gjk2d_point_out o = point_out(&got);
    cr_assert_eq(gjk2d_batch_point(set.shapes, &set.poses, &points, 0, NP, &o), GJK2D_OK);
    for (int k = 0; k < NP; k++) {
        gjk2d_vec2 v[8];
        gjk2d_shape s;
        gjk2d_pose q;
        shape_k(pb[k], v, &s, &q);
        gjk2d_point_result r;
        gjk2d_point_query(&s, &q, (gjk2d_vec2){qx[k], qy[k]}, &r);
        cr_assert(got.inside[k] == r.inside && same(got.dist[k], r.distance) && same(got.px[k], r.closest.x) &&
                      same(got.py[k], r.closest.y) && same(got.nx[k], r.normal.x) && same(got.ny[k], r.normal.y) &&
                      got.status[k] == r.status,
                  "point %d", k);
        const int bad = pb[k] == BAD_POSE || k == 13 || k == 14;
        if (pb[k] != BAD_SHAPE)
            cr_assert_eq(got.status[k], bad ? GJK2D_STATUS_BAD_POSE : GJK2D_STATUS_OK, "point %d", k);
        else
            cr_assert(got.status[k] == GJK2D_STATUS_INVALID && isnan(got.dist[k]) && got.inside[k] == 0);
    }
}

Test(cast_batch, toi_equals_single) {
    const gjk2d_toi_out o = toi_out(&got);
    cr_assert_eq(gjk2d_batch_toi(set.shapes, &sweeps, &pairs, 0.01f, 1e-3f, 0, NP, &o), GJK2D_OK);
    int states[4] = {0};
    for (int k = 0; k < NP; k++) {
        gjk2d_vec2 va[8], vb[8];
        gjk2d_shape a, b;
        gjk2d_pose qa, qb;
        shape_k(pa[k], va, &a, &qa);
        shape_k(pb[k], vb, &b, &qb);
        const gjk2d_sweep sa = {
            {lx[pa[k]], ly[pa[k]]}, {x0[pa[k]], y0_[pa[k]]}, {x1[pa[k]], y1_[pa[k]]}, a0[pa[k]], a1[pa[k]]};
        const gjk2d_sweep sb = {
            {lx[pb[k]], ly[pb[k]]}, {x0[pb[k]], y0_[pb[k]]}, {x1[pb[k]], y1_[pb[k]]}, a0[pb[k]], a1[pb[k]]};
        gjk2d_toi_result r;
        gjk2d_time_of_impact(&a, &sa, &b, &sb, 0.01f, 1e-3f, &r);
        cr_assert(got.state[k] == r.state && same(got.t[k], r.t) && same(got.sep[k], r.separation) &&
                      got.iterations[k] == r.iterations && got.status[k] == r.status,
                  "pair %d", k);
        const int invalid = pa[k] == BAD_SHAPE || pb[k] == BAD_SHAPE;
        const int bad = pa[k] == BAD_POSE || pb[k] == BAD_POSE;
        cr_assert_eq(got.status[k], invalid ? GJK2D_STATUS_INVALID : bad ? GJK2D_STATUS_BAD_POSE : GJK2D_STATUS_OK);
        if (got.status[k] == GJK2D_STATUS_OK)
            states[got.state[k]]++;
        else
            cr_assert(isnan(got.t[k]) && got.state[k] == GJK2D_TOI_FAILED);
    }
    cr_assert(states[GJK2D_TOI_HIT] && states[GJK2D_TOI_SEPARATED] && states[GJK2D_TOI_OVERLAPPED]);
}

Test(cast_batch, null_fields_and_ranges) {
    // Only the state asked for, and only pairs [100, 150).
    outputs all;
    memcpy(&all, &sentinel, sizeof all);
    gjk2d_cast_out full = cast_out(&all), one = {0};
    one.state = got.state;
    cr_assert_eq(gjk2d_batch_cast(set.shapes, &set.poses, &pairs, &trans, 0, NP, &full), GJK2D_OK);
    cr_assert_eq(gjk2d_batch_cast(set.shapes, &set.poses, &pairs, &trans, 100, 150, &one), GJK2D_OK);
    for (int k = 0; k < NP; k++) cr_assert_eq(got.state[k], k >= 100 && k < 150 ? all.state[k] : sentinel.state[k]);
    cr_assert_eq(memcmp(got.fraction, sentinel.fraction, sizeof got.fraction), 0);
    gjk2d_toi_out t = {0};
    t.t = got.t;
    cr_assert_eq(gjk2d_batch_toi(set.shapes, &sweeps, &pairs, 0.0f, 1e-3f, 10, 10, &t), GJK2D_OK);
    cr_assert_eq(memcmp(got.t, sentinel.t, sizeof got.t), 0);
}

/// Without the separation column a separated pair skips its distance at t = 1; the rest is unchanged.
Test(cast_batch, toi_without_separation_same_times) {
    outputs all;
    memcpy(&all, &sentinel, sizeof all);
    const gjk2d_toi_out full = toi_out(&all);
    gjk2d_toi_out part = toi_out(&got);
    part.separation = NULL;
    cr_assert_eq(gjk2d_batch_toi(set.shapes, &sweeps, &pairs, 0.01f, 1e-3f, 0, NP, &full), GJK2D_OK);
    cr_assert_eq(gjk2d_batch_toi(set.shapes, &sweeps, &pairs, 0.01f, 1e-3f, 0, NP, &part), GJK2D_OK);
    for (int k = 0; k < NP; k++)
        cr_assert(got.state[k] == all.state[k] && same(got.t[k], all.t[k]) && got.iterations[k] == all.iterations[k] &&
                      got.status[k] == all.status[k],
                  "pair %d", k);
}

/// Every call's argument errors: the code, and nothing written.
Test(cast_batch, argument_errors_give_their_code_and_write_nothing) {
    const gjk2d_cast_out co = cast_out(&got);
    const gjk2d_point_out po = point_out(&got);
    const gjk2d_toi_out to = toi_out(&got);
    const gjk2d_shapes *S = set.shapes;
    const gjk2d_poses *P = &set.poses;
    gjk2d_poses bad_stride = set.poses;
    bad_stride.stride = 6;
    gjk2d_poses few = set.poses;
    few.count = NS - 1;
    int32_t bad_index[NP];
    memcpy(bad_index, pa, sizeof bad_index);
    bad_index[77] = NS;
    gjk2d_pairs bad_pairs = {bad_index, pb, NP};
    gjk2d_rays bad_rays = rays;
    bad_rays.shape = bad_index;
    gjk2d_points bad_points = points;
    bad_points.shape = bad_index;
    gjk2d_translations no_x = {NULL, ty};
    gjk2d_rays no_dy = rays;
    no_dy.dy = NULL;
    gjk2d_rays no_ox = rays;
    no_ox.ox = NULL;
    gjk2d_points no_shape = points;
    no_shape.shape = NULL;
    gjk2d_sweeps no_a1 = sweeps, few_sweeps = sweeps;
    no_a1.a1 = NULL;
    few_sweeps.count = NS - 1;
    char not_a_set[256];
    memset(not_a_set, 0, sizeof not_a_set);
    const gjk2d_shapes *junk = (const gjk2d_shapes *)not_a_set;

    struct {
        int got, want;
        const char *what;
    } cases[] = {
        {gjk2d_batch_cast(NULL, P, &pairs, &trans, 0, NP, &co), GJK2D_ERR_NULL, "cast: no set"},
        {gjk2d_batch_cast(S, NULL, &pairs, &trans, 0, NP, &co), GJK2D_ERR_NULL, "cast: no poses"},
        {gjk2d_batch_cast(S, P, NULL, &trans, 0, NP, &co), GJK2D_ERR_NULL, "cast: no pairs"},
        {gjk2d_batch_cast(S, P, &pairs, NULL, 0, NP, &co), GJK2D_ERR_NULL, "cast: no translations"},
        {gjk2d_batch_cast(S, P, &pairs, &no_x, 0, NP, &co), GJK2D_ERR_NULL, "cast: no translation x"},
        {gjk2d_batch_cast(S, P, &pairs, &trans, 0, NP, NULL), GJK2D_ERR_NULL, "cast: no output"},
        {gjk2d_batch_cast(junk, P, &pairs, &trans, 0, NP, &co), GJK2D_ERR_SHAPES, "cast: not a set"},
        {gjk2d_batch_cast(S, P, &pairs, &trans, 5, 4, &co), GJK2D_ERR_RANGE, "cast: begin > end"},
        {gjk2d_batch_cast(S, P, &pairs, &trans, 0, NP + 1, &co), GJK2D_ERR_RANGE, "cast: end > count"},
        {gjk2d_batch_cast(S, &bad_stride, &pairs, &trans, 0, NP, &co), GJK2D_ERR_POSES, "cast: stride"},
        {gjk2d_batch_cast(S, &few, &pairs, &trans, 0, NP, &co), GJK2D_ERR_POSES, "cast: few poses"},
        {gjk2d_batch_cast(S, P, &bad_pairs, &trans, 0, NP, &co), GJK2D_ERR_PAIR_INDEX, "cast: pair index"},
        {gjk2d_batch_ray(S, P, NULL, 0, NP, &co), GJK2D_ERR_NULL, "ray: no rays"},
        {gjk2d_batch_ray(S, P, &rays, 0, NP, NULL), GJK2D_ERR_NULL, "ray: no output"},
        {gjk2d_batch_ray(S, P, &no_dy, 0, NP, &co), GJK2D_ERR_NULL, "ray: no dy"},
        {gjk2d_batch_ray(S, P, &no_ox, 0, NP, &co), GJK2D_ERR_NULL, "ray: no ox"},
        {gjk2d_batch_ray(junk, P, &rays, 0, NP, &co), GJK2D_ERR_SHAPES, "ray: not a set"},
        {gjk2d_batch_ray(S, P, &rays, -1, NP, &co), GJK2D_ERR_RANGE, "ray: negative begin"},
        {gjk2d_batch_ray(S, &few, &rays, 0, NP, &co), GJK2D_ERR_POSES, "ray: few poses"},
        {gjk2d_batch_ray(S, P, &bad_rays, 0, NP, &co), GJK2D_ERR_PAIR_INDEX, "ray: shape index"},
        {gjk2d_batch_point(S, P, NULL, 0, NP, &po), GJK2D_ERR_NULL, "point: no points"},
        {gjk2d_batch_point(S, P, &no_shape, 0, NP, &po), GJK2D_ERR_NULL, "point: no shape array"},
        {gjk2d_batch_point(S, P, &points, 0, NP, NULL), GJK2D_ERR_NULL, "point: no output"},
        {gjk2d_batch_point(S, P, &points, 0, NP + 1, &po), GJK2D_ERR_RANGE, "point: end > count"},
        {gjk2d_batch_point(S, P, &bad_points, 0, NP, &po), GJK2D_ERR_PAIR_INDEX, "point: shape index"},
        {gjk2d_batch_toi(NULL, &sweeps, &pairs, 0.0f, 1e-3f, 0, NP, &to), GJK2D_ERR_NULL, "toi: no set"},
        {gjk2d_batch_toi(S, NULL, &pairs, 0.0f, 1e-3f, 0, NP, &to), GJK2D_ERR_NULL, "toi: no sweeps"},
        {gjk2d_batch_toi(S, &no_a1, &pairs, 0.0f, 1e-3f, 0, NP, &to), GJK2D_ERR_NULL, "toi: no a1"},
        {gjk2d_batch_toi(S, &few_sweeps, &pairs, 0.0f, 1e-3f, 0, NP, &to), GJK2D_ERR_POSES, "toi: few sweeps"},
        {gjk2d_batch_toi(junk, &sweeps, &pairs, 0.0f, 1e-3f, 0, NP, &to), GJK2D_ERR_SHAPES, "toi: not a set"},
        {gjk2d_batch_toi(S, &sweeps, &pairs, 0.0f, 1e-3f, 3, 2, &to), GJK2D_ERR_RANGE, "toi: begin > end"},
        {gjk2d_batch_toi(S, &sweeps, &bad_pairs, 0.0f, 1e-3f, 0, NP, &to), GJK2D_ERR_PAIR_INDEX, "toi: pair index"},
        {gjk2d_batch_toi(S, &sweeps, &pairs, 0.0f, 0.0f, 0, NP, &to), GJK2D_ERR_CAST_ARGUMENT, "toi: tolerance 0"},
        {gjk2d_batch_toi(S, &sweeps, &pairs, 0.0f, -1e-3f, 0, NP, &to), GJK2D_ERR_CAST_ARGUMENT,
         "toi: negative tolerance"},
        {gjk2d_batch_toi(S, &sweeps, &pairs, 0.0f, NAN, 0, NP, &to), GJK2D_ERR_CAST_ARGUMENT, "toi: NaN tolerance"},
        {gjk2d_batch_toi(S, &sweeps, &pairs, INFINITY, 1e-3f, 0, NP, &to), GJK2D_ERR_CAST_ARGUMENT,
         "toi: infinite target"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++)
        cr_assert_eq(cases[i].got, cases[i].want, "%s: %d (%s), expected %d", cases[i].what, cases[i].got,
                     gjk2d_error_message(cases[i].got), cases[i].want);
    cr_assert_eq(memcmp(&got, &sentinel, sizeof got), 0, "an error wrote an output");
    int64_t bad = -2;
    cr_assert_eq(gjk2d_check_items(S, P, bad_index, ox, oy, NP, 0, NP, &bad), GJK2D_ERR_PAIR_INDEX);
    cr_assert_eq(bad, 77);
    cr_assert_eq(gjk2d_check_items(S, P, pa, ox, oy, NP, 0, NP, &bad), GJK2D_OK);
    cr_assert_eq(bad, -1);
    cr_assert_str_eq(gjk2d_error_message(GJK2D_ERR_CAST_ARGUMENT),
                     "time of impact: tolerance not finite and positive, or target not finite");
}

Test(cast_batch, single_call_errors_and_names) {
    gjk2d_vec2 v[8];
    gjk2d_shape s;
    gjk2d_pose q;
    shape_k(0, v, &s, &q);
    gjk2d_cast_result r;
    cr_assert_eq(gjk2d_shape_cast(&s, &q, NULL, &q, (gjk2d_vec2){1, 0}, &r), GJK2D_STATUS_INVALID);
    cr_assert(isnan(r.fraction));
    cr_assert_eq(gjk2d_shape_cast(&s, &q, &s, &q, (gjk2d_vec2){NAN, 0}, &r), GJK2D_STATUS_BAD_POSE);
    cr_assert_eq(gjk2d_shape_cast(&s, &q, &s, &q, (gjk2d_vec2){1, 0}, NULL), GJK2D_STATUS_INVALID);
    cr_assert_eq(gjk2d_ray_cast(&s, &q, NULL, &r), GJK2D_STATUS_BAD_POSE);
    const gjk2d_ray far = {{0, 0}, {1e15f, 0}, 2.0f};
    cr_assert_eq(gjk2d_ray_cast(&s, &q, &far, &r), GJK2D_STATUS_BAD_POSE, "max_fraction * |translation| > 1e15");
    gjk2d_toi_result t;
    const gjk2d_sweep sw = {{0, 0}, {0, 0}, {1, 0}, 0, 0};
    gjk2d_sweep spin = sw;
    spin.a1 = 2.0f * GJK2D_MAX_ANGLE;
    cr_assert_eq(gjk2d_time_of_impact(&s, &sw, &s, &spin, 0.0f, 1e-3f, &t), GJK2D_STATUS_BAD_POSE);
    cr_assert_eq(gjk2d_time_of_impact(&s, &sw, &s, &sw, 0.0f, 0.0f, &t), GJK2D_STATUS_INVALID);
    cr_assert(isnan(t.t) && t.state == GJK2D_TOI_FAILED);
    cr_assert_eq(gjk2d_time_of_impact(&s, NULL, &s, &sw, 0.0f, 1e-3f, &t), GJK2D_STATUS_BAD_POSE);
    gjk2d_point_result p;
    cr_assert_eq(gjk2d_point_query(&s, &q, (gjk2d_vec2){NAN, 0}, &p), GJK2D_STATUS_BAD_POSE);
    cr_assert(isnan(p.distance) && p.inside == 0);
    cr_assert_str_eq(gjk2d_cast_state_name(GJK2D_CAST_OVERLAP), "overlap");
    cr_assert_str_eq(gjk2d_cast_state_name((gjk2d_cast_state)9), "unknown");
    cr_assert_str_eq(gjk2d_toi_state_name(GJK2D_TOI_FAILED), "failed");
    cr_assert_str_eq(gjk2d_toi_state_name((gjk2d_toi_state)9), "unknown");
    // The sweep's pose: the local centre lands on the centre.
    const gjk2d_sweep c = {{1.0f, 2.0f}, {3.0f, 4.0f}, {5.0f, 8.0f}, 0.5f, 1.5f};
    const gjk2d_pose mid = gjk2d_sweep_pose(&c, 0.5f);
    cr_assert_float_eq(mid.c * 1.0f - mid.s * 2.0f + mid.px, 4.0f, 1e-6f);
    cr_assert_float_eq(mid.s * 1.0f + mid.c * 2.0f + mid.py, 6.0f, 1e-6f);
    cr_assert_float_eq(mid.c, (float)cos(1.0), 1e-7f);
}

/// The sweeps' cos and sin are gjk2d's own (src/ref/toi.c); rounded to float they must equal the C
/// library's cos and sin rounded to float (glibc's are correctly rounded in double, so a disagreement would
/// need its double within an ulp of a float rounding boundary: about 2^-29 of the angles) on random angles
/// over the whole range and on angles next to multiples of pi/4, where the reduction changes quadrant.
Test(cast_batch, sweep_cos_sin_equal_the_c_library) {
    oracle_rng r = oracle_rng_seed(977);
    long mismatches = 0;
    const long n = 1000000;
    for (long k = 0; k < n; k++) {
        float a = (float)oracle_uniform(&r, -GJK2D_MAX_ANGLE, GJK2D_MAX_ANGLE);
        if (k % 4 == 0)
            a = nextafterf((float)(0.78539816339744831 * (double)(k % 2546 - 1273)), k % 8 ? INFINITY : -INFINITY);
        const gjk2d_sweep sw = {{0.0f, 0.0f}, {0.0f, 0.0f}, {0.0f, 0.0f}, a, a};
        const gjk2d_pose p = gjk2d_sweep_pose(&sw, 0.0f);
        mismatches += p.c != (float)cos((double)a) || p.s != (float)sin((double)a);
    }
    cr_assert_eq(mismatches, 0, "%ld of %ld angles differ from the C library's cos and sin", mismatches, n);
}

/// Extreme but valid inputs: every call returns a finite answer of a known state (no NaN, no hang).
Test(cast_batch, extreme_valid_inputs_give_finite_answers, .timeout = 60) {
    static const gjk2d_vec2 sq[4] = {{-1, -1}, {1, -1}, {1, 1}, {-1, 1}};
    static const gjk2d_vec2 tiny[3] = {{0, 0}, {1e-20f, 0}, {0, 1e-20f}};
    static const gjk2d_vec2 huge[3] = {{-1e15f, -1e15f}, {1e15f, -1e15f}, {0, 1e15f}};
    static const gjk2d_vec2 sliver[4] = {{-1, 0}, {1, 0}, {1, 1e-7f}, {-1, 1e-7f}};
    const gjk2d_shape shapes[] = {{sq, 4, 0.0f},  {tiny, 3, 0.0f},   {huge, 3, 0.0f}, {sliver, 4, 0.0f},
                                  {sq, 1, 1e15f}, {tiny, 1, 1e-30f}, {sq, 2, 0.5f}};
    const int ns = sizeof shapes / sizeof shapes[0];
    const gjk2d_pose poses[] = {{0, 0, 1, 0}, {1e15f, -1e15f, 0, 1}, {3e-20f, 0, 1, 0}, {2.5f, 0.5f, 0.6f, 0.8f}};
    const gjk2d_vec2 moves[] = {{0, 0}, {-4, 0}, {-1e15f, 1e15f}, {1e-30f, 0}, {-1e15f, 0}};
    int count = 0;
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < ns; j++)
            for (int pi = 0; pi < 4; pi++)
                for (int pj = 0; pj < 4; pj++)
                    for (int m = 0; m < 5; m++) {
                        gjk2d_cast_result r;
                        const gjk2d_status st =
                            gjk2d_shape_cast(&shapes[i], &poses[pi], &shapes[j], &poses[pj], moves[m], &r);
                        cr_assert(st == GJK2D_STATUS_OK || st == GJK2D_STATUS_MAXITER, "cast %d %d %d %d %d: %s", i, j,
                                  pi, pj, m, gjk2d_status_name(st));
                        cr_assert(isfinite(r.fraction) && r.fraction >= 0.0f && r.fraction <= 1.0f &&
                                      isfinite(r.point.x) && isfinite(r.normal.x) &&
                                      (unsigned)r.state <= GJK2D_CAST_OVERLAP,
                                  "cast %d %d %d %d %d: fraction %g", i, j, pi, pj, m, r.fraction);
                        const gjk2d_ray ray = {{poses[pj].px, poses[pj].py}, moves[m], m == 3 ? 0.0f : 1.0f};
                        cr_assert(gjk2d_ray_cast(&shapes[i], &poses[pi], &ray, &r) <= GJK2D_STATUS_MAXITER);
                        cr_assert(isfinite(r.fraction) && isfinite(r.point.y) && isfinite(r.normal.y));
                        gjk2d_point_result p;
                        cr_assert_eq(gjk2d_point_query(&shapes[i], &poses[pi], ray.origin, &p), GJK2D_STATUS_OK);
                        cr_assert(isfinite(p.distance) && isfinite(p.closest.x) && isfinite(p.normal.x));
                        count++;
                    }
    // Sweeps: standing still, spinning through GJK2D_MAX_ANGLE both ways, huge moves; targets and
    // tolerances from tiny to huge.
    const gjk2d_sweep sweeps[] = {{{0, 0}, {0, 0}, {0, 0}, 0, 0},
                                  {{0.5f, 0}, {3, 0}, {-3, 0}, -GJK2D_MAX_ANGLE, GJK2D_MAX_ANGLE},
                                  {{0, 0}, {1e15f, 0}, {-1e15f, 0}, 0, 1},
                                  {{0, 0}, {2.5f, 0.5f}, {2.5f, 0.5f}, 0, 0},
                                  {{0, 0}, {0, 4}, {0, -4}, 0, 3}};
    const float targets[][2] = {{0.0f, 1e-3f}, {1e10f, 1e-3f}, {0.0f, 1e10f}, {-1e10f, 1e-6f}, {0.01f, 1e-30f}};
    for (int i = 0; i < ns; i++)
        for (int j = 0; j < ns; j++)
            for (int si = 0; si < 5; si++)
                for (int sj = 0; sj < 5; sj++)
                    for (int k = 0; k < 5; k++) {
                        gjk2d_toi_result t;
                        cr_assert_eq(gjk2d_time_of_impact(&shapes[i], &sweeps[si], &shapes[j], &sweeps[sj],
                                                          targets[k][0], targets[k][1], &t),
                                     GJK2D_STATUS_OK);
                        cr_assert(t.t >= 0.0f && t.t <= 1.0f && (unsigned)t.state <= GJK2D_TOI_FAILED &&
                                      t.iterations <= GJK2D_TOI_ITERATION_CAP && !isnan(t.separation),
                                  "toi %d %d %d %d %d: t %g state %s", i, j, si, sj, k, t.t,
                                  gjk2d_toi_state_name(t.state));
                        count++;
                    }
    cr_log_info("extremes: %d queries", count);
}
