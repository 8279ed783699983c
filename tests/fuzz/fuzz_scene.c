// libFuzzer target: the gjk2d command's scene reader (src/cli/scene.c, with its number parser) on
// arbitrary bytes.
//
// The reader must either reject the file (scene_load returns -1 and keeps nothing) or return a pool the
// batch API accepts as it is: gjk2d_check_batch OK over every pair (indices and spans in range),
// gjk2d_validate_pool not an error. Then the first pairs run through the scalar reference and the
// automatic implementation, which must agree bit for bit, and the scene written back by scene_write
// must read back to the same shapes and pairs (positions, radii, vertices bit for bit; rotations are
// written as angles, so cos and sin are recomputed and not compared). Everything it allocates is freed
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

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    // The bytes go to an in-memory file that the reader opens by name, like any scene file.
    input_fd = memfd_create("scene", 0);
    if (input_fd < 0)
        abort();
    snprintf(input_path, sizeof input_path, "/proc/self/fd/%d", input_fd);
    snprintf(dir_path, sizeof dir_path, "/tmp/fuzz_scene.XXXXXX");
    if (!mkdtemp(dir_path))
        abort();
    snprintf(out_path, sizeof out_path, "%s/rt.scene", dir_path);
    return 0;
}

static void same_scene(const scene *x, const scene *y)
{
    if (x->shape_count != y->shape_count || x->pair_count != y->pair_count || x->vertex_count != y->vertex_count)
        fail("round trip: counts differ");
    for (int32_t i = 0; i < x->shape_count; i++) {
        if (x->count[i] != y->count[i] || x->first[i] != y->first[i] || !fz_same(x->radius[i], y->radius[i]) ||
            !fz_same(x->px[i], y->px[i]) || !fz_same(x->py[i], y->py[i]))
            fail("round trip: a shape differs");
    }
    for (int64_t v = 0; v < x->vertex_count; v++)
        if (!fz_same(x->vx[v], y->vx[v]) || !fz_same(x->vy[v], y->vy[v]))
            fail("round trip: a vertex differs");
    for (int64_t k = 0; k < x->pair_count; k++)
        if (x->pa[k] != y->pa[k] || x->pb[k] != y->pb[k])
            fail("round trip: a pair differs");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (ftruncate(input_fd, 0) != 0 || pwrite(input_fd, data, size, 0) != (ssize_t)size)
        abort();
    scene sc;
    if (scene_load(input_path, &sc) != 0) {
        // Rejected: nothing may be kept.
        if (sc.vx || sc.first || sc.pa || sc.problems)
            fail("a rejected scene kept memory");
        return 0;
    }
    gjk2d_pool pool = scene_pool(&sc);
    gjk2d_pairs pairs = scene_pairs(&sc);
    int64_t bad = -2;
    if (gjk2d_check_batch(&pool, &pairs, 0, sc.pair_count, &bad) != GJK2D_OK || bad != -1)
        fail("the reader accepted a scene the batch API rejects");
    if (scene_validate(&sc, "fuzz") < 0)
        fail("validate_pool rejected a loaded scene");
    pool = scene_pool(&sc);

    int64_t np = sc.pair_count < MAX_RUN_PAIRS ? sc.pair_count : MAX_RUN_PAIRS;
    float d[2][MAX_RUN_PAIRS], nx[2][MAX_RUN_PAIRS], ny[2][MAX_RUN_PAIRS];
    uint8_t st[2][MAX_RUN_PAIRS];
    for (int i = 0; i < 2; i++) {
        gjk2d_set_isa(i ? "auto" : "scalar");
        gjk2d_distance_out out = {.distance = d[i], .nx = nx[i], .ny = ny[i], .status = st[i]};
        if (gjk2d_batch_distance(&pool, &pairs, 0, np, &out) != GJK2D_OK)
            fail("batch_distance failed on a loaded scene");
    }
    for (int64_t k = 0; k < np; k++) {
        int valid = sc.problems[sc.pa[k]] == GJK2D_PROBLEM_NONE && sc.problems[sc.pb[k]] == GJK2D_PROBLEM_NONE;
        if (st[0][k] != st[1][k] || !fz_same(d[0][k], d[1][k]) || !fz_same(nx[0][k], nx[1][k]) ||
            !fz_same(ny[0][k], ny[1][k]))
            fail("auto implementation differs from the scalar reference");
        if (valid != (st[0][k] != GJK2D_STATUS_INVALID))
            fail("status invalid does not match the shapes' validation");
        if (valid && !(d[0][k] >= 0.0f && isfinite(d[0][k])))
            fail("valid pair with a non-finite or negative distance");
    }

    outfile out;
    if (out_open(&out, out_path) != 0)
        abort();
    scene_write(&sc, &out, NULL);
    if (out_close(&out, 1) != 0)
        abort();
    scene back;
    if (scene_load(out_path, &back) != 0)
        fail("a written scene does not read back");
    same_scene(&sc, &back);
    scene_free(&back);
    scene_free(&sc);
    return 0;
}
