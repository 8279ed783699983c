// SPDX-License-Identifier: MIT
// One-process A/B timing: two gjk2d sides run interleaved on the same pairs (bench/workloads.c), in one
// process (one thread, or each call split over --threads T), so that the machine's state (clock, other processes, caches) is shared and the
// ratio is taken within each repetition. A side is an ISA of the linked library ("avx512") or an ISA of
// another build of the library ("avx2@old/build/libgjk2d.so", opened with dlopen: two kernel variants,
// e.g. before and after a change, side by side). Each side prepares the workload's shapes with its own
// library. After timing, both sides' outputs are compared bit for bit.
//   gjk2d_bench_ab [--workload w1] [--query distance|overlap|sat|manifold|cast|ray] [--warm] [--cutoff D]
//                  [--moving F] [--layout soa|records|double-soa|double-records] [--pairs N] [--reps R]
//                  [--threads T] [--min-time S] A B
//   gjk2d_bench_ab --once [--workload ...] [--query ...] [--warm] [--cutoff D] [--moving F] [--pairs N] A
//                  (one untimed call, or one per frame: for callgrind)
// --warm and --cutoff D time the distance through gjk2d_batch_distance_cached (--warm: the overlap through
// gjk2d_batch_overlap_cached): --warm with each side's cache carried from call to call (on unchanged poses,
// so every call after the first starts from the answer), --cutoff with max_distance D (without --warm: cold
// starts; distance only). --layout: the poses in another layout, with --moving each frame's
// (bench.h, layouts_from; default soa), e.g. records, the {px, py, c, s} records the Python module passes.
// --moving F (W5 only): the scene's first F frames, the bodies drifting, each side's calls going through
// them in turn (frame i mod F for its call i), as an engine calls frame after frame with its cache
// carried. A side written ISA+warm (or ISA@LIBRARY+warm) is warm on its own, so that warm and cold run
// side by side; their outputs may then differ where a warm start finds another witness of a tie, and are
// not required to match. Likewise a side written ISA+cut takes --cutoff D alone, the other side running
// without a cutoff (the pairs beyond it are then answered differently).
// --query manifold: gjk2d_batch_manifold at margin 0 with every output field (manifold_arrays_alloc).
// --query cast: gjk2d_batch_cast with every output field, B of each pair cast toward A (cast_toward): the
// workload's pairs as casts, for timing the shape cast kernel against itself (bench/casts.c times it
// against Box2D on items of its own). --query ray: gjk2d_batch_ray with every output field, a ray from
// B's position along the same translation at each pair's A.
// Prints each side's median rate and the median over repetitions of rate(B) / rate(A).
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "bench.h"
#include "cast_oracle.h"
#include "coherent.h"
#include "oracle.h"

/// --query manifold, cast and ray: beyond the queries of bench.h (whose tables the main bench loops over).
enum { Q_MANIFOLD = NQ, Q_CAST, Q_RAY };

/// A shape cast's or a ray cast's outputs, every field.
typedef struct cast_arrays {
    void *block;
    size_t bytes;
    gjk2d_cast_out out;
} cast_arrays;

static void cast_arrays_alloc(cast_arrays *c, int64_t n) {
    const size_t m = (size_t)n;
    c->bytes = m * (5 * sizeof(float) + sizeof(int32_t) + 2);
    c->block = xmalloc(c->bytes);
    float *f = c->block;
    int32_t *iter = (int32_t *)(f + 5 * m);
    uint8_t *u = (uint8_t *)(iter + m);
    const gjk2d_cast_out o = {u, f, f + m, f + 2 * m, f + 3 * m, f + 4 * m, iter, u + m};
    c->out = o;
}

/// --query cast and ray: pair k's translation of B, (f (pa - pb) + u) with f uniform in [0.3, 2] and u's
/// coordinates in [-1, 1]: toward A, overshooting or falling short of it, and a few casts away.
static gjk2d_translations cast_toward(const workload *w) {
    const int64_t n = w->pairs.count;
    float *t = xmalloc(2 * (size_t)n * sizeof *t);
    oracle_rng r = oracle_rng_seed(5);
    for (int64_t k = 0; k < n; k++) {
        const int32_t a = w->pairs.a[k], b = w->pairs.b[k];
        const gjk2d_vec2 d = cast_random_toward(&r, w->set.px[b], w->set.py[b], w->set.px[a], w->set.py[a], 1.0, 1.0);
        t[k] = d.x, t[n + k] = d.y;
    }
    const gjk2d_translations tr = {t, t + n};
    return tr;
}

/// The library calls a side makes: the linked library's, or another build's through dlopen.
typedef struct side {
    char isa[32];
    const char *lib; ///< NULL: the linked library
    int (*set_isa)(const char *);
    int64_t (*shapes_size)(const gjk2d_geometry *);
    int64_t (*shapes_prepare)(const gjk2d_geometry *, void *, int64_t, const gjk2d_shapes **, uint8_t *, int64_t *);
    int (*distance)(const gjk2d_shapes *, const gjk2d_poses *, const gjk2d_pairs *, int64_t, int64_t,
                    const gjk2d_distance_out *);
    int (*overlap)(const gjk2d_shapes *, const gjk2d_poses *, const gjk2d_pairs *, int64_t, int64_t,
                   const gjk2d_overlap_out *);
    int (*sat)(const gjk2d_shapes *, const gjk2d_poses *, const gjk2d_pairs *, int64_t, int64_t, const gjk2d_sat_out *);
    int (*distance_cached)(const gjk2d_shapes *, const gjk2d_poses *, const gjk2d_pairs *, int64_t, int64_t,
                           gjk2d_cache *, float, const gjk2d_distance_out *);
    int (*overlap_cached)(const gjk2d_shapes *, const gjk2d_poses *, const gjk2d_pairs *, int64_t, int64_t,
                          gjk2d_cache *, const gjk2d_overlap_out *);
    int (*manifold)(const gjk2d_shapes *, const gjk2d_poses *, const gjk2d_pairs *, int64_t, int64_t, float,
                    const gjk2d_manifold_out *);
    int (*cast)(const gjk2d_shapes *, const gjk2d_poses *, const gjk2d_pairs *, const gjk2d_translations *, int64_t,
                int64_t, const gjk2d_cast_out *);
    int (*ray)(const gjk2d_shapes *, const gjk2d_poses *, const gjk2d_rays *, int64_t, int64_t, const gjk2d_cast_out *);
    const gjk2d_shapes *shapes;
    gjk2d_cache *cache; ///< --warm: this side's, carried from call to call; else NULL
    int cut;            ///< written ISA+cut: only this side takes --cutoff
    int64_t calls;      ///< batch calls made (--moving: the next call's frame)
    float max_distance; ///< this side's cutoff: --cutoff D, or INFINITY on a side not written +cut when the other is
    void *memory;
    query_outputs o;
    manifold_arrays m; ///< --query manifold (else block NULL)
    cast_arrays ca;    ///< --query cast or ray (else block NULL)
    double rate[MAX_REPS];
} side;

static void *sym(void *h, const char *lib, const char *name) {
    void *p = dlsym(h, name);
    if (!p) {
        fprintf(stderr, "%s: no symbol %s\n", lib, name);
        exit(2);
    }
    return p;
}

/// --cutoff: max_distance of the cached call, INFINITY for none.
static float cutoff = INFINITY;

/// "isa" or "isa@path": the side's calls, and the workload's shapes prepared by its library.
static void side_open(side *s, const char *spec_in, const workload *w, int warm, int q) {
    memset(s, 0, sizeof *s);
    char spec[512];
    snprintf(spec, sizeof spec, "%s", spec_in);
    s->max_distance = cutoff;
    for (size_t len = strlen(spec);; len = strlen(spec)) { // suffixes +warm and +cut, in either order
        if (len > 5 && !strcmp(spec + len - 5, "+warm"))
            spec[len - 5] = '\0', warm = 1;
        else if (len > 4 && !strcmp(spec + len - 4, "+cut"))
            spec[len - 4] = '\0', s->cut = 1;
        else
            break;
    }
    const char *at = strchr(spec, '@');
    const size_t n = at ? (size_t)(at - spec) : strlen(spec);
    if (n == 0 || n >= sizeof s->isa) {
        fprintf(stderr, "bad side '%s' (ISA or ISA@LIBRARY)\n", spec);
        exit(2);
    }
    memcpy(s->isa, spec, n);
    if (!at) {
        if (gjk2d_set_isa(s->isa) != 0) {
            fprintf(stderr, "ISA '%s' is not available\n", s->isa);
            exit(2);
        }
        s->set_isa = gjk2d_set_isa, s->distance = gjk2d_batch_distance, s->overlap = gjk2d_batch_overlap;
        s->sat = gjk2d_batch_sat, s->distance_cached = gjk2d_batch_distance_cached, s->shapes = w->set.shapes;
        s->overlap_cached = gjk2d_batch_overlap_cached, s->manifold = gjk2d_batch_manifold;
        s->cast = gjk2d_batch_cast, s->ray = gjk2d_batch_ray;
    } else {
        s->lib = strdup(at + 1);
        // RTLD_LOCAL: the other build's names stay its own (this program exports none of the linked ones).
        void *h = dlopen(s->lib, RTLD_NOW | RTLD_LOCAL);
        if (!h) {
            fprintf(stderr, "%s\n", dlerror());
            exit(2);
        }
        *(void **)&s->set_isa = sym(h, s->lib, "gjk2d_set_isa");
        *(void **)&s->shapes_size = sym(h, s->lib, "gjk2d_shapes_size");
        *(void **)&s->shapes_prepare = sym(h, s->lib, "gjk2d_shapes_prepare");
        *(void **)&s->distance = sym(h, s->lib, "gjk2d_batch_distance");
        *(void **)&s->overlap = sym(h, s->lib, "gjk2d_batch_overlap");
        *(void **)&s->sat = sym(h, s->lib, "gjk2d_batch_sat");
        *(void **)&s->distance_cached = sym(h, s->lib, "gjk2d_batch_distance_cached");
        *(void **)&s->overlap_cached = sym(h, s->lib, "gjk2d_batch_overlap_cached");
        *(void **)&s->manifold = sym(h, s->lib, "gjk2d_batch_manifold");
        *(void **)&s->cast = sym(h, s->lib, "gjk2d_batch_cast");
        *(void **)&s->ray = sym(h, s->lib, "gjk2d_batch_ray");
        if (s->set_isa(s->isa) != 0) {
            fprintf(stderr, "%s: ISA '%s' is not available\n", s->lib, s->isa);
            exit(2);
        }
        const int64_t size = s->shapes_size(&w->set.geometry);
        s->memory = size > 0 ? xmalloc((size_t)size) : NULL;
        if (!s->memory || s->shapes_prepare(&w->set.geometry, s->memory, size, &s->shapes, NULL, NULL) != 0) {
            fprintf(stderr, "%s: cannot prepare the workload's shapes\n", s->lib);
            exit(2);
        }
    }
    outputs_alloc(&s->o, w->pairs.count);
    if (q == Q_MANIFOLD) manifold_arrays_alloc(&s->m, w->pairs.count, 1);
    if (q == Q_CAST || q == Q_RAY) cast_arrays_alloc(&s->ca, w->pairs.count);
    if (warm) s->cache = calloc((size_t)w->pairs.count, sizeof *s->cache);
    if (warm && !s->cache) {
        fprintf(stderr, "out of memory\n");
        exit(2);
    }
}

static void side_close(side *s) {
    outputs_free(&s->o);
    free(s->m.block);
    free(s->ca.block);
    free(s->memory);
    free(s->cache);
    free((void *)s->lib);
}

/// --query cast and ray: the translations (x NULL otherwise); ray: the rays, from B's position.
static gjk2d_translations translations = {NULL, NULL};
static gjk2d_rays rays;

/// --moving: the poses of each frame (NULL: the workload's own poses).
static gjk2d_poses *frames = NULL;
/// --layout: the workload's poses in the layout timed (NULL: its own float SoA arrays).
static const gjk2d_poses *layout = NULL;
static int nframes = 0;

static layouts *frame_layouts = NULL; ///< each frame's poses in every layout

/// The scene's first n frames as pose sets of their own, each in layout `lay` (the scene is stepped on to
/// frame n).
static void frames_make(coherent_scene *scene, int n, int lay) {
    frames = xmalloc((size_t)n * sizeof *frames);
    frame_layouts = xmalloc((size_t)n * sizeof *frame_layouts);
    const size_t m = (size_t)scene->bodies;
    for (int f = 0; f < n; f++) {
        float *copy = xmalloc(4 * m * sizeof *copy); // px, py, c, s
        const float *const from[4] = {scene->px, scene->py, scene->c, scene->s};
        for (int j = 0; j < 4; j++) memcpy(copy + j * m, from[j], m * sizeof *copy);
        gjk2d_poses soa = coherent_poses(scene);
        soa.px = copy, soa.py = copy + m, soa.c = copy + 2 * m, soa.s = copy + 3 * m;
        layouts_from(&frame_layouts[f], &soa);
        frames[f] = frame_layouts[f].p[lay];
        coherent_step(scene);
    }
    nframes = n;
}

static void frames_free(void) {
    for (int f = 0; f < nframes; f++) {
        free((void *)frame_layouts[f].p[L_SOA].px);
        layouts_free(&frame_layouts[f]);
    }
    free(frame_layouts);
    free(frames);
}

/// --threads T: each call is split into T ranges of consecutive pairs, one thread each (run_split), as an
/// application runs one batch on several threads.
static int nthreads = 1;

/// One batch call of a side over pairs [begin, end) at the poses of its current call; returns the call's code.
typedef struct side_call {
    side *s;
    const workload *w;
    const gjk2d_poses *p;
    int q;
} side_call;

static int side_range(void *arg, int64_t begin, int64_t end) {
    const side_call *c = arg;
    side *s = c->s;
    const gjk2d_poses *p = c->p;
    const gjk2d_pairs *pairs = &c->w->pairs;
    const gjk2d_distance_out d = timed_distance_out(&s->o, 0);
    const gjk2d_overlap_out v = outputs_overlap(&s->o);
    const gjk2d_sat_out t = outputs_sat(&s->o);
    const int q = c->q;
    return q == Q_DISTANCE && (s->cache || s->max_distance < INFINITY)
               ? s->distance_cached(s->shapes, p, pairs, begin, end, s->cache, s->max_distance, &d)
           : q == Q_DISTANCE            ? s->distance(s->shapes, p, pairs, begin, end, &d)
           : q == Q_OVERLAP && s->cache ? s->overlap_cached(s->shapes, p, pairs, begin, end, s->cache, &v)
           : q == Q_OVERLAP             ? s->overlap(s->shapes, p, pairs, begin, end, &v)
           : q == Q_SAT                 ? s->sat(s->shapes, p, pairs, begin, end, &t)
           : q == Q_CAST                ? s->cast(s->shapes, p, pairs, &translations, begin, end, &s->ca.out)
           : q == Q_RAY                 ? s->ray(s->shapes, p, &rays, begin, end, &s->ca.out)
                                        : s->manifold(s->shapes, p, pairs, begin, end, 0.0f, &s->m.out);
}

static void side_run(side *s, const workload *w, int q, int inner) {
    // Both sides may be one library: its ISA is chosen again before each side runs.
    if (s->set_isa(s->isa) != 0) exit(2);
    for (int r = 0; r < inner; r++) {
        side_call c = {s, w, frames ? &frames[s->calls % nframes] : layout ? layout : &w->set.poses, q};
        s->calls++;
        const int rc = run_split(nthreads, w->pairs.count, side_range, &c);
        if (rc) {
            fprintf(stderr, "batch call failed: %d\n", rc);
            exit(1);
        }
    }
}

static double side_time(side *s, const workload *w, int q, int inner) {
    const double t0 = now();
    side_run(s, w, q, inner);
    return now() - t0;
}

/// The index of `v` among names[0 .. n) (case-insensitive), or -1.
static int name_index(const char *v, const char *const *names, int n) {
    for (int k = 0; k < n; k++)
        if (!strcasecmp(v, names[k])) return k;
    return -1;
}

static void usage(const char *prog) {
    fprintf(
        stderr,
        "usage: %s [--workload w1..w8|b3|vN] [--query distance|overlap|sat|manifold|cast|ray]\n"
        "          [--warm] [--cutoff D] [--moving F] [--layout soa|records|double-soa|double-records] [--pairs N]\n"
        "          [--threads T] [--reps R] [--min-time S] A B\n"
        "       %s --once [--workload ...] [--query ...] [--warm] [--cutoff D] [--moving F] [--pairs N] A\n"
        "A side is ISA (the linked library) or ISA@LIBRARY (another build's libgjk2d.so).\n",
        prog, prog);
    exit(2);
}

int main(int argc, char **argv) {
    const char *wname = "w1", *specs[2] = {NULL, NULL};
    int q = Q_DISTANCE, reps = 11, once = 0, nspec = 0, warm = 0, moving = 0, lay = L_SOA;
    static const char *const layout_arg[NLAYOUT] = {"soa", "records", "double-soa", "double-records"};
    int64_t pairs = 200000;
    double min_time = 0.2;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--once")) {
            once = 1;
        } else if (!strcmp(a, "--warm")) {
            warm = 1;
        } else if (!strcmp(a, "--moving") && v) {
            moving = atoi(v), i++;
            if (moving < 1) usage(argv[0]);
        } else if (!strcmp(a, "--cutoff") && v) {
            char *e;
            cutoff = strtof(v, &e), i++;
            if (*e || !(cutoff >= 0.0f)) usage(argv[0]);
        } else if (!strcmp(a, "--layout") && v) {
            if ((lay = name_index(v, layout_arg, NLAYOUT)) < 0) usage(argv[0]);
            i++;
        } else if (!strcmp(a, "--workload") && v) {
            wname = v, i++;
        } else if (!strcmp(a, "--query") && v) {
            static const char *const more[3] = {"manifold", "cast", "ray"}; // Q_MANIFOLD, Q_CAST, Q_RAY
            if ((q = name_index(v, qname, NQ)) < 0) {
                const int m = name_index(v, more, 3);
                if (m < 0) usage(argv[0]);
                q = Q_MANIFOLD + m;
            }
            i++;
        } else if (!strcmp(a, "--pairs") && v) {
            pairs = atoll(v), i++;
        } else if (!strcmp(a, "--threads") && v) {
            nthreads = atoi(v), i++;
            if (nthreads < 1 || nthreads > RUN_SPLIT_MAX) usage(argv[0]);
        } else if (!strcmp(a, "--reps") && v) {
            reps = atoi(v), i++;
        } else if (!strcmp(a, "--min-time") && v) {
            min_time = atof(v), i++;
        } else if (a[0] != '-' && nspec < 2) {
            specs[nspec++] = a;
        } else {
            usage(argv[0]);
        }
    }
    if (nspec != (once ? 1 : 2) || pairs < 1 || reps < 1 || reps > MAX_REPS) usage(argv[0]);
    // Choosing an ISA up front keeps auto's measurement out of this process (it would mix into a profile).
    if (gjk2d_set_isa("scalar") != 0) return 2;
    workload w;
    if (workload_make(&w, wname, pairs) != 0) {
        fprintf(stderr, "cannot make workload %s\n", wname);
        return 2;
    }
    if (moving && !w.scene) {
        fprintf(stderr, "--moving needs a workload of drifting bodies (w5)\n");
        return 2;
    }
    if (moving) frames_make(w.scene, moving, lay);
    if (q == Q_CAST || q == Q_RAY) translations = cast_toward(&w);
    float *origins = NULL;
    if (q == Q_RAY) { // B's position as each ray's origin, A's shape its target
        const int64_t n = w.pairs.count;
        origins = xmalloc(2 * (size_t)n * sizeof *origins);
        for (int64_t k = 0; k < n; k++) origins[k] = w.set.px[w.pairs.b[k]], origins[n + k] = w.set.py[w.pairs.b[k]];
        rays = (gjk2d_rays){w.pairs.a, origins, origins + n, translations.x, translations.y, NULL, n};
    }
    layouts lays;
    layouts_make(&lays, &w);
    if (lay != L_SOA) layout = &lays.p[lay];
    side s[2];
    side_open(&s[0], specs[0], &w, warm, q);
    if ((s[0].cache && q != Q_DISTANCE && q != Q_OVERLAP) || (cutoff < INFINITY && q != Q_DISTANCE))
        usage(argv[0]); // a cache: distance and overlap; a cutoff: distance only
    if (once) {         // --moving F: F calls, one per frame
        side_run(&s[0], &w, q, moving ? moving : 1);
        side_close(&s[0]);
        free((void *)translations.x);
        free(origins);
        frames_free();
        layouts_free(&lays);
        workload_free(&w);
        return 0;
    }
    side_open(&s[1], specs[1], &w, warm, q);
    if (s[1].cache && q != Q_DISTANCE && q != Q_OVERLAP) usage(argv[0]);
    if (s[0].cut != s[1].cut) { // one side written +cut: the other runs without the cutoff
        if (!(cutoff < INFINITY)) usage(argv[0]);
        s[s[0].cut ? 1 : 0].max_distance = INFINITY;
    }
    // Calibration (also the warm-up): one timed run of a batch lasts at least min_time.
    int inner = 1;
    const double t = side_time(&s[0], &w, q, 1) + side_time(&s[1], &w, q, 1);
    if (t > 0.0 && t < 2.0 * min_time) inner = (int)(2.0 * min_time / t) + 1;
    const int64_t n = w.pairs.count;
    double ratio[MAX_REPS];
    for (int r = 0; r < reps; r++) {
        // Alternate which side runs first, so that neither always follows the other.
        const int first = r % 2;
        for (int k = 0; k < 2; k++) {
            side *x = &s[first ^ k];
            x->rate[r] = (double)n * inner / side_time(x, &w, q, inner);
        }
        ratio[r] = s[1].rate[r] / s[0].rate[r];
    }
    // Bit-identity of the two sides' outputs (every output array, every pair).
    outputs_fill(&s[0].o, 0xa5), outputs_fill(&s[1].o, 0xa5);
    if (q == Q_MANIFOLD) memset(s[0].m.block, 0xa5, s[0].m.bytes), memset(s[1].m.block, 0xa5, s[1].m.bytes);
    if (q == Q_CAST || q == Q_RAY)
        memset(s[0].ca.block, 0xa5, s[0].ca.bytes), memset(s[1].ca.block, 0xa5, s[1].ca.bytes);
    side_run(&s[0], &w, q, 1), side_run(&s[1], &w, q, 1);
    const int same = outputs_equal(&s[0].o, &s[1].o) &&
                     (q != Q_MANIFOLD || !memcmp(s[0].m.block, s[1].m.block, s[0].m.bytes)) &&
                     ((q != Q_CAST && q != Q_RAY) || !memcmp(s[0].ca.block, s[1].ca.block, s[0].ca.bytes));
    printf("%s (%s), %s%s%s%s, poses as %s, %d thread%s, %d interleaved repetitions of %d x %lld pairs\n", w.name,
           w.desc,
           q == Q_MANIFOLD ? "manifold"
           : q == Q_CAST   ? "shape cast"
           : q == Q_RAY    ? "ray cast"
                           : qname[q],
           warm ? " warm" : "", cutoff < INFINITY ? " with a cutoff" : "", moving ? ", frame after frame" : "",
           layout_name[lay], nthreads, nthreads == 1 ? "" : "s", reps, inner, (long long)n);
    for (int k = 0; k < 2; k++)
        printf("  %c: %-40s %8.3f Mpairs/s (median)\n", 'A' + k, specs[k], 1e-6 * median(s[k].rate, reps));
    double lo = ratio[0], hi = ratio[0];
    for (int r = 1; r < reps; r++) lo = ratio[r] < lo ? ratio[r] : lo, hi = ratio[r] > hi ? ratio[r] : hi;
    printf("  B / A: %.3f (median of per-repetition ratios; min %.3f, max %.3f)\n", median(ratio, reps), lo, hi);
    const int one_warm = (s[0].cache != NULL) != (s[1].cache != NULL), one_cut = s[0].cut != s[1].cut;
    printf("  outputs: %s\n", same       ? "bit-identical"
                              : one_warm ? "different (warm against cold)"
                              : one_cut  ? "different (cut against uncut)"
                                         : "DIFFERENT");
    side_close(&s[0]), side_close(&s[1]);
    free((void *)translations.x);
    free(origins);
    frames_free();
    layouts_free(&lays);
    workload_free(&w);
    return same || one_warm ? 0 : 1;
}
