// SPDX-License-Identifier: MIT
// Shape cast, ray cast and point query in lanes (included by kernel_tmpl.c, once per ISA), one item per lane.
//
// - Shape cast and ray cast: src/ref/shape_cast.c's GJK ray cast (van den Bergen 2004), operation for
//   operation, with every per-lane decision a mask and a select. A ray is the cast of a point, its origin, as
//   in ref_ray_cast: the same lanes with B a one-vertex shape. Blocks run until every lane ends (the
//   iteration cap bounds them); a lane that ends at lambda = 0 (the shapes touch or overlap at the start,
//   where the reference answers with its distance query) is answered by the scalar reference afterwards.
// - Point query: ref_point_query is the GJK distance of the shape against the point, then a projection onto
//   the witness feature in double: the distance lanes (distance_tmpl.h) with B the point, then
//   ref_point_finish per lane.
//
// Items the lanes do not take (a shape with more than NMAX vertices or invalid, a bad pose, a translation,
// ray or point that ref_motion_check refuses) are answered by the scalar reference, in place.

/// The items of a ray cast or point query: item k is shape[k] against the point (x[k], y[k]) moved by
/// f (dx[k], dy[k]), f in [0, fmax[k]] (dx NULL: a point query; fmax NULL: 1).
typedef struct item_in {
    const int32_t *shape;
    const float *x, *y, *dx, *dy, *fmax;
} item_in;

/// Lanes that pass ref_motion_check(p, d, f), by the same comparisons: everything finite (a NaN fails every
/// comparison), f >= 0, |p| within GJK2D_MAX_COORDINATE, and |f d| too, formed in double (exact). The
/// products rounded to float decide first: rounding is monotonic and the bound is a float, so a rounded
/// |f d| below it means an exact one below it too; only a block with a lane at or past it (or overflowing)
/// takes the double test.
static inline unsigned lane_motion_ok(wf px, wf py, wf dx, wf dy, wf f) {
    const wf big = wf_set1(GJK2D_MAX_COORDINATE), fmax = wf_set1(FLT_MAX);
    wm ok = wm_and(wm_and(wf_le(px, big), wf_ge(px, wf_neg(big))), wm_and(wf_le(py, big), wf_ge(py, wf_neg(big))));
    ok = wm_and(
        ok, wm_and(wm_and(wf_le(dx, fmax), wf_ge(dx, wf_neg(fmax))), wm_and(wf_le(dy, fmax), wf_ge(dy, wf_neg(fmax)))));
    ok = wm_and(ok, wm_and(wf_ge(f, wf_zero()), wf_le(f, fmax)));
    const wm below = wm_and(wf_lt(wf_abs(wf_mul(f, dx)), big), wf_lt(wf_abs(wf_mul(f, dy)), big));
    if (wm_bits(wm_andnot(ok, below)) == 0) return wm_bits(ok);
    const wd df = wd_from(f), dbig = wd_from(big);
    const wd fx = wd_abs(wd_mul(df, wd_from(dx))), fy = wd_abs(wd_mul(df, wd_from(dy)));
    return wm_bits(ok) & wdm_bits(wdm_and(wd_le(fx, dbig), wd_le(fy, dbig)));
}

/// Load items ks[0 .. lanes) (ks NULL: k0 .. k0 + lanes - 1): A is the item's shape at its pose, B its point as a one-vertex shape at
/// the identity pose, moved into A's frame as ref_ray_cast and ref_point_query load it. Dead and slow lanes
/// as lblock_load's (they repeat the first live lane's item; item[] holds each lane's item index). Returns 0
/// when no lane is live.
static int lblock_load_items(lblock *bk, const gjk2d_shapes *set, const gjk2d_poses *poses, const item_in *it,
                             const int64_t *ks, int64_t k0, int lanes, int32_t *sa, int64_t *item) {
    _Alignas(64) float tmp[W][2][NMAX];
    _Alignas(64) float na[W], ra[W];
    _Alignas(64) float qx[W], qy[W], dx[W], dy[W], f[W];
    lane_poses pa, pb;
    for (int l = 0; l < W; l++) {
        const int64_t k = ks ? ks[l < lanes ? l : 0] : k0 + (l < lanes ? l : 0);
        bk->pair[l] = l < lanes ? k : -1;
        item[l] = k;
        sa[l] = it->shape[k];
        qx[l] = it->x[k], qy[l] = it->y[k];
        dx[l] = it->dx ? it->dx[k] : 0.0f, dy[l] = it->dy ? it->dy[k] : 0.0f;
        f[l] = !it->dx ? 0.0f : it->fmax ? it->fmax[k] : 1.0f;
    }
    const unsigned motion = lane_motion_ok(wf_load(qx), wf_load(qy), wf_load(dx), wf_load(dy), wf_load(f));
    wf naf, raf;
    lane_heads_load(set, sa, &naf, &raf);
    const unsigned in_range = lanes == W ? W_ALL : (1u << lanes) - 1u;
    lane_poses_load(&pa, poses, sa);
    bk->live = in_range & motion & wm_bits(wf_gt(naf, wf_zero())) & lane_poses_ok(&pa);
    bk->slow = in_range & ~bk->live;
    if (!bk->live) return 0;
    wf_store(na, naf);
    wf_store(ra, raf);
    const int c = __builtin_ctz(bk->live);
    for (unsigned m = W_ALL & ~bk->live; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        sa[l] = sa[c], na[l] = na[c], ra[l] = ra[c], item[l] = item[c];
        lane_pose_copy(&pa, l, c);
    }
    bk->na_bound = lane_shape_columns(bk->ax, bk->ay, set, sa, na, LANE_ROW, tmp);
    bk->nb_bound = 1;
    // The points gathered lane by lane, then stored as one vector: lblock_frames reads the column back in
    // halves (wd_load_f), which a vector store forwards and scalar stores do not (the point query ran 0.85x
    // with the scalar stores in place).
    _Alignas(64) float px[W], py[W];
    for (int l = 0; l < W; l++) {
        px[l] = it->x[item[l]], py[l] = it->y[item[l]];
        bk->nbf[l] = 1.0f, bk->rb[l] = 0.0f;
        pb.c[l] = 1.0f, pb.s[l] = 0.0f, pb.px[l] = 0.0, pb.py[l] = 0.0;
    }
    wf_store(bk->bx[0], wf_load(px));
    wf_store(bk->by[0], wf_load(py));
    memcpy(bk->naf, na, sizeof na);
    memcpy(bk->ra, ra, sizeof ra);
    lblock_frames(bk, &pa, &pb);
    return 1;
}

// ---------------------------------------------------------------------------------------------
// GJK ray cast lanes.

/// Contact slack of shape_cast.c (CAST_TOLERANCE_EPS), in units of FLT_EPSILON times the cast's scale.
#define LANE_CAST_TOLERANCE_EPS 8.0f

enum cast_end { CAST_RUNNING = 0, CAST_CONTACT, CAST_MISS, CAST_AT_START, CAST_CAPPED, CAST_EMPTY };

typedef struct cast_lanes {
    wf lam, x, y;          ///< lambda and x = lambda s
    wf sx, sy, lmax;       ///< s = -r, lambda_max
    wf radius, tol;        ///< R = ra + rb and the contact slack
    wf plx, ply;           ///< the last clipping plane's unit normal (zero: none yet)
    wf vx, vy, vlen;       ///< search direction and |v|
    wf vnx, vny;           ///< v's unit vector, as the turn's start computes it (lane_unit)
    wf w0x, w0y, w1x, w1y; ///< the simplex after the last solve
    wf w2x, w2y;           ///< its third vertex when x ended inside it
    wf k0, k1, k2;         ///< its keys ia * NMAX + ib (-1: no vertex)
    wf b0, b1, b2;         ///< keys of the simplex before that solve
    wf cnt, iter, cap, touching;
    wf end; ///< enum cast_end
} cast_lanes;

/// |a|, +0 for both zeros (fabsf).
/// v2_rescaled: d scaled by 2^64 where its squared length is below FLT_MIN.
static inline void lane_rescaled(wf dx, wf dy, wf *rx, wf *ry) {
    const wm tiny = wf_lt(wf_dot(dx, dy, dx, dy), wf_set1(FLT_MIN));
    *rx = wf_sel(tiny, wf_mul(dx, wf_set1(0x1p64f)), dx);
    *ry = wf_sel(tiny, wf_mul(dy, wf_set1(0x1p64f)), dy);
}

/// v's unit vector as ref_shape_cast's turn computes it, rescaled(v) / sqrt(|rescaled(v)|^2), given that
/// square root `len`: the turn before has it (the edge's perpendicular and its length share it; so does a
/// vertex's |v| unless the rescaling changed v), so a turn takes one square root, not three.
static inline void lane_unit(wf vx, wf vy, wf len, wf *nx, wf *ny) {
    wf rx, ry;
    lane_rescaled(vx, vy, &rx, &ry);
    const wf inv = wf_div(wf_set1(1.0f), len);
    *nx = wf_mul(inv, rx), *ny = wf_mul(inv, ry);
}

/// The largest |coordinate| of columns [0, bound) (shape_cast.c's max_abs; padding repeats a vertex).
static inline wf lane_max_abs(const float (*cx)[W], const float (*cy)[W], int bound) {
    wf m = wf_zero();
    for (int j = 0; j < bound; j++) {
        const wf x = wf_abs(wf_load(cx[j])), y = wf_abs(wf_load(cy[j]));
        m = wf_max_gt(x, m);
        m = wf_max_gt(y, m);
    }
    return m;
}

/// ref_shape_cast's set-up: B moves by lambda r (r in A's frame), lambda in [0, lmax].
static void cast_lanes_start(cast_lanes *s, const lblock *bk, wf rx, wf ry, wf lmax) {
    const wf zero = wf_zero(), none = wf_set1(-1.0f);
    s->radius = wf_add(wf_load(bk->ra), wf_load(bk->rb));
    s->sx = wf_neg(rx), s->sy = wf_neg(ry), s->lmax = lmax;
    const wf na = wf_load(bk->naf), nb = wf_load(bk->nbf);
    s->cap = wf_add(wf_mul(wf_set1(2.0f), wf_add(na, nb)), wf_set1(32.0f));
    const wf scale_a = lane_max_abs(bk->ax, bk->ay, bk->na_bound), scale_b = lane_max_abs(bk->bx, bk->by, bk->nb_bound);
    const wf scale =
        wf_add(wf_add(wf_max_gt(scale_a, scale_b), wf_mul(wf_sqrt(wf_dot(rx, ry, rx, ry)), lmax)), s->radius);
    s->tol = wf_mul(wf_set1(LANE_CAST_TOLERANCE_EPS * FLT_EPSILON), scale);
    s->lam = s->x = s->y = s->plx = s->ply = zero;
    s->w0x = s->w0y = s->w1x = s->w1y = s->w2x = s->w2y = zero;
    s->k0 = s->k1 = s->k2 = s->b0 = s->b1 = s->b2 = none;
    s->cnt = s->iter = s->touching = zero;
    // From an arbitrary point of C: v = x - (b_0 - a_0).
    s->vx = wf_sub(zero, wf_sub(wf_load(bk->bx[0]), wf_load(bk->ax[0])));
    s->vy = wf_sub(zero, wf_sub(wf_load(bk->by[0]), wf_load(bk->ay[0])));
    s->vlen = wf_sqrt(wf_dot(s->vx, s->vy, s->vx, s->vy));
    wf rx0, ry0;
    lane_rescaled(s->vx, s->vy, &rx0, &ry0);
    lane_unit(s->vx, s->vy, wf_sqrt(wf_dot(rx0, ry0, rx0, ry0)), &s->vnx, &s->vny);
    _Alignas(64) float end[W];
    for (int l = 0; l < W; l++) end[l] = (bk->live >> l) & 1u ? (float)CAST_RUNNING : (float)CAST_EMPTY;
    s->end = wf_load(end);
}

static inline wf end_if(wm m, enum cast_end e, wf end) { return wf_sel(m, wf_set1((float)e), end); }

/// One turn of ref_shape_cast's loop for every running lane. Returns the lanes still running.
static inline __attribute__((always_inline)) unsigned cast_lanes_step(cast_lanes *s, const lblock *bk, int bound_a,
                                                                      int bound_b) {
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f), three = wf_set1(3.0f), none = wf_set1(-1.0f);
    wf end = s->end;
    wm run = wf_eq(end, zero);

    // Contact: x within R and the slack of C. At lambda = 0 the reference's distance query answers.
    const wm contact = wm_and(run, wm_and(wf_eq(s->touching, zero), wf_le(s->vlen, wf_add(s->radius, s->tol))));
    const wm at_start = wm_and(contact, wf_eq(s->lam, zero));
    end = end_if(at_start, CAST_AT_START, end);
    run = wm_andnot(run, at_start);
    const wm touching = wm_or(wf_eq(s->touching, one), wm_and(contact, run));
    s->touching = wf_sel(touching, one, zero);
    const wm capped = wm_and(run, wf_eq(s->iter, s->cap));
    end = end_if(capped, CAST_CAPPED, end);
    run = wm_andnot(run, capped);

    // Support of C along v.
    const wf vnx = s->vnx, vny = s->vny;
    wf pax, pay, pbx, pby, ia, ib;
    lane_support(bk->ax, bk->ay, bound_a, wf_neg(s->vx), wf_neg(s->vy), &pax, &pay, &ia);
    lane_support(bk->bx, bk->by, bound_b, s->vx, s->vy, &pbx, &pby, &ib);
    s->iter = wf_sel(run, wf_add(s->iter, one), s->iter);
    const wf wx = wf_sub(pbx, pax), wy = wf_sub(pby, pay);
    const wf key = wf_add(wf_mul(ia, wf_set1((float)NMAX)), ib);

    // Ray clipping against the plane through w (grown by R) with normal vn.
    const wf lower = wf_dot(vnx, vny, wf_sub(s->x, wx), wf_sub(s->y, wy));
    const wm clip = wm_and(wm_andnot(run, touching), wf_gt(lower, s->radius));
    const wf approach = wf_dot(vnx, vny, s->sx, s->sy);
    const wm away = wm_andnot(clip, wf_lt(approach, zero));
    const wf next = wf_add(s->lam, wf_div(wf_sub(lower, s->radius), wf_neg(approach)));
    const wm beyond = wm_andnot(wm_andnot(clip, away), wf_le(next, s->lmax));
    const wm missed = wm_or(away, beyond);
    end = end_if(missed, CAST_MISS, end);
    run = wm_andnot(run, missed);
    const wm adv = wm_andnot(clip, missed);
    s->lam = wf_sel(adv, next, s->lam);
    s->x = wf_sel(adv, wf_mul(s->lam, s->sx), s->x);
    s->y = wf_sel(adv, wf_mul(s->lam, s->sy), s->y);
    s->plx = wf_sel(adv, vnx, s->plx);
    s->ply = wf_sel(adv, vny, s->ply);

    // Repeated support point without a move of x, or the closest feature found after contact.
    const wm repeated = wm_or(wm_or(wf_eq(key, s->b0), wf_eq(key, s->b1)), wf_eq(key, s->b2));
    const wm present = wm_or(wf_eq(key, s->k0), wf_eq(key, s->k1));
    const wm stop = wm_and(run, wm_or(wm_andnot(repeated, adv), wm_and(touching, present)));
    end = end_if(stop, CAST_CONTACT, end);
    run = wm_andnot(run, stop);

    // Append after the survivors.
    wf w0x = s->w0x, w0y = s->w0y, w1x = s->w1x, w1y = s->w1y, w2x = s->w2x, w2y = s->w2y;
    wf k0 = s->k0, k1 = s->k1, k2 = s->k2, cnt = s->cnt;
    {
        const wm put = wm_andnot(run, present);
        const wm put0 = wm_and(put, wf_eq(cnt, zero)), put1 = wm_and(put, wf_eq(cnt, one)),
                 put2 = wm_and(put, wf_eq(cnt, two));
        w0x = wf_sel(put0, wx, w0x), w0y = wf_sel(put0, wy, w0y), k0 = wf_sel(put0, key, k0);
        w1x = wf_sel(put1, wx, w1x), w1y = wf_sel(put1, wy, w1y), k1 = wf_sel(put1, key, k1);
        w2x = wf_sel(put2, wx, w2x), w2y = wf_sel(put2, wy, w2y), k2 = wf_sel(put2, key, k2);
        cnt = wf_sel(put, wf_add(cnt, one), cnt);
    }
    s->b0 = wf_sel(run, k0, s->b0);
    s->b1 = wf_sel(run, k1, s->b1);
    s->b2 = wf_sel(run, k2, s->b2);

    // solve_simplex at x: the segment's and the triangle's Voronoi regions (segment.c, triangle.c).
    const wf x = s->x, y = s->y;
    const wm seg = wm_and(run, wf_eq(cnt, two)), tri = wm_and(run, wf_eq(cnt, three));
    wm segA = wm_none(), segB = wm_none();
    if (wm_any(seg)) {
        const wf ex = wf_sub(w1x, w0x), ey = wf_sub(w1y, w0y);
        const wf u = wf_dot(wf_sub(w1x, x), wf_sub(w1y, y), ex, ey), v = wf_dot(wf_sub(x, w0x), wf_sub(y, w0y), ex, ey);
        segB = wm_and(seg, wf_le(u, zero));
        segA = wm_andnot(wm_and(seg, wf_le(v, zero)), segB);
    }
    wm rA = wm_none(), rB = wm_none(), rC = wm_none(), rAB = wm_none(), rBC = wm_none(), rCA = wm_none(),
       rABC = wm_none();
    if (wm_any(tri)) {
        const wf bax = wf_sub(w1x, w0x), bay = wf_sub(w1y, w0y), cbx = wf_sub(w2x, w1x), cby = wf_sub(w2y, w1y);
        const wf acx = wf_sub(w0x, w2x), acy = wf_sub(w0y, w2y);
        const wf qax = wf_sub(w0x, x), qay = wf_sub(w0y, y), qbx = wf_sub(w1x, x), qby = wf_sub(w1y, y);
        const wf qcx = wf_sub(w2x, x), qcy = wf_sub(w2y, y);
        const wf uAB = wf_dot(qbx, qby, bax, bay);
        const wf vAB = wf_dot(wf_sub(x, w0x), wf_sub(y, w0y), bax, bay);
        const wf uBC = wf_dot(qcx, qcy, cbx, cby);
        const wf vBC = wf_dot(wf_sub(x, w1x), wf_sub(y, w1y), cbx, cby);
        const wf uCA = wf_dot(qax, qay, acx, acy);
        const wf vCA = wf_dot(wf_sub(x, w2x), wf_sub(y, w2y), acx, acy);
        const wf area = wf_cross(bax, bay, wf_sub(w2x, w0x), wf_sub(w2y, w0y));
        const wf uABC = wf_cross(qbx, qby, qcx, qcy), vABC = wf_cross(qcx, qcy, qax, qay);
        const wf wABC = wf_cross(qax, qay, qbx, qby);
        wm r[7];
        lane_triangle_regions(0, tri, uAB, vAB, uBC, vBC, uCA, vCA, uABC, vABC, wABC, area, r);
        rA = r[0], rB = r[1], rC = r[2], rAB = r[3], rBC = r[4], rCA = r[5], rABC = r[6];
    }
    // Culling keeps the survivors in order: v0 <- v1 (B, BC, segment B), v0 <- v2 (C), v1 <- v2 (BC, CA).
    const wm from1 = wm_or(wm_or(rB, rBC), segB), v1from2 = wm_or(rBC, rCA);
    w0x = wf_sel(from1, w1x, wf_sel(rC, w2x, w0x));
    w0y = wf_sel(from1, w1y, wf_sel(rC, w2y, w0y));
    k0 = wf_sel(from1, k1, wf_sel(rC, k2, k0));
    w1x = wf_sel(v1from2, w2x, w1x);
    w1y = wf_sel(v1from2, w2y, w1y);
    k1 = wf_sel(v1from2, k2, k1);
    const wm to_one = wm_or(wm_or(segA, segB), wm_or(wm_or(rA, rB), rC)), to_two = wm_or(wm_or(rAB, rBC), rCA);
    cnt = wf_sel(to_one, one, wf_sel(to_two, two, cnt));
    k1 = wf_sel(to_one, none, k1);
    k2 = wf_sel(wm_or(to_one, to_two), none, k2);

    // x inside C: the cores touch at lambda.
    s->vlen = wf_sel(rABC, zero, s->vlen);
    end = end_if(rABC, CAST_CONTACT, end);
    run = wm_andnot(run, rABC);

    // The next search direction and |v|: from the vertex, or the edge's exact perpendicular toward x (on the
    // outward side, the last clipping plane's, when x lies on the edge within the slack).
    const wf xwx = wf_sub(x, w0x), xwy = wf_sub(y, w0y);
    const wf ex = wf_sub(w1x, w0x), ey = wf_sub(w1y, w0y);
    const wm c2 = wf_eq(cnt, two);
    const wm toward_left = wf_ge(wf_cross(ex, ey, xwx, xwy), zero);
    wf px = wf_sel(toward_left, wf_neg(ey), ey), py = wf_sel(toward_left, ex, wf_neg(ex));
    wf prx, pry;
    lane_rescaled(px, py, &prx, &pry);
    // One square root for the edge's length and the next turn's unit vector: the edge's perpendicular
    // rescaled, or the vertex's v = xw rescaled (its |v| is this root too unless xw was rescaled).
    const wf xw2 = wf_dot(xwx, xwy, xwx, xwy);
    const wm tiny = wf_lt(xw2, wf_set1(FLT_MIN));
    const wf qrx = wf_sel(tiny, wf_mul(xwx, wf_set1(0x1p64f)), xwx),
             qry = wf_sel(tiny, wf_mul(xwy, wf_set1(0x1p64f)), xwy);
    const wf dx = wf_sel(c2, prx, qrx), dy = wf_sel(c2, pry, qry);
    const wf len = wf_sqrt(wf_dot(dx, dy, dx, dy));
    const wf edge_len = wf_div(wf_abs(wf_dot(prx, pry, xwx, xwy)), len);
    wf vertex_len = len;
    if (wm_any(wm_andnot(wm_and(run, tiny), c2))) vertex_len = wf_sel(tiny, wf_sqrt(xw2), len);
    const wm plane_set = wm_not(wm_and(wf_eq(s->plx, zero), wf_eq(s->ply, zero)));
    const wm outward = wm_and(wf_le(edge_len, s->tol), plane_set);
    const wm plane_left = wf_ge(wf_dot(wf_neg(ey), ex, s->plx, s->ply), zero);
    px = wf_sel(outward, wf_sel(plane_left, wf_neg(ey), ey), px);
    py = wf_sel(outward, wf_sel(plane_left, ex, wf_neg(ex)), py);
    s->vx = wf_sel(run, wf_sel(c2, px, xwx), s->vx);
    s->vy = wf_sel(run, wf_sel(c2, py, xwy), s->vy);
    s->vlen = wf_sel(run, wf_sel(c2, edge_len, vertex_len), s->vlen);
    // The outward choice flips the perpendicular at most: its square, and so len, are unchanged.
    wf unx, uny;
    lane_unit(s->vx, s->vy, len, &unx, &uny);
    s->vnx = wf_sel(run, unx, s->vnx);
    s->vny = wf_sel(run, uny, s->vny);

    s->w0x = w0x, s->w0y = w0y, s->w1x = w1x, s->w1y = w1y, s->w2x = w2x, s->w2y = w2y;
    s->k0 = k0, s->k1 = k1, s->k2 = k2, s->cnt = cnt, s->end = end;
    return wm_bits(run);
}

/// Run the running lanes of n blocks for at most max_steps turns, the blocks' turns interleaved; run[b] gets
/// the lanes of block b still running. Each block's turn is a long chain of dependent operations, most of its
/// time latency; the blocks' chains are independent, so the core runs one block's turn while another's
/// waits (CAST_GROUP).
static void cast_lanes_run_group(cast_lanes *st, const lblock *const *bk, int n, int max_steps, unsigned *run) {
    unsigned any = 0;
    for (int b = 0; b < n; b++) any |= run[b] = wm_bits(wf_eq(st[b].end, wf_zero())) & bk[b]->live;
    for (int steps = 0; any && steps < max_steps; steps++) {
        any = 0;
        for (int b = 0; b < n; b++) {
            if (!run[b]) continue;
            const lblock *k = bk[b];
            unsigned r;
            if (k->na_bound == LANE_ROW && k->nb_bound == LANE_ROW)
                r = cast_lanes_step(&st[b], k, LANE_ROW, LANE_ROW);
            else if (k->na_bound == LANE_ROW && k->nb_bound == 1)
                r = cast_lanes_step(&st[b], k, LANE_ROW, 1);
            else
                r = cast_lanes_step(&st[b], k, k->na_bound, k->nb_bound);
            any |= run[b] = r & k->live;
        }
    }
}

/// A lane's cast result.
typedef struct cast_lane_out {
    _Alignas(64) float fraction[W], px[W], py[W], nx[W], ny[W], iter[W], end[W];
} cast_lane_out;

/// The end of ref_shape_cast for every lane: the miss, or the contact's normal and point (the final
/// simplex's weights at x, as its last solve found them, applied to A's support points), in world frame.
static void cast_lanes_finish(const cast_lanes *s, const lblock *bk, cast_lane_out *o) {
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f), three = wf_set1(3.0f);
    const wf x = s->x, y = s->y, cnt = s->cnt;
    const wm c1 = wf_eq(cnt, one), c2 = wf_eq(cnt, two), c3 = wf_eq(cnt, three);
    const wf w0x = s->w0x, w0y = s->w0y, w1x = s->w1x, w1y = s->w1y, w2x = s->w2x, w2y = s->w2y;

    // The normal from A to B.
    wf nx = wf_neg(s->plx), ny = wf_neg(s->ply);
    const wf ex = wf_sub(w1x, w0x), ey = wf_sub(w1y, w0y);
    const wm plane_left = wf_ge(wf_dot(wf_neg(ey), ex, s->plx, s->ply), zero);
    wf prx, pry;
    lane_rescaled(wf_sel(plane_left, wf_neg(ey), ey), wf_sel(plane_left, ex, wf_neg(ex)), &prx, &pry);
    const wm edge_n = wm_andnot(c2, wm_and(wf_eq(prx, zero), wf_eq(pry, zero)));
    const wf einv = wf_div(wf_set1(-1.0f), wf_sqrt(wf_dot(prx, pry, prx, pry)));
    const wm vertex_n = wm_and(c1, wm_and(wf_gt(s->radius, zero), wf_gt(s->vlen, wf_mul(wf_set1(0.5f), s->radius))));
    const wf vinv = wf_div(wf_set1(-1.0f), s->vlen);
    nx = wf_sel(edge_n, wf_mul(einv, prx), wf_sel(vertex_n, wf_mul(vinv, s->vx), nx));
    ny = wf_sel(edge_n, wf_mul(einv, pry), wf_sel(vertex_n, wf_mul(vinv, s->vy), ny));

    // Weights at x.
    wf wt0, wt1, wt2;
    lane_simplex_weights(x, y, w0x, w0y, w1x, w1y, w2x, w2y, c2, c3, &wt0, &wt1, &wt2);

    // The contact point on A's core, out to A's surface.
    wf ax0, ay0, ax1, ay1, ax2, ay2, bx_, by_;
    const wf kmin = wf_zero();
    key_points(bk, wf_sel(wf_lt(s->k0, kmin), kmin, s->k0), &ax0, &ay0, &bx_, &by_);
    key_points(bk, wf_sel(wf_lt(s->k1, kmin), kmin, s->k1), &ax1, &ay1, &bx_, &by_);
    key_points(bk, wf_sel(wf_lt(s->k2, kmin), kmin, s->k2), &ax2, &ay2, &bx_, &by_);
    wf pax = wf_add(zero, wf_mul(wt0, ax0)), pay = wf_add(zero, wf_mul(wt0, ay0));
    const wm two_up = wm_or(c2, c3);
    pax = wf_sel(two_up, wf_add(pax, wf_mul(wt1, ax1)), pax);
    pay = wf_sel(two_up, wf_add(pay, wf_mul(wt1, ay1)), pay);
    pax = wf_sel(c3, wf_add(pax, wf_mul(wt2, ax2)), pax);
    pay = wf_sel(c3, wf_add(pay, wf_mul(wt2, ay2)), pay);
    const wf ra = wf_load(bk->ra);
    pax = wf_add(pax, wf_mul(ra, nx));
    pay = wf_add(pay, wf_mul(ra, ny));

    wf wpx, wpy;
    lblock_world_point(bk, pax, pay, &wpx, &wpy);
    const wf c = wf_load(bk->wc), sn = wf_load(bk->ws);
    const wm miss = wf_eq(s->end, wf_set1((float)CAST_MISS));
    wf_store(o->fraction, wf_sel(miss, s->lmax, s->lam));
    wf_store(o->px, wf_sel(miss, zero, wpx));
    wf_store(o->py, wf_sel(miss, zero, wpy));
    wf_store(o->nx, wf_sel(miss, zero, wf_sub(wf_mul(c, nx), wf_mul(sn, ny))));
    wf_store(o->ny, wf_sel(miss, zero, wf_add(wf_mul(sn, nx), wf_mul(c, ny))));
    wf_store(o->iter, s->iter);
    wf_store(o->end, s->end);
}

/// The lanes that ended at lambda = 0, where the reference answers with its distance query (at_start).
static inline unsigned cast_lanes_at_start(const cast_lane_out *r) {
    const wm miss = wf_eq(wf_load(r->end), wf_set1((float)CAST_MISS));
    return wm_bits(wm_andnot(wf_eq(wf_load(r->fraction), wf_zero()), miss));
}

static inline uint8_t cast_lane_status(const cast_lane_out *r, int l) {
    return (uint8_t)((int)r->end[l] == CAST_CAPPED ? GJK2D_STATUS_MAXITER : GJK2D_STATUS_OK);
}

/// Write lane l's result as item k (not one at the start).
static void cast_write_lane(const gjk2d_cast_out *out, const cast_lane_out *r, int l, int64_t k) {
    const int miss = (int)r->end[l] == CAST_MISS;
    if (out->state) out->state[k] = (uint8_t)(miss ? GJK2D_CAST_MISS : GJK2D_CAST_HIT);
    if (out->fraction) out->fraction[k] = r->fraction[l];
    if (out->px) out->px[k] = r->px[l];
    if (out->py) out->py[k] = r->py[l];
    if (out->nx) out->nx[k] = r->nx[l];
    if (out->ny) out->ny[k] = r->ny[l];
    if (out->iterations) out->iterations[k] = (int32_t)r->iter[l];
    if (out->status) out->status[k] = cast_lane_status(r, l);
}

/// Every lane of a block as the consecutive items k0 .. k0 + W - 1, cast_write_lane's fields written with
/// vector stores. A lane answered later (at the start, a straggler, the reference's) is written again then:
/// everything a call writes of its items is final only when it returns.
static void cast_store_block(const gjk2d_cast_out *out, const cast_lane_out *r, int64_t k0) {
    const wf end = wf_load(r->end);
    const wm miss = wf_eq(end, wf_set1((float)CAST_MISS)), capped = wf_eq(end, wf_set1((float)CAST_CAPPED));
    if (out->state)
        wf_store_u8(out->state + k0, wf_sel(miss, wf_set1((float)GJK2D_CAST_MISS), wf_set1((float)GJK2D_CAST_HIT)));
    if (out->fraction) wf_storeu(out->fraction + k0, wf_load(r->fraction));
    if (out->px) wf_storeu(out->px + k0, wf_load(r->px));
    if (out->py) wf_storeu(out->py + k0, wf_load(r->py));
    if (out->nx) wf_storeu(out->nx + k0, wf_load(r->nx));
    if (out->ny) wf_storeu(out->ny + k0, wf_load(r->ny));
    if (out->iterations) wf_store_i32(out->iterations + k0, wf_load(r->iter));
    if (out->status)
        wf_store_u8(out->status + k0,
                    wf_sel(capped, wf_set1((float)GJK2D_STATUS_MAXITER), wf_set1((float)GJK2D_STATUS_OK)));
}

/// A translation (tx, ty) rotated into A's frame (R^T t), in double and rounded once, as the reference does.
static inline void lane_rotate_to_frame_a(wf ac, wf as, wf tx, wf ty, wf *rx, wf *ry) {
    const wd c = wd_from(ac), s = wd_from(as), dx = wd_from(tx), dy = wd_from(ty);
    *rx = wd_to(wd_add(wd_mul(c, dx), wd_mul(s, dy)));
    *ry = wd_to(wd_sub(wd_mul(c, dy), wd_mul(s, dx)));
}

static inline void lane_to_frame_a(const lblock *bk, wf tx, wf ty, wf *rx, wf *ry) {
    lane_rotate_to_frame_a(wf_load(bk->wc), wf_load(bk->ws), tx, ty, rx, ry);
}

/// A shape cast or ray cast batch: its arguments, for writing lanes and for the items the reference answers,
/// and the items that ended at lambda = 0, waiting for the distance lanes.
typedef struct cast_job {
    const gjk2d_shapes *shapes;
    const gjk2d_poses *poses;
    const gjk2d_pairs *pairs;     ///< shape cast (NULL: ray cast)
    const gjk2d_translations *tr; ///< shape cast
    const gjk2d_rays *rays;       ///< ray cast
    const gjk2d_cast_out *out;
    int64_t start[W];  ///< items at the start
    int32_t iter[W];   ///< their cast iterations
    uint8_t status[W]; ///< and statuses
    int starts;
} cast_job;

static void cast_reference(const cast_job *j, int64_t k) {
    if (j->pairs)
        gjk2d__scalar_table.cast(j->shapes, j->poses, j->pairs, j->tr, k, k + 1, j->out);
    else
        gjk2d__scalar_table.ray(j->shapes, j->poses, j->rays, k, k + 1, j->out);
}

/// The waiting items at the start, answered as at_start (shape_cast.c) does: the distance query (the
/// distance lanes, bit for bit ref_distance) says overlap (no normal, or a negative signed distance) or a
/// hit at fraction 0, with its point on A and its normal; iterations and status are the cast's.
static __attribute__((noinline)) void cast_run_starts(cast_job *j) {
    if (!j->starts) return;
    lblock bk;
    gjk_lanes st;
    gjk_result r;
    gjk2d_simd_stats stats = {0, 0, 0, 0, 0, 0, 0};
    int32_t sa[W];
    int64_t item[W];
    const batch_in in = {j->shapes, j->poses, j->pairs, 0, 0, NULL}; // loads of listed pairs: no prefetch
    const item_in it = {
        j->rays ? j->rays->shape : NULL, j->rays ? j->rays->ox : NULL, j->rays ? j->rays->oy : NULL, NULL, NULL, NULL};
    const int loaded = j->pairs ? lblock_load(&bk, &in, j->start, 0, j->starts, TAKE_ALL, LANE_ROW)
                                : lblock_load_items(&bk, j->shapes, j->poses, &it, j->start, 0, j->starts, sa, item);
    if (loaded) {
        gjk_block_run(&st, &bk, INT32_MAX, &stats);
        gjk_lanes_finish(&st, &bk, NEED_POINTS | NEED_FEATURES, &r);
    }
    const gjk2d_cast_out *out = j->out;
    for (int l = 0; l < j->starts; l++) {
        const int64_t k = j->start[l];
        if (!((bk.live >> l) & 1u)) {
            cast_reference(j, k); // not expected: these items were live in their cast block
            continue;
        }
        const int overlap = (r.nx[l] == 0.0f && r.ny[l] == 0.0f) || r.sdist[l] < 0.0f;
        if (out->state) out->state[k] = (uint8_t)(overlap ? GJK2D_CAST_OVERLAP : GJK2D_CAST_HIT);
        if (out->fraction) out->fraction[k] = 0.0f;
        if (out->px) out->px[k] = r.ax[l];
        if (out->py) out->py[k] = r.ay[l];
        if (out->nx) out->nx[k] = r.nx[l];
        if (out->ny) out->ny[k] = r.ny[l];
        if (out->iterations) out->iterations[k] = j->iter[l];
        if (out->status) out->status[k] = j->status[l];
    }
    j->starts = 0;
}

/// Write a block's lanes `done` from their results (`stored`: cast_store_block has written them); those at
/// the start wait for the distance lanes.
static void cast_lanes_write(cast_job *j, const cast_lane_out *r, const lblock *bk, unsigned done, int stored) {
    const unsigned start = done & cast_lanes_at_start(r);
    if (!stored)
        for (unsigned m = done & ~start; m; m &= m - 1)
            cast_write_lane(j->out, r, __builtin_ctz(m), bk->pair[__builtin_ctz(m)]);
    for (unsigned m = start; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        j->start[j->starts] = bk->pair[l], j->iter[j->starts] = (int32_t)r->iter[l];
        j->status[j->starts] = cast_lane_status(r, l);
        if (++j->starts == W) cast_run_starts(j);
    }
}

/// Finish a block and write its lanes `done`: a block of W consecutive items, each of them this block's
/// (live: done now or a straggler's later; slow: the reference's, after the block), with vector stores of
/// every lane, any other block lane by lane (a ray block's clipped lanes are written already).
static void cast_block_write(cast_job *j, const cast_lanes *st, const lblock *bk, unsigned done) {
    cast_lane_out r;
    cast_lanes_finish(st, bk, &r);
    const int stored = (bk->live | bk->slow) == W_ALL && lblock_consecutive(bk);
    if (stored) cast_store_block(j->out, &r, bk->pair[0]);
    cast_lanes_write(j, &r, bk, done, stored);
}

// A block runs CAST_LOCKSTEP_ITERATIONS turns; its lanes still running then move on to a block of
// stragglers (lpending), as the distance kernel's do, so that a block does not run as long as its slowest
// lane. The cap is measured on avx2 (bench/casts.c's items, timed against the reference in one process):
// 8 runs about 4 % faster than 6 and 7 % faster than 4 (moving a straggler costs more than the idle turns
// it saves), 10 and 16 no faster (3 % of the casts need more than 8 turns). AVX-512's 16 lanes keep 6:
// the slowest of 16 lanes runs longer, so the same cap leaves more lanes idle.
#define CAST_LOCKSTEP_ITERATIONS (W >= 16 ? 6 : 8)

/// Blocks whose turns run together (cast_lanes_run_group). Side by side with one block at a time (AMD Zen 5,
/// W1 and W6 casts, both orders, bit-identical): avx512 1.06-1.08x, avx2 1.00-1.05x, sse41 0.99-1.01x, the
/// portable build 1.03x; three and four blocks ran as two (docs/casts.md).
#define CAST_GROUP 2

enum { CAST_STATE_FIELDS = LPENDING_FIELDS(cast_lanes), CAST_END_FIELD = LPENDING_END_FIELD(cast_lanes) };
LPENDING_HOLDS(cast_lanes);

static __attribute__((noinline)) void cast_run_stragglers(lpending *p, cast_job *j) {
    if (!p->n) return;
    lpending_seal(p, CAST_STATE_FIELDS, CAST_END_FIELD, (float)CAST_EMPTY);
    cast_lanes st;
    memcpy(&st, p->state, sizeof st);
    const lblock *bk = &p->bk;
    unsigned late;
    cast_lanes_run_group(&st, &bk, 1, INT32_MAX, &late);
    cast_block_write(j, &st, &p->bk, p->bk.live);
    lpending_reset(p);
}

/// Blocks run together (CAST_GROUP): each loaded, its B moving by (tx, ty) (world frame) times [0, fmax].
typedef struct cast_ready {
    lblock bk;
    _Alignas(64) float tx[W], ty[W], fmax[W];
} cast_ready;

/// n loaded blocks (at most CAST_GROUP): started, run together, written; their stragglers to `pend`.
static void cast_group(cast_job *j, cast_ready *c, int n, lpending *pend) {
    cast_lanes st[CAST_GROUP];
    const lblock *bk[CAST_GROUP];
    unsigned late[CAST_GROUP];
    // Every entry set, so that GCC sees the array initialised for a group of fewer blocks; the array
    // zero-initialised instead ran avx2's shape cast 0.92x (its code laid out differently).
    for (int b = 0; b < CAST_GROUP; b++) bk[b] = &c[b < n ? b : 0].bk;
    for (int b = 0; b < n; b++) {
        wf rx, ry;
        lane_to_frame_a(bk[b], wf_load(c[b].tx), wf_load(c[b].ty), &rx, &ry);
        cast_lanes_start(&st[b], bk[b], rx, ry, wf_load(c[b].fmax));
    }
    cast_lanes_run_group(st, bk, n, CAST_LOCKSTEP_ITERATIONS, late);
    for (int b = 0; b < n; b++) cast_block_write(j, &st[b], bk[b], bk[b]->live & ~late[b]);
    for (int b = 0; b < n; b++)
        for (unsigned m = late[b]; m; m &= m - 1)
            if (lpending_add(pend, bk[b], &st[b], CAST_STATE_FIELDS, __builtin_ctz(m))) cast_run_stragglers(pend, j);
}

/// Ask for the output lines and the translations of items k .. k + W - 1 ahead of their use
/// (LANE_OUT_PREFETCH_AHEAD).
static inline __attribute__((always_inline)) void cast_prefetch_outputs(const gjk2d_cast_out *out,
                                                                        const gjk2d_translations *tr, int64_t k) {
    float *const f[5] = {out->fraction, out->px, out->py, out->nx, out->ny};
    for (int q = 0; q < 5; q++)
        if (f[q]) __builtin_prefetch(f[q] + k, 1);
    if (out->iterations) __builtin_prefetch(out->iterations + k, 1);
    if (out->state) __builtin_prefetch(out->state + k, 1);
    if (out->status) __builtin_prefetch(out->status + k, 1);
    __builtin_prefetch(tr->x + k);
    __builtin_prefetch(tr->y + k);
}

/// Load the items k .. k + lanes - 1 into c, B moving by their translations times [0, 1]; returns whether a
/// lane is live (the lanes only the reference answers in c->bk.slow).
static int cast_ready_load(cast_ready *c, const batch_in *in, const gjk2d_translations *tr, int64_t k, int lanes) {
    lblock *bk = &c->bk;
    if (!lblock_load_range(bk, in, k, lanes, TAKE_ALL)) return 0;
    if (bk->live == W_ALL) { // W consecutive items (a range's block)
        memcpy(c->tx, tr->x + k, sizeof c->tx);
        memcpy(c->ty, tr->y + k, sizeof c->ty);
    } else {
        const int first = __builtin_ctz(bk->live);
        for (int l = 0; l < W; l++) {
            const int64_t kk = (bk->live >> l) & 1u ? bk->pair[l] : bk->pair[first];
            c->tx[l] = tr->x[kk], c->ty[l] = tr->y[kk];
        }
    }
    wf_store(c->fmax, wf_set1(1.0f));
    // ref_motion_check(0, t, 1) for the live lanes; a lane that fails it is the reference's.
    const unsigned bad = W_ALL & ~lane_motion_ok(wf_zero(), wf_zero(), wf_load(c->tx), wf_load(c->ty), wf_set1(1.0f));
    for (unsigned m = bk->live & bad; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        c->tx[l] = c->ty[l] = 0.0f;
    }
    bk->slow |= bk->live & bad;
    bk->live &= ~bad;
    return bk->live != 0;
}

/// The held blocks run as a group, then their lanes only the reference answers (after the group: a whole
/// block's write covers every lane).
static void cast_run_held(cast_job *j, cast_ready *held, int n, lpending *pend) {
    if (!n) return;
    cast_group(j, held, n, pend);
    for (int b = 0; b < n; b++)
        for (unsigned m = held[b].bk.slow; m; m &= m - 1) cast_reference(j, held[b].bk.pair[__builtin_ctz(m)]);
}

static void ISA_SYM(gjk2d__cast)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_pairs *pairs,
                                 const gjk2d_translations *tr, int64_t begin, int64_t end, const gjk2d_cast_out *out) {
    const batch_in in = {shapes, poses, pairs, end, 0, NULL};
    cast_job j = {shapes, poses, pairs, tr, NULL, out, {0}, {0}, {0}, 0};
    cast_ready held[CAST_GROUP];
    int n = 0;
    lpending pend;
    lpending_reset(&pend);
    const int fetch_out = end - begin >= LANE_OUT_PREFETCH_MIN;
    for (int64_t k = begin; k < end; k += W) {
        const int lanes = end - k < W ? (int)(end - k) : W;
        if (fetch_out && k + LANE_OUT_PREFETCH_AHEAD + W <= end)
            cast_prefetch_outputs(out, tr, k + LANE_OUT_PREFETCH_AHEAD);
        cast_ready *c = &held[n];
        if (cast_ready_load(c, &in, tr, k, lanes)) {
            if (++n == CAST_GROUP) cast_run_held(&j, held, n, &pend), n = 0;
            continue;
        }
        for (unsigned m = c->bk.slow; m; m &= m - 1) cast_reference(&j, c->bk.pair[__builtin_ctz(m)]);
    }
    cast_run_held(&j, held, n, &pend);
    cast_run_stragglers(&pend, &j);
    cast_run_starts(&j);
}

// ---------------------------------------------------------------------------------------------
// Ray clipping lanes: ray.c's clip_polygon, for the lanes whose shape is a sharp polygon.

/// The lanes ref_ray_cast clips: a sharp polygon (three or more vertices, radius 0).
static inline unsigned ray_clip_lanes(const lblock *bk) {
    const wm sharp = wm_and(wf_ge(wf_load(bk->naf), wf_set1(3.0f)), wf_eq(wf_load(bk->ra), wf_zero()));
    return bk->live & wm_bits(sharp);
}

/// The end of ref_ray_cast in lanes, from a pass's verdict: a miss (fraction lmax, nothing else), a lane at
/// the start (fraction 0, for the distance lanes), or a hit at fraction f with A's-frame normal (nx, ny):
/// the ray's point at f and the normal rotated by A's (c, sn), in world frame, after one pass.
static inline void ray_lanes_out(cast_lane_out *o, wm miss, wm start, wf f, wf lmax, wf ox, wf oy, wf tx, wf ty, wf nx,
                                 wf ny, wf c, wf sn) {
    const wf zero = wf_zero();
    const wm blank = wm_or(miss, start);
    wf_store(o->fraction, wf_sel(miss, lmax, wf_sel(start, zero, f)));
    wf_store(o->px, wf_sel(blank, zero, wf_add(ox, wf_mul(f, tx))));
    wf_store(o->py, wf_sel(blank, zero, wf_add(oy, wf_mul(f, ty))));
    wf_store(o->nx, wf_sel(blank, zero, wf_sub(wf_mul(c, nx), wf_mul(sn, ny))));
    wf_store(o->ny, wf_sel(blank, zero, wf_add(wf_mul(sn, nx), wf_mul(c, ny))));
    wf_store(o->iter, wf_set1(1.0f)); // the one pass
    wf_store(o->end, wf_sel(miss, wf_set1((float)CAST_MISS), wf_set1((float)CAST_CONTACT)));
}

/// clip_polygon and the rest of ref_ray_cast in every lane: A's vertex columns ax, ay up to `bound` (a
/// lane with fewer vertices repeats its last one there, whose zero-length edges change nothing: n = 0 gives
/// num = den = 0, a parallel edge inside; the edge from the last column back to column 0 closes each
/// polygon in the reference's order); the ray from q (the origin in A's frame) along r up to lmax; (ox, oy)
/// and (tx, ty) the origin and translation in the world frame, for the point; (c, sn) A's rotation, for
/// the normal. Lanes at the start get fraction 0 and end CAST_CONTACT (cast_lanes_at_start). Always inline:
/// a caller's constant bound unrolls the pass.
static inline __attribute__((always_inline)) void ray_clip(const float (*ax)[W], const float (*ay)[W], int bound, wf qx,
                                                           wf qy, wf rx, wf ry, wf lmax, wf ox, wf oy, wf tx, wf ty,
                                                           wf c, wf sn, cast_lane_out *o) {
    const wf zero = wf_zero();
    wf lower = zero, upper = lmax, enx = zero, eny = zero;
    wm miss = wm_none();
#pragma GCC unroll 8
    for (int j = 0; j < bound; j++) {
        const int k = j + 1 == bound ? 0 : j + 1;
        const wf x0 = wf_load(ax[j]), y0 = wf_load(ay[j]);
        const wf nx = wf_sub(wf_load(ay[k]), y0), ny = wf_neg(wf_sub(wf_load(ax[k]), x0)); // right(b - a)
        const wf num = wf_dot(nx, ny, wf_sub(x0, qx), wf_sub(y0, qy)), den = wf_dot(nx, ny, rx, ry);
        const wf q = wf_div(num, den); // used only where den != 0
        miss = wm_or(miss, wm_and(wf_eq(den, zero), wf_lt(num, zero)));
        const wm enter = wm_and(wf_lt(den, zero), wf_lt(num, wf_mul(lower, den)));
        const wm leave = wm_and(wf_gt(den, zero), wf_lt(num, wf_mul(upper, den)));
        lower = wf_sel(enter, q, lower);
        enx = wf_sel(enter, nx, enx);
        eny = wf_sel(enter, ny, eny);
        upper = wf_sel(leave, q, upper);
        miss = wm_or(miss, wf_lt(upper, lower));
    }
    const wm start = wm_andnot(wm_or(wm_and(wf_eq(enx, zero), wf_eq(eny, zero)), wf_eq(lower, zero)), miss);
    wf nrx, nry;
    lane_rescaled(enx, eny, &nrx, &nry);
    const wf inv = wf_div(wf_set1(1.0f), wf_sqrt(wf_dot(nrx, nry, nrx, nry)));
    ray_lanes_out(o, miss, start, lower, lmax, ox, oy, tx, ty, wf_mul(inv, nrx), wf_mul(inv, nry), c, sn);
}

/// ray_clip for the lanes `lanes` of a loaded block (B's one vertex the origin in A's frame), over the
/// columns up to the largest vertex count of those lanes.
static void ray_clip_block(const lblock *bk, unsigned lanes, wf rx, wf ry, wf lmax, wf ox, wf oy, wf tx, wf ty,
                           cast_lane_out *o) {
    int bound = 0;
    for (unsigned m = lanes; m; m &= m - 1) {
        const int n = (int)bk->naf[__builtin_ctz(m)];
        bound = n > bound ? n : bound;
    }
    ray_clip((const float(*)[W])bk->ax, (const float(*)[W])bk->ay, bound, wf_load(bk->bx[0]), wf_load(bk->by[0]), rx,
             ry, lmax, ox, oy, tx, ty, wf_load(bk->wc), wf_load(bk->ws), o);
}

/// The lanes ref_ray_cast meets with the circle's quadratic: one vertex and a radius.
static inline unsigned ray_circle_lanes(const lblock *bk) {
    const wm circle = wm_and(wf_eq(wf_load(bk->naf), wf_set1(1.0f)), wf_gt(wf_load(bk->ra), wf_zero()));
    return bk->live & wm_bits(circle);
}

/// clip_circle and the rest of ref_ray_cast in every lane (for the circle lanes of a loaded block): the
/// circle about A's column 0 with radius ra, the ray from B's one vertex (the origin in A's frame) along r
/// up to lmax; (ox, oy) and (tx, ty) the origin and translation in the world frame, for the point. The
/// double operations are the reference's, in its order (a negation as a product by -1, which keeps the
/// sign of a zero as the reference's does). Lanes at the start get fraction 0 and end CAST_CONTACT.
static void ray_circle(const lblock *bk, wf rx, wf ry, wf lmax, wf ox, wf oy, wf tx, wf ty, cast_lane_out *o) {
    const wd zero = wd_set1(0.0);
    const wd sx = wd_sub(wd_load_f(bk->bx[0]), wd_load_f(bk->ax[0]));
    const wd sy = wd_sub(wd_load_f(bk->by[0]), wd_load_f(bk->ay[0]));
    const wd R = wd_load_f(bk->ra), drx = wd_from(rx), dry = wd_from(ry);
    const wd outside = wd_sub(wd_add(wd_mul(sx, sx), wd_mul(sy, sy)), wd_mul(R, R));
    const wd toward = wd_add(wd_mul(sx, drx), wd_mul(sy, dry)), rr = wd_add(wd_mul(drx, drx), wd_mul(dry, dry));
    const wd discriminant = wd_sub(wd_mul(toward, toward), wd_mul(rr, outside));
    // A negative discriminant's square root is NaN, in lanes that miss (the comparisons below are false).
    const wd f = wd_div(wd_mul(wd_add(toward, wd_sqrt(discriminant)), wd_set1(-1.0)), rr);
    const unsigned out_bits = wdm_bits(wd_gt(outside, zero));
    const unsigned hit_bits =
        out_bits & wdm_bits(wdm_and(wdm_and(wd_lt(toward, zero), wd_le(zero, discriminant)), wd_le(f, wd_from(lmax))));
    _Alignas(64) float is_out[W], is_hit[W];
    for (int l = 0; l < W; l++) is_out[l] = (float)((out_bits >> l) & 1u), is_hit[l] = (float)((hit_bits >> l) & 1u);
    const wf fraction = wd_to(f), fzero = wf_zero();
    const wm hit = wf_gt(wf_load(is_hit), fzero), out = wf_gt(wf_load(is_out), fzero);
    const wm miss = wm_andnot(out, hit);
    const wm start = wm_andnot(wm_or(wm_not(out), wf_eq(fraction, fzero)), miss);
    const wf nx = wd_to(wd_div(wd_add(sx, wd_mul(f, drx)), R)), ny = wd_to(wd_div(wd_add(sy, wd_mul(f, dry)), R));
    ray_lanes_out(o, miss, start, fraction, lmax, ox, oy, tx, ty, nx, ny, wf_load(bk->wc), wf_load(bk->ws));
}

/// Queue item k, at the start of its ray (the origin on or in the polygon), for the distance lanes.
static void ray_wait_at_start(cast_job *j, int64_t k) {
    j->start[j->starts] = k, j->iter[j->starts] = 1, j->status[j->starts] = GJK2D_STATUS_OK;
    if (++j->starts == W) cast_run_starts(j);
}

/// The common case straight from the caller's arrays: W rays ks[0 .. W) (ks NULL: the consecutive items
/// k0 .. k0 + W - 1, read and written with vector loads and stores) whose shapes are all sharp polygons of
/// at most LANE_ROW vertices (one transposed row), at valid poses, every ray passing ref_motion_check.
/// What lblock_load_items and ray_block do for any block, here without the per-lane bookkeeping of dead,
/// slow and rounded lanes, and with the same operations on every number. Returns 0, having written nothing,
/// when a lane fails those conditions: the caller then takes the general path.
static int ray_polygons_block(cast_job *j, const int64_t *ks, int64_t k0) {
    const gjk2d_rays *rays = j->rays;
    const gjk2d_cast_out *out = j->out;
    _Alignas(64) int32_t shape[W];
    const int32_t *sa = shape;
    wf ox, oy, tx, ty, fmax;
    if (!ks) {
        sa = rays->shape + k0;
        ox = wf_loadu(rays->ox + k0), oy = wf_loadu(rays->oy + k0);
        tx = wf_loadu(rays->dx + k0), ty = wf_loadu(rays->dy + k0);
        fmax = rays->max_fraction ? wf_loadu(rays->max_fraction + k0) : wf_set1(1.0f);
    } else {
        _Alignas(64) float f[5][W];
        for (int l = 0; l < W; l++) {
            const int64_t k = ks[l];
            shape[l] = rays->shape[k];
            f[0][l] = rays->ox[k], f[1][l] = rays->oy[k], f[2][l] = rays->dx[k], f[3][l] = rays->dy[k];
            f[4][l] = rays->max_fraction ? rays->max_fraction[k] : 1.0f;
        }
        ox = wf_load(f[0]), oy = wf_load(f[1]), tx = wf_load(f[2]), ty = wf_load(f[3]), fmax = wf_load(f[4]);
    }
    wf naf, raf;
    lane_heads_load(j->shapes, sa, &naf, &raf);
    const wm polygon = wm_and(wf_ge(naf, wf_set1(3.0f)), wf_le(naf, wf_set1((float)LANE_ROW)));
    if (!wm_all(wm_and(polygon, wf_eq(raf, wf_zero())))) return 0;
    lane_poses pa;
    lane_poses_load(&pa, j->poses, sa);
    if ((lane_poses_ok(&pa) & lane_motion_ok(ox, oy, tx, ty, fmax)) != W_ALL) return 0;

    _Alignas(64) float ax[LANE_ROW][W], ay[LANE_ROW][W], na[W];
    wf_store(na, naf);
    lane_shape_columns(ax, ay, j->shapes, sa, na, LANE_ROW, NULL);
    // The origin into A's frame as ref_ray_cast loads it: a one-vertex B at the identity pose (lblock_frames').
    const wf c = wf_load(pa.c), sn = wf_load(pa.s);
    const wd zero = wd_set1(0.0);
    const lane_relative rel =
        lane_relative_pose(c, sn, wd_load(pa.px), wd_load(pa.py), wf_set1(1.0f), wf_zero(), zero, zero);
    wf qx, qy, rx, ry;
    lane_relative_apply(&rel, ox, oy, &qx, &qy);
    lane_rotate_to_frame_a(c, sn, tx, ty, &rx, &ry);

    cast_lane_out r;
    // Over all LANE_ROW columns, unrolled: a row's padding repeats its last vertex, whose zero-length edges
    // change nothing (ray_clip), and the edge from the last column back to column 0 is the closing edge.
    ray_clip((const float(*)[W])ax, (const float(*)[W])ay, LANE_ROW, qx, qy, rx, ry, fmax, ox, oy, tx, ty, c, sn, &r);
    const wf end = wf_load(r.end), fraction = wf_load(r.fraction);
    const wm miss = wf_eq(end, wf_set1((float)CAST_MISS));
    const unsigned start = wm_bits(wm_andnot(wf_eq(fraction, wf_zero()), miss)); // cast_lanes_at_start
    if (!ks) {
        cast_store_block(out, &r, k0); // those at the start too: the distance lanes write them afterwards
    } else {
        for (unsigned m = W_ALL & ~start; m; m &= m - 1)
            cast_write_lane(out, &r, __builtin_ctz(m), ks[__builtin_ctz(m)]);
    }
    for (unsigned m = start; m; m &= m - 1) ray_wait_at_start(j, ks ? ks[__builtin_ctz(m)] : k0 + __builtin_ctz(m));
    return 1;
}

/// A block of ray items ks[0 .. lanes): loaded, its sharp polygons clipped, its other lanes (rounded,
/// segments, points) cast by GJK with the clipped lanes dead, the lanes it cannot take by the reference.
static void ray_block(cast_job *j, const item_in *it, const int64_t *ks, int lanes, lpending *pend) {
    const gjk2d_rays *rays = j->rays;
    cast_ready c;
    lblock *const bk = &c.bk;
    float *const tx = c.tx, *const ty = c.ty, *const fmax = c.fmax;
    int32_t sa[W];
    int64_t item[W];
    if (lblock_load_items(bk, j->shapes, j->poses, it, ks, 0, lanes, sa, item)) {
        _Alignas(64) float ox[W], oy[W];
        for (int l = 0; l < W; l++) {
            tx[l] = rays->dx[item[l]], ty[l] = rays->dy[item[l]];
            ox[l] = rays->ox[item[l]], oy[l] = rays->oy[item[l]];
            fmax[l] = rays->max_fraction ? rays->max_fraction[item[l]] : 1.0f;
        }
        const unsigned clip = ray_clip_lanes(bk), circles = ray_circle_lanes(bk);
        if (clip | circles) {
            cast_lane_out r;
            wf rx, ry;
            lane_to_frame_a(bk, wf_load(tx), wf_load(ty), &rx, &ry);
            if (clip) {
                ray_clip_block(bk, clip, rx, ry, wf_load(fmax), wf_load(ox), wf_load(oy), wf_load(tx), wf_load(ty), &r);
                cast_lanes_write(j, &r, bk, clip, 0);
            }
            if (circles) {
                ray_circle(bk, rx, ry, wf_load(fmax), wf_load(ox), wf_load(oy), wf_load(tx), wf_load(ty), &r);
                cast_lanes_write(j, &r, bk, circles, 0);
            }
            bk->live &= ~(clip | circles);
        }
        if (bk->live) cast_group(j, &c, 1, pend);
    }
    for (unsigned m = bk->slow; m; m &= m - 1) cast_reference(j, bk->pair[__builtin_ctz(m)]);
}

/// Blocks ahead whose poses and rows a ray cast asks for (the pair kernels' LANE_PREFETCH_BLOCKS covers
/// longer blocks). Timed on the casts benchmark's rays at polygons (AMD Zen 3, avx2, builds interleaved,
/// the ratio to Box2D's within each run; medians of 4 to 14 runs): 2 blocks ahead ran at 4.2x Box2D, 3 at
/// 4.2x, 4 at 3.75x, 8 at 3.4x, 1 at 3.5x, and no requests at 2.6x.
#define RAY_PREFETCH_BLOCKS 2

static void ISA_SYM(gjk2d__ray)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_rays *rays,
                                int64_t begin, int64_t end, const gjk2d_cast_out *out) {
    const item_in it = {rays->shape, rays->ox, rays->oy, rays->dx, rays->dy, rays->max_fraction};
    cast_job j = {shapes, poses, NULL, NULL, rays, out, {0}, {0}, {0}, 0};
    lpending pend;
    lpending_reset(&pend);
    // W consecutive rays at sharp polygons take ray_polygons_block. The others go into three queues, so
    // that a block runs one pass (clipping, the circles' quadratic or GJK): a mixed block would pay for
    // each. Queue 0 the sharp polygons (ray_clip_lanes' test, on the shape as given), queue 1 the circles
    // (ray_circle_lanes'), queue 2 the others; the load sorts out what no lane path takes.
    int64_t queue[3][W];
    int queued[3] = {0, 0, 0};
    // The prefetch of the pair kernels, for items of one shape each (the shape list as a pair list's a).
    const gjk2d_pairs shape_pairs = {rays->shape, rays->shape, rays->count};
    const batch_in in = {shapes, poses, &shape_pairs, end, 0, NULL};
    const int prefetch = shapes->shape_count >= LANE_PREFETCH_MIN_SHAPES;
    for (int64_t k = begin; k < end;) {
        if (prefetch && k + (RAY_PREFETCH_BLOCKS + 1) * W <= end)
            lane_prefetch_shapes(&in, k + RAY_PREFETCH_BLOCKS * W, 1);
        if (end - k >= W && ray_polygons_block(&j, NULL, k)) {
            k += W;
            continue;
        }
        for (const int64_t stop = end - k >= W ? k + W : end; k < stop; k++) {
            const int32_t s = rays->shape[k];
            const int q = shapes->count[s] >= 3 && shapes->radius[s] == 0.0f  ? 0
                          : shapes->count[s] == 1 && shapes->radius[s] > 0.0f ? 1
                                                                              : 2;
            queue[q][queued[q]++] = k;
            if (queued[q] == W) {
                if (q != 0 || !ray_polygons_block(&j, queue[q], 0)) ray_block(&j, &it, queue[q], W, &pend);
                queued[q] = 0;
            }
        }
    }
    for (int q = 0; q < 3; q++)
        if (queued[q]) ray_block(&j, &it, queue[q], queued[q], &pend);
    cast_run_stragglers(&pend, &j);
    cast_run_starts(&j);
}

// ---------------------------------------------------------------------------------------------
// Point query: the distance lanes against the point, then the projection per lane.

static void ISA_SYM(gjk2d__point)(const gjk2d_shapes *shapes, const gjk2d_poses *poses, const gjk2d_points *points,
                                  int64_t begin, int64_t end, const gjk2d_point_out *out) {
    const item_in it = {points->shape, points->x, points->y, NULL, NULL, NULL};
    lblock bk;
    gjk_lanes st;
    gjk_result r;
    int32_t sa[W];
    int64_t item[W];
    gjk2d_simd_stats stats = {0, 0, 0, 0, 0, 0, 0};
    for (int64_t k = begin; k < end; k += W) {
        const int lanes = end - k < W ? (int)(end - k) : W;
        if (lblock_load_items(&bk, shapes, poses, &it, NULL, k, lanes, sa, item)) {
            gjk_block_run(&st, &bk, INT32_MAX, &stats);
            gjk_lanes_finish(&st, &bk, NEED_POINTS | NEED_FEATURES, &r);
            for (unsigned m = bk.live; m; m &= m - 1) {
                const int l = __builtin_ctz(m);
                const int64_t kk = bk.pair[l];
                const ref_shape shape = {gjk2d__row_x(shapes, sa[l]), gjk2d__row_y(shapes, sa[l]), 1,
                                         shapes->count[sa[l]], shapes->radius[sa[l]]};
                const gjk2d__pose pose = {bk.wpx[l], bk.wpy[l], bk.wc[l], bk.ws[l]};
                gjk2d_point_result p;
                ref_point_finish(&shape, &pose, v2(points->x[kk], points->y[kk]), (gjk2d_status)end_status(r.end[l]),
                                 (int32_t)r.fa[l], &p);
                if (out->inside) out->inside[kk] = (uint8_t)p.inside;
                if (out->distance) out->distance[kk] = p.distance;
                if (out->cx) out->cx[kk] = p.closest.x;
                if (out->cy) out->cy[kk] = p.closest.y;
                if (out->nx) out->nx[kk] = p.normal.x;
                if (out->ny) out->ny[kk] = p.normal.y;
                if (out->status) out->status[kk] = (uint8_t)p.status;
            }
        }
        for (unsigned m = bk.slow; m; m &= m - 1) {
            const int64_t kk = bk.pair[__builtin_ctz(m)];
            gjk2d__scalar_table.point(shapes, poses, points, kk, kk + 1, out);
        }
    }
}
