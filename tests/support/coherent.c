// SPDX-License-Identifier: MIT
#include "coherent.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "oracle.h"

enum { MAX_BODY_VERTICES = 8 };

typedef struct box {
    double lo_x, lo_y, hi_x, hi_y;
    int32_t body;
} box;

static int by_lo_x(const void *p, const void *q) {
    const box *a = p, *b = q;
    return a->lo_x < b->lo_x ? -1 : a->lo_x > b->lo_x ? 1 : a->body - b->body;
}

static int by_pair(const void *p, const void *q) {
    const int32_t *a = p, *b = q;
    return a[0] != b[0] ? (a[0] < b[0] ? -1 : 1) : (a[1] < b[1] ? -1 : a[1] > b[1]);
}

/// One body's local shape into v (returns the vertex count) and its radius.
static int32_t body_shape(oracle_rng *r, coherent_mix mix, gjk2d_vec2 *v, float *radius) {
    const double kind = mix == COHERENT_POLYGONS ? 0.0 : oracle_uniform(r, mix == COHERENT_SMALL ? 0.55 : 0.0, 1.0);
    *radius = 0.0f;
    if (kind < 0.55) {
        const int32_t n = oracle_int(r, 3, MAX_BODY_VERTICES);
        rc_convex_sorted(oracle_stream(r), n, oracle_uniform(r, 0.5, 1.0), v);
        return n;
    }
    if (kind < 0.70) { // a box
        const float hx = (float)oracle_uniform(r, 0.2, 0.8), hy = (float)oracle_uniform(r, 0.2, 0.8);
        const gjk2d_vec2 corners[4] = {{-hx, -hy}, {hx, -hy}, {hx, hy}, {-hx, hy}};
        memcpy(v, corners, sizeof corners);
        return 4;
    }
    if (kind < 0.85) { // a circle
        v[0].x = v[0].y = 0.0f;
        *radius = (float)oracle_uniform(r, 0.2, 0.8);
        return 1;
    }
    const float h = (float)oracle_uniform(r, 0.2, 0.8); // a capsule
    v[0].x = -h;
    v[1].x = h;
    v[0].y = v[1].y = 0.0f;
    *radius = (float)oracle_uniform(r, 0.1, 0.4);
    return 2;
}

static void set_pose(coherent_scene *s, int32_t i) {
    s->px[i] = (float)s->x[i];
    s->py[i] = (float)s->y[i];
    s->c[i] = (float)cos(s->angle[i]);
    s->s[i] = (float)sin(s->angle[i]);
}

/// Sweep and prune over fattened world boxes: sort by the lower x bound, sweep keeping the boxes whose x
/// range is still open, test y. Returns the pair count (pairs written when `out` is not NULL).
static int64_t sweep_and_prune(box *boxes, int32_t n, int32_t *out) {
    qsort(boxes, (size_t)n, sizeof *boxes, by_lo_x);
    int64_t count = 0;
    for (int32_t i = 0; i < n; ++i) {
        for (int32_t j = i + 1; j < n && boxes[j].lo_x <= boxes[i].hi_x; ++j) {
            if (boxes[j].lo_y > boxes[i].hi_y || boxes[j].hi_y < boxes[i].lo_y) continue;
            if (out) {
                const int32_t a = boxes[i].body, b = boxes[j].body;
                out[2 * count] = a < b ? a : b;
                out[2 * count + 1] = a < b ? b : a;
            }
            ++count;
        }
    }
    return count;
}

int coherent_make(coherent_scene *s, int32_t bodies, double pairs_per_body, double max_motion, int frames,
                  coherent_mix mix, uint64_t seed) {
    memset(s, 0, sizeof *s);
    const size_t n = (size_t)bodies;
    const size_t floats = 4 * n, doubles = 6 * n, ints = 2 * n, verts = MAX_BODY_VERTICES * n;
    char *mem =
        calloc(1, floats * sizeof(float) + doubles * sizeof(double) + ints * sizeof(int32_t) + n * sizeof(float) +
                      verts * sizeof(gjk2d_vec2) + 2 * verts * sizeof(float) + n * sizeof(box));
    if (!mem) return -1;
    s->own = mem;
    box *boxes = (box *)mem; // the 8-byte aligned parts first
    double *d = (double *)(boxes + n);
    s->x = d, s->y = d + n, s->angle = d + 2 * n, s->vx = d + 3 * n, s->vy = d + 4 * n, s->spin = d + 5 * n;
    gjk2d_vec2 *v = (gjk2d_vec2 *)(d + doubles);
    float *f = (float *)(v + verts);
    s->px = f, s->py = f + n, s->c = f + 2 * n, s->s = f + 3 * n;
    float *radius = f + 4 * n;
    int32_t *first = (int32_t *)(radius + n), *count = first + n;
    float *vx = (float *)(count + n), *vy = vx + verts;
    s->bodies = bodies;

    oracle_rng r = oracle_rng_seed(seed);
    const double margin = max_motion * frames + 0.1;
    // Bodies reach about 1 from their origin; a fat box is about 2 + 2 margin wide. With density rho
    // bodies per unit area, a body's box meets about rho * (2 * width)^2 others: size the square for
    // that to be 2 * pairs_per_body.
    const double width = 2.0 + 2.0 * margin;
    const double side = sqrt(bodies * 4.0 * width * width / (2.0 * pairs_per_body));
    int32_t next = 0;
    for (int32_t i = 0; i < bodies; ++i) {
        first[i] = next;
        count[i] = body_shape(&r, mix, v + next, &radius[i]);
        next += count[i];
        s->x[i] = oracle_uniform(&r, 0.0, side);
        s->y[i] = oracle_uniform(&r, 0.0, side);
        s->angle[i] = oracle_uniform(&r, -3.141592653589793, 3.141592653589793);
        s->vx[i] = oracle_uniform(&r, -max_motion, max_motion);
        s->vy[i] = oracle_uniform(&r, -max_motion, max_motion);
        s->spin[i] = oracle_uniform(&r, -max_motion, max_motion);
        set_pose(s, i);
        double bound = radius[i];
        for (int32_t k = 0; k < count[i]; ++k) {
            const double vx = v[first[i] + k].x, vy = v[first[i] + k].y;
            const double len = sqrt(vx * vx + vy * vy) + radius[i];
            bound = len > bound ? len : bound;
        }
        boxes[i] = (box){s->x[i] - bound - margin, s->y[i] - bound - margin, s->x[i] + bound + margin,
                         s->y[i] + bound + margin, i};
    }
    for (int32_t k = 0; k < next; ++k) {
        vx[k] = v[k].x;
        vy[k] = v[k].y;
    }
    s->geometry = (gjk2d_geometry){vx, vy, next, count, first, radius, bodies};

    const int64_t pairs = sweep_and_prune(boxes, bodies, NULL);
    int32_t *list = malloc((size_t)(2 * (pairs ? pairs : 1)) * sizeof(int32_t));
    int32_t *pa = malloc((size_t)(pairs ? pairs : 1) * sizeof(int32_t));
    int32_t *pb = malloc((size_t)(pairs ? pairs : 1) * sizeof(int32_t));
    if (!list || !pa || !pb) {
        free(list), free(pa), free(pb), free(mem);
        return -1;
    }
    sweep_and_prune(boxes, bodies, list);
    qsort(list, (size_t)pairs, 2 * sizeof(int32_t), by_pair); // the order a broadphase's pair set keeps
    for (int64_t k = 0; k < pairs; ++k) {
        pa[k] = list[2 * k];
        pb[k] = list[2 * k + 1];
    }
    free(list);
    s->pair_a = pa;
    s->pair_b = pb;
    s->pairs = pairs;
    return 0;
}

gjk2d_poses coherent_poses(const coherent_scene *s) {
    return (gjk2d_poses){s->px, s->py, s->c, s->s, s->bodies, 0, GJK2D_FLOAT32};
}

gjk2d_pairs coherent_pairs(const coherent_scene *s) { return (gjk2d_pairs){s->pair_a, s->pair_b, s->pairs}; }

void coherent_step(coherent_scene *s) {
    for (int32_t i = 0; i < s->bodies; ++i) {
        s->x[i] += s->vx[i];
        s->y[i] += s->vy[i];
        s->angle[i] += s->spin[i];
        set_pose(s, i);
    }
    ++s->frame;
}

void coherent_free(coherent_scene *s) {
    free(s->pair_a);
    free(s->pair_b);
    free(s->own);
    memset(s, 0, sizeof *s);
}
