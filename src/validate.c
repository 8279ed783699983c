// Shape validation: the first problem of a shape, with the vertex it concerns.
//
// Convexity is judged in double on the float vertices, with a tolerance for what rounding the vertices
// to float can do: collinear points written in decimal rarely stay exactly collinear as floats.
#include <float.h>
#include <math.h>

#include "kernels.h"
#include "ref/ref.h"

/// Largest |cross| of two edges that rounding the vertices (magnitude up to m) to float can create,
/// for edges of lengths l1 and l2: each vertex moves by up to m * FLT_EPSILON / 2, each edge end by that,
/// so a cross product moves by about (l1 + l2) * m * FLT_EPSILON. A factor 4 for the rounding of the
/// tests themselves.
static double rounding_slack(double m, double l1, double l2)
{
    return 4.0 * (double)FLT_EPSILON * m * (l1 + l2);
}

static int finite_in_range(float v)
{
    return isfinite(v) && fabsf(v) <= GJK2D_MAX_COORDINATE;
}

static gjk2d_problem check_pose(const gjk2d_pose *pose)
{
    if (!isfinite(pose->px) || !isfinite(pose->py) || !isfinite(pose->c) || !isfinite(pose->s))
        return GJK2D_PROBLEM_NONFINITE;
    if (fabsf(pose->px) > GJK2D_MAX_COORDINATE || fabsf(pose->py) > GJK2D_MAX_COORDINATE)
        return GJK2D_PROBLEM_MAGNITUDE;
    double len2 = (double)pose->c * pose->c + (double)pose->s * pose->s;
    if (fabs(len2 - 1.0) > 1e-4)
        return GJK2D_PROBLEM_ROTATION;
    return GJK2D_PROBLEM_NONE;
}

/// Edge i of a polygon: from vertex i to vertex i + 1 (cyclic), in double.
static void edge(const float *x, const float *y, int stride, int32_t n, int32_t i, double *ex, double *ey)
{
    int32_t k = i + 1 < n ? i + 1 : 0;
    *ex = (double)x[k * stride] - x[i * stride];
    *ey = (double)y[k * stride] - y[i * stride];
}

static double edge_length(const float *x, const float *y, int stride, int32_t n, int32_t i)
{
    double ex, ey;
    edge(x, y, stride, n, i, &ex, &ey);
    return hypot(ex, ey);
}

/// Convexity of a polygon (n >= 3) given as strided float coordinates.
static gjk2d_problem check_convex(const float *x, const float *y, int stride, int32_t n, int32_t *vertex)
{
    double m = 0.0, area2 = 0.0, perimeter = 0.0;
    for (int32_t i = 0; i < n; ++i) {
        double xi = x[i * stride], yi = y[i * stride];
        int32_t k = i + 1 < n ? i + 1 : 0;
        double xk = x[k * stride], yk = y[k * stride];
        m = fmax(m, fmax(fabs(xi), fabs(yi)));
        area2 += xi * yk - yi * xk;
        perimeter += hypot(xk - xi, yk - yi);
    }
    if (area2 < -rounding_slack(m, perimeter, perimeter))
        return GJK2D_PROBLEM_CLOCKWISE;

    // Walk the non-zero edges (duplicated vertices give zero edges, which are skipped): every turn must be
    // left or straight, and the turns must add up to one revolution (a pentagram turns left at every
    // vertex but winds twice).
    int32_t prev = -1;
    for (int32_t i = 0; i < n; ++i)
        if (edge_length(x, y, stride, n, i) > 0.0)
            prev = i;
    if (prev < 0)
        return GJK2D_PROBLEM_NONE; // every vertex is the same point
    double turning = 0.0;
    for (int32_t i = 0; i < n; ++i) {
        double li = edge_length(x, y, stride, n, i);
        if (li == 0.0)
            continue;
        double lp = edge_length(x, y, stride, n, prev);
        double ex, ey, fx, fy;
        edge(x, y, stride, n, prev, &ex, &ey);
        edge(x, y, stride, n, i, &fx, &fy);
        double cross = ex * fy - ey * fx, dot = ex * fx + ey * fy;
        if (cross < -rounding_slack(m, lp, li)) {
            if (vertex)
                *vertex = i; // the vertex between edge prev and edge i
            return GJK2D_PROBLEM_REFLEX;
        }
        turning += atan2(fmax(cross, 0.0), dot);
        prev = i;
    }
    // One loop turns by 2 pi; a second loop would add another 2 pi. Half-way between is safe from round-off.
    if (turning > 3.0 * 3.14159265358979323846)
        return GJK2D_PROBLEM_WINDING;
    return GJK2D_PROBLEM_NONE;
}

gjk2d_problem ref_validate(const float *x, const float *y, int stride, int32_t n, float radius,
                           const gjk2d_pose *pose, int32_t *vertex)
{
    if (vertex)
        *vertex = -1;
    if (n < 1 || n > GJK2D_MAX_VERTICES)
        return GJK2D_PROBLEM_COUNT;
    for (int32_t i = 0; i < n; ++i) {
        float xi = x[i * stride], yi = y[i * stride];
        if (!isfinite(xi) || !isfinite(yi) || !finite_in_range(xi) || !finite_in_range(yi)) {
            if (vertex)
                *vertex = i;
            return isfinite(xi) && isfinite(yi) ? GJK2D_PROBLEM_MAGNITUDE : GJK2D_PROBLEM_NONFINITE;
        }
    }
    if (pose) {
        gjk2d_problem p = check_pose(pose);
        if (p != GJK2D_PROBLEM_NONE)
            return p;
    }
    if (!isfinite(radius) || radius < 0.0f || radius > GJK2D_MAX_COORDINATE)
        return GJK2D_PROBLEM_RADIUS;
    if (n >= 3)
        return check_convex(x, y, stride, n, vertex);
    return GJK2D_PROBLEM_NONE;
}

gjk2d_problem gjk2d_validate_shape(const gjk2d_shape *shape, const gjk2d_pose *pose, int32_t *vertex)
{
    if (vertex)
        *vertex = -1;
    if (!shape || (!shape->vertices && shape->count > 0))
        return GJK2D_PROBLEM_COUNT;
    if (shape->count < 1 || shape->count > GJK2D_MAX_VERTICES)
        return GJK2D_PROBLEM_COUNT;
    return ref_validate(&shape->vertices[0].x, &shape->vertices[0].y, 2, shape->count, shape->radius, pose,
                        vertex);
}
