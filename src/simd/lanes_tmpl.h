// Lockstep blocks (included by kernel_tmpl.c, once per ISA): W pairs loaded together, one per lane, with
// every step vectorised: a transpose makes each shape's vertices lane-major, a select pads every lane to
// the block's vertex bound by repeating its last vertex (a repeated vertex never wins a strict '>'
// support comparison, never changes a projection's extreme, and only adds zero-length edges), and B is
// moved into A's frame once, a whole column at a time, with pose_apply's operations.
//
// Why lockstep rather than refilling lanes one at a time: a refill pays per pair for scalar loads, a
// scalar copy of every vertex and scalar stores of every output, which cost as much as the GJK steps
// themselves. A block of consecutive pairs loads with vector transposes and stores its outputs with
// vector stores; the price is that a block runs as long as its slowest lane, so the kernels bound the
// steps and restart the rare slow pairs in blocks of their own (see distance_tmpl.h).

/// Pairs whose shapes both fit one transposed row of 8 vertices take the fast load.
#define LANE_ROW 8

typedef struct lblock {
    _Alignas(64) float ax[NMAX][W]; ///< A's vertices (A's frame is the query frame), padded
    _Alignas(64) float ay[NMAX][W];
    _Alignas(64) float bx[NMAX][W]; ///< B's vertices moved into A's frame (ref_pair_load), padded
    _Alignas(64) float by[NMAX][W];
    _Alignas(64) float naf[W], nbf[W]; ///< vertex counts
    _Alignas(64) float ra[W], rb[W];
    _Alignas(64) float wc[W], ws[W], wpx[W], wpy[W]; ///< A's world pose, for the results
    int na_bound, nb_bound; ///< largest counts in the block: the vertex loops run to these
    unsigned live;          ///< lanes holding a pair of this pass
    unsigned slow;          ///< lanes whose pair only the reference answers (too large or invalid)
    int64_t pair[W];        ///< pair index of each lane (meaningful for live and slow lanes)
} lblock;

/// Which pairs a pass takes: the boolean query runs its cores pass first, then the rounded pairs through
/// the distance lanes, as the reference answers them with its distance query.
enum lane_mode { TAKE_ALL, TAKE_CORES, TAKE_ROUNDED };

/// Copy n vertices and repeat the last up to NMAX (rows of shapes the fast load cannot take).
static void lane_row_copy(float *dst, const float *src, int32_t n)
{
    for (int32_t i = 0; i < NMAX; i++) dst[i] = src[i < n ? i : n - 1];
}

/// Columns j < bound: every lane's entries past its own count take the lane's last vertex.
static inline void lane_pad(float (*cx)[W], float (*cy)[W], int bound, wf n)
{
    wf x = wf_load(cx[0]), y = wf_load(cy[0]), jf = wf_zero();
    const wf one = wf_set1(1.0f);
    for (int j = 1; j < bound; j++) {
        jf = wf_add(jf, one);
        const wm in = wf_gt(n, jf);
        x = wf_sel(in, wf_load(cx[j]), x);
        y = wf_sel(in, wf_load(cy[j]), y);
        wf_store(cx[j], x);
        wf_store(cy[j], y);
    }
}

/// Lane-major columns from per-lane rows: a vector transpose when every row holds 8 readable vertices.
static inline void lane_columns(float (*cx)[W], float (*cy)[W], const float *const rx[W], const float *const ry[W],
                                int bound)
{
    if (bound <= LANE_ROW) {
        wf_transpose8(rx, cx);
        wf_transpose8(ry, cy);
        return;
    }
    for (int j = 0; j < bound; j++)
        for (int l = 0; l < W; l++) cx[j][l] = rx[l][j], cy[j][l] = ry[l][j];
}

/// Whether both shapes of a pair may take the fast path: counts in 1..NMAX and valid shapes (the
/// pool's pre-computed problems when it has them, else the reference's validation).
static inline int lane_fast(const gjk2d_pool *pool, int32_t ia, int32_t ib, int32_t na, int32_t nb)
{
    return na >= 1 && nb >= 1 && na <= NMAX && nb <= NMAX &&
           (pool->problems ? pool->problems[ia] == GJK2D_PROBLEM_NONE && pool->problems[ib] == GJK2D_PROBLEM_NONE
                           : gjk2d__pair_valid(pool, ia, ib));
}

#if GJK2D_SIMD_LEVEL == 2
/// The per-lane fields of W consecutive pairs k0 .. k0 + W - 1 of a pre-validated pool, by gathers: their
/// shape indices, counts and first vertices, the block's largest counts and whether a row of 8 vertices
/// would read past the pool. Returns 0, leaving the general pass to do it, unless every pair takes the
/// fast path.
static inline int lane_fields_range(const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t k0, int32_t *sa,
                                    int32_t *sb, int32_t *na, int32_t *nb, int32_t *fa, int32_t *fb, int *na_bound,
                                    int *nb_bound, int *spill)
{
    const simde__m256i ia = simde_mm256_loadu_si256((const simde__m256i *)(pairs->a + k0));
    const simde__m256i ib = simde_mm256_loadu_si256((const simde__m256i *)(pairs->b + k0));
    const simde__m256i n_a = simde_mm256_i32gather_epi32(pool->count, ia, 4);
    const simde__m256i n_b = simde_mm256_i32gather_epi32(pool->count, ib, 4);
    const simde__m256i one = simde_mm256_set1_epi32(1), nmax = simde_mm256_set1_epi32(NMAX);
    const simde__m256i bad = simde_mm256_or_si256(
        simde_mm256_or_si256(simde_mm256_cmpgt_epi32(one, n_a), simde_mm256_cmpgt_epi32(n_a, nmax)),
        simde_mm256_or_si256(simde_mm256_cmpgt_epi32(one, n_b), simde_mm256_cmpgt_epi32(n_b, nmax)));
    if (simde_mm256_movemask_epi8(bad)) return 0;
    simde_mm256_storeu_si256((simde__m256i *)sa, ia);
    simde_mm256_storeu_si256((simde__m256i *)sb, ib);
    unsigned problem = 0;
    for (int l = 0; l < W; l++) problem |= pool->problems[sa[l]] | pool->problems[sb[l]];
    if (problem != GJK2D_PROBLEM_NONE) return 0;
    const simde__m256i f_a = simde_mm256_i32gather_epi32(pool->first, ia, 4);
    const simde__m256i f_b = simde_mm256_i32gather_epi32(pool->first, ib, 4);
    // A row of 8 from `first` stays inside the pool iff first <= vertex_count - 8 (in 64 bits, then clamped).
    const int64_t room = pool->vertex_count - LANE_ROW;
    const simde__m256i last = simde_mm256_set1_epi32(room > INT32_MAX ? INT32_MAX : (int32_t)room);
    *spill = simde_mm256_movemask_epi8(
                 simde_mm256_or_si256(simde_mm256_cmpgt_epi32(f_a, last), simde_mm256_cmpgt_epi32(f_b, last))) != 0;
    simde_mm256_storeu_si256((simde__m256i *)na, n_a);
    simde_mm256_storeu_si256((simde__m256i *)nb, n_b);
    simde_mm256_storeu_si256((simde__m256i *)fa, f_a);
    simde_mm256_storeu_si256((simde__m256i *)fb, f_b);
    int ba = 1, bb = 1;
    for (int l = 0; l < W; l++) {
        ba = na[l] > ba ? na[l] : ba;
        bb = nb[l] > bb ? nb[l] : bb;
    }
    *na_bound = ba, *nb_bound = bb;
    return 1;
}
#endif

/// Load pairs ks[0 .. lanes) into a block. Lanes past `lanes`, pairs another pass takes and pairs the
/// fast path cannot take (marked in bk->slow) are dead lanes: they repeat the first live lane's pair, so
/// every lane holds valid geometry, and are never written. Returns 0 when no lane is live.
static int lblock_load(lblock *bk, const gjk2d_pool *pool, const gjk2d_pairs *pairs, const int64_t *ks, int lanes,
                       int mode)
{
    _Alignas(64) float tmp[W][4][NMAX];
    const float *rax[W], *ray[W], *rbx[W], *rby[W];
    int32_t sa[W], sb[W], fa[W], fb[W], na[W], nb[W];
    int na_bound = 1, nb_bound = 1, spill = 0, first_live = -1, done = 0;
    bk->live = bk->slow = 0;
#if GJK2D_SIMD_LEVEL == 2
    // Strictly increasing indices (ranges, stragglers) W - 1 apart are consecutive.
    if (lanes == W && ks[W - 1] == ks[0] + W - 1 && mode == TAKE_ALL && pool->problems &&
        lane_fields_range(pool, pairs, ks[0], sa, sb, na, nb, fa, fb, &na_bound, &nb_bound, &spill)) {
        bk->live = W_ALL;
        first_live = 0;
        for (int l = 0; l < W; l++) bk->pair[l] = ks[l];
        done = 1;
    }
#endif
    for (int l = 0; l < lanes && !done; l++) {
        const int64_t k = ks[l];
        const int32_t ia = pairs->a[k], ib = pairs->b[k];
        bk->pair[l] = k;
        if (mode != TAKE_ALL) {
            const int rounded = pool->radius && (pool->radius[ia] > 0.0f || pool->radius[ib] > 0.0f);
            if (rounded != (mode == TAKE_ROUNDED)) continue;
        }
        const int32_t n_a = pool->count[ia], n_b = pool->count[ib];
        if (!lane_fast(pool, ia, ib, n_a, n_b)) {
            bk->slow |= 1u << l;
            continue;
        }
        bk->live |= 1u << l;
        first_live = first_live < 0 ? l : first_live;
        sa[l] = ia, sb[l] = ib, na[l] = n_a, nb[l] = n_b;
        fa[l] = pool->first[ia], fb[l] = pool->first[ib];
        na_bound = n_a > na_bound ? n_a : na_bound;
        nb_bound = n_b > nb_bound ? n_b : nb_bound;
        spill |= fa[l] + LANE_ROW > pool->vertex_count || fb[l] + LANE_ROW > pool->vertex_count;
    }
    if (first_live < 0) return 0;
    for (int l = 0; l < W; l++) {
        if (l >= lanes) bk->pair[l] = -1;
        if ((bk->live >> l) & 1) continue;
        const int c = first_live;
        sa[l] = sa[c], sb[l] = sb[c], na[l] = na[c], nb[l] = nb[c], fa[l] = fa[c], fb[l] = fb[c];
    }
    // Rows: straight from the pool when 8 vertices can be read there and the block needs no more.
    spill |= na_bound > LANE_ROW || nb_bound > LANE_ROW;
    for (int l = 0; l < W; l++) {
        if (spill) {
            lane_row_copy(tmp[l][0], pool->vx + fa[l], na[l]);
            lane_row_copy(tmp[l][1], pool->vy + fa[l], na[l]);
            lane_row_copy(tmp[l][2], pool->vx + fb[l], nb[l]);
            lane_row_copy(tmp[l][3], pool->vy + fb[l], nb[l]);
            rax[l] = tmp[l][0], ray[l] = tmp[l][1], rbx[l] = tmp[l][2], rby[l] = tmp[l][3];
        } else {
            rax[l] = pool->vx + fa[l], ray[l] = pool->vy + fa[l];
            rbx[l] = pool->vx + fb[l], rby[l] = pool->vy + fb[l];
        }
    }
    // A block whose shapes fit one row is padded to the full row: its support loops then have a constant
    // length (unrolled), which costs less than skipping the few padded columns.
    na_bound = na_bound <= LANE_ROW ? LANE_ROW : na_bound;
    nb_bound = nb_bound <= LANE_ROW ? LANE_ROW : nb_bound;
    bk->na_bound = na_bound;
    bk->nb_bound = nb_bound;
    const wf naf = wf_load_i32(na), nbf = wf_load_i32(nb);
    wf_store(bk->naf, naf);
    wf_store(bk->nbf, nbf);
    lane_columns(bk->ax, bk->ay, rax, ray, na_bound);
    lane_columns(bk->bx, bk->by, rbx, rby, nb_bound);
    lane_pad(bk->ax, bk->ay, na_bound, naf);
    lane_pad(bk->bx, bk->by, nb_bound, nbf);

    // Per-shape fields, gathered by shape index.
    const wf ac = wf_gather_at(pool->c, sa), as = wf_gather_at(pool->s, sa);
    const wf apx = wf_gather_at(pool->px, sa), apy = wf_gather_at(pool->py, sa);
    const wf c = wf_gather_at(pool->c, sb), s = wf_gather_at(pool->s, sb);
    const wf bpx = wf_gather_at(pool->px, sb), bpy = wf_gather_at(pool->py, sb);
    wf_store(bk->wc, ac);
    wf_store(bk->ws, as);
    wf_store(bk->wpx, apx);
    wf_store(bk->wpy, apy);
    wf_store(bk->ra, pool->radius ? wf_gather_at(pool->radius, sa) : wf_zero());
    wf_store(bk->rb, pool->radius ? wf_gather_at(pool->radius, sb) : wf_zero());

    // ref_relative_pose and ref_pair_load: B's pose in A's frame and B's vertices moved with it, in double,
    // each coordinate rounded to float once.
    const wd dac = wd_from(ac), das = wd_from(as), dbc = wd_from(c), dbs = wd_from(s);
    const wd dx = wd_sub(wd_from(bpx), wd_from(apx)), dy = wd_sub(wd_from(bpy), wd_from(apy));
    const wd rc = wd_add(wd_mul(dac, dbc), wd_mul(das, dbs)), rs = wd_sub(wd_mul(dac, dbs), wd_mul(das, dbc));
    const wd tx = wd_add(wd_mul(dac, dx), wd_mul(das, dy)), ty = wd_sub(wd_mul(dac, dy), wd_mul(das, dx));
    for (int j = 0; j < nb_bound; j++) {
        const wd x = wd_from(wf_load(bk->bx[j])), y = wd_from(wf_load(bk->by[j]));
        wf_store(bk->bx[j], wd_to(wd_add(wd_sub(wd_mul(rc, x), wd_mul(rs, y)), tx)));
        wf_store(bk->by[j], wd_to(wd_add(wd_add(wd_mul(rs, x), wd_mul(rc, y)), ty)));
    }
    return 1;
}

/// Pairs k0 .. k0 + lanes - 1.
static inline int lblock_load_range(lblock *bk, const gjk2d_pool *pool, const gjk2d_pairs *pairs, int64_t k0,
                                    int lanes, int mode)
{
    int64_t ks[W];
    for (int l = 0; l < W; l++) ks[l] = k0 + l;
    return lblock_load(bk, pool, pairs, ks, lanes, mode);
}

/// The lowest index of the largest dot(d, v_j) over columns [from, to): its value, point and index.
static inline __attribute__((always_inline)) void lane_support_run(const float (*cx)[W], const float (*cy)[W], int from,
                                                                   int to, wf dx, wf dy, wf *best, wf *px, wf *py,
                                                                   wf *idx)
{
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
                                                               wf dx, wf dy, wf *px, wf *py, wf *idx)
{
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
