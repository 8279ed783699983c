// Poses on every ISA (the scalar table, every native kernel this host runs and every SIMDe-emulated one):
// the four layouts gjk2d_poses describes give the same bits, and a pose spoiled after the shapes were
// prepared gives its pairs GJK2D_STATUS_BAD_POSE while every other pair of the block keeps its bits.
#include <criterion/criterion.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pairgen.h"
#include "simd/simd.h"
#include "xcheck.h"

/// The scalar table followed by every SIMD table this host can run.
static int all_tables(xc_table *out, int cap) {
    snprintf(out[0].label, sizeof out[0].label, "scalar");
    out[0].table = &gjk2d__scalar_table;
    return 1 + xc_tables_sat(out + 1, cap - 1);
}

static void prepare(test_set *t, const pg_set *g) {
    gjk2d_geometry geo = pg_geometry(g);
    cr_assert_geq(test_set_make(t, &geo, g->px, g->py, g->c, g->s, NULL), 0);
}

/// Every layout against packed float arrays on one set, every table: bit-identical outputs (positions
/// that are floats are exact as doubles, and the relative pose is computed in double either way).
static void layouts_agree(const char *what, const pg_set *g) {
    test_set t;
    prepare(&t, g);
    gjk2d_pairs pairs = pg_pairs(g);
    xc_table tables[16];
    int nt = all_tables(tables, 16);
    for (int i = 0; i < nt; i++) {
        query_outputs base;
        outputs_alloc(&base, pairs.count);
        xc_run(tables[i].table, t.shapes, &t.poses, &pairs, 0, pairs.count, pairs.count, &base);
        for (int layout = TEST_POSES_REC32; layout < TEST_POSE_LAYOUTS; layout++) {
            void *storage;
            gjk2d_poses poses = test_poses_layout(&t, layout, 0.0, 0.0, &storage);
            query_outputs got;
            outputs_alloc(&got, pairs.count);
            xc_run(tables[i].table, t.shapes, &poses, &pairs, 0, pairs.count, pairs.count, &got);
            int64_t diff =
                xc_compare_exact("float arrays", test_pose_layout_name[layout], &t, &poses, &pairs, &base, &got);
            cr_expect(diff == 0, "%s, isa=%s: %s differ from float arrays on %lld pairs", what, tables[i].label,
                      test_pose_layout_name[layout], (long long)diff);
            outputs_free(&got);
            free(storage);
        }
        outputs_free(&base);
    }
    test_set_free(&t);
}

Test(simd, strided_records_and_double_positions_give_the_bits_of_float_arrays_on_every_isa) {
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_hard_cases(&g, 3);
    layouts_agree("hard cases", &g);
    pg_free(&g);
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0x1a70, 3000, 3, 12, 256);
    for (int32_t i = 0; i < g.ns; i += 3) g.radius[i] = 0.2f;
    layouts_agree("random polygons, some rounded", &g);
    pg_free(&g);
}

// ---------------------------------------------------------------------------------------------
// A bad pose set after preparing.

/// One way to spoil a pose: the numbers written over it, and whether only a double position can hold it.
typedef struct spoil {
    const char *what;
    double px, py;
    float c, s;
    int double_only;
} spoil;

static const spoil spoils[] = {
    {"NaN x", NAN, 0.0, 1.0f, 0.0f, 0},
    {"+inf y", 0.0, INFINITY, 1.0f, 0.0f, 0},
    {"-inf x", -INFINITY, 0.0, 1.0f, 0.0f, 0},
    {"NaN cos", 1.0, 2.0, NAN, 0.0f, 0},
    {"-inf sin", 1.0, 2.0, 1.0f, -INFINITY, 0},
    {"x = 2e15", 2e15, 0.0, 1.0f, 0.0f, 0},
    {"y = -1.5e15", 0.0, -1.5e15, 0.0f, 1.0f, 0},
    {"(c, s) = (0.6, 0.6)", 1.0, 2.0, 0.6f, 0.6f, 0},
    {"|(c, s)|^2 = 1 + 1.2e-6", 1.0, 2.0, 1.0000006f, 0.0f, 0},
    {"(c, s) = (0, 0)", 1.0, 2.0, 0.0f, 0.0f, 0},
    {"x = 1e16 (double)", 1e16, 0.0, 1.0f, 0.0f, 1},
    {"y = 1e15 + 1e8 (double; 1.0000001e15 as float)", 0.0, 1e15 + 1e8, 1.0f, 0.0f, 1},
    {"x = 1e300 (double)", 1e300, 0.0, 1.0f, 0.0f, 1},
};

static int is_bad_pose_output(const query_outputs *o, int64_t k) {
    const float *f[] = {o->dist, o->sd, o->core, o->ax, o->ay, o->bx, o->by, o->nx, o->ny, o->sep, o->snx, o->sny};
    for (size_t i = 0; i < sizeof f / sizeof f[0]; i++)
        if (!isnan(f[i][k])) return 0;
    return o->st[k] == GJK2D_STATUS_BAD_POSE && o->ost[k] == GJK2D_STATUS_BAD_POSE &&
           o->sst[k] == GJK2D_STATUS_BAD_POSE && o->ov[k] == 0 && o->sov[k] == 0 && o->iter[k] == 0 &&
           o->oiter[k] == 0 && o->fa[k] == GJK2D_FEATURE_NONE && o->fb[k] == GJK2D_FEATURE_NONE;
}

Test(simd, pose_spoiled_after_prepare_gives_bad_pose_to_its_pairs_only_on_every_isa) {
    // 300 random pairs (some rounded, some larger polygons); shape V, A of pair 37, also appears as A of
    // pair 300 and B of pair 301, so it sits in the middle of a block on every lane width and at the end.
    pg_set g;
    memset(&g, 0, sizeof g);
    pg_workload(&g, 0xbad9, 300, 3, 10, 64);
    for (int32_t i = 1; i < g.ns; i += 4) g.radius[i] = 0.3f;
    const int32_t V = g.pa[37];
    pg_add_pair(&g, V, g.pb[5]);
    pg_add_pair(&g, g.pa[9], V);
    test_set t;
    prepare(&t, &g);
    gjk2d_pairs pairs = pg_pairs(&g);
    xc_table tables[16];
    int nt = all_tables(tables, 16);
    int64_t spoiled_pairs = 0;
    for (int layout = 0; layout < TEST_POSE_LAYOUTS; layout++) {
        const int is64 = layout == TEST_POSES_SOA64 || layout == TEST_POSES_REC64;
        for (int i = 0; i < nt; i++) {
            void *storage;
            gjk2d_poses poses = test_poses_layout(&t, layout, 0.0, 0.0, &storage);
            query_outputs base;
            outputs_alloc(&base, pairs.count);
            xc_run(tables[i].table, t.shapes, &poses, &pairs, 0, pairs.count, pairs.count, &base);
            for (size_t b = 0; b < sizeof spoils / sizeof spoils[0]; b++) {
                const spoil *sp = &spoils[b];
                if (sp->double_only && !is64) continue;
                double px0, py0;
                float c0, s0;
                test_pose_at(&poses, V, &px0, &py0, &c0, &s0);
                test_pose_write(&poses, V, sp->px, sp->py, sp->c, sp->s);
                int64_t first_bad = -2;
                cr_expect_eq(gjk2d_check_poses(&poses, NULL, &first_bad), 1, "%s, %s: check_poses", sp->what,
                             test_pose_layout_name[layout]);
                cr_expect_eq(first_bad, V);
                query_outputs got;
                outputs_alloc(&got, pairs.count);
                xc_run(tables[i].table, t.shapes, &poses, &pairs, 0, pairs.count, pairs.count, &got);
                for (int64_t k = 0; k < pairs.count; k++) {
                    const int uses = pairs.a[k] == V || pairs.b[k] == V;
                    spoiled_pairs += uses;
                    int ok = uses ? is_bad_pose_output(&got, k) : xc_pair_exact(&base, &got, k);
                    if (!ok) {
                        xc_print_outputs("unspoiled", &base, k);
                        xc_print_outputs("spoiled", &got, k);
                    }
                    cr_assert(ok, "isa=%s, %s, pose %d spoiled with %s: pair %lld %s", tables[i].label,
                              test_pose_layout_name[layout], (int)V, sp->what, (long long)k,
                              uses ? "is not a bad-pose result (NaN floats, 0, NONE)"
                                   : "changed though it does not use the pose");
                }
                outputs_free(&got);
                test_pose_write(&poses, V, px0, py0, c0, s0);
            }
            outputs_free(&base);
            free(storage);
        }
    }
    cr_expect_gt(spoiled_pairs, 0);
    test_set_free(&t);
    pg_free(&g);
}
