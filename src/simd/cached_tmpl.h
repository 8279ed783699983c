// SPDX-License-Identifier: MIT
// GJK distance with a per-pair cache and a distance cutoff in lockstep lanes (included by kernel_tmpl.c,
// once per ISA, after distance_tmpl.h): src/ref/gjk.c's ref_distance_cached, operation for operation.
//
// - Warm start: each lane reads its cache entry and decides with the reference's rule (ref_cache_fits:
//   the indices lane by lane, the size in lanes, on the points w = b - a its block holds, which are the
//   reference's bit for bit) whether to start from it; a lane whose entry does not fit starts cold. The
//   block then runs the top of gjk_core's first loop turn on every lane's simplex (gjk_lanes_settle).
//   The final simplex goes back as ref_cache_store writes it.
// - Cutoff: gjk_lanes_step tests each support point's lower bound (gjk_lanes_cutoff); a lane past it
//   ends with GJK2D_END_CUTOFF and the bound, and its outputs are those of the reference's beyond_cutoff.
//
// Lanes that end early free their block: a block ends when its lanes have ended (a step in which every
// lane repeated its support stops before the append and the solve), or after CACHED_LOCKSTEP_ITERATIONS
// steps when warm, or once no more than CACHED_SPILL lanes still run; the lanes still running move on
// into a block of stragglers (lpending), which runs once W of them wait.

/// A warm lane usually ends after one support search (repeated support), so a warm block runs at most 2
/// steps and moves the lanes still running on. Timed side by side (W5 on moving bodies, warm, AMD Zen 4):
/// 1 step ran 0.95x (avx2) and 0.99x (avx512) of 2, 3 steps 0.97x and 1.00x.
#define CACHED_LOCKSTEP_ITERATIONS 2
/// The time of impact's blocks (POSES_OF_PAIRS) mix each sweep's first query, cold, with warm ones, and a
/// kernel call holds one queue of sweeps (toi_batch.c), a few blocks, whose stragglers run at its end in a
/// block of their own: they run the cold queries' steps. Timed side by side against the reference (AMD Zen 5):
/// 1.35-1.38x (avx512) and 1.26-1.27x (avx2) where CACHED_LOCKSTEP_ITERATIONS ran 1.28-1.31x and 1.20x; 8, 12
/// and no cap at all ran as this one.
#define TOI_LOCKSTEP_ITERATIONS LOCKSTEP_ITERATIONS
/// A block with a cutoff ends once this many of its lanes or fewer still run, and moves them on. 0 (end
/// only when every lane has ended): moving a lane (its columns and state copied lane by lane) costs more
/// than the block steps it saves, at today's load and finish costs (docs/coherence.md has the figures).
#define CACHED_SPILL 0

/// What a cached kernel call works on: the distance query's outputs, or (`oout`: the rounded pairs of the
/// cached boolean query, which the reference answers with its cached distance query) the boolean outputs.
typedef struct cached_call {
    const batch_in *in;
    gjk2d_cache *cache; ///< NULL: cold starts and nothing written
    float max_distance; ///< INFINITY: no cutoff
    const gjk2d_distance_out *out;
    const gjk2d_overlap_out *oout; ///< not NULL: out is NULL, and there is no cutoff
    int mode;                      ///< the pairs the blocks take (enum lane_mode)
} cached_call;

/// ref_simplex_metric in lanes: the length of a segment (cnt 2), twice the signed area of a triangle (3).
static inline wf lane_simplex_metric(wf cnt, wf w0x, wf w0y, wf w1x, wf w1y, wf w2x, wf w2y) {
    const wf ex = wf_sub(w1x, w0x), ey = wf_sub(w1y, w0y);
    const wf area = wf_cross(ex, ey, wf_sub(w2x, w0x), wf_sub(w2y, w0y));
    return wf_sel(wf_eq(cnt, wf_set1(3.0f)), area, wf_sqrt(wf_dot(ex, ey, ex, ey)));
}

/// A cache entry as five 32-bit words: the metric; count | index_a[0] << 16; index_a[1] | index_a[2] << 16;
/// index_b[0] | index_b[1] << 16; index_b[2] | reserved << 16 (the halves in memory order, so only on a
/// little-endian machine; elsewhere the entries are read and written field by field).
#if defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
#define CACHE_WORDS 1
_Static_assert(sizeof(gjk2d_cache) == 20 && offsetof(gjk2d_cache, count) == 4 && offsetof(gjk2d_cache, index_a) == 6 &&
                   offsetof(gjk2d_cache, index_b) == 12,
               "the five words of a cache entry");
#else
#define CACHE_WORDS 0
#endif
/// Entry l of a block of consecutive entries is record l (wf_load_records4 / wf_store_records4 indices).
static const int32_t cache_lanes[16] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15};
_Static_assert(W <= 16, "cache_lanes");

/// Each lane's cache entry as exact floats: count, index_a[0..2], index_b[0..2] and the metric. A block
/// of W consecutive pairs reads its W consecutive entries as records of four words, words 0..3 and 1..4
/// (wf_load_records4: a 16-byte load per entry and transposes, where five gathers of the words cost more
/// on AMD); any other block copies the fields lane by lane. Lanes not live read count 0: a cold start.
static inline void lane_cache_read(const lblock *bk, const gjk2d_cache *cache, wf *count, wf ia[3], wf ib[3],
                                   wf *then) {
    if (CACHE_WORDS && bk->live == W_ALL && lblock_consecutive(bk)) {
        const char *const entries = (const char *)(cache + bk->pair[0]);
        wf w[5], again;
        wf_load_records4(entries, (int64_t)sizeof *cache, cache_lanes, &w[0], &w[1], &w[2], &w[3]);
        wf_load_records4(entries + 4, (int64_t)sizeof *cache, cache_lanes, &again, &again, &again, &w[4]);
        *then = w[0];
        wf_u16x2_split(w[1], count, &ia[0]);
        wf_u16x2_split(w[2], &ia[1], &ia[2]);
        wf_u16x2_split(w[3], &ib[0], &ib[1]);
        wf unused;
        wf_u16x2_split(w[4], &ib[2], &unused);
        return;
    }
    _Alignas(64) float field[8][W]; // count, index_a[0..2], index_b[0..2], metric
    for (int l = 0; l < W; l++) {
        if ((bk->live >> l) & 1u) {
            const gjk2d_cache *e = &cache[bk->pair[l]];
            field[0][l] = e->count;
            for (int i = 0; i < 3; i++) field[1 + i][l] = e->index_a[i], field[4 + i][l] = e->index_b[i];
            field[7][l] = e->metric;
        } else {
            for (int f = 0; f < 8; f++) field[f][l] = 0.0f; // count 0: a cold start
        }
    }
    *count = wf_load(field[0]);
    for (int i = 0; i < 3; i++) ia[i] = wf_load(field[1 + i]), ib[i] = wf_load(field[4 + i]);
    *then = wf_load(field[7]);
}

/// Each lane's first simplex, not yet solved: its cache entry where the reference's rule accepts it, else
/// the cold start {b_0 - a_0}. ref_cache_indices_fit's test, the points and ref_cache_size_agrees's test
/// run in lanes with the same operations; no point is fetched for an index outside its shape. Returns the
/// lanes whose entry fits.
static wm gjk_lanes_from_cache(gjk_lanes *s, const lblock *bk, const gjk2d_cache *cache) {
    wf count, ia[3], ib[3], then;
    lane_cache_read(bk, cache, &count, ia, ib, &then);
    // ref_cache_indices_fit: 1 to 3 vertices, each index inside its shape.
    const wf na = wf_load(bk->naf), nb = wf_load(bk->nbf);
    wm in_shapes = wm_and(wf_ge(count, wf_set1(1.0f)), wf_le(count, wf_set1(3.0f)));
    wm used[3];
    for (int i = 0; i < 3; i++) {
        used[i] = wf_gt(count, wf_set1((float)i));
        const wm inside = wm_and(wf_lt(ia[i], na), wf_lt(ib[i], nb));
        in_shapes = wm_andnot(in_shapes, wm_andnot(used[i], inside));
    }
    // Keys ia * NMAX + ib (exact in float); 0 (valid columns) where unused or not fitting.
    _Alignas(64) float key[3][W], cnt[W];
    for (int i = 0; i < 3; i++) {
        const wf k = wf_add(wf_mul(ia[i], wf_set1((float)NMAX)), ib[i]);
        wf_store(key[i], wf_sel(wm_and(in_shapes, used[i]), k, wf_zero()));
    }
    wf_store(cnt, wf_sel(in_shapes, count, wf_zero()));
    wf ax, ay, bx, by, w[6];
    for (int i = 0; i < 3; i++) {
        const wf ki = wf_load(key[i]);
        // A third vertex only where some entry has one (the keys of the others are 0: valid columns).
        if (i == 2 && !wm_any(wf_eq(wf_load(cnt), wf_set1(3.0f)))) {
            w[4] = w[5] = wf_zero();
            break;
        }
        key_points(bk, ki, &ax, &ay, &bx, &by);
        w[2 * i] = wf_sub(bx, ax);
        w[2 * i + 1] = wf_sub(by, ay);
    }
    const wf zero = wf_zero(), one = wf_set1(1.0f), none = wf_set1(-1.0f);
    wf c = wf_load(cnt);
    const wf w0x = w[0], w0y = w[1], w1x = w[2], w1y = w[3], w2x = w[4], w2y = w[5];
    // ref_cache_size_agrees: the same sign, not zero, within a factor 2 (a single vertex has no size).
    const wf now = lane_simplex_metric(c, w0x, w0y, w1x, w1y, w2x, w2y), was = then;
    const wf a_now = wf_abs(now), a_was = wf_abs(was);
    const wm same_sign = wm_or(wm_and(wf_gt(now, zero), wf_gt(was, zero)), wm_and(wf_lt(now, zero), wf_lt(was, zero)));
    const wm agrees =
        wm_and(wm_and(same_sign, wm_and(wf_gt(a_now, zero), wf_gt(a_was, zero))),
               wm_and(wf_ge(a_now, wf_mul(wf_set1(0.5f), a_was)), wf_le(a_now, wf_mul(wf_set1(2.0f), a_was))));
    const wm fits = wm_or(wf_eq(c, one), wm_and(wf_gt(c, one), agrees));
    // The others start cold: one vertex, the first of each shape (key 0).
    c = wf_sel(fits, c, one);
    s->w0x = wf_sel(fits, w0x, wf_sub(wf_load(bk->bx[0]), wf_load(bk->ax[0])));
    s->w0y = wf_sel(fits, w0y, wf_sub(wf_load(bk->by[0]), wf_load(bk->ay[0])));
    s->w1x = w1x, s->w1y = w1y, s->w2x = w2x, s->w2y = w2y;
    s->k0 = wf_sel(fits, wf_load(key[0]), zero);
    s->k1 = wf_load(key[1]), s->k2 = wf_load(key[2]);
    s->cnt = c;
    // The simplex before the first solve, for case 1: the whole cached simplex.
    const wm seg = wf_eq(c, wf_set1(2.0f)), tri = wf_eq(c, wf_set1(3.0f));
    s->s0 = s->k0;
    s->s1 = wf_sel(wm_or(seg, tri), s->k1, none);
    s->s2 = wf_sel(tri, s->k2, none);
    s->dx = s->dy = s->iter = s->end = s->bcore = s->bsd = zero;
    s->cap = wf_add(wf_add(wf_load(bk->naf), wf_load(bk->nbf)), wf_set1(16.0f));
    return fits;
}

/// Each lane's first simplex (gjk_lanes_from_cache), then the top of gjk_core's first loop turn on it.
static void gjk_lanes_start_cached(gjk_lanes *s, const lblock *bk, const gjk2d_cache *cache) {
    gjk_lanes_from_cache(s, bk, cache);
    const wm seg = wf_eq(s->cnt, wf_set1(2.0f)), tri = wf_eq(s->cnt, wf_set1(3.0f));
    const wm all = wf_eq(wf_zero(), wf_zero());
    if (wm_any(tri))
        gjk_lanes_settle(s, all, seg, tri, 1, 1);
    else
        gjk_lanes_settle(s, all, seg, tri, 0, 1);
}

/// The block's cutoff: ref_distance_cached's limit on the cores, max_distance + (ra + rb) in double.
static inline void gjk_cutoff_of(gjk_cutoff *cut, const lblock *bk, float max_distance) {
    cut->radii = wd_add(wd_load_f(bk->ra), wd_load_f(bk->rb));
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

/// The final simplex of each of `lanes` into its pair's cache entry: ref_cache_store's entry (unused
/// indices 0), its indices from the keys and its metric computed in lanes.
static void gjk_cache_store_lanes(const gjk_lanes *st, const lblock *bk, unsigned lanes, gjk2d_cache *cache) {
    const wf inv_nmax = wf_set1(1.0f / (float)NMAX), nmax = wf_set1((float)NMAX), zero = wf_zero();
    const wf k[3] = {st->k0, wf_sel(wf_ge(st->cnt, wf_set1(2.0f)), st->k1, zero),
                     wf_sel(wf_eq(st->cnt, wf_set1(3.0f)), st->k2, zero)};
    wf ia[3], ib[3];
    for (int i = 0; i < 3; i++) {
        ia[i] = wf_floor(wf_mul(k[i], inv_nmax));
        ib[i] = wf_sub(k[i], wf_mul(ia[i], nmax));
    }
    const wf metric = wf_sel(wf_eq(st->cnt, wf_set1(1.0f)), zero,
                             lane_simplex_metric(st->cnt, st->w0x, st->w0y, st->w1x, st->w1y, st->w2x, st->w2y));
    if (CACHE_WORDS && lanes == W_ALL && lblock_consecutive(bk)) {
        // W consecutive entries: their words built in lanes and stored as records of words 0..3, then of
        // words 1..4 (rewriting 1..3 with the same bits), as lane_cache_read reads them.
        const wf w1 = wf_u16x2_join(st->cnt, ia[0]), w2 = wf_u16x2_join(ia[1], ia[2]);
        const wf w3 = wf_u16x2_join(ib[0], ib[1]), w4 = wf_u16x2_join(ib[2], zero);
        char *const e = (char *)(cache + bk->pair[0]);
        wf_store_records4(e, (int64_t)sizeof *cache, cache_lanes, metric, w1, w2, w3);
        wf_store_records4(e + 4, (int64_t)sizeof *cache, cache_lanes, w1, w2, w3, w4);
        return;
    }
    _Alignas(64) float field[8][W]; // count, index_a[0..2], index_b[0..2], metric
    wf_store(field[0], st->cnt);
    for (int i = 0; i < 3; i++) wf_store(field[1 + i], ia[i]), wf_store(field[4 + i], ib[i]);
    wf_store(field[7], metric);
    for (unsigned m = lanes; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        gjk2d_cache *e = &cache[bk->pair[l]];
        e->metric = field[7][l];
        e->count = (uint16_t)field[0][l];
        for (int i = 0; i < 3; i++)
            e->index_a[i] = (uint16_t)field[1 + i][l], e->index_b[i] = (uint16_t)field[4 + i][l];
        e->reserved = 0;
    }
}

/// The finished lanes `done` of a block: results (the whole block at once when `whole`, its other lanes
/// being answered later) and cache entries.
static inline __attribute__((always_inline)) void cached_write(const cached_call *c, const gjk_lanes *st,
                                                               const lblock *bk, unsigned done, int whole, int cutting,
                                                               gjk_result *r) {
    gjk_lanes_finish(st, bk, c->oout ? 0u : distance_need(c->out), r);
    if (cutting) gjk_result_beyond(st, r);
    const gjk_sink sink = {c->out, c->oout};
    if (whole && !c->oout) {
        gjk_write_block(c->out, r, bk->pair[0], 0);
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

/// Ask the caches, with the intent to write, for the entries of the block at k (when inside the range):
/// the entries are read and rewritten in order, but among the pair list's, the outputs' and the blocks'
/// gathered streams the hardware prefetchers leave the first read of each entry waiting for memory.
static inline __attribute__((always_inline)) void cache_prefetch(gjk2d_cache *cache, int64_t k, int64_t end) {
    if (k + W > end) return;
    const char *const p = (const char *)(cache + k);
    for (size_t b = 0; b < W * sizeof *cache; b += 64) __builtin_prefetch(p + b, 1);
    __builtin_prefetch(p + W * sizeof *cache - 1, 1);
}

static void cached_slow_pair(const cached_call *c, int64_t k) {
    const batch_in *in = c->in;
    if (c->mode & POSES_OF_PAIRS) { // no fallback reads poses by pair: the caller answers the pair itself
        c->out->status[k] = GJK2D_STATUS_BAD_POSE;
        return;
    }
    if (c->oout)
        gjk2d__scalar_overlap_cached(in->shapes, in->poses, in->pairs, k, k + 1, c->cache, c->oout);
    else
        gjk2d__scalar_distance_cached(in->shapes, in->poses, in->pairs, k, k + 1, c->cache, c->max_distance, c->out);
}

/// ref_cutoff_by_bounds on the consecutive pairs k .. k + lanes - 1, before their blocks are loaded: the
/// lanes whose bounding circles (the set's bounds) prove them farther apart than max_distance, at poses
/// that pass the check, are answered here (their cache entries are left as they were). Returns them.
/// `fetch`: ask the caches for the rows of the others.
static unsigned cutoff_by_bounds_lanes(const cached_call *c, int64_t k, int lanes, int fetch) {
    const batch_in *in = c->in;
    int32_t sa[W], sb[W];
    for (int l = 0; l < W; l++) {
        const int64_t q = k + (l < lanes ? l : 0);
        sa[l] = in->pairs->a[q], sb[l] = in->pairs->b[q];
    }
    lane_poses pa, pb;
    lane_poses_load(&pa, in->poses, sa);
    lane_poses_load(&pb, in->poses, sb);
    const unsigned in_range = lanes == W ? W_ALL : (1u << lanes) - 1u;
    const unsigned posed = in_range & lane_poses_ok(&pa) & lane_poses_ok(&pb);
    if (!posed) return 0;
    // The reference's operations in double lanes; a NaN bound (an invalid shape) passes no comparison.
    const wd dx = wd_sub(wd_load(pb.px), wd_load(pa.px)), dy = wd_sub(wd_load(pb.py), wd_load(pa.py));
    const wd len = wd_sqrt(wd_add(wd_mul(dx, dx), wd_mul(dy, dy)));
    wf na, nb, ra, rb, ba, bb;
    lane_heads_bounds(in->shapes, sa, &na, &ra, &ba);
    lane_heads_bounds(in->shapes, sb, &nb, &rb, &bb);
    const wd bounds = wd_add(wd_from(ba), wd_from(bb));
    const wd lower = wd_sub(wd_mul(len, wd_set1(1.0 - REF_CUTOFF_BOUND_MARGIN)),
                            wd_mul(bounds, wd_set1(1.0 + REF_CUTOFF_BOUND_MARGIN)));
    const wf past = wd_to(wd_sel(wd_gt(lower, wd_set1((double)c->max_distance)), wd_set1(1.0), wd_set1(0.0)));
    const unsigned beyond = posed & wm_bits(wf_eq(past, wf_set1(1.0f)));
    if (fetch && !lane_rows_cached(in->shapes)) // the rows of the pairs left to the blocks, which load them shortly
        for (unsigned m = W_ALL & ~beyond; m; m &= m - 1) {
            __builtin_prefetch(gjk2d__lane_row(in->shapes, sa[__builtin_ctz(m)]));
            __builtin_prefetch(gjk2d__lane_row(in->shapes, sb[__builtin_ctz(m)]));
        }
    if (!beyond) return 0;
    gjk_result r;
    const wf nan = wf_set1(NAN), none = wf_set1((float)GJK2D_FEATURE_NONE);
    const wd radii = wd_add(wd_from(ra), wd_from(rb));
    const wf dist = wd_to(lower);
    wf_store(r.dist, dist);
    wf_store(r.sdist, dist);
    wd_store_f(r.core, wd_add(lower, radii));
    wd_store_f(r.nx, wd_div(dx, len));
    wd_store_f(r.ny, wd_div(dy, len));
    wf_store(r.ax, nan);
    wf_store(r.ay, nan);
    wf_store(r.bx, nan);
    wf_store(r.by, nan);
    wf_store(r.fa, none);
    wf_store(r.fb, none);
    wf_store(r.iter, wf_zero());
    wf_store(r.end, wf_set1((float)GJK2D_END_CUTOFF));
    if (lanes == W) {
        // Every lane at once: the others are answered later (by their blocks, the stragglers' or the
        // fallback), which overwrites them.
        gjk_write_block(c->out, &r, k, 0);
    } else {
        const gjk_sink sink = {c->out, NULL};
        for (unsigned m = beyond; m; m &= m - 1) gjk_write_lane(&sink, &r, __builtin_ctz(m), k + __builtin_ctz(m));
    }
    return beyond;
}

/// Counters and stragglers of one cached kernel run.
typedef struct cached_run_state {
    lpending pend;
    gjk2d_simd_stats stats;
} cached_run_state;

/// One loaded block: its start (warm or cold), its steps, its answered lanes written (the whole block at
/// once when `whole`: W consecutive pairs), its lanes still running moved on, its slow pairs answered.
static inline __attribute__((always_inline)) void cached_block(const cached_call *c, lblock *bk, int loaded, int whole,
                                                               int warm, int cutting, int cap, cached_run_state *rs) {
    if (loaded) {
        gjk_lanes st;
        gjk_result r;
        gjk_cutoff cut;
        if (cutting) gjk_cutoff_of(&cut, bk, c->max_distance);
        if (warm)
            gjk_lanes_start_cached(&st, bk, c->cache);
        else
            gjk_lanes_start(&st, bk);
        unsigned running = wm_bits(wf_eq(st.end, wf_zero())) & bk->live;
        gjk_block_steps(&st, bk, cap, !warm, cutting ? CACHED_SPILL : 0, cutting ? &cut : NULL, &running, &rs->stats);
        const unsigned done = bk->live & ~running;
        cached_write(c, &st, bk, done, whole, cutting, &r);
        if (STATS_ON()) gjk_stats_lanes(&rs->stats, &r, done);
        for (unsigned m = running; m; m &= m - 1)
            if (lpending_add(&rs->pend, bk, &st, GJK_STATE_FIELDS, __builtin_ctz(m)))
                cached_run_stragglers(c, &rs->pend, cutting, &rs->stats);
    }
    for (unsigned m = bk->slow; m; m &= m - 1) {
        cached_slow_pair(c, bk->pair[__builtin_ctz(m)]);
        rs->stats.slow_pairs++;
    }
}

/// Pairs a cutoff run tests with the bounding circles before any of their blocks is loaded: the tests of
/// a window run back to back (their reads of the heads and poses overlap in the core), ask for the rows of
/// the pairs they leave, and the window's next windows' heads and poses.
#define CUT_WINDOW (16 * W)

/// The cached distance over a range; `warm` (a cache is given) and `cutting` (a finite max_distance) are
/// constants, so each combination compiles to its own loop. With a cutoff, each window of pairs takes the
/// bounding circles' test first (cutoff_by_bounds_lanes); W consecutive pairs of which it answers none
/// run as one block, as without a cutoff, and the pairs it leaves among the others wait in `left` until
/// W of them fill a block: blocks form from the pairs the circles leave, and the pairs they answer cost
/// no block work at all.
static inline __attribute__((always_inline)) void cached_distance_run(const cached_call *c, int64_t begin, int64_t end,
                                                                      int warm, int cutting, int paired) {
    lblock bk;
    cached_run_state rs;
    const int cap = paired ? TOI_LOCKSTEP_ITERATIONS : warm ? CACHED_LOCKSTEP_ITERATIONS : LOCKSTEP_ITERATIONS;
    lpending_reset(&rs.pend);
    memset(&rs.stats, 0, sizeof rs.stats);
    if (!cutting) {
        for (int64_t k = begin; k < end; k += W) {
            const int lanes = end - k < W ? (int)(end - k) : W;
            if (warm) cache_prefetch(c->cache, k + LANE_PREFETCH_BLOCKS * W, end);
            const int loaded =
                paired ? lblock_load_paired(&bk, c->in, k, lanes) : lblock_load_range(&bk, c->in, k, lanes, c->mode);
            cached_block(c, &bk, loaded, lanes == W, warm, 0, cap, &rs);
        }
    } else {
        // The blocks do not prefetch here (in.end = 0): the window's tests ask for what they will read.
        const batch_in *in = c->in;
        const batch_in unfetched = {in->shapes, in->poses, in->pairs, 0, 0, NULL};
        const cached_call cc = {&unfetched, c->cache, c->max_distance, c->out, NULL, TAKE_ALL};
        const int fetch = in->shapes->shape_count >= LANE_PREFETCH_MIN_SHAPES;
        int64_t left[W];
        int nleft = 0;
        for (int64_t w0 = begin; w0 < end; w0 += CUT_WINDOW) {
            const int64_t w1 = end - w0 < CUT_WINDOW ? end : w0 + CUT_WINDOW;
            unsigned beyond[CUT_WINDOW / W];
            for (int64_t k = w0; k < w1; k += W) {
                const int lanes = w1 - k < W ? (int)(w1 - k) : W;
                const int64_t ahead = k + LANE_PREFETCH_BLOCKS * W, twice = ahead + LANE_PREFETCH_BLOCKS * W;
                if (fetch && ahead + W <= end)
                    lane_prefetch_poses(in->poses, in->pairs->a + ahead, in->pairs->b + ahead);
                if (fetch && twice + W <= end) lane_prefetch_heads(in, twice, 0);
                if (fetch) lane_prefetch_pairs(in->pairs, k + LANE_PREFETCH_PAIRS, 0);
                beyond[(k - w0) / W] = cutoff_by_bounds_lanes(&cc, k, lanes, fetch);
            }
            for (int64_t k = w0; k < w1; k += W) {
                const int lanes = w1 - k < W ? (int)(w1 - k) : W;
                const unsigned in_range = lanes == W ? W_ALL : (1u << lanes) - 1u, out = beyond[(k - w0) / W];
                if (warm) cache_prefetch(c->cache, k + LANE_PREFETCH_BLOCKS * W, end);
                if (!out) {
                    const int loaded = lblock_load_range(&bk, &unfetched, k, lanes, TAKE_ALL);
                    cached_block(&cc, &bk, loaded, lanes == W, warm, 1, cap, &rs);
                    continue;
                }
                for (unsigned m = in_range & ~out; m; m &= m - 1) {
                    left[nleft++] = k + __builtin_ctz(m);
                    if (nleft == W) {
                        const int loaded = lblock_load(&bk, &unfetched, left, 0, W, TAKE_ALL, LANE_ROW);
                        cached_block(&cc, &bk, loaded, 0, warm, 1, cap, &rs);
                        nleft = 0;
                    }
                }
            }
        }
        if (nleft) {
            const int loaded = lblock_load(&bk, &unfetched, left, 0, nleft, TAKE_ALL, LANE_ROW);
            cached_block(&cc, &bk, loaded, 0, warm, 1, cap, &rs);
        }
    }
    cached_run_stragglers(c, &rs.pend, cutting, &rs.stats);
    if (STATS_ON()) gjk2d__simd_stats_add(&rs.stats);
}

static __attribute__((noinline)) void cached_distance_warm(const cached_call *c, int64_t begin, int64_t end) {
    cached_distance_run(c, begin, end, 1, 0, 0);
}
static __attribute__((noinline)) void cached_distance_warm_cut(const cached_call *c, int64_t begin, int64_t end) {
    cached_distance_run(c, begin, end, 1, 1, 0);
}
static __attribute__((noinline)) void cached_distance_cold_cut(const cached_call *c, int64_t begin, int64_t end) {
    cached_distance_run(c, begin, end, 0, 1, 0);
}
/// The time of impact's distances of the cores (POSES_OF_PAIRS), warm-started from each pair's entry.
static __attribute__((noinline)) void cached_distance_paired(const cached_call *c, int64_t begin, int64_t end) {
    cached_distance_run(c, begin, end, 1, 0, 1);
}
