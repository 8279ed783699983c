// Every Voronoi region of a segment and of a triangle (both windings), queries exactly on vertices and
// edges, and degenerate triangles (collinear, coincident vertices).
#include <criterion/criterion.h>
#include <math.h>

#include "check.h"

static gjk2d_vec2 V(float x, float y) {
    gjk2d_vec2 v = {x, y};
    return v;
}

/// A random point with both coordinates in [-half, half], x drawn first (two draws as the arguments of one
/// call would come in the compiler's order).
static gjk2d_vec2 random_point(oracle_rng *r, double half) {
    const float x = (float)oracle_uniform(r, -half, half);
    const float y = (float)oracle_uniform(r, -half, half);
    return V(x, y);
}

static double scale4(gjk2d_vec2 a, gjk2d_vec2 b, gjk2d_vec2 c, gjk2d_vec2 q) {
    double m = 0;
    gjk2d_vec2 p[4] = {a, b, c, q};
    for (int i = 0; i < 4; i++) m = fmax(m, fmax(fabs(p[i].x), fabs(p[i].y)));
    return m;
}

// ---------------------------------------------------------------------------------------------
// Segment
// ---------------------------------------------------------------------------------------------

static void expect_segment(gjk2d_vec2 a, gjk2d_vec2 b, gjk2d_vec2 q, gjk2d_region region) {
    gjk2d_segment_result s = gjk2d_closest_on_segment(a, b, q);
    double tol = TOL_REL * scale4(a, b, b, q);
    cr_expect_eq(s.region, region, "segment (%g,%g)-(%g,%g), q (%g,%g): region %s, expected %s", a.x, a.y, b.x, b.y,
                 q.x, q.y, gjk2d_region_name(s.region), gjk2d_region_name(region));
    double cx, cy;
    oracle_point_segment(q.x, q.y, a.x, a.y, b.x, b.y, &cx, &cy);
    cr_expect(fabs(s.point.x - cx) <= tol && fabs(s.point.y - cy) <= tol, "point (%.9g, %.9g), oracle (%.9g, %.9g)",
              (double)s.point.x, (double)s.point.y, cx, cy);
    cr_expect(fabs(s.u + s.v - 1.0) <= 2 * FLT_EPSILON && s.u >= 0.0f && s.v >= 0.0f, "(u, v) = (%g, %g)", s.u, s.v);
    if (region == GJK2D_REGION_A) cr_expect(s.u == 1.0f && s.v == 0.0f && s.point.x == a.x && s.point.y == a.y);
    if (region == GJK2D_REGION_B) cr_expect(s.u == 0.0f && s.v == 1.0f && s.point.x == b.x && s.point.y == b.y);
    if (region == GJK2D_REGION_AB) {
        cr_expect(s.u > 0.0f && s.v > 0.0f);
        double px = s.u * (double)a.x + s.v * (double)b.x, py = s.u * (double)a.y + s.v * (double)b.y;
        cr_expect(fabs(px - s.point.x) <= tol && fabs(py - s.point.y) <= tol, "point is not u A + v B");
    }
}

Test(segment, every_region_is_found_in_both_orders) {
    gjk2d_vec2 a = V(1, 1), b = V(5, 3);             // direction (4, 2), perpendicular (-2, 4)
    expect_segment(a, b, V(-1, 2), GJK2D_REGION_A);  // behind A, off the line
    expect_segment(a, b, V(-3, -1), GJK2D_REGION_A); // behind A, on the line
    expect_segment(a, b, V(7, 3), GJK2D_REGION_B);
    expect_segment(a, b, V(9, 5), GJK2D_REGION_B);
    expect_segment(a, b, V(1, 5), GJK2D_REGION_AB);  // projects at t = 0.4
    expect_segment(a, b, V(6, -1), GJK2D_REGION_AB); // projects at t = 0.6, the other side
    // Both orders of the same segment.
    expect_segment(b, a, V(-1, 2), GJK2D_REGION_B);
    expect_segment(b, a, V(7, 3), GJK2D_REGION_A);
}

Test(segment, points_on_the_vertices_and_the_edge_belong_to_their_regions) {
    gjk2d_vec2 a = V(0, 0), b = V(4, 2);
    expect_segment(a, b, a, GJK2D_REGION_A);
    expect_segment(a, b, b, GJK2D_REGION_B);
    expect_segment(a, b, V(2, 1), GJK2D_REGION_AB);
    // On the Voronoi boundaries: the perpendiculars through A and B belong to the vertex regions (<= 0).
    expect_segment(V(0, 0), V(4, 0), V(0, 3), GJK2D_REGION_A);
    expect_segment(V(0, 0), V(4, 0), V(4, -3), GJK2D_REGION_B);
    gjk2d_segment_result s = gjk2d_closest_on_segment(a, b, V(2, 1));
    cr_expect(s.point.x == 2.0f && s.point.y == 1.0f && s.u == 0.5f && s.v == 0.5f, "midpoint (%.9g, %.9g)",
              (double)s.point.x, (double)s.point.y);
}

Test(segment, zero_length_segment_answers_as_a_point) {
    gjk2d_vec2 a = V(2, 3);
    gjk2d_vec2 qs[] = {V(2, 3), V(0, 0), V(5, 3), V(2, -7)};
    for (int i = 0; i < 4; i++) expect_segment(a, a, qs[i], GJK2D_REGION_B);
}

Test(segment, random_segments_match_the_oracle) {
    oracle_rng r = oracle_rng_seed(11);
    for (int k = 0; k < 20000; k++) {
        gjk2d_vec2 a = random_point(&r, 5);
        gjk2d_vec2 b = random_point(&r, 5);
        gjk2d_vec2 q = random_point(&r, 8);
        gjk2d_segment_result s = gjk2d_closest_on_segment(a, b, q);
        double cx, cy;
        oracle_point_segment(q.x, q.y, a.x, a.y, b.x, b.y, &cx, &cy);
        double tol = TOL_REL * scale4(a, b, b, q);
        cr_assert(fabs(s.point.x - cx) <= tol && fabs(s.point.y - cy) <= tol,
                  "segment (%.9g,%.9g)-(%.9g,%.9g) q (%.9g,%.9g): point (%.9g, %.9g), oracle (%.9g, %.9g)", (double)a.x,
                  (double)a.y, (double)b.x, (double)b.y, (double)q.x, (double)q.y, (double)s.point.x, (double)s.point.y,
                  cx, cy);
    }
}

// ---------------------------------------------------------------------------------------------
// Triangle
// ---------------------------------------------------------------------------------------------

/// Exact closest point on the (possibly degenerate) triangle, in double.
static void oracle_triangle(gjk2d_vec2 a, gjk2d_vec2 b, gjk2d_vec2 c, gjk2d_vec2 q, double *px, double *py) {
    gjk2d_vec2 v[3] = {a, b, c};
    double area = ((double)b.x - a.x) * ((double)c.y - a.y) - ((double)b.y - a.y) * ((double)c.x - a.x);
    if (area != 0.0) {
        double s = area > 0 ? 1.0 : -1.0;
        int inside = 1;
        for (int i = 0; i < 3; i++) {
            gjk2d_vec2 p = v[i], n = v[(i + 1) % 3];
            double o = ((double)n.x - p.x) * ((double)q.y - p.y) - ((double)n.y - p.y) * ((double)q.x - p.x);
            if (o * s < 0) inside = 0;
        }
        if (inside) {
            *px = q.x;
            *py = q.y;
            return;
        }
    }
    double best = INFINITY;
    for (int i = 0; i < 3; i++) {
        double cx, cy;
        gjk2d_vec2 p = v[i], n = v[(i + 1) % 3];
        double d = oracle_point_segment(q.x, q.y, p.x, p.y, n.x, n.y, &cx, &cy);
        if (d < best) {
            best = d;
            *px = cx;
            *py = cy;
        }
    }
}

/// Checks the result against the oracle and the region's own consistency; returns the region.
static gjk2d_region check_triangle(gjk2d_vec2 a, gjk2d_vec2 b, gjk2d_vec2 c, gjk2d_vec2 q) {
    gjk2d_triangle_result t = gjk2d_closest_on_triangle(a, b, c, q);
    double tol = TOL_REL * scale4(a, b, c, q);
    double ox = NAN, oy = NAN;
    oracle_triangle(a, b, c, q, &ox, &oy);
    cr_assert(isfinite(t.point.x) && isfinite(t.point.y) && isfinite(t.u) && isfinite(t.v) && isfinite(t.w),
              "non-finite result");
    cr_assert(
        fabs(t.point.x - ox) <= tol && fabs(t.point.y - oy) <= tol,
        "triangle (%.9g,%.9g) (%.9g,%.9g) (%.9g,%.9g) q (%.9g,%.9g): point (%.9g,%.9g) region %s, oracle (%.9g,%.9g)",
        (double)a.x, (double)a.y, (double)b.x, (double)b.y, (double)c.x, (double)c.y, (double)q.x, (double)q.y,
        (double)t.point.x, (double)t.point.y, gjk2d_region_name(t.region), ox, oy);
    // Edge and vertex weights are u/(u+v): their sum is 1 within a few roundings. Interior weights are
    // sub-areas over the area; each sub-area (a cross product of differences up to 2L long) is off by
    // about 3 eps (2L)^2, so a thin triangle's weights can sum to 1 only within ~3 * 12 eps L^2 / area2.
    double area2 = fabs(((double)b.x - a.x) * ((double)c.y - a.y) - ((double)b.y - a.y) * ((double)c.x - a.x));
    double L = scale4(a, b, c, q);
    double sum_tol = 4 * FLT_EPSILON + (t.region == GJK2D_REGION_ABC ? 48 * FLT_EPSILON * L * L / area2 : 0.0);
    cr_assert(fabs((double)t.u + t.v + t.w - 1.0) <= sum_tol, "weights (%.9g, %.9g, %.9g) region %s, area2 %.3g",
              (double)t.u, (double)t.v, (double)t.w, gjk2d_region_name(t.region), area2);
    switch (t.region) {
    case GJK2D_REGION_A: cr_assert(t.u == 1 && t.v == 0 && t.w == 0 && t.point.x == a.x && t.point.y == a.y); break;
    case GJK2D_REGION_B: cr_assert(t.u == 0 && t.v == 1 && t.w == 0 && t.point.x == b.x && t.point.y == b.y); break;
    case GJK2D_REGION_C: cr_assert(t.u == 0 && t.v == 0 && t.w == 1 && t.point.x == c.x && t.point.y == c.y); break;
    case GJK2D_REGION_AB: cr_assert(t.u > 0 && t.v > 0 && t.w == 0, "AB weights (%g, %g, %g)", t.u, t.v, t.w); break;
    case GJK2D_REGION_BC: cr_assert(t.u == 0 && t.v > 0 && t.w > 0, "BC weights (%g, %g, %g)", t.u, t.v, t.w); break;
    case GJK2D_REGION_CA: cr_assert(t.u > 0 && t.v == 0 && t.w > 0, "CA weights (%g, %g, %g)", t.u, t.v, t.w); break;
    case GJK2D_REGION_ABC:
        cr_assert(t.u > 0 && t.v > 0 && t.w > 0, "ABC weights (%g, %g, %g)", t.u, t.v, t.w);
        cr_assert(t.point.x == q.x && t.point.y == q.y);
        break;
    default: cr_assert_fail("region %d", (int)t.region);
    }
    if (t.region != GJK2D_REGION_ABC) {
        double px = t.u * (double)a.x + t.v * (double)b.x + t.w * (double)c.x;
        double py = t.u * (double)a.y + t.v * (double)b.y + t.w * (double)c.y;
        cr_assert(fabs(px - t.point.x) <= tol && fabs(py - t.point.y) <= tol, "point is not the weighted vertices");
    }
    return t.region;
}

static const gjk2d_region edge_region[3] = {GJK2D_REGION_AB, GJK2D_REGION_BC, GJK2D_REGION_CA};

Test(triangle, every_region_is_found_in_both_windings) {
    const gjk2d_vec2 ccw[3] = {V(1, 1), V(7, 2), V(3, 6)};
    for (int winding = 0; winding < 2; winding++) {
        gjk2d_vec2 p[3] = {ccw[0], winding ? ccw[2] : ccw[1], winding ? ccw[1] : ccw[2]};
        double gx = (p[0].x + p[1].x + p[2].x) / 3.0, gy = (p[0].y + p[1].y + p[2].y) / 3.0;
        for (int i = 0; i < 3; i++) {
            // Vertex region: straight out from the centroid through the vertex.
            gjk2d_vec2 q = V((float)(2 * p[i].x - gx), (float)(2 * p[i].y - gy));
            cr_expect_eq(check_triangle(p[0], p[1], p[2], q), (gjk2d_region)i, "winding %d vertex %d", winding, i);
            // Edge region: out from the edge's midpoint along its normal, away from the third vertex.
            gjk2d_vec2 s = p[i], e = p[(i + 1) % 3], o = p[(i + 2) % 3];
            double mx = 0.5 * (s.x + e.x), my = 0.5 * (s.y + e.y);
            double nx = -(e.y - s.y), ny = e.x - s.x;
            if (nx * (o.x - mx) + ny * (o.y - my) > 0) nx = -nx, ny = -ny;
            double len = hypot(nx, ny);
            q = V((float)(mx + 2 * nx / len), (float)(my + 2 * ny / len));
            cr_expect_eq(check_triangle(p[0], p[1], p[2], q), edge_region[i], "winding %d edge %d", winding, i);
        }
        cr_expect_eq(check_triangle(p[0], p[1], p[2], V((float)gx, (float)gy)), GJK2D_REGION_ABC);
    }
}

Test(triangle, points_on_vertices_and_edges_belong_to_their_regions) {
    // Even coordinates make every edge midpoint exact, so the query lies exactly on the edge.
    const gjk2d_vec2 ccw[3] = {V(0, 0), V(6, 2), V(2, 4)};
    for (int winding = 0; winding < 2; winding++) {
        gjk2d_vec2 p[3] = {ccw[0], winding ? ccw[2] : ccw[1], winding ? ccw[1] : ccw[2]};
        for (int i = 0; i < 3; i++) {
            cr_expect_eq(check_triangle(p[0], p[1], p[2], p[i]), (gjk2d_region)i, "on vertex %d", i);
            gjk2d_vec2 m = V(0.5f * (p[i].x + p[(i + 1) % 3].x), 0.5f * (p[i].y + p[(i + 1) % 3].y));
            cr_expect_eq(check_triangle(p[0], p[1], p[2], m), edge_region[i], "on edge %d (winding %d)", i, winding);
            gjk2d_triangle_result t = gjk2d_closest_on_triangle(p[0], p[1], p[2], m);
            cr_expect(t.point.x == m.x && t.point.y == m.y, "edge midpoint moved to (%.9g, %.9g)", (double)t.point.x,
                      (double)t.point.y);
        }
    }
}

/// Every query in a grid around a (degenerate) triangle, every vertex order: must end in a vertex or edge
/// region (zero area) and agree with the oracle.
static void degenerate(gjk2d_vec2 a, gjk2d_vec2 b, gjk2d_vec2 c) {
    gjk2d_vec2 v[3] = {a, b, c};
    static const int perm[6][3] = {{0, 1, 2}, {0, 2, 1}, {1, 0, 2}, {1, 2, 0}, {2, 0, 1}, {2, 1, 0}};
    for (int k = 0; k < 6; k++) {
        gjk2d_vec2 p0 = v[perm[k][0]], p1 = v[perm[k][1]], p2 = v[perm[k][2]];
        for (int i = -6; i <= 6; i++)
            for (int j = -6; j <= 6; j++) {
                gjk2d_vec2 q = V(0.75f * i, 0.75f * j);
                gjk2d_region reg = check_triangle(p0, p1, p2, q);
                cr_assert_neq(reg, GJK2D_REGION_ABC, "zero area triangle gave the interior region");
            }
        for (int i = 0; i < 3; i++) check_triangle(p0, p1, p2, v[i]); // on a vertex
    }
}

Test(triangle, collinear_triangle_is_never_region_abc) {
    degenerate(V(0, 0), V(1, 1), V(3, 3));         // exactly collinear, distinct
    degenerate(V(-2, 1), V(0, 1), V(4, 1));        // horizontal
    degenerate(V(-1.5f, -3), V(0.5f, 1), V(1, 2)); // slope 2, exact in float
}

Test(triangle, coincident_vertices_are_never_region_abc) {
    degenerate(V(1, 2), V(1, 2), V(4, 0)); // two equal
    degenerate(V(1, 2), V(1, 2), V(1, 2)); // all equal
    degenerate(V(0, 0), V(0, 0), V(0, 0));
}

Test(triangle, random_triangles_match_the_oracle) {
    oracle_rng r = oracle_rng_seed(12);
    long regions[7] = {0};
    for (int k = 0; k < 50000; k++) {
        gjk2d_vec2 a = random_point(&r, 5);
        gjk2d_vec2 b = random_point(&r, 5);
        gjk2d_vec2 c = random_point(&r, 5);
        if (k % 5 == 0) c = V(0.5f * (a.x + b.x), 0.5f * (a.y + b.y)); // nearly collinear after rounding
        gjk2d_vec2 q = random_point(&r, 8);
        regions[check_triangle(a, b, c, q)]++;
    }
    for (int i = 0; i < 7; i++)
        cr_expect(regions[i] > 0, "region %s never reached", gjk2d_region_name((gjk2d_region)i));
}
