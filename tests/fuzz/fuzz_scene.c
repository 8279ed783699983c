// libFuzzer target: the gjk2d command's scene reader (src/cli/scene_read.c, with its number parser) on
// arbitrary bytes.
//
// The reader must either reject the file (scene_load returns -1 and keeps nothing) or return a scene
// the library takes as it is: scene_prepare (gjk2d_shapes_prepare and gjk2d_check_poses) not an
// error, its counts those of its per-shape problems, and gjk2d_check_batch OK over every pair. Then
// the first pairs run through the scalar reference and the automatic implementation, which must agree
// bit for bit on every distance field, with status invalid exactly for pairs with an invalid shape and
// bad-pose exactly for the others with a bad pose; and the scene written back by scene_write must read
// back to the same shapes and pairs (positions, radii, vertices bit for bit; rotations are written as
// angles, so cos and sin are recomputed and not compared). Everything it allocates is freed
// (LeakSanitizer runs at exit).
#define _GNU_SOURCE
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "fuzz_input.h"
#include "gjk2d.h"
#include "scene.h"

enum { MAX_RUN_PAIRS = 64 };

static int input_fd = -1;
static char input_path[64], dir_path[64], out_path[96];

static void fail(const char *what) { fz_fail("fuzz_scene", what); }

int LLVMFuzzerInitialize(int *argc, char ***argv) {
    (void)argc;
    (void)argv;
    // The bytes go to an in-memory file that the reader opens by name, like any scene file.
    input_fd = memfd_create("scene", 0);
    if (input_fd < 0) abort();
    snprintf(input_path, sizeof input_path, "/proc/self/fd/%d", input_fd);
    snprintf(dir_path, sizeof dir_path, "/tmp/fuzz_scene.XXXXXX");
    if (!mkdtemp(dir_path)) abort();
    snprintf(out_path, sizeof out_path, "%s/rt.scene", dir_path);
    return 0;
}

static void same_scene(const scene *x, const scene *y) {
    if (x->shape_count != y->shape_count || x->pair_count != y->pair_count || x->vertex_count != y->vertex_count)
        fail("round trip: counts differ");
    for (int32_t i = 0; i < x->shape_count; i++) {
        if (x->count[i] != y->count[i] || x->first[i] != y->first[i] || !fz_same(x->radius[i], y->radius[i]) ||
            !fz_same(x->px[i], y->px[i]) || !fz_same(x->py[i], y->py[i]))
            fail("round trip: a shape differs");
    }
    for (int64_t v = 0; v < x->vertex_count; v++)
        if (!fz_same(x->vx[v], y->vx[v]) || !fz_same(x->vy[v], y->vy[v])) fail("round trip: a vertex differs");
    for (int64_t k = 0; k < x->pair_count; k++)
        if (x->pa[k] != y->pa[k] || x->pb[k] != y->pb[k]) fail("round trip: a pair differs");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
    if (ftruncate(input_fd, 0) != 0 || pwrite(input_fd, data, size, 0) != (ssize_t)size) abort();
    scene sc;
    if (scene_load(input_path, &sc) != 0) {
        // Rejected: nothing may be kept.
        if (sc.vx || sc.first || sc.pa || sc.problems || sc.pose_problems || sc.shapes_mem)
            fail("a rejected scene kept memory");
        return 0;
    }
    int64_t flagged = scene_prepare(&sc, "fuzz");
    if (flagged < 0) fail("scene_prepare failed on a loaded scene");
    int64_t invalid = 0, bad_poses = 0;
    for (int32_t i = 0; i < sc.shape_count; i++) {
        invalid += sc.problems[i] != GJK2D_PROBLEM_NONE;
        bad_poses += sc.pose_problems[i] != GJK2D_PROBLEM_NONE;
        if (sc.problems[i] != gjk2d_shapes_problem(sc.shapes, i)) fail("scene problems differ from the prepared set's");
    }
    if (invalid != sc.invalid_count || bad_poses != sc.bad_pose_count || flagged != invalid + bad_poses)
        fail("scene_prepare's counts are not those of its problems");
    gjk2d_poses poses = scene_poses(&sc);
    gjk2d_pairs pairs = scene_pairs(&sc);
    int64_t bad = -2;
    if (gjk2d_check_batch(sc.shapes, &poses, &pairs, 0, sc.pair_count, &bad) != GJK2D_OK || bad != -1)
        fail("the reader accepted a scene the batch API rejects");

    enum { NF = 9 };
    int64_t np = sc.pair_count < MAX_RUN_PAIRS ? sc.pair_count : MAX_RUN_PAIRS;
    float f[2][NF][MAX_RUN_PAIRS];
    int32_t it[2][MAX_RUN_PAIRS], fa[2][MAX_RUN_PAIRS], fb[2][MAX_RUN_PAIRS];
    uint8_t st[2][MAX_RUN_PAIRS];
    for (int i = 0; i < 2; i++) {
        gjk2d_set_isa(i ? "auto" : "scalar");
        gjk2d_distance_out out = {f[i][0], f[i][1], f[i][2], f[i][3], f[i][4], f[i][5], f[i][6],
                                  f[i][7], f[i][8], fa[i],   fb[i],   it[i],   st[i]};
        if (gjk2d_batch_distance(sc.shapes, &poses, &pairs, 0, np, &out) != GJK2D_OK)
            fail("batch_distance failed on a loaded scene");
    }
    for (int64_t k = 0; k < np; k++) {
        int32_t a = sc.pa[k], b = sc.pb[k];
        gjk2d_status want = sc.problems[a] || sc.problems[b]             ? GJK2D_STATUS_INVALID
                            : sc.pose_problems[a] || sc.pose_problems[b] ? GJK2D_STATUS_BAD_POSE
                                                                         : GJK2D_STATUS_OK;
        for (int j = 0; j < NF; j++)
            if (!fz_same(f[0][j][k], f[1][j][k])) fail("auto implementation differs from the scalar reference");
        if (st[0][k] != st[1][k] || it[0][k] != it[1][k] || fa[0][k] != fa[1][k] || fb[0][k] != fb[1][k])
            fail("auto implementation differs from the scalar reference");
        if ((want == GJK2D_STATUS_OK) != (st[0][k] <= GJK2D_STATUS_MAXITER) ||
            (want != GJK2D_STATUS_OK && st[0][k] != want))
            fail("status invalid / bad-pose does not match the scene's problems");
        if (want == GJK2D_STATUS_OK && !(f[0][0][k] >= 0.0f && isfinite(f[0][0][k])))
            fail("valid pair with a non-finite or negative distance");
    }

    outfile out;
    if (out_open(&out, out_path) != 0) abort();
    scene_write(&sc, &out, NULL);
    if (out_close(&out, 1) != 0) abort();
    scene back;
    if (scene_load(out_path, &back) != 0) fail("a written scene does not read back");
    same_scene(&sc, &back);
    scene_free(&back);
    scene_free(&sc);
    return 0;
}
