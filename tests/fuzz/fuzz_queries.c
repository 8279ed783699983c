// libFuzzer target: arbitrary bytes become a small pool of shapes (any floats: NaN, infinities, huge,
// degenerate) and pairs, run through every query on every implementation this CPU runs. The library must
// not crash, hang or read out of bounds; a pair whose shapes fail validation must come back `invalid`;
// a valid pair must come back finite and identical on every implementation.
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gjk2d.h"

enum { MAX_SHAPES = 4, MAX_VERTS = 24, MAX_PAIRS = 8 };

typedef struct reader {
    const uint8_t *p;
    size_t n;
} reader;

static uint8_t byte(reader *r)
{
    if (!r->n)
        return 0;
    r->n--;
    return *r->p++;
}

/// A float from the input: mostly small numbers so geometry is interesting, sometimes raw bits.
static float number(reader *r)
{
    uint8_t kind = byte(r);
    if (kind < 200)
        return (float)((int8_t)byte(r)) / 16.0f;
    uint32_t bits = (uint32_t)byte(r) | (uint32_t)byte(r) << 8 | (uint32_t)byte(r) << 16 | (uint32_t)byte(r) << 24;
    float f;
    memcpy(&f, &bits, sizeof f);
    return f;
}

static void fail(const char *what)
{
    fprintf(stderr, "fuzz_queries: %s\n", what);
    abort();
}

static int all_finite(const float *v, int n)
{
    for (int i = 0; i < n; i++)
        if (!isfinite(v[i]))
            return 0;
    return 1;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    reader r = {data, size};
    float vx[MAX_SHAPES * MAX_VERTS], vy[MAX_SHAPES * MAX_VERTS];
    int32_t first[MAX_SHAPES], count[MAX_SHAPES];
    float radius[MAX_SHAPES], px[MAX_SHAPES], py[MAX_SHAPES], c[MAX_SHAPES], s[MAX_SHAPES];
    int nshapes = 1 + byte(&r) % MAX_SHAPES;
    int64_t nv = 0;
    for (int k = 0; k < nshapes; k++) {
        int n = byte(&r) % (MAX_VERTS + 2); // 0 and MAX_VERTS + 1 are out of range for the fast path or invalid
        first[k] = (int32_t)nv;
        count[k] = n > MAX_VERTS ? 2000 : n; // a count beyond GJK2D_MAX_VERTICES: invalid, never read
        int kept = n > MAX_VERTS ? 0 : n;
        for (int i = 0; i < kept; i++) {
            vx[nv] = number(&r);
            vy[nv] = number(&r);
            nv++;
        }
        radius[k] = byte(&r) < 200 ? 0.0f : number(&r);
        px[k] = number(&r);
        py[k] = number(&r);
        double angle = (double)number(&r);
        gjk2d_pose p = gjk2d_pose_from_angle(px[k], py[k], isfinite(angle) ? angle : 0.0);
        c[k] = byte(&r) < 240 ? p.c : number(&r);
        s[k] = byte(&r) < 240 ? p.s : number(&r);
    }
    if (nv == 0)
        vx[0] = vy[0] = 0.0f; // keep the arrays non-empty for the pointer checks
    int32_t a[MAX_PAIRS], b[MAX_PAIRS];
    int npairs = byte(&r) % (MAX_PAIRS + 1);
    for (int k = 0; k < npairs; k++) {
        a[k] = byte(&r) % nshapes;
        b[k] = byte(&r) % nshapes;
    }
    gjk2d_pool pool = {vx, vy, nv, first, count, radius, px, py, c, s, nshapes, NULL};
    gjk2d_pairs pairs = {a, b, npairs};

    uint8_t problems[MAX_SHAPES];
    int64_t bad;
    if (gjk2d_validate_pool(&pool, problems, &bad) < 0)
        return 0; // a count of 2000 only spans outside the arrays if it were read; it is not: see below
    static const char *const isas[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};
    float dist[6][MAX_PAIRS], sep[6][MAX_PAIRS];
    uint8_t st[6][MAX_PAIRS], ov[6][MAX_PAIRS], ovs[6][MAX_PAIRS];
    int ran = 0;
    for (int i = 0; i < 6; i++) {
        if (gjk2d_set_isa(isas[i]) != 0)
            continue;
        float ax[MAX_PAIRS], ay[MAX_PAIRS], bx[MAX_PAIRS], by[MAX_PAIRS], nx[MAX_PAIRS], ny[MAX_PAIRS];
        float snx[MAX_PAIRS], sny[MAX_PAIRS];
        int32_t it[MAX_PAIRS];
        uint8_t ost[MAX_PAIRS], sst[MAX_PAIRS];
        gjk2d_distance_out dout = {dist[ran], ax, ay, bx, by, nx, ny, it, st[ran]};
        gjk2d_overlap_out oout = {ov[ran], it, ost};
        gjk2d_sat_out sout = {ovs[ran], sep[ran], snx, sny, sst};
        for (int pre = 0; pre < 2; pre++) {
            pool.problems = pre ? problems : NULL;
            if (gjk2d_batch_distance(&pool, &pairs, 0, npairs, &dout) != 0) fail("distance rc");
            if (gjk2d_batch_overlap(&pool, &pairs, 0, npairs, &oout) != 0) fail("overlap rc");
            if (gjk2d_batch_sat(&pool, &pairs, 0, npairs, &sout) != 0) fail("sat rc");
        }
        for (int k = 0; k < npairs; k++) {
            int valid = problems[a[k]] == GJK2D_PROBLEM_NONE && problems[b[k]] == GJK2D_PROBLEM_NONE;
            if (!valid && (st[ran][k] != GJK2D_STATUS_INVALID || ost[k] != GJK2D_STATUS_INVALID ||
                           sst[k] != GJK2D_STATUS_INVALID))
                fail("invalid shape not reported");
            if (valid) {
                if (st[ran][k] == GJK2D_STATUS_INVALID || ost[k] == GJK2D_STATUS_INVALID || sst[k] == GJK2D_STATUS_INVALID)
                    fail("valid pair reported invalid");
                float f[] = {dist[ran][k], ax[k], ay[k], bx[k], by[k], nx[k], ny[k], sep[ran][k], snx[k], sny[k]};
                if (!all_finite(f, 10)) {
                    for (int q = 0; q < 2; q++) {
                        int sh = q ? b[k] : a[k];
                        fprintf(stderr, "shape %d: n=%d r=%a pose=(%a, %a, %a, %a) v:", sh, count[sh], radius[sh],
                                px[sh], py[sh], c[sh], s[sh]);
                        for (int i = 0; i < count[sh] && i < MAX_VERTS; i++)
                            fprintf(stderr, " (%a, %a)", vx[first[sh] + i], vy[first[sh] + i]);
                        fprintf(stderr, "\n");
                    }
                    fprintf(stderr, "%s: d=%g a=(%g,%g) b=(%g,%g) n=(%g,%g) sep=%g axis=(%g,%g)\n", isas[i], f[0], f[1],
                            f[2], f[3], f[4], f[5], f[6], f[7], f[8], f[9]);
                    fail("valid pair gave a non-finite result");
                }
                if (dist[ran][k] < 0.0f)
                    fail("negative distance");
            }
        }
        if (ran > 0) {
            for (int k = 0; k < npairs; k++) {
                if (st[ran][k] != st[0][k] || ov[ran][k] != ov[0][k] || ovs[ran][k] != ovs[0][k])
                    fail("implementations disagree on status or overlap");
                if (memcmp(&dist[ran][k], &dist[0][k], sizeof(float)) != 0 || memcmp(&sep[ran][k], &sep[0][k], sizeof(float)) != 0)
                    if (!(isnan(dist[ran][k]) && isnan(dist[0][k])))
                        fail("implementations not bit-identical");
            }
        }
        ran++;
    }
    gjk2d_set_isa("auto");
    return 0;
}
