// SPDX-License-Identifier: MIT
// Threaded batch runs. Threads take fixed-size chunks of the pair range from a shared counter, so an
// uneven mix of polygon sizes still keeps every core busy.
#include "runner.h"

#include <math.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

const char *const query_names[QUERY_KINDS] = {"distance", "overlap", "sat", "manifold", "cast", "toi", "ray", "point"};

int parse_query(const char *name) {
    for (int q = 0; q < QUERY_KINDS; q++)
        if (strcmp(name, query_names[q]) == 0) return q;
    cli_error("unknown query '%s' (known: distance, overlap, sat, manifold, cast, toi, ray, point)", name);
    return -1;
}

int parse_query_list(const char *list, int *queries, int kinds) {
    int n = 0;
    if (strcmp(list, "all") == 0) {
        for (int q = 0; q < kinds; q++) queries[n++] = q;
        return n;
    }
    for (const char *p = list; *p;) {
        const char *comma = strchr(p, ',');
        char name[32];
        size_t len = comma ? (size_t)(comma - p) : strlen(p);
        snprintf(name, sizeof name, "%.*s", (int)(len < 31 ? len : 31), p);
        int q = parse_query(name);
        if (q < 0) return -1;
        if (q >= kinds) {
            cli_error("query '%s' is run's and check's only (known here: distance, overlap, sat, manifold)", name);
            return -1;
        }
        int dup = 0;
        for (int j = 0; j < n; j++) dup |= queries[j] == q;
        if (!dup) queries[n++] = q;
        if (!comma) break;
        p = comma + 1;
    }
    return n;
}

int results_alloc(results *r, query_kind kind, int64_t n) {
    memset(r, 0, sizeof *r);
    r->kind = kind;
    r->n = n;
    size_t m = (size_t)(n > 0 ? n : 1), f = m * sizeof(float);
    int ok = 1;
    r->status = malloc(m);
    ok &= r->status != NULL;
    if (kind == QUERY_DISTANCE) {
        float **fields[] = {
            &r->distance, &r->signed_distance, &r->core_distance, &r->ax, &r->ay, &r->bx, &r->by, &r->nx, &r->ny};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) ok &= (*fields[k] = malloc(f)) != NULL;
        int32_t **ints[] = {&r->feature_a, &r->feature_b, &r->iterations};
        for (size_t k = 0; k < sizeof ints / sizeof ints[0]; k++)
            ok &= (*ints[k] = malloc(m * sizeof(int32_t))) != NULL;
    } else if (kind == QUERY_OVERLAP) {
        ok &= (r->overlap = malloc(m)) != NULL;
        ok &= (r->iterations = malloc(m * sizeof(int32_t))) != NULL;
    } else if (kind == QUERY_POINT) {
        ok &= (r->overlap = malloc(m)) != NULL;
        float **fields[] = {&r->distance, &r->hx, &r->hy, &r->nx, &r->ny};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) ok &= (*fields[k] = malloc(f)) != NULL;
    } else if (kind == QUERY_CAST || kind == QUERY_RAY) {
        ok &= (r->state = malloc(m)) != NULL;
        float **fields[] = {&r->fraction, &r->hx, &r->hy, &r->nx, &r->ny};
        for (size_t k = 0; k < sizeof fields / sizeof fields[0]; k++) ok &= (*fields[k] = malloc(f)) != NULL;
        ok &= (r->iterations = malloc(m * sizeof(int32_t))) != NULL;
    } else if (kind == QUERY_TOI) {
        ok &= (r->state = malloc(m)) != NULL;
        ok &= (r->fraction = malloc(f)) != NULL;
        ok &= (r->separation = malloc(f)) != NULL;
        ok &= (r->iterations = malloc(m * sizeof(int32_t))) != NULL;
    } else if (kind == QUERY_MANIFOLD) {
        ok &= (r->count = malloc(m)) != NULL;
        ok &= (r->reference = malloc(m)) != NULL;
        ok &= (r->nx = malloc(f)) != NULL;
        ok &= (r->ny = malloc(f)) != NULL;
        for (int i = 0; i < 2; i++) {
            ok &= (r->px[i] = malloc(f)) != NULL;
            ok &= (r->py[i] = malloc(f)) != NULL;
            ok &= (r->msep[i] = malloc(f)) != NULL;
            ok &= (r->id[i] = malloc(m * sizeof(uint32_t))) != NULL;
        }
    } else {
        ok &= (r->overlap = malloc(m)) != NULL;
        ok &= (r->separation = malloc(f)) != NULL;
        ok &= (r->nx = malloc(f)) != NULL;
        ok &= (r->ny = malloc(f)) != NULL;
    }
    if (!ok) {
        results_free(r);
        return -1;
    }
    return 0;
}

void results_free(results *r) {
    free(r->distance);
    free(r->signed_distance);
    free(r->core_distance);
    free(r->feature_a);
    free(r->feature_b);
    free(r->ax);
    free(r->ay);
    free(r->bx);
    free(r->by);
    free(r->nx);
    free(r->ny);
    free(r->separation);
    free(r->iterations);
    free(r->overlap);
    free(r->status);
    free(r->count);
    free(r->reference);
    free(r->state);
    free(r->fraction);
    free(r->hx);
    free(r->hy);
    for (int i = 0; i < 2; i++) {
        free(r->px[i]);
        free(r->py[i]);
        free(r->msep[i]);
        free(r->id[i]);
    }
    memset(r, 0, sizeof *r);
}

// Big enough to amortize the chunk hand-out, small enough to balance threads and report progress.
#define CHUNK 16384

typedef struct job {
    query_kind kind;
    const batch_input *in;
    results *r;
    int64_t begin, end;
    atomic_int_fast64_t next, done;
    atomic_int error;
    progress *prog; // updated by the first thread only
} job;

static int run_range(const job *j, int64_t b, int64_t e) {
    const results *r = j->r;
    const batch_input *in = j->in;
    switch (j->kind) {
    case QUERY_DISTANCE: {
        gjk2d_distance_out out = {
            .distance = r->distance,
            .signed_distance = r->signed_distance,
            .core_distance = r->core_distance,
            .ax = r->ax,
            .ay = r->ay,
            .bx = r->bx,
            .by = r->by,
            .nx = r->nx,
            .ny = r->ny,
            .feature_a = r->feature_a,
            .feature_b = r->feature_b,
            .iterations = r->iterations,
            .status = r->status,
        };
        if (in->cached)
            return gjk2d_batch_distance_cached(in->shapes, &in->poses, &in->pairs, b, e, in->cache, in->max_distance,
                                               &out);
        return gjk2d_batch_distance(in->shapes, &in->poses, &in->pairs, b, e, &out);
    }
    case QUERY_OVERLAP: {
        gjk2d_overlap_out out = {.overlap = r->overlap, .iterations = r->iterations, .status = r->status};
        if (in->cached) return gjk2d_batch_overlap_cached(in->shapes, &in->poses, &in->pairs, b, e, in->cache, &out);
        return gjk2d_batch_overlap(in->shapes, &in->poses, &in->pairs, b, e, &out);
    }
    case QUERY_RAY:
    case QUERY_CAST: {
        gjk2d_cast_out out = {.state = r->state,
                              .fraction = r->fraction,
                              .px = r->hx,
                              .py = r->hy,
                              .nx = r->nx,
                              .ny = r->ny,
                              .iterations = r->iterations,
                              .status = r->status};
        if (j->kind == QUERY_RAY) return gjk2d_batch_ray(in->shapes, &in->poses, &in->rays, b, e, &out);
        return gjk2d_batch_cast(in->shapes, &in->poses, &in->pairs, &in->translations, b, e, &out);
    }
    case QUERY_POINT: {
        gjk2d_point_out out = {.inside = r->overlap,
                               .distance = r->distance,
                               .cx = r->hx,
                               .cy = r->hy,
                               .nx = r->nx,
                               .ny = r->ny,
                               .status = r->status};
        return gjk2d_batch_point(in->shapes, &in->poses, &in->points, b, e, &out);
    }
    case QUERY_TOI: {
        gjk2d_toi_out out = {.state = r->state,
                             .t = r->fraction,
                             .separation = r->separation,
                             .iterations = r->iterations,
                             .status = r->status};
        return gjk2d_batch_toi(in->shapes, &in->sweeps, &in->pairs, in->target, in->tolerance, b, e, &out);
    }
    case QUERY_MANIFOLD: {
        gjk2d_manifold_out out = {
            .count = r->count,
            .nx = r->nx,
            .ny = r->ny,
            .reference = r->reference,
            .px = {r->px[0], r->px[1]},
            .py = {r->py[0], r->py[1]},
            .separation = {r->msep[0], r->msep[1]},
            .id = {r->id[0], r->id[1]},
            .status = r->status,
        };
        return gjk2d_batch_manifold(in->shapes, &in->poses, &in->pairs, b, e, in->margin, &out);
    }
    default: {
        gjk2d_sat_out out = {
            .overlap = r->overlap, .separation = r->separation, .nx = r->nx, .ny = r->ny, .status = r->status};
        return gjk2d_batch_sat(in->shapes, &in->poses, &in->pairs, b, e, &out);
    }
    }
}

static void work(job *j, int reporter) {
    for (;;) {
        int64_t b = atomic_fetch_add(&j->next, CHUNK);
        if (b >= j->end || atomic_load(&j->error)) break;
        int64_t e = b + CHUNK < j->end ? b + CHUNK : j->end;
        int rc = run_range(j, b, e);
        if (rc != 0) {
            int expected = 0;
            atomic_compare_exchange_strong(&j->error, &expected, rc);
            break;
        }
        int64_t done = atomic_fetch_add(&j->done, e - b) + (e - b);
        if (reporter && j->prog) progress_update(j->prog, done, j->end - j->begin);
    }
}

static void *worker(void *arg) {
    work(arg, 0);
    return NULL;
}

batch_input scene_batch_input(const scene *sc) {
    batch_input in = {
        .shapes = sc->shapes, .poses = scene_poses(sc), .pairs = scene_pairs(sc), .max_distance = INFINITY};
    return in;
}

int query_input_init(query_input *q, const scene *sc, query_kind kind) {
    q->in = scene_batch_input(sc);
    q->in.rays = (gjk2d_rays){sc->ray_shape, sc->rox, sc->roy, sc->rdx, sc->rdy, sc->rmax, sc->ray_count};
    q->in.points = (gjk2d_points){sc->point_shape, sc->qx, sc->qy, sc->point_count};
    q->in.target = TOI_DEFAULT_TARGET, q->in.tolerance = TOI_DEFAULT_TOLERANCE;
    q->mem = NULL;
    const size_t pairs = (size_t)(sc->pair_count > 0 ? sc->pair_count : 1);
    const size_t shapes = (size_t)(sc->shape_count > 0 ? sc->shape_count : 1);
    if (kind == QUERY_CAST) {
        if (!(q->mem = malloc(2 * pairs * sizeof(float)))) return -1;
        q->in.translations = (gjk2d_translations){q->mem, q->mem + pairs};
    } else if (kind == QUERY_TOI) {
        if (!(q->mem = calloc(8 * shapes, sizeof(float)))) return -1;
        float *m = q->mem;
        q->in.sweeps = (gjk2d_sweeps){m,
                                      m + shapes,
                                      m + 2 * shapes,
                                      m + 3 * shapes,
                                      m + 4 * shapes,
                                      m + 5 * shapes,
                                      m + 6 * shapes,
                                      m + 7 * shapes,
                                      sc->shape_count};
    }
    return 0;
}

void query_input_step(query_input *q, const scene *sc, query_kind kind, int32_t f) {
    q->in.poses = scene_frame_poses(sc, f);
    if (kind == QUERY_CAST) {
        gjk2d_poses p0 = q->in.poses, p1 = scene_frame_poses(sc, f + 1);
        const float *x0 = p0.px, *y0 = p0.py, *x1 = p1.px, *y1 = p1.py;
        float *tx = (float *)q->in.translations.x, *ty = (float *)q->in.translations.y;
        for (int64_t k = 0; k < sc->pair_count; k++) {
            int32_t a = sc->pa[k], b = sc->pb[k];
            tx[k] = (float)(((double)x1[b] - x0[b]) - ((double)x1[a] - x0[a]));
            ty[k] = (float)(((double)y1[b] - y0[b]) - ((double)y1[a] - y0[a]));
        }
    } else if (kind == QUERY_TOI) {
        const gjk2d_sweeps *sw = &q->in.sweeps;
        float *x0 = (float *)sw->x0, *y0 = (float *)sw->y0, *x1 = (float *)sw->x1, *y1 = (float *)sw->y1;
        float *a0 = (float *)sw->a0, *a1 = (float *)sw->a1;
        for (int32_t i = 0; i < sc->shape_count; i++) {
            gjk2d_sweep one = scene_sweep(sc, f, i);
            x0[i] = one.c0.x, y0[i] = one.c0.y, x1[i] = one.c1.x, y1[i] = one.c1.y, a0[i] = one.a0, a1[i] = one.a1;
        }
    }
}

void query_input_free(query_input *q) {
    free(q->mem);
    q->mem = NULL;
}

int32_t query_steps(query_kind kind, int32_t frames) {
    return kind == QUERY_CAST || kind == QUERY_TOI ? frames - 1 : frames;
}

int run_batch_range(query_kind kind, const batch_input *in, int64_t begin, int64_t end, results *r, int threads,
                    progress *prog) {
    // Arguments are checked once up front so an error is the same whatever the threading.
    int64_t bad;
    int rc = kind == QUERY_RAY     ? gjk2d_check_items(in->shapes, &in->poses, in->rays.shape, in->rays.ox, in->rays.oy,
                                                       in->rays.count, begin, end, &bad)
             : kind == QUERY_POINT ? gjk2d_check_items(in->shapes, &in->poses, in->points.shape, in->points.x,
                                                       in->points.y, in->points.count, begin, end, &bad)
                                   : gjk2d_check_batch(in->shapes, &in->poses, &in->pairs, begin, end, &bad);
    if (rc != 0) return rc;
    job j = {.kind = kind, .in = in, .r = r, .begin = begin, .end = end, .prog = prog};
    atomic_init(&j.next, begin);
    atomic_init(&j.done, 0);
    atomic_init(&j.error, 0);
    if (threads < 1) threads = 1;
    int64_t chunks = (end - begin + CHUNK - 1) / CHUNK;
    if (threads > chunks) threads = chunks > 0 ? (int)chunks : 1;
    pthread_t *tid = threads > 1 ? malloc((size_t)(threads - 1) * sizeof(pthread_t)) : NULL;
    int started = 0;
    for (int t = 1; t < threads && tid; t++) {
        if (pthread_create(&tid[started], NULL, worker, &j) != 0) break; // fewer threads still finish
        started++;
    }
    work(&j, 1);
    for (int t = 0; t < started; t++) pthread_join(tid[t], NULL);
    free(tid);
    return atomic_load(&j.error);
}

int run_batch(query_kind kind, const batch_input *in, results *r, int threads, progress *prog) {
    int64_t n = kind == QUERY_RAY ? in->rays.count : kind == QUERY_POINT ? in->points.count : in->pairs.count;
    return run_batch_range(kind, in, 0, n, r, threads, prog);
}

void count_statuses(const results *r, int64_t counts[STATUS_KINDS]) {
    for (int k = 0; k < STATUS_KINDS; k++) counts[k] = 0;
    for (int64_t k = 0; k < r->n; k++)
        if (r->status[k] < STATUS_KINDS) counts[r->status[k]]++;
}
