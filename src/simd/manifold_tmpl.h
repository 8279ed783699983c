// SPDX-License-Identifier: MIT
// Contact manifolds in lanes (included by kernel_tmpl.c, once per ISA, after distance_tmpl.h), one pair per
// lane, for every shape kind (points, segments, polygons, each with a radius): ref_manifold (src/ref/manifold.c;
// Catto, "Contact Manifolds", GDC 2007) operation for operation, every decision a mask and a select:
//  1. each shape's best face (ref_sat_face: the SAT kernel's edge normals and projection gaps, keeping the
//     edge), and the reference face by Box2D's rule (A's unless B's is better by the face tolerance);
//  2. a face that separates the cores beyond the radii plus the margin: count 0 and its normal;
//  3. the lanes that are neither apart by a face nor two polygons no face separates: GJK on the cores (the
//     distance kernel's lanes, ref_closest_cores bit for bit), count 0 beyond the radii plus the margin;
//  4. a face contact: the incident edge (the least dot of the incident shape's edge normals with the reference
//     normal, a support search; a point is its own incident vertex), the two side-plane clips of
//     Sutherland-Hodgman on two points, the separations and the margin, and the deepest incident vertex when
//     the clip leaves nothing of overlapping cores;
//  5. otherwise the vertex contact from GJK's closest points.
// A lane goes to the reference (gjk2d__scalar_manifold) only for a face contact where a vertex of either
// polygon may be straight or duplicated (the reference extends faces over such vertices, face_run; a screen on
// each shape's least turn, computed when the set was prepared, decides with a wide margin, so every lane it
// keeps has no such vertex).

/// A shape's best face (ref_sat_face) and every edge's outward normal, for the incident search.
typedef struct mf_faces {
    _Alignas(64) float enx[NMAX][W]; ///< unit outward normal of the edge from column i to the next
    _Alignas(64) float eny[NMAX][W];
    wm ev[NMAX];           ///< the edges of non-zero length
    wf sep, nx, ny;        ///< the best face's projection gap and normal
    wf first, next;        ///< its vertex indices (the face is the edge first -> next)
    wf v1x, v1y, v2x, v2y; ///< its ends
    wm found;
} mf_faces;

/// The vertex index of column i of a shape with n (per lane) vertices padded to `bound` columns: the edge
/// from the last column closes the polygon, so it is edge n - 1.
static inline wf mf_edge_index(int i, int bound, wf n) {
    return i == bound - 1 ? wf_sub(n, wf_set1(1.0f)) : wf_set1((float)i);
}

/// ref_sat_face over columns, on the normals edge_normals put in f: the edges of `self` in order, the first of
/// the largest gap winning. `bounded`: rank the edges by edge_gap_bound, then settle (face_search_settled);
/// otherwise by their gaps over whole shapes.
static inline __attribute__((always_inline)) void mf_face_pass(mf_faces *f, const float (*sx)[W], const float (*sy)[W],
                                                               int ns, const float (*ox)[W], const float (*oy)[W],
                                                               int no, wf n_self, int bounded, wf *min_o) {
    const wf zero = wf_zero();
    f->found = wm_none();
    f->sep = f->nx = f->ny = f->first = f->next = f->v1x = f->v1y = f->v2x = f->v2y = *min_o = zero;
    for (int i = 0; i < ns; i++) {
        const wm valid = f->ev[i];
        if (!wm_any(valid)) continue;
        const int i1 = i + 1 < ns ? i + 1 : 0;
        const wf px = wf_load(sx[i]), py = wf_load(sy[i]), qx = wf_load(sx[i1]), qy = wf_load(sy[i1]);
        const wf nx = wf_load(f->enx[i]), ny = wf_load(f->eny[i]);
        wf mo = zero;
        const wf gap = bounded ? edge_gap_bound(sx, sy, i, i1, ox, oy, no, nx, ny, &mo)
                               : projection_gap(sx, sy, ns, ox, oy, no, nx, ny);
        const wm take = wm_and(valid, wm_or(wm_not(f->found), wf_gt(gap, f->sep)));
        f->sep = wf_sel(take, gap, f->sep);
        if (bounded) *min_o = wf_sel(take, mo, *min_o);
        f->nx = wf_sel(take, nx, f->nx);
        f->ny = wf_sel(take, ny, f->ny);
        f->first = wf_sel(take, mf_edge_index(i, ns, n_self), f->first);
        f->next = wf_sel(take, wf_set1((float)i1), f->next);
        f->v1x = wf_sel(take, px, f->v1x);
        f->v1y = wf_sel(take, py, f->v1y);
        f->v2x = wf_sel(take, qx, f->v2x);
        f->v2y = wf_sel(take, qy, f->v2y);
        f->found = wm_or(f->found, take);
    }
}

/// The end of a face search ranked by bounds (mf_face_pass with `bounded`, the winner's least projection of
/// `other` in min_o): the winner's gap where every lane is settled, else the search over whole shapes.
static inline __attribute__((always_inline)) void mf_face_settle(mf_faces *f, const float (*sx)[W],
                                                                 const float (*sy)[W], int ns, const float (*ox)[W],
                                                                 const float (*oy)[W], int no, wf n_self, wf min_o) {
    wf gap;
    if (wm_all(face_search_settled(sx, sy, ns, f->found, f->sep, min_o, f->nx, f->ny, &gap)))
        f->sep = wf_sel(f->found, gap, f->sep);
    else
        mf_face_pass(f, sx, sy, ns, ox, oy, no, n_self, 0, &min_o);
}

/// The bounding box of a shape's columns.
typedef struct mf_box {
    wf x0, x1, y0, y1;
} mf_box;

static inline __attribute__((always_inline)) mf_box mf_bounds(const float (*cx)[W], const float (*cy)[W], int bound) {
    mf_box b = {wf_load(cx[0]), wf_load(cx[0]), wf_load(cy[0]), wf_load(cy[0])};
    for (int i = 1; i < bound; i++) {
        const wf x = wf_load(cx[i]), y = wf_load(cy[i]);
        b.x0 = wf_min_lt(x, b.x0);
        b.x1 = wf_max_gt(x, b.x1);
        b.y0 = wf_min_lt(y, b.y0);
        b.y1 = wf_max_gt(y, b.y1);
    }
    return b;
}

/// core_extent: max(width, height) of the box.
static inline wf mf_extent(const mf_box *b) { return wf_max_gt(wf_sub(b->x1, b->x0), wf_sub(b->y1, b->y0)); }

/// Lanes where a vertex of the shape may be straight or duplicated in face_run's sense: |cross(e1, e2)| within
/// 4 eps M (|e1|_1 + |e2|_1) in double, M the largest |coordinate| of the shape's columns (A's frame), e1 and e2
/// their edges into and out of the vertex. A lane is clear when the shape's least turn tau (row_least_turn in
/// src/shapes.c, from its own vertices) exceeds 16 eps M, a bound no larger than 2^-100 excepted. Why that
/// suffices: A's columns are its own vertices, and tau (|e1|_1 + |e2|_1) <= |cross|. B's are its vertices v
/// moved by the relative rotation R (|det R - 1| and ||R|| - 1 below 1e-5 for valid poses) and a translation,
/// in double and rounded to float: each coordinate within about 1.5 2^-24 M of R v + t, the double step's
/// share bounded because a polygon's extent, hence M, is at least 2^-27 of its largest local coordinate.
/// So each edge is R e + d with |d|_2 <= 2.2 eps M, the cross of the columns' edges is at least
/// |cross(e1, e2)| - 2.2 eps M (|e1|_2 + |e2|_2) - 5 eps^2 M^2, and the slack at most
/// 5.7 eps M (|e1|_2 + |e2|_2) + 25 eps^2 M^2. tau > 16 eps M gives |cross(e1, e2)| > 16 eps M s and
/// (tau <= s / 4, s = |e1|_1 + |e2|_1 >= 64 eps M) |cross(e1, e2)| > 1024 eps^2 M^2: the cross exceeds the
/// slack by half of itself, and every edge is longer than 16 eps M, so no two columns coincide. An overflowed
/// or NaN M leaves the lane to the reference.
static inline __attribute__((always_inline)) wm mf_maybe_straight(wf least_turn, const mf_box *box) {
    // M, the largest |coordinate|, from the box: the largest |x| is |min x| or |max x|.
    const wf m = wf_max_gt(wf_max_gt(wf_abs(box->x0), wf_abs(box->x1)), wf_max_gt(wf_abs(box->y0), wf_abs(box->y1)));
    const wf bound = wf_mul(wf_set1(16.0f * FLT_EPSILON), m);
    const wm clear = wm_and(wf_gt(least_turn, bound), wf_ge(bound, wf_set1(0x1p-100f)));
    return wm_not(clear);
}

/// incident_edge over one shape's columns: the first edge whose normal has the least dot with (nrx, nry),
/// its vertex indices and ends. Returns the lanes whose shape has an edge (not a point).
typedef struct mf_incident {
    wf j, j2;          ///< the edge j -> j2
    wf x0, y0, x1, y1; ///< its ends
} mf_incident;

static inline __attribute__((always_inline)) wm mf_incident_search(mf_incident *r, const mf_faces *f,
                                                                   const float (*cx)[W], const float (*cy)[W],
                                                                   int bound, wf n, wf nrx, wf nry) {
    const wf zero = wf_zero();
    wm found = wm_none();
    wf best = zero;
    r->j = r->j2 = r->x0 = r->y0 = r->x1 = r->y1 = zero;
    for (int i = 0; i < bound; i++) {
        if (!wm_any(f->ev[i])) continue;
        const int i1 = i + 1 < bound ? i + 1 : 0;
        const wf dot = wf_dot(wf_load(f->enx[i]), wf_load(f->eny[i]), nrx, nry);
        const wm take = wm_and(f->ev[i], wm_or(wm_not(found), wf_lt(dot, best)));
        best = wf_sel(take, dot, best);
        r->j = wf_sel(take, mf_edge_index(i, bound, n), r->j);
        r->j2 = wf_sel(take, wf_set1((float)i1), r->j2);
        r->x0 = wf_sel(take, wf_load(cx[i]), r->x0);
        r->y0 = wf_sel(take, wf_load(cy[i]), r->y0);
        r->x1 = wf_sel(take, wf_load(cx[i1]), r->x1);
        r->y1 = wf_sel(take, wf_load(cy[i1]), r->y1);
        found = wm_or(found, take);
    }
    return found;
}

/// mf_incident_search on A's columns where `on_a`, on B's elsewhere, both shapes padded to `bound` columns:
/// one pass where a block holds reference faces on both shapes (the usual block), which would otherwise search
/// both shapes for every lane. On 16 lanes only (MF_INCIDENT_EITHER): side by side with the two searches (AMD
/// Zen 5, 200,000 pairs, both orders, bit-identical) avx512 ran W1 1.02-1.03x, W2 1.01x and W6 1.02x, avx2 W1
/// 0.99x (its 8 lanes hold reference faces on one shape only more often).
#define MF_INCIDENT_EITHER (W >= 16)
static inline __attribute__((always_inline)) wm mf_incident_search_either(mf_incident *r, wm on_a, const mf_faces *fa,
                                                                          const mf_faces *fb, const lblock *bk,
                                                                          int bound, wf n, wf nrx, wf nry) {
    const wf zero = wf_zero();
    wm found = wm_none();
    wf best = zero;
    r->j = r->j2 = r->x0 = r->y0 = r->x1 = r->y1 = zero;
    wf x = wf_sel(on_a, wf_load(bk->ax[0]), wf_load(bk->bx[0])),
       y = wf_sel(on_a, wf_load(bk->ay[0]), wf_load(bk->by[0]));
    const wf x_first = x, y_first = y;
    for (int i = 0; i < bound; i++) {
        const int i1 = i + 1 < bound ? i + 1 : 0;
        const wf x1 = i1 ? wf_sel(on_a, wf_load(bk->ax[i1]), wf_load(bk->bx[i1])) : x_first;
        const wf y1 = i1 ? wf_sel(on_a, wf_load(bk->ay[i1]), wf_load(bk->by[i1])) : y_first;
        const wm valid = wm_or(wm_and(on_a, fa->ev[i]), wm_andnot(fb->ev[i], on_a));
        if (wm_any(valid)) {
            const wf enx = wf_sel(on_a, wf_load(fa->enx[i]), wf_load(fb->enx[i]));
            const wf eny = wf_sel(on_a, wf_load(fa->eny[i]), wf_load(fb->eny[i]));
            const wf dot = wf_dot(enx, eny, nrx, nry);
            const wm take = wm_and(valid, wm_or(wm_not(found), wf_lt(dot, best)));
            best = wf_sel(take, dot, best);
            r->j = wf_sel(take, mf_edge_index(i, bound, n), r->j);
            r->j2 = wf_sel(take, wf_set1((float)i1), r->j2);
            r->x0 = wf_sel(take, x, r->x0);
            r->y0 = wf_sel(take, y, r->y0);
            r->x1 = wf_sel(take, x1, r->x1);
            r->y1 = wf_sel(take, y1, r->y1);
            found = wm_or(found, take);
        }
        x = x1, y = y1;
    }
    return found;
}

/// A clip point and the features that make it (GJK2D_FEATURE_* values, as floats: exact).
typedef struct mf_point {
    wf x, y, fr, fi; ///< fr on the reference shape, fi on the incident one
} mf_point;

static inline mf_point mf_sel(wm m, mf_point a, mf_point b) {
    mf_point r = {wf_sel(m, a.x, b.x), wf_sel(m, a.y, b.y), wf_sel(m, a.fr, b.fr), wf_sel(m, a.fi, b.fi)};
    return r;
}

/// clip_segment on two points with signed distances d0, d1 (kept where <= 0): the kept points in order, then
/// the crossing point (features: the side plane's reference vertex, the incident edge). *n gets their number.
static inline void mf_clip(const mf_point in[2], wf d0, wf d1, wf side_vertex, wf incident_edge, mf_point out[2],
                           wf *n) {
    const wf zero = wf_zero(), one = wf_set1(1.0f);
    const wm k0 = wf_le(d0, zero), k1 = wf_le(d1, zero);
    const wm cross = wm_or(wm_and(wf_lt(d0, zero), wf_gt(d1, zero)), wm_and(wf_gt(d0, zero), wf_lt(d1, zero)));
    const wf t = wf_div(d0, wf_sub(d0, d1));
    mf_point x;
    x.x = wf_add(in[0].x, wf_mul(t, wf_sub(in[1].x, in[0].x)));
    x.y = wf_add(in[0].y, wf_mul(t, wf_sub(in[1].y, in[0].y)));
    x.fr = side_vertex;
    x.fi = incident_edge;
    out[0] = mf_sel(k0, in[0], mf_sel(k1, in[1], x));
    out[1] = mf_sel(wm_and(k0, k1), in[1], x);
    *n = wf_add(wf_add(wf_sel(k0, one, zero), wf_sel(k1, one, zero)), wf_sel(cross, one, zero));
}

/// The manifold of a block's pairs in lanes, in A's frame (before the move to world).
typedef struct mf_result {
    wf nx, ny;     ///< normal, A to B
    wf count;      ///< 0, 1 or 2
    wm ref_is_b;   ///< B holds the reference face (of a face contact)
    mf_point c[2]; ///< contacts: point and features, fr = A's, fi = B's
    wf sep[2];
    wf status; ///< GJK2D_STATUS_OK, or GJK2D_STATUS_MAXITER where GJK on the cores reached its cap
} mf_result;

/// Step 4 for the lanes in `face`: the face contact on the reference face (ref_is_b picks B's), with the
/// deepest incident vertex where the clip leaves no point within the margin of cores that `overlap`. Lanes
/// left with no point keep count 0 (then the vertex contact).
static inline __attribute__((always_inline)) void mf_face_contact(const lblock *bk, int nab, int nbb,
                                                                  const mf_faces *fa, const mf_faces *fb, wm ref_is_b,
                                                                  wm face, wm overlap, wd radii, wf margin,
                                                                  mf_result *r) {
    const wf zero = wf_zero(), one = wf_set1(1.0f), two = wf_set1(2.0f);
    const wf na = wf_load(bk->naf), nb = wf_load(bk->nbf);
    const wf nrx = wf_sel(ref_is_b, fb->nx, fa->nx), nry = wf_sel(ref_is_b, fb->ny, fa->ny);
    const wf v1x = wf_sel(ref_is_b, fb->v1x, fa->v1x), v1y = wf_sel(ref_is_b, fb->v1y, fa->v1y);
    const wf v2x = wf_sel(ref_is_b, fb->v2x, fa->v2x), v2y = wf_sel(ref_is_b, fb->v2y, fa->v2y);
    const wf i1 = wf_sel(ref_is_b, fb->first, fa->first), i2 = wf_sel(ref_is_b, fb->next, fa->next);
    const wf ra = wf_load(bk->ra), rb = wf_load(bk->rb);
    const wf r_ref = wf_sel(ref_is_b, rb, ra), r_inc = wf_sel(ref_is_b, ra, rb);

    // The incident edge: B's where A holds the reference face, A's where B does.
    mf_incident inc;
    const wm ref_a = wm_andnot(face, ref_is_b), ref_b = wm_and(face, ref_is_b);
    wm has_edge;
    if (MF_INCIDENT_EITHER && nab == nbb && wm_any(ref_a) && wm_any(ref_b))
        has_edge = mf_incident_search_either(&inc, ref_is_b, fa, fb, bk, nab, wf_sel(ref_is_b, na, nb), nrx, nry);
    else if (wm_any(ref_a))
        has_edge = mf_incident_search(&inc, fb, bk->bx, bk->by, nbb, nb, nrx, nry);
    else
        has_edge = mf_incident_search(&inc, fa, bk->ax, bk->ay, nab, na, nrx, nry);
    if (wm_any(ref_a) && wm_any(ref_b) && !(MF_INCIDENT_EITHER && nab == nbb)) {
        mf_incident on_a;
        const wm a_has_edge = mf_incident_search(&on_a, fa, bk->ax, bk->ay, nab, na, nrx, nry);
        has_edge = wm_or(wm_and(ref_is_b, a_has_edge), wm_andnot(has_edge, ref_is_b));
        inc.j = wf_sel(ref_is_b, on_a.j, inc.j);
        inc.j2 = wf_sel(ref_is_b, on_a.j2, inc.j2);
        inc.x0 = wf_sel(ref_is_b, on_a.x0, inc.x0);
        inc.y0 = wf_sel(ref_is_b, on_a.y0, inc.y0);
        inc.x1 = wf_sel(ref_is_b, on_a.x1, inc.x1);
        inc.y1 = wf_sel(ref_is_b, on_a.y1, inc.y1);
    }
    const wf edge_ref = wf_add(wf_mul(two, i1), one); // GJK2D_FEATURE_EDGE(i1)
    const mf_point edge[2] = {{inc.x0, inc.y0, edge_ref, wf_mul(two, inc.j)},
                              {inc.x1, inc.y1, edge_ref, wf_mul(two, inc.j2)}};
    const wf edge_inc = wf_add(wf_mul(two, inc.j), one);

    // The side planes: t = nref turned counter-clockwise; keep lower <= dot(t, x) <= upper.
    const wf tx = wf_neg(nry), ty = nrx;
    const wf lower = wf_dot(tx, ty, v1x, v1y), upper = wf_dot(tx, ty, v2x, v2y);
    mf_point half[2], clipped[2];
    wf n1, n2;
    mf_clip(edge, wf_sub(lower, wf_dot(tx, ty, edge[0].x, edge[0].y)),
            wf_sub(lower, wf_dot(tx, ty, edge[1].x, edge[1].y)), wf_mul(two, i1), edge_inc, half, &n1);
    const wf e0 = wf_sub(wf_dot(tx, ty, half[0].x, half[0].y), upper);
    const wf e1 = wf_sub(wf_dot(tx, ty, half[1].x, half[1].y), upper);
    mf_clip(half, e0, e1, wf_mul(two, i2), edge_inc, clipped, &n2);
    // One point after the first plane: kept if within the second; none: none.
    const wm one_left = wf_eq(n1, one);
    wf n = wf_sel(wf_eq(n1, two), n2, wf_sel(one_left, wf_sel(wf_le(e0, zero), one, zero), zero));
    clipped[0] = mf_sel(one_left, half[0], clipped[0]);
    // An incident point (a shape without edges): its vertex, unclipped.
    const wm point = wm_andnot(face, has_edge);
    if (wm_any(point)) {
        const mf_point p = {wf_sel(ref_is_b, wf_load(bk->ax[0]), wf_load(bk->bx[0])),
                            wf_sel(ref_is_b, wf_load(bk->ay[0]), wf_load(bk->by[0])), edge_ref, zero};
        clipped[0] = mf_sel(point, p, clipped[0]);
        n = wf_sel(point, one, n);
    }

    // The points within the margin, in order; midway between the surfaces.
    wm keep[2];
    mf_point pt[2];
    wf sep[2];
    for (int i = 0; i < 2; i++) {
        const wf gap = wf_dot(nrx, nry, wf_sub(clipped[i].x, v1x), wf_sub(clipped[i].y, v1y));
        sep[i] = wd_to(wd_sub(wd_from(gap), radii));
        keep[i] = wm_and(wf_lt(wf_set1((float)i), n), wf_le(sep[i], margin));
        const wf half_gap = wf_mul(wf_set1(0.5f), wf_sub(wf_sub(r_ref, gap), r_inc));
        pt[i] = clipped[i];
        pt[i].x = wf_add(clipped[i].x, wf_mul(half_gap, nrx));
        pt[i].y = wf_add(clipped[i].y, wf_mul(half_gap, nry));
    }
    mf_point c0 = mf_sel(keep[0], pt[0], pt[1]), c1 = pt[1];
    wf s0 = wf_sel(keep[0], sep[0], sep[1]), s1 = sep[1];
    wf count = wf_add(wf_sel(keep[0], one, zero), wf_sel(keep[1], one, zero));

    // deepest_contact: the incident vertex furthest along -nref, where nothing was kept of overlapping cores.
    const wm none = wm_and(wm_and(face, overlap), wf_eq(count, zero));
    if (wm_any(none)) {
        const wf dx = wf_neg(nrx), dy = wf_neg(nry);
        wf px = zero, py = zero, idx = zero;
        if (wm_any(wm_andnot(none, ref_is_b))) lane_support(bk->bx, bk->by, nbb, dx, dy, &px, &py, &idx);
        if (wm_any(wm_and(none, ref_is_b))) {
            wf qx, qy, qi;
            lane_support(bk->ax, bk->ay, nab, dx, dy, &qx, &qy, &qi);
            px = wf_sel(ref_is_b, qx, px);
            py = wf_sel(ref_is_b, qy, py);
            idx = wf_sel(ref_is_b, qi, idx);
        }
        const wf gap = wf_dot(nrx, nry, wf_sub(px, v1x), wf_sub(py, v1y));
        const wf half_gap = wf_mul(wf_set1(0.5f), wf_sub(wf_sub(r_ref, gap), r_inc));
        const mf_point d = {wf_add(px, wf_mul(half_gap, nrx)), wf_add(py, wf_mul(half_gap, nry)), edge_ref,
                            wf_mul(two, idx)};
        // Within the margin only (a bent boundary's face need not bound it: deepest_contact).
        const wf sep_d = wd_to(wd_sub(wd_from(gap), radii));
        const wm deep = wm_and(none, wf_le(sep_d, margin));
        c0 = mf_sel(deep, d, c0);
        s0 = wf_sel(deep, sep_d, s0);
        count = wf_sel(deep, one, count);
    }
    // Features as A's and B's.
    const mf_point sw0 = {c0.x, c0.y, wf_sel(ref_is_b, c0.fi, c0.fr), wf_sel(ref_is_b, c0.fr, c0.fi)};
    const mf_point sw1 = {c1.x, c1.y, wf_sel(ref_is_b, c1.fi, c1.fr), wf_sel(ref_is_b, c1.fr, c1.fi)};
    r->c[0] = mf_sel(face, sw0, r->c[0]);
    r->c[1] = mf_sel(face, sw1, r->c[1]);
    r->sep[0] = wf_sel(face, s0, r->sep[0]);
    r->sep[1] = wf_sel(face, s1, r->sep[1]);
    r->count = wf_sel(face, count, r->count);
    r->nx = wf_sel(face, wf_sel(ref_is_b, wf_neg(nrx), nrx), r->nx);
    r->ny = wf_sel(face, wf_sel(ref_is_b, wf_neg(nry), nry), r->ny);
}

/// mf_store's fields of a lane as floats (ids and flags exact): the 16 float outputs in its order, then these.
enum { MF_ID = 16, MF_COUNT = 18, MF_REFERENCE = 19, MF_STATUS = 20, MF_FIELDS = 24, MF_GROUPS = MF_FIELDS / 8 };

/// A window's answers as records on 8 lanes, as fields side by side on fewer (mf_window_out). Timed side by side
/// against the fields on every lane count (AMD Zen 5, 200,000 pairs, both orders, bit-identical), records ran
/// avx2's manifold 1.02-1.06x on W6 and 1.06-1.09x on W8, but sse41's 0.96-0.99x and 0.95x and the portable
/// build's 0.97-0.99x, whose 4-lane gathers are four loads. (16 lanes keep the pairs' order: MF_ORDERS_KINDS.)
#define MF_WINDOW_RECORDS (W == 8)

/// A sorted window's answers in its order (mf_window_sort), until mf_window_put writes them at the pairs'
/// indices. With MF_WINDOW_RECORDS a record of MF_FIELDS per pair, in groups of 8 (rec[g][i]: fields
/// 8 g .. 8 g + 7 of the pair at position i): a block's fields go in by 4 x 4 transposes and W pairs' come out by
/// 8 x W ones, where fields side by side (field[q][i]) take a gather per field and W pairs.
typedef struct mf_window_out {
    union {
        _Alignas(64) float rec[MF_GROUPS][LWINDOW][8];
        _Alignas(64) float field[MF_FIELDS][LWINDOW];
    };
} mf_window_out;

/// Fields f[q][l] (MF_FIELDS of W lanes) of a block into the window's records at positions at .. at + W - 1,
/// four fields at a time (a record's half: 16 bytes of its 32).
static inline void mf_records_put(mf_window_out *wo, const float (*f)[W], int at) {
    int32_t lane[W];
    for (int l = 0; l < W; l++) lane[l] = l;
    for (int q = 0; q < MF_FIELDS; q += 4) {
        char *const base = (char *)wo->rec[q / 8][at] + (q % 8) * sizeof(float);
        wf_store_records4(base, (int64_t)sizeof wo->rec[0][0], lane, wf_load(f[q]), wf_load(f[q + 1]),
                          wf_load(f[q + 2]), wf_load(f[q + 3]));
    }
}

/// The records of the W pairs at positions pos[0 .. W) of a window as fields f[q][l] (mf_records_put's inverse).
static inline void mf_records_get(const mf_window_out *wo, const float *pos, float (*f)[W]) {
    for (int g = 0; g < MF_GROUPS; g++) {
        const float *rows[W];
        for (int l = 0; l < W; l++) rows[l] = wo->rec[g][(int)pos[l]];
        wf_transpose8(rows, f + 8 * g);
    }
}

/// The 16 float outputs in mf_store's order of fields (NULL where the caller asks for none).
static inline void mf_float_outputs(const gjk2d_manifold_out *out, float *dst[16]) {
    float *const f[16] = {
        out->nx,           out->ny,           out->px[0],        out->py[0],         out->anchor_ax[0],
        out->anchor_ay[0], out->anchor_bx[0], out->anchor_by[0], out->separation[0], out->px[1],
        out->py[1],        out->anchor_ax[1], out->anchor_ay[1], out->anchor_bx[1],  out->anchor_by[1],
        out->separation[1]};
    memcpy(dst, f, sizeof f);
}

/// Fields f[q][l] (MF_FIELDS of W lanes) of the W consecutive pairs k .. k + W - 1 into the outputs asked for,
/// a vector store each (dst: mf_float_outputs).
static inline void mf_fields_write(const gjk2d_manifold_out *out, float *const dst[16], const float (*f)[W],
                                   int64_t k) {
    for (int q = 0; q < 16; q++)
        if (dst[q]) wf_storeu(dst[q] + k, wf_load(f[q]));
    for (int i = 0; i < 2; i++)
        if (out->id[i]) wf_store_i32((int32_t *)out->id[i] + k, wf_load(f[MF_ID + i]));
    if (out->count) wf_store_u8(out->count + k, wf_load(f[MF_COUNT]));
    if (out->reference) wf_store_u8(out->reference + k, wf_load(f[MF_REFERENCE]));
    if (out->status) wf_store_u8(out->status + k, wf_load(f[MF_STATUS]));
}

/// Contact point i of a block to world (to_world) and its outputs; lanes beyond a lane's count get NaN
/// numbers and id NONE. `whole`: every lane of the block is a pair of this range the lanes answered.
/// `wo`: a block of a sorted window, whose lanes go to wo at position `at` (every lane: the lanes it does
/// not answer are written over by the reference after mf_window_put).
static void mf_store(const lblock *bk, const mf_result *r, unsigned done, int whole, const gjk2d_manifold_out *out,
                     mf_window_out *wo, int at) {
    const wf nan = wf_set1(NAN);
    const wf c = wf_load(bk->wc), s = wf_load(bk->ws);
    const wf wnx = wf_sub(wf_mul(c, r->nx), wf_mul(s, r->ny)), wny = wf_add(wf_mul(s, r->nx), wf_mul(c, r->ny));
    _Alignas(64) float f[MF_FIELDS][W];
    float(*const id)[W] = f + MF_ID;
    float *const count = f[MF_COUNT], *const ref_b = f[MF_REFERENCE], *const status = f[MF_STATUS];
    wf_store(f[0], wnx);
    wf_store(f[1], wny);
    const int anchors_b = out->anchor_bx[0] || out->anchor_by[0] || out->anchor_bx[1] || out->anchor_by[1];
    const wd dc = wd_from(c), ds = wd_from(s), apx = wd_load(bk->wpx), apy = wd_load(bk->wpy);
    for (int i = 0; i < 2; i++) {
        const wm has = wf_lt(wf_set1((float)i), r->count);
        const wd x = wd_from(r->c[i].x), y = wd_from(r->c[i].y);
        const wd ax = wd_sub(wd_mul(dc, x), wd_mul(ds, y)), ay = wd_add(wd_mul(ds, x), wd_mul(dc, y));
        wf_store(f[2 + 7 * i], wf_sel(has, wd_to(wd_add(ax, apx)), nan));
        wf_store(f[3 + 7 * i], wf_sel(has, wd_to(wd_add(ay, apy)), nan));
        wf_store(f[4 + 7 * i], wf_sel(has, wd_to(ax), nan));
        wf_store(f[5 + 7 * i], wf_sel(has, wd_to(ay), nan));
        if (anchors_b) {
            const wd bx = wd_load(bk->bpx), by = wd_load(bk->bpy);
            wf_store(f[6 + 7 * i], wf_sel(has, wd_to(wd_sub(ax, wd_sub(bx, apx))), nan));
            wf_store(f[7 + 7 * i], wf_sel(has, wd_to(wd_sub(ay, wd_sub(by, apy))), nan));
        }
        wf_store(f[8 + 7 * i], wf_sel(has, r->sep[i], nan));
        // GJK2D_CONTACT_ID: (feature_a + 1) << 12 | (feature_b + 1), exact in float; NONE is -1 as an int32.
        const wf one = wf_set1(1.0f);
        const wf idf = wf_add(wf_mul(wf_add(r->c[i].fr, one), wf_set1(4096.0f)), wf_add(r->c[i].fi, one));
        wf_store(id[i], wf_sel(has, idf, wf_set1(-1.0f)));
    }
    float *dst[16];
    mf_float_outputs(out, dst);
    // A face's reference flag where the lane has contacts.
    const wf has_ref = wf_sel(wm_and(wf_gt(r->count, wf_zero()), r->ref_is_b), wf_set1(1.0f), wf_zero());
    wf_store(count, r->count);
    wf_store(ref_b, has_ref);
    wf_store(status, r->status);
    if (wo) {
        // Every field defined: B's anchors that no output asks for, and the padding, as zeros.
        for (int q = 0; q < MF_FIELDS; q++)
            if ((q < 16 && !dst[q]) || q > MF_STATUS) wf_store(f[q], wf_zero());
        if (MF_WINDOW_RECORDS)
            mf_records_put(wo, (const float(*)[W])f, at);
        else
            for (int q = 0; q <= MF_STATUS; q++) wf_store(wo->field[q] + at, wf_load(f[q]));
        return;
    }
    if (whole) {
        mf_fields_write(out, dst, (const float(*)[W])f, bk->pair[0]);
        return;
    }
    for (unsigned m = done; m; m &= m - 1) {
        const int l = __builtin_ctz(m);
        const int64_t k = bk->pair[l];
        for (int q = 0; q < 16; q++)
            if (dst[q]) dst[q][k] = f[q][l];
        for (int i = 0; i < 2; i++)
            if (out->id[i]) out->id[i][k] = (uint32_t)(int32_t)id[i][l];
        if (out->count) out->count[k] = (uint8_t)count[l];
        if (out->reference) out->reference[k] = (uint8_t)ref_b[l];
        if (out->status) out->status[k] = (uint8_t)status[l];
    }
}

/// Step 3, ref_closest_cores on the lanes `lanes` of the block (the distance kernel's lockstep GJK, the others
/// marked ended before the first step), with their ends. Out of line: one copy of the GJK loops serves every
/// column bound of mf_block_n.
static __attribute__((noinline)) void mf_closest_cores(const lblock *bk, wm lanes, lane_cores *g, wf *end) {
    gjk_lanes st;
    gjk_lanes_start(&st, bk);
    st.end = wf_sel(lanes, st.end, wf_set1((float)END_EMPTY));
    if (bk->na_bound == 1 && bk->nb_bound == 1) {
        // Two points: the first support search finds the simplex's one vertex again (case 1, repeated
        // support), leaving the start's simplex and direction as they are; the lanes where it is the origin
        // ended at the start (case 3a).
        st.end = wf_sel(wf_eq(st.end, wf_zero()), wf_set1((float)GJK2D_END_REPEATED_SUPPORT), st.end);
        gjk_lanes_cores(&st, bk, NEED_POINTS | NEED_FEATURES, g);
        *end = st.end;
        return;
    }
    unsigned running = wm_bits(wf_eq(st.end, wf_zero())) & bk->live;
    gjk2d_simd_stats stats;
    memset(&stats, 0, sizeof stats);
    gjk_block_steps(&st, bk, INT32_MAX, 1, 0, NULL, &running, &stats);
    gjk_lanes_cores(&st, bk, NEED_POINTS | NEED_FEATURES, g);
    *end = st.end;
}

/// The block's manifolds with A's and B's columns bounded by nab and nbb; returns the live lanes left to the
/// reference.
static inline __attribute__((always_inline)) unsigned mf_block_n(const lblock *bk, int nab, int nbb, int whole_block,
                                                                 float margin_s, const batch_in *in,
                                                                 const gjk2d_manifold_out *out, mf_window_out *wo,
                                                                 int at) {
    const gjk2d_pairs *pairs = in->pairs;
    const wf zero = wf_zero(), three = wf_set1(3.0f), margin = wf_set1(margin_s);
    const wf na = wf_load(bk->naf), nb = wf_load(bk->nbf);
    // The shapes' least turns for step 4's screen (mf_prefetch_turns asked for them).
    int32_t sa[W], sb[W];
    const int32_t *ia = sa, *ib = sb;
    if (whole_block) {
        ia = pairs->a + bk->pair[0], ib = pairs->b + bk->pair[0];
    } else {
        for (int l = 0; l < W; l++) { // a lane past the range: lane 0's pair
            const int64_t k = bk->pair[l] >= 0 ? bk->pair[l] : bk->pair[0];
            sa[l] = pairs->a[k], sb[l] = pairs->b[k];
        }
    }
    const float *turn = in->shapes->least_turn;
    const int64_t shapes = in->shapes->shape_count;
    int32_t lo;
    // Spelled out here and in lane_poses_load: a helper for the choice, shared by both, changed GCC's code for the
    // block load, and W1's overlap and SAT ran 0.93-0.95x (avx512, side by side).
    const wf turn_a = lane_near(shapes, ia, &lo) ? wf_gather_near(turn, ia, lo) : wf_gather_at(turn, ia);
    const wf turn_b = lane_near(shapes, ib, &lo) ? wf_gather_near(turn, ib, lo) : wf_gather_at(turn, ib);
    mf_faces fa, fb;
    // 1. Each shape's best face; B's only if clearly better.
    // Both shapes' normals before either search (see edge_normals).
    edge_normals(fa.enx, fa.eny, fa.ev, bk->ax, bk->ay, nab);
    edge_normals(fb.enx, fb.eny, fb.ev, bk->bx, bk->by, nbb);
    // Both rankings before either is settled, as the SAT's (docs/design.md, "Face searches by bounds").
    wf min_a, min_b;
    mf_face_pass(&fa, bk->ax, bk->ay, nab, bk->bx, bk->by, nbb, na, 1, &min_a);
    mf_face_pass(&fb, bk->bx, bk->by, nbb, bk->ax, bk->ay, nab, nb, 1, &min_b);
    mf_face_settle(&fa, bk->ax, bk->ay, nab, bk->bx, bk->by, nbb, na, min_a);
    mf_face_settle(&fb, bk->bx, bk->by, nbb, bk->ax, bk->ay, nab, nb, min_b);
    const mf_box box_a = mf_bounds(bk->ax, bk->ay, nab), box_b = mf_bounds(bk->bx, bk->by, nbb);
    const wf tol = wf_mul(wf_set1(GJK2D_MANIFOLD_FACE_TOLERANCE), wf_add(mf_extent(&box_a), mf_extent(&box_b)));
    const wm ref_is_b = wm_and(fb.found, wm_or(wm_not(fa.found), wf_gt(fb.sep, wf_add(fa.sep, tol))));
    const wm polygons = wm_and(wf_ge(na, three), wf_ge(nb, three));

    // 2. A face that separates the cores beyond the radii plus the margin (A's first).
    const wd radii = wd_add(wd_load_f(bk->ra), wd_load_f(bk->rb));
    const wm apart_a = wm_andnot(fa.found, wf_le(wd_to(wd_sub(wd_from(fa.sep), radii)), margin));
    const wm apart_b = wm_andnot(fb.found, wf_le(wd_to(wd_sub(wd_from(fb.sep), radii)), margin));
    const wm apart = wm_or(apart_a, apart_b);
    mf_result r;
    r.nx = wf_sel(apart_a, fa.nx, wf_neg(fb.nx));
    r.ny = wf_sel(apart_a, fa.ny, wf_neg(fb.ny));
    r.count = zero;
    r.ref_is_b = wm_none();
    r.c[0].x = r.c[0].y = r.c[0].fr = r.c[0].fi = zero;
    r.c[1] = r.c[0];
    r.sep[0] = r.sep[1] = zero;
    r.status = wf_set1((float)GJK2D_STATUS_OK);

    // 3. Two polygons no face separates overlap. The others not apart: GJK on the cores, in the lanes that
    //    need it (the others are marked ended before the first step).
    const wm sat_overlap =
        wm_and(wm_and(polygons, wm_and(fa.found, fb.found)), wm_and(wf_le(fa.sep, zero), wf_le(fb.sep, zero)));
    const wm gjk = wm_andnot(wm_andnot(wf_eq(zero, zero), apart), sat_overlap);
    const unsigned gjk_bits = bk->live & wm_bits(gjk);
    lane_cores g;
    lane_gaps gaps = {zero, zero};
    wm beyond = wm_none(), g_ov = wm_none(), near = wm_none();
    const wf sep_face = wf_sel(ref_is_b, fb.sep, fa.sep);
    if (gjk_bits) {
        wf end;
        mf_closest_cores(bk, gjk, &g, &end);
        r.status = wf_sel(wm_and(gjk, wf_eq(end, wf_set1((float)GJK2D_END_MAX_ITERATIONS))),
                          wf_set1((float)GJK2D_STATUS_MAXITER), r.status);
        g_ov = wm_and(gjk, g.ov);
        gaps = lane_cores_gaps(&g, radii);
        beyond = wm_andnot(wm_andnot(gjk, g.ov), wf_le(gaps.core_gap, margin));
        r.nx = wf_sel(beyond, g.nx, r.nx);
        r.ny = wf_sel(beyond, g.ny, r.ny);
        // The face is (nearly) the apart cores' closest feature: !(core - sep_face > tol), in double.
        const wd far = wd_sel(wd_gt(wd_sub(g.core, wd_from(sep_face)), wd_from(tol)), wd_set1(1.0), wd_set1(0.0));
        near = wm_andnot(gjk, wf_eq(wd_to(far), wf_set1(1.0f)));
    } else {
        g.pax = g.pay = g.pbx = g.pby = g.nx = g.ny = g.fa = g.fb = zero;
        g.core = wd_from(zero);
        g.ov = wm_none();
    }
    const wm overlap = wm_or(sat_overlap, g_ov);

    // 4. A face contact where there is a face, unless the cores are apart and it is not (nearly) their
    //    closest feature; lanes of polygons that may have straight or duplicated vertices go to the reference.
    const wm has_face = wm_or(ref_is_b, fa.found);
    wm face = wm_andnot(wm_andnot(wm_and(has_face, wm_or(overlap, near)), apart), beyond);
    unsigned screened = 0;
    if (wm_any(face)) {
        const wm straight = wm_or(wm_and(wf_ge(na, three), mf_maybe_straight(turn_a, &box_a)),
                                  wm_and(wf_ge(nb, three), mf_maybe_straight(turn_b, &box_b)));
        screened = wm_bits(wm_and(face, straight));
        face = wm_andnot(face, straight);
    }
    if (wm_any(face)) {
        mf_face_contact(bk, nab, nbb, &fa, &fb, ref_is_b, face, overlap, radii, margin, &r);
        r.ref_is_b = wm_and(wm_and(face, wf_gt(r.count, zero)), ref_is_b);
    }

    // 5. The vertex contact from GJK's closest points where no face contact was made (never for two
    //    polygons no face separates, which ran no GJK: the deepest vertex is their contact, or, for a
    //    boundary bent back within rounding, none).
    const wm vertex = wm_andnot(wm_andnot(gjk, beyond), wm_and(face, wf_gt(r.count, zero)));
    if (gjk_bits & wm_bits(vertex) & ~screened) {
        const wf one = wf_set1(1.0f);
        const wf nx = wf_sel(g.ov, one, g.nx), ny = wf_sel(g.ov, zero, g.ny);
        const wf ra = wf_load(bk->ra), rb = wf_load(bk->rb);
        const wf sax = wf_add(g.pax, wf_mul(ra, nx)), say = wf_add(g.pay, wf_mul(ra, ny));
        const wf sbx = wf_sub(g.pbx, wf_mul(rb, nx)), sby = wf_sub(g.pby, wf_mul(rb, ny));
        const wf half = wf_set1(0.5f);
        const wf vf = wf_sel(g.ov, zero, g.fa), wf_b = wf_sel(g.ov, zero, g.fb);
        const mf_point c = {wf_mul(half, wf_add(sax, sbx)), wf_mul(half, wf_add(say, sby)), vf, wf_b};
        r.c[0] = mf_sel(vertex, c, r.c[0]);
        r.sep[0] = wf_sel(vertex, gaps.signed_gap, r.sep[0]);
        r.count = wf_sel(vertex, one, r.count);
        r.nx = wf_sel(vertex, nx, r.nx);
        r.ny = wf_sel(vertex, ny, r.ny);
    }
    const unsigned done = bk->live & ~screened;
    // A window's block writes every lane, even when all go to the reference: its buffers hold nothing else.
    if (done || wo) mf_store(bk, &r, done, whole_block && done == W_ALL, out, wo, at);
    return bk->live & ~done;
}

/// Ask for the least turns of the pairs k .. k + W - 1 (inside the pair list), as lane_prefetch does for the
/// lane heads: the block's load does not read that array, and without the requests the screen's gathers
/// waited for memory (a tenth of the kernel's profile on W1).
static inline __attribute__((always_inline)) void mf_prefetch_turns(const batch_in *in, int64_t k) {
    const int32_t *ia = in->pairs->a + k, *ib = in->pairs->b + k;
    for (int l = 0; l < W; l++) {
        __builtin_prefetch(in->shapes->least_turn + ia[l]);
        __builtin_prefetch(in->shapes->least_turn + ib[l]);
    }
}

/// Ask for the output lines of pairs k .. k + W - 1 ahead of their stores, one request per array (a block's W
/// entries of an array fill at most one line when the array is line-aligned): walking every line of each range,
/// as mf_prefetch_output_lines does for a window, ran W1 0.95-0.97x.
static inline __attribute__((always_inline)) void mf_prefetch_outputs(const gjk2d_manifold_out *out, int64_t k) {
    float *dst[16];
    mf_float_outputs(out, dst);
    for (int q = 0; q < 16; q++)
        if (dst[q]) __builtin_prefetch(dst[q] + k, 1);
    for (int i = 0; i < 2; i++)
        if (out->id[i]) __builtin_prefetch(out->id[i] + k, 1);
    if (out->count) __builtin_prefetch(out->count + k, 1);
    if (out->reference) __builtin_prefetch(out->reference + k, 1);
    if (out->status) __builtin_prefetch(out->status + k, 1);
}

/// The output lines of the n pairs from k, a request per line: a window ordered by kind, whose answers
/// mf_window_put writes at once.
static inline void mf_prefetch_output_lines(const gjk2d_manifold_out *out, int64_t k, int64_t n) {
    float *dst[16];
    mf_float_outputs(out, dst);
    for (int q = 0; q < 16; q++)
        if (dst[q]) lane_prefetch_lines(dst[q] + k, dst[q] + k + n - 1);
    for (int i = 0; i < 2; i++)
        if (out->id[i]) lane_prefetch_lines(out->id[i] + k, out->id[i] + k + n - 1);
    uint8_t *const u8[3] = {out->count, out->reference, out->status};
    for (int i = 0; i < 3; i++)
        if (u8[i]) lane_prefetch_lines(u8[i] + k, u8[i] + k + n - 1);
}

/// mf_block_n, with loops of a constant length for the common blocks (a row, or LANE_SMALL columns).
static unsigned mf_block(const lblock *bk, int whole_block, float margin, const batch_in *in,
                         const gjk2d_manifold_out *out, mf_window_out *wo, int at) {
    if (bk->na_bound == LANE_ROW && bk->nb_bound == LANE_ROW)
        return mf_block_n(bk, LANE_ROW, LANE_ROW, whole_block, margin, in, out, wo, at);
    if (bk->na_bound == LANE_SMALL && bk->nb_bound == LANE_SMALL)
        return mf_block_n(bk, LANE_SMALL, LANE_SMALL, whole_block, margin, in, out, wo, at);
    return mf_block_n(bk, bk->na_bound, bk->nb_bound, whole_block, margin, in, out, wo, at);
}

/// Windows ordered by kind on blocks of at most 8 lanes only. Timed side by side with the kernel keeping the
/// pairs' order (AMD Zen 5, 200,000 pairs, both orders, bit-identical): on 4 lanes (sse41) W6 1.17x and W8
/// 1.04x, on 8 (avx2) W6 1.07-1.09x and W8 0.98-0.99x, on 16 (avx512) W6 0.98-1.02x and W8 0.90-0.93x (the
/// gathers that put a window's answers back alone took about 4 % of W6's time there).
#define MF_ORDERS_KINDS (W <= 8)

/// A window's kind of pair: each shape's vertex count up to 3 (a point, a segment, a polygon), and whether
/// either is rounded; 0 where the lanes do not take a shape. Blocks of one kind run only the steps their
/// kind needs (two sharp polygons no GJK, two points no face search), where a block of mixed kinds runs
/// every step any of its lanes needs.
#define MF_KINDS 32
static inline wf mf_kind(wf na, wf nb, wf ra, wf rb) {
    const wf zero = wf_zero(), three = wf_set1(3.0f);
    const wf ca = wf_min_lt(na, three), cb = wf_min_lt(nb, three);
    const wf kind = wf_add(wf_add(wf_mul(ca, wf_set1(4.0f)), cb),
                           wf_sel(wm_or(wf_gt(ra, zero), wf_gt(rb, zero)), wf_set1(16.0f), zero));
    return wf_sel(wm_or(wf_eq(na, zero), wf_eq(nb, zero)), zero, kind);
}

/// Whether a loaded block holds more than one kind of pair (its lanes' counts and radii, as loaded).
static inline int mf_block_mixed(const lblock *bk) {
    _Alignas(64) float kind[W];
    const wf k = mf_kind(wf_load(bk->naf), wf_load(bk->nbf), wf_load(bk->ra), wf_load(bk->rb));
    wf_store(kind, k);
    return !wm_all(wf_eq(k, wf_set1(kind[0])));
}

/// Order the pairs k0 .. k0 + n - 1 (n a multiple of W, at most LWINDOW) by kind, a stable counting sort.
static void mf_window_sort(lwindow *win, const batch_in *in, int64_t k0, int n) {
    win->k0 = k0, win->n = n, win->sorted = 1, win->cols = LANE_ROW;
    _Alignas(64) int32_t key[LWINDOW];
    const int32_t *pa = in->pairs->a + k0, *pb = in->pairs->b + k0;
    for (int i = 0; i < n; i += W) {
        wf na, nb, ra, rb;
        lane_heads_load(in->shapes, pa + i, &na, &ra);
        lane_heads_load(in->shapes, pb + i, &nb, &rb);
        wf_store_i32(key + i, mf_kind(na, nb, ra, rb));
    }
    int start[MF_KINDS + 1];
    memset(start, 0, sizeof start);
    for (int i = 0; i < n; i++) start[key[i] + 1]++;
    for (int c = 1; c <= MF_KINDS; c++) start[c] += start[c - 1];
    for (int i = 0; i < n; i++) {
        const int at = start[key[i]]++;
        win->k[at] = k0 + i;
        win->pos[i] = (float)at;
    }
}

/// Zeros at positions at .. at + W - 1 of a sorted window's answers, for a block whose lanes all go to the
/// reference (which writes over them after mf_window_put).
static void mf_window_blank(mf_window_out *wo, int at) {
    if (MF_WINDOW_RECORDS)
        for (int g = 0; g < MF_GROUPS; g++) memset(wo->rec[g][at], 0, sizeof wo->rec[g][at] * W);
    else
        for (int q = 0; q <= MF_STATUS; q++) memset(wo->field[q] + at, 0, sizeof(float) * W);
}

/// u8 field `f` of a window's answers side by side (exact small integers as floats) at the pairs' indices.
static inline void mf_put_u8(const lwindow *win, uint8_t *out, const float *f) {
    int j = 0;
    for (; j + W <= win->n; j += W) wf_store_u8(out + win->k0 + j, wf_gather(f, wf_load(win->pos + j)));
    for (; j < win->n; j++) out[win->k0 + j] = (uint8_t)f[(int)win->pos[j]];
}

/// mf_window_put from fields side by side: a gather per field and W pairs.
static void mf_window_put_fields(const gjk2d_manifold_out *out, const lwindow *win, mf_window_out *wo,
                                 float *const dst[16]) {
    for (int q = 0; q < 16; q++)
        if (dst[q]) lwindow_put(win, dst[q], wo->field[q]);
    for (int i = 0; i < 2; i++) {
        if (!out->id[i]) continue;
        int32_t *const id = (int32_t *)out->id[i] + win->k0;
        int j = 0;
        for (; j + W <= win->n; j += W) wf_store_i32(id + j, wf_gather(wo->field[MF_ID + i], wf_load(win->pos + j)));
        for (; j < win->n; j++) id[j] = (int32_t)wo->field[MF_ID + i][(int)win->pos[j]];
    }
    if (out->count) mf_put_u8(win, out->count, wo->field[MF_COUNT]);
    if (out->reference) mf_put_u8(win, out->reference, wo->field[MF_REFERENCE]);
    if (out->status) mf_put_u8(win, out->status, wo->field[MF_STATUS]);
}

/// A sorted window's answers at the pairs' indices: from records (its n is a multiple of W: mf_window_sort), W
/// pairs at a time. (wo is not const: GCC takes a const pointer argument for a read of the whole
/// object, and warned that the caller's buffers may be uninitialized.)
static KERNEL_PHASE void mf_window_put(const gjk2d_manifold_out *out, const lwindow *win, mf_window_out *wo) {
    float *dst[16];
    mf_float_outputs(out, dst);
    if (!MF_WINDOW_RECORDS) {
        mf_window_put_fields(out, win, wo, dst);
        return;
    }
    for (int j = 0; j < win->n; j += W) {
        _Alignas(64) float f[MF_FIELDS][W];
        mf_records_get(wo, win->pos + j, f);
        mf_fields_write(out, dst, (const float(*)[W])f, win->k0 + j);
    }
}
