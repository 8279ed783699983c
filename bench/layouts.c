// SPDX-License-Identifier: MIT
// The workload's poses in the layouts a caller may pass (bench.h): float SoA arrays, strided records (an
// engine's transform array) and double positions; the layouts section (frame.c) and gjk2d_bench_ab
// --layout time them.
#include <stdlib.h>

#include "bench.h"

const char *const layout_name[NLAYOUT] = {"float SoA", "float records (16 B)", "double SoA", "double records (24 B)"};

gjk2d_poses layout_records(const gjk2d_poses *soa, xf_float *rf) {
    const float *px = soa->px, *py = soa->py;
    for (int64_t k = 0; k < soa->count; k++) rf[k] = (xf_float){px[k], py[k], soa->c[k], soa->s[k]};
    return (gjk2d_poses){&rf[0].px, &rf[0].py, &rf[0].c, &rf[0].s, soa->count, sizeof rf[0], GJK2D_FLOAT32};
}

void layouts_from(layouts *l, const gjk2d_poses *soa) {
    const int64_t n = soa->count;
    const float *px = soa->px, *py = soa->py;
    l->rf = xmalloc((size_t)n * sizeof *l->rf);
    l->rd = xmalloc((size_t)n * sizeof *l->rd);
    l->dx = xmalloc((size_t)n * sizeof *l->dx);
    l->dy = xmalloc((size_t)n * sizeof *l->dy);
    for (int64_t k = 0; k < n; k++) {
        l->rd[k] = (xf_double){px[k], py[k], soa->c[k], soa->s[k]};
        l->dx[k] = px[k], l->dy[k] = py[k];
    }
    l->p[L_SOA] = *soa;
    l->p[L_RECORDS] = layout_records(soa, l->rf);
    l->p[L_DOUBLE_SOA] = (gjk2d_poses){l->dx, l->dy, soa->c, soa->s, n, 0, GJK2D_FLOAT64};
    l->p[L_DOUBLE_RECORDS] =
        (gjk2d_poses){&l->rd[0].px, &l->rd[0].py, &l->rd[0].c, &l->rd[0].s, n, sizeof l->rd[0], GJK2D_FLOAT64};
}

void layouts_make(layouts *l, const workload *w) { layouts_from(l, &w->set.poses); }

void layouts_free(layouts *l) { free(l->rf), free(l->rd), free(l->dx), free(l->dy); }
