// Convex hull of a point set (for drawing the Minkowski difference).
#ifndef GJK2D_CLI_HULL_H
#define GJK2D_CLI_HULL_H

/// Convex hull of n points (x[i], y[i]) by Andrew's monotone chain. Writes the hull's indices in
/// counter-clockwise order, without collinear points, to idx (room for n + 1) and returns their count
/// (1 for a single distinct point, 2 for collinear input). tmp needs room for n ints.
int convex_hull(const double *x, const double *y, int n, int *idx, int *tmp);

#endif
