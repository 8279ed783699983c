// SPDX-License-Identifier: MIT
// GJK distance in lockstep lanes (included by kernel_tmpl.c, once per ISA): src/ref/gjk.c's gjk_core and
// ref_distance, operation for operation, with every per-lane decision a mask and a select.
//
// A block of W consecutive pairs runs at most LOCKSTEP_ITERATIONS support searches; a lane still running
// then is a straggler: its geometry and state move into a block of stragglers (lpending, lanes_tmpl.h),
// which runs on from where each lane stopped once W of them wait, to the end. Lower caps leave more
// stragglers to move, higher ones waste lane-steps in blocks waiting for a few lanes; the cap is chosen
// by measurement for each lane width (docs/design.md, "Stragglers").
//
// The state keeps, per simplex vertex, w = b - a and a key ia * NMAX + ib of its two vertex indices
// (exact in float): keys are what the repeated-support test compares, and at the end they fetch the
// support points for the closest points. Barycentric weights are not carried through the steps: the
// final simplex alone determines them (an edge that survives a triangle solve has the same two segment
// coordinates, bit for bit, as the segment solve of those two vertices), so they are computed once, at
// the end.

/// 5 retires the fewest instructions per pair on 8 lanes and was the fastest on 4 and 8 (4 and 6: 0.95-0.99x);
/// 16 lanes wait for the slowest of more pairs, and 6 ran 1.01-1.10x faster than 5 there (W1, W2, W5).
#define LOCKSTEP_ITERATIONS (W >= 16 ? 6 : 5)
/// The smallest iteration cap, of two one-vertex shapes.
#define GJK_MIN_CAP GJK2D_ITERATION_CAP(1, 1)

// Lane counters exist for the benchmark's builds only (-Dsimd_stats=true).
#ifdef GJK2D_SIMD_STATS
#define STATS_ON() gjk2d__simd_stats_on()
#else
#define STATS_ON() 0
#endif

enum { END_EMPTY = 100 }; // a dead lane: never computed, never written

typedef struct gjk_lanes {
    wf w0x, w0y, w1x, w1y, w2x, w2y; ///< the simplex after the last solve, in the reference's order
    wf k0, k1, k2;                   ///< its vertices' keys
    wf s0, s1, s2;                   ///< keys of the simplex before that solve culled it (-1: none)
    wf cnt, dx, dy, iter, cap;
    wf end;        ///< 0 while running, else gjk2d_end (or END_EMPTY)
    wf bcore, bsd; ///< end GJK2D_END_CUTOFF: the lower bound that passed the cutoff, and it less both radii
} gjk_lanes;

/// A block's distance cutoff (cached_tmpl.h; the plain kernels pass NULL): per lane, the limit on the
/// cores (max_distance + (ra + rb), in double as ref_distance_cached forms it) and the radii (ra + rb).
typedef struct gjk_cutoff {
    wd limit, radii;
} gjk_cutoff;

/// gjk_core's first loop turn up to its first support search: the simplex {b_0 - a_0}, solved as one
/// vertex, direction -w0, case 3a if that is zero.
static inline void gjk_lanes_start(gjk_lanes *s, const lblock *bk) {
    const wf zero = wf_zero(), none = wf_set1(-1.0f);
    s->w0x = wf_sub(wf_load(bk->bx[0]), wf_load(bk->ax[0]));
    s->w0y = wf_sub(wf_load(bk->by[0]), wf_load(bk->ay[0]));
    s->w1x = s->w1y = s->w2x = s->w2y = zero;
    s->k0 = s->k1 = s->k2 = zero;
    s->s0 = zero;
    s->s1 = s->s2 = none;
    s->cnt = wf_set1(1.0f);
    s->dx = wf_neg(s->w0x);
    s->dy = wf_neg(s->w0y);
    s->iter = zero;
    s->cap = wf_add(wf_add(wf_load(bk->naf), wf_load(bk->nbf)), wf_set1(16.0f));
    s->bcore = s->bsd = zero;
    const wm vert_ov = wm_and(wf_eq(s->dx, zero), wf_eq(s->dy, zero));
    s->end = wf_sel(vert_ov, wf_set1((float)GJK2D_END_VERTEX_OVERLAP), zero);
}

/// The Voronoi regions of the triangle (a, b, c) for lanes `tri` (gjk2d_closest_on_triangle): vertices,
/// then edges, then the interior, in the reference's order, from the edges' coordinates (uAB, vAB, ...),
/// the sub-areas (uABC, vABC, wABC) and the area. `negated` (a constant): the v's and the area come
/// negated (each v = dot(q - a, e) as dot(a - q, e), the area as cross(b - a, a - c)), which flips their
/// sign tests and costs nothing: negating an operand negates a product and a sum exactly, and a zero of
/// either sign compares alike.
static inline __attribute__((always_inline)) void lane_triangle_regions(int negated, wm tri, wf uAB, wf vAB, wf uBC,
                                                                        wf vBC, wf uCA, wf vCA, wf uABC, wf vABC,
                                                                        wf wABC, wf area, wm r[7]) {
    const wf zero = wf_zero();
    // v <= 0 and v > 0, area * x <= 0, as the reference tests them, on the operands as given.
#define V_LE0(v) (negated ? wf_ge(v, zero) : wf_le(v, zero))
#define V_GT0(v) (negated ? wf_lt(v, zero) : wf_gt(v, zero))
#define AREA_LE0(p) (negated ? wf_ge(p, zero) : wf_le(p, zero))
    const wm rA = wm_and(tri, wm_and(V_LE0(vAB), wf_le(uCA, zero)));
    const wm rB = wm_andnot(wm_and(tri, wm_and(wf_le(uAB, zero), V_LE0(vBC))), rA);
    const wm rC = wm_andnot(wm_andnot(wm_and(tri, wm_and(wf_le(uBC, zero), V_LE0(vCA))), rA), rB);
    wm left = wm_andnot(tri, wm_or(wm_or(rA, rB), rC));
    const wm rAB = wm_and(left, wm_and(wm_and(wf_gt(uAB, zero), V_GT0(vAB)), AREA_LE0(wf_mul(wABC, area))));
    left = wm_andnot(left, rAB);
    const wm rBC = wm_and(left, wm_and(wm_and(wf_gt(uBC, zero), V_GT0(vBC)), AREA_LE0(wf_mul(uABC, area))));
    left = wm_andnot(left, rBC);
    const wm rCA = wm_and(left, wm_and(wm_and(wf_gt(uCA, zero), V_GT0(vCA)), AREA_LE0(wf_mul(vABC, area))));
#undef V_LE0
#undef V_GT0
#undef AREA_LE0
    r[0] = rA, r[1] = rB, r[2] = rC, r[3] = rAB, r[4] = rBC, r[5] = rCA, r[6] = wm_andnot(left, rCA);
}

/// The top of gjk_core's loop turn for the lanes in `run`: solve_simplex on the simplex (w, k, cnt) of
/// each, a segment in `seg`, a triangle in `tri` (none unless `may_tri`), one vertex in the others; then
/// case 2, the search direction and the ends (cases 3b/4 and 3a, the cap, tested only when `check_cap`:
/// whether a lane may reach its iteration cap here). Returns the lanes still running.
static inline __attribute__((always_inline)) wm gjk_lanes_settle(gjk_lanes *s, wm run, wm seg, wm tri, int may_tri,
                                                                 int check_cap) {
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f);
    wf w0x = s->w0x, w0y = s->w0y, w1x = s->w1x, w1y = s->w1y, w2x = s->w2x, w2y = s->w2y;
    wf k0 = s->k0, k1 = s->k1, k2 = s->k2, cnt = s->cnt, dx = s->dx, dy = s->dy, end = s->end;

    // --- solve_simplex: segment (gjk2d_closest_on_segment with q = 0): only its regions are needed ---
    // Only the signs of the coordinates are needed here, so each v = dot(q - a, e) is tested as -v =
    // dot(a, e): negating an operand negates a product and a sum exactly (round to nearest is symmetric),
    // and a zero of either sign compares alike; this saves the negations. The finish computes the
    // weights from the reference's own expressions.
    wf ex = wf_sub(w1x, w0x), ey = wf_sub(w1y, w0y);
    const wf su = wf_dot(w1x, w1y, ex, ey);  // dot(b - q, e)
    const wf nsv = wf_dot(w0x, w0y, ex, ey); // -dot(q - a, e)
    const wm segB = wm_and(seg, wf_le(su, zero));
    const wm segA = wm_andnot(wm_and(seg, wf_ge(nsv, zero)), segB);

    // --- solve_simplex: triangle (gjk2d_closest_on_triangle with q = 0), a = w0, b = w1, c = w2 ---
    wm rA = wm_none(), rB = wm_none(), rC = wm_none(), rAB = wm_none(), rBC = wm_none(), rCA = wm_none(),
       rABC = wm_none();
    if (may_tri) {
        const wf bax = wf_sub(w1x, w0x), bay = wf_sub(w1y, w0y);
        const wf cbx = wf_sub(w2x, w1x), cby = wf_sub(w2y, w1y);
        const wf acx = wf_sub(w0x, w2x), acy = wf_sub(w0y, w2y);
        // As for the segment: nv = -v, and narea = cross(b - a, a - c) = -area (c - a = -(a - c) exactly),
        // so a product's sign test against area is the opposite test against narea.
        const wf uAB = wf_dot(w1x, w1y, bax, bay);
        const wf nvAB = wf_dot(w0x, w0y, bax, bay);
        const wf uBC = wf_dot(w2x, w2y, cbx, cby);
        const wf nvBC = wf_dot(w1x, w1y, cbx, cby);
        const wf uCA = wf_dot(w0x, w0y, acx, acy);
        const wf nvCA = wf_dot(w2x, w2y, acx, acy);
        const wf narea = wf_cross(bax, bay, acx, acy);
        const wf uABC = wf_cross(w1x, w1y, w2x, w2y);
        const wf vABC = wf_cross(w2x, w2y, w0x, w0y);
        const wf wABC = wf_cross(w0x, w0y, w1x, w1y);
        wm r[7];
        lane_triangle_regions(1, tri, uAB, nvAB, uBC, nvBC, uCA, nvCA, uABC, vABC, wABC, narea, r);
        rA = r[0], rB = r[1], rC = r[2], rAB = r[3], rBC = r[4], rCA = r[5], rABC = r[6];
    }
    // Culling keeps the survivors in order: v0 <- v1 (B, BC, segment B), v0 <- v2 (C), v1 <- v2 (BC, CA).
    const wm from1 = wm_or(wm_or(rB, rBC), segB);
    const wm v1from2 = wm_or(rBC, rCA);
    w0x = wf_sel(from1, w1x, wf_sel(rC, w2x, w0x));
    w0y = wf_sel(from1, w1y, wf_sel(rC, w2y, w0y));
    k0 = wf_sel(from1, k1, wf_sel(rC, k2, k0));
    w1x = wf_sel(v1from2, w2x, w1x);
    w1y = wf_sel(v1from2, w2y, w1y);
    k1 = wf_sel(v1from2, k2, k1);
    const wm to_one = wm_or(wm_or(segA, segB), wm_or(wm_or(rA, rB), rC));
    cnt = wf_sel(to_one, one, wf_sel(wm_or(wm_or(rAB, rBC), rCA), two, cnt));

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
    if (check_cap) {
        const wm capped = wm_and(run, wf_eq(s->iter, s->cap));
        end = wf_sel(capped, wf_set1((float)GJK2D_END_MAX_ITERATIONS), end);
        run = wm_andnot(run, capped);
    }

    s->w0x = w0x, s->w0y = w0y, s->w1x = w1x, s->w1y = w1y;
    s->k0 = k0, s->k1 = k1;
    s->cnt = cnt, s->dx = dx, s->dy = dy, s->end = end;
    return run;
}

/// The distance cutoff after a support search (a, b) along d, for the lanes in `run`: no point of Z lies
/// further along d than w = b - a, so the cores are at least -dot(w, d) / |d| apart (in double, as in
/// gjk_core). Lanes whose bound passes the limit end with GJK2D_END_CUTOFF and keep the bound.
static inline __attribute__((always_inline)) wm gjk_lanes_cutoff(gjk_lanes *s, const gjk_cutoff *cut, wm run, wf pax,
                                                                 wf pay, wf pbx, wf pby) {
    const wd wx = wd_sub(wd_from(pbx), wd_from(pax)), wy = wd_sub(wd_from(pby), wd_from(pay));
    const wd dx = wd_from(s->dx), dy = wd_from(s->dy), dzero = wd_set1(0.0);
    const wd len = wd_sqrt(wd_add(wd_mul(dx, dx), wd_mul(dy, dy)));
    const wd lower = wd_div(wd_sub(dzero, wd_add(wd_mul(wx, dx), wd_mul(wy, dy))), len);
    // The double comparison as a float mask (wide.h has no conversion between the two mask kinds).
    const wf past = wd_to(wd_sel(wd_gt(lower, cut->limit), wd_set1(1.0), dzero));
    const wm beyond = wm_and(run, wf_eq(past, wf_set1(1.0f)));
    s->end = wf_sel(beyond, wf_set1((float)GJK2D_END_CUTOFF), s->end);
    s->bcore = wf_sel(beyond, wd_to(lower), s->bcore);
    s->bsd = wf_sel(beyond, wd_to(wd_sub(lower, cut->radii)), s->bsd);
    return wm_andnot(run, beyond);
}

/// One GJK iteration of every running lane: the support search, the cutoff (`cut`, NULL: none), case 1,
/// the append, then the next solve, direction and termination tests (in the reference, the top of its
/// next loop turn: gjk_lanes_settle). Returns the lanes still running. `first`: the block's first
/// iteration from a cold start (a constant), where every running lane holds one vertex: the append
/// makes a segment, no lane has a triangle to solve, and the simplex before the solve is that one vertex.
/// `check_cap`: whether a lane may reach its iteration cap in these steps.
static inline __attribute__((always_inline)) unsigned gjk_lanes_step(gjk_lanes *s, const lblock *bk, int bound_a,
                                                                     int bound_b, int first, int check_cap,
                                                                     const gjk_cutoff *cut) {
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f), three = wf_set1(3.0f);
    wf cnt = s->cnt;
    wm run = wf_eq(s->end, zero);

    // Support of Z = B - A along d.
    wf pax, pay, pbx, pby, ia, ib;
    lane_support(bk->ax, bk->ay, bound_a, wf_neg(s->dx), wf_neg(s->dy), &pax, &pay, &ia);
    lane_support(bk->bx, bk->by, bound_b, s->dx, s->dy, &pbx, &pby, &ib);
    const wf key = wf_add(wf_mul(ia, wf_set1((float)NMAX)), ib);
    s->iter = wf_sel(run, wf_add(s->iter, one), s->iter);
    if (cut) run = gjk_lanes_cutoff(s, cut, run, pax, pay, pbx, pby);

    // Case 1: the support point is a vertex of the simplex before the last solve culled it.
    const wm rep = first ? wm_and(run, wf_eq(key, s->s0))
                         : wm_and(run, wm_or(wm_or(wf_eq(key, s->s0), wf_eq(key, s->s1)), wf_eq(key, s->s2)));
    s->end = wf_sel(rep, wf_set1((float)GJK2D_END_REPEATED_SUPPORT), s->end);
    run = wm_andnot(run, rep);
    // Every lane has ended (a warm block's usual first step: the cached simplex's support repeats).
    if (!first && !wm_any(run)) return 0;

    // Append the new vertex after the survivors.
    {
        const wf nwx = wf_sub(pbx, pax), nwy = wf_sub(pby, pay);
        const wm put1 = first ? run : wm_and(run, wf_eq(cnt, one)),
                 put2 = first ? wm_none() : wm_and(run, wf_eq(cnt, two));
        s->w1x = wf_sel(put1, nwx, s->w1x);
        s->w1y = wf_sel(put1, nwy, s->w1y);
        s->k1 = wf_sel(put1, key, s->k1);
        s->w2x = wf_sel(put2, nwx, s->w2x);
        s->w2y = wf_sel(put2, nwy, s->w2y);
        s->k2 = wf_sel(put2, key, s->k2);
        cnt = wf_sel(run, wf_add(cnt, one), cnt);
        s->cnt = cnt;
    }
    const wm seg = first ? run : wm_and(run, wf_eq(cnt, two)), tri = first ? wm_none() : wm_and(run, wf_eq(cnt, three));
    // The simplex before this solve, for the next case-1 test.
    s->s0 = wf_sel(run, s->k0, s->s0);
    s->s1 = wf_sel(run, s->k1, s->s1);
    s->s2 = wf_sel(tri, s->k2, wf_sel(run, wf_set1(-1.0f), s->s2));
    // Lanes that did not append keep their simplex: every select in the solve is inside `run`.
    return wm_bits(gjk_lanes_settle(s, run, seg, tri, !first, check_cap));
}

/// Results of a block, per lane (world frame).
typedef struct gjk_result {
    _Alignas(64) float dist[W], sdist[W], core[W], ax[W], ay[W], bx[W], by[W], nx[W], ny[W], iter[W], end[W];
    _Alignas(64) float fa[W], fb[W]; ///< witness features (small integers, exact in float)
} gjk_result;

/// Support points of a simplex vertex from its key: A's column ia, B's column ib of the lane. Blocks of
/// one row (the usual ones) pick over a constant count of columns, which unrolls.
static inline void key_points(const lblock *bk, wf key, wf *ax, wf *ay, wf *bx, wf *by) {
    const wf ia = wf_floor(wf_mul(key, wf_set1(1.0f / (float)NMAX)));
    const wf ib = wf_sub(key, wf_mul(ia, wf_set1((float)NMAX)));
    if (bk->na_bound == LANE_ROW && bk->nb_bound == LANE_ROW) {
        wf_pick_columns(bk->ax, bk->ay, LANE_ROW, ia, ax, ay);
        wf_pick_columns(bk->bx, bk->by, LANE_ROW, ib, bx, by);
        return;
    }
    wf_pick_columns(bk->ax, bk->ay, bk->na_bound, ia, ax, ay);
    wf_pick_columns(bk->bx, bk->by, bk->nb_bound, ib, bx, by);
}

/// segment_distance2: squared distance from (wx, wy) to the segment from a to b.
static inline wf lane_segment_distance2(wf ax, wf ay, wf bx, wf by, wf wx, wf wy) {
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    const wf ex = wf_sub(bx, ax), ey = wf_sub(by, ay), qx = wf_sub(wx, ax), qy = wf_sub(wy, ay);
    const wf den = wf_dot(ex, ey, ex, ey);
    wf t = wf_sel(wf_gt(den, zero), wf_div(wf_dot(qx, qy, ex, ey), den), zero);
    t = wf_sel(wf_lt(t, zero), zero, t);
    t = wf_sel(wf_gt(t, one), one, t);
    const wf rx = wf_sub(qx, wf_mul(t, ex)), ry = wf_sub(qy, wf_mul(t, ey));
    return wf_dot(rx, ry, rx, ry);
}

/// witness_feature for every lane: vertex columns (cx, cy) up to `bound`, counts n, the simplex's indices
/// on this shape (i0, i1), e = v[i1] - v[i0], the witness point w and the outward direction (ox, oy).
static inline wf lane_feature(const float (*cx)[W], const float (*cy)[W], int bound, wf n, wm one_vertex, wm ov, wf i0,
                              wf i1, wf ex, wf ey, wf wx, wf wy, wf ox, wf oy) {
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f);
    const wm facing = wf_lt(wf_cross(ex, ey, ox, oy), zero);
    const wf start = wf_sel(facing, i0, i1), end = wf_sel(facing, i1, i0);
    wf run = wf_sub(end, start);
    run = wf_sel(wf_lt(run, zero), wf_add(run, n), run);
    const wm vertex = wm_or(one_vertex, wf_eq(i0, i1));
    wf edge = start;
    const wm longer = wm_andnot(wm_andnot(wf_gt(run, one), vertex), ov);
    if (wm_any(longer)) {
        wf best_d2 = wf_set1(INFINITY), best_off = n;
        const wf x0 = wf_load(cx[0]), y0 = wf_load(cy[0]);
        for (int j = 0; j < bound; j++) {
            const wf jf = wf_set1((float)j), jn = wf_add(jf, one);
            wf off = wf_sub(jf, start);
            off = wf_sel(wf_lt(off, zero), wf_add(off, n), off);
            const wm in_run = wm_and(wf_lt(jf, n), wf_lt(off, run));
            const wm wrap = wf_eq(jn, n);
            const wf nxx = j + 1 < bound ? wf_sel(wrap, x0, wf_load(cx[j + 1])) : x0;
            const wf nxy = j + 1 < bound ? wf_sel(wrap, y0, wf_load(cy[j + 1])) : y0;
            const wf d2 = lane_segment_distance2(wf_load(cx[j]), wf_load(cy[j]), nxx, nxy, wx, wy);
            const wm take = wm_and(in_run, wm_or(wf_lt(d2, best_d2), wm_and(wf_eq(d2, best_d2), wf_lt(off, best_off))));
            best_d2 = wf_sel(take, d2, best_d2);
            best_off = wf_sel(take, off, best_off);
            edge = wf_sel(wm_and(take, longer), jf, edge);
        }
    }
    const wf f = wf_sel(vertex, wf_mul(two, i0), wf_add(wf_mul(two, edge), one));
    return wf_sel(ov, wf_set1((float)GJK2D_FEATURE_NONE), f);
}

/// The weights of the point of the simplex (w0, w1, w2) closest to q: 1 for one vertex; the segment's
/// (u, v) / (u + v) where c2; the triangle's (uABC, vABC, wABC) / area where c3 (containment). Each
/// (numerator, denominator) is rescaled by weight_rescale's factor when 1 / den overflows, and a triangle
/// whose area underflowed to zero takes (1, 0, 0), as in the reference. q = 0 costs nothing extra: w - 0
/// is w exactly.
static inline void lane_simplex_weights(wf qx, wf qy, wf w0x, wf w0y, wf w1x, wf w1y, wf w2x, wf w2y, wm c2, wm c3,
                                        wf *wt0, wf *wt1, wf *wt2) {
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    const wf ex = wf_sub(w1x, w0x), ey = wf_sub(w1y, w0y);
    const wf su = wf_dot(wf_sub(w1x, qx), wf_sub(w1y, qy), ex, ey);
    const wf sv = wf_dot(wf_sub(qx, w0x), wf_sub(qy, w0y), ex, ey);
    const wf qax = wf_sub(w0x, qx), qay = wf_sub(w0y, qy), qbx = wf_sub(w1x, qx), qby = wf_sub(w1y, qy);
    const wf qcx = wf_sub(w2x, qx), qcy = wf_sub(w2y, qy);
    const wf area = wf_cross(ex, ey, wf_sub(w2x, w0x), wf_sub(w2y, w0y));
    const wf den = wf_sel(c3, area, wf_sel(c2, wf_add(su, sv), one));
    const wf big = wf_set1(FLT_MAX), rden = wf_div(one, den);
    const wf sc = wf_sel(wm_and(wf_le(rden, big), wf_ge(rden, wf_neg(big))), one, wf_set1(0x1p64f));
    const wf n0 = wf_mul(wf_sel(c3, wf_cross(qbx, qby, qcx, qcy), wf_sel(c2, su, one)), sc);
    const wf n1 = wf_mul(wf_sel(c3, wf_cross(qcx, qcy, qax, qay), sv), sc);
    const wf n2 = wf_mul(wf_cross(qax, qay, qbx, qby), sc);
    const wf dens = wf_sel(c3, wf_mul(area, sc), wf_sel(c2, wf_add(n0, n1), one));
    const wm flat = wm_and(c3, wf_eq(dens, zero));
    const wf inv = wf_div(one, dens);
    *wt0 = wf_sel(flat, one, wf_mul(n0, inv));
    *wt1 = wf_sel(flat, zero, wf_mul(n1, inv));
    *wt2 = wf_sel(flat, zero, wf_mul(n2, inv));
}

/// What a caller's outputs need of gjk_lanes_finish beyond the distances, normal and iterations.
enum { NEED_POINTS = 1, NEED_FEATURES = 2 };

/// The `need` of the distance query's outputs.
static inline unsigned distance_need(const gjk2d_distance_out *o) {
    return (o->ax || o->ay || o->bx || o->by ? NEED_POINTS : 0u) | (o->feature_a || o->feature_b ? NEED_FEATURES : 0u);
}

/// ref_closest_cores of every lane, in A's frame: what the distance query's finish and the manifold's
/// vertex contacts build on.
typedef struct lane_cores {
    wf pax, pay, pbx, pby; ///< the cores' closest points (pb = pa where they overlap); with NEED_POINTS only
    wf nx, ny;             ///< unit normal from A to B, zero where the cores overlap
    wf fa, fb;             ///< witness features (GJK2D_FEATURE_NONE where the cores overlap); with NEED_FEATURES only
    wd core;               ///< the final simplex's distance in double; ref_cores.core where the cores are apart
    wm ov;                 ///< the cores overlap (ref_cores.overlap)
} lane_cores;

/// The rounded shapes' distances from the cores' (ref_distance's and the manifold's vertex contact's), in
/// double rounded once: core - radii, and the signed distance, whose core is 0 where the cores overlap.
typedef struct lane_gaps {
    wf core_gap, signed_gap;
} lane_gaps;

static inline lane_gaps lane_cores_gaps(const lane_cores *g, wd radii) {
    const wf core_gap = wd_to(wd_sub(g->core, radii));
    const lane_gaps r = {core_gap, wf_sel(g->ov, wd_to(wd_sub(wd_from(wf_zero()), radii)), core_gap)};
    return r;
}

/// The end of gjk_core (weights of the final simplex, witness_points) and ref_closest_cores' normal,
/// overlap test and features for every lane, the branches turned into selects. The closest points and the
/// features are formed only where `need` asks for them.
static inline __attribute__((always_inline)) void gjk_lanes_cores(const gjk_lanes *st, const lblock *bk, unsigned need,
                                                                  lane_cores *g) {
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f), three = wf_set1(3.0f);
    wf ax0, ay0, bx0, by0, ax1, ay1, bx1, by1, ax2, ay2, bx2, by2;
    key_points(bk, st->k0, &ax0, &ay0, &bx0, &by0);
    key_points(bk, st->k1, &ax1, &ay1, &bx1, &by1);
    if (need) key_points(bk, st->k2, &ax2, &ay2, &bx2, &by2);
    const wf cnt = st->cnt, end = st->end;
    const wm c2 = wf_eq(cnt, two), c3 = wf_eq(cnt, three);
    const wf w0x = st->w0x, w0y = st->w0y, w1x = st->w1x, w1y = st->w1y, w2x = st->w2x, w2y = st->w2y;

    wf pax = zero, pay = zero, pbx = zero, pby = zero;
    if (need) {
        wf wt0, wt1, wt2;
        lane_simplex_weights(zero, zero, w0x, w0y, w1x, w1y, w2x, w2y, c2, c3, &wt0, &wt1, &wt2);

        // witness_points.
        const wf pax2 = wf_add(wf_mul(wt0, ax0), wf_mul(wt1, ax1)), pay2 = wf_add(wf_mul(wt0, ay0), wf_mul(wt1, ay1));
        const wf pbx2 = wf_add(wf_mul(wt0, bx0), wf_mul(wt1, bx1)), pby2 = wf_add(wf_mul(wt0, by0), wf_mul(wt1, by1));
        const wf pax3 = wf_add(pax2, wf_mul(wt2, ax2)), pay3 = wf_add(pay2, wf_mul(wt2, ay2));
        pax = wf_sel(c3, pax3, wf_sel(c2, pax2, ax0)), pay = wf_sel(c3, pay3, wf_sel(c2, pay2, ay0));
        pbx = wf_sel(c3, pax3, wf_sel(c2, pbx2, bx0)), pby = wf_sel(c3, pay3, wf_sel(c2, pby2, by0));
    }

    // ref_distance's tail. The cores overlap iff the last search direction has no length: it is zero
    // for the overlap ends (this state keeps the previous direction there, hence the end test), and
    // dot(d, d) may underflow.
    const wf dx = st->dx, dy = st->dy;
    // sqrt(x) > 0 exactly when x > 0 (a NaN fails both): the length's sign without the root.
    const wm ov = wm_or(wm_or(wm_or(wf_eq(end, wf_set1((float)GJK2D_END_CONTAINMENT)),
                                    wf_eq(end, wf_set1((float)GJK2D_END_VERTEX_OVERLAP))),
                              wf_eq(end, wf_set1((float)GJK2D_END_EDGE_OVERLAP))),
                        wm_not(wf_gt(wf_dot(dx, dy, dx, dy), zero)));
    pbx = wf_sel(ov, pax, pbx);
    pby = wf_sel(ov, pay, pby);
    // simplex_distance: the final simplex's distance to the origin in double, from its support points, the
    // segment's parameter clamped to [0, 1] (min/max only see finite values in the lanes that use them).
    const wd x0 = wd_sub(wd_from(bx0), wd_from(ax0)), y0 = wd_sub(wd_from(by0), wd_from(ay0));
    const wd x1 = wd_sub(wd_from(bx1), wd_from(ax1)), y1 = wd_sub(wd_from(by1), wd_from(ay1));
    const wd sex = wd_sub(x1, x0), sey = wd_sub(y1, y0);
    const wd dzero = wd_from(zero), done = wd_from(one);
    wd tseg =
        wd_div(wd_sub(dzero, wd_add(wd_mul(x0, sex), wd_mul(y0, sey))), wd_add(wd_mul(sex, sex), wd_mul(sey, sey)));
    tseg = wd_max(wd_min(tseg, done), dzero);
    const wd scx = wd_add(x0, wd_mul(tseg, sex)), scy = wd_add(y0, wd_mul(tseg, sey));
    // One root: the segment's squared distance where c2, the vertex's elsewhere (a root of the selected
    // operand is the selected root).
    const wdm seg2 = wd_eq(wd_from(cnt), wd_from(two));
    const wd dsel =
        wd_sqrt(wd_sel(seg2, wd_add(wd_mul(scx, scx), wd_mul(scy, scy)), wd_add(wd_mul(x0, x0), wd_mul(y0, y0))));
    // v2_rescaled: the normal of a direction whose squared length is below FLT_MIN is taken from d * 2^64.
    const wm tiny_d = wf_lt(wf_dot(dx, dy, dx, dy), wf_set1(FLT_MIN));
    const wf dnx = wf_sel(tiny_d, wf_mul(dx, wf_set1(0x1p64f)), dx),
             dny = wf_sel(tiny_d, wf_mul(dy, wf_set1(0x1p64f)), dy);
    const wf ninv = wf_div(wf_set1(-1.0f), wf_sqrt(wf_dot(dnx, dny, dnx, dny)));
    const wf nx = wf_sel(ov, zero, wf_mul(ninv, dnx)), ny = wf_sel(ov, zero, wf_mul(ninv, dny));
    if (need & NEED_FEATURES) {
        // witness_feature on each side: a vertex where the simplex's indices agree, else an edge of the run
        // whose outward normal points along n (A) or -n (B): its first edge, or for a run of more than one edge
        // (rare), its edge nearest the witness point.
        const wf inv_nmax = wf_set1(1.0f / (float)NMAX), nmax = wf_set1((float)NMAX);
        const wf ia0 = wf_floor(wf_mul(st->k0, inv_nmax)), ia1 = wf_floor(wf_mul(st->k1, inv_nmax));
        const wf ib0 = wf_sub(st->k0, wf_mul(ia0, nmax)), ib1 = wf_sub(st->k1, wf_mul(ia1, nmax));
        const wm one_vertex = wf_eq(cnt, one);
        const wf fa = lane_feature(bk->ax, bk->ay, bk->na_bound, wf_load(bk->naf), one_vertex, ov, ia0, ia1,
                                   wf_sub(ax1, ax0), wf_sub(ay1, ay0), pax, pay, nx, ny);
        const wf fb = lane_feature(bk->bx, bk->by, bk->nb_bound, wf_load(bk->nbf), one_vertex, ov, ib0, ib1,
                                   wf_sub(bx1, bx0), wf_sub(by1, by0), pbx, pby, wf_neg(nx), wf_neg(ny));
        g->fa = fa;
        g->fb = fb;
    }
    g->pax = pax, g->pay = pay, g->pbx = pbx, g->pby = pby;
    g->nx = nx, g->ny = ny;
    g->core = dsel;
    g->ov = ov;
}

/// The end of gjk_core and of ref_distance (core distance, normal, radii, world frame) for every lane. The
/// closest points and the features are formed only where `need` asks for them (their fields of `o` are left
/// alone otherwise).
static KERNEL_PHASE void gjk_lanes_finish(const gjk_lanes *st, const lblock *bk, unsigned need, gjk_result *o) {
    lane_cores g;
    gjk_lanes_cores(st, bk, need, &g);
    const wf zero = wf_zero();
    const wf pax = g.pax, pay = g.pay, pbx = g.pbx, pby = g.pby, nx = g.nx, ny = g.ny;
    const wm ov = g.ov;
    const wf ra = wf_load(bk->ra), rb = wf_load(bk->rb);
    const wd radii_d = wd_add(wd_from(ra), wd_from(rb));
    const wf core = wf_sel(ov, zero, wd_to(g.core));
    // The points move out to the rounded surfaces only where core - radii is positive.
    const lane_gaps gaps = lane_cores_gaps(&g, radii_d);
    const wf dist_d = gaps.core_gap, sdist = gaps.signed_gap;
    const wm apart = wm_andnot(wf_gt(dist_d, zero), ov);
    const wm rounded = wm_andnot(wm_not(apart), ov); // only the rounded parts overlap
    const wf lo0 = wf_sub(core, rb);
    const wf lo = wf_sel(wf_gt(lo0, zero), lo0, zero), hi = wf_sel(wf_lt(core, ra), core, ra);
    const wf t = wf_mul(wf_set1(0.5f), wf_add(lo, hi));
    const wf dist = wf_sel(apart, dist_d, zero);
    const wf sa = wf_sel(apart, ra, t);
    if (need & NEED_FEATURES) {
        wf_store(o->fa, g.fa);
        wf_store(o->fb, g.fb);
    }

    if (need & NEED_POINTS) {
        const wf qax = wf_sel(wm_or(apart, rounded), wf_add(pax, wf_mul(sa, nx)), pax);
        const wf qay = wf_sel(wm_or(apart, rounded), wf_add(pay, wf_mul(sa, ny)), pay);
        const wf qbx = wf_sel(apart, wf_sub(pbx, wf_mul(rb, nx)), wf_sel(rounded, qax, pbx));
        const wf qby = wf_sel(apart, wf_sub(pby, wf_mul(rb, ny)), wf_sel(rounded, qay, pby));
        // World frame: pose_apply with A's pose.
        wf wax, way, wbx, wby;
        lblock_world_point(bk, qax, qay, &wax, &way);
        lblock_world_point(bk, qbx, qby, &wbx, &wby);
        const wm same = wm_or(ov, wf_eq(dist, zero));
        wf_store(o->ax, wax);
        wf_store(o->ay, way);
        wf_store(o->bx, wf_sel(same, wax, wbx));
        wf_store(o->by, wf_sel(same, way, wby));
    }
    // pose_rotate with A's pose.
    const wf pc = wf_load(bk->wc), ps = wf_load(bk->ws);
    wf_store(o->dist, dist);
    wf_store(o->sdist, sdist);
    wf_store(o->core, core);
    wf_store(o->nx, wf_sub(wf_mul(pc, nx), wf_mul(ps, ny)));
    wf_store(o->ny, wf_add(wf_mul(ps, nx), wf_mul(pc, ny)));
    wf_store(o->iter, st->iter);
    wf_store(o->end, st->end);
}

static inline uint8_t end_status(float end) {
    return (uint8_t)((int)end == GJK2D_END_MAX_ITERATIONS ? GJK2D_STATUS_MAXITER
                     : (int)end == GJK2D_END_CUTOFF       ? GJK2D_STATUS_BEYOND
                                                          : GJK2D_STATUS_OK);
}

/// end_status in every lane.
static inline wf lane_status(wf end) {
    const wf maxiter = wf_set1((float)GJK2D_STATUS_MAXITER), beyond = wf_set1((float)GJK2D_STATUS_BEYOND);
    return wf_sel(wf_eq(end, wf_set1((float)GJK2D_END_MAX_ITERATIONS)), maxiter,
                  wf_sel(wf_eq(end, wf_set1((float)GJK2D_END_CUTOFF)), beyond, wf_set1((float)GJK2D_STATUS_OK)));
}

/// Where a distance pass writes: the distance query's outputs, or (rounded pairs of the boolean query,
/// which the reference answers with its distance query) the boolean outputs.
typedef struct gjk_sink {
    const gjk2d_distance_out *out;
    const gjk2d_overlap_out *oout;
} gjk_sink;

static void gjk_write_lane(const gjk_sink *sink, const gjk_result *r, int l, int64_t k) {
    if (sink->oout) {
        const gjk2d_overlap_out *o = sink->oout;
        if (o->overlap) o->overlap[k] = (uint8_t)(r->dist[l] == 0.0f);
        if (o->iterations) o->iterations[k] = (int32_t)r->iter[l];
        if (o->status) o->status[k] = end_status(r->end[l]);
        return;
    }
    const gjk2d_distance_out *o = sink->out;
    if (o->distance) o->distance[k] = r->dist[l];
    if (o->signed_distance) o->signed_distance[k] = r->sdist[l];
    if (o->core_distance) o->core_distance[k] = r->core[l];
    if (o->feature_a) o->feature_a[k] = (int32_t)r->fa[l];
    if (o->feature_b) o->feature_b[k] = (int32_t)r->fb[l];
    if (o->ax) o->ax[k] = r->ax[l];
    if (o->ay) o->ay[k] = r->ay[l];
    if (o->bx) o->bx[k] = r->bx[l];
    if (o->by) o->by[k] = r->by[l];
    if (o->nx) o->nx[k] = r->nx[l];
    if (o->ny) o->ny[k] = r->ny[l];
    if (o->iterations) o->iterations[k] = (int32_t)r->iter[l];
    if (o->status) o->status[k] = end_status(r->end[l]);
}

/// All W lanes of pairs k .. k + W - 1 at once (lanes to be answered later are overwritten then); `stream`:
/// with streaming stores where the arrays allow (wide.h, wf_out_store).
static KERNEL_PHASE void gjk_write_block(const gjk2d_distance_out *o, const gjk_result *r, int64_t k, int stream) {
    if (o->distance) wf_out_store(o->distance + k, wf_load(r->dist), stream);
    if (o->signed_distance) wf_out_store(o->signed_distance + k, wf_load(r->sdist), stream);
    if (o->core_distance) wf_out_store(o->core_distance + k, wf_load(r->core), stream);
    if (o->feature_a) wf_out_store_i32(o->feature_a + k, wf_load(r->fa), stream);
    if (o->feature_b) wf_out_store_i32(o->feature_b + k, wf_load(r->fb), stream);
    if (o->ax) wf_out_store(o->ax + k, wf_load(r->ax), stream);
    if (o->ay) wf_out_store(o->ay + k, wf_load(r->ay), stream);
    if (o->bx) wf_out_store(o->bx + k, wf_load(r->bx), stream);
    if (o->by) wf_out_store(o->by + k, wf_load(r->by), stream);
    if (o->nx) wf_out_store(o->nx + k, wf_load(r->nx), stream);
    if (o->ny) wf_out_store(o->ny + k, wf_load(r->ny), stream);
    if (o->iterations) wf_out_store_i32(o->iterations + k, wf_load(r->iter), stream);
    if (o->status) wf_store_u8(o->status + k, lane_status(wf_load(r->end)));
}

static void slow_distance_pair(const batch_in *in, int64_t k, const gjk_sink *sink) {
    if (sink->oout)
        gjk2d__scalar_table.overlap(in->shapes, in->poses, in->pairs, k, k + 1, sink->oout);
    else
        gjk2d__scalar_table.distance(in->shapes, in->poses, in->pairs, k, k + 1, sink->out);
}

/// The step loop, with the state in locals (kept in registers where they fit) and, for blocks whose shapes
/// all fit one row or LANE_SMALL columns, support loops of a constant length (unrolled). It stops after
/// `max_steps` steps, or once no more than `spill` lanes still run (0: when every lane has ended).
static inline __attribute__((always_inline)) int gjk_block_loop(gjk_lanes *st, const lblock *bk, int max_steps,
                                                                int fresh, int bound_a, int bound_b, int spill,
                                                                const gjk_cutoff *cut, unsigned *running) {
    gjk_lanes s = *st;
    int steps = 0;
    // A fresh block starts at iteration 0 and the smallest cap is GJK_MIN_CAP: a short run cannot reach it.
    const int check_cap = !fresh || max_steps >= GJK_MIN_CAP;
    if (fresh && *running && steps < max_steps) {
        *running = gjk_lanes_step(&s, bk, bound_a, bound_b, 1, check_cap, cut) & bk->live;
        steps++;
    }
    while (__builtin_popcount(*running) > spill && steps < max_steps) {
        *running = gjk_lanes_step(&s, bk, bound_a, bound_b, 0, check_cap, cut) & bk->live;
        steps++;
    }
    *st = s;
    return steps;
}

/// Run a block's steps: at most `max_steps`, or until every lane ends (no more than `spill` run on: see
/// gjk_block_loop). Returns the steps run.
static inline __attribute__((always_inline)) int gjk_block_steps(gjk_lanes *st, const lblock *bk, int max_steps,
                                                                 int fresh, int spill, const gjk_cutoff *cut,
                                                                 unsigned *running, gjk2d_simd_stats *stats) {
    const int steps = bk->na_bound == LANE_ROW && bk->nb_bound == LANE_ROW
                          ? gjk_block_loop(st, bk, max_steps, fresh, LANE_ROW, LANE_ROW, spill, cut, running)
                      : bk->na_bound == LANE_SMALL && bk->nb_bound == LANE_SMALL
                          ? gjk_block_loop(st, bk, max_steps, fresh, LANE_SMALL, LANE_SMALL, spill, cut, running)
                          : gjk_block_loop(st, bk, max_steps, fresh, bk->na_bound, bk->nb_bound, spill, cut, running);
    stats->blocks++;
    stats->block_steps += steps;
    stats->lane_slots += (int64_t)steps * W;
    return steps;
}

/// Run one loaded block from its first step for at most `max_steps` iterations; returns the lanes still running.
static KERNEL_PHASE unsigned gjk_block_run(gjk_lanes *st, const lblock *bk, int max_steps, gjk2d_simd_stats *stats) {
    gjk_lanes_start(st, bk);
    unsigned running = wm_bits(wf_eq(st->end, wf_zero())) & bk->live;
    gjk_block_steps(st, bk, max_steps, 1, 0, NULL, &running, stats);
    return running;
}

/// The answered lanes' statistics: their iterations are the useful lane steps.
static void gjk_stats_lanes(gjk2d_simd_stats *stats, const gjk_result *r, unsigned done) {
    for (unsigned m = done; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        stats->lane_iterations += (int64_t)r->iter[l];
        stats->lane_steps += (int64_t)r->iter[l];
        stats->pairs++;
    }
}

// The lane state as float fields of W lanes, for moving stragglers (lpending).
enum { GJK_STATE_FIELDS = LPENDING_FIELDS(gjk_lanes), GJK_END_FIELD = LPENDING_END_FIELD(gjk_lanes) };
LPENDING_HOLDS(gjk_lanes);

/// The waiting stragglers, run on from their state to their ends and written.
static __attribute__((noinline)) void gjk_run_stragglers(lpending *p, const gjk_sink *sink, gjk2d_simd_stats *stats) {
    if (!p->n) return;
    lpending_seal(p, GJK_STATE_FIELDS, GJK_END_FIELD, (float)END_EMPTY);
    gjk_lanes st;
    gjk_result r;
    memcpy(&st, p->state, sizeof st);
    unsigned running = p->bk.live;
    gjk_block_steps(&st, &p->bk, INT32_MAX, 0, 0, NULL, &running, stats);
    gjk_lanes_finish(&st, &p->bk, sink->oout ? 0u : distance_need(sink->out), &r);
    for (unsigned m = p->bk.live; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        gjk_write_lane(sink, &r, l, p->bk.pair[l]);
    }
    if (STATS_ON()) gjk_stats_lanes(stats, &r, p->bk.live);
    lpending_reset(p);
}

/// The column bound both blocks' support loops share as a constant (LANE_ROW, LANE_SMALL), or 0.
static inline int lblock_pair_bound(const lblock *b0, const lblock *b1) {
    const int n = b0->na_bound;
    return (n == LANE_ROW || n == LANE_SMALL) && b0->nb_bound == n && b1->na_bound == n && b1->nb_bound == n ? n : 0;
}

/// gjk_block_run for two loaded blocks whose loops run over `bound` columns (a constant), their steps
/// interleaved (W_PAIRED_BLOCKS).
static inline __attribute__((always_inline)) void gjk_block_pair_loop(gjk_lanes *st0, const lblock *b0, gjk_lanes *st1,
                                                                      const lblock *b1, int bound, int max_steps,
                                                                      unsigned *late0, unsigned *late1,
                                                                      gjk2d_simd_stats *stats) {
    gjk_lanes s0, s1;
    gjk_lanes_start(&s0, b0);
    gjk_lanes_start(&s1, b1);
    unsigned r0 = wm_bits(wf_eq(s0.end, wf_zero())) & b0->live, r1 = wm_bits(wf_eq(s1.end, wf_zero())) & b1->live;
    const int check_cap = max_steps >= GJK_MIN_CAP;
    int n0 = 0, n1 = 0;
    if (r0 && max_steps > 0) r0 = gjk_lanes_step(&s0, b0, bound, bound, 1, check_cap, NULL) & b0->live, n0++;
    if (r1 && max_steps > 0) r1 = gjk_lanes_step(&s1, b1, bound, bound, 1, check_cap, NULL) & b1->live, n1++;
    for (int steps = 1; (r0 | r1) && steps < max_steps; steps++) {
        if (r0) r0 = gjk_lanes_step(&s0, b0, bound, bound, 0, check_cap, NULL) & b0->live, n0++;
        if (r1) r1 = gjk_lanes_step(&s1, b1, bound, bound, 0, check_cap, NULL) & b1->live, n1++;
    }
    *st0 = s0, *st1 = s1;
    *late0 = r0, *late1 = r1;
    stats->blocks += 2;
    stats->block_steps += n0 + n1;
    stats->lane_slots += (int64_t)(n0 + n1) * W;
}

/// gjk_block_run for two loaded blocks whose loops share `bound` (lblock_pair_bound), their steps interleaved.
static KERNEL_PHASE void gjk_block_run2(gjk_lanes *st, const lblock *bk, int bound, int max_steps, unsigned *late,
                                        gjk2d_simd_stats *stats) {
    if (bound == LANE_ROW)
        gjk_block_pair_loop(&st[0], &bk[0], &st[1], &bk[1], LANE_ROW, max_steps, &late[0], &late[1], stats);
    else
        gjk_block_pair_loop(&st[0], &bk[0], &st[1], &bk[1], LANE_SMALL, max_steps, &late[0], &late[1], stats);
}

/// What gjk_distance_run keeps across its blocks. `stream`: whole blocks are written with streaming stores
/// (LANE_OUT_STREAM_MIN).
typedef struct gjk_run_ctx {
    const batch_in *in;
    const gjk_sink *sink;
    int mode, count_stats, stream;
    unsigned need;
    lpending pend;
    gjk2d_simd_stats stats;
} gjk_run_ctx;

/// A block's answers: its finished lanes written, its slow pairs answered, its late lanes moved on.
static void gjk_block_answer(gjk_run_ctx *x, const lblock *bk, const gjk_lanes *st, int loaded, unsigned late,
                             int64_t k, int lanes) {
    if (loaded) {
        gjk_result r;
        gjk_lanes_finish(st, bk, x->need, &r);
        const unsigned done = bk->live & ~late;
        if (lanes == W && x->mode == TAKE_ALL) {
            gjk_write_block(x->sink->out, &r, k, x->stream);
        } else {
            for (unsigned m = done; m; m &= m - 1)
                gjk_write_lane(x->sink, &r, __builtin_ctz(m), bk->pair[__builtin_ctz(m)]);
        }
        if (x->count_stats) gjk_stats_lanes(&x->stats, &r, done);
    }
    // A lane written again after its block's streamed stores: they come first (wide.h, w_stream_fence).
    if (x->stream && bk->slow) w_stream_fence();
    for (unsigned m = bk->slow; m; m &= m - 1) {
        slow_distance_pair(x->in, bk->pair[__builtin_ctz(m)], x->sink);
        x->stats.slow_pairs++;
    }
    if (!loaded) return;
    for (unsigned m = late; m; m &= m - 1)
        if (lpending_add(&x->pend, bk, st, GJK_STATE_FIELDS, __builtin_ctz(m))) {
            if (x->stream) w_stream_fence();
            gjk_run_stragglers(&x->pend, x->sink, &x->stats);
        }
}

/// GJK distance lanes over a range, for the pairs `mode` takes: blocks of W pairs, two at a time where
/// W_PAIRED_BLOCKS (their steps interleaved when their loops share a bound).
static void gjk_distance_run(const batch_in *in, int64_t begin, int64_t end, int mode, const gjk_sink *sink) {
    enum { PER = 1 + W_PAIRED_BLOCKS };
    lblock bk[PER];
    gjk_lanes st[PER];
    gjk_run_ctx x;
    x.in = in, x.sink = sink, x.mode = mode, x.count_stats = STATS_ON();
    x.stream = mode == TAKE_ALL && !sink->oout && end - begin >= LANE_OUT_STREAM_MIN;
    x.need = sink->oout ? 0u : distance_need(sink->out);
    lpending_reset(&x.pend);
    memset(&x.stats, 0, sizeof x.stats);
    for (int64_t k = begin; k < end; k += PER * W) {
        int loaded[PER], lanes[PER];
        unsigned late[PER];
        const int n = lblock_group_lanes(k, end, PER, lanes);
        for (int b = 0; b < n; b++) {
            loaded[b] = lblock_load_range(&bk[b], in, k + b * W, lanes[b], mode);
            late[b] = 0;
        }
        const int bound =
            PER == 2 && n == 2 && loaded[0] && loaded[PER - 1] ? lblock_pair_bound(&bk[0], &bk[PER - 1]) : 0;
        if (bound) {
            gjk_block_run2(st, bk, bound, LOCKSTEP_ITERATIONS, late, &x.stats);
        } else {
            for (int b = 0; b < n; b++)
                if (loaded[b]) late[b] = gjk_block_run(&st[b], &bk[b], LOCKSTEP_ITERATIONS, &x.stats);
        }
        for (int b = 0; b < n; b++) gjk_block_answer(&x, &bk[b], &st[b], loaded[b], late[b], k + b * W, lanes[b]);
    }
    // Before the last stragglers' writes, and before the caller reads what the call streamed.
    if (x.stream) w_stream_fence();
    gjk_run_stragglers(&x.pend, sink, &x.stats);
    if (x.count_stats) gjk2d__simd_stats_add(&x.stats);
}
