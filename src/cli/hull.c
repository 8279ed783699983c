// SPDX-License-Identifier: MIT
#include "hull.h"

#include <math.h>
#include <stdlib.h>

static const double *sort_x, *sort_y;

static int by_xy(const void *pa, const void *pb) {
    int a = *(const int *)pa, b = *(const int *)pb;
    if (sort_x[a] != sort_x[b]) return sort_x[a] < sort_x[b] ? -1 : 1;
    if (sort_y[a] != sort_y[b]) return sort_y[a] < sort_y[b] ? -1 : 1;
    return 0;
}

static double cross(const double *x, const double *y, int o, int a, int b) {
    return (x[a] - x[o]) * (y[b] - y[o]) - (y[a] - y[o]) * (x[b] - x[o]);
}

int convex_hull(const double *x, const double *y, int n, int *idx, int *tmp) {
    // Non-finite points (an invalid shape's NaN or infinite vertex) are left out: NaN would make the
    // sort's comparison inconsistent, which qsort does not allow.
    int f = 0;
    for (int i = 0; i < n; i++)
        if (isfinite(x[i]) && isfinite(y[i])) tmp[f++] = i;
    n = f;
    if (n <= 0) return 0;
    sort_x = x;
    sort_y = y;
    qsort(tmp, (size_t)n, sizeof(int), by_xy);
    // Drop exact duplicates so a repeated point never becomes a zero-length hull edge.
    int m = 1;
    for (int i = 1; i < n; i++)
        if (x[tmp[i]] != x[tmp[m - 1]] || y[tmp[i]] != y[tmp[m - 1]]) tmp[m++] = tmp[i];
    if (m == 1) {
        idx[0] = tmp[0];
        return 1;
    }
    int k = 0;
    for (int i = 0; i < m; i++) { // lower hull
        while (k >= 2 && cross(x, y, idx[k - 2], idx[k - 1], tmp[i]) <= 0.0) k--;
        idx[k++] = tmp[i];
    }
    for (int i = m - 2, lower = k + 1; i >= 0; i--) { // upper hull
        while (k >= lower && cross(x, y, idx[k - 2], idx[k - 1], tmp[i]) <= 0.0) k--;
        idx[k++] = tmp[i];
    }
    return k - 1; // the last point repeats the first
}
