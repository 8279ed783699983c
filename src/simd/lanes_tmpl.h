// SPDX-License-Identifier: MIT
// Lockstep blocks (included by kernel_tmpl.c, once per ISA): W pairs loaded together, one per lane, with
// every step vectorised: a transpose makes each shape's prepared row lane-major (rows come padded with
// their last vertex: a repeated vertex never wins a strict '>' support comparison, never changes a
// projection's extreme, and only adds zero-length edges), each lane's poses are checked, and B is moved
// into A's frame once, a whole column at a time, with ref_pair_load's operations.
//
// Why lockstep rather than refilling lanes one at a time: a refill pays per pair for scalar loads, a
// scalar copy of every vertex and scalar stores of every output, which cost as much as the GJK steps
// themselves. A block of consecutive pairs loads with vector transposes and stores its outputs with
// vector stores; the price is that a block runs as long as its slowest lane, so the kernels bound the
// steps and move the rare slow pairs on into blocks of their own (see distance_tmpl.h).

/// Pairs whose shapes both fit one transposed row of 8 vertices take the fast load.
#define LANE_ROW 8
/// A block whose shapes all have at most this many vertices (boxes, triangles, capsules, circles: most of a
/// game's shapes) runs its loops over these columns of the rows: timed side by side on 4-gons (avx512), the
/// manifold ran 1.10x and the distance 1.14x with the columns' bound at run time, and 1.19x and 1.18x with
/// loops of this constant length (docs/design.md, "Blocks by vertex count").
#define LANE_SMALL 4
/// A block whose shapes all have at most this many vertices (points and segments: circles and capsules) runs
/// over its own largest count, 1 or 2 columns, copied lane by lane instead of transposed: the loops run at
/// run time but over one or two columns, where LANE_SMALL's constant length ran four.
#define LANE_TINY 2
/// lblock_load's column bound for a block of pairs in no particular order whose loops should run over its
/// own largest vertex count (the SAT's windows where they keep the pairs' order: a uniform set of 5-gons
/// then runs 5 columns, not 8).
#define LANE_EXACT 0

/// The lane counts (0 where the lanes do not take the shape), radii and bounds of shapes idx[0 .. W), one
/// lane head record each.
static inline void lane_heads_bounds(const gjk2d_shapes *set, const int32_t *idx, wf *count, wf *radius, wf *bound) {
    wf row; // the row starts' bits, unused: each lane reads its own as an integer
    wf_load_records4((const char *)set->lane_head, (int64_t)sizeof *set->lane_head, idx, &row, count, radius, bound);
}

/// The lane counts and radii of shapes idx[0 .. W).
static inline void lane_heads_load(const gjk2d_shapes *set, const int32_t *idx, wf *count, wf *radius) {
    wf bound;
    lane_heads_bounds(set, idx, count, radius, &bound);
}

/// What a batch call hands its kernel. `end`: the call's range ends there; gjk2d_check_batch has checked
/// every shape index of the pairs before it (0: no pair is known to be checked, and nothing is prefetched).
/// `segments`: a shape whose lanes all hold segments (or points) runs over its own 2 columns (lane_own_columns).
typedef struct batch_in {
    const gjk2d_shapes *shapes;
    const gjk2d_poses *poses;
    const gjk2d_pairs *pairs;
    int64_t end;
    int segments;
    const gjk2d_poses *poses_b; ///< POSES_OF_PAIRS: B's pose of each pair (poses: A's), indexed by the pair
} batch_in;

typedef struct lblock {
    _Alignas(64) float ax[NMAX][W]; ///< A's vertices (A's frame is the query frame), padded
    _Alignas(64) float ay[NMAX][W];
    _Alignas(64) float bx[NMAX][W]; ///< B's vertices moved into A's frame (ref_pair_load), padded
    _Alignas(64) float by[NMAX][W];
    _Alignas(64) float naf[W], nbf[W]; ///< vertex counts
    _Alignas(64) float ra[W], rb[W];
    _Alignas(64) float wc[W], ws[W];    ///< A's world rotation, for the results
    _Alignas(64) double wpx[W], wpy[W]; ///< A's world position, for the results
    _Alignas(64) double bpx[W], bpy[W]; ///< B's world position, where the load was asked to keep it
    int na_bound, nb_bound;             ///< largest counts in the block: the vertex loops run to these
    unsigned live;                      ///< lanes holding a pair of this pass
    unsigned slow;   ///< lanes whose pair only the scalar fallback answers (large, invalid, bad pose)
    int64_t pair[W]; ///< pair index of each lane (meaningful for live and slow lanes)
} lblock;

/// Which pairs a pass takes: the boolean query runs its cores pass first, then the rounded pairs through
/// the distance lanes, as the reference answers them with its distance query. KEEP_B_POSITION (added to
/// one of them, lblock_load_keep_b): the block keeps B's world position (bpx, bpy; the manifold's anchors on
/// B). The other loads do not test it: tested on every block (a flag of batch_in, or of the mode of one
/// shared load), it ran W1's overlap on avx2 at 0.98x (AMD Zen 5, side by side).
/// POSES_OF_PAIRS (lblock_load_paired): each pair has its own two poses (in->poses for A, in->poses_b for B,
/// indexed by the pair), and the radii are taken as 0: the time of impact's distances of the cores at each
/// sweep's own time.
enum lane_mode {
    TAKE_ALL = 0,
    TAKE_CORES = 1,
    TAKE_ROUNDED = 2,
    TAKE_WHICH = 3,
    KEEP_B_POSITION = 4,
    POSES_OF_PAIRS = 8
};

/// Copy n vertices and repeat the last up to NMAX (rows of blocks wider than one row of 8).
static void lane_row_copy(float *dst, const float *src, int32_t n) {
    for (int32_t i = 0; i < NMAX; i++) dst[i] = src[i < n ? i : n - 1];
}

/// Lane-major columns from per-lane rows: a vector transpose when the block needs more than LANE_TINY columns
/// of one row of 8 (every prepared row holds at least 8 columns, padded with its last vertex), else a copy.
static inline void lane_columns(float (*cx)[W], float (*cy)[W], const float *const rx[W], const float *const ry[W],
                                int bound) {
    if (bound > LANE_TINY && bound <= LANE_ROW) {
        wf_transpose8(rx, cx);
        wf_transpose8(ry, cy);
        return;
    }
    for (int j = 0; j < bound; j++)
        for (int l = 0; l < W; l++) cx[j][l] = rx[l][j], cy[j][l] = ry[l][j];
}

/// Per-lane pose fields of a block.
typedef struct lane_poses {
    _Alignas(64) float c[W], s[W], fx[W], fy[W]; ///< fx, fy: the position rounded to float (for the check)
    _Alignas(64) double px[W], py[W];
} lane_poses;

/// Whether the poses are packed float arrays (the usual layout: each field indexed as floats). Always inline:
/// as a plain inline function GCC laid out the block load differently, and avx2 ran W1's distance and
/// overlap 3-5 % slower (side by side, both orders).
static inline __attribute__((always_inline)) int lane_poses_packed(const gjk2d_poses *p) {
    return p->stride == 0 && p->position_type == GJK2D_FLOAT32;
}

/// Whether the poses are float records {px, py, c, s} (a b2Transform; the Python module's (N, 4) array).
static inline int lane_poses_records(const gjk2d_poses *p) {
    const char *x = (const char *)p->px;
    return p->position_type == GJK2D_FLOAT32 && p->stride >= 16 && (const char *)p->py == x + 4 &&
           (const char *)p->c == x + 8 && (const char *)p->s == x + 12;
}

/// Whether entries lo .. lo + 2W - 1 of an array of n hold every entry idx[0 .. W), lo the lesser of the first
/// and last index (a list that runs forward or back over its shapes: W1's and W2's, whose pair k is shapes 2k
/// and 2k + 1, and the first shapes of a broadphase's list in their order): then wf_gather_near reads them.
static inline int lane_near(int64_t n, const int32_t *idx, int32_t *lo) {
    *lo = idx[0] < idx[W - 1] ? idx[0] : idx[W - 1];
    return n - *lo >= 2 * W && wi_near(idx, *lo);
}

/// The poses of shapes idx[0 .. W): packed float arrays by two vector loads and a permute per field where the
/// shapes lie within 2W consecutive poses (lane_near), else by gathers (docs/design.md, "Blocks", has the
/// figures); float records {px, py, c, s} by one load per record and a transpose; any other layout lane by lane.
static inline void lane_poses_load(lane_poses *lp, const gjk2d_poses *poses, const int32_t *idx) {
    const int packed = lane_poses_packed(poses);
    if (packed || lane_poses_records(poses)) {
        wf x, y, c, s;
        int32_t lo;
        if (packed && lane_near(poses->count, idx, &lo)) {
            x = wf_gather_near((const float *)poses->px, idx, lo),
            y = wf_gather_near((const float *)poses->py, idx, lo);
            c = wf_gather_near(poses->c, idx, lo), s = wf_gather_near(poses->s, idx, lo);
        } else if (packed) {
            x = wf_gather_at((const float *)poses->px, idx), y = wf_gather_at((const float *)poses->py, idx);
            c = wf_gather_at(poses->c, idx), s = wf_gather_at(poses->s, idx);
        } else {
            wf_load_records4((const char *)poses->px, poses->stride, idx, &x, &y, &c, &s);
        }
        wf_store(lp->fx, x);
        wf_store(lp->fy, y);
        wf_store(lp->c, c);
        wf_store(lp->s, s);
        wd_store(lp->px, wd_from(x));
        wd_store(lp->py, wd_from(y));
        return;
    }
    for (int l = 0; l < W; l++) {
        const gjk2d__pose p = gjk2d__pose_at(poses, idx[l]);
        lp->c[l] = p.c, lp->s[l] = p.s, lp->px[l] = p.px, lp->py[l] = p.py;
        lp->fx[l] = (float)p.px, lp->fy[l] = (float)p.py;
    }
}

/// Lanes whose pose passes gjk2d__pose_check's rule, decided by the same float operations (a NaN or an
/// infinity fails every comparison).
static inline unsigned lane_poses_ok(const lane_poses *lp) {
#ifdef GJK2D_NO_POSE_CHECK // the benchmark's ablation build only
    (void)lp;
    return W_ALL;
#else
    const wf big = wf_set1(GJK2D_MAX_COORDINATE), tol = wf_set1(GJK2D_ROTATION_TOLERANCE);
    const wf x = wf_load(lp->fx), y = wf_load(lp->fy), c = wf_load(lp->c), s = wf_load(lp->s);
    const wf dev = wf_sub(wf_add(wf_mul(c, c), wf_mul(s, s)), wf_set1(1.0f));
    wm ok = wm_and(wf_le(x, big), wf_ge(x, wf_neg(big)));
    ok = wm_and(ok, wm_and(wf_le(y, big), wf_ge(y, wf_neg(big))));
    ok = wm_and(ok, wm_and(wf_le(dev, tol), wf_ge(dev, wf_neg(tol))));
    return wm_bits(ok);
#endif
}

/// Lane l takes lane c's pose.
static inline void lane_pose_copy(lane_poses *lp, int l, int c) {
    lp->c[l] = lp->c[c], lp->s[l] = lp->s[c], lp->px[l] = lp->px[c], lp->py[l] = lp->py[c];
}

/// Lane l takes lane c's shapes and poses (dead lanes compute on valid numbers and are never written).
static inline void lane_copy(int32_t *sa, int32_t *sb, float *na, float *nb, float *ra, float *rb, lane_poses *pa,
                             lane_poses *pb, int l, int c) {
    sa[l] = sa[c], sb[l] = sb[c], na[l] = na[c], nb[l] = nb[c], ra[l] = ra[c], rb[l] = rb[c];
    lane_pose_copy(pa, l, c);
    lane_pose_copy(pb, l, c);
}

/// Lane-major columns of shapes idx[0 .. W) with counts n (at most NMAX); returns the columns' bound. Every
/// prepared row of up to 8 vertices holds 8 columns, padded with its last vertex: such a block is
/// transposed straight from the set over `cols` columns (LANE_ROW, or fewer when the caller knows no
/// shape has more vertices): a constant length (unrolled) costs less than skipping the few padded
/// columns. A wider block is copied and padded lane by lane (through tmp).
static int lane_shape_columns(float (*cx)[W], float (*cy)[W], const gjk2d_shapes *set, const int32_t *idx,
                              const float *n, int cols, float (*tmp)[2][NMAX]) {
    const float *rx[W], *ry[W];
    int bound = cols;
    if (wm_any(wf_gt(wf_load(n), wf_set1((float)LANE_ROW)))) {
        bound = LANE_ROW;
        for (int l = 0; l < W; l++) bound = (int)n[l] > bound ? (int)n[l] : bound;
        for (int l = 0; l < W; l++) {
            lane_row_copy(tmp[l][0], gjk2d__row_x(set, idx[l]), (int32_t)n[l]);
            lane_row_copy(tmp[l][1], gjk2d__row_y(set, idx[l]), (int32_t)n[l]);
            rx[l] = tmp[l][0], ry[l] = tmp[l][1];
        }
    } else {
        for (int l = 0; l < W; l++) rx[l] = gjk2d__lane_row(set, idx[l]), ry[l] = rx[l] + LANE_ROW;
    }
    lane_columns(cx, cy, rx, ry, bound);
    return bound;
}

/// A's world pose kept for the results; B's columns moved into A's frame with ref_relative_pose and
/// ref_pair_load's operations: B's pose in A's frame and B's vertices moved with it, in double, each
/// coordinate rounded to float once.
/// ref_relative_pose in lanes: B's pose (bc, bs, bx, by) in A's frame (ac, as, ax, ay), in double:
/// rel = {c, s, px, py}.
typedef struct lane_relative {
    wd c, s, px, py;
} lane_relative;

static inline lane_relative lane_relative_pose(wf ac, wf as, wd ax, wd ay, wf bc, wf bs, wd bx, wd by) {
    const wd dac = wd_from(ac), das = wd_from(as), dbc = wd_from(bc), dbs = wd_from(bs);
    const wd dx = wd_sub(bx, ax), dy = wd_sub(by, ay);
    const lane_relative r = {wd_add(wd_mul(dac, dbc), wd_mul(das, dbs)), wd_sub(wd_mul(dac, dbs), wd_mul(das, dbc)),
                             wd_add(wd_mul(dac, dx), wd_mul(das, dy)), wd_sub(wd_mul(dac, dy), wd_mul(das, dx))};
    return r;
}

/// ref_pair_load's move of B's vertices (x, y) into A's frame through the relative pose, in double (before
/// the rounding to float).
static inline void lane_relative_apply_d(const lane_relative *r, wd dx, wd dy, wd *ox, wd *oy) {
    *ox = wd_add(wd_sub(wd_mul(r->c, dx), wd_mul(r->s, dy)), r->px);
    *oy = wd_add(wd_add(wd_mul(r->s, dx), wd_mul(r->c, dy)), r->py);
}

/// lane_relative_apply_d, each coordinate rounded to float once.
static inline void lane_relative_apply(const lane_relative *r, wf x, wf y, wf *ox, wf *oy) {
    wd dx, dy;
    lane_relative_apply_d(r, wd_from(x), wd_from(y), &dx, &dy);
    *ox = wd_to(dx), *oy = wd_to(dy);
}

static inline void lblock_frames(lblock *bk, const lane_poses *pa, const lane_poses *pb) {
    memcpy(bk->wc, pa->c, sizeof bk->wc);
    memcpy(bk->ws, pa->s, sizeof bk->ws);
    memcpy(bk->wpx, pa->px, sizeof bk->wpx);
    memcpy(bk->wpy, pa->py, sizeof bk->wpy);
    const lane_relative rel = lane_relative_pose(wf_load(pa->c), wf_load(pa->s), wd_load(pa->px), wd_load(pa->py),
                                                 wf_load(pb->c), wf_load(pb->s), wd_load(pb->px), wd_load(pb->py));
    // The columns are read and written as doubles (wd_load_f, wd_store_f: the ISA's conversions from and to
    // memory, without moving halves of a float vector).
    for (int j = 0; j < bk->nb_bound; j++) {
        wd x, y;
        lane_relative_apply_d(&rel, wd_load_f(bk->bx[j]), wd_load_f(bk->by[j]), &x, &y);
        wd_store_f(bk->bx[j], x);
        wd_store_f(bk->by[j], y);
    }
}

/// Blocks ahead whose poses and rows lblock_load asks for (see lane_prefetch); the set's lane heads are
/// asked for twice as far ahead.
#define LANE_PREFETCH_BLOCKS 4
/// Sets with fewer shapes take no prefetch: their rows, heads and poses (about 110 bytes a shape) stay
/// in a core's L2 from call to call, where asking again only costs instructions (timed side by side on
/// W5: 0.93-0.97x at 3,000-12,000 shapes, 1.05x at 29,000 and 1.27x at 100,000; docs/design.md).
#define LANE_PREFETCH_MIN_SHAPES 16384
/// A set whose rows take at most this many bytes (rows are shared by the shapes of one geometry: W1's 10^6
/// pairs of instances of 4,096 polygons hold 256 KB of them) takes no requests for its rows: they stay in
/// a core's L2 from block to block (half of it on AMD Zen 3, a quarter or less on the later CPUs). Timed
/// side by side on W1's construction with 4,096 to 65,536 polygons (AMD Zen 5, avx512, overlap): without
/// the rows' requests 1.04x at 256 KB, 1.02x at 512 KB, 1.01x at 1 MB, 0.71x at 4 MB (and on W5, a
/// polygon per body, 0.71x).
#define LANE_ROWS_CACHED_BYTES (256 * 1024)
/// How far ahead of a block the kernels with many outputs (the manifold, the shape cast) ask for the output
/// lines they will write, in items. A call's outputs are arrays written side by side (up to 21 of them), more
/// streams than the hardware's prefetchers follow: without the requests, stores to lines not yet in the cache
/// held the kernels up. Timed side by side (AMD Zen 5, W1's manifold, 200,000 pairs, every output,
/// bit-identical): avx512 1.18x at 64 items ahead, 1.21x at 128, 1.13x at 256; avx2 1.11x at 64 and 1.16x at
/// 128 (docs/manifold.md has the other workloads, docs/casts.md the shape cast). Requests with write intent
/// (prefetchw) ran as fast.
#define LANE_OUT_PREFETCH_AHEAD 128
/// Calls over fewer items ask for none: their outputs (at most 75 bytes an item) stay in a core's L2 from call
/// to call, where the requests only cost instructions (the manifold on W1 side by side: 0.98-0.99x on avx2 at
/// 10,000 pairs, 1.00x at 20,000, 1.04x at 50,000).
#define LANE_OUT_PREFETCH_MIN 32768
/// Calls over at least this many pairs write the distance query's whole blocks with streaming stores (wide.h,
/// wf_out_store), where the output arrays are aligned to 64 bytes; smaller calls' outputs (at most 49 bytes a
/// pair) stay in a core's L2 for the caller to read. Timed side by side (AMD Zen 5, W1, every output, arrays
/// aligned to 64 bytes, both orders, bit-identical): see docs/design.md, "Streaming stores".
#define LANE_OUT_STREAM_MIN 32768
/// The rule for cached rows and the requests by lines (lane_block_ranges) on 16 lanes only: timed side by
/// side on 8 (avx2, AMD Zen 5), they ran W1's overlap and SAT at 0.97-0.99x of the requests lane by lane.
#define LANE_PREFETCH_BY_LINES (W >= 16)

/// Whether the set's rows stay in the caches without requests (LANE_ROWS_CACHED_BYTES).
static inline int lane_rows_cached(const gjk2d_shapes *set) {
    return LANE_PREFETCH_BY_LINES && set->row_floats * (int64_t)sizeof(float) <= LANE_ROWS_CACHED_BYTES;
}

/// Pairs ahead whose entries of the pair list are asked for (2 KB of each array): the prefetches above
/// read the pair list 2 LANE_PREFETCH_BLOCKS blocks ahead, and there its first read of each line waited
/// for memory (a profile of the coherence benchmark put a fifth of the block load's samples on those
/// reads: among the gathered streams the hardware prefetchers do not keep up with the two sequential
/// ones). Timed side by side (AMD Zen 3, avx2, distance): W5 1.06-1.09x, W1 1.03x; 256 pairs ran 0.97x
/// and 1,024 the same as 512.
#define LANE_PREFETCH_PAIRS 512

/// The caller's poses of shapes i[0 .. 2W) (A's then B's indices of a block), or of ia[0 .. W) alone when
/// ib is NULL (a block of items, one shape each).
static inline __attribute__((always_inline)) void lane_prefetch_poses(const gjk2d_poses *p, const int32_t *ia,
                                                                      const int32_t *ib) {
    const int n = ib ? 2 * W : W;
    if (lane_poses_packed(p)) {
        const float *const px = (const float *)p->px, *const py = (const float *)p->py;
        for (int l = 0; l < n; l++) {
            const int32_t i = l < W ? ia[l] : ib[l - W];
            __builtin_prefetch(p->c + i);
            __builtin_prefetch(p->s + i);
            __builtin_prefetch(px + i);
            __builtin_prefetch(py + i);
        }
        return;
    }
    if (lane_poses_records(p)) { // a record's 16 bytes: one line (or, unaligned, the line of its start)
        for (int l = 0; l < n; l++) __builtin_prefetch((const char *)p->px + (l < W ? ia[l] : ib[l - W]) * p->stride);
        return;
    }
    const int64_t fs = gjk2d__pose_stride(p, 4);
    const int64_t ps = p->position_type == GJK2D_FLOAT32 ? fs : gjk2d__pose_stride(p, 8);
    for (int l = 0; l < n; l++) {
        const int64_t i = l < W ? ia[l] : ib[l - W];
        __builtin_prefetch((const char *)p->c + i * fs);
        __builtin_prefetch((const char *)p->s + i * fs);
        __builtin_prefetch((const char *)p->px + i * ps);
        __builtin_prefetch((const char *)p->py + i * ps);
    }
}

/// The line of the pair list's entry k in each array (in a only, `items`) when inside it: blocks that follow
/// each other cover every line.
static inline __attribute__((always_inline)) void lane_prefetch_pairs(const gjk2d_pairs *pairs, int64_t k, int items) {
    if (k + W > pairs->count) return;
    __builtin_prefetch(pairs->a + k);
    if (!items) __builtin_prefetch(pairs->b + k);
}

/// The lines of bytes [lo, hi].
static inline __attribute__((always_inline)) void lane_prefetch_lines(const void *lo, const void *hi) {
    for (uintptr_t p = (uintptr_t)lo & ~(uintptr_t)63; p <= (uintptr_t)hi; p += 64) __builtin_prefetch((const void *)p);
}

/// The shapes of a block whose two index lists each run forward over fewer than 4 W shapes from first to
/// last (a pair list in the order of its shapes, as W1's): [lo[0], hi[0]] where the lists lie together,
/// else also [lo[1], hi[1]]; returns the ranges' count, 0 for any other block. Such a block's lanes share
/// lines of the poses and heads, so it asks for each line its ranges cover once (W1: 3 lines of each pose
/// array where the lanes asked 2 W times). A lane outside its list's range (a list that steps back) is
/// only not asked for.
static inline int lane_block_ranges(const int32_t *sa, const int32_t *sb, int32_t lo[2], int32_t hi[2]) {
    if (!LANE_PREFETCH_BY_LINES) return 0;
    const int32_t a0 = sa[0], a1 = sa[W - 1], b0 = sb[0], b1 = sb[W - 1];
    if ((uint32_t)a1 - (uint32_t)a0 >= 4u * W || (uint32_t)b1 - (uint32_t)b0 >= 4u * W) return 0;
    const int32_t l = a0 < b0 ? a0 : b0, h = a1 > b1 ? a1 : b1;
    if ((int64_t)h - l < 8 * W) {
        lo[0] = l, hi[0] = h;
        return 1;
    }
    lo[0] = a0, hi[0] = a1, lo[1] = b0, hi[1] = b1;
    return 2;
}

/// lane_prefetch_poses over ranges of shapes (lane_block_ranges), for float arrays and float records;
/// returns 0 (nothing asked for) for other layouts.
static inline __attribute__((always_inline)) int lane_prefetch_pose_ranges(const gjk2d_poses *p, const int32_t *lo,
                                                                           const int32_t *hi, int ranges) {
    const int packed = lane_poses_packed(p);
    if (!packed && !lane_poses_records(p)) return 0;
    for (int r = 0; r < ranges; r++) {
        if (packed) {
            const float *const px = (const float *)p->px, *const py = (const float *)p->py;
            lane_prefetch_lines(px + lo[r], px + hi[r]);
            lane_prefetch_lines(py + lo[r], py + hi[r]);
            lane_prefetch_lines(p->c + lo[r], p->c + hi[r]);
            lane_prefetch_lines(p->s + lo[r], p->s + hi[r]);
        } else {
            const char *const x = (const char *)p->px;
            lane_prefetch_lines(x + lo[r] * p->stride, x + hi[r] * p->stride + 15);
        }
    }
    return 1;
}

/// The rows of ranges of shapes (lane_block_ranges) by the lines they cover, where those are at most the
/// 2 W requests of the lanes (a set prepared in the order of its shapes, each with a row of its own, as
/// W7); returns 0 (nothing asked for) otherwise. Only the heads of the ranges' ends are read.
static inline __attribute__((always_inline)) int lane_prefetch_row_ranges(const gjk2d_shapes *set, const int32_t *lo,
                                                                          const int32_t *hi, int ranges) {
    int64_t lines = 0;
    for (int r = 0; r < ranges; r++) {
        const int64_t units = (int64_t)set->lane_head[hi[r]].row_unit - set->lane_head[lo[r]].row_unit;
        if (units < 0) return 0;
        lines += units * GJK2D_ROW_UNIT * (int64_t)sizeof(float) / 64 + 1;
    }
    if (lines > 2 * W) return 0;
    for (int r = 0; r < ranges; r++) lane_prefetch_lines(gjk2d__lane_row(set, lo[r]), gjk2d__lane_row(set, hi[r]));
    return 1;
}

/// The lane heads of the pairs k .. k + W - 1 (their shape indices are read: inside the pair list).
static inline __attribute__((always_inline)) void lane_prefetch_heads(const batch_in *in, int64_t k, int items) {
    const int32_t *ia = in->pairs->a + k, *ib = in->pairs->b + k;
    int32_t lo[2], hi[2];
    const int ranges = items ? 0 : lane_block_ranges(ia, ib, lo, hi);
    if (ranges) {
        for (int r = 0; r < ranges; r++)
            lane_prefetch_lines(in->shapes->lane_head + lo[r], &in->shapes->lane_head[hi[r]].bound);
        return;
    }
    for (int l = 0; l < (items ? W : 2 * W); l++)
        __builtin_prefetch(in->shapes->lane_head + (l < W ? ia[l] : ib[l - W]));
}

/// Ask the caches for what a block of the W consecutive pairs k .. k + W - 1 will gather, lane by lane,
/// in two stages. A block reads several arrays at its pairs' shape indices; with the pair list's own and
/// the outputs' streams, that is more streams than the hardware prefetchers follow, and a block that
/// waits for memory waits in its gathers and transposes. A row's address is itself read from the set
/// (lane_head[i].row_unit), so the lane heads are asked for 2 LANE_PREFETCH_BLOCKS blocks ahead, and the
/// poses and the rows, whose offsets are in the cache by then, LANE_PREFETCH_BLOCKS ahead: the lines arrive while the blocks between run (docs/design.md,
/// "Prefetch"). The block k .. k + W - 1 lies inside the call's checked range, so its heads are read
/// without a test; the pairs of the second stage may lie past it and name any shape, but only their
/// addresses are formed, and a prefetch of any address is harmless. `items`: a block of items of one shape
/// each (rays), whose shape indices are in->pairs->a; nothing is asked for twice. On 16 lanes, blocks of
/// neighbouring shapes ask by lines and cached rows are not asked for (LANE_PREFETCH_BY_LINES). Always
/// inline: a function whose only effects are prefetches counts as pure for GCC, and a call to it is dropped.
static inline __attribute__((always_inline)) void lane_prefetch_shapes(const batch_in *in, int64_t k, int items) {
    const gjk2d_shapes *set = in->shapes;
    const int32_t *ia = in->pairs->a + k, *ib = in->pairs->b + k;
    int32_t lo[2], hi[2];
    const int ranges = items ? 0 : lane_block_ranges(ia, ib, lo, hi);
    if (!ranges || !lane_prefetch_pose_ranges(in->poses, lo, hi, ranges))
        lane_prefetch_poses(in->poses, ia, items ? NULL : ib);
    if (!lane_rows_cached(set) && !(ranges && lane_prefetch_row_ranges(set, lo, hi, ranges)))
        for (int l = 0; l < W; l++) {
            __builtin_prefetch(gjk2d__lane_row(set, ia[l]));
            if (!items) __builtin_prefetch(gjk2d__lane_row(set, ib[l]));
        }
    lane_prefetch_pairs(in->pairs, k + LANE_PREFETCH_PAIRS, items);
    if (k + (LANE_PREFETCH_BLOCKS + 1) * W > in->pairs->count) return;
    lane_prefetch_heads(in, k + LANE_PREFETCH_BLOCKS * W, items);
}

/// lane_prefetch_shapes for a block of pairs: both shapes of each.
static inline __attribute__((always_inline)) void lane_prefetch(const batch_in *in, int64_t k) {
    lane_prefetch_shapes(in, k, 0);
}

/// Whether both shape index lists of a block step forward by 1 to 4 from lane to lane: streams of the
/// set's arrays that the hardware prefetchers of some CPUs follow (gjk2d__cpu_follows_streams), where
/// lane_prefetch's requests only cost instructions. A broadphase's list in the order of its first shape
/// repeats that shape and scatters the second: it keeps the requests.
static inline int lane_block_streams(const int32_t *sa, const int32_t *sb) {
    unsigned off = 0;
    for (int l = 0; l + 1 < W; l++)
        off |= ((uint32_t)(sa[l + 1] - sa[l] - 1) >= 4u) | ((uint32_t)(sb[l + 1] - sb[l] - 1) >= 4u);
    return !off;
}

/// lane_prefetch of the block k .. k + W - 1 where it pays and is allowed: a set of at least
/// LANE_PREFETCH_MIN_SHAPES shapes, the block inside the call's checked range, and not a block of streams
/// that this CPU's hardware prefetchers follow (tested on the block `probe`, the one being loaded).
static inline __attribute__((always_inline)) void lane_prefetch_ahead(const batch_in *in, int64_t probe, int64_t k) {
    if (in->shapes->shape_count >= LANE_PREFETCH_MIN_SHAPES && k + W <= in->end &&
        !(gjk2d__cpu_follows_streams() && lane_block_streams(in->pairs->a + probe, in->pairs->b + probe)))
        lane_prefetch(in, k);
}

/// The columns of one shape of a block whose bound is `cols`: 1 where its lanes all hold points (a polygon's
/// block of circles: its support searches, face searches and move into A's frame then take one column of the
/// points, not eight copies of it), 2 where they all hold segments at most and `segments` (the SAT and the
/// manifold, whose work grows with both shapes' columns), else `cols`. In the GJK kernels segments keep `cols`:
/// a block whose two shapes have different bounds does not pair with its neighbour (W_PAIRED_BLOCKS), and the
/// distance on segments against polygons ran 0.96-0.97x at their own 2 columns (docs/design.md, "Blocks of small
/// shapes", has every figure).
static inline int lane_own_columns(const float *n, int cols, int segments) {
    if (cols <= 1) return cols;
    const wf c = wf_load(n);
    if (wm_all(wf_le(c, wf_set1(1.0f)))) return 1;
    return segments && cols > LANE_TINY && wm_all(wf_le(c, wf_set1((float)LANE_TINY))) ? LANE_TINY : cols;
}

/// Load pairs ks[0 .. lanes) into a block (ks == NULL: the consecutive pairs k0 .. k0 + lanes - 1). Lanes
/// past `lanes`, pairs another pass takes and pairs the lanes cannot take (marked in bk->slow: a shape
/// with more than NMAX vertices or invalid, or a bad pose) are dead lanes: they repeat the first live
/// lane's pair, so every lane holds valid geometry, and are never written. `cols` (at most LANE_ROW):
/// no shape of these pairs has more vertices (a block of a vertex-count window, lwindow), so a block
/// whose shapes fit one row runs over `cols` columns; a block given LANE_ROW whose shapes all have at most
/// LANE_SMALL vertices runs over LANE_SMALL (at most LANE_TINY: over their largest count, 1 or 2);
/// LANE_EXACT: over the largest count of its shapes. A shape of points (with in->segments, of segments too) runs
/// over its own 1 or 2 columns (lane_own_columns). Returns 0 when no lane is live.
static inline __attribute__((always_inline)) int lblock_load_as(lblock *bk, const batch_in *in, const int64_t *ks,
                                                                int64_t k0, int lanes, int mode, int cols) {
    _Alignas(64) float tmp[2][W][2][NMAX];
    float *const na = bk->naf, *const nb = bk->nbf, *const ra = bk->ra, *const rb = bk->rb;
    const gjk2d_shapes *set = in->shapes;
    // The lanes' shape indices: the pair list's own entries in the common block (a copy through a vector
    // store, read back index by index, waited on the store: 1.02-1.05x on avx512 without it), else sa, sb.
    int32_t sa[W], sb[W];
    const int32_t *ia = sa, *ib = sb;
    lane_poses pa, pb;
    if (!ks && lanes == W) { // the common block: W consecutive pairs, their indices read in place
        // Before the block's own reads: issued after them, the requests ran W5 at 0.81x (avx512, Sapphire Rapids).
        lane_prefetch_ahead(in, k0, k0 + LANE_PREFETCH_BLOCKS * W);
        ia = in->pairs->a + k0, ib = in->pairs->b + k0;
        for (int l = 0; l < W; l++) bk->pair[l] = k0 + l;
    } else {
        for (int l = 0; l < W; l++) {
            const int64_t k = ks ? ks[l < lanes ? l : 0] : k0 + (l < lanes ? l : 0);
            bk->pair[l] = l < lanes ? k : -1;
            sa[l] = in->pairs->a[k], sb[l] = in->pairs->b[k];
        }
    }
    // A lane count is a shape's vertex count where the lanes may take it (valid, at most NMAX vertices), else 0.
    wf naf, nbf, raf, rbf;
    lane_heads_load(set, ia, &naf, &raf);
    lane_heads_load(set, ib, &nbf, &rbf);
    const unsigned in_range = lanes == W ? W_ALL : (1u << lanes) - 1u;
    unsigned taken = in_range;
    if ((mode & TAKE_WHICH) != TAKE_ALL) {
        const unsigned rounded = wm_bits(wm_or(wf_gt(raf, wf_zero()), wf_gt(rbf, wf_zero())));
        taken &= (mode & TAKE_WHICH) == TAKE_ROUNDED ? rounded : ~rounded;
    }
    const unsigned fast = wm_bits(wm_and(wf_gt(naf, wf_zero()), wf_gt(nbf, wf_zero())));
    // Poses of every lane; a lane with a bad pose goes to the fallback, which names it.
    if (mode & POSES_OF_PAIRS) {
        int32_t own[W];
        for (int l = 0; l < W; l++) own[l] = (int32_t)(bk->pair[l] >= 0 ? bk->pair[l] : bk->pair[0]);
        lane_poses_load(&pa, in->poses, own);
        lane_poses_load(&pb, in->poses_b, own);
        raf = rbf = wf_zero();
    } else {
        lane_poses_load(&pa, in->poses, ia);
        lane_poses_load(&pb, in->poses, ib);
    }
    bk->live = taken & fast & lane_poses_ok(&pa) & lane_poses_ok(&pb);
    bk->slow = taken & ~bk->live;
    if (!bk->live) return 0;
    wf_store(na, naf);
    wf_store(nb, nbf);
    wf_store(ra, raf);
    wf_store(rb, rbf);
    if (bk->live != W_ALL) {
        const int c = __builtin_ctz(bk->live);
        if (ia != sa) {
            memcpy(sa, ia, sizeof sa);
            memcpy(sb, ib, sizeof sb);
            ia = sa, ib = sb;
        }
        for (unsigned m = W_ALL & ~bk->live; m; m &= m - 1)
            lane_copy(sa, sb, na, nb, ra, rb, &pa, &pb, __builtin_ctz(m), c);
    }
    if (cols == LANE_EXACT) { // the block's largest vertex count, one bound for both shapes
        cols = LANE_ROW;
        const wf most = wf_max_gt(wf_load(na), wf_load(nb));
        if (wm_all(wf_lt(most, wf_set1((float)LANE_ROW)))) { // else (the usual case) a row
            _Alignas(64) float m[W];
            wf_store(m, most);
            cols = 1;
            for (int l = 0; l < W; l++) cols = (int)m[l] > cols ? (int)m[l] : cols;
        }
    }
    if (cols == LANE_ROW) {
        const wf most = wf_max_gt(wf_load(na), wf_load(nb));
        if (wm_all(wf_le(most, wf_set1((float)LANE_SMALL)))) cols = LANE_SMALL;
        if (wm_all(wf_le(most, wf_set1((float)LANE_TINY)))) cols = wm_all(wf_le(most, wf_set1(1.0f))) ? 1 : LANE_TINY;
    }
    bk->na_bound = lane_shape_columns(bk->ax, bk->ay, set, ia, na, lane_own_columns(na, cols, in->segments), tmp[0]);
    bk->nb_bound = lane_shape_columns(bk->bx, bk->by, set, ib, nb, lane_own_columns(nb, cols, in->segments), tmp[1]);
    lblock_frames(bk, &pa, &pb);
    if (mode & KEEP_B_POSITION) {
        memcpy(bk->bpx, pb.px, sizeof bk->bpx);
        memcpy(bk->bpy, pb.py, sizeof bk->bpy);
    }
    return 1;
}

/// lblock_load_as without B's world position.
static KERNEL_PHASE int lblock_load(lblock *bk, const batch_in *in, const int64_t *ks, int64_t k0, int lanes, int mode,
                                    int cols) {
    return lblock_load_as(bk, in, ks, k0, lanes, mode & TAKE_WHICH, cols);
}

/// lblock_load_as with B's world position (KEEP_B_POSITION): a function of its own, so that the other loads
/// test no flag.
static KERNEL_PHASE int lblock_load_keep_b(lblock *bk, const batch_in *in, const int64_t *ks, int64_t k0, int lanes,
                                           int mode, int cols) {
    return lblock_load_as(bk, in, ks, k0, lanes, mode | KEEP_B_POSITION, cols);
}

/// Pairs k0 .. k0 + lanes - 1 with POSES_OF_PAIRS: a function of its own, so that the other loads test no flag.
static KERNEL_PHASE int lblock_load_paired(lblock *bk, const batch_in *in, int64_t k0, int lanes) {
    return lblock_load_as(bk, in, NULL, k0, lanes, POSES_OF_PAIRS, LANE_ROW);
}

/// Whether the block's W lanes hold the consecutive pairs pair[0] .. pair[0] + W - 1 (a lane past a
/// range holds -1), so that per-pair arrays are read and written there as W consecutive entries.
static inline int lblock_consecutive(const lblock *bk) {
    for (int l = 1; l < W; l++)
        if (bk->pair[l] != bk->pair[0] + l) return 0;
    return 1;
}

/// The lane counts of the `per` blocks (or fewer, at the range's end) of W pairs from pair k of a range that
/// ends before `end`; returns how many blocks there are.
static inline int lblock_group_lanes(int64_t k, int64_t end, int per, int *lanes) {
    int n = 0;
    for (; n < per && k + n * W < end; n++) lanes[n] = end - (k + n * W) < W ? (int)(end - (k + n * W)) : W;
    return n;
}

/// Pairs k0 .. k0 + lanes - 1.
static inline int lblock_load_range(lblock *bk, const batch_in *in, int64_t k0, int lanes, int mode) {
    return lblock_load(bk, in, NULL, k0, lanes, mode, LANE_ROW);
}

/// Blocks by vertex count: a window of consecutive pairs put in order of the larger vertex count of their
/// two shapes (a stable counting sort), so that a block of W of them runs its loops and moves B over the
/// columns its shapes have (W1's shapes have 5.5 vertices on average, a row 8). A pair the lanes do not
/// take (a shape invalid or with more than NMAX vertices) has key 0: it sorts first and goes to the
/// fallback as before. A window whose pairs all have one key keeps its order (W2: all 8-gons).
///
/// The order costs scalar work per pair (the keys' counting sort, the answers gathered back to the pairs'
/// indices) and saves vector work per block, so it pays only where a block's vector work is large: on 16
/// lanes, not on 8, and only where the CPU runs 512-bit operations as two halves (gjk2d__sort_windows),
/// timed side by side (the figures are in docs/design.md). Narrower blocks keep the pairs' order
/// (LWINDOW_ORDERS 0).
#define LWINDOW (16 * W)
#define LWINDOW_ORDERS (W >= 16)

typedef struct lwindow {
    _Alignas(64) float pos[LWINDOW]; ///< pos[j]: where pair k0 + j stands in the order (a float, for gathers)
    int64_t k[LWINDOW];              ///< the window's pairs in the order of their keys
    uint8_t key[LWINDOW];            ///< each one's key: max(na, nb), or 0
    int64_t k0;
    int n, sorted; ///< sorted: 0 when the window keeps its order (k, pos and key then unused)
    int cols;      ///< a window in its order: every block's column bound (LANE_EXACT: each block's own)
} lwindow;

/// max(na, nb) of pairs k0 + i, or 0 where the lanes do not take a shape.
static inline int lwindow_key(const gjk2d__lane_head *head, const int32_t *pa, const int32_t *pb, int i) {
    const int na = (int)head[pa[i]].count, nb = (int)head[pb[i]].count;
    return na && nb ? (na > nb ? na : nb) : 0;
}

static void lwindow_sort(lwindow *win, const batch_in *in, int64_t k0, int n) {
    win->k0 = k0, win->n = n, win->sorted = 0, win->cols = LANE_ROW;
    if (!LWINDOW_ORDERS || !gjk2d__sort_windows()) {
        win->cols = LANE_EXACT;
        return;
    }
    _Alignas(64) int32_t key[LWINDOW];
    const gjk2d__lane_head *head = in->shapes->lane_head; // counts are 0 where the lanes do not take the shape
    const int32_t *pa = in->pairs->a + k0, *pb = in->pairs->b + k0;
    int i = 0;
    // The keys, a vector at a time, and whether they are all the first one (then the order stays).
    const int key0 = lwindow_key(head, pa, pb, 0);
    const wf first = wf_set1((float)key0), zero = wf_zero();
    unsigned uniform = W_ALL;
    for (; i + W <= n; i += W) {
        wf na, nb, ra, rb;
        lane_heads_load(in->shapes, pa + i, &na, &ra);
        lane_heads_load(in->shapes, pb + i, &nb, &rb);
        const wf c = wf_sel(wm_or(wf_eq(na, zero), wf_eq(nb, zero)), zero, wf_sel(wf_gt(na, nb), na, nb));
        uniform &= wm_bits(wf_eq(c, first));
        wf_store_i32(key + i, c);
    }
    for (; i < n; i++) {
        key[i] = lwindow_key(head, pa, pb, i);
        uniform &= key[i] == key0 ? W_ALL : 0u;
    }
    win->sorted = uniform != W_ALL;
    if (!win->sorted) {
        win->cols = key0 < 1 ? 1 : key0 > LANE_ROW ? LANE_ROW : key0;
        return;
    }
    int start[NMAX + 2];
    memset(start, 0, sizeof start);
    for (i = 0; i < n; i++) start[key[i] + 1]++;
    for (int c = 1; c <= NMAX + 1; c++) start[c] += start[c - 1];
    for (i = 0; i < n; i++) {
        const int c = key[i], at = start[c]++;
        win->k[at] = k0 + i;
        win->key[at] = (uint8_t)c;
        win->pos[i] = (float)at;
    }
}

/// The window's block of pairs [i, i + lanes): the pairs to load (NULL: consecutive) and the column bound,
/// its last key (the largest), at most a row.
static inline const int64_t *lwindow_block(const lwindow *win, int i, int lanes, int *cols) {
    if (!win->sorted) {
        *cols = win->cols;
        return NULL;
    }
    const int c = win->key[i + lanes - 1];
    *cols = c < 1 ? 1 : c > LANE_ROW ? LANE_ROW : c;
    return win->k + i;
}

/// A sorted window's blocks take their pairs from anywhere in it, so the prefetch that a block of
/// consecutive pairs asks for in lblock_load runs here a window ahead, a block's worth of pairs at block i,
/// so that the next window is in the caches when it is sorted and loaded (docs/design.md, "Prefetch").
static inline __attribute__((always_inline)) void lwindow_prefetch(const lwindow *win, const batch_in *in, int i) {
    const int64_t k = win->k0 + LWINDOW + i;
    lane_prefetch_ahead(in, k, k);
}

/// Field `f` of the window's results (in the window's order) written at the pairs' own indices.
static inline void lwindow_put(const lwindow *win, float *out, const float *f) {
    int j = 0;
    for (; j + W <= win->n; j += W) wf_storeu(out + win->k0 + j, wf_gather(f, wf_load(win->pos + j)));
    for (; j < win->n; j++) out[win->k0 + j] = f[(int)win->pos[j]];
}

/// Stragglers: lanes of capped blocks moved, with their loaded geometry and their state, into a block of
/// their own, which runs them on from where they stopped once W of them wait (or at the end of the range).
/// Each kernel keeps its state as `nstate` float fields of W lanes (a struct of wf, copied as floats).
typedef struct lpending {
    lblock bk;
    _Alignas(64) float state[32][W];
    int n; ///< lanes waiting: slots 0 .. n - 1
} lpending;

/// A kernel's lane state T (a struct of wf fields, one of them `end`) as lpending's float fields: how many
/// there are, and which one is `end`; the assertions say that T fits.
#define LPENDING_FIELDS(T) ((int)(sizeof(T) / sizeof(wf)))
#define LPENDING_END_FIELD(T) ((int)(offsetof(T, end) / sizeof(wf)))
#define LPENDING_HOLDS(T)                                                                                           \
    _Static_assert(sizeof(T) == LPENDING_FIELDS(T) * W * sizeof(float), #T " holds only wf fields");                \
    _Static_assert(LPENDING_FIELDS(T) <= (int)(sizeof(((lpending *)0)->state) / sizeof(((lpending *)0)->state[0])), \
                   "lpending holds " #T)

static inline void lpending_reset(lpending *p) {
    p->n = 0;
    p->bk.na_bound = p->bk.nb_bound = LANE_ROW;
    p->bk.slow = 0;
}

/// Columns [from, to) of slot l repeat its column from - 1 (its last vertex, or padding of it).
static inline void lane_pad_columns(float (*cx)[W], float (*cy)[W], int l, int from, int to) {
    for (int j = from; j < to; j++) cx[j][l] = cx[from - 1][l], cy[j][l] = cy[from - 1][l];
}

/// Slot s of block d takes lane l's columns of src (bounds may differ: the narrower repeats its last column).
static void lane_move_columns(lblock *d, int s, const lblock *src, int l) {
    // A wider source block widens the pending block: its earlier slots repeat their last column.
    if (src->na_bound > d->na_bound) {
        for (int q = 0; q < s; q++) lane_pad_columns(d->ax, d->ay, q, d->na_bound, src->na_bound);
        d->na_bound = src->na_bound;
    }
    if (src->nb_bound > d->nb_bound) {
        for (int q = 0; q < s; q++) lane_pad_columns(d->bx, d->by, q, d->nb_bound, src->nb_bound);
        d->nb_bound = src->nb_bound;
    }
    for (int j = 0; j < src->na_bound; j++) d->ax[j][s] = src->ax[j][l], d->ay[j][s] = src->ay[j][l];
    for (int j = 0; j < src->nb_bound; j++) d->bx[j][s] = src->bx[j][l], d->by[j][s] = src->by[j][l];
    lane_pad_columns(d->ax, d->ay, s, src->na_bound, d->na_bound);
    lane_pad_columns(d->bx, d->by, s, src->nb_bound, d->nb_bound);
}

/// Lane l of `src` (its block geometry, pair and state: src_state, a struct of `nstate` wf fields) into the
/// next slot. Returns 1 when the block is full.
static __attribute__((noinline)) int lpending_add(lpending *p, const lblock *src, const void *src_state, int nstate,
                                                  int l) {
    lblock *d = &p->bk;
    const int s = p->n++;
    if (src->na_bound == LANE_ROW && src->nb_bound == LANE_ROW && d->na_bound == LANE_ROW && d->nb_bound == LANE_ROW) {
        // The common case, with loops of a constant length.
        for (int j = 0; j < LANE_ROW; j++) {
            d->ax[j][s] = src->ax[j][l], d->ay[j][s] = src->ay[j][l];
            d->bx[j][s] = src->bx[j][l], d->by[j][s] = src->by[j][l];
        }
    } else {
        lane_move_columns(d, s, src, l);
    }
    d->naf[s] = src->naf[l], d->nbf[s] = src->nbf[l], d->ra[s] = src->ra[l], d->rb[s] = src->rb[l];
    d->wc[s] = src->wc[l], d->ws[s] = src->ws[l], d->wpx[s] = src->wpx[l], d->wpy[s] = src->wpy[l];
    d->pair[s] = src->pair[l];
    for (int f = 0; f < nstate; f++)
        memcpy(&p->state[f][s], (const char *)src_state + (size_t)(f * W + l) * sizeof(float), sizeof(float));
    return p->n == W;
}

/// Before a run: the empty slots repeat slot 0 (valid numbers, never written) with state field `end_field`
/// set to `dead_end` (not running); live marks the waiting lanes.
static inline void lpending_seal(lpending *p, int nstate, int end_field, float dead_end) {
    lblock *d = &p->bk;
    d->live = p->n == W ? W_ALL : (1u << p->n) - 1u;
    for (int s = p->n; s < W; s++) {
        for (int j = 0; j < d->na_bound; j++) d->ax[j][s] = d->ax[j][0], d->ay[j][s] = d->ay[j][0];
        for (int j = 0; j < d->nb_bound; j++) d->bx[j][s] = d->bx[j][0], d->by[j][s] = d->by[j][0];
        d->naf[s] = d->naf[0], d->nbf[s] = d->nbf[0], d->ra[s] = d->ra[0], d->rb[s] = d->rb[0];
        d->wc[s] = d->wc[0], d->ws[s] = d->ws[0], d->wpx[s] = d->wpx[0], d->wpy[s] = d->wpy[0];
        d->pair[s] = -1;
        for (int f = 0; f < nstate; f++) p->state[f][s] = p->state[f][0];
        p->state[end_field][s] = dead_end;
    }
}

/// A's world frame for a point in A's frame: pose_apply (the rotation in float, the position added in
/// double and rounded once).
static inline void lblock_world_point(const lblock *bk, wf x, wf y, wf *wx, wf *wy) {
    const wf c = wf_load(bk->wc), s = wf_load(bk->ws);
    const wf rx = wf_sub(wf_mul(c, x), wf_mul(s, y)), ry = wf_add(wf_mul(s, x), wf_mul(c, y));
    *wx = wd_to(wd_add(wd_from(rx), wd_load(bk->wpx)));
    *wy = wd_to(wd_add(wd_from(ry), wd_load(bk->wpy)));
}

/// The lowest index of the largest dot(d, v_j) over columns [from, to): its value, point and index.
static inline __attribute__((always_inline)) void lane_support_run(const float (*cx)[W], const float (*cy)[W], int from,
                                                                   int to, wf dx, wf dy, wf *best, wf *px, wf *py,
                                                                   wf *idx) {
    wf x = wf_load(cx[from]), y = wf_load(cy[from]);
    wf b = wf_dot(x, y, dx, dy), bi = wf_set1((float)from);
    for (int j = from + 1; j < to; j++) {
        const wf xj = wf_load(cx[j]), yj = wf_load(cy[j]);
        const wf v = wf_dot(xj, yj, dx, dy);
        const wm m = wf_gt(v, b);
        b = wf_sel(m, v, b);
        x = wf_sel(m, xj, x);
        y = wf_sel(m, yj, y);
        if (idx) bi = wf_sel(m, wf_set1((float)j), bi);
    }
    *best = b, *px = x, *py = y;
    if (idx) *idx = bi;
}

/// The lowest index of the largest dot(d, v_j) over padded columns (ref_support's strict '>'), its point
/// and, when idx is not NULL, that index. Two halves are searched as independent chains (the compare and
/// select of each column waits for the previous one) and merged with the same strict '>': a tie keeps
/// the first half, whose indices are lower.
static inline __attribute__((always_inline)) void lane_support(const float (*cx)[W], const float (*cy)[W], int bound,
                                                               wf dx, wf dy, wf *px, wf *py, wf *idx) {
    wf best, x, y, bi;
    const int half = bound / 2;
    if (half < 2) {
        lane_support_run(cx, cy, 0, bound, dx, dy, &best, px, py, idx);
        return;
    }
    wf best2, x2, y2, bi2;
    lane_support_run(cx, cy, 0, half, dx, dy, &best, &x, &y, idx ? &bi : NULL);
    lane_support_run(cx, cy, half, bound, dx, dy, &best2, &x2, &y2, idx ? &bi2 : NULL);
    const wm m = wf_gt(best2, best);
    *px = wf_sel(m, x2, x);
    *py = wf_sel(m, y2, y);
    if (idx) *idx = wf_sel(m, bi2, bi);
}
