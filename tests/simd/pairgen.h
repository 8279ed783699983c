// Seeded random pair sets shared by the SIMD cross-check tests and the benchmark: convex shapes
// (instances of a small set of distinct polygons, each with its own pose) and a pair list.
// Everything comes from one 64-bit seed, so every ISA and every run sees the same input.
#ifndef GJK2D_PAIRGEN_H
#define GJK2D_PAIRGEN_H

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gjk2d.h"

typedef struct pg_rng {
    uint64_t s;
} pg_rng;

static inline uint64_t pg_next(pg_rng *r)
{
    // splitmix64: tiny, good enough for test geometry, identical on every platform.
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}
/// Uniform in [0, 1).
static inline double pg_unit(pg_rng *r) { return (double)(pg_next(r) >> 11) * (1.0 / 9007199254740992.0); }
static inline double pg_range(pg_rng *r, double lo, double hi) { return lo + (hi - lo) * pg_unit(r); }
static inline int pg_int(pg_rng *r, int lo, int hi) { return lo + (int)(pg_unit(r) * (hi - lo + 1)); }

/// Growable SoA geometry, poses and pair list (test/bench set-up only; the library never allocates).
typedef struct pg_set {
    float *vx, *vy;
    int64_t nv, cap_v;
    int32_t *first, *count;
    float *radius, *px, *py, *c, *s;
    int32_t ns, cap_s;
    int32_t *pa, *pb;
    int64_t np, cap_p;
} pg_set;

static inline void pg_free(pg_set *g)
{
    free(g->vx); free(g->vy); free(g->first); free(g->count); free(g->radius);
    free(g->px); free(g->py); free(g->c); free(g->s); free(g->pa); free(g->pb);
    memset(g, 0, sizeof *g);
}

/// Append vertices; returns the index of the first.
static inline int32_t pg_add_vertices(pg_set *g, const float *x, const float *y, int32_t n)
{
    if (g->nv + n > g->cap_v) {
        int64_t nc = g->cap_v ? g->cap_v * 2 : 256;
        while (nc < g->nv + n) nc *= 2;
        g->vx = (float *)realloc(g->vx, (size_t)nc * sizeof(float));
        g->vy = (float *)realloc(g->vy, (size_t)nc * sizeof(float));
        if (!g->vx || !g->vy) abort();
        g->cap_v = nc;
    }
    memcpy(g->vx + g->nv, x, (size_t)n * sizeof(float));
    memcpy(g->vy + g->nv, y, (size_t)n * sizeof(float));
    int32_t f = (int32_t)g->nv;
    g->nv += n;
    return f;
}

/// Append a shape instance referring to vertices [first, first+count).
static inline int32_t pg_add_shape(pg_set *g, int32_t first, int32_t count, float radius, float px, float py,
                                   double angle)
{
    if (g->ns + 1 > g->cap_s) {
        int32_t nc = g->cap_s ? g->cap_s * 2 : 256;
        g->first = (int32_t *)realloc(g->first, (size_t)nc * sizeof(int32_t));
        g->count = (int32_t *)realloc(g->count, (size_t)nc * sizeof(int32_t));
        g->radius = (float *)realloc(g->radius, (size_t)nc * sizeof(float));
        g->px = (float *)realloc(g->px, (size_t)nc * sizeof(float));
        g->py = (float *)realloc(g->py, (size_t)nc * sizeof(float));
        g->c = (float *)realloc(g->c, (size_t)nc * sizeof(float));
        g->s = (float *)realloc(g->s, (size_t)nc * sizeof(float));
        if (!g->first || !g->count || !g->radius || !g->px || !g->py || !g->c || !g->s) abort();
        g->cap_s = nc;
    }
    gjk2d_pose p = gjk2d_pose_from_angle(px, py, angle);
    int32_t i = g->ns++;
    g->first[i] = first;
    g->count[i] = count;
    g->radius[i] = radius;
    g->px[i] = p.px;
    g->py[i] = p.py;
    g->c[i] = p.c;
    g->s[i] = p.s;
    return i;
}

static inline void pg_add_pair(pg_set *g, int32_t a, int32_t b)
{
    if (g->np + 1 > g->cap_p) {
        int64_t nc = g->cap_p ? g->cap_p * 2 : 256;
        g->pa = (int32_t *)realloc(g->pa, (size_t)nc * sizeof(int32_t));
        g->pb = (int32_t *)realloc(g->pb, (size_t)nc * sizeof(int32_t));
        if (!g->pa || !g->pb) abort();
        g->cap_p = nc;
    }
    g->pa[g->np] = a;
    g->pb[g->np] = b;
    g->np++;
}

/// The set's geometry, to prepare a shape set from (gjk2d_shapes_prepare, or test_set_make in
/// tests/support.h). Shape instances share their prototype's vertices through `first`.
static inline gjk2d_geometry pg_geometry(const pg_set *g)
{
    gjk2d_geometry geo = {g->vx, g->vy, g->nv, g->count, g->first, g->radius, g->ns};
    return geo;
}

/// The set's poses as packed float arrays, one per shape.
static inline gjk2d_poses pg_poses(const pg_set *g)
{
    gjk2d_poses p = {g->px, g->py, g->c, g->s, g->ns, 0, GJK2D_FLOAT32};
    return p;
}

static inline gjk2d_pairs pg_pairs(const pg_set *g)
{
    gjk2d_pairs p = {g->pa, g->pb, g->np};
    return p;
}

/// A random convex n-gon (n >= 3) of circumradius about `size`: points on an ellipse at jittered,
/// well-separated angles (an affine image of a circle, so it stays strictly convex), CCW.
static inline void pg_polygon(pg_rng *r, int n, double size, float *x, float *y)
{
    double aspect = pg_range(r, 0.5, 1.0), rot = pg_range(r, 0.0, 6.283185307179586);
    double phase = pg_unit(r);
    double cr = cos(rot), sr = sin(rot);
    for (int i = 0; i < n; i++) {
        double t = (i + phase + 0.6 * pg_unit(r)) / n * 6.283185307179586;
        double ex = size * cos(t), ey = size * aspect * sin(t);
        x[i] = (float)(cr * ex - sr * ey);
        y[i] = (float)(sr * ex + cr * ey);
    }
}

/// The benchmark / cross-check workload: `pairs` pairs of random convex polygons with nmin..nmax
/// vertices (radius 0), instances of `distinct` prototypes; A's position uniform in a 20x20 box, B
/// placed at a random offset from A sized so that about half of the pairs overlap.
static inline void pg_workload(pg_set *g, uint64_t seed, int64_t pairs, int nmin, int nmax, int distinct)
{
    pg_rng r = {seed};
    float x[64], y[64];
    int32_t *proto_first = (int32_t *)malloc((size_t)distinct * sizeof(int32_t));
    int32_t *proto_n = (int32_t *)malloc((size_t)distinct * sizeof(int32_t));
    if (!proto_first || !proto_n) abort();
    for (int i = 0; i < distinct; i++) {
        int n = pg_int(&r, nmin, nmax);
        pg_polygon(&r, n, pg_range(&r, 0.5, 1.5), x, y);
        proto_first[i] = pg_add_vertices(g, x, y, n);
        proto_n[i] = n;
    }
    for (int64_t k = 0; k < pairs; k++) {
        int i = pg_int(&r, 0, distinct - 1), j = pg_int(&r, 0, distinct - 1);
        double ax = pg_range(&r, -7.0, 7.0), ay = pg_range(&r, -7.0, 7.0);
        double off = pg_range(&r, 0.0, 3.0), dir = pg_range(&r, 0.0, 6.283185307179586);
        int32_t a = pg_add_shape(g, proto_first[i], proto_n[i], 0.0f, (float)ax, (float)ay,
                                 pg_range(&r, -3.14159, 3.14159));
        int32_t b = pg_add_shape(g, proto_first[j], proto_n[j], 0.0f, (float)(ax + off * cos(dir)),
                                 (float)(ay + off * sin(dir)), pg_range(&r, -3.14159, 3.14159));
        pg_add_pair(g, a, b);
    }
    free(proto_first);
    free(proto_n);
}

#endif
