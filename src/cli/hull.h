// SPDX-License-Identifier: MIT
// Convex hull of a point set (for drawing the Minkowski difference).
#ifndef GJK2D_CLI_HULL_H
#define GJK2D_CLI_HULL_H

/// Convex hull of n points (x[i], y[i]) by Andrew's monotone chain. Writes the hull's indices in
/// counter-clockwise order, without collinear points, to idx and returns their count (1 for a single
/// distinct point, 2 for collinear input, 0 for none). Non-finite points are ignored. idx needs room
/// for 2n ints: rounding in the orientation test can keep a nearly collinear point on both chains
/// (found by valgrind on a shape with a NaN vertex, which kept every point on both); tmp for n ints.
int convex_hull(const double *x, const double *y, int n, int *idx, int *tmp);

#endif
