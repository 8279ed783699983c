// SPDX-License-Identifier: MIT
// The SIMD batch kernels, compiled once per instruction set (src/simd/meson.build sets GJK2D_WIDE_HEADER,
// GJK2D_SIMD_NAME and GJK2D_SIMD_SUFFIX). One lane runs one pair. Each kernel repeats the scalar
// reference (src/ref/gjk.c, overlap.c, sat.c, manifold.c) operation for operation, in the same float order, with
// every per-lane decision turned into a mask and a select: results are bit-identical to the reference,
// and therefore to every other ISA.
//
// Blocks of W consecutive pairs are loaded and run in lockstep (lanes_tmpl.h); GJK blocks stop after a
// few iterations and run their slowest pairs on in blocks of their own (distance_tmpl.h, overlap_tmpl.h). Pairs the fast path does not take (a shape with more than GJK2D_SIMD_MAX_VERTICES
// vertices, an invalid shape or a bad pose) are answered by the scalar fallback, in place. Rounded pairs of the boolean
// query go through the distance lanes, as the reference answers them with its distance query.
#include <float.h>
#include <stddef.h>
#include <math.h>
#include <string.h>

#include "ref/cast.h"
#include "ref/ref.h"
#include "ref/vec.h"
#include "simd/simd.h"
#include "simd/wide.h"

#define NMAX GJK2D_SIMD_MAX_VERTICES
/// A phase of a kernel (load, steps, finish, store), kept out of line so that callgrind's function-level
/// counts split a kernel by phase (scripts/callgrind-phases.sh); it runs once per block.
#define KERNEL_PHASE __attribute__((noinline))
#define STR2(x) #x
#define STR(x) STR2(x)

#include "simd/lanes_tmpl.h"

// ---------------------------------------------------------------------------------------------
// GJK distance: lockstep blocks (lanes_tmpl.h, distance_tmpl.h).

#include "simd/distance_tmpl.h"

static void ISA_SYM(gjk2d__distance)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                     int64_t begin, int64_t end, const gjk2d_distance_out *out) {
    const gjk_sink sink = {out, NULL};
    const batch_in in = {shapes, poses, pairs, end, 0, NULL};
    gjk_distance_run(&in, begin, end, TAKE_ALL, &sink);
}

// ---------------------------------------------------------------------------------------------
// GJK distance with a cache and a cutoff (cached_tmpl.h).

#include "simd/cached_tmpl.h"

static void ISA_SYM(gjk2d__distance_cached)(const gjk2d_shapes *shapes, const gjk2d_poses *poses,
                                            const gjk2d_pairs *pairs, int64_t begin, int64_t end, gjk2d_cache *cache,
                                            float max_distance, const gjk2d_distance_out *out) {
    const batch_in in = {shapes, poses, pairs, end, 0, NULL};
    const cached_call c = {&in, cache, max_distance, out, NULL, TAKE_ALL};
    const int cutting = max_distance < INFINITY;
    if (cache && cutting)
        cached_distance_warm_cut(&c, begin, end);
    else if (cache)
        cached_distance_warm(&c, begin, end);
    else if (cutting)
        cached_distance_cold_cut(&c, begin, end);
    else
        ISA_SYM(gjk2d__distance)(shapes, poses, pairs, begin, end, out);
}

static void ISA_SYM(gjk2d__toi_distance)(const gjk2d_shapes *shapes, const gjk2d_poses *poses_a,
                                         const gjk2d_poses *poses_b, const gjk2d_pairs *pairs, int64_t n,
                                         gjk2d_cache *cache, const gjk2d_distance_out *out) {
    const batch_in in = {shapes, poses_a, pairs, 0, 0, poses_b}; // end 0: per-pair poses, nothing prefetched
    const cached_call c = {&in, cache, INFINITY, out, NULL, POSES_OF_PAIRS};
    cached_distance_paired(&c, 0, n);
}

// ---------------------------------------------------------------------------------------------
// GJK boolean: lockstep blocks (overlap_tmpl.h).

#include "simd/overlap_tmpl.h"

static void ISA_SYM(gjk2d__overlap)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                    int64_t begin, int64_t end, const gjk2d_overlap_out *out) {
    const batch_in in = {shapes, poses, pairs, end, 0, NULL};
    bool_overlap_cold(&in, begin, end, out);
}

static void ISA_SYM(gjk2d__overlap_cached)(const gjk2d_shapes *shapes, const gjk2d_poses *poses,
                                           const gjk2d_pairs *pairs, int64_t begin, int64_t end, gjk2d_cache *cache,
                                           const gjk2d_overlap_out *out) {
    const batch_in in = {shapes, poses, pairs, end, 0, NULL};
    if (cache)
        bool_overlap_warm(&in, begin, end, cache, out);
    else
        bool_overlap_cold(&in, begin, end, out);
}

// ---------------------------------------------------------------------------------------------
// SAT (src/ref/sat.c) on lockstep blocks: its cost is fixed by the block's vertex bounds. Padded columns
// repeat each lane's last vertex, which adds only zero-length edges (skipped) and never a new extreme.

typedef struct sat_best {
    wf sep, nx, ny;
    wm found;
} sat_best;

/// Take (sep, n) where valid and first or larger; returns the lanes that took it.
static inline wm sat_consider(sat_best *b, wm valid, wf sep, wf nx, wf ny) {
    const wm take = wm_and(valid, wm_or(wm_not(b->found), wf_gt(sep, b->sep)));
    b->sep = wf_sel(take, sep, b->sep);
    b->nx = wf_sel(take, nx, b->nx);
    b->ny = wf_sel(take, ny, b->ny);
    b->found = wm_or(b->found, take);
    return take;
}

/// v2_rescaled for the lanes whose squared length len2 is below FLT_MIN (then len2 is recomputed); the
/// common block, with none, pays one compare.
static inline void rescale_tiny(wf *ex, wf *ey, wf *len2) {
    const wm tiny = wf_lt(*len2, wf_set1(FLT_MIN));
    if (!wm_any(tiny)) return;
    const wf s = wf_set1(0x1p64f);
    *ex = wf_sel(tiny, wf_mul(*ex, s), *ex);
    *ey = wf_sel(tiny, wf_mul(*ey, s), *ey);
    *len2 = wf_dot(*ex, *ey, *ex, *ey);
}

/// projection_gap: min over `other` minus max over `self` of the projections on axis n.
static inline wf projection_gap(const float (*sx)[W], const float (*sy)[W], int ns, const float (*ox)[W],
                                const float (*oy)[W], int no, wf nx, wf ny) {
    wf max_s = wf_dot(wf_load(sx[0]), wf_load(sy[0]), nx, ny);
    wf min_o = wf_dot(wf_load(ox[0]), wf_load(oy[0]), nx, ny);
    for (int i = 1; i < ns; i++) {
        wf v = wf_dot(wf_load(sx[i]), wf_load(sy[i]), nx, ny);
        max_s = wf_max_gt(v, max_s);
    }
    for (int j = 1; j < no; j++) {
        wf v = wf_dot(wf_load(ox[j]), wf_load(oy[j]), nx, ny);
        min_o = wf_min_lt(v, min_o);
    }
    return wf_sub(min_o, max_s);
}

/// The largest projection of `self` on axis n (projection_gap's max over self).
static inline wf self_max(const float (*sx)[W], const float (*sy)[W], int ns, wf nx, wf ny) {
    wf max_s = wf_dot(wf_load(sx[0]), wf_load(sy[0]), nx, ny);
    for (int i = 1; i < ns; i++) max_s = wf_max_gt(wf_dot(wf_load(sx[i]), wf_load(sy[i]), nx, ny), max_s);
    return max_s;
}

/// A bound of the projection gap of self's edge from column i to column i1 (unit normal n), from which the
/// face searches find the first largest gap with fewer projections (face_search_settled): the least
/// projection of `other`, exact (*min_o), minus the larger projection of the edge's own two ends. Those ends
/// are among self's columns, so the bound is at least projection_gap's value (the subtraction rounds
/// monotonically); it equals it unless another vertex projects as far as the edge's ends (in float: a
/// vertex nearly straight).
static inline __attribute__((always_inline)) wf edge_gap_bound(const float (*sx)[W], const float (*sy)[W], int i,
                                                               int i1, const float (*ox)[W], const float (*oy)[W],
                                                               int no, wf nx, wf ny, wf *min_o) {
    wf m = wf_dot(wf_load(ox[0]), wf_load(oy[0]), nx, ny);
    for (int j = 1; j < no; j++) m = wf_min_lt(wf_dot(wf_load(ox[j]), wf_load(oy[j]), nx, ny), m);
    *min_o = m;
    const wf ends =
        wf_max_gt(wf_dot(wf_load(sx[i1]), wf_load(sy[i1]), nx, ny), wf_dot(wf_load(sx[i]), wf_load(sy[i]), nx, ny));
    return wf_sub(m, ends);
}

/// Whether the first edge of the largest bound (`bound`, its least projection of the other shape `min_o`
/// and normal n) is also the first edge of the largest projection gap, with gap *gap; lanes without an
/// edge (`found` clear) are settled. Every gap is at most its bound, so where this edge's gap equals its
/// bound, an earlier edge's gap is below it (its bound is) and a later one's at most equal (first wins).
/// Otherwise the lanes' search is run over whole shapes.
static inline __attribute__((always_inline)) wm face_search_settled(const float (*sx)[W], const float (*sy)[W], int ns,
                                                                    wm found, wf bound, wf min_o, wf nx, wf ny,
                                                                    wf *gap) {
    *gap = wf_sub(min_o, self_max(sx, sy, ns, nx, ny));
    return wm_or(wm_not(found), wf_eq(*gap, bound));
}

/// Every edge's unit outward normal (edge_normal; zero for a zero-length edge) into enx, eny, and which edges
/// have length into ev. The SAT and the manifold take both shapes' normals before any projection on them: the
/// square roots and divisions then overlap instead of each edge's projections waiting for its own normal
/// (docs/benchmarks.md and docs/manifold.md have the figures).
static inline __attribute__((always_inline)) void edge_normals(float (*enx)[W], float (*eny)[W], wm *ev,
                                                               const float (*sx)[W], const float (*sy)[W], int ns) {
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    for (int i = 0; i < ns; i++) {
        const int i1 = i + 1 < ns ? i + 1 : 0;
        wf ex = wf_sub(wf_load(sx[i1]), wf_load(sx[i])), ey = wf_sub(wf_load(sy[i1]), wf_load(sy[i]));
        wf len2 = wf_dot(ex, ey, ex, ey);
        ev[i] = wm_not(wf_eq(len2, zero));
        if (!wm_any(ev[i])) {
            wf_store(enx[i], zero);
            wf_store(eny[i], zero);
            continue;
        }
        rescale_tiny(&ex, &ey, &len2);
        const wf inv = wf_div(one, wf_sqrt(len2));
        wf_store(enx[i], wf_mul(inv, ey));
        wf_store(eny[i], wf_mul(inv, wf_neg(ex)));
    }
}

/// One shape's edge normals, as edge_normals writes them.
typedef struct sat_normals {
    _Alignas(64) float x[NMAX][W], y[NMAX][W];
    wm valid[NMAX];
} sat_normals;

/// The first of the largest of a shape's edges as axes of `self` against `other` (edge_axes), into `top`:
/// ranked by edge_gap_bound (`bounded`, with the winner's least projection of `other` in *min_o) or by
/// projection_gap.
static inline __attribute__((always_inline)) void sat_edges_pass(sat_best *top, const sat_normals *en,
                                                                 const float (*sx)[W], const float (*sy)[W], int ns,
                                                                 const float (*ox)[W], const float (*oy)[W], int no,
                                                                 int bounded, wf *min_o) {
    for (int i = 0; i < ns; i++) {
        const wm valid = en->valid[i];
        if (!wm_any(valid)) continue;
        const wf nx = wf_load(en->x[i]), ny = wf_load(en->y[i]);
        wf mo = wf_zero();
        const wf gap = bounded ? edge_gap_bound(sx, sy, i, i + 1 < ns ? i + 1 : 0, ox, oy, no, nx, ny, &mo)
                               : projection_gap(sx, sy, ns, ox, oy, no, nx, ny);
        const wm took = sat_consider(top, valid, gap, nx, ny);
        if (bounded) *min_o = wf_sel(took, mo, *min_o);
    }
}

/// A shape's edges (their normals in `en`) as axes of `self` against `other` (edge_axes), after their ranking by
/// edge_gap_bound into `top` (sat_edges_pass; the winner's least projection of `other` in min_o); `flip` negates
/// the axis (B's edges). The first of the largest bound is settled (face_search_settled): taking that one edge
/// into `best` is what taking every edge in order does. Blocks where a lane is not settled take every edge's gap
/// over whole shapes.
static inline __attribute__((always_inline)) void sat_edges_settle(sat_best *best, sat_best top, const sat_normals *en,
                                                                   const float (*sx)[W], const float (*sy)[W], int ns,
                                                                   const float (*ox)[W], const float (*oy)[W], int no,
                                                                   wf min_o, int flip) {
    const wf zero = wf_zero();
    wf gap;
    if (!wm_all(face_search_settled(sx, sy, ns, top.found, top.sep, min_o, top.nx, top.ny, &gap))) {
        top = (sat_best){zero, zero, zero, wm_none()};
        sat_edges_pass(&top, en, sx, sy, ns, ox, oy, no, 0, &min_o);
        gap = top.sep;
    }
    sat_consider(best, top.found, gap, flip ? wf_neg(top.nx) : top.nx, flip ? wf_neg(top.ny) : top.ny);
}

/// A search for the closest pair of vertices over some of A's rows: the least squared distance so far and
/// its vector B[j] - A[i].
typedef struct closest_pair {
    wf d2, x, y;
} closest_pair;

/// The search started at the pair (A's row i, B's vertex 0).
static inline closest_pair closest_pair_start(const lblock *bk, int i) {
    const wf x = wf_sub(wf_load(bk->bx[0]), wf_load(bk->ax[i])), y = wf_sub(wf_load(bk->by[0]), wf_load(bk->ay[i]));
    const closest_pair c = {wf_dot(x, y, x, y), x, y};
    return c;
}

/// A's row i against B's vertices j0 .. nb - 1: a pair replaces the best only if strictly closer.
static inline __attribute__((always_inline)) void closest_pair_row(closest_pair *c, const lblock *bk, int i, int j0,
                                                                   int nb) {
    const wf aix = wf_load(bk->ax[i]), aiy = wf_load(bk->ay[i]);
    for (int j = j0; j < nb; j++) {
        const wf x = wf_sub(wf_load(bk->bx[j]), aix), y = wf_sub(wf_load(bk->by[j]), aiy);
        const wf d2 = wf_dot(x, y, x, y);
        const wm m = wf_lt(d2, c->d2);
        c->d2 = wf_sel(m, d2, c->d2);
        c->x = wf_sel(m, x, c->x);
        c->y = wf_sel(m, y, c->y);
    }
}

static inline __attribute__((always_inline)) void sat_axes(const lblock *bk, int na, int nb, sat_best *best) {
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    // A point has no edges: its padded edges all have zero length and are skipped like duplicates. Both
    // shapes' normals before either's projections (see edge_normals).
    sat_normals ea, eb;
    edge_normals(ea.x, ea.y, ea.valid, bk->ax, bk->ay, na);
    edge_normals(eb.x, eb.y, eb.valid, bk->bx, bk->by, nb);
    // Both shapes' rankings before either is settled: two independent chains of selects back to back
    // (docs/design.md, "Face searches by bounds").
    sat_best ta = {zero, zero, zero, wm_none()}, tb = ta;
    wf min_a = zero, min_b = zero;
    sat_edges_pass(&ta, &ea, bk->ax, bk->ay, na, bk->bx, bk->by, nb, 1, &min_a);
    sat_edges_pass(&tb, &eb, bk->bx, bk->by, nb, bk->ax, bk->ay, na, 1, &min_b);
    sat_edges_settle(best, ta, &ea, bk->ax, bk->ay, na, bk->bx, bk->by, nb, min_a, 0);
    sat_edges_settle(best, tb, &eb, bk->bx, bk->by, nb, bk->ax, bk->ay, na, min_b, 1);

    // The closest pair of vertices (vertex_pair_axis): the first pair of least distance in the order (i, j).
    // A's rows [0, h) and [h, na) are searched as two independent chains of compare and select, each
    // keeping the first least pair of its own rows; the second wins only if strictly closer, which is the
    // single search's answer bit for bit (its rows come later in the order), at half its dependent chain.
    const int h = (na + 1) / 2;
    closest_pair lo = closest_pair_start(bk, 0), hi = closest_pair_start(bk, h < na ? h : 0);
    for (int i = 0; i < h; i++) {
        closest_pair_row(&lo, bk, i, i == 0 ? 1 : 0, nb);
        if (h + i < na) closest_pair_row(&hi, bk, h + i, i == 0 ? 1 : 0, nb);
    }
    const wm later = h < na ? wf_lt(hi.d2, lo.d2) : wm_none();
    wf bd2 = wf_sel(later, hi.d2, lo.d2), ex = wf_sel(later, hi.x, lo.x), ey = wf_sel(later, hi.y, lo.y);
    wm valid = wm_not(wf_eq(bd2, zero));
    if (wm_any(valid)) {
        rescale_tiny(&ex, &ey, &bd2);
        wf inv = wf_div(one, wf_sqrt(bd2));
        wf nx = wf_mul(inv, ex), ny = wf_mul(inv, ey);
        sat_consider(best, valid, projection_gap(bk->ax, bk->ay, na, bk->bx, bk->by, nb, nx, ny), nx, ny);
    }
}

/// A block's answers: the separation and the world-frame axis.
typedef struct sat_lanes {
    wf sep, nx, ny;
} sat_lanes;

static KERNEL_PHASE void sat_block(const lblock *bk, sat_lanes *r) {
    const wf zero = wf_zero();
    sat_best best = {zero, zero, zero, wm_none()};
    // The blocks of a vertex-count window share one bound: loops of a constant length for each.
    const int same = bk->na_bound == bk->nb_bound ? bk->na_bound : 0;
    switch (same) {
    case 3: sat_axes(bk, 3, 3, &best); break;
    case 4: sat_axes(bk, 4, 4, &best); break;
    case 5: sat_axes(bk, 5, 5, &best); break;
    case 6: sat_axes(bk, 6, 6, &best); break;
    case 7: sat_axes(bk, 7, 7, &best); break;
    case LANE_ROW: sat_axes(bk, LANE_ROW, LANE_ROW, &best); break;
    default: sat_axes(bk, bk->na_bound, bk->nb_bound, &best); break;
    }
    const wf sep = wf_sub(wf_sel(best.found, best.sep, zero), wf_add(wf_load(bk->ra), wf_load(bk->rb)));
    const wf nx = wf_sel(best.found, best.nx, zero), ny = wf_sel(best.found, best.ny, zero);
    // pose_rotate with A's pose.
    const wf c = wf_load(bk->wc), s = wf_load(bk->ws);
    r->sep = sep;
    r->nx = wf_sub(wf_mul(c, nx), wf_mul(s, ny));
    r->ny = wf_add(wf_mul(s, nx), wf_mul(c, ny));
}

static KERNEL_PHASE void sat_write(const gjk2d_sat_out *out, const lblock *bk, const sat_lanes *r, int whole_block) {
    _Alignas(64) float sep_l[W], nx_l[W], ny_l[W];
    wf_store(sep_l, r->sep);
    if (whole_block) {
        const int64_t k = bk->pair[0];
        if (out->separation) wf_storeu(out->separation + k, r->sep);
        if (out->nx) wf_storeu(out->nx + k, r->nx);
        if (out->ny) wf_storeu(out->ny + k, r->ny);
        if (out->overlap) wf_store_u8(out->overlap + k, wf_sel(wf_le(r->sep, wf_zero()), wf_set1(1.0f), wf_zero()));
        if (out->status) memset(out->status + k, GJK2D_STATUS_OK, W);
        return;
    }
    wf_store(nx_l, r->nx);
    wf_store(ny_l, r->ny);
    for (unsigned m = bk->live; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        const int64_t k = bk->pair[l];
        if (out->overlap) out->overlap[k] = (uint8_t)(sep_l[l] <= 0.0f);
        if (out->separation) out->separation[k] = sep_l[l];
        if (out->nx) out->nx[k] = nx_l[l];
        if (out->ny) out->ny[k] = ny_l[l];
        if (out->status) out->status[k] = (uint8_t)GJK2D_STATUS_OK;
    }
}

/// A sorted window's answers at the pairs' indices.
static KERNEL_PHASE void sat_put(const gjk2d_sat_out *out, const lwindow *win, const float *sep, const float *nx,
                                 const float *ny) {
    if (out->separation) lwindow_put(win, out->separation, sep);
    if (out->nx) lwindow_put(win, out->nx, nx);
    if (out->ny) lwindow_put(win, out->ny, ny);
    if (out->status) memset(out->status + win->k0, GJK2D_STATUS_OK, (size_t)win->n);
    if (!out->overlap) return;
    int j = 0;
    for (; j + W <= win->n; j += W) { // the separations in the pairs' order: as just written, or gathered
        const int64_t k = win->k0 + j;
        const wf sj = out->separation ? wf_loadu(out->separation + k) : wf_gather(sep, wf_load(win->pos + j));
        wf_store_u8(out->overlap + k, wf_sel(wf_le(sj, wf_zero()), wf_set1(1.0f), wf_zero()));
    }
    for (; j < win->n; j++) out->overlap[win->k0 + j] = (uint8_t)(sep[(int)win->pos[j]] <= 0.0f);
}

static void ISA_SYM(gjk2d__sat)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                int64_t begin, int64_t end, const gjk2d_sat_out *out) {
    const batch_in in = {shapes, poses, pairs, end, 1, NULL}; // segments at their own 2 columns
    lblock bk;
    lwindow win;
    sat_lanes r;
    // A sorted window's answers wait in its order, are written at the pairs' indices, then its slow pairs.
    _Alignas(64) float sep[LWINDOW], nx[LWINDOW], ny[LWINDOW];
    int64_t slow[LWINDOW];
    for (int64_t k0 = begin; k0 < end; k0 += LWINDOW) {
        lwindow_sort(&win, &in, k0, end - k0 < LWINDOW ? (int)(end - k0) : LWINDOW);
        int nslow = 0;
        for (int i = 0; i < win.n; i += W) {
            const int lanes = win.n - i < W ? win.n - i : W;
            int cols;
            const int64_t *ks = lwindow_block(&win, i, lanes, &cols);
            if (ks) lwindow_prefetch(&win, &in, i);
            if (lblock_load(&bk, &in, ks, k0 + i, lanes, TAKE_ALL, cols)) {
                sat_block(&bk, &r);
                if (win.sorted) {
                    wf_store(sep + i, r.sep), wf_store(nx + i, r.nx), wf_store(ny + i, r.ny);
                } else {
                    sat_write(out, &bk, &r, lanes == W); // a whole block at once: its slow lanes after
                }
            }
            for (unsigned m = bk.slow; m; m &= m - 1) slow[nslow++] = bk.pair[__builtin_ctz(m)];
        }
        if (win.sorted) sat_put(out, &win, sep, nx, ny);
        for (int s = 0; s < nslow; s++) gjk2d__scalar_table.sat(shapes, poses, pairs, slow[s], slow[s] + 1, out);
    }
}

// ---------------------------------------------------------------------------------------------
// Shape cast, ray cast and point query (cast_tmpl.h).

#include "simd/cast_tmpl.h"

// ---------------------------------------------------------------------------------------------
// Contact manifolds (src/ref/manifold.c) on lockstep blocks (manifold_tmpl.h); the lanes it leaves go to
// the reference pair by pair, after the block's vector stores.

#include "simd/manifold_tmpl.h"

/// A window's blocks ordered by kind (mf_window_sort): answers in the window's order, then at the pairs'
/// indices, then the reference's for the lanes left. Out of line, so that its buffers (21 fields of LWINDOW)
/// stay off the stack of the loop over blocks in the pairs' order.
static __attribute__((noinline)) void mf_window_run(const lwindow *win, const batch_in *in, float margin,
                                                    const gjk2d_manifold_out *out) {
    lblock bk;
    mf_window_out wo;
    int64_t slow[LWINDOW];
    int nslow = 0;
    const int fetch = in->shapes->shape_count >= LANE_PREFETCH_MIN_SHAPES;
    for (int i = 0; i < win->n; i += W) {
        lwindow_prefetch(win, in, i);
        if (fetch && win->k0 + LWINDOW + i + W <= in->end) mf_prefetch_turns(in, win->k0 + LWINDOW + i);
        unsigned left = 0;
        if (lblock_load_keep_b(&bk, in, win->k + i, win->k0 + i, W, TAKE_ALL, LANE_ROW))
            left = mf_block(&bk, 0, margin, in, out, &wo, i);
        else
            mf_window_blank(&wo, i); // every lane the reference's
        for (unsigned m = left | bk.slow; m; m &= m - 1) slow[nslow++] = bk.pair[__builtin_ctz(m)];
    }
    mf_window_put(out, win, &wo);
    for (int s = 0; s < nslow; s++)
        gjk2d__scalar_manifold(in->shapes, in->poses, in->pairs, slow[s], slow[s] + 1, margin, out);
}

/// The manifolds in windows of LWINDOW pairs. A window's first block runs in the pairs' order; if it holds more
/// than one kind of pair (on at most 8 lanes, MF_ORDERS_KINDS), the rest of the window runs ordered by kind
/// (mf_window_run), else in the pairs' order too, each block written at once. The first block decides from what
/// its load read: reading lane heads ahead of the blocks (the window's, or its first block's) made W1 and W2
/// 1-4 % slower (avx2, AMD Zen 3), and a list whose kinds come in runs of a block or more has blocks of one kind
/// in its own order.
static void ISA_SYM(gjk2d__manifold)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                     int64_t begin, int64_t end, float margin, const gjk2d_manifold_out *out) {
    const batch_in in = {shapes, poses, pairs, end, 1, NULL}; // segments at their own 2 columns
    lblock bk;
    lwindow win;
    const int fetch = shapes->shape_count >= LANE_PREFETCH_MIN_SHAPES;
    const int fetch_out = end - begin >= LANE_OUT_PREFETCH_MIN;
    for (int64_t k0 = begin; k0 < end; k0 += LWINDOW) {
        const int64_t k1 = end - k0 < LWINDOW ? end : k0 + LWINDOW;
        for (int64_t k = k0; k < k1; k += W) {
            const int lanes = k1 - k < W ? (int)(k1 - k) : W;
            unsigned left = 0;
            if (fetch && k + (LANE_PREFETCH_BLOCKS + 1) * W <= end)
                mf_prefetch_turns(&in, k + LANE_PREFETCH_BLOCKS * W);
            if (fetch_out && k + LANE_OUT_PREFETCH_AHEAD + W <= end)
                mf_prefetch_outputs(out, k + LANE_OUT_PREFETCH_AHEAD);
            const int loaded = lblock_load_keep_b(&bk, &in, NULL, k, lanes, TAKE_ALL, LANE_ROW);
            if (loaded) left = mf_block(&bk, lanes == W, margin, &in, out, NULL, 0);
            for (unsigned m = left | bk.slow; m; m &= m - 1) {
                const int64_t kk = bk.pair[__builtin_ctz(m)];
                gjk2d__scalar_manifold(shapes, poses, pairs, kk, kk + 1, margin, out);
            }
            if (MF_ORDERS_KINDS && k == k0 && k1 - k0 == LWINDOW && loaded && mf_block_mixed(&bk)) {
                mf_window_sort(&win, &in, k0 + W, LWINDOW - W);
                if (fetch_out && k0 + 2 * LWINDOW <= end) mf_prefetch_output_lines(out, k0 + LWINDOW, LWINDOW);
                mf_window_run(&win, &in, margin, out);
                break;
            }
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Shape-set preparation: convexity in lanes (validate_tmpl.h).

#include "simd/validate_tmpl.h"

const gjk2d_kernel_table ISA_SYM(gjk2d__table) = {
    STR(GJK2D_SIMD_NAME),
    W,
    ISA_SYM(gjk2d__distance),
    ISA_SYM(gjk2d__overlap),
    ISA_SYM(gjk2d__sat),
    ISA_SYM(gjk2d__convex_block),
    ISA_SYM(gjk2d__cast),
    ISA_SYM(gjk2d__ray),
    ISA_SYM(gjk2d__point),
    ISA_SYM(gjk2d__manifold),
    ISA_SYM(gjk2d__distance_cached),
    ISA_SYM(gjk2d__overlap_cached),
    ISA_SYM(gjk2d__toi_distance),
};
