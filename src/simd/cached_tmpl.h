// SPDX-License-Identifier: MIT
// GJK distance with a per-pair cache and a distance cutoff in lockstep lanes (included by kernel_tmpl.c,
// once per ISA, after distance_tmpl.h): src/ref/gjk.c's ref_distance_cached, operation for operation.
//
// - Warm start: each lane reads its cache entry and decides with the reference's own functions
//   (ref_cache_indices_fit, ref_cache_size_agrees, on the points w = b - a its block holds, which are the
//   reference's bit for bit) whether to start from it; a lane whose entry does not fit starts cold. The
//   block then runs the top of gjk_core's first loop turn on every lane's simplex (gjk_lanes_settle).
//   The final simplex goes back with ref_cache_store, the write every query shares.
// - Cutoff: gjk_lanes_step tests each support point's lower bound (gjk_lanes_cutoff); a lane past it
//   ends with GJK2D_END_CUTOFF and the bound, and its outputs are those of the reference's beyond_cutoff.
//
// Lanes that end early free their block: a block ends as soon as no more than CACHED_SPILL lanes still
// run, or after CACHED_LOCKSTEP_ITERATIONS steps, and moves those lanes on into a block of stragglers
// (lpending), which runs once W of them wait. A warm or cut block therefore costs about one step, not the
// steps of its slowest lane.

/// Measured on W5 (bench/coherence.c; callgrind on avx2, instructions per pair): warm lanes end after one
/// support search (repeated support), so nearly every warm block ends after one step; the few lanes
/// still running after 2 steps cost less moved on than kept in lockstep.
#define CACHED_LOCKSTEP_ITERATIONS 2
/// A block ends once this many of its lanes or fewer still run, and moves them on: with the cutoff most
/// lanes of a fat-box pair list end at their first search, and a block of W lanes kept running for its
/// few survivors costs W lane-steps per step.
#define CACHED_SPILL (W / 4)

/// What a cached kernel call works on.
typedef struct cached_call {
    const batch_in *in;
    gjk2d_cache *cache; ///< NULL: cold starts and nothing written
    float max_distance; ///< INFINITY: no cutoff
    const gjk2d_distance_out *out;
} cached_call;

/// Each lane's first simplex: its cache entry where the reference's rule accepts it, else the cold start
/// {b_0 - a_0}; then the top of gjk_core's first loop turn. Points and keys as the lanes keep them.
static void gjk_lanes_start_cached(gjk_lanes *s, const lblock *bk, const gjk2d_cache *cache) {
    _Alignas(64) float w[6][W], key[3][W], cnt[W];
    for (int l = 0; l < W; l++) {
        // Cold: one vertex, the first of each shape (key 0).
        int32_t c = 1;
        gjk2d_vec2 v[3] = {{bk->bx[0][l] - bk->ax[0][l], bk->by[0][l] - bk->ay[0][l]}, {0.0f, 0.0f}, {0.0f, 0.0f}};
        float k[3] = {0.0f, 0.0f, 0.0f};
        if ((bk->live >> l) & 1u) {
            const gjk2d_cache *e = &cache[bk->pair[l]];
            if (ref_cache_indices_fit(e, (int32_t)bk->naf[l], (int32_t)bk->nbf[l])) {
                gjk2d_vec2 cw[3];
                for (int i = 0; i < e->count; i++) {
                    const int ia = e->index_a[i], ib = e->index_b[i];
                    cw[i].x = bk->bx[ib][l] - bk->ax[ia][l];
                    cw[i].y = bk->by[ib][l] - bk->ay[ia][l];
                }
                if (ref_cache_size_agrees(e, cw)) {
                    c = e->count;
                    for (int i = 0; i < c; i++) v[i] = cw[i], k[i] = (float)(e->index_a[i] * NMAX + e->index_b[i]);
                }
            }
        }
        for (int i = 0; i < 3; i++) w[2 * i][l] = v[i].x, w[2 * i + 1][l] = v[i].y, key[i][l] = k[i];
        cnt[l] = (float)c;
    }
    const wf zero = wf_zero(), none = wf_set1(-1.0f);
    s->w0x = wf_load(w[0]), s->w0y = wf_load(w[1]), s->w1x = wf_load(w[2]), s->w1y = wf_load(w[3]);
    s->w2x = wf_load(w[4]), s->w2y = wf_load(w[5]);
    s->k0 = wf_load(key[0]), s->k1 = wf_load(key[1]), s->k2 = wf_load(key[2]);
    s->cnt = wf_load(cnt);
    // The simplex before the first solve, for case 1: the whole cached simplex.
    const wm seg = wf_eq(s->cnt, wf_set1(2.0f)), tri = wf_eq(s->cnt, wf_set1(3.0f));
    s->s0 = s->k0;
    s->s1 = wf_sel(wm_or(seg, tri), s->k1, none);
    s->s2 = wf_sel(tri, s->k2, none);
    s->dx = s->dy = s->iter = s->end = s->bcore = s->bsd = zero;
    s->cap = wf_add(wf_add(wf_load(bk->naf), wf_load(bk->nbf)), wf_set1(16.0f));
    const wm all = wf_eq(zero, zero);
    if (wm_any(tri))
        gjk_lanes_settle(s, all, seg, tri, 1);
    else
        gjk_lanes_settle(s, all, seg, tri, 0);
}

/// The block's cutoff: ref_distance_cached's limit on the cores, max_distance + (ra + rb) in double.
static inline void gjk_cutoff_of(gjk_cutoff *cut, const lblock *bk, float max_distance) {
    cut->radii = wd_add(wd_from(wf_load(bk->ra)), wd_from(wf_load(bk->rb)));
    cut->limit = wd_add(wd_set1((double)max_distance), cut->radii);
}

/// beyond_cutoff for the lanes the cutoff stopped: the bound as the distances, no points, no features
/// (the normal and the iterations are already the reference's).
static void gjk_result_beyond(const gjk_lanes *st, gjk_result *r) {
    const wm cut = wf_eq(st->end, wf_set1((float)GJK2D_END_CUTOFF));
    if (!wm_any(cut)) return;
    const wf nan = wf_set1(NAN), none = wf_set1((float)GJK2D_FEATURE_NONE);
    wf_store(r->dist, wf_sel(cut, st->bsd, wf_load(r->dist)));
    wf_store(r->sdist, wf_sel(cut, st->bsd, wf_load(r->sdist)));
    wf_store(r->core, wf_sel(cut, st->bcore, wf_load(r->core)));
    wf_store(r->ax, wf_sel(cut, nan, wf_load(r->ax)));
    wf_store(r->ay, wf_sel(cut, nan, wf_load(r->ay)));
    wf_store(r->bx, wf_sel(cut, nan, wf_load(r->bx)));
    wf_store(r->by, wf_sel(cut, nan, wf_load(r->by)));
    wf_store(r->fa, wf_sel(cut, none, wf_load(r->fa)));
    wf_store(r->fb, wf_sel(cut, none, wf_load(r->fb)));
}

/// The final simplex of each of `lanes` into its pair's cache entry (ref_cache_store).
static void gjk_cache_store_lanes(const gjk_lanes *st, const lblock *bk, unsigned lanes, gjk2d_cache *cache) {
    _Alignas(64) float w[6][W], key[3][W], cnt[W];
    wf_store(w[0], st->w0x), wf_store(w[1], st->w0y), wf_store(w[2], st->w1x), wf_store(w[3], st->w1y);
    wf_store(w[4], st->w2x), wf_store(w[5], st->w2y);
    wf_store(key[0], st->k0), wf_store(key[1], st->k1), wf_store(key[2], st->k2);
    wf_store(cnt, st->cnt);
    for (unsigned m = lanes; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        struct {
            int32_t ia, ib;
            gjk2d_vec2 w;
        } v[3];
        const int32_t n = (int32_t)cnt[l];
        for (int32_t i = 0; i < n; i++) {
            const int32_t k = (int32_t)key[i][l];
            v[i].ia = k / NMAX, v[i].ib = k % NMAX;
            v[i].w.x = w[2 * i][l], v[i].w.y = w[2 * i + 1][l];
        }
        ref_cache_store(&cache[bk->pair[l]], REF_SIMPLEX_VIEW(v, n));
    }
}

/// The finished lanes `done` of a block: results (the whole block at once when `whole`, its other lanes
/// being answered later) and cache entries.
static inline __attribute__((always_inline)) void cached_write(const cached_call *c, const gjk_lanes *st,
                                                               const lblock *bk, unsigned done, int whole,
                                                               int cutting, gjk_result *r) {
    gjk_lanes_finish(st, bk, r);
    if (cutting) gjk_result_beyond(st, r);
    const gjk_sink sink = {c->out, NULL};
    if (whole) {
        gjk_write_block(c->out, r, bk->pair[0]);
    } else {
        for (unsigned m = done; m; m &= m - 1) gjk_write_lane(&sink, r, __builtin_ctz(m), bk->pair[__builtin_ctz(m)]);
    }
    if (c->cache) gjk_cache_store_lanes(st, bk, done, c->cache);
}

/// The waiting stragglers, run on from their state to their ends and written.
static __attribute__((noinline)) void cached_run_stragglers(const cached_call *c, lpending *p, int cutting,
                                                            gjk2d_simd_stats *stats) {
    if (!p->n) return;
    lpending_seal(p, GJK_STATE_FIELDS, GJK_END_FIELD, (float)END_EMPTY);
    gjk_lanes st;
    gjk_result r;
    gjk_cutoff cut;
    memcpy(&st, p->state, sizeof st);
    if (cutting) gjk_cutoff_of(&cut, &p->bk, c->max_distance);
    unsigned running = p->bk.live;
    gjk_block_steps(&st, &p->bk, INT32_MAX, 0, 0, cutting ? &cut : NULL, &running, stats);
    cached_write(c, &st, &p->bk, p->bk.live, 0, cutting, &r);
    if (STATS_ON()) gjk_stats_lanes(stats, &r, p->bk.live);
    lpending_reset(p);
}

static void cached_slow_pair(const cached_call *c, int64_t k) {
    const batch_in *in = c->in;
    gjk2d__scalar_distance_cached(in->shapes, in->poses, in->pairs, k, k + 1, c->cache, c->max_distance, c->out);
}

/// The cached distance over a range; `warm` (a cache is given) and `cutting` (a finite max_distance) are
/// constants, so each combination compiles to its own loop.
static inline __attribute__((always_inline)) void cached_distance_run(const cached_call *c, int64_t begin, int64_t end,
                                                                      int warm, int cutting) {
    lblock bk;
    gjk_lanes st;
    gjk_result r;
    gjk_cutoff cut;
    lpending pend;
    lpending_reset(&pend);
    gjk2d_simd_stats stats = {0, 0, 0, 0, 0, 0, 0};
    const int count_stats = STATS_ON();
    for (int64_t k = begin; k < end; k += W) {
        const int lanes = end - k < W ? (int)(end - k) : W;
        if (lblock_load_range(&bk, c->in, k, lanes, TAKE_ALL)) {
            if (cutting) gjk_cutoff_of(&cut, &bk, c->max_distance);
            if (warm)
                gjk_lanes_start_cached(&st, &bk, c->cache);
            else
                gjk_lanes_start(&st, &bk);
            unsigned running = wm_bits(wf_eq(st.end, wf_zero())) & bk.live;
            const int cap = warm ? CACHED_LOCKSTEP_ITERATIONS : LOCKSTEP_ITERATIONS;
            gjk_block_steps(&st, &bk, cap, !warm, cutting ? CACHED_SPILL : 0, cutting ? &cut : NULL, &running,
                            &stats);
            const unsigned done = bk.live & ~running;
            cached_write(c, &st, &bk, done, lanes == W, cutting, &r);
            if (count_stats) gjk_stats_lanes(&stats, &r, done);
            for (unsigned m = running; m; m &= m - 1)
                if (lpending_add(&pend, &bk, &st, GJK_STATE_FIELDS, __builtin_ctz(m)))
                    cached_run_stragglers(c, &pend, cutting, &stats);
        }
        for (unsigned m = bk.slow; m; m &= m - 1) {
            cached_slow_pair(c, bk.pair[__builtin_ctz(m)]);
            stats.slow_pairs++;
        }
    }
    cached_run_stragglers(c, &pend, cutting, &stats);
    if (count_stats) gjk2d__simd_stats_add(&stats);
}

static __attribute__((noinline)) void cached_distance_warm(const cached_call *c, int64_t begin, int64_t end) {
    cached_distance_run(c, begin, end, 1, 0);
}
static __attribute__((noinline)) void cached_distance_warm_cut(const cached_call *c, int64_t begin, int64_t end) {
    cached_distance_run(c, begin, end, 1, 1);
}
static __attribute__((noinline)) void cached_distance_cold_cut(const cached_call *c, int64_t begin, int64_t end) {
    cached_distance_run(c, begin, end, 0, 1);
}
