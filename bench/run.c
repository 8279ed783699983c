// The implementations, the runner and timing.
#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bench.h"

const char *const qname[NQ] = {"distance", "overlap", "sat"};

void *xmalloc(size_t n) {
    void *p = malloc(n ? n : 1);
    if (!p) {
        fprintf(stderr, "out of memory\n");
        exit(1);
    }
    return p;
}

void manifold_arrays_alloc(manifold_arrays *m, int64_t n, int all) {
    enum { NF = 18, NU8 = 3 }; // 4-byte arrays (16 of floats, the two ids), then the byte arrays
    m->bytes = (size_t)n * (4 * NF + NU8);
    unsigned char *p = m->block = xmalloc(m->bytes);
    float *f[NF];
    for (int i = 0; i < NF; i++) f[i] = (float *)(p + (size_t)i * 4 * (size_t)n);
    uint8_t *u = p + (size_t)NF * 4 * (size_t)n;
    m->out = (gjk2d_manifold_out){.count = u,
                                  .status = u + 2 * n,
                                  .nx = f[0],
                                  .ny = f[1],
                                  .px = {f[2], f[3]},
                                  .py = {f[4], f[5]},
                                  .separation = {f[14], f[15]},
                                  .id = {(uint32_t *)f[16], (uint32_t *)f[17]}};
    if (!all) return;
    m->out.reference = u + n;
    m->out.anchor_ax[0] = f[6], m->out.anchor_ax[1] = f[7];
    m->out.anchor_ay[0] = f[8], m->out.anchor_ay[1] = f[9];
    m->out.anchor_bx[0] = f[10], m->out.anchor_bx[1] = f[11];
    m->out.anchor_by[0] = f[12], m->out.anchor_by[1] = f[13];
}

double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

static const char *const isa_names[] = {"scalar", "portable", "sse41", "avx2", "avx512", "neon"};

int impl_list(impl *out, int max) {
    int n = 0;
    for (size_t i = 0; i < sizeof isa_names / sizeof isa_names[0] && n < max; i++)
        if (gjk2d_isa_supported(isa_names[i])) out[n++] = (impl){isa_names[i], K_ISA, NULL};
    if (n < max) out[n++] = (impl){"auto", K_AUTO, NULL};
#ifdef GJK2D_BENCH_BOX2D
    if (n < max) out[n++] = (impl){"box2d", K_BOX2D, NULL};
#endif
#ifdef GJK2D_BENCH_GEOS
    if (n < max) out[n++] = (impl){"geos", K_GEOS, NULL};
    if (n < max) out[n++] = (impl){"geos-distance", K_GEOS_DIST, NULL};
#endif
    return n;
}

const char *best_isa(void) {
    gjk2d_set_isa("auto");
    return gjk2d_isa();
}

int impl_has(const ctx *c, const impl *im, int q) {
    switch (im->kind) {
    case K_ISA:
    case K_AUTO:
    case K_TABLE: return 1;
    case K_BOX2D: return c->b2 != NULL;
    case K_GEOS: return c->geos != NULL && q != Q_SAT;
    case K_GEOS_DIST: return c->geos != NULL && q == Q_DISTANCE;
    }
    return 0;
}

const char *impl_function(const impl *im, int q) {
    static const char *const b2f[NQ] = {"b2Distance", "b2TestOverlap", "b2CollidePolygons"};
    switch (im->kind) {
    case K_BOX2D: return b2f[q];
    case K_GEOS: return q == Q_DISTANCE ? "GEOSNearestPoints_r" : "GEOSIntersects_r";
    case K_GEOS_DIST: return "GEOSDistance_r";
    }
    return im->name;
}

int impl_select(const impl *im) { return im->kind == K_ISA || im->kind == K_AUTO ? gjk2d_set_isa(im->name) : 0; }

gjk2d_distance_out timed_distance_out(const query_outputs *o, int all_fields) {
    // The timed distance outputs are those the previous API had (distance, points, normal, iterations,
    // status), so that rates compare with its results; all_fields adds the new ones.
    gjk2d_distance_out d = {.distance = o->dist,
                            .ax = o->ax,
                            .ay = o->ay,
                            .bx = o->bx,
                            .by = o->by,
                            .nx = o->nx,
                            .ny = o->ny,
                            .iterations = o->iter,
                            .status = o->st};
    if (all_fields) d.signed_distance = o->sd, d.core_distance = o->core, d.feature_a = o->fa, d.feature_b = o->fb;
    return d;
}

/// gjk2d through its public batch calls (arguments checked on every call), or a kernel table directly.
static void run_gjk2d(ctx *c, const impl *im, int q, int64_t begin, int64_t end) {
    query_outputs *o = &c->o;
    const gjk2d_shapes *shapes = c->w->set.shapes;
    const gjk2d_poses *poses = c->poses ? c->poses : &c->w->set.poses;
    const gjk2d_pairs *pairs = &c->w->pairs;
    gjk2d_distance_out d = timed_distance_out(o, c->all_fields);
    gjk2d_overlap_out v = outputs_overlap(o);
    gjk2d_sat_out s = outputs_sat(o);
    if (im->kind == K_TABLE) {
        if (q == Q_DISTANCE)
            im->table->distance(shapes, poses, pairs, begin, end, &d);
        else if (q == Q_OVERLAP)
            im->table->overlap(shapes, poses, pairs, begin, end, &v);
        else
            im->table->sat(shapes, poses, pairs, begin, end, &s);
        return;
    }
    int rc;
    if (q == Q_DISTANCE)
        rc = gjk2d_batch_distance(shapes, poses, pairs, begin, end, &d);
    else if (q == Q_OVERLAP)
        rc = gjk2d_batch_overlap(shapes, poses, pairs, begin, end, &v);
    else
        rc = gjk2d_batch_sat(shapes, poses, pairs, begin, end, &s);
    if (rc) {
        fprintf(stderr, "batch call failed: %s\n", gjk2d_error_message(rc));
        exit(1);
    }
}

void run_range(ctx *c, const impl *im, int q, int64_t begin, int64_t end) {
    query_outputs *o = &c->o;
    const gjk2d_pairs *pairs = &c->w->pairs;
    (void)o, (void)pairs; // without peers
    switch (im->kind) {
#ifdef GJK2D_BENCH_BOX2D
    case K_BOX2D:
        if (q == Q_DISTANCE)
            b2shim_distance(c->b2, pairs, begin, end, o->dist, o->ax, o->ay, o->bx, o->by, o->iter);
        else if (q == Q_OVERLAP)
            b2shim_overlap(c->b2, pairs, begin, end, o->ov);
        else
            b2shim_collide(c->b2, pairs, begin, end, o->sov);
        return;
#endif
#ifdef GJK2D_BENCH_GEOS
    case K_GEOS:
        if (q == Q_DISTANCE)
            geos_peer_nearest(c->geos, pairs, begin, end, o->dist, o->ax, o->ay, o->bx, o->by);
        else
            geos_peer_intersects(c->geos, pairs, begin, end, o->ov);
        return;
    case K_GEOS_DIST: geos_peer_distance(c->geos, pairs, begin, end, o->dist); return;
#endif
    default: run_gjk2d(c, im, q, begin, end); return;
    }
}

typedef struct split_part {
    int (*fn)(void *arg, int64_t begin, int64_t end);
    void *arg;
    int64_t begin, end;
    int rc;
} split_part;

static void *split_part_main(void *p) {
    split_part *s = p;
    s->rc = s->fn(s->arg, s->begin, s->end);
    return NULL;
}

int run_split(int threads, int64_t n, int (*fn)(void *arg, int64_t begin, int64_t end), void *arg) {
    split_part part[RUN_SPLIT_MAX];
    pthread_t th[RUN_SPLIT_MAX];
    if (threads < 1 || threads > RUN_SPLIT_MAX) return -1;
    for (int i = 0; i < threads; i++) part[i] = (split_part){fn, arg, n * i / threads, n * (i + 1) / threads, 0};
    for (int i = 0; i + 1 < threads; i++)
        if (pthread_create(&th[i], NULL, split_part_main, &part[i]) != 0) {
            fprintf(stderr, "cannot start a thread\n");
            exit(1);
        }
    split_part_main(&part[threads - 1]);
    for (int i = 0; i + 1 < threads; i++) pthread_join(th[i], NULL);
    for (int i = 0; i < threads; i++)
        if (part[i].rc) return part[i].rc;
    return 0;
}

typedef struct job {
    ctx *c;
    const impl *im;
    int q, inner;
} job;

static int job_range(void *arg, int64_t begin, int64_t end) {
    const job *j = arg;
    for (int r = 0; r < j->inner; r++) run_range(j->c, j->im, j->q, begin, end);
    return 0;
}

double time_runs(ctx *c, const impl *im, int q, int64_t n, int inner, int threads) {
    if (impl_select(im) != 0) return NAN;
    // GEOS contexts are per thread; the thread table runs gjk2d and Box2D only.
    job j = {c, im, q, inner};
    double t0 = now();
    run_split(threads, n, job_range, &j);
    return now() - t0;
}

static void calibrate(ctx *c, entry *e, double min_time) {
    double t = time_runs(c, e->im, e->q, e->n, 1, e->threads);
    e->inner = t > 0.0 && t < min_time ? (int)ceil(min_time / t) : 1;
}

/// The entry's own variant of the gjk2d call (poses layout, output fields) in the context.
static void use_variant(ctx *c, const entry *e) {
    c->poses = e->poses;
    c->all_fields = e->all_fields;
}

void run_entries(ctx *c, entry *e, int ne, int reps, double min_time, int alternate) {
    for (int i = 0; i < ne; i++) use_variant(c, &e[i]), calibrate(c, &e[i], min_time);
    for (int r = 0; r < reps; r++)
        for (int j = 0; j < ne; j++) {
            int i = alternate && r % 2 ? ne - 1 - j : j;
            use_variant(c, &e[i]);
            e[i].rate[r] =
                (double)e[i].n * e[i].inner / time_runs(c, e[i].im, e[i].q, e[i].n, e[i].inner, e[i].threads);
        }
    c->poses = NULL, c->all_fields = 0;
}

double med_rate(const entry *e, int reps) { return median(e->rate, reps); }

double med_ratio(const entry *a, const entry *b, int reps) {
    double v[MAX_REPS];
    for (int r = 0; r < reps; r++) v[r] = a->rate[r] / b->rate[r];
    return median(v, reps);
}

static int cmp_double(const void *a, const void *b) {
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

double median(const double *v, int n) {
    // Any n (the coherence benchmark takes one value per frame): a copy on the heap past MAX_REPS.
    double small[MAX_REPS], *t = n > MAX_REPS ? xmalloc((size_t)n * sizeof *t) : small;
    int m = 0;
    for (int i = 0; i < n; i++)
        if (!isnan(v[i])) t[m++] = v[i];
    double r = NAN;
    if (m) {
        qsort(t, (size_t)m, sizeof t[0], cmp_double);
        r = m % 2 ? t[m / 2] : 0.5 * (t[m / 2 - 1] + t[m / 2]);
    }
    if (t != small) free(t);
    return r;
}
