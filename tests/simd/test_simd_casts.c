// SPDX-License-Identifier: MIT
// The cast kernels (shape cast, ray cast, point query; src/simd/cast_tmpl.h) and the time of impact's
// distance queries in lanes (src/toi_batch.c) of every table this host runs, native and SIMDe-emulated,
// against the scalar table (the reference item by item): every output bit for bit. Random shapes of the cast tests (rounded polygons, circles, capsules, segments, points; 12- and
// 16-gons for the wide columns, 40-gons for the scalar path), casts toward A and away from it, overlapping
// starts, rays from inside, rays grazing an edge, query points inside and out, invalid items, and ranges that
// cut blocks.
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cast_oracle.h"
#include "pairgen.h"
#include "simd/simd.h"
#include "xcheck.h"

#ifdef GJK2D_FULL_TESTS
#define ITEMS 200000
#else
#define ITEMS 20000
#endif
#define SHAPES 1024

static cast_shape shape[SHAPES];
static gjk2d_shape shapes[SHAPES];
static gjk2d_pose poses[SHAPES];
static test_set set;

/// Shapes of the cast tests, every 64th a 12- or 16-gon, two 40-gons; one invalid shape and one bad pose.
/// sharp: every polygon without its radius (ray casts clip those).
static void make_set_of(int sharp) {
    oracle_rng r = oracle_rng_seed(0xca57);
    for (int k = 0; k < SHAPES; k++) {
        cast_random_shape(&r, &shape[k], 1);
        if (sharp && shape[k].s.count >= 3) shape[k].s.radius = 0.0f;
        if (k % 64 == 7 || k == 100 || k == 200) {
            static gjk2d_vec2 wide[SHAPES / 64 + 2][GJK2D_MAX_VERTICES];
            static float px[GJK2D_MAX_VERTICES], py[GJK2D_MAX_VERTICES];
            const int n = k == 100 || k == 200 ? 40 : (k % 128 == 7 ? 12 : 16);
            gjk2d_vec2 *v = wide[k == 100 ? SHAPES / 64 : k == 200 ? SHAPES / 64 + 1 : k / 64];
            rc_convex_sectors(oracle_stream(&r), n, 1.0, px, py);
            for (int i = 0; i < n; i++) v[i].x = px[i], v[i].y = py[i];
            shape[k].s.vertices = v;
            shape[k].s.count = n;
        }
        shapes[k] = shape[k].s;
        poses[k] = oracle_random_pose(&r, 3.0);
    }
    cr_assert_geq(test_set_from_shapes(&set, shapes, poses, SHAPES, NULL), 0);
    set.s[11] = 2.0f; // not a rotation
}

static void make_set(void) { make_set_of(0); }

static int exact(const void *a, const void *b, size_t n) { return memcmp(a, b, n) == 0; }

typedef struct cast_arrays {
    uint8_t *state, *status;
    float *fraction, *px, *py, *nx, *ny;
    int32_t *iterations;
} cast_arrays;

static gjk2d_cast_out cast_arrays_alloc(cast_arrays *a, int64_t n) {
    a->state = malloc((size_t)n), a->status = malloc((size_t)n);
    float **f[] = {&a->fraction, &a->px, &a->py, &a->nx, &a->ny};
    for (int i = 0; i < 5; i++) *f[i] = malloc(sizeof(float) * (size_t)n);
    a->iterations = malloc(sizeof(int32_t) * (size_t)n);
    memset(a->state, 0xee, (size_t)n), memset(a->status, 0xee, (size_t)n);
    for (int i = 0; i < 5; i++) memset(*f[i], 0xee, sizeof(float) * (size_t)n);
    memset(a->iterations, 0xee, sizeof(int32_t) * (size_t)n);
    gjk2d_cast_out o = {a->state, a->fraction, a->px, a->py, a->nx, a->ny, a->iterations, a->status};
    return o;
}

static void cast_arrays_free(cast_arrays *a) {
    free(a->state), free(a->status), free(a->fraction), free(a->px), free(a->py), free(a->nx), free(a->ny);
    free(a->iterations);
}

/// Items that differ from the reference in any output bit; prints the first few.
static int64_t cast_diff(const char *what, const char *label, const cast_arrays *ref, const cast_arrays *got,
                         int64_t n) {
    int64_t bad = 0;
    for (int64_t k = 0; k < n; k++) {
        const int same = ref->state[k] == got->state[k] && ref->status[k] == got->status[k] &&
                         exact(&ref->fraction[k], &got->fraction[k], 4) && exact(&ref->px[k], &got->px[k], 4) &&
                         exact(&ref->py[k], &got->py[k], 4) && exact(&ref->nx[k], &got->nx[k], 4) &&
                         exact(&ref->ny[k], &got->ny[k], 4) && ref->iterations[k] == got->iterations[k];
        if (same) continue;
        if (bad++ < 5)
            fprintf(stderr,
                    "%s %s item %lld: state %d/%d status %d/%d fraction %.9g/%.9g point (%.9g %.9g)/(%.9g %.9g) "
                    "normal (%.9g %.9g)/(%.9g %.9g) iterations %d/%d (reference/kernel)\n",
                    what, label, (long long)k, ref->state[k], got->state[k], ref->status[k], got->status[k],
                    ref->fraction[k], got->fraction[k], ref->px[k], ref->py[k], got->px[k], got->py[k], ref->nx[k],
                    ref->ny[k], got->nx[k], got->ny[k], ref->iterations[k], got->iterations[k]);
    }
    return bad;
}

/// Run `run` for the reference and every table over [0, n) in ranges of `chunk`; every output bit-identical.
typedef void (*cast_call)(const gjk2d_kernel_table *t, int64_t begin, int64_t end, const gjk2d_cast_out *out);

static void check_casts(const char *what, cast_call run, int64_t n, int64_t chunk) {
    xc_table tables[16];
    const int nt = xc_tables(tables, 16);
    cr_assert(nt >= 1, "no SIMD kernel table available");
    cast_arrays ref;
    const gjk2d_cast_out ro = cast_arrays_alloc(&ref, n);
    run(&gjk2d__scalar_table, 0, n, &ro);
    int64_t hits = 0, misses = 0, overlaps = 0, failed = 0;
    for (int64_t k = 0; k < n; k++) {
        hits += ref.status[k] <= GJK2D_STATUS_MAXITER && ref.state[k] == GJK2D_CAST_HIT;
        misses += ref.status[k] == GJK2D_STATUS_OK && ref.state[k] == GJK2D_CAST_MISS;
        overlaps += ref.state[k] == GJK2D_CAST_OVERLAP;
        failed += ref.status[k] > GJK2D_STATUS_MAXITER;
    }
    cr_assert(hits > n / 10 && misses > n / 10 && overlaps > 0 && failed > 0, "%s: every outcome reached", what);
    for (int i = 0; i < nt; i++) {
        cast_arrays got;
        const gjk2d_cast_out go = cast_arrays_alloc(&got, n);
        for (int64_t k = 0; k < n; k += chunk) run(tables[i].table, k, k + chunk < n ? k + chunk : n, &go);
        const int64_t bad = cast_diff(what, tables[i].label, &ref, &got, n);
        fprintf(stderr, "%s: %-12s %lld items (%lld hits, %lld misses, %lld overlaps, %lld invalid), %lld differ\n",
                what, tables[i].label, (long long)n, (long long)hits, (long long)misses, (long long)overlaps,
                (long long)failed, (long long)bad);
        cr_expect(bad == 0, "%s: %s differs from the reference on %lld items", what, tables[i].label, (long long)bad);
        cast_arrays_free(&got);
    }
    cast_arrays_free(&ref);
}

// ---------------------------------------------------------------------------------------------
// Shape cast

static int32_t pa_[ITEMS], pb_[ITEMS];
static float tx_[ITEMS], ty_[ITEMS];
static gjk2d_pairs cast_pairs;
static gjk2d_translations cast_trans;

static void run_cast(const gjk2d_kernel_table *t, int64_t begin, int64_t end, const gjk2d_cast_out *out) {
    t->cast(set.shapes, &set.poses, &cast_pairs, &cast_trans, begin, end, out);
}

/// Casts among the set's shapes of at most `most` vertices: all of them, those of at most 4 (triangles, quads,
/// capsules, circles), whose blocks run over LANE_SMALL columns, or of at most 2 (points and segments, sharp or
/// rounded), whose blocks run over 1 or 2 (LANE_TINY, lanes_tmpl.h).
static void make_casts_of(int most) {
    oracle_rng r = oracle_rng_seed(most > 4 ? 0xca58 : most > 2 ? 0xca59 : 0xca5a);
    for (int k = 0; k < ITEMS; k++) {
        int a = oracle_int(&r, 0, SHAPES - 1), b = oracle_int(&r, 0, SHAPES - 1);
        while (shapes[a].count > most || shapes[b].count > most)
            a = oracle_int(&r, 0, SHAPES - 1), b = oracle_int(&r, 0, SHAPES - 1);
        pa_[k] = a, pb_[k] = b;
        // Toward A (most hit), away from it (misses), none (a distance test), B moved onto A (overlaps).
        const int kind = k % 8;
        const gjk2d_vec2 t =
            cast_random_toward(&r, poses[b].px, poses[b].py, poses[a].px, poses[a].py, 2.0, kind == 5 ? -1.0 : 1.0);
        tx_[k] = t.x, ty_[k] = t.y;
        if (kind == 6) tx_[k] = ty_[k] = 0.0f;
        if (kind == 7) pb_[k] = a; // itself: overlapping at the start
    }
    tx_[3] = NAN;   // a bad translation
    ty_[4] = 1e30f; // out of range
    cast_pairs = (gjk2d_pairs){pa_, pb_, ITEMS};
    cast_trans = (gjk2d_translations){tx_, ty_};
}

static void make_casts(void) { make_casts_of(INT32_MAX); }

// ---------------------------------------------------------------------------------------------
// Ray cast and point query

static int32_t rs_[ITEMS];
static float ox_[ITEMS], oy_[ITEMS], dx_[ITEMS], dy_[ITEMS], mf_[ITEMS];
static gjk2d_rays rays;

static void run_ray(const gjk2d_kernel_table *t, int64_t begin, int64_t end, const gjk2d_cast_out *out) {
    t->ray(set.shapes, &set.poses, &rays, begin, end, out);
}

/// Shape k's vertex i in world frame.
static gjk2d_vec2 world_vertex(int k, int i) {
    const gjk2d_vec2 v = shapes[k].vertices[i % shapes[k].count];
    const gjk2d_vec2 w = {poses[k].c * v.x - poses[k].s * v.y + poses[k].px,
                          poses[k].s * v.x + poses[k].c * v.y + poses[k].py};
    return w;
}

/// Rays at random shapes; polygons_only: at polygons of 3 to 8 vertices but for every 97th ray, so that
/// most blocks of consecutive rays take the kernels' path for sharp polygons and some do not.
static void make_rays_at(int polygons_only) {
    oracle_rng r = oracle_rng_seed(0xca59);
    for (int k = 0; k < ITEMS; k++) {
        int a = oracle_int(&r, 0, SHAPES - 1);
        while (polygons_only && k % 97 && (shapes[a].count < 3 || shapes[a].count > 8))
            a = oracle_int(&r, 0, SHAPES - 1);
        rs_[k] = a;
        const int kind = k % 8;
        mf_[k] = kind == 1 ? (float)oracle_uniform(&r, 0.2, 3.0) : 1.0f;
        if (kind == 2 && shapes[a].count >= 2) {
            // Grazing: along the line of an edge (for a rounded shape, its offset surface's tangent when
            // offset by the radius along the edge's normal).
            const int i = oracle_int(&r, 0, shapes[a].count - 1);
            const gjk2d_vec2 p = world_vertex(a, i), q = world_vertex(a, i + 1);
            const double ex = q.x - p.x, ey = q.y - p.y, len = hypot(ex, ey);
            const double off = len > 0.0 ? shapes[a].radius / len : 0.0;
            ox_[k] = (float)(p.x - 2.0 * ex + off * ey), oy_[k] = (float)(p.y - 2.0 * ey - off * ex);
            dx_[k] = (float)(4.0 * ex), dy_[k] = (float)(4.0 * ey);
            continue;
        }
        if (kind == 3) {
            // From inside (or on) the shape: its first vertex, or the middle of two.
            const gjk2d_vec2 p = world_vertex(a, 0), q = world_vertex(a, shapes[a].count / 2);
            ox_[k] = 0.5f * (p.x + q.x), oy_[k] = 0.5f * (p.y + q.y);
        } else {
            ox_[k] = (float)oracle_uniform(&r, -6.0, 6.0), oy_[k] = (float)oracle_uniform(&r, -6.0, 6.0);
        }
        const gjk2d_vec2 d =
            cast_random_toward(&r, ox_[k], oy_[k], poses[a].px, poses[a].py, 0.8, kind == 5 ? -1.0 : 1.0);
        dx_[k] = d.x, dy_[k] = d.y;
    }
    dx_[3] = INFINITY; // a bad ray
    mf_[4] = -1.0f;    // a negative max_fraction
    rays = (gjk2d_rays){rs_, ox_, oy_, dx_, dy_, mf_, ITEMS};
}

static void make_rays(void) { make_rays_at(0); }

Test(simd_casts, shape_cast) {
    make_set();
    make_casts();
    check_casts("shape cast", run_cast, ITEMS, ITEMS);
    check_casts("shape cast, ranges of 13", run_cast, 4000, 13);
    make_casts_of(4);
    check_casts("shape cast among shapes of at most 4 vertices", run_cast, ITEMS, ITEMS);
    make_casts_of(2);
    check_casts("shape cast among points and segments", run_cast, ITEMS, ITEMS);
    test_set_free(&set);
}

/// Casts among shapes scaled by 2^-66 (a power of two: the same shapes, exactly), at poses as small, with
/// radius 0 or a tiny one, and casts that end exactly on a vertex of C: squared lengths of the search
/// direction fall below FLT_MIN there, where the reference rescales the direction before normalising it and
/// takes |v| unscaled (the kernels share one square root between them otherwise).
Test(simd_casts, shape_cast_at_tiny_scale) {
    enum { TINY_SHAPES = 256, TINY_ITEMS = 4096 };
    const float scale = 0x1p-66f;
    static cast_shape ts[TINY_SHAPES];
    static gjk2d_shape tshapes[TINY_SHAPES];
    static gjk2d_pose tposes[TINY_SHAPES];
    oracle_rng r = oracle_rng_seed(0x7171);
    for (int k = 0; k < TINY_SHAPES; k++) {
        cast_random_shape(&r, &ts[k], 1);
        for (int i = 0; i < ts[k].s.count; i++) ts[k].v[i].x *= scale, ts[k].v[i].y *= scale;
        ts[k].s.radius = k % 3 ? 0.0f : ts[k].s.radius * scale;
        tshapes[k] = ts[k].s;
        tposes[k] = oracle_random_pose(&r, 3.0);
        tposes[k].px *= scale, tposes[k].py *= scale;
        if (k % 4 == 0) tposes[k].c = 1.0f, tposes[k].s = 0.0f; // unrotated: exact vertex hits below
    }
    test_set tset;
    cr_assert_geq(test_set_from_shapes(&tset, tshapes, tposes, TINY_SHAPES, NULL), 0);
    static int32_t a[TINY_ITEMS], b[TINY_ITEMS];
    static float tx[TINY_ITEMS], ty[TINY_ITEMS];
    for (int k = 0; k < TINY_ITEMS; k++) {
        a[k] = oracle_int(&r, 0, TINY_SHAPES - 1), b[k] = oracle_int(&r, 0, TINY_SHAPES - 1);
        const gjk2d_pose pa = tposes[a[k]], pb = tposes[b[k]];
        if (k % 2 && a[k] % 4 == 0 && b[k] % 4 == 0) {
            // B's first vertex onto A's first vertex, exactly (both unrotated; the differences of floats
            // of one binade are exact).
            tx[k] = (pa.px + ts[a[k]].v[0].x) - (pb.px + ts[b[k]].v[0].x);
            ty[k] = (pa.py + ts[a[k]].v[0].y) - (pb.py + ts[b[k]].v[0].y);
        } else {
            const gjk2d_vec2 t = cast_random_toward(&r, pb.px, pb.py, pa.px, pa.py, 0.0, 1.0);
            tx[k] = t.x, ty[k] = t.y;
        }
    }
    const gjk2d_pairs pairs = {a, b, TINY_ITEMS};
    const gjk2d_translations trans = {tx, ty};
    cast_arrays ref;
    const gjk2d_cast_out ro = cast_arrays_alloc(&ref, TINY_ITEMS);
    gjk2d__scalar_table.cast(tset.shapes, &tset.poses, &pairs, &trans, 0, TINY_ITEMS, &ro);
    int64_t hits = 0;
    for (int k = 0; k < TINY_ITEMS; k++) hits += ref.state[k] == GJK2D_CAST_HIT && ref.fraction[k] > 0.0f;
    cr_assert(hits > TINY_ITEMS / 10, "tiny casts: %lld hits", (long long)hits);
    xc_table tables[16];
    const int nt = xc_tables(tables, 16);
    for (int i = 0; i < nt; i++) {
        cast_arrays got;
        const gjk2d_cast_out go = cast_arrays_alloc(&got, TINY_ITEMS);
        tables[i].table->cast(tset.shapes, &tset.poses, &pairs, &trans, 0, TINY_ITEMS, &go);
        const int64_t bad = cast_diff("tiny casts", tables[i].label, &ref, &got, TINY_ITEMS);
        cr_expect(bad == 0, "tiny casts: %s differs from the reference on %lld items", tables[i].label, (long long)bad);
        cast_arrays_free(&got);
    }
    cast_arrays_free(&ref);
    test_set_free(&tset);
}

Test(simd_casts, ray_cast) {
    make_set();
    make_rays();
    check_casts("ray cast", run_ray, ITEMS, ITEMS);
    check_casts("ray cast, ranges of 13", run_ray, 4000, 13);
    rays.max_fraction = NULL;
    check_casts("ray cast, max_fraction NULL", run_ray, 4000, 4000);
    test_set_free(&set);
}

Test(simd_casts, ray_cast_at_sharp_polygons) {
    make_set_of(1);
    make_rays_at(1);
    check_casts("ray cast at sharp polygons", run_ray, ITEMS, ITEMS);
    check_casts("ray cast at sharp polygons, ranges of 13", run_ray, 4000, 13);
    rays.max_fraction = NULL;
    check_casts("ray cast at sharp polygons, max_fraction NULL", run_ray, 4000, 4000);
    test_set_free(&set);
}

Test(simd_casts, point_query) {
    make_set();
    oracle_rng r = oracle_rng_seed(0xca5a);
    int32_t *ps = malloc(sizeof(int32_t) * ITEMS);
    float *qx = malloc(sizeof(float) * ITEMS), *qy = malloc(sizeof(float) * ITEMS);
    for (int k = 0; k < ITEMS; k++) {
        const int a = oracle_int(&r, 0, SHAPES - 1);
        ps[k] = a;
        if (k % 4 == 3) {
            // On a vertex, or between two: inside or on the boundary.
            const gjk2d_vec2 p = world_vertex(a, k), q = world_vertex(a, k + shapes[a].count / 2);
            const float t = k % 8 == 3 ? 0.0f : 0.5f;
            qx[k] = p.x + t * (q.x - p.x), qy[k] = p.y + t * (q.y - p.y);
        } else {
            qx[k] = (float)(poses[a].px + oracle_uniform(&r, -2.0, 2.0));
            qy[k] = (float)(poses[a].py + oracle_uniform(&r, -2.0, 2.0));
        }
    }
    qx[5] = NAN;
    const gjk2d_points points = {ps, qx, qy, ITEMS};
    const size_t n = ITEMS;
    typedef struct {
        uint8_t *inside, *status;
        float *f[5];
    } parrays;
    parrays ref, got;
    parrays *all[2] = {&ref, &got};
    for (int j = 0; j < 2; j++) {
        all[j]->inside = malloc(n), all[j]->status = malloc(n);
        memset(all[j]->inside, 0xee, n), memset(all[j]->status, 0xee, n);
        for (int i = 0; i < 5; i++) all[j]->f[i] = malloc(4 * n), memset(all[j]->f[i], 0xee, 4 * n);
    }
    const gjk2d_point_out ro = {ref.inside, ref.f[0], ref.f[1], ref.f[2], ref.f[3], ref.f[4], ref.status};
    const gjk2d_point_out go = {got.inside, got.f[0], got.f[1], got.f[2], got.f[3], got.f[4], got.status};
    gjk2d__scalar_table.point(set.shapes, &set.poses, &points, 0, ITEMS, &ro);
    int64_t inside = 0;
    for (size_t k = 0; k < n; k++) inside += ref.inside[k] && ref.status[k] == GJK2D_STATUS_OK;
    cr_assert(inside > ITEMS / 10 && inside < ITEMS / 2, "points inside and out");
    xc_table tables[16];
    const int nt = xc_tables(tables, 16);
    for (int t = 0; t < nt; t++) {
        for (int64_t k = 0; k < ITEMS; k += 1000)
            tables[t].table->point(set.shapes, &set.poses, &points, k, k + 1000, &go);
        int64_t bad = 0;
        for (size_t k = 0; k < n; k++) {
            int same = ref.inside[k] == got.inside[k] && ref.status[k] == got.status[k];
            for (int i = 0; i < 5; i++) same &= exact(&ref.f[i][k], &got.f[i][k], 4);
            if (!same && bad++ < 5)
                fprintf(stderr, "point %s item %zu: inside %d/%d distance %.9g/%.9g status %d/%d\n", tables[t].label, k,
                        ref.inside[k], got.inside[k], ref.f[0][k], got.f[0][k], ref.status[k], got.status[k]);
        }
        fprintf(stderr, "point query: %-12s %d items (%lld inside), %lld differ\n", tables[t].label, ITEMS,
                (long long)inside, (long long)bad);
        cr_expect(bad == 0, "point query: %s differs from the reference on %lld items", tables[t].label,
                  (long long)bad);
    }
    for (int j = 0; j < 2; j++) {
        free(all[j]->inside), free(all[j]->status);
        for (int i = 0; i < 5; i++) free(all[j]->f[i]);
    }
    free(ps), free(qx), free(qy);
    test_set_free(&set);
}

// ---------------------------------------------------------------------------------------------
// Time of impact

typedef struct toi_arrays {
    uint8_t *state, *status;
    float *t, *separation;
    int32_t *iterations;
} toi_arrays;

static gjk2d_toi_out toi_arrays_alloc(toi_arrays *a, int64_t n, int with_separation) {
    a->state = malloc((size_t)n), a->status = malloc((size_t)n);
    a->t = malloc(4 * (size_t)n), a->separation = malloc(4 * (size_t)n), a->iterations = malloc(4 * (size_t)n);
    memset(a->state, 0xee, (size_t)n), memset(a->status, 0xee, (size_t)n);
    memset(a->t, 0xee, 4 * (size_t)n), memset(a->separation, 0xee, 4 * (size_t)n);
    memset(a->iterations, 0xee, 4 * (size_t)n);
    gjk2d_toi_out o = {a->state, a->t, with_separation ? a->separation : NULL, a->iterations, a->status};
    return o;
}

static void toi_arrays_free(toi_arrays *a) {
    free(a->state), free(a->status), free(a->t), free(a->separation), free(a->iterations);
}

/// The batch time of impact through every table (its distance queries in lanes, toi_batch.c) against the
/// scalar table's (the reference pair by pair): every output bit for bit, with and without the separation
/// column (without it a separated pair skips its last distance query), over the whole range and in ranges of
/// 13. The sweeps converge on the middle of the set, rotating up to 2 radians, so that most pairs hit; a pair
/// of a shape with itself overlaps at the start; the 40-gons go to the reference from the kernels' first
/// distance query; one shape is invalid and one sweep is not finite.
Test(simd_casts, time_of_impact) {
    make_set();
    oracle_rng r = oracle_rng_seed(0x7017);
    static float sv[8][SHAPES];
    for (int k = 0; k < SHAPES; k++) {
        // One after the other: the order in which a call's arguments are evaluated is the compiler's choice.
        const double toward_x = oracle_uniform(&r, -0.5, 0.5), toward_y = oracle_uniform(&r, -0.5, 0.5);
        const gjk2d_sweep w = cast_random_sweep(&r, &shape[k], toward_x, toward_y, 2.0);
        const float f[8] = {w.local_center.x, w.local_center.y, w.c0.x, w.c0.y, w.c1.x, w.c1.y, w.a0, w.a1};
        for (int i = 0; i < 8; i++) sv[i][k] = f[i];
    }
    sv[7][9] = NAN; // a sweep that is not finite
    const gjk2d_sweeps sweeps = {sv[0], sv[1], sv[2], sv[3], sv[4], sv[5], sv[6], sv[7], SHAPES};
    for (int k = 0; k < ITEMS; k++) {
        pa_[k] = oracle_int(&r, 0, SHAPES - 1), pb_[k] = oracle_int(&r, 0, SHAPES - 1);
        if (k % 64 == 5) pb_[k] = pa_[k]; // itself: overlapped at the start
    }
    pa_[17] = 100, pb_[18] = 200; // 40-gons
    const gjk2d_pairs pairs = {pa_, pb_, ITEMS};
    const float target = 0.01f, tolerance = 1.25e-3f;
    xc_table tables[16];
    const int nt = xc_tables(tables, 16);
    cr_assert(nt >= 1, "no SIMD kernel table available");
    for (int with = 0; with < 2; with++) {
        toi_arrays ref;
        const gjk2d_toi_out ro = toi_arrays_alloc(&ref, ITEMS, with);
        gjk2d__toi_run(&gjk2d__scalar_table, set.shapes, &sweeps, &pairs, target, tolerance, 0, ITEMS, &ro);
        int64_t count[4] = {0, 0, 0, 0}, bad_items = 0;
        for (int k = 0; k < ITEMS; k++) {
            if (ref.status[k] != GJK2D_STATUS_OK)
                bad_items++;
            else
                count[ref.state[k] & 3]++;
        }
        fprintf(stderr,
                "time of impact, the reference on %d items: %lld hits, %lld separated, %lld overlapped, %lld "
                "failed, %lld bad\n",
                ITEMS, (long long)count[GJK2D_TOI_HIT], (long long)count[GJK2D_TOI_SEPARATED],
                (long long)count[GJK2D_TOI_OVERLAPPED], (long long)count[GJK2D_TOI_FAILED], (long long)bad_items);
        cr_assert(count[GJK2D_TOI_HIT] > ITEMS / 10 && count[GJK2D_TOI_SEPARATED] > ITEMS / 10 &&
                      count[GJK2D_TOI_OVERLAPPED] > 0 && bad_items > 0,
                  "time of impact: every outcome reached");
        for (int i = 0; i < nt; i++) {
            for (int chunk = 0; chunk < 2; chunk++) {
                const int64_t step = chunk ? 13 : ITEMS, n = chunk ? 4000 : ITEMS;
                toi_arrays got;
                const gjk2d_toi_out go = toi_arrays_alloc(&got, n, with);
                for (int64_t k = 0; k < n; k += step)
                    gjk2d__toi_run(tables[i].table, set.shapes, &sweeps, &pairs, target, tolerance, k,
                                   k + step < n ? k + step : n, &go);
                int64_t bad = 0;
                for (int64_t k = 0; k < n; k++) {
                    const int same = ref.state[k] == got.state[k] && ref.status[k] == got.status[k] &&
                                     exact(&ref.t[k], &got.t[k], 4) && ref.iterations[k] == got.iterations[k] &&
                                     (!with || exact(&ref.separation[k], &got.separation[k], 4));
                    if (!same && bad++ < 5)
                        fprintf(stderr,
                                "toi %s item %lld: state %d/%d t %.9g/%.9g separation %.9g/%.9g iterations %d/%d "
                                "status %d/%d (reference/kernel)\n",
                                tables[i].label, (long long)k, ref.state[k], got.state[k], ref.t[k], got.t[k],
                                ref.separation[k], got.separation[k], ref.iterations[k], got.iterations[k],
                                ref.status[k], got.status[k]);
                }
                fprintf(stderr, "time of impact%s%s: %-12s %lld items, %lld differ\n", with ? ", with separation" : "",
                        chunk ? ", ranges of 13" : "", tables[i].label, (long long)n, (long long)bad);
                cr_expect(bad == 0, "time of impact: %s differs from the reference on %lld items", tables[i].label,
                          (long long)bad);
                toi_arrays_free(&got);
            }
        }
        toi_arrays_free(&ref);
    }
    test_set_free(&set);
}
