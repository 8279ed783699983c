// SPDX-License-Identifier: MIT
// Validation, the one home of the rules: a shape's geometry (checked once, when a shape set is prepared,
// or by each single-pair call) and a pose (checked by every call that uses it; the SIMD loaders apply
// the same rule, vectorised).
//
// Convexity is judged in double on the float vertices, with a tolerance for what rounding the vertices
// to float can do: collinear points written in decimal rarely stay exactly collinear as floats.
#include <float.h>
#include <math.h>

#include "ref/ref.h"
#include "shapes.h"

/// Largest |cross| of two edges that rounding the vertices (magnitude up to m) to float can create,
/// for edges of lengths l1 and l2: each vertex moves by up to m * FLT_EPSILON / 2, so a cross product
/// moves by about (l1 + l2) * m * FLT_EPSILON. A factor 4 for the rounding of the test itself. L1 lengths
/// (|x| + |y|, at most sqrt(2) times the true length) keep this free of square roots.
static double rounding_slack(double m, double l1, double l2) { return 4.0 * (double)FLT_EPSILON * m * (l1 + l2); }

static int finite_in_range(float v) { return isfinite(v) && fabsf(v) <= GJK2D_MAX_COORDINATE; }

gjk2d_problem gjk2d__pose_check(const gjk2d__pose *pose) {
    if (!isfinite(pose->px) || !isfinite(pose->py) || !isfinite(pose->c) || !isfinite(pose->s))
        return GJK2D_PROBLEM_NONFINITE;
    // Judged after rounding to float, as the kernels load it (a double position is exact in double, but
    // the test must be one float comparison in every implementation).
    if (!(fabsf((float)pose->px) <= GJK2D_MAX_COORDINATE) || !(fabsf((float)pose->py) <= GJK2D_MAX_COORDINATE))
        return GJK2D_PROBLEM_MAGNITUDE;
    // In float, in this order, so that the vectorised check decides exactly the same.
    const float dev = (pose->c * pose->c + pose->s * pose->s) - 1.0f;
    if (!(dev <= GJK2D_ROTATION_TOLERANCE && dev >= -GJK2D_ROTATION_TOLERANCE)) return GJK2D_PROBLEM_ROTATION;
    return GJK2D_PROBLEM_NONE;
}

gjk2d_problem gjk2d_pose_problem(const gjk2d_pose *pose) {
    if (!pose) return GJK2D_PROBLEM_NONFINITE;
    const gjk2d__pose p = {pose->px, pose->py, pose->c, pose->s};
    return gjk2d__pose_check(&p);
}

/// Quadrant of a non-zero direction, counter-clockwise from +x; each direction has exactly one.
static int quadrant(double x, double y) {
    if (x > 0.0 && y >= 0.0) return 0;
    if (x <= 0.0 && y > 0.0) return 1;
    if (x < 0.0 && y <= 0.0) return 2;
    return 3;
}

static double max2(double a, double b) { return a > b ? a : b; } // no NaN here: vertices are finite

/// The first vertex right of the line through (ox, oy) along (lx, ly) by more than rounding explains, or -1.
static int32_t vertex_right_of(const float *x, const float *y, int stride, int32_t n, double m, double ox, double oy,
                               double lx, double ly) {
    for (int32_t j = 0; j < n; ++j) {
        const double dx = (double)x[j * stride] - ox, dy = (double)y[j * stride] - oy;
        if (lx * dy - ly * dx < -rounding_slack(m, fabs(lx) + fabs(ly), fabs(dx) + fabs(dy))) return j;
    }
    return -1;
}

/// Convexity of a polygon (n >= 3) given as strided float coordinates.
static gjk2d_problem check_convex(const float *x, const float *y, int stride, int32_t n, int32_t *vertex) {
    // Edge i goes from vertex i to vertex i + 1 (cyclic), in double: exact for float vertices.
    double ex[GJK2D_MAX_VERTICES], ey[GJK2D_MAX_VERTICES];
    double m = 0.0, area2 = 0.0, perimeter = 0.0;
    int32_t prev = -1; // the last non-zero edge: where the walk below starts
    for (int32_t i = 0; i < n; ++i) {
        const int32_t k = i + 1 < n ? i + 1 : 0;
        const double xi = x[i * stride], yi = y[i * stride];
        ex[i] = (double)x[k * stride] - xi;
        ey[i] = (double)y[k * stride] - yi;
        m = max2(m, max2(fabs(xi), fabs(yi)));
        area2 += xi * ey[i] - yi * ex[i]; // cross(v_i, v_i+1) = cross(v_i, e_i)
        perimeter += fabs(ex[i]) + fabs(ey[i]);
        if (ex[i] != 0.0 || ey[i] != 0.0) prev = i;
    }
    if (area2 < -rounding_slack(m, perimeter, perimeter)) return GJK2D_PROBLEM_CLOCKWISE;
    if (prev < 0) return GJK2D_PROBLEM_NONE; // every vertex is the same point
    // An edge shorter than what rounding the vertices to float can produce has no meaningful direction, and
    // the slack of a turn next to it is scaled by its longer neighbour: a reflex turn split across such an
    // edge would pass as two straight ones. So each turn is also judged against the last edge longer than
    // `tiny` (when the shape has one); the winding count below still walks every non-zero edge.
    const double tiny = 4.0 * (double)FLT_EPSILON * m;
    int32_t prev_long = -1;
    for (int32_t i = 0; i < n; ++i)
        if (fabs(ex[i]) + fabs(ey[i]) > tiny) prev_long = i;

    // Walk the non-zero edges (a duplicated vertex makes a zero edge, which is skipped). Every turn must be
    // left or straight, and the edge direction must go round exactly once: a pentagram turns left at
    // every vertex but goes round twice. Going round is counted in quarter turns: a left turn of at most
    // pi moves the direction forward by 0, 1 or 2 quadrants, a tiny right turn that rounding allows may
    // move it back by one, and a single loop adds up to 4.
    //
    // Two holes in judging turns by a slack on their cross products, closed by holding vertices to the left of
    // an edge's line (true for every vertex of a convex polygon):
    //  - a chain of tiny edges: each of its turns against the long edge is within a slack that scales with the
    //    tiny edge, so the chain could drift across the long edge's line by far more than rounding explains.
    //    The end of every edge is held to the left of the last long edge's line, measured from that edge's end;
    //  - a reversal: a cross product near zero also means a turn near 180 degrees, and a slightly negative one
    //    there is a right turn of almost 180 degrees (a needle's tip spliced between two vertices of a small
    //    polygon, the needle crossing it). Only a flat polygon turns back like this, so at such a vertex every
    //    vertex must lie on both edges' lines within the slack. A flat polygon has two reversals; a third is
    //    reflex outright, which keeps this linear in n.
    double px = ex[prev], py = ey[prev];
    const int32_t l0 = prev_long >= 0 ? prev_long : prev;
    double lx = ex[l0], ly = ey[l0];
    const int32_t l0_end = l0 + 1 < n ? l0 + 1 : 0;
    double lend_x = x[l0_end * stride], lend_y = y[l0_end * stride];
    int quarters = 0, right_reversals = 0;
    for (int32_t i = 0; i < n; ++i) {
        const double cx = ex[i], cy = ey[i];
        if (cx == 0.0 && cy == 0.0) continue;
        const int32_t k = i + 1 < n ? i + 1 : 0;
        const double l1 = fabs(cx) + fabs(cy);
        const double cross = px * cy - py * cx;
        const double cross_long = lx * cy - ly * cx;
        if (cross < -rounding_slack(m, fabs(px) + fabs(py), l1) ||
            cross_long < -rounding_slack(m, fabs(lx) + fabs(ly), l1)) {
            if (vertex) *vertex = i; // the vertex between the previous edge and edge i
            return GJK2D_PROBLEM_REFLEX;
        }
        int32_t outside = -1;
        if (vertex_right_of(x + k * stride, y + k * stride, stride, 1, m, lend_x, lend_y, lx, ly) == 0) outside = k;
        if (outside < 0 && cross < 0.0 && px * cx + py * cy < 0.0) {
            const double vx = x[i * stride], vy = y[i * stride];
            outside = ++right_reversals > 2 ? i : vertex_right_of(x, y, stride, n, m, vx, vy, px, py);
            if (outside < 0) outside = vertex_right_of(x, y, stride, n, m, vx, vy, cx, cy);
        }
        if (outside >= 0) {
            if (vertex) *vertex = outside; // the vertex on the wrong side
            return GJK2D_PROBLEM_REFLEX;
        }
        const int step = (quadrant(cx, cy) - quadrant(px, py) + 4) % 4;
        quarters += cross < 0.0 && step == 3 ? -1 : step;
        px = cx;
        py = cy;
        if (prev_long < 0 || l1 > tiny) {
            lx = cx;
            ly = cy;
            lend_x = x[k * stride];
            lend_y = y[k * stride];
        }
    }
    if (quarters != 4) return GJK2D_PROBLEM_WINDING;
    return GJK2D_PROBLEM_NONE;
}

gjk2d_problem ref_validate(const float *x, const float *y, int stride, int32_t n, float radius, int32_t *vertex) {
    if (vertex) *vertex = -1;
    if (n < 1 || n > GJK2D_MAX_VERTICES) return GJK2D_PROBLEM_COUNT;
    // NaN and infinity first, then magnitudes: the order gjk2d_problem lists.
    for (int32_t i = 0; i < n; ++i) {
        if (!isfinite(x[i * stride]) || !isfinite(y[i * stride])) {
            if (vertex) *vertex = i;
            return GJK2D_PROBLEM_NONFINITE;
        }
    }
    for (int32_t i = 0; i < n; ++i) {
        if (!finite_in_range(x[i * stride]) || !finite_in_range(y[i * stride])) {
            if (vertex) *vertex = i;
            return GJK2D_PROBLEM_MAGNITUDE;
        }
    }
    if (!isfinite(radius) || radius < 0.0f || radius > GJK2D_MAX_COORDINATE) return GJK2D_PROBLEM_RADIUS;
    if (n >= 3) return check_convex(x, y, stride, n, vertex);
    return GJK2D_PROBLEM_NONE;
}

gjk2d_problem gjk2d_validate_shape(const gjk2d_shape *shape, const gjk2d_pose *pose, int32_t *vertex) {
    if (vertex) *vertex = -1;
    if (!shape || (!shape->vertices && shape->count > 0)) return GJK2D_PROBLEM_COUNT;
    if (shape->count < 1 || shape->count > GJK2D_MAX_VERTICES) return GJK2D_PROBLEM_COUNT;
    gjk2d_problem p =
        ref_validate(&shape->vertices[0].x, &shape->vertices[0].y, 2, shape->count, shape->radius, vertex);
    if (p == GJK2D_PROBLEM_NONE && pose) p = gjk2d_pose_problem(pose);
    return p;
}
