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
#include "oracle.h"

/// The tests' one random generator (oracle.h, splitmix64). An integer in [lo, hi] from one uniform draw
/// (not oracle_int's remainder), so the workloads keep the sequences their results were measured on.
static inline int pg_int(oracle_rng *r, int lo, int hi) {
    return lo + (int)(oracle_uniform(r, 0.0, 1.0) * (hi - lo + 1));
}

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

static inline void pg_free(pg_set *g) {
    free(g->vx);
    free(g->vy);
    free(g->first);
    free(g->count);
    free(g->radius);
    free(g->px);
    free(g->py);
    free(g->c);
    free(g->s);
    free(g->pa);
    free(g->pb);
    memset(g, 0, sizeof *g);
}

/// Append vertices; returns the index of the first.
static inline int32_t pg_add_vertices(pg_set *g, const float *x, const float *y, int32_t n) {
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
                                   double angle) {
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

static inline void pg_add_pair(pg_set *g, int32_t a, int32_t b) {
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
static inline gjk2d_geometry pg_geometry(const pg_set *g) {
    gjk2d_geometry geo = {g->vx, g->vy, g->nv, g->count, g->first, g->radius, g->ns};
    return geo;
}

/// The set's poses as packed float arrays, one per shape.
static inline gjk2d_poses pg_poses(const pg_set *g) {
    gjk2d_poses p = {g->px, g->py, g->c, g->s, g->ns, 0, GJK2D_FLOAT32};
    return p;
}

static inline gjk2d_pairs pg_pairs(const pg_set *g) {
    gjk2d_pairs p = {g->pa, g->pb, g->np};
    return p;
}

/// A random convex polygon of nmin..nmax vertices and size 0.5..1.5 at the origin: its first vertex and count.
static inline void pg_add_prototype(pg_set *g, oracle_rng *r, int nmin, int nmax, int32_t *first, int32_t *n) {
    float x[64], y[64];
    *n = pg_int(r, nmin, nmax);
    rc_convex_sectors(oracle_stream(r), *n, oracle_uniform(r, 0.5, 1.5), x, y);
    *first = pg_add_vertices(g, x, y, *n);
}

/// The benchmark / cross-check workload: `pairs` pairs of random convex polygons with nmin..nmax
/// vertices (radius 0), instances of `distinct` prototypes; A's position uniform in a 20x20 box, B
/// placed at a random offset from A sized so that about half of the pairs overlap. distinct == 0: every
/// shape is a polygon of its own, made as its pair is (so the prepared rows follow the pairs' order).
static inline void pg_workload(pg_set *g, uint64_t seed, int64_t pairs, int nmin, int nmax, int distinct) {
    oracle_rng r = {seed};
    const int own = distinct == 0, slots = own ? 2 : distinct; // own: slots 0 and 1 hold the pair's two polygons
    int32_t *proto_first = (int32_t *)malloc((size_t)slots * sizeof(int32_t));
    int32_t *proto_n = (int32_t *)malloc((size_t)slots * sizeof(int32_t));
    if (!proto_first || !proto_n) abort();
    for (int i = 0; !own && i < distinct; i++) pg_add_prototype(g, &r, nmin, nmax, proto_first + i, proto_n + i);
    for (int64_t k = 0; k < pairs; k++) {
        int i = 0, j = 1;
        if (own) {
            pg_add_prototype(g, &r, nmin, nmax, proto_first, proto_n);
            pg_add_prototype(g, &r, nmin, nmax, proto_first + 1, proto_n + 1);
        } else {
            i = pg_int(&r, 0, distinct - 1), j = pg_int(&r, 0, distinct - 1);
        }
        double ax = oracle_uniform(&r, -7.0, 7.0), ay = oracle_uniform(&r, -7.0, 7.0);
        double off = oracle_uniform(&r, 0.0, 3.0), dir = oracle_uniform(&r, 0.0, 6.283185307179586);
        int32_t a = pg_add_shape(g, proto_first[i], proto_n[i], 0.0f, (float)ax, (float)ay,
                                 oracle_uniform(&r, -3.14159, 3.14159));
        int32_t b = pg_add_shape(g, proto_first[j], proto_n[j], 0.0f, (float)(ax + off * cos(dir)),
                                 (float)(ay + off * sin(dir)), oracle_uniform(&r, -3.14159, 3.14159));
        pg_add_pair(g, a, b);
    }
    free(proto_first);
    free(proto_n);
}

// ---------------------------------------------------------------------------------------------
// Hard cases.

/// Append a polygon given as interleaved x, y (at most 128 vertices); returns its first vertex.
static inline int32_t pg_add_poly(pg_set *g, const float *xy, int n) {
    float x[128], y[128];
    for (int i = 0; i < n; i++) x[i] = xy[2 * i], y[i] = xy[2 * i + 1];
    return pg_add_vertices(g, x, y, n);
}

/// The same, every coordinate multiplied by `scale`.
static inline int32_t pg_add_scaled(pg_set *g, const float *xy, int n, float scale) {
    float t[256];
    for (int i = 0; i < 2 * n; i++) t[i] = xy[i] * scale;
    return pg_add_poly(g, t, n);
}

/// A prototype shape of the hard cases: its vertices, radius and size.
typedef struct pg_proto {
    int32_t first, n;
    float radius, size;
} pg_proto;

/// The hard-case prototypes: squares, collinear and duplicated vertices, slivers, 1 mm shapes, segments,
/// capsules, points, circles, a rounded box, a clockwise (invalid) square, 12-, 16- and 64-gons.
static inline int pg_hard_protos(pg_set *g, pg_proto *p) {
    static const float square[] = {-1, -1, 1, -1, 1, 1, -1, 1};
    static const float diamond[] = {0, -1, 1, 0, 0, 1, -1, 0};
    static const float collinear[] = {-1, -1, 0, -1, 1, -1, 1, 0, 1, 1, 0, 1, -1, 1, -1, 0};
    static const float dup[] = {-1, -1, 1, -1, 1, -1, 1, 1, -1, 1, -1, 1};
    static const float sliver[] = {0, 0, 10, 0, 5, 0.001f};
    static const float thin[] = {-5, -0.0005f, 5, -0.0005f, 5, 0.0005f, -5, 0.0005f};
    static const float tri[] = {-1, -0.5f, 1, -0.5f, 0, 1};
    static const float seg[] = {-1, 0, 1, 0};
    static const float pt[] = {0, 0};
    static const float cw[] = {-1, -1, -1, 1, 1, 1, 1, -1}; // clockwise: invalid
    int n = 0;
    p[n++] = (pg_proto){pg_add_poly(g, square, 4), 4, 0.0f, 1.5f};
    p[n++] = (pg_proto){pg_add_poly(g, diamond, 4), 4, 0.0f, 1.0f};
    p[n++] = (pg_proto){pg_add_poly(g, collinear, 8), 8, 0.0f, 1.5f};
    p[n++] = (pg_proto){pg_add_poly(g, dup, 6), 6, 0.0f, 1.5f};
    p[n++] = (pg_proto){pg_add_poly(g, sliver, 3), 3, 0.0f, 10.0f};
    p[n++] = (pg_proto){pg_add_poly(g, thin, 4), 4, 0.0f, 5.0f};
    p[n++] = (pg_proto){pg_add_scaled(g, square, 4, 0.0005f), 4, 0.0f, 0.001f}; // 1 mm edges
    p[n++] = (pg_proto){pg_add_scaled(g, tri, 3, 0.001f), 3, 0.0f, 0.001f};
    p[n++] = (pg_proto){pg_add_poly(g, seg, 2), 2, 0.0f, 1.0f};
    p[n++] = (pg_proto){pg_add_poly(g, seg, 2), 2, 0.25f, 1.25f};  // capsule
    p[n++] = (pg_proto){pg_add_poly(g, pt, 1), 1, 0.0f, 0.0f};     // point
    p[n++] = (pg_proto){pg_add_poly(g, pt, 1), 1, 0.5f, 0.5f};     // circle
    p[n++] = (pg_proto){pg_add_poly(g, square, 4), 4, 0.1f, 1.6f}; // rounded box
    p[n++] = (pg_proto){pg_add_poly(g, tri, 3), 3, 0.0f, 1.0f};
    p[n++] = (pg_proto){pg_add_poly(g, cw, 4), 4, 0.0f, 1.5f}; // invalid
    oracle_rng r = {77};
    const int sizes[] = {16, 64, 12};
    for (int i = 0; i < 3; i++) {
        float x[64], y[64];
        rc_convex_sectors(oracle_stream(&r), sizes[i], 1.0, x, y);
        p[n++] = (pg_proto){pg_add_vertices(g, x, y, sizes[i]), sizes[i], 0.0f, 1.0f};
    }
    return n;
}

/// Polygons against points and segments: in runs of `run` pairs, cycling over five kinds of run, one shape of
/// every pair becomes its polygon's first vertex or first edge (B a point, A a point, B a segment, A a segment;
/// the fifth run is left as it is), so that whole blocks hold a polygon against points or segments and each
/// shape has a column bound of its own (lanes_tmpl.h, lane_own_columns).
static inline void pg_points_and_segments_in_runs(pg_set *g, int64_t run) {
    for (int64_t k = 0; k < g->np; k++) {
        const int64_t kind = (k / run) % 5;
        if (kind == 4) continue;
        g->count[kind % 2 == 0 ? g->pb[k] : g->pa[k]] = kind < 2 ? 1 : 2;
    }
}

/// Pairs i and j of the list trade places.
static inline void pg_pairs_swap(pg_set *g, int64_t i, int64_t j) {
    const int32_t a = g->pa[i], b = g->pb[i];
    g->pa[i] = g->pa[j], g->pb[i] = g->pb[j], g->pa[j] = a, g->pb[j] = b;
}

/// Reorder the pair list in groups of 8 and 16 pairs (alternating), so that a block's shapes lie near each other in
/// the pose arrays in every order (lanes_tmpl.h, lane_near): group by group, the pairs shuffled, run
/// backward, kept, or with one pair's B swapped with a shape 40 poses away (a block just past a window). On a list
/// of pg_workload's pairs (shapes 2k and 2k + 1), the last blocks end at the last poses.
static inline void pg_pairs_near_in_every_order(pg_set *g, uint64_t seed) {
    oracle_rng r = {seed};
    for (int64_t k0 = 0, group = 0; k0 < g->np; group++) {
        const int64_t size = group % 2 ? 16 : 8, n = g->np - k0 < size ? g->np - k0 : size;
        switch (group % 4) {
        case 0:
            for (int64_t i = n - 1; i > 0; i--) pg_pairs_swap(g, k0 + i, k0 + pg_int(&r, 0, (int)i));
            break;
        case 1:
            for (int64_t i = 0; i < n / 2; i++) pg_pairs_swap(g, k0 + i, k0 + n - 1 - i);
            break;
        case 3:
            if (k0 + 20 < g->np) {
                const int32_t t = g->pb[k0];
                g->pb[k0] = g->pb[k0 + 20], g->pb[k0 + 20] = t;
            }
            break;
        default: break;
        }
        k0 += n;
    }
}

/// Every pair of hard-case prototypes `per_combo` times (at the origin and far from it, overlapping
/// and apart), exact contact and tiny gaps, a shape against itself, containment.
static inline void pg_hard_cases(pg_set *g, int per_combo) {
    pg_proto p[32];
    int np = pg_hard_protos(g, p);
    oracle_rng r = {0xbadcafe};
    const double bases[] = {0.0, 1.0e4, -3.0e3};
    for (int i = 0; i < np; i++) {
        for (int j = 0; j < np; j++) {
            for (int t = 0; t < per_combo; t++) {
                double bx = bases[t % 3], by = bases[(t / 3) % 3];
                double ang = oracle_uniform(&r, -3.14159, 3.14159);
                double reach = p[i].size + p[j].size + p[i].radius + p[j].radius;
                double off = t == 0 ? 0.0 : reach * oracle_uniform(&r, 0.0, 1.2);
                double dir = oracle_uniform(&r, 0.0, 6.283185307179586);
                int32_t a = pg_add_shape(g, p[i].first, p[i].n, p[i].radius, (float)bx, (float)by, t == 1 ? 0.0 : ang);
                int32_t b =
                    pg_add_shape(g, p[j].first, p[j].n, p[j].radius, (float)(bx + off * cos(dir)),
                                 (float)(by + off * sin(dir)), t == 1 ? 0.0 : oracle_uniform(&r, -3.14159, 3.14159));
                pg_add_pair(g, a, b);
            }
        }
    }
    // Exact contact: unit squares side by side (edge-edge), a diamond's vertex on a square's edge,
    // corner to corner, and tiny gaps, at the origin and far from it.
    const float gaps[] = {0.0f, 1e-7f, 1e-6f, 1e-5f, 1e-3f, -1e-6f};
    for (int base = 0; base < 2; base++) {
        float o = base ? 1.0e4f : 0.0f;
        for (int k = 0; k < 6; k++) {
            float gp = gaps[k];
            pg_add_pair(g, pg_add_shape(g, p[0].first, 4, 0, o, o, 0),
                        pg_add_shape(g, p[0].first, 4, 0, o + 2.0f + gp, o, 0));
            pg_add_pair(g, pg_add_shape(g, p[0].first, 4, 0, o, o, 0),
                        pg_add_shape(g, p[1].first, 4, 0, o + 2.0f + gp, o + 0.25f, 0));
            pg_add_pair(g, pg_add_shape(g, p[0].first, 4, 0, o, o, 0),
                        pg_add_shape(g, p[0].first, 4, 0, o + 2.0f + gp, o + 2.0f + gp, 0));
            pg_add_pair(g, pg_add_shape(g, p[1].first, 4, 0, o, o, 0),
                        pg_add_shape(g, p[1].first, 4, 0, o + 2.0f + gp, o, 0));
            pg_add_pair(g, pg_add_shape(g, p[10].first, 1, 0, o + 1.0f + gp, o, 0),
                        pg_add_shape(g, p[0].first, 4, 0, o, o, 0));
            pg_add_pair(g, pg_add_shape(g, p[0].first, 4, 0, o, o, 0),
                        pg_add_shape(g, p[8].first, 2, 0, o, o + 1.0f + gp, 0));
        }
    }
    // Same shape, same pose; containment.
    for (int i = 0; i < np; i++) {
        pg_add_pair(g, pg_add_shape(g, p[i].first, p[i].n, p[i].radius, 3, 4, 0.3),
                    pg_add_shape(g, p[i].first, p[i].n, p[i].radius, 3, 4, 0.3));
        pg_add_pair(g, pg_add_shape(g, p[0].first, 4, 0, 0, 0, 0), pg_add_shape(g, p[6].first, 4, 0, 0.1f, 0.2f, 0.7));
    }
}

#endif
