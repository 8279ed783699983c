// SPDX-License-Identifier: MIT
// Shape validation in lanes, lanes = shapes (included by kernel_tmpl.c, once per ISA): the prepared rows of
// W polygons of 3..8 vertices, judged with ref_validate's double operations in its order. A row's padding
// repeats its last vertex, which only inserts zero edges before the closing edge: they add exact zeros to
// every sum, and the convexity walk skips them, so each lane decides exactly as the reference does. A
// lane is only ever proven valid here; every other shape (and the reason of an invalid one) is the
// reference's.

static inline wd max2_d(wd a, wd b) { return wd_sel(wd_gt(a, b), a, b); }

/// rounding_slack(m, l1, l2) = 4 * FLT_EPSILON * m * (l1 + l2), in the same order.
static inline wd slack_d(wd m, wd l1, wd l2) {
    return wd_mul(wd_mul(wd_set1(4.0 * (double)FLT_EPSILON), m), wd_add(l1, l2));
}

/// quadrant(): 0 for x > 0, y >= 0; 1 for x <= 0, y > 0; 2 for x < 0, y <= 0; else 3.
static inline wd quadrant_d(wd x, wd y) {
    const wd zero = wd_set1(0.0);
    wd q = wd_set1(3.0);
    q = wd_sel(wdm_and(wd_lt(x, zero), wd_le(y, zero)), wd_set1(2.0), q);
    q = wd_sel(wdm_and(wd_le(x, zero), wd_gt(y, zero)), wd_set1(1.0), q);
    q = wd_sel(wdm_and(wd_gt(x, zero), wd_le(zero, y)), zero, q);
    return q;
}

/// Coordinates and radius within range (ref_validate's NONFINITE, MAGNITUDE and RADIUS tests).
static inline unsigned lanes_in_range(float (*x)[W], float (*y)[W], const float *radius) {
    const wf big = wf_set1(GJK2D_MAX_COORDINATE), nbig = wf_neg(big);
    wm ok = wf_eq(wf_zero(), wf_zero());
    for (int j = 0; j < LANE_ROW; j++) {
        const wf xj = wf_load(x[j]), yj = wf_load(y[j]);
        ok = wm_and(ok, wm_and(wm_and(wf_le(xj, big), wf_ge(xj, nbig)), wm_and(wf_le(yj, big), wf_ge(yj, nbig))));
    }
    const wf r = wf_loadu(radius);
    return wm_bits(wm_and(ok, wm_and(wf_ge(r, wf_zero()), wf_le(r, big))));
}

static unsigned ISA_SYM(gjk2d__convex_block)(const float *const rx[W], const float *const ry[W], const float *radius) {
    _Alignas(64) float x[LANE_ROW][W], y[LANE_ROW][W];
    wf_transpose8(rx, x);
    wf_transpose8(ry, y);
    const unsigned in_range = lanes_in_range(x, y, radius);
    if (!in_range) return 0;
    const wd zero = wd_set1(0.0);
    wd ex[LANE_ROW], ey[LANE_ROW];
    wd m = zero, area2 = zero, perimeter = zero, px = zero, py = zero;
    wdm any = wd_lt(zero, zero);
    for (int i = 0; i < LANE_ROW; i++) {
        const int k = (i + 1) % LANE_ROW;
        const wd xi = wd_load_f(x[i]), yi = wd_load_f(y[i]);
        ex[i] = wd_sub(wd_load_f(x[k]), xi);
        ey[i] = wd_sub(wd_load_f(y[k]), yi);
        m = max2_d(m, max2_d(wd_abs(xi), wd_abs(yi)));
        area2 = wd_add(area2, wd_sub(wd_mul(xi, ey[i]), wd_mul(yi, ex[i])));
        perimeter = wd_add(perimeter, wd_add(wd_abs(ex[i]), wd_abs(ey[i])));
        const wdm nz = wdm_andnot(wd_eq(zero, zero), wdm_and(wd_eq(ex[i], zero), wd_eq(ey[i], zero)));
        px = wd_sel(nz, ex[i], px); // the last non-zero edge: where the walk starts
        py = wd_sel(nz, ey[i], py);
        any = wdm_or(any, nz);
    }
    const wdm clockwise = wd_lt(area2, wd_sub(zero, slack_d(m, perimeter, perimeter)));
    const wd tiny = wd_mul(wd_set1(4.0 * (double)FLT_EPSILON), m);
    wd lx = px, ly = py, lend_x = zero, lend_y = zero;
    wdm has_long = wd_lt(zero, zero);
    for (int i = 0; i < LANE_ROW; i++) {
        const int k = (i + 1) % LANE_ROW;
        const wdm nz = wdm_andnot(wd_eq(zero, zero), wdm_and(wd_eq(ex[i], zero), wd_eq(ey[i], zero)));
        const wdm longer = wd_gt(wd_add(wd_abs(ex[i]), wd_abs(ey[i])), tiny);
        lx = wd_sel(longer, ex[i], lx);
        ly = wd_sel(longer, ey[i], ly);
        // The end of the walk's first reference edge: the last long edge, else the last non-zero one.
        const wdm end_here = wdm_or(longer, wdm_andnot(nz, has_long));
        lend_x = wd_sel(end_here, wd_load_f(x[k]), lend_x);
        lend_y = wd_sel(end_here, wd_load_f(y[k]), lend_y);
        has_long = wdm_or(has_long, longer);
    }
    // The walk over the non-zero edges.
    wd quarters = zero;
    wdm reflex = wd_lt(zero, zero);
    const wd four = wd_set1(4.0), three = wd_set1(3.0);
    for (int i = 0; i < LANE_ROW; i++) {
        const wd cx = ex[i], cy = ey[i];
        const wdm nz = wdm_andnot(wd_eq(zero, zero), wdm_and(wd_eq(cx, zero), wd_eq(cy, zero)));
        const wd l1 = wd_add(wd_abs(cx), wd_abs(cy));
        const wd cross = wd_sub(wd_mul(px, cy), wd_mul(py, cx));
        const wd cross_long = wd_sub(wd_mul(lx, cy), wd_mul(ly, cx));
        const wdm r1 = wd_lt(cross, wd_sub(zero, slack_d(m, wd_add(wd_abs(px), wd_abs(py)), l1)));
        const wdm r2 = wd_lt(cross_long, wd_sub(zero, slack_d(m, wd_add(wd_abs(lx), wd_abs(ly)), l1)));
        // The end held to the left of the reference edge's line; a turn back to the right (cross < 0 and
        // dot < 0) is never proven here: the reference holds every vertex against it.
        const int k = (i + 1) % LANE_ROW;
        const wd vx = wd_load_f(x[k]), vy = wd_load_f(y[k]);
        const wd dx = wd_sub(vx, lend_x), dy = wd_sub(vy, lend_y);
        const wd cross_end = wd_sub(wd_mul(lx, dy), wd_mul(ly, dx));
        const wdm r3 =
            wd_lt(cross_end, wd_sub(zero, slack_d(m, wd_add(wd_abs(lx), wd_abs(ly)), wd_add(wd_abs(dx), wd_abs(dy)))));
        const wdm back = wdm_and(wd_lt(cross, zero), wd_lt(wd_add(wd_mul(px, cx), wd_mul(py, cy)), zero));
        reflex = wdm_or(reflex, wdm_and(nz, wdm_or(wdm_or(r1, r2), wdm_or(r3, back))));
        const wd d = wd_add(wd_sub(quadrant_d(cx, cy), quadrant_d(px, py)), four);
        const wd step = wd_sel(wd_lt(d, four), d, wd_sub(d, four));
        const wd inc = wd_sel(wdm_and(wd_lt(cross, zero), wd_eq(step, three)), wd_set1(-1.0), step);
        quarters = wd_sel(nz, wd_add(quarters, inc), quarters);
        px = wd_sel(nz, cx, px);
        py = wd_sel(nz, cy, py);
        const wdm take = wdm_and(nz, wdm_or(wdm_andnot(wd_eq(zero, zero), has_long), wd_gt(l1, tiny)));
        lx = wd_sel(take, cx, lx);
        ly = wd_sel(take, cy, ly);
        lend_x = wd_sel(take, vx, lend_x);
        lend_y = wd_sel(take, vy, lend_y);
    }
    const wdm walk_ok = wdm_andnot(wd_eq(quarters, four), reflex);
    const wdm valid = wdm_andnot(wdm_or(wdm_andnot(wd_eq(zero, zero), any), walk_ok), clockwise);
    return in_range & wdm_bits(valid);
}
