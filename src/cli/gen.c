// SPDX-License-Identifier: MIT
// Scene generator. Each pair gets two fresh random convex polygons (src/random_convex.h's
// rc_convex_spread, centred on their vertex mean); B is placed along a random direction from A at a
// distance chosen relative to the contact distance, so the fraction of overlapping pairs follows
// --overlap, and every pair is checked with gjk2d_distance.
#include "gen.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#include "random_convex.h"

const char gen_options_help[] =
    "  --min-verts N     fewest vertices per shape (default 3; 1 = point, 2 = segment)\n"
    "  --max-verts N     most vertices per shape (default 8, at most 1024)\n"
    "  --overlap F       target fraction of overlapping pairs, 0..1 (default 0.5)\n"
    "  --radius R        radius of every shape (default 0: sharp polygons)\n"
    "  --seed S          random seed (default 1); the same seed gives the same scene everywhere\n";

// Positions stay in [-BOX, BOX]^2 (the 20 x 20 box).
#define BOX 10.0

static const double PI = 3.14159265358979323846;

void gen_defaults(gen_opts *o) {
    o->pairs = -1;
    o->min_verts = 3;
    o->max_verts = 8;
    o->overlap = 0.5;
    o->radius = 0.0;
    o->seed = 1;
}

int gen_option(int argc, char **argv, int *i, gen_opts *o) {
    const char *a = argv[*i], *v;
    int64_t n;
    double f;
    if (opt_is(a, "--pairs")) {
        if (opt_count(argc, argv, i, "--pairs", 0, INT64_MAX, &n)) return -1;
        o->pairs = n;
    } else if (opt_is(a, "--min-verts") || opt_is(a, "--max-verts")) {
        int is_min = opt_is(a, "--min-verts");
        const char *name = is_min ? "--min-verts" : "--max-verts";
        if (opt_count(argc, argv, i, name, 1, GJK2D_MAX_VERTICES, &n)) return -1;
        *(is_min ? &o->min_verts : &o->max_verts) = (int)n;
    } else if (opt_is(a, "--overlap")) {
        if (!(v = opt_value(argc, argv, i, "--overlap"))) return -1;
        if (parse_f64(v, &f) || !(f >= 0.0 && f <= 1.0)) {
            cli_error("--overlap needs a fraction in [0, 1], got '%s'", v);
            return -1;
        }
        o->overlap = f;
    } else if (opt_is(a, "--radius")) {
        if (!(v = opt_value(argc, argv, i, "--radius"))) return -1;
        if (parse_f64(v, &f) || !(f >= 0.0 && f <= 100.0)) {
            cli_error("--radius needs a value in [0, 100], got '%s'", v);
            return -1;
        }
        o->radius = f;
    } else if (opt_is(a, "--seed")) {
        if (!(v = opt_value(argc, argv, i, "--seed"))) return -1;
        if (parse_i64(v, &n)) {
            cli_error("--seed needs an integer, got '%s'", v);
            return -1;
        }
        o->seed = (uint64_t)n;
    } else {
        return 0;
    }
    return 1;
}

int gen_check(const gen_opts *o) {
    if (o->pairs < 0) {
        cli_error("--pairs is required");
        return -1;
    }
    if (o->min_verts > o->max_verts) {
        cli_error("--min-verts %d is larger than --max-verts %d", o->min_verts, o->max_verts);
        return -1;
    }
    // Vertex indices are int32 in the pool, and generation gives every shape max_verts slots.
    if (o->pairs > INT32_MAX / 2 / o->max_verts) {
        cli_error("--pairs %lld is too many for --max-verts %d: at most %d", (long long)o->pairs, o->max_verts,
                  INT32_MAX / 2 / o->max_verts);
        return -1;
    }
    return 0;
}

// Shape i in its slot of max_verts vertices (compacted after generation).
static void add_shape(const gen_opts *o, rc_stream r, scene *sc, int32_t i, float *bound) {
    int n = rc_int(r, o->min_verts, o->max_verts);
    int64_t first = (int64_t)i * o->max_verts;
    sc->first[i] = (int32_t)first;
    sc->count[i] = n;
    sc->radius[i] = (float)o->radius;
    sc->px[i] = sc->py[i] = 0.0f;
    sc->c[i] = 1.0f;
    sc->s[i] = 0.0f;
    sc->angle[i] = 0.0f;
    gjk2d_vec2 v[GJK2D_MAX_VERTICES];
    for (int attempt = 0;; attempt++) {
        *bound = rc_convex_spread(r, n, sc->vx + first, sc->vy + first);
        gjk2d_shape shape = scene_shape(sc, i, v);
        if (gjk2d_validate_shape(&shape, NULL, NULL) == GJK2D_PROBLEM_NONE || attempt == 100) break;
    }
}

static void set_pose(scene *sc, int32_t i, float px, float py, float angle) {
    gjk2d_pose pose = gjk2d_pose_from_angle(px, py, angle);
    sc->px[i] = pose.px;
    sc->py[i] = pose.py;
    sc->c[i] = pose.c;
    sc->s[i] = pose.s;
    sc->angle[i] = angle;
}

static int pair_overlaps(const scene *sc, int32_t a, int32_t b) {
    gjk2d_vec2 va[GJK2D_MAX_VERTICES], vb[GJK2D_MAX_VERTICES];
    gjk2d_shape sa = scene_shape(sc, a, va), sb = scene_shape(sc, b, vb);
    gjk2d_pose pa = scene_pose(sc, a), pb = scene_pose(sc, b);
    gjk2d_distance_result res;
    gjk2d_distance(&sa, &pa, &sb, &pb, &res, NULL);
    return res.core_distance <= sa.radius + sb.radius;
}

// Place B at A + t * u, the pair centred at (cx, cy); returns whether they overlap.
static int place(scene *sc, int32_t a, int32_t b, double cx, double cy, double t, double ux, double uy) {
    double dx = t * ux, dy = t * uy;
    set_pose(sc, a, (float)(cx - 0.5 * dx), (float)(cy - 0.5 * dy), sc->angle[a]);
    set_pose(sc, b, (float)(cx + 0.5 * dx), (float)(cy + 0.5 * dy), sc->angle[b]);
    return pair_overlaps(sc, a, b);
}

// Generate pair k (shapes 2k, 2k+1) from its own random stream, so any split over threads or chunks
// gives the same scene. Both shapes contain their origin, so along the ray of offsets t * u the pair
// overlaps exactly for t in [0, t*]: a rejected draw narrows the interval the next one is drawn from.
static int gen_pair(const gen_opts *o, int64_t index, scene *sc, int64_t k) {
    rc_xoshiro x;
    rc_xoshiro_seed(&x, o->seed * 0x9e3779b97f4a7c15ull + (uint64_t)index);
    rc_stream r = rc_xoshiro_stream(&x);
    int32_t a = (int32_t)(2 * k), b = a + 1;
    float bound_a, bound_b;
    add_shape(o, r, sc, a, &bound_a);
    add_shape(o, r, sc, b, &bound_b);
    sc->pa[k] = a;
    sc->pb[k] = b;
    sc->angle[a] = (float)rc_uniform(r, -PI, PI);
    sc->angle[b] = (float)rc_uniform(r, -PI, PI);
    double phi = rc_uniform(r, 0.0, 2.0 * PI), ux = cos(phi), uy = sin(phi);
    double reach = (double)bound_a + bound_b + 2.0 * o->radius; // beyond this offset the pair is apart
    double margin = fmin(0.5 * reach + 0.5, BOX), cx = rc_uniform(r, -BOX + margin, BOX - margin);
    double cy = rc_uniform(r, -BOX + margin, BOX - margin);
    int want = rc_uniform(r, 0.0, 1.0) < o->overlap;
    double lo = 0.0, hi = 1.25 * reach + 1e-3; // draws for a separated pair reach a quarter beyond contact
    for (int attempt = 0; attempt < 40; attempt++) {
        double t = want ? rc_uniform(r, 0.0, hi) : rc_uniform(r, lo, 1.25 * reach + 1e-3);
        int ov = place(sc, a, b, cx, cy, t, ux, uy);
        if (ov == want) return ov;
        if (want)
            hi = t;
        else
            lo = t;
    }
    // Certain answers: concentric shapes overlap, shapes farther apart than their reach do not.
    return place(sc, a, b, cx, cy, want ? 0.0 : 1.001 * reach + 1e-3, ux, uy);
}

typedef struct gen_job {
    const gen_opts *o;
    int64_t first_index, begin, end, hits;
    scene *sc;
    progress *prog;
} gen_job;

static void *gen_worker(void *arg) {
    gen_job *j = arg;
    for (int64_t k = j->begin; k < j->end; k++) {
        j->hits += gen_pair(j->o, j->first_index + k, j->sc, k);
        if (j->prog && (k & 0x3fff) == 0) progress_update(j->prog, k - j->begin, j->end - j->begin);
    }
    return NULL;
}

// Fewest pairs per generator thread: below this a thread costs more than it saves.
#define GEN_PAIRS_PER_THREAD 2048

// Fill every pair, split in contiguous ranges over the threads. Returns the overlapping pair count, or
// -1 when there is no memory for the threads' state.
static int64_t generate_pairs(const gen_opts *o, int64_t first_index, int64_t pairs, scene *sc, int threads,
                              progress *prog) {
    if (threads > pairs / GEN_PAIRS_PER_THREAD) threads = (int)(pairs / GEN_PAIRS_PER_THREAD);
    if (threads < 1) threads = 1;
    gen_job *jobs = malloc((size_t)threads * sizeof *jobs);
    pthread_t *tid = malloc((size_t)threads * sizeof *tid);
    if (!jobs || !tid) {
        free(jobs);
        free(tid);
        return -1;
    }
    int started = 0;
    for (int t = 0; t < threads; t++) {
        jobs[t] =
            (gen_job){o, first_index, pairs * t / threads, pairs * (t + 1) / threads, 0, sc, t == 0 ? prog : NULL};
        if (t > 0 && pthread_create(&tid[started], NULL, gen_worker, &jobs[t]) == 0)
            started++;
        else if (t > 0)
            gen_worker(&jobs[t]); // no thread: generate the range here
    }
    gen_worker(&jobs[0]);
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    int64_t hits = 0;
    for (int t = 0; t < threads; t++) hits += jobs[t].hits;
    free(jobs);
    free(tid);
    return hits;
}

int gen_scene(const gen_opts *o, int64_t first_index, int64_t pairs, scene *sc, int64_t *overlapping, int threads,
              progress *prog) {
    // Every shape first gets a slot of max_verts vertices, so threads can fill disjoint ranges; the
    // slots are compacted afterwards.
    if (scene_alloc(sc, (int32_t)(2 * pairs), 2 * pairs * o->max_verts, pairs, 1) != 0) return -1;
    sc->shape_count = (int32_t)(2 * pairs);
    sc->pair_count = pairs;
    int64_t hits = generate_pairs(o, first_index, pairs, sc, threads, prog);
    if (hits < 0) {
        scene_free(sc);
        return -1;
    }

    int64_t n = 0;
    for (int32_t i = 0; i < sc->shape_count; i++) {
        int64_t from = sc->first[i];
        if (from != n) {
            memmove(sc->vx + n, sc->vx + from, (size_t)sc->count[i] * sizeof(float));
            memmove(sc->vy + n, sc->vy + from, (size_t)sc->count[i] * sizeof(float));
        }
        sc->first[i] = (int32_t)n;
        n += sc->count[i];
    }
    sc->vertex_count = n;
    if (n > 0) {
        float *x = realloc(sc->vx, (size_t)n * sizeof(float)), *y;
        if (x) sc->vx = x;
        y = realloc(sc->vy, (size_t)n * sizeof(float));
        if (y) sc->vy = y;
    }
    *overlapping = hits;
    return 0;
}

int gen_frames(scene *sc, int32_t frames, double motion, uint64_t seed) {
    if (frames <= 1) return 0;
    if (scene_alloc_frames(sc, frames, 1) != 0) return -1;
    // The motion model mirrors the W5 coherent workload's (tests/support/coherent.c, which the command
    // cannot link): every body keeps a constant velocity and spin, each uniform in [-motion, motion]
    // units (radians) per frame. Shape i's motion comes from its own stream, seeded apart from the
    // shapes' (the same seed gives the same frames whatever the thread count).
    for (int32_t i = 0; i < sc->shape_count; i++) {
        rc_xoshiro x;
        rc_xoshiro_seed(&x, (seed ^ 0x5bd1e9955bd1e995ull) * 0x9e3779b97f4a7c15ull + (uint64_t)i);
        rc_stream r = rc_xoshiro_stream(&x);
        double vx = rc_uniform(r, -motion, motion), vy = rc_uniform(r, -motion, motion);
        double spin = rc_uniform(r, -motion, motion);
        for (int32_t f = 1; f < frames; f++) {
            size_t j = (size_t)(f - 1) * (size_t)sc->shape_count + (size_t)i;
            float angle = (float)((double)sc->angle[i] + f * spin);
            gjk2d_pose pose =
                gjk2d_pose_from_angle((float)((double)sc->px[i] + f * vx), (float)((double)sc->py[i] + f * vy), angle);
            sc->fpx[j] = pose.px;
            sc->fpy[j] = pose.py;
            sc->fc[j] = pose.c;
            sc->fs[j] = pose.s;
            sc->fangle[j] = angle;
        }
    }
    return 0;
}

int gen_items(scene *sc, int64_t points, int64_t rays, uint64_t seed) {
    if (sc->shape_count <= 0) return points || rays ? -1 : 0;
    sc->point_shape = malloc((size_t)(points ? points : 1) * sizeof(int32_t));
    sc->qx = malloc((size_t)(points ? points : 1) * sizeof(float));
    sc->qy = malloc((size_t)(points ? points : 1) * sizeof(float));
    sc->ray_shape = malloc((size_t)(rays ? rays : 1) * sizeof(int32_t));
    float **f[] = {&sc->rox, &sc->roy, &sc->rdx, &sc->rdy, &sc->rmax};
    for (int i = 0; i < 5; i++) *f[i] = malloc((size_t)(rays ? rays : 1) * sizeof(float));
    if (!sc->point_shape || !sc->qx || !sc->qy || !sc->ray_shape || !sc->rox || !sc->roy || !sc->rdx || !sc->rdy ||
        !sc->rmax)
        return -1;
    // Item k's stream is seeded apart from the shapes' and the frames' (the same seed, the same items).
    for (int64_t k = 0; k < points; k++) {
        rc_xoshiro x;
        rc_xoshiro_seed(&x, (seed ^ 0x2545f4914f6cdd1dull) * 0x9e3779b97f4a7c15ull + (uint64_t)k);
        const rc_stream r = rc_xoshiro_stream(&x);
        const int32_t i = (int32_t)rc_int(r, 0, sc->shape_count - 1);
        sc->point_shape[k] = i;
        // Within 2 of the shape's position: inside, on and beyond the shape.
        sc->qx[k] = (float)(sc->px[i] + rc_uniform(r, -2.0, 2.0));
        sc->qy[k] = (float)(sc->py[i] + rc_uniform(r, -2.0, 2.0));
    }
    for (int64_t k = 0; k < rays; k++) {
        rc_xoshiro x;
        rc_xoshiro_seed(&x, (seed ^ 0x94d049bb133111ebull) * 0x9e3779b97f4a7c15ull + (uint64_t)k);
        const rc_stream r = rc_xoshiro_stream(&x);
        const int32_t i = (int32_t)rc_int(r, 0, sc->shape_count - 1);
        sc->ray_shape[k] = i;
        // From 4 away, toward the shape's position, scattered: hits, misses and rays that stop short.
        const double phi = rc_uniform(r, 0.0, 2.0 * PI), f = rc_uniform(r, 0.5, 2.0);
        const double ox = sc->px[i] + 4.0 * cos(phi), oy = sc->py[i] + 4.0 * sin(phi);
        sc->rox[k] = (float)ox, sc->roy[k] = (float)oy;
        sc->rdx[k] = (float)(f * (sc->px[i] - ox) + rc_uniform(r, -1.0, 1.0));
        sc->rdy[k] = (float)(f * (sc->py[i] - oy) + rc_uniform(r, -1.0, 1.0));
        sc->rmax[k] = 1.0f;
    }
    sc->point_count = points;
    sc->ray_count = rays;
    return 0;
}
