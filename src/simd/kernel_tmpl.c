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
    int mode;      ///< which pairs this pass takes (stream_mode)
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

/// The boolean query answers rounded pairs with the distance query, as the reference does: its kernel
/// runs the range twice, cores first, then the rounded pairs through the distance lanes.
enum stream_mode { TAKE_ALL, TAKE_CORES, TAKE_ROUNDED };

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
// GJK distance (src/ref/gjk.c, gjk_core and ref_distance).

enum { END_EMPTY = 100 }; // an empty lane: never computed, never written

typedef struct gjk_state {
    // The simplex after the last solve (culled), vertices in the reference's order: w = b - a and the
    // indices on A and B (as floats: exact below 2^24).
    _Alignas(64) float w0x[W], w0y[W], w1x[W], w1y[W], w2x[W], w2y[W];
    _Alignas(64) float i0a[W], i0b[W], i1a[W], i1b[W], i2a[W], i2b[W];
    _Alignas(64) float cnt[W];
    // The same simplex before that solve culled it: a support point equal to any of its vertices ends
    // the search (case 1).
    _Alignas(64) float s0a[W], s0b[W], s1a[W], s1b[W], s2a[W], s2b[W], scnt[W];
    // Barycentric weights as numerators over one denominator (weight_i = num_i * (1 / den)), divided only
    // when the pair ends; the reference computes the same quotient the same way.
    _Alignas(64) float n0[W], n1[W], n2[W], den[W];
    _Alignas(64) float dx[W], dy[W]; ///< the search direction the solve produced
    _Alignas(64) float iter[W], cap[W];
    _Alignas(64) float end[W]; ///< 0 while running, else gjk2d_end (or END_EMPTY)
} gjk_state;

/// A fresh lane: the step that follows starts it from vertex 0 of A and of B (cnt 0 marks it).
static inline void gjk_lane_start(gjk_state *s, int l)
{
    s->cnt[l] = 0.0f;
    s->iter[l] = 0.0f;
    s->end[l] = 0.0f;
}

/// One GJK iteration for every running lane, arranged so that each step does one support search per
/// lane: support along the direction of the last solve, the repeated-support test, append, then the
/// next solve, direction and the termination tests of gjk_core (which come, in the reference, at the top
/// of its next loop turn: the same operations in the same order). Returns the lanes that have ended.
static unsigned gjk_step(gjk_state *s, block *bk)
{
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f), three = wf_set1(3.0f);
    wf end = wf_load(s->end);
    const wm act = wf_eq(end, zero);
    wf cnt = wf_load(s->cnt), iter = wf_load(s->iter);
    wf dx = wf_load(s->dx), dy = wf_load(s->dy);
    wm run = act;
    {
        // Fresh lanes: the simplex {b_0 - a_0} (make_vertex), solved as one vertex: weight 1, direction
        // -w0; case 3a if that is zero. The iteration cap na + nb + 16 cannot be 0, so no cap test here.
        const wm fresh = wm_and(act, wf_eq(cnt, zero));
        {
            block_relative(bk, fresh);
            const wpose rel = wpose_load(bk->rc, bk->rs, bk->rpx, bk->rpy);
            const wf lx = wf_load(bk->bx[0]), ly = wf_load(bk->by[0]);
            const wf w0x = wf_sub(xf_x(&rel, lx, ly), wf_load(bk->ax[0]));
            const wf w0y = wf_sub(xf_y(&rel, lx, ly), wf_load(bk->ay[0]));
            wf_store(s->w0x, wf_sel(fresh, w0x, wf_load(s->w0x)));
            wf_store(s->w0y, wf_sel(fresh, w0y, wf_load(s->w0y)));
            wf_store(s->i0a, wf_sel(fresh, zero, wf_load(s->i0a)));
            wf_store(s->i0b, wf_sel(fresh, zero, wf_load(s->i0b)));
            wf_store(s->s0a, wf_sel(fresh, zero, wf_load(s->s0a)));
            wf_store(s->s0b, wf_sel(fresh, zero, wf_load(s->s0b)));
            wf_store(s->scnt, wf_sel(fresh, one, wf_load(s->scnt)));
            wf_store(s->n0, wf_sel(fresh, one, wf_load(s->n0)));
            wf_store(s->den, wf_sel(fresh, one, wf_load(s->den)));
            const wf cap = wf_add(wf_add(wf_load(bk->naf), wf_load(bk->nbf)), wf_set1(16.0f));
            wf_store(s->cap, wf_sel(fresh, cap, wf_load(s->cap)));
            cnt = wf_sel(fresh, one, cnt);
            dx = wf_sel(fresh, wf_neg(w0x), dx);
            dy = wf_sel(fresh, wf_neg(w0y), dy);
            const wm vert_ov = wm_and(fresh, wm_and(wf_eq(dx, zero), wf_eq(dy, zero)));
            end = wf_sel(vert_ov, wf_set1((float)GJK2D_END_VERTEX_OVERLAP), end);
            run = wm_andnot(run, vert_ov);
        }
    }

    // Support of Z = B - A along d.
    wf pax, pay, pbx, pby, ia, ib;
    support_a(bk, wf_neg(dx), wf_neg(dy), &pax, &pay, &ia);
    support_b(bk, dx, dy, &pbx, &pby, &ib);
    iter = wf_sel(run, wf_add(iter, one), iter);

    // Case 1: the support point is a vertex of the simplex before the last solve culled it.
    {
        const wf scnt = wf_load(s->scnt);
        wm rep = wm_and(wf_eq(ia, wf_load(s->s0a)), wf_eq(ib, wf_load(s->s0b)));
        rep = wm_or(rep, wm_and(wf_ge(scnt, two), wm_and(wf_eq(ia, wf_load(s->s1a)), wf_eq(ib, wf_load(s->s1b)))));
        rep = wm_or(rep, wm_and(wf_eq(scnt, three), wm_and(wf_eq(ia, wf_load(s->s2a)), wf_eq(ib, wf_load(s->s2b)))));
        rep = wm_and(run, rep);
        end = wf_sel(rep, wf_set1((float)GJK2D_END_REPEATED_SUPPORT), end);
        run = wm_andnot(run, rep);
    }

    // Append the new vertex after the survivors (lanes that stop keep their solved simplex untouched).
    wf w0x = wf_load(s->w0x), w0y = wf_load(s->w0y), w1x = wf_load(s->w1x), w1y = wf_load(s->w1y);
    wf w2x = wf_load(s->w2x), w2y = wf_load(s->w2y);
    wf i0a = wf_load(s->i0a), i0b = wf_load(s->i0b), i1a = wf_load(s->i1a), i1b = wf_load(s->i1b);
    wf i2a = wf_load(s->i2a), i2b = wf_load(s->i2b);
    {
        const wf nwx = wf_sub(pbx, pax), nwy = wf_sub(pby, pay);
        const wm put1 = wm_and(run, wf_eq(cnt, one)), put2 = wm_and(run, wf_eq(cnt, two));
        w1x = wf_sel(put1, nwx, w1x);
        w1y = wf_sel(put1, nwy, w1y);
        i1a = wf_sel(put1, ia, i1a);
        i1b = wf_sel(put1, ib, i1b);
        w2x = wf_sel(put2, nwx, w2x);
        w2y = wf_sel(put2, nwy, w2y);
        i2a = wf_sel(put2, ia, i2a);
        i2b = wf_sel(put2, ib, i2b);
        cnt = wf_sel(run, wf_add(cnt, one), cnt);
    }
    // The simplex before this solve, for the next repeated-support test.
    wf_store(s->s0a, wf_sel(run, i0a, wf_load(s->s0a)));
    wf_store(s->s0b, wf_sel(run, i0b, wf_load(s->s0b)));
    wf_store(s->s1a, wf_sel(run, i1a, wf_load(s->s1a)));
    wf_store(s->s1b, wf_sel(run, i1b, wf_load(s->s1b)));
    wf_store(s->s2a, wf_sel(run, i2a, wf_load(s->s2a)));
    wf_store(s->s2b, wf_sel(run, i2b, wf_load(s->s2b)));
    wf_store(s->scnt, wf_sel(run, cnt, wf_load(s->scnt)));

    // --- solve_simplex: segment (gjk2d_closest_on_segment with q = 0) ---
    wf ex = wf_sub(w1x, w0x), ey = wf_sub(w1y, w0y);
    wf su = wf_dot(w1x, w1y, ex, ey);                              // dot(b - q, e)
    wf sv = wf_dot(wf_sub(zero, w0x), wf_sub(zero, w0y), ex, ey); // dot(q - a, e)
    wm seg = wm_and(run, wf_eq(cnt, two));
    wm segB = wf_le(su, zero);
    wm segA = wm_andnot(wf_le(sv, zero), segB);
    wm segAB = wm_andnot(wm_andnot(seg, segB), segA);

    // --- solve_simplex: triangle (gjk2d_closest_on_triangle with q = 0), a = w0, b = w1, c = w2 ---
    wf bax = wf_sub(w1x, w0x), bay = wf_sub(w1y, w0y);
    wf cbx = wf_sub(w2x, w1x), cby = wf_sub(w2y, w1y);
    wf acx = wf_sub(w0x, w2x), acy = wf_sub(w0y, w2y);
    wf uAB = wf_dot(w1x, w1y, bax, bay);
    wf vAB = wf_dot(wf_sub(zero, w0x), wf_sub(zero, w0y), bax, bay);
    wf uBC = wf_dot(w2x, w2y, cbx, cby);
    wf vBC = wf_dot(wf_sub(zero, w1x), wf_sub(zero, w1y), cbx, cby);
    wf uCA = wf_dot(w0x, w0y, acx, acy);
    wf vCA = wf_dot(wf_sub(zero, w2x), wf_sub(zero, w2y), acx, acy);
    wf area = wf_cross(bax, bay, wf_sub(w2x, w0x), wf_sub(w2y, w0y));
    wf uABC = wf_cross(w1x, w1y, w2x, w2y);
    wf vABC = wf_cross(w2x, w2y, w0x, w0y);
    wf wABC = wf_cross(w0x, w0y, w1x, w1y);
    wm tri = wm_and(run, wf_eq(cnt, three));
    wm rA = wm_and(wf_le(vAB, zero), wf_le(uCA, zero));
    wm rB = wm_andnot(wm_and(wf_le(uAB, zero), wf_le(vBC, zero)), rA);
    wm rC = wm_andnot(wm_andnot(wm_and(wf_le(uBC, zero), wf_le(vCA, zero)), rA), rB);
    wm left = wm_andnot(tri, wm_or(wm_or(rA, rB), rC));
    wm rAB = wm_and(left, wm_and(wm_and(wf_gt(uAB, zero), wf_gt(vAB, zero)), wf_le(wf_mul(wABC, area), zero)));
    left = wm_andnot(left, rAB);
    wm rBC = wm_and(left, wm_and(wm_and(wf_gt(uBC, zero), wf_gt(vBC, zero)), wf_le(wf_mul(uABC, area), zero)));
    left = wm_andnot(left, rBC);
    wm rCA = wm_and(left, wm_and(wm_and(wf_gt(uCA, zero), wf_gt(vCA, zero)), wf_le(wf_mul(vABC, area), zero)));
    wm rABC = wm_andnot(left, rCA);
    rB = wm_and(tri, rB);
    rC = wm_and(tri, rC);

    // Culling keeps the survivors in order: v0 <- v1 (B, BC, segment B), v0 <- v2 (C), v1 <- v2 (BC, CA).
    wm from1 = wm_or(wm_or(rB, rBC), wm_and(seg, segB));
    wm v1from2 = wm_or(rBC, rCA);
    w0x = wf_sel(from1, w1x, wf_sel(rC, w2x, w0x));
    w0y = wf_sel(from1, w1y, wf_sel(rC, w2y, w0y));
    i0a = wf_sel(from1, i1a, wf_sel(rC, i2a, i0a));
    i0b = wf_sel(from1, i1b, wf_sel(rC, i2b, i0b));
    w1x = wf_sel(v1from2, w2x, w1x);
    w1y = wf_sel(v1from2, w2y, w1y);
    i1a = wf_sel(v1from2, i2a, i1a);
    i1b = wf_sel(v1from2, i2b, i1b);

    // Weights: vertex regions 1/1; edges (u, v) / (u + v); interior (u, v, w) / area. Lanes not solved
    // this step keep theirs.
    const wm solved = wm_or(seg, tri);
    wf n0 = wf_sel(solved, one, wf_load(s->n0)), n1 = wf_load(s->n1), n2 = wf_load(s->n2);
    wf den = wf_sel(solved, one, wf_load(s->den));
    n0 = wf_sel(segAB, su, n0);
    n1 = wf_sel(segAB, sv, n1);
    den = wf_sel(segAB, wf_add(su, sv), den);
    n0 = wf_sel(rAB, uAB, wf_sel(rBC, uBC, wf_sel(rCA, vCA, wf_sel(rABC, uABC, n0))));
    n1 = wf_sel(rAB, vAB, wf_sel(rBC, vBC, wf_sel(rCA, uCA, wf_sel(rABC, vABC, n1))));
    n2 = wf_sel(rABC, wABC, n2);
    den = wf_sel(rAB, wf_add(uAB, vAB), wf_sel(rBC, wf_add(uBC, vBC),
                 wf_sel(rCA, wf_add(uCA, vCA), wf_sel(rABC, area, den))));
    wm two_left = wm_or(segAB, wm_or(wm_or(rAB, rBC), rCA));
    cnt = wf_sel(rABC, three, wf_sel(two_left, two, wf_sel(solved, one, cnt)));

    // Case 2, containment.
    end = wf_sel(rABC, wf_set1((float)GJK2D_END_CONTAINMENT), end);
    run = wm_andnot(run, rABC);

    // Search direction: -w0 for one vertex, the exact perpendicular of the edge toward the origin for two.
    const wm c2 = wf_eq(cnt, two);
    ex = wf_sub(w1x, w0x);
    ey = wf_sub(w1y, w0y);
    const wf side = wf_cross(ex, ey, wf_neg(w0x), wf_neg(w0y));
    const wm pos = wf_gt(side, zero), neg = wf_lt(side, zero);
    const wf ndx = wf_sel(c2, wf_sel(pos, wf_neg(ey), wf_sel(neg, ey, zero)), wf_neg(w0x));
    const wf ndy = wf_sel(c2, wf_sel(pos, ex, wf_sel(neg, wf_neg(ex), zero)), wf_neg(w0y));
    dx = wf_sel(run, ndx, dx);
    dy = wf_sel(run, ndy, dy);
    // Cases 3b/4: the origin on the edge. Case 3a: the closest point is the origin. Then the cap.
    const wm edge_ov = wm_and(run, wm_andnot(wm_andnot(c2, pos), neg));
    end = wf_sel(edge_ov, wf_set1((float)GJK2D_END_EDGE_OVERLAP), end);
    run = wm_andnot(run, edge_ov);
    const wm vert_ov = wm_and(run, wm_and(wf_eq(dx, zero), wf_eq(dy, zero)));
    end = wf_sel(vert_ov, wf_set1((float)GJK2D_END_VERTEX_OVERLAP), end);
    run = wm_andnot(run, vert_ov);
    const wm capped = wm_and(run, wf_eq(iter, wf_load(s->cap)));
    end = wf_sel(capped, wf_set1((float)GJK2D_END_MAX_ITERATIONS), end);

    // Lanes that did not append keep their simplex: every value above equals the loaded one for them
    // (appends, culls and weights are all selected by masks within `run`), so plain stores suffice.
    wf_store(s->w0x, w0x);
    wf_store(s->w0y, w0y);
    wf_store(s->i0a, i0a);
    wf_store(s->i0b, i0b);
    wf_store(s->w1x, w1x);
    wf_store(s->w1y, w1y);
    wf_store(s->i1a, i1a);
    wf_store(s->i1b, i1b);
    wf_store(s->w2x, w2x);
    wf_store(s->w2y, w2y);
    wf_store(s->i2a, i2a);
    wf_store(s->i2b, i2b);
    wf_store(s->cnt, cnt);
    wf_store(s->n0, n0);
    wf_store(s->n1, n1);
    wf_store(s->n2, n2);
    wf_store(s->den, den);
    wf_store(s->dx, dx);
    wf_store(s->dy, dy);
    wf_store(s->iter, iter);
    wf_store(s->end, end);
    return wm_bits(wf_gt(end, zero));
}

/// Results of the lanes that ended, staged per lane (world frame) before they go to the caller's arrays.
typedef struct gjk_stage {
    _Alignas(64) float dist[W], ax[W], ay[W], bx[W], by[W], nx[W], ny[W];
    /// The final simplex's support points of ended lanes (other lanes hold stale, finite values).
    _Alignas(64) float av[3][2][W], bv[3][2][W];
} gjk_stage;

/// The end of ref_distance (witness points, core distance, normal, radii, world frame) for every lane at
/// once (only the lanes in `ended` are meaningful): the same
/// operations, with the branches of ref_distance turned into selects.
static void gjk_finish_wide(const gjk_state *st, const block *bk, unsigned ended, gjk_stage *o)
{
    // The final simplex's support points, fetched by index for the ended lanes. All three slots are
    // fetched whatever the count (no jump on it): unused slots hold indices of earlier pairs, always
    // inside the block's columns, and their values are never selected.
    float (*av)[2][W] = o->av, (*bv)[2][W] = o->bv;
    for (unsigned m = ended; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        const float *ia[3] = {st->i0a, st->i1a, st->i2a}, *ib[3] = {st->i0b, st->i1b, st->i2b};
        for (int i = 0; i < 3; i++) {
            const int ja = (int)ia[i][l], jb = (int)ib[i][l];
            av[i][0][l] = bk->ax[ja][l];
            av[i][1][l] = bk->ay[ja][l];
            bv[i][0][l] = bk->bx[jb][l];
            bv[i][1][l] = bk->by[jb][l];
        }
    }
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f), three = wf_set1(3.0f);
    const wpose rel = wpose_load(bk->rc, bk->rs, bk->rpx, bk->rpy);
    wf ax_[3], ay_[3], bx_[3], by_[3];
    for (int i = 0; i < 3; i++) {
        ax_[i] = wf_load(av[i][0]);
        ay_[i] = wf_load(av[i][1]);
        wf lx = wf_load(bv[i][0]), ly = wf_load(bv[i][1]);
        bx_[i] = xf_x(&rel, lx, ly);
        by_[i] = xf_y(&rel, lx, ly);
    }
    const wf cnt = wf_load(st->cnt), end = wf_load(st->end);
    const wm c2 = wf_eq(cnt, two), c3 = wf_eq(cnt, three);
    const wf inv = wf_div(one, wf_load(st->den));
    const wf wt0 = wf_mul(wf_load(st->n0), inv), wt1 = wf_mul(wf_load(st->n1), inv), wt2 = wf_mul(wf_load(st->n2), inv);
    const wf w0x = wf_load(st->w0x), w0y = wf_load(st->w0y), w1x = wf_load(st->w1x), w1y = wf_load(st->w1y);
    // witness_points and the simplex's closest point.
    wf cx = wf_sel(c2, wf_add(wf_mul(wt0, w0x), wf_mul(wt1, w1x)), w0x);
    wf cy = wf_sel(c2, wf_add(wf_mul(wt0, w0y), wf_mul(wt1, w1y)), w0y);
    wf pax2 = wf_add(wf_mul(wt0, ax_[0]), wf_mul(wt1, ax_[1])), pay2 = wf_add(wf_mul(wt0, ay_[0]), wf_mul(wt1, ay_[1]));
    wf pbx2 = wf_add(wf_mul(wt0, bx_[0]), wf_mul(wt1, bx_[1])), pby2 = wf_add(wf_mul(wt0, by_[0]), wf_mul(wt1, by_[1]));
    wf pax3 = wf_add(pax2, wf_mul(wt2, ax_[2])), pay3 = wf_add(pay2, wf_mul(wt2, ay_[2]));
    wf pax = wf_sel(c3, pax3, wf_sel(c2, pax2, ax_[0])), pay = wf_sel(c3, pay3, wf_sel(c2, pay2, ay_[0]));
    wf pbx = wf_sel(c3, pax3, wf_sel(c2, pbx2, bx_[0])), pby = wf_sel(c3, pay3, wf_sel(c2, pby2, by_[0]));
    // ref_distance's tail.
    // Cores overlap iff the reference's last search direction has no length: it is zero for the overlap
    // ends (this state keeps the previous direction there, hence the end test) and dot(d, d) may underflow.
    const wf dx = wf_load(st->dx), dy = wf_load(st->dy);
    const wf len = wf_sqrt(wf_dot(dx, dy, dx, dy));
    const wm ov = wm_or(wm_or(wm_or(wf_eq(end, wf_set1((float)GJK2D_END_CONTAINMENT)),
                                    wf_eq(end, wf_set1((float)GJK2D_END_VERTEX_OVERLAP))),
                              wf_eq(end, wf_set1((float)GJK2D_END_EDGE_OVERLAP))),
                        wm_not(wf_gt(len, zero)));
    pbx = wf_sel(ov, pax, pbx);
    pby = wf_sel(ov, pay, pby);
    const wf core = wf_sel(ov, zero, wf_sqrt(wf_dot(cx, cy, cx, cy)));
    const wf ninv = wf_div(wf_set1(-1.0f), len);
    const wf nx = wf_sel(ov, zero, wf_mul(ninv, dx)), ny = wf_sel(ov, zero, wf_mul(ninv, dy));
    const wf ra = wf_load(bk->ra), rb = wf_load(bk->rb), radii = wf_add(ra, rb);
    const wm apart = wm_andnot(wf_gt(core, radii), ov);
    const wm rounded = wm_andnot(wm_not(apart), ov); // only the rounded parts overlap
    const wf lo0 = wf_sub(core, rb);
    const wf lo = wf_sel(wf_gt(lo0, zero), lo0, zero), hi = wf_sel(wf_lt(core, ra), core, ra);
    const wf t = wf_mul(wf_set1(0.5f), wf_add(lo, hi));
    const wf dist = wf_sel(apart, wf_sub(core, radii), zero);
    const wf sa = wf_sel(apart, ra, t);
    wf qax = wf_sel(wm_or(apart, rounded), wf_add(pax, wf_mul(sa, nx)), pax);
    wf qay = wf_sel(wm_or(apart, rounded), wf_add(pay, wf_mul(sa, ny)), pay);
    wf qbx = wf_sel(apart, wf_sub(pbx, wf_mul(rb, nx)), wf_sel(rounded, qax, pbx));
    wf qby = wf_sel(apart, wf_sub(pby, wf_mul(rb, ny)), wf_sel(rounded, qay, pby));
    // World frame: pose_apply / pose_rotate with A's pose.
    const wpose xa = wpose_load(bk->wc, bk->ws, bk->wpx, bk->wpy);
    const wf pc = xa.c, ps = xa.s;
    const wf wax = xf_x(&xa, qax, qay), way = xf_y(&xa, qax, qay);
    const wm same = wm_or(ov, wf_eq(dist, zero));
    const wf wbx = wf_sel(same, wax, xf_x(&xa, qbx, qby)), wby = wf_sel(same, way, xf_y(&xa, qbx, qby));
    wf_store(o->dist, dist);
    wf_store(o->ax, wax);
    wf_store(o->ay, way);
    wf_store(o->bx, wbx);
    wf_store(o->by, wby);
    wf_store(o->nx, wf_sub(wf_mul(pc, nx), wf_mul(ps, ny)));
    wf_store(o->ny, wf_add(wf_mul(ps, nx), wf_mul(pc, ny)));
}

static void gjk_lane_write(const gjk_state *st, const block *bk, const gjk_stage *o, int l,
                           const gjk2d_distance_out *out)
{
    const int64_t k = bk->pair[l];
    if (out->distance) out->distance[k] = o->dist[l];
    if (out->ax) out->ax[k] = o->ax[l];
    if (out->ay) out->ay[k] = o->ay[l];
    if (out->bx) out->bx[k] = o->bx[l];
    if (out->by) out->by[k] = o->by[l];
    if (out->nx) out->nx[k] = o->nx[l];
    if (out->ny) out->ny[k] = o->ny[l];
    if (out->iterations) out->iterations[k] = (int32_t)st->iter[l];
    if (out->status)
        out->status[k] = (uint8_t)((int)st->end[l] == GJK2D_END_MAX_ITERATIONS ? GJK2D_STATUS_MAXITER : GJK2D_STATUS_OK);
}

static void slow_overlap(const stream *s, int64_t k);

static void slow_distance(const stream *s, int64_t k)
{
    gjk2d__scalar_table.distance(s->pool, s->pairs, k, k + 1, (const gjk2d_distance_out *)s->out);
}

/// The boolean query's answer for a rounded pair (ref_overlap): core distance <= ra + rb, i.e. the pair
/// is not apart (a staged distance of exactly 0), with the distance query's iterations and status.
static void gjk_lane_write_overlap(const gjk_state *st, const block *bk, const gjk_stage *o, int l,
                                   const gjk2d_overlap_out *out)
{
    const int64_t k = bk->pair[l];
    if (out->overlap) out->overlap[k] = (uint8_t)(o->dist[l] == 0.0f);
    if (out->iterations) out->iterations[k] = (int32_t)st->iter[l];
    if (out->status)
        out->status[k] = (uint8_t)((int)st->end[l] == GJK2D_END_MAX_ITERATIONS ? GJK2D_STATUS_MAXITER : GJK2D_STATUS_OK);
}

/// GJK distance lanes over a range: results to `out`, or (rounded pairs of the boolean query) to `oout`.
static void gjk_distance_run(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                             const gjk2d_distance_out *out, const gjk2d_overlap_out *oout)
{
    block bk;
    gjk_state st;
    gjk_stage stage;
    memset(&stage, 0, sizeof stage);
    block_init(&bk);
    memset(&st, 0, sizeof st);
    stream src = {pool, pairs, begin, end, out ? TAKE_ALL : TAKE_ROUNDED, out ? slow_distance : slow_overlap,
                  out ? (const void *)out : (const void *)oout, 0, 0, 0, 0, 0, 0};
    gjk2d_simd_stats stats = {0, 0, 0, 0, 0, 0, 0};
    const int count_stats = gjk2d__simd_stats_on();
    int64_t steps = 0, started[W] = {0};
    unsigned occupied = 0;
    for (int l = 0; l < W; l++) {
        int64_t k = stream_next(&src);
        if (k < 0) {
            st.end[l] = END_EMPTY;
            continue;
        }
        block_load(&bk, l, &src, k);
        gjk_lane_start(&st, l);
        occupied |= 1u << l;
    }
    while (occupied) {
        unsigned ended = gjk_step(&st, &bk) & occupied;
        steps++;
        if (ended) gjk_finish_wide(&st, &bk, ended, &stage);
        while (ended) {
            const int l = __builtin_ctz(ended);
            ended &= ended - 1;
            if (out)
                gjk_lane_write(&st, &bk, &stage, l, out);
            else
                gjk_lane_write_overlap(&st, &bk, &stage, l, oout);
            if (count_stats) {
                stats.lane_iterations += (int64_t)st.iter[l];
                stats.lane_steps += steps - started[l];
                started[l] = steps;
            }
            stats.pairs++;
            const int64_t k = stream_next(&src);
            if (k < 0) {
                st.end[l] = END_EMPTY;
                bk.pair[l] = -1;
                occupied &= ~(1u << l);
            } else {
                block_load(&bk, l, &src, k);
                gjk_lane_start(&st, l);
            }
        }
    }
    if (count_stats) {
        stats.blocks = 1;
        stats.block_steps = steps;
        stats.lane_slots = steps * W;
        stats.slow_pairs = src.slow_count;
        gjk2d__simd_stats_add(&stats);
    }
}

static void ISA_SYM(gjk2d__distance)(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                                     const gjk2d_distance_out *out)
{
    gjk_distance_run(pool, pairs, begin, end, out, NULL);
}

// ---------------------------------------------------------------------------------------------
// GJK boolean (src/ref/overlap.c, gjk_boolean and process_simplex).

enum { BOOL_OVERLAP = 1, BOOL_SEPARATED = 2, BOOL_MAXITER = 3 };

typedef struct bool_state {
    _Alignas(64) float p0x[W], p0y[W], p1x[W], p1y[W], p2x[W], p2y[W]; ///< oldest first
    _Alignas(64) float cnt[W], dx[W], dy[W], iter[W], cap[W];
    _Alignas(64) float end[W];
} bool_state;

/// A fresh lane: its first step is the initial support along (1, 0) (cnt 0 marks it).
static void bool_lane_start(bool_state *s, const block *bk, int l)
{
    s->cnt[l] = 0.0f;
    s->iter[l] = 0.0f;
    s->cap[l] = (float)GJK2D_ITERATION_CAP((int)bk->naf[l], (int)bk->nbf[l]);
    s->end[l] = 0.0f;
}

/// perp_toward: the perpendicular of e on the side of t; zero when t is on e's line.
static inline void perp_toward(wf ex, wf ey, wf tx, wf ty, wf *px, wf *py)
{
    const wf zero = wf_zero();
    wf side = wf_dot(wf_neg(ey), ex, tx, ty);
    wm pos = wf_gt(side, zero), neg = wf_lt(side, zero);
    *px = wf_sel(pos, wf_neg(ey), wf_sel(neg, ey, zero));
    *py = wf_sel(pos, ex, wf_sel(neg, wf_neg(ex), zero));
}

static unsigned bool_step(bool_state *s, block *bk)
{
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f);
    wf end = wf_load(s->end);
    const wm act = wf_eq(end, zero);
    wf dx = wf_load(s->dx), dy = wf_load(s->dy), iter = wf_load(s->iter), cnt = wf_load(s->cnt);
    wf p0x = wf_load(s->p0x), p0y = wf_load(s->p0y), p1x = wf_load(s->p1x), p1y = wf_load(s->p1y);
    wf p2x = wf_load(s->p2x), p2y = wf_load(s->p2y);

    // Fresh lanes search along (1, 0) once, uncounted, to get their first simplex point (gjk_boolean).
    const wm init = wm_and(act, wf_eq(cnt, zero));
    block_relative(bk, init);
    dx = wf_sel(init, one, dx);
    dy = wf_sel(init, zero, dy);

    wm touch = wm_andnot(wm_and(act, wm_and(wf_eq(dx, zero), wf_eq(dy, zero))), init);
    end = wf_sel(touch, wf_set1((float)BOOL_OVERLAP), end);
    wm run = wm_andnot(wm_andnot(act, touch), init);
    wm capped = wm_and(run, wf_eq(iter, wf_load(s->cap)));
    end = wf_sel(capped, wf_set1((float)BOOL_MAXITER), end);
    run = wm_andnot(run, capped);

    wf pax, pay, pbx, pby;
    support_a(bk, wf_neg(dx), wf_neg(dy), &pax, &pay, NULL);
    support_b(bk, dx, dy, &pbx, &pby, NULL);
    wf ax = wf_sub(pbx, pax), ay = wf_sub(pby, pay);
    iter = wf_sel(run, wf_add(iter, one), iter);
    wm sep = wm_andnot(run, wf_gt(wf_dot(ax, ay, dx, dy), zero));
    end = wf_sel(sep, wf_set1((float)BOOL_SEPARATED), end);
    run = wm_andnot(run, sep);

    // Append a, then processSimplex on the 1-simplex (cnt was 1) or the 2-simplex (cnt was 2).
    wm s1 = wm_and(run, wf_eq(cnt, one)), s2 = wm_and(run, wf_eq(cnt, two));
    wf aox = wf_neg(ax), aoy = wf_neg(ay);
    wf ndx = dx, ndy = dy, ncnt = cnt;
    wf n0x = p0x, n0y = p0y, n1x = wf_sel(s1, ax, p1x), n1y = wf_sel(s1, ay, p1y);
    wm contains = wm_none();
    {
        // 1-simplex: a = new point, b = p0.
        wf abx = wf_sub(p0x, ax), aby = wf_sub(p0y, ay);
        wm between = wf_gt(wf_dot(abx, aby, aox, aoy), zero);
        wf qx, qy;
        perp_toward(abx, aby, aox, aoy, &qx, &qy);
        wm m_between = wm_and(s1, between), m_beyond = wm_andnot(s1, between);
        contains = wm_or(contains, wm_and(m_between, wm_and(wf_eq(qx, zero), wf_eq(qy, zero))));
        ndx = wf_sel(m_between, qx, wf_sel(m_beyond, aox, ndx));
        ndy = wf_sel(m_between, qy, wf_sel(m_beyond, aoy, ndy));
        ncnt = wf_sel(m_between, two, wf_sel(m_beyond, one, ncnt));
        n0x = wf_sel(m_beyond, ax, n0x);
        n0y = wf_sel(m_beyond, ay, n0y);
    }
    {
        // 2-simplex: a = new point, b = p1, c = p0.
        wf abx = wf_sub(p1x, ax), aby = wf_sub(p1y, ay), acx = wf_sub(p0x, ax), acy = wf_sub(p0y, ay);
        wf acbx, acby, abcx, abcy;
        perp_toward(abx, aby, wf_neg(acx), wf_neg(acy), &acbx, &acby);
        perp_toward(acx, acy, wf_neg(abx), wf_neg(aby), &abcx, &abcy);
        wm degenerate = wm_or(wm_and(wf_eq(acbx, zero), wf_eq(acby, zero)), wm_and(wf_eq(abcx, zero), wf_eq(abcy, zero)));
        wm m = wm_andnot(s2, degenerate);
        contains = wm_or(contains, wm_and(s2, degenerate));
        wm out_ab = wm_and(m, wf_gt(wf_dot(acbx, acby, aox, aoy), zero));
        wm r4 = wm_and(out_ab, wf_gt(wf_dot(abx, aby, aox, aoy), zero));
        wm r5a = wm_andnot(out_ab, r4);
        wm rest = wm_andnot(m, out_ab);
        wm out_ac = wm_and(rest, wf_gt(wf_dot(abcx, abcy, aox, aoy), zero));
        wm r6 = wm_and(out_ac, wf_gt(wf_dot(acx, acy, aox, aoy), zero));
        wm r5b = wm_andnot(out_ac, r6);
        wm r7 = wm_andnot(rest, out_ac);
        wm r5 = wm_or(r5a, r5b);
        contains = wm_or(contains, r7);
        // Region 4: [b, a]; region 6: [c, a]; region 5: [a].
        n0x = wf_sel(r4, p1x, wf_sel(r5, ax, n0x));
        n0y = wf_sel(r4, p1y, wf_sel(r5, ay, n0y));
        n1x = wf_sel(wm_or(r4, r6), ax, n1x);
        n1y = wf_sel(wm_or(r4, r6), ay, n1y);
        ndx = wf_sel(r4, acbx, wf_sel(r6, abcx, wf_sel(r5, aox, ndx)));
        ndy = wf_sel(r4, acby, wf_sel(r6, abcy, wf_sel(r5, aoy, ndy)));
        ncnt = wf_sel(wm_or(r4, r6), two, wf_sel(r5, one, ncnt));
        // Region 7 / degenerate keep the triangle: the lane ends here.
        p2x = wf_sel(s2, ax, p2x);
        p2y = wf_sel(s2, ay, p2y);
    }
    end = wf_sel(contains, wf_set1((float)BOOL_OVERLAP), end);

    // Fresh lanes: the support point is the simplex, the direction points from it to the origin.
    wf_store(s->p0x, wf_sel(run, n0x, wf_sel(init, ax, p0x)));
    wf_store(s->p0y, wf_sel(run, n0y, wf_sel(init, ay, p0y)));
    wf_store(s->p1x, wf_sel(run, n1x, p1x));
    wf_store(s->p1y, wf_sel(run, n1y, p1y));
    wf_store(s->p2x, p2x);
    wf_store(s->p2y, p2y);
    wf_store(s->cnt, wf_sel(run, ncnt, wf_sel(init, one, cnt)));
    wf_store(s->dx, wf_sel(run, ndx, wf_sel(init, aox, dx)));
    wf_store(s->dy, wf_sel(run, ndy, wf_sel(init, aoy, dy)));
    wf_store(s->iter, iter);
    wf_store(s->end, end);
    return wm_bits(wf_gt(end, zero));
}

static void slow_overlap(const stream *s, int64_t k)
{
    gjk2d__scalar_table.overlap(s->pool, s->pairs, k, k + 1, (const gjk2d_overlap_out *)s->out);
}

static void ISA_SYM(gjk2d__overlap)(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t begin, int64_t end,
                                    const gjk2d_overlap_out *out)
{
    block bk;
    bool_state st;
    block_init(&bk);
    memset(&st, 0, sizeof st);
    // Rounded shapes take the reference (the distance query); the boolean fast path is for cores.
    stream src = {pool, pairs, begin, end, TAKE_CORES, slow_overlap, out, 0, 0, 0, 0, 0, 0};
    unsigned occupied = 0;
    for (int l = 0; l < W; l++) {
        int64_t k = stream_next(&src);
        if (k < 0) {
            st.end[l] = END_EMPTY;
            continue;
        }
        block_load(&bk, l, &src, k);
        bool_lane_start(&st, &bk, l);
        occupied |= 1u << l;
    }
    while (occupied) {
        unsigned ended = bool_step(&st, &bk) & occupied;
        while (ended) {
            const int l = __builtin_ctz(ended);
            ended &= ended - 1;
            const int64_t k0 = bk.pair[l];
            const int e = (int)st.end[l];
            if (out->overlap) out->overlap[k0] = (uint8_t)(e == BOOL_OVERLAP);
            if (out->iterations) out->iterations[k0] = (int32_t)st.iter[l];
            if (out->status) out->status[k0] = (uint8_t)(e == BOOL_MAXITER ? GJK2D_STATUS_MAXITER : GJK2D_STATUS_OK);
            const int64_t k = stream_next(&src);
            if (k < 0) {
                st.end[l] = END_EMPTY;
                bk.pair[l] = -1;
                occupied &= ~(1u << l);
            } else {
                block_load(&bk, l, &src, k);
                bool_lane_start(&st, &bk, l);
            }
        }
    }
    // Rounded pairs: the distance lanes decide (ref_overlap's fallback).
    if (src.skipped) gjk_distance_run(pool, pairs, begin, end, NULL, out);
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
