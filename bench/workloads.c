// The benchmark's pair sets. All are seeded, so every run and machine times the same pairs.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench.h"
#include "coherent.h"

static const double PI = 3.14159265358979323846;

/// A generated set prepared as the library takes it; -1 with a message if a shape is invalid.
static int prepare(test_set *t, const pg_set *g, const char *label) {
    gjk2d_geometry geom = pg_geometry(g);
    int64_t bad = test_set_make(t, &geom, g->px, g->py, g->c, g->s, NULL);
    if (bad == 0) return 0;
    if (bad < 0)
        fprintf(stderr, "%s: gjk2d_shapes_prepare: %s\n", label, gjk2d_error_message((int)bad));
    else
        fprintf(stderr, "%s: %lld generated shapes are invalid\n", label, (long long)bad);
    test_set_free(t);
    return -1;
}

/// The set prepared once, as a caller with persistent shapes does; every frame passes poses and pairs.
static int finish(workload *w) {
    w->pairs = pg_pairs(&w->g);
    return prepare(&w->set, &w->g, w->name);
}

/// W3: every B moved along the SAT axis by the SAT separation (minus the penetration depth when they
/// overlap), which is the exact minimum translation to contact; what remains is the rounding of B's new
/// position to float, far inside the touching band.
static int move_to_touching(workload *w) {
    int64_t n = w->g.np;
    float *sep = xmalloc((size_t)n * sizeof(float)), *nx = xmalloc((size_t)n * sizeof(float));
    float *ny = xmalloc((size_t)n * sizeof(float));
    gjk2d_pairs pairs = pg_pairs(&w->g);
    test_set t;
    if (prepare(&t, &w->g, "W3") != 0) return -1;
    gjk2d_sat_out out = {NULL, sep, nx, ny, NULL};
    gjk2d_set_isa("scalar");
    int rc = gjk2d_batch_sat(t.shapes, &t.poses, &pairs, 0, n, &out);
    gjk2d_set_isa("auto");
    test_set_free(&t);
    if (rc != 0) {
        fprintf(stderr, "W3: gjk2d_batch_sat: %s\n", gjk2d_error_message(rc));
        return -1;
    }
    for (int64_t k = 0; k < n; k++) {
        int32_t b = w->g.pb[k];
        w->g.px[b] = (float)((double)w->g.px[b] - (double)sep[k] * nx[k]);
        w->g.py[b] = (float)((double)w->g.py[b] - (double)sep[k] * ny[k]);
    }
    free(sep), free(nx), free(ny);
    return 0;
}

/// W4: each pair (A and B alike) shifted by the same random offset in [-1000, 1000]^2.
static void move_far(workload *w) {
    oracle_rng r = {0xfa4};
    for (int64_t k = 0; k < w->g.np; k++) {
        double ox = oracle_uniform(&r, -1000.0, 1000.0), oy = oracle_uniform(&r, -1000.0, 1000.0);
        int32_t a = w->g.pa[k], b = w->g.pb[k];
        w->g.px[a] = (float)(w->g.px[a] + ox), w->g.py[a] = (float)(w->g.py[a] + oy);
        w->g.px[b] = (float)(w->g.px[b] + ox), w->g.py[b] = (float)(w->g.py[b] + oy);
    }
}

/// B3: Box2D v3's "Shape Distance" benchmark sample: 10,000 pairs of the regular 8-gon of circumradius
/// 0.5, A at a random position in [-0.1, 0.1]^2, B rounded by 0.1 at a random position in [0.25, 2]^2,
/// both at random angles.
static void make_b3(workload *w) {
    oracle_rng r = {0xb3};
    float x[8], y[8];
    for (int i = 0; i < 8; i++) {
        x[i] = (float)(0.5 * cos(2.0 * PI * i / 8.0));
        y[i] = (float)(0.5 * sin(2.0 * PI * i / 8.0));
    }
    int32_t f = pg_add_vertices(&w->g, x, y, 8);
    for (int k = 0; k < 10000; k++) {
        double ax = oracle_uniform(&r, -0.1, 0.1), ay = oracle_uniform(&r, -0.1, 0.1), aa = oracle_uniform(&r, -PI, PI);
        double bx = oracle_uniform(&r, 0.25, 2.0), by = oracle_uniform(&r, 0.25, 2.0), ba = oracle_uniform(&r, -PI, PI);
        int32_t a = pg_add_shape(&w->g, f, 8, 0.0f, (float)ax, (float)ay, aa);
        int32_t b = pg_add_shape(&w->g, f, 8, 0.1f, (float)bx, (float)by, ba);
        pg_add_pair(&w->g, a, b);
    }
}

/// The round shapes' prototypes: n segments of length 1..3 along x, centred at the origin (segment[i]), then the
/// point at the origin, whose first vertex is returned.
static int32_t add_segments_and_centre(pg_set *g, oracle_rng *r, int32_t *segment, int n) {
    for (int i = 0; i < n; i++) {
        const float h = (float)oracle_uniform(r, 0.5, 1.5), sx[2] = {-h, h}, sy[2] = {0.0f, 0.0f};
        segment[i] = pg_add_vertices(g, sx, sy, 2);
    }
    const float origin = 0.0f;
    return pg_add_vertices(g, &origin, &origin, 1);
}

/// W6: the shape kinds a 2D engine's narrow phase meets, each pair in the order Box2D 2.4.1 takes it, a quarter
/// of the pairs each: polygon and polygon (W1's 3..8-gons, each rounded by 0.05..0.2 half of the time), polygon
/// and circle, circle and circle (radii 0.3..1.2), segment (a two-sided edge of length 1..3) and polygon. A at a
/// uniform position in a 20 x 20 box, B at a random offset of up to 3 from it, both at random angles.
static void make_w6(workload *w, int64_t pairs) {
    enum { DISTINCT = 4096, SEGMENTS = 256 };
    oracle_rng r = {0xb6};
    float x[8], y[8];
    int32_t first[DISTINCT], count[DISTINCT], segment[SEGMENTS];
    for (int i = 0; i < DISTINCT; i++) {
        count[i] = pg_int(&r, 3, 8);
        rc_convex_sectors(oracle_stream(&r), count[i], oracle_uniform(&r, 0.5, 1.5), x, y);
        first[i] = pg_add_vertices(&w->g, x, y, count[i]);
    }
    const int32_t centre = add_segments_and_centre(&w->g, &r, segment, SEGMENTS);
    for (int64_t k = 0; k < pairs; k++) {
        const int kind = pg_int(&r, 0, 3);
        const double ax = oracle_uniform(&r, -7.0, 7.0), ay = oracle_uniform(&r, -7.0, 7.0);
        const double off = oracle_uniform(&r, 0.0, 3.0), dir = oracle_uniform(&r, 0.0, 2.0 * PI);
        const float bx = (float)(ax + off * cos(dir)), by = (float)(ay + off * sin(dir));
        const float angle_a = (float)oracle_uniform(&r, -PI, PI), angle_b = (float)oracle_uniform(&r, -PI, PI);
        const int i = pg_int(&r, 0, DISTINCT - 1), j = pg_int(&r, 0, DISTINCT - 1);
        const float round_a = pg_int(&r, 0, 1) ? (float)oracle_uniform(&r, 0.05, 0.2) : 0.0f;
        const float round_b = pg_int(&r, 0, 1) ? (float)oracle_uniform(&r, 0.05, 0.2) : 0.0f;
        const float circle_a = (float)oracle_uniform(&r, 0.3, 1.2), circle_b = (float)oracle_uniform(&r, 0.3, 1.2);
        int32_t a, b;
        if (kind == 0) {
            a = pg_add_shape(&w->g, first[i], count[i], round_a, (float)ax, (float)ay, angle_a);
            b = pg_add_shape(&w->g, first[j], count[j], round_b, bx, by, angle_b);
        } else if (kind == 1) {
            a = pg_add_shape(&w->g, first[i], count[i], 0.0f, (float)ax, (float)ay, angle_a);
            b = pg_add_shape(&w->g, centre, 1, circle_b, bx, by, angle_b);
        } else if (kind == 2) {
            a = pg_add_shape(&w->g, centre, 1, circle_a, (float)ax, (float)ay, angle_a);
            b = pg_add_shape(&w->g, centre, 1, circle_b, bx, by, angle_b);
        } else {
            a = pg_add_shape(&w->g, segment[i % SEGMENTS], 2, 0.0f, (float)ax, (float)ay, angle_a);
            b = pg_add_shape(&w->g, first[j], count[j], 0.0f, bx, by, angle_b);
        }
        pg_add_pair(&w->g, a, b);
    }
}

/// W8: round bodies, each shape a circle (radius 0.3..1.2) or a capsule (a segment of length 1..3, radius
/// 0.2..0.5), half each, placed as W6's pairs: blocks of points and segments only.
static void make_w8(workload *w, int64_t pairs) {
    enum { SEGMENTS = 256 };
    oracle_rng r = {0xb8};
    int32_t segment[SEGMENTS];
    const int32_t centre = add_segments_and_centre(&w->g, &r, segment, SEGMENTS);
    for (int64_t k = 0; k < pairs; k++) {
        const double ax = oracle_uniform(&r, -7.0, 7.0), ay = oracle_uniform(&r, -7.0, 7.0);
        const double off = oracle_uniform(&r, 0.0, 3.0), dir = oracle_uniform(&r, 0.0, 2.0 * PI);
        int32_t s[2];
        for (int q = 0; q < 2; q++) {
            const int capsule = pg_int(&r, 0, 1);
            const float x = q ? (float)(ax + off * cos(dir)) : (float)ax,
                        y = q ? (float)(ay + off * sin(dir)) : (float)ay;
            const float angle = (float)oracle_uniform(&r, -PI, PI);
            s[q] = capsule ? pg_add_shape(&w->g, segment[pg_int(&r, 0, SEGMENTS - 1)], 2,
                                          (float)oracle_uniform(&r, 0.2, 0.5), x, y, angle)
                           : pg_add_shape(&w->g, centre, 1, (float)oracle_uniform(&r, 0.3, 1.2), x, y, angle);
        }
        pg_add_pair(&w->g, s[0], s[1]);
    }
}

/// W5 at its first frame (the coherence benchmark's scene): bodies drifting, the pairs of a sweep and prune
/// over their fattened boxes, sorted by their first body.
static int make_w5(workload *w, int64_t pairs) {
    const double pairs_per_body = 1.72; // what coherent_make's scenes give at 2 (measured; the count is reported)
    const int32_t bodies = (int32_t)(pairs / pairs_per_body) > 2 ? (int32_t)(pairs / pairs_per_body) : 2;
    w->scene = xmalloc(sizeof *w->scene);
    if (coherent_make(w->scene, bodies, 2.0, 0.05, 60, COHERENT_POLYGONS, 5) != 0) return -1;
    snprintf(w->desc, sizeof w->desc,
             "%lld broadphase pairs of %d drifting 3..8-gon bodies (the coherence benchmark's scene, frame 0)",
             (long long)w->scene->pairs, bodies);
    snprintf(w->name, sizeof w->name, "W5");
    w->pairs = coherent_pairs(w->scene);
    const int64_t bad =
        test_set_make(&w->set, &w->scene->geometry, w->scene->px, w->scene->py, w->scene->c, w->scene->s, NULL);
    return bad == 0 ? 0 : -1;
}

int workload_make(workload *w, const char *name, int64_t pairs) {
    memset(w, 0, sizeof *w);
    if (!strcasecmp(name, "w5")) return make_w5(w, pairs);
    if ((name[0] == 'v' || name[0] == 'V') && name[1] >= '1' && name[1] <= '9') { // V3 .. V64: the sweep's sets
        const int n = atoi(name + 1);
        return n >= 3 && n <= 64 ? workload_sweep(w, n, pairs) : -1;
    }
    if (!strcasecmp(name, "w1")) {
        pg_workload(&w->g, 0xb1, pairs, 3, 8, 4096);
        snprintf(w->desc, sizeof w->desc, "%lld random convex 3..8-gon pairs, poses in a 20 x 20 box",
                 (long long)pairs);
    } else if (!strcasecmp(name, "w2")) {
        pg_workload(&w->g, 0xb2, pairs, 8, 8, 4096);
        snprintf(w->desc, sizeof w->desc, "%lld random convex 8-gon pairs", (long long)pairs);
    } else if (!strcasecmp(name, "w3")) {
        pg_workload(&w->g, 0xb3, pairs, 3, 8, 4096);
        if (move_to_touching(w) != 0) return -1;
        snprintf(w->desc, sizeof w->desc, "%lld 3..8-gon pairs (as W1) moved to exact touching along the SAT axis",
                 (long long)pairs);
    } else if (!strcasecmp(name, "w4")) {
        pg_workload(&w->g, 0xb4, pairs, 3, 8, 4096);
        move_far(w);
        snprintf(w->desc, sizeof w->desc, "%lld 3..8-gon pairs (as W1) at world positions up to 1000",
                 (long long)pairs);
    } else if (!strcasecmp(name, "w7")) {
        pg_workload(&w->g, 0xb7, pairs, 3, 8, 0);
        snprintf(w->desc, sizeof w->desc, "%lld pairs as W1, every shape a polygon of its own (rows from memory)",
                 (long long)pairs);
    } else if (!strcasecmp(name, "w6")) {
        make_w6(w, pairs);
        snprintf(w->desc, sizeof w->desc,
                 "%lld pairs of mixed kinds: polygons (half of them rounded), circles, segments", (long long)pairs);
    } else if (!strcasecmp(name, "w8")) {
        make_w8(w, pairs);
        snprintf(w->desc, sizeof w->desc, "%lld pairs of round bodies: circles and capsules", (long long)pairs);
    } else if (!strcasecmp(name, "b3")) {
        make_b3(w);
        snprintf(w->desc, sizeof w->desc,
                 "Box2D v3's distance benchmark: 10000 pairs of regular 8-gons (circumradius 0.5), B rounded by 0.1");
    } else {
        return -1;
    }
    snprintf(w->name, sizeof w->name, "%c%c", name[0] & ~0x20, name[1]);
    return finish(w);
}

int workload_sweep(workload *w, int n, int64_t pairs) {
    memset(w, 0, sizeof *w);
    pg_workload(&w->g, 0x5e00 + (uint64_t)n, pairs, n, n, 1024);
    snprintf(w->name, sizeof w->name, "V%d", n);
    snprintf(w->desc, sizeof w->desc, "%lld random convex %d-gon pairs", (long long)pairs, n);
    return finish(w);
}

void workload_free(workload *w) {
    test_set_free(&w->set);
    if (w->scene) coherent_free(w->scene);
    free(w->scene);
    pg_free(&w->g);
    memset(w, 0, sizeof *w);
}
