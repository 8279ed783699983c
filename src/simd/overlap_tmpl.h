// SPDX-License-Identifier: MIT
// GJK boolean overlap in lockstep lanes (included by kernel_tmpl.c, once per ISA, after cached_tmpl.h):
// src/ref/overlap.c's gjk_boolean and process_simplex with every per-lane decision a mask and a select.
// Rounded pairs are answered, as the reference answers them, by the distance query (a second pass through
// the distance lanes, cached_tmpl.h's when a cache is given). Blocks run at most BOOL_LOCKSTEP_ITERATIONS
// iterations and their stragglers are restarted from their first step in blocks of their own: with so few
// of them, rebuilding their state costs fewer instructions than moving it as the distance kernel does
// (distance_tmpl.h; the figures are in docs/design.md, "Stragglers"). A straggler's cache entry is
// written only when it ends, so its restart starts from the same entry.
//
// With a cache (ref_overlap_cached), each lane starts from its entry where it fits: the distance kernel's
// reading of the entry (gjk_lanes_from_cache) and its solve (gjk_lanes_settle) are settle_warm_simplex's
// reduction to the sub-simplex nearest the origin, with the same survivors in the same order, the same
// perpendicular and the same overlap ends; a lane whose entry does not fit starts cold. The lanes then
// carry each simplex point's key (its vertex indices, as the distance kernel's) to write the simplex that
// decided each pair back as ref_cache_store does.

/// Stragglers wait in a fixed buffer (no allocation in batch calls); a full buffer is run at once.
#define STRAGGLER_BUFFER (16 * W)

#define BOOL_LOCKSTEP_ITERATIONS 3

enum { BOOL_OVERLAP = 1, BOOL_SEPARATED = 2, BOOL_MAXITER = 3 };

typedef struct bool_lanes {
    wf p0x, p0y, p1x, p1y, p2x, p2y; ///< the simplex, oldest first
    wf k0, k1, k2;                   ///< its points' keys ia * NMAX + ib (carried only with a cache)
    wf cnt, dx, dy, iter, cap, end;
} bool_lanes;

/// perp_toward: the perpendicular of e on the side of t; zero when t is on e's line.
static inline void perp_toward(wf ex, wf ey, wf tx, wf ty, wf *px, wf *py) {
    const wf zero = wf_zero();
    const wf side = wf_dot(wf_neg(ey), ex, tx, ty);
    const wm pos = wf_gt(side, zero), neg = wf_lt(side, zero);
    *px = wf_sel(pos, wf_neg(ey), wf_sel(neg, ey, zero));
    *py = wf_sel(pos, ex, wf_sel(neg, wf_neg(ex), zero));
}

/// The key of a support pair: ia * NMAX + ib, exact in float (distance_tmpl.h).
static inline wf bool_key(wf ia, wf ib) { return wf_add(wf_mul(ia, wf_set1((float)NMAX)), ib); }

/// gjk_boolean before its loop: one uncounted support search along (1, 0) gives the first simplex point;
/// the direction then points from it to the origin. `keys` (a constant): also the point's key.
static inline __attribute__((always_inline)) void bool_lanes_start(bool_lanes *s, const lblock *bk, int bound_a,
                                                                   int bound_b, int keys) {
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    wf pax, pay, pbx, pby, ia = zero, ib = zero;
    lane_support(bk->ax, bk->ay, bound_a, wf_neg(one), wf_neg(zero), &pax, &pay, keys ? &ia : NULL);
    lane_support(bk->bx, bk->by, bound_b, one, zero, &pbx, &pby, keys ? &ib : NULL);
    s->p0x = wf_sub(pbx, pax);
    s->p0y = wf_sub(pby, pay);
    s->p1x = s->p1y = s->p2x = s->p2y = zero;
    s->k0 = keys ? bool_key(ia, ib) : zero;
    s->k1 = s->k2 = zero;
    s->cnt = one;
    s->dx = wf_neg(s->p0x);
    s->dy = wf_neg(s->p0y);
    s->iter = zero;
    s->cap = wf_add(wf_add(wf_load(bk->naf), wf_load(bk->nbf)), wf_set1(16.0f));
    s->end = zero;
}

/// One loop turn of gjk_boolean for every running lane. Returns the lanes still running. `first`: the
/// block's first turn (a constant), where every lane holds one point, so there is no 2-simplex to process.
/// `keys` (a constant): carry the points' keys, and leave each lane that found an overlap with the simplex
/// the reference leaves (the new point appended), for the cache.
static inline __attribute__((always_inline)) unsigned bool_lanes_step(bool_lanes *s, const lblock *bk, int bound_a,
                                                                      int bound_b, int first, int keys) {
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f);
    wf end = s->end, dx = s->dx, dy = s->dy, iter = s->iter, cnt = s->cnt;
    const wf p0x = s->p0x, p0y = s->p0y, p1x = s->p1x, p1y = s->p1y;
    const wf k0 = s->k0, k1 = s->k1;
    wm run = wf_eq(end, zero);

    // A zero direction: the origin is on the simplex (touching). Then the cap.
    const wm touch = wm_and(run, wm_and(wf_eq(dx, zero), wf_eq(dy, zero)));
    end = wf_sel(touch, wf_set1((float)BOOL_OVERLAP), end);
    run = wm_andnot(run, touch);
    const wm capped = wm_and(run, wf_eq(iter, s->cap));
    end = wf_sel(capped, wf_set1((float)BOOL_MAXITER), end);
    run = wm_andnot(run, capped);

    wf pax, pay, pbx, pby, ia = zero, ib = zero;
    lane_support(bk->ax, bk->ay, bound_a, wf_neg(dx), wf_neg(dy), &pax, &pay, keys ? &ia : NULL);
    lane_support(bk->bx, bk->by, bound_b, dx, dy, &pbx, &pby, keys ? &ib : NULL);
    const wf ax = wf_sub(pbx, pax), ay = wf_sub(pby, pay);
    const wf ka = keys ? bool_key(ia, ib) : zero;
    iter = wf_sel(run, wf_add(iter, one), iter);
    const wm sep = wm_andnot(run, wf_gt(wf_dot(ax, ay, dx, dy), zero));
    end = wf_sel(sep, wf_set1((float)BOOL_SEPARATED), end);
    run = wm_andnot(run, sep);

    // Append a, then process_simplex on the 1-simplex (cnt was 1) or the 2-simplex (cnt was 2).
    const wm s1 = first ? run : wm_and(run, wf_eq(cnt, one)), s2 = first ? wm_none() : wm_and(run, wf_eq(cnt, two));
    const wf aox = wf_neg(ax), aoy = wf_neg(ay);
    wf ndx = dx, ndy = dy, ncnt = cnt;
    wf n0x = p0x, n0y = p0y, n1x = wf_sel(s1, ax, p1x), n1y = wf_sel(s1, ay, p1y);
    wf nk0 = k0, nk1 = keys ? wf_sel(s1, ka, k1) : k1;
    wm contains = wm_none(), grew3 = wm_none();
    {
        // 1-simplex: a = new point, b = p0.
        const wf abx = wf_sub(p0x, ax), aby = wf_sub(p0y, ay);
        const wm between = wf_gt(wf_dot(abx, aby, aox, aoy), zero);
        wf qx, qy;
        perp_toward(abx, aby, aox, aoy, &qx, &qy);
        const wm m_between = wm_and(s1, between), m_beyond = wm_andnot(s1, between);
        contains = wm_or(contains, wm_and(m_between, wm_and(wf_eq(qx, zero), wf_eq(qy, zero))));
        ndx = wf_sel(m_between, qx, wf_sel(m_beyond, aox, ndx));
        ndy = wf_sel(m_between, qy, wf_sel(m_beyond, aoy, ndy));
        ncnt = wf_sel(m_between, two, wf_sel(m_beyond, one, ncnt));
        n0x = wf_sel(m_beyond, ax, n0x);
        n0y = wf_sel(m_beyond, ay, n0y);
        if (keys) nk0 = wf_sel(m_beyond, ka, nk0);
    }
    if (!first) {
        // 2-simplex: a = new point, b = p1, c = p0.
        const wf abx = wf_sub(p1x, ax), aby = wf_sub(p1y, ay), acx = wf_sub(p0x, ax), acy = wf_sub(p0y, ay);
        wf acbx, acby, abcx, abcy;
        perp_toward(abx, aby, wf_neg(acx), wf_neg(acy), &acbx, &acby);
        perp_toward(acx, acy, wf_neg(abx), wf_neg(aby), &abcx, &abcy);
        const wm degenerate =
            wm_or(wm_and(wf_eq(acbx, zero), wf_eq(acby, zero)), wm_and(wf_eq(abcx, zero), wf_eq(abcy, zero)));
        const wm m = wm_andnot(s2, degenerate);
        contains = wm_or(contains, wm_and(s2, degenerate));
        const wm out_ab = wm_and(m, wf_gt(wf_dot(acbx, acby, aox, aoy), zero));
        const wm r4 = wm_and(out_ab, wf_gt(wf_dot(abx, aby, aox, aoy), zero));
        const wm r5a = wm_andnot(out_ab, r4);
        const wm rest = wm_andnot(m, out_ab);
        const wm out_ac = wm_and(rest, wf_gt(wf_dot(abcx, abcy, aox, aoy), zero));
        const wm r6 = wm_and(out_ac, wf_gt(wf_dot(acx, acy, aox, aoy), zero));
        const wm r5b = wm_andnot(out_ac, r6);
        const wm r7 = wm_andnot(rest, out_ac);
        const wm r5 = wm_or(r5a, r5b);
        contains = wm_or(contains, r7);
        // Region 4: [b, a]; region 6: [c, a]; region 5: [a].
        n0x = wf_sel(r4, p1x, wf_sel(r5, ax, n0x));
        n0y = wf_sel(r4, p1y, wf_sel(r5, ay, n0y));
        n1x = wf_sel(wm_or(r4, r6), ax, n1x);
        n1y = wf_sel(wm_or(r4, r6), ay, n1y);
        ndx = wf_sel(r4, acbx, wf_sel(r6, abcx, wf_sel(r5, aox, ndx)));
        ndy = wf_sel(r4, acby, wf_sel(r6, abcy, wf_sel(r5, aoy, ndy)));
        ncnt = wf_sel(wm_or(r4, r6), two, wf_sel(r5, one, ncnt));
        if (keys) {
            nk0 = wf_sel(r4, k1, wf_sel(r5, ka, nk0));
            nk1 = wf_sel(wm_or(r4, r6), ka, nk1);
            s->k2 = wf_sel(s2, ka, s->k2);
            grew3 = wm_or(wm_and(s2, degenerate), r7);
        }
        // Region 7 / degenerate keep the triangle: the lane ends here.
        s->p2x = wf_sel(s2, ax, s->p2x);
        s->p2y = wf_sel(s2, ay, s->p2y);
    }
    end = wf_sel(contains, wf_set1((float)BOOL_OVERLAP), end);
    run = wm_andnot(run, contains);

    s->p0x = wf_sel(run, n0x, p0x);
    s->p0y = wf_sel(run, n0y, p0y);
    if (keys) {
        // An overlap found on the segment keeps [p0, a], one found on the triangle [p0, p1, a] (p2 is a).
        const wm grew2 = wm_andnot(contains, grew3);
        s->p1x = wf_sel(run, n1x, wf_sel(grew2, ax, p1x));
        s->p1y = wf_sel(run, n1y, wf_sel(grew2, ay, p1y));
        s->k0 = wf_sel(run, nk0, k0);
        s->k1 = wf_sel(run, nk1, wf_sel(grew2, ka, k1));
        s->cnt = wf_sel(run, ncnt, wf_sel(grew2, two, wf_sel(grew3, wf_set1(3.0f), cnt)));
    } else {
        s->p1x = wf_sel(run, n1x, p1x);
        s->p1y = wf_sel(run, n1y, p1y);
        s->cnt = wf_sel(run, ncnt, cnt);
    }
    s->dx = wf_sel(run, ndx, dx);
    s->dy = wf_sel(run, ndy, dy);
    s->iter = iter;
    s->end = end;
    return wm_bits(run);
}

/// Each lane's start from its cache entry where it fits (settle_warm_simplex), else cold; with keys.
static inline __attribute__((always_inline)) void bool_lanes_start_cached(bool_lanes *s, const lblock *bk, int bound_a,
                                                                          int bound_b, const gjk2d_cache *cache) {
    bool_lanes_start(s, bk, bound_a, bound_b, 1);
    gjk_lanes g;
    const wm fits = gjk_lanes_from_cache(&g, bk, cache);
    if (!wm_any(fits)) return;
    const wm seg = wm_and(fits, wf_eq(g.cnt, wf_set1(2.0f))), tri = wm_and(fits, wf_eq(g.cnt, wf_set1(3.0f)));
    if (wm_any(tri))
        gjk_lanes_settle(&g, fits, seg, tri, 1, 0);
    else
        gjk_lanes_settle(&g, fits, seg, tri, 0, 0);
    // The distance's ends there (containment, the origin on the segment or at the vertex) are the
    // overlaps settle_warm_simplex finds, with the simplex it leaves.
    s->p0x = wf_sel(fits, g.w0x, s->p0x), s->p0y = wf_sel(fits, g.w0y, s->p0y);
    s->p1x = wf_sel(fits, g.w1x, s->p1x), s->p1y = wf_sel(fits, g.w1y, s->p1y);
    s->p2x = wf_sel(fits, g.w2x, s->p2x), s->p2y = wf_sel(fits, g.w2y, s->p2y);
    s->k0 = wf_sel(fits, g.k0, s->k0), s->k1 = wf_sel(fits, g.k1, s->k1), s->k2 = wf_sel(fits, g.k2, s->k2);
    s->cnt = wf_sel(fits, g.cnt, s->cnt);
    s->dx = wf_sel(fits, g.dx, s->dx), s->dy = wf_sel(fits, g.dy, s->dy);
    s->end = wf_sel(wm_and(fits, wf_gt(g.end, wf_zero())), wf_set1((float)BOOL_OVERLAP), s->end);
}

static inline __attribute__((always_inline)) int bool_block_loop(bool_lanes *st, const lblock *bk, int max_steps,
                                                                 int bound_a, int bound_b, const gjk2d_cache *cache,
                                                                 unsigned *running) {
    bool_lanes s;
    int steps = 0;
    if (!cache) {
        bool_lanes_start(&s, bk, bound_a, bound_b, 0);
        if (*running && steps < max_steps) {
            *running = bool_lanes_step(&s, bk, bound_a, bound_b, 1, 0) & bk->live;
            steps++;
        }
        while (*running && steps < max_steps) {
            *running = bool_lanes_step(&s, bk, bound_a, bound_b, 0, 0) & bk->live;
            steps++;
        }
    } else {
        // Warm lanes may hold a segment at their first turn, and some have already ended.
        bool_lanes_start_cached(&s, bk, bound_a, bound_b, cache);
        *running &= wm_bits(wf_eq(s.end, wf_zero()));
        while (*running && steps < max_steps) {
            *running = bool_lanes_step(&s, bk, bound_a, bound_b, 0, 1) & bk->live;
            steps++;
        }
    }
    *st = s;
    return steps;
}

/// Run one loaded block for at most `max_steps` iterations, from each lane's cache entry when `cache` is not
/// NULL (a constant where inlined); returns the lanes still running.
static inline __attribute__((always_inline)) unsigned bool_block_run(bool_lanes *st, const lblock *bk, int max_steps,
                                                                     const gjk2d_cache *cache) {
    unsigned running = bk->live;
    if (bk->na_bound == LANE_ROW && bk->nb_bound == LANE_ROW)
        bool_block_loop(st, bk, max_steps, LANE_ROW, LANE_ROW, cache, &running);
    else
        bool_block_loop(st, bk, max_steps, bk->na_bound, bk->nb_bound, cache, &running);
    return running;
}

static KERNEL_PHASE unsigned bool_block_run_cold(bool_lanes *st, const lblock *bk, int max_steps) {
    return bool_block_run(st, bk, max_steps, NULL);
}
static KERNEL_PHASE unsigned bool_block_run_warm(bool_lanes *st, const lblock *bk, int max_steps,
                                                 const gjk2d_cache *cache) {
    return bool_block_run(st, bk, max_steps, cache);
}

/// The simplex of each of `lanes` into its pair's cache entry (gjk_cache_store_lanes on the boolean's
/// simplex).
static void bool_cache_store(const bool_lanes *st, const lblock *bk, unsigned lanes, gjk2d_cache *cache) {
    gjk_lanes g;
    memset(&g, 0, sizeof g);
    g.w0x = st->p0x, g.w0y = st->p0y, g.w1x = st->p1x, g.w1y = st->p1y, g.w2x = st->p2x, g.w2y = st->p2y;
    g.k0 = st->k0, g.k1 = st->k1, g.k2 = st->k2, g.cnt = st->cnt;
    gjk_cache_store_lanes(&g, bk, lanes, cache);
}

static inline uint8_t bool_status(float end) {
    return (uint8_t)((int)end == BOOL_MAXITER ? GJK2D_STATUS_MAXITER : GJK2D_STATUS_OK);
}

/// Ended lanes' answers: a whole block of consecutive pairs at once, or lane by lane.
static KERNEL_PHASE void bool_write(const gjk2d_overlap_out *out, const bool_lanes *st, const lblock *bk,
                                    unsigned lanes_mask, int whole_block) {
    _Alignas(64) float end[W], iter[W];
    wf_store(end, st->end);
    wf_store(iter, st->iter);
    if (whole_block) {
        const int64_t k = bk->pair[0];
        const wf one = wf_set1(1.0f), zero = wf_zero();
        if (out->iterations) wf_store_i32(out->iterations + k, st->iter);
        if (out->overlap)
            wf_store_u8(out->overlap + k, wf_sel(wf_eq(st->end, wf_set1((float)BOOL_OVERLAP)), one, zero));
        if (out->status)
            wf_store_u8(out->status + k, wf_sel(wf_eq(st->end, wf_set1((float)BOOL_MAXITER)),
                                                wf_set1((float)GJK2D_STATUS_MAXITER), wf_set1((float)GJK2D_STATUS_OK)));
        return;
    }
    for (unsigned m = lanes_mask; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        const int64_t k = bk->pair[l];
        if (out->overlap) out->overlap[k] = (uint8_t)((int)end[l] == BOOL_OVERLAP);
        if (out->iterations) out->iterations[k] = (int32_t)iter[l];
        if (out->status) out->status[k] = bool_status(end[l]);
    }
}

static void slow_overlap_pair(const batch_in *in, int64_t k, gjk2d_cache *cache, const gjk2d_overlap_out *out) {
    gjk2d__scalar_overlap_cached(in->shapes, in->poses, in->pairs, k, k + 1, cache, out);
}

/// A block's answered lanes: outputs and, with a cache, entries.
static inline __attribute__((always_inline)) void bool_done(const gjk2d_overlap_out *out, gjk2d_cache *cache,
                                                            const bool_lanes *st, const lblock *bk, unsigned done,
                                                            int whole_block) {
    bool_write(out, st, bk, done, whole_block);
    if (cache) bool_cache_store(st, bk, done, cache);
}

static void bool_run_stragglers(const batch_in *in, const int64_t *ks, int n, gjk2d_cache *cache,
                                const gjk2d_overlap_out *out) {
    lblock bk;
    bool_lanes st;
    for (int i = 0; i < n; i += W) {
        const int lanes = n - i < W ? n - i : W;
        lblock_load(&bk, in, ks + i, 0, lanes, TAKE_CORES, LANE_ROW);
        if (cache)
            bool_block_run_warm(&st, &bk, INT32_MAX, cache);
        else
            bool_block_run_cold(&st, &bk, INT32_MAX);
        bool_done(out, cache, &st, &bk, bk.live, 0);
    }
}

/// bool_block_run_cold for two loaded blocks whose loops run over `bound` columns (a constant), their steps
/// interleaved (W_PAIRED_BLOCKS).
static inline __attribute__((always_inline)) void bool_block_pair_loop(bool_lanes *st0, const lblock *b0,
                                                                       bool_lanes *st1, const lblock *b1, int bound,
                                                                       int max_steps, unsigned *late0,
                                                                       unsigned *late1) {
    bool_lanes s0, s1;
    bool_lanes_start(&s0, b0, bound, bound, 0);
    bool_lanes_start(&s1, b1, bound, bound, 0);
    unsigned r0 = b0->live, r1 = b1->live;
    if (max_steps > 0) {
        r0 = bool_lanes_step(&s0, b0, bound, bound, 1, 0) & b0->live;
        r1 = bool_lanes_step(&s1, b1, bound, bound, 1, 0) & b1->live;
    }
    for (int steps = 1; (r0 | r1) && steps < max_steps; steps++) {
        if (r0) r0 = bool_lanes_step(&s0, b0, bound, bound, 0, 0) & b0->live;
        if (r1) r1 = bool_lanes_step(&s1, b1, bound, bound, 0, 0) & b1->live;
    }
    *st0 = s0, *st1 = s1, *late0 = r0, *late1 = r1;
}

/// bool_block_run_cold for two loaded blocks whose loops share `bound` (lblock_pair_bound), their steps
/// interleaved.
static KERNEL_PHASE void bool_block_run2_cold(bool_lanes *st, const lblock *bk, int bound, int max_steps,
                                              unsigned *late) {
    if (bound == LANE_ROW)
        bool_block_pair_loop(&st[0], &bk[0], &st[1], &bk[1], LANE_ROW, max_steps, &late[0], &late[1]);
    else
        bool_block_pair_loop(&st[0], &bk[0], &st[1], &bk[1], LANE_SMALL, max_steps, &late[0], &late[1]);
}

/// What bool_overlap_run keeps across its blocks: the stragglers waiting for a restart.
typedef struct bool_run_ctx {
    const batch_in *in;
    gjk2d_cache *cache;
    const gjk2d_overlap_out *out;
    int64_t strag[STRAGGLER_BUFFER];
    int nstrag;
} bool_run_ctx;

/// A block's answers: its ended lanes written, its late lanes queued for a restart, its slow pairs answered.
static inline __attribute__((always_inline)) void
bool_block_answer(bool_run_ctx *x, const bool_lanes *st, const lblock *bk, int any, unsigned late, int lanes) {
    if (any) {
        // A whole block is written at once: its other lanes (slow, rounded, late) are answered after.
        bool_done(x->out, x->cache, st, bk, bk->live & ~late, lanes == W);
        for (unsigned m = late; m; m &= m - 1) {
            x->strag[x->nstrag++] = bk->pair[__builtin_ctz(m)];
            if (x->nstrag == STRAGGLER_BUFFER) {
                bool_run_stragglers(x->in, x->strag, x->nstrag, x->cache, x->out);
                x->nstrag = 0;
            }
        }
    }
    for (unsigned m = bk->slow; m; m &= m - 1) slow_overlap_pair(x->in, bk->pair[__builtin_ctz(m)], x->cache, x->out);
}

/// The boolean query over a range, from the cache when `cache` is not NULL (a constant where inlined):
/// cores in boolean lanes (blocks of W pairs, two at a time where W_PAIRED_BLOCKS, their steps interleaved
/// when cold and their loops share a bound), then rounded pairs in distance lanes.
static inline __attribute__((always_inline)) void bool_overlap_run(const batch_in *in, int64_t begin, int64_t end,
                                                                   gjk2d_cache *cache, const gjk2d_overlap_out *out) {
    enum { PER = 1 + W_PAIRED_BLOCKS };
    lblock bk[PER];
    bool_lanes st[PER];
    bool_run_ctx x;
    x.in = in, x.cache = cache, x.out = out, x.nstrag = 0;
    int rounded = 0;
    for (int64_t k = begin; k < end; k += PER * W) {
        int any[PER], lanes[PER];
        unsigned late[PER];
        const int n = lblock_group_lanes(k, end, PER, lanes);
        for (int b = 0; b < n; b++) {
            const int64_t kb = k + b * W;
            if (cache) cache_prefetch(cache, kb + LANE_PREFETCH_BLOCKS * W, end);
            any[b] = lblock_load_range(&bk[b], in, kb, lanes[b], TAKE_CORES);
            const unsigned taken = bk[b].live | bk[b].slow;
            rounded |= lanes[b] == W ? taken != W_ALL : taken != (1u << lanes[b]) - 1u;
            late[b] = 0;
        }
        const int bound =
            PER == 2 && !cache && n == 2 && any[0] && any[PER - 1] ? lblock_pair_bound(&bk[0], &bk[PER - 1]) : 0;
        if (bound) {
            bool_block_run2_cold(st, bk, bound, BOOL_LOCKSTEP_ITERATIONS, late);
        } else {
            for (int b = 0; b < n; b++)
                if (any[b])
                    late[b] = cache ? bool_block_run_warm(&st[b], &bk[b], BOOL_LOCKSTEP_ITERATIONS, cache)
                                    : bool_block_run_cold(&st[b], &bk[b], BOOL_LOCKSTEP_ITERATIONS);
        }
        for (int b = 0; b < n; b++) bool_block_answer(&x, &st[b], &bk[b], any[b], late[b], lanes[b]);
    }
    if (x.nstrag > 0) bool_run_stragglers(in, x.strag, x.nstrag, cache, out);
    if (rounded && cache) {
        const cached_call c = {in, cache, INFINITY, NULL, out, TAKE_ROUNDED};
        cached_distance_warm(&c, begin, end);
    } else if (rounded) {
        const gjk_sink sink = {NULL, out};
        gjk_distance_run(in, begin, end, TAKE_ROUNDED, &sink);
    }
}

static __attribute__((noinline)) void bool_overlap_cold(const batch_in *in, int64_t begin, int64_t end,
                                                        const gjk2d_overlap_out *out) {
    bool_overlap_run(in, begin, end, NULL, out);
}
static __attribute__((noinline)) void bool_overlap_warm(const batch_in *in, int64_t begin, int64_t end,
                                                        gjk2d_cache *cache, const gjk2d_overlap_out *out) {
    bool_overlap_run(in, begin, end, cache, out);
}
