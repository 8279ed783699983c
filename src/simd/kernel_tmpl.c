// The SIMD batch kernels, compiled once per instruction set (src/simd/meson.build sets GJK2D_SIMD_LEVEL,
// GJK2D_SIMD_NAME and GJK2D_SIMD_SUFFIX). One lane runs one pair. Each kernel repeats the scalar
// reference (src/ref/gjk.c, overlap.c, sat.c) operation for operation, in the same float order, with
// every per-lane decision turned into a mask and a select: results are bit-identical to the reference,
// and therefore to every other ISA.
//
// GJK lanes are refilled: when a lane's pair ends, its answer is written and the next pair of the range
// moves into the lane while the others keep iterating, so a block never idles on its slowest pair.
// Pairs the fast path does not take (a shape with more than GJK2D_SIMD_MAX_VERTICES vertices, or an
// invalid shape) are answered by the reference, in place. Rounded pairs of the boolean query go through
// the distance lanes, as the reference answers them with its distance query.
#include <math.h>
#include <string.h>

#include "ref/ref.h"
#include "ref/vec.h"
#include "simd/simd.h"
#include "simd/wide.h"

#define NMAX GJK2D_SIMD_MAX_VERTICES
_Static_assert(NMAX == 16, "copy_column spells out 16 cases");
#define STR2(x) #x
#define STR(x) STR2(x)

#include "simd/lanes_tmpl.h"

// ---------------------------------------------------------------------------------------------
// Lane-major packing of a block: vertex j of every lane's shape is one wide load.

typedef struct block {
    _Alignas(64) float ax[NMAX][W]; ///< A's vertices (its local frame is the query frame)
    _Alignas(64) float ay[NMAX][W];
    _Alignas(64) float bx[NMAX][W]; ///< B's vertices in B's local frame (SAT moves them into A's frame)
    _Alignas(64) float by[NMAX][W];
    _Alignas(64) float rc[W], rs[W], rpx[W], rpy[W]; ///< B's pose in A's frame (ref_relative_pose)
    _Alignas(64) float bc[W], bs[W], bpx[W], bpy[W]; ///< B's world pose, until block_relative() runs
    _Alignas(64) float naf[W], nbf[W];               ///< vertex counts, as floats for lane masks
    int na_bound, nb_bound; ///< largest counts loaded: the loops over vertices run to these
    int64_t pair[W];        ///< pair index of each lane, -1 when empty
    _Alignas(64) float ra[W], rb[W];
    _Alignas(64) float wc[W], ws[W], wpx[W], wpy[W]; ///< A's world pose, for the results
} block;

/// The pair stream of one kernel call: pairs the fast path cannot take are sent to the reference.
typedef struct stream {
    const gjk2d_pool *pool;
    const gjk2d_pairs *pairs;
    int64_t k, end;
    int mode;      ///< which pairs this pass takes (lane_mode)
    void (*slow)(const struct stream *s, int64_t k);
    const void *out;
    int64_t slow_count;
    int64_t skipped; ///< pairs left to another pass
    int32_t ia, ib, na, nb; ///< the shapes of the pair stream_next returned last
} stream;

static void block_init(block *b)
{
    memset(b, 0, sizeof *b);
    for (int l = 0; l < W; l++) b->pair[l] = -1;
}


/// Next pair for the fast path, or -1 at the end of the range. Pairs this pass does not take are skipped
/// (another pass takes them); pairs no fast path takes are answered by the reference here. Each pair is
/// validated once, by the pass that takes it.
static inline int64_t stream_next(stream *s)
{
    const gjk2d_pool *pool = s->pool;
    while (s->k < s->end) {
        int64_t k = s->k++;
        int32_t ia = s->pairs->a[k], ib = s->pairs->b[k];
        if (s->mode != TAKE_ALL) {
            const int rounded = pool->radius && (pool->radius[ia] > 0.0f || pool->radius[ib] > 0.0f);
            if (rounded != (s->mode == TAKE_ROUNDED)) {
                s->skipped++;
                continue;
            }
        }
        int32_t na = pool->count[ia], nb = pool->count[ib];
        // With a pre-validated pool the check is two loads; otherwise the reference validates the shapes.
        int fast = na >= 1 && nb >= 1 && na <= NMAX && nb <= NMAX &&
                   (pool->problems ? pool->problems[ia] == GJK2D_PROBLEM_NONE && pool->problems[ib] == GJK2D_PROBLEM_NONE
                                   : gjk2d__pair_valid(pool, ia, ib));
        if (fast) {
            s->ia = ia, s->ib = ib, s->na = na, s->nb = nb;
            return k;
        }
        s->slow(s, k);
        s->slow_count++;
    }
    return -1;
}

/// Copy n <= NMAX vertices into one lane (stride W): straight-line moves entered at the right case, so
/// there is neither a loop nor the vectoriser's alias checks for a copy this short.
static inline void copy_column(float *restrict dx, float *restrict dy, const float *restrict sx,
                               const float *restrict sy, int32_t n)
{
#if defined(__GNUC__)
#define FALLTHROUGH __attribute__((fallthrough))
#else
#define FALLTHROUGH
#endif
#define MOVE(i)              \
    case (i) + 1:            \
        dx[(i) * W] = sx[i]; \
        dy[(i) * W] = sy[i]; \
        FALLTHROUGH;
    switch (n) {
    MOVE(15) MOVE(14) MOVE(13) MOVE(12) MOVE(11) MOVE(10) MOVE(9) MOVE(8)
    MOVE(7) MOVE(6) MOVE(5) MOVE(4) MOVE(3) MOVE(2) MOVE(1) MOVE(0)
    default:
        break;
    }
#undef MOVE
#undef FALLTHROUGH
}

/// copy_column for a shape whose n vertices are followed by at least `fixed - n` more floats in the
/// pool: a fixed-length copy with no jump on n (a random vertex count would mispredict every time). The
/// extra vertices belong to other shapes; lanes never read past their own count.
static inline void copy_shape(float *restrict dx, float *restrict dy, const gjk2d_pool *pool, int32_t first,
                              int32_t n)
{
    const float *sx = pool->vx + first, *sy = pool->vy + first;
    if (n <= 8 && first + 8 <= pool->vertex_count) {
        for (int i = 0; i < 8; i++) {
            dx[i * W] = sx[i];
            dy[i * W] = sy[i];
        }
    } else {
        copy_column(dx, dy, sx, sy, n);
    }
}

/// Put pair k into lane l: vertices as given (B stays in its own frame: the support search moves each
/// vertex into A's frame with the relative pose, with the operations of ref_pair_load's pose_apply).
static inline void block_load(block *bk, int l, const stream *src, int64_t k)
{
    const gjk2d_pool *pool = src->pool;
    const int32_t ia = src->ia, ib = src->ib, na = src->na, nb = src->nb;
    const int32_t fa = pool->first[ia], fb = pool->first[ib];
    copy_shape(&bk->ax[0][l], &bk->ay[0][l], pool, fa, na);
    copy_shape(&bk->bx[0][l], &bk->by[0][l], pool, fb, nb);
    bk->na_bound = na > bk->na_bound ? na : bk->na_bound;
    bk->nb_bound = nb > bk->nb_bound ? nb : bk->nb_bound;
    bk->bc[l] = pool->c[ib];
    bk->bs[l] = pool->s[ib];
    bk->bpx[l] = pool->px[ib];
    bk->bpy[l] = pool->py[ib];
    bk->naf[l] = (float)na;
    bk->nbf[l] = (float)nb;
    bk->pair[l] = k;
    if (pool->radius) {
        bk->ra[l] = pool->radius[ia];
        bk->rb[l] = pool->radius[ib];
    }
    bk->wc[l] = pool->c[ia];
    bk->ws[l] = pool->s[ia];
    bk->wpx[l] = pool->px[ia];
    bk->wpy[l] = pool->py[ia];
}

/// ref_relative_pose for the lanes in `fresh`, all at once (the same operations in the same order).
static inline void block_relative(block *bk, wm fresh)
{
    const wf ac = wf_load(bk->wc), as = wf_load(bk->ws), bc = wf_load(bk->bc), bs = wf_load(bk->bs);
    const wf dx = wf_sub(wf_load(bk->bpx), wf_load(bk->wpx)), dy = wf_sub(wf_load(bk->bpy), wf_load(bk->wpy));
    wf_store(bk->rc, wf_sel(fresh, wf_add(wf_mul(ac, bc), wf_mul(as, bs)), wf_load(bk->rc)));
    wf_store(bk->rs, wf_sel(fresh, wf_sub(wf_mul(ac, bs), wf_mul(as, bc)), wf_load(bk->rs)));
    wf_store(bk->rpx, wf_sel(fresh, wf_add(wf_mul(ac, dx), wf_mul(as, dy)), wf_load(bk->rpx)));
    wf_store(bk->rpy, wf_sel(fresh, wf_sub(wf_mul(ac, dy), wf_mul(as, dx)), wf_load(bk->rpy)));
}

/// Support over A: the lowest index of maximum dot(d, a_j) among each lane's own vertices (strict '>',
/// as ref_support). Returns the point and, when idx is not NULL, the index.
static inline void support_a(const block *bk, wf dx, wf dy, wf *px, wf *py, wf *idx)
{
    const wf n = wf_load(bk->naf);
    wf x = wf_load(bk->ax[0]), y = wf_load(bk->ay[0]);
    wf best = wf_dot(dx, dy, x, y), bi = wf_zero(), jf = wf_zero();
    const wf one = wf_set1(1.0f);
    for (int j = 1; j < bk->na_bound; j++) {
        jf = wf_add(jf, one); // j, exactly (small integers)
        wf xj = wf_load(bk->ax[j]), yj = wf_load(bk->ay[j]);
        wf v = wf_dot(dx, dy, xj, yj);
        wm m = wm_and(wf_gt(v, best), wf_gt(n, jf));
        best = wf_sel(m, v, best);
        x = wf_sel(m, xj, x);
        y = wf_sel(m, yj, y);
        if (idx) bi = wf_sel(m, jf, bi);
    }
    *px = x;
    *py = y;
    if (idx) *idx = bi;
}

/// pose_apply with a wide pose (c, s, tx, ty): ((c x - s y) + tx, (s x + c y) + ty).
typedef struct wpose {
    wf c, s, tx, ty;
} wpose;
static inline wpose wpose_load(const float *c, const float *s, const float *tx, const float *ty)
{
    wpose p = {wf_load(c), wf_load(s), wf_load(tx), wf_load(ty)};
    return p;
}
static inline wf xf_x(const wpose *p, wf x, wf y) { return wf_add(wf_sub(wf_mul(p->c, x), wf_mul(p->s, y)), p->tx); }
static inline wf xf_y(const wpose *p, wf x, wf y) { return wf_add(wf_add(wf_mul(p->s, x), wf_mul(p->c, y)), p->ty); }

/// Support over B, each vertex first moved into A's frame exactly as pose_apply does.
static inline void support_b(const block *bk, wf dx, wf dy, wf *px, wf *py, wf *idx)
{
    const wf n = wf_load(bk->nbf);
    const wpose rel = wpose_load(bk->rc, bk->rs, bk->rpx, bk->rpy);
    wf lx = wf_load(bk->bx[0]), ly = wf_load(bk->by[0]);
    wf x = xf_x(&rel, lx, ly), y = xf_y(&rel, lx, ly);
    wf best = wf_dot(dx, dy, x, y), bi = wf_zero(), jf = wf_zero();
    const wf one = wf_set1(1.0f);
    for (int j = 1; j < bk->nb_bound; j++) {
        jf = wf_add(jf, one);
        lx = wf_load(bk->bx[j]);
        ly = wf_load(bk->by[j]);
        wf xj = xf_x(&rel, lx, ly), yj = xf_y(&rel, lx, ly);
        wf v = wf_dot(dx, dy, xj, yj);
        wm m = wm_and(wf_gt(v, best), wf_gt(n, jf));
        best = wf_sel(m, v, best);
        x = wf_sel(m, xj, x);
        y = wf_sel(m, yj, y);
        if (idx) bi = wf_sel(m, jf, bi);
    }
    *px = x;
    *py = y;
    if (idx) *idx = bi;
}

// ---------------------------------------------------------------------------------------------
// GJK distance: lockstep blocks (lanes_tmpl.h, distance_tmpl.h).

#include "simd/distance_tmpl.h"

static void ISA_SYM(gjk2d__distance)(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                                     const gjk2d_distance_out *out)
{
    const gjk_sink sink = {out, NULL};
    gjk_distance_run(pool, pairs, begin, end, TAKE_ALL, &sink);
}

// ---------------------------------------------------------------------------------------------
// GJK boolean: lockstep blocks (overlap_tmpl.h).

#include "simd/overlap_tmpl.h"

static void ISA_SYM(gjk2d__overlap)(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                                    const gjk2d_overlap_out *out)
{
    bool_overlap_run(pool, pairs, begin, end, out);
}

// ---------------------------------------------------------------------------------------------
// SAT (src/ref/sat.c). Its cost is fixed by the block's vertex bounds, so blocks are not refilled.

typedef struct sat_best {
    wf sep, nx, ny;
    wm found;
} sat_best;

static inline void sat_consider(sat_best *b, wm valid, wf sep, wf nx, wf ny)
{
    wm take = wm_and(valid, wm_or(wm_not(b->found), wf_gt(sep, b->sep)));
    b->sep = wf_sel(take, sep, b->sep);
    b->nx = wf_sel(take, nx, b->nx);
    b->ny = wf_sel(take, ny, b->ny);
    b->found = wm_or(b->found, take);
}

/// projection_gap: min over `other` minus max over `self` of the projections on axis n.
static inline wf projection_gap(const float (*sx)[W], const float (*sy)[W], int ns, const float (*ox)[W],
                                const float (*oy)[W], int no, wf nx, wf ny)
{
    wf max_s = wf_dot(wf_load(sx[0]), wf_load(sy[0]), nx, ny);
    wf min_o = wf_dot(wf_load(ox[0]), wf_load(oy[0]), nx, ny);
    for (int i = 1; i < ns; i++) {
        wf v = wf_dot(wf_load(sx[i]), wf_load(sy[i]), nx, ny);
        max_s = wf_sel(wf_gt(v, max_s), v, max_s);
    }
    for (int j = 1; j < no; j++) {
        wf v = wf_dot(wf_load(ox[j]), wf_load(oy[j]), nx, ny);
        min_o = wf_sel(wf_lt(v, min_o), v, min_o);
    }
    return wf_sub(min_o, max_s);
}

/// Edge normals of `self` against `other` (edge_axes); `flip` negates the axis (B's edges).
static inline void sat_edges(sat_best *best, const float (*sx)[W], const float (*sy)[W], int ns,
                             const float (*ox)[W], const float (*oy)[W], int no, int flip)
{
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    for (int i = 0; i < ns; i++) {
        const int i1 = i + 1 < ns ? i + 1 : 0;
        wf px = wf_load(sx[i]), py = wf_load(sy[i]);
        wf ex = wf_sub(wf_load(sx[i1]), px), ey = wf_sub(wf_load(sy[i1]), py);
        wf len2 = wf_dot(ex, ey, ex, ey);
        wm valid = wm_not(wf_eq(len2, zero));
        if (!wm_any(valid)) continue;
        wf inv = wf_div(one, wf_sqrt(len2));
        wf nx = wf_mul(inv, ey), ny = wf_mul(inv, wf_neg(ex));
        wf gap = projection_gap(sx, sy, ns, ox, oy, no, nx, ny);
        if (flip) {
            nx = wf_neg(nx);
            ny = wf_neg(ny);
        }
        sat_consider(best, valid, gap, nx, ny);
    }
}

/// SAT walks every edge of both shapes, so each lane is padded to the block's bounds by repeating its
/// last vertex (zero-length edges, skipped; never a new minimum or maximum), unused lanes copy lane 0,
/// and B is moved into A's frame once, a whole column at a time. The padding is a select per column
/// (no loop whose length depends on a lane's vertex count).
static void sat_prepare(block *bk, int lanes)
{
    for (int l = lanes; l < W; l++) {
        for (int j = 0; j < bk->na_bound; j++) bk->ax[j][l] = bk->ax[j][0], bk->ay[j][l] = bk->ay[j][0];
        for (int j = 0; j < bk->nb_bound; j++) bk->bx[j][l] = bk->bx[j][0], bk->by[j][l] = bk->by[j][0];
        bk->naf[l] = bk->naf[0], bk->nbf[l] = bk->nbf[0];
        bk->bc[l] = bk->bc[0], bk->bs[l] = bk->bs[0], bk->bpx[l] = bk->bpx[0], bk->bpy[l] = bk->bpy[0];
        bk->wc[l] = bk->wc[0], bk->ws[l] = bk->ws[0], bk->wpx[l] = bk->wpx[0], bk->wpy[l] = bk->wpy[0];
    }
    _Alignas(64) float last[4][W];
    for (int l = 0; l < W; l++) {
        const int na = (int)bk->naf[l], nb = (int)bk->nbf[l];
        last[0][l] = bk->ax[na - 1][l];
        last[1][l] = bk->ay[na - 1][l];
        last[2][l] = bk->bx[nb - 1][l];
        last[3][l] = bk->by[nb - 1][l];
    }
    const wf one = wf_set1(1.0f), na = wf_load(bk->naf), nb = wf_load(bk->nbf);
    const wf lax = wf_load(last[0]), lay = wf_load(last[1]), lbx = wf_load(last[2]), lby = wf_load(last[3]);
    wf jf = wf_zero();
    for (int j = 0; j < bk->na_bound; j++, jf = wf_add(jf, one)) {
        const wm in = wf_lt(jf, na);
        wf_store(bk->ax[j], wf_sel(in, wf_load(bk->ax[j]), lax));
        wf_store(bk->ay[j], wf_sel(in, wf_load(bk->ay[j]), lay));
    }
    jf = wf_zero();
    for (int j = 0; j < bk->nb_bound; j++, jf = wf_add(jf, one)) {
        const wm in = wf_lt(jf, nb);
        wf_store(bk->bx[j], wf_sel(in, wf_load(bk->bx[j]), lbx));
        wf_store(bk->by[j], wf_sel(in, wf_load(bk->by[j]), lby));
    }
    block_relative(bk, wf_eq(wf_zero(), wf_zero()));
    const wpose rel = wpose_load(bk->rc, bk->rs, bk->rpx, bk->rpy);
    for (int j = 0; j < bk->nb_bound; j++) {
        wf lx = wf_load(bk->bx[j]), ly = wf_load(bk->by[j]);
        wf_store(bk->bx[j], xf_x(&rel, lx, ly));
        wf_store(bk->by[j], xf_y(&rel, lx, ly));
    }
}

static void sat_block(const block *bk, int lanes, const gjk2d_sat_out *out)
{
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    sat_best best = {zero, zero, zero, wm_none()};
    // A point has no edges: its padded edges all have zero length and are skipped like duplicates.
    sat_edges(&best, bk->ax, bk->ay, bk->na_bound, bk->bx, bk->by, bk->nb_bound, 0);
    sat_edges(&best, bk->bx, bk->by, bk->nb_bound, bk->ax, bk->ay, bk->na_bound, 1);

    // The closest pair of vertices (vertex_pair_axis).
    wf ex = wf_sub(wf_load(bk->bx[0]), wf_load(bk->ax[0])), ey = wf_sub(wf_load(bk->by[0]), wf_load(bk->ay[0]));
    wf bd2 = wf_dot(ex, ey, ex, ey);
    for (int i = 0; i < bk->na_bound; i++) {
        wf aix = wf_load(bk->ax[i]), aiy = wf_load(bk->ay[i]);
        for (int j = 0; j < bk->nb_bound; j++) {
            wf x = wf_sub(wf_load(bk->bx[j]), aix), y = wf_sub(wf_load(bk->by[j]), aiy);
            wf d2 = wf_dot(x, y, x, y);
            wm m = wf_lt(d2, bd2);
            bd2 = wf_sel(m, d2, bd2);
            ex = wf_sel(m, x, ex);
            ey = wf_sel(m, y, ey);
        }
    }
    wm valid = wm_not(wf_eq(bd2, zero));
    if (wm_any(valid)) {
        wf inv = wf_div(one, wf_sqrt(bd2));
        wf nx = wf_mul(inv, ex), ny = wf_mul(inv, ey);
        sat_consider(&best, valid, projection_gap(bk->ax, bk->ay, bk->na_bound, bk->bx, bk->by, bk->nb_bound, nx, ny),
                     nx, ny);
    }
    best.sep = wf_sel(best.found, best.sep, zero);
    best.nx = wf_sel(best.found, best.nx, zero);
    best.ny = wf_sel(best.found, best.ny, zero);

    _Alignas(64) float sep[W], nx[W], ny[W];
    wf_store(sep, best.sep);
    wf_store(nx, best.nx);
    wf_store(ny, best.ny);
    for (int l = 0; l < lanes; l++) {
        const int64_t k = bk->pair[l];
        const float s = sep[l] - (bk->ra[l] + bk->rb[l]);
        const gjk2d_pose xf = {bk->wpx[l], bk->wpy[l], bk->wc[l], bk->ws[l]};
        const gjk2d_vec2 n = pose_rotate(&xf, v2(nx[l], ny[l]));
        if (out->overlap) out->overlap[k] = (uint8_t)(s <= 0.0f);
        if (out->separation) out->separation[k] = s;
        if (out->nx) out->nx[k] = n.x;
        if (out->ny) out->ny[k] = n.y;
        if (out->status) out->status[k] = (uint8_t)GJK2D_STATUS_OK;
    }
}

static void slow_sat(const stream *s, int64_t k)
{
    gjk2d__scalar_table.sat(s->pool, s->pairs, k, k + 1, (const gjk2d_sat_out *)s->out);
}

static void ISA_SYM(gjk2d__sat)(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                                const gjk2d_sat_out *out)
{
    block bk;
    block_init(&bk);
    stream src = {pool, pairs, begin, end, TAKE_ALL, slow_sat, out, 0, 0, 0, 0, 0, 0};
    for (;;) {
        bk.na_bound = bk.nb_bound = 0;
        int lanes = 0;
        for (; lanes < W; lanes++) {
            int64_t k = stream_next(&src);
            if (k < 0) break;
            block_load(&bk, lanes, &src, k);
        }
        if (!lanes) break;
        sat_prepare(&bk, lanes);
        sat_block(&bk, lanes, out);
        if (lanes < W) break;
    }
}

const gjk2d_kernel_table ISA_SYM(gjk2d__table) = {
    STR(GJK2D_SIMD_NAME), W, ISA_SYM(gjk2d__distance), ISA_SYM(gjk2d__overlap), ISA_SYM(gjk2d__sat),
};
