// SPDX-License-Identifier: MIT
// gjk2d run: one query over every pair of a scene, frame after frame when it has frames, as CSV.
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "cli.h"
#include "commands.h"
#include "csv.h"
#include "runner.h"
#include "scene.h"

static const char run_help[] =
    "usage: gjk2d run [--query distance|overlap|sat|manifold|cast|toi|ray|point] [--isa NAME] [--threads T]\n"
    "                 SCENE [-o OUT]\n"
    "       gjk2d run [--frames N] [--cold] [--max-distance D] SCENE [-o OUT]\n"
    "\n"
    "Run one query over every pair of SCENE ('-' = stdin) and write CSV: a header, then one row per\n"
    "pair in pair order. Floats are printed with %.9g (they read back as the same float; a negative\n"
    "zero is printed as 0), overlap as 0/1, status as ok, maxiter, invalid, bad-pose or beyond. Points and\n"
    "normals are in world frame. A pair with an invalid shape has status invalid, a pair with a bad pose\n"
    "(a position or angle that is not finite, or |position| > 1e15) status bad-pose; both have every\n"
    "other field empty, and the shape or pose is reported once on stderr.\n"
    "\n"
    "  distance: pair,distance,ax,ay,bx,by,nx,ny,iterations,status,signed_distance,core_distance,\n"
    "            feature_a,feature_b\n"
    "  overlap:  pair,overlap,iterations,status\n"
    "  sat:      pair,overlap,separation,nx,ny,status\n"
    "  manifold: pair,count,nx,ny,reference,x0,y0,separation0,id0,x1,y1,separation1,id1,status\n"
    "  cast:     pair,state,fraction,px,py,nx,ny,iterations,status   (a scene with frames)\n"
    "  toi:      pair,state,t,separation,iterations,status           (a scene with frames)\n"
    "  ray:      ray,state,fraction,px,py,nx,ny,iterations,status    (the scene's rays)\n"
    "  point:    point,inside,distance,cx,cy,nx,ny,status            (the scene's points)\n"
    "\n"
    "distance columns: distance = max(0, signed_distance); signed_distance = core_distance - ra - rb,\n"
    "negative when the rounded parts overlap (-(ra + rb) when the cores overlap); core_distance = the\n"
    "distance without the radii; (ax, ay), (bx, by) = closest points; (nx, ny) = unit normal A to B\n"
    "(0, 0 when the cores overlap); feature_a, feature_b = the witness feature on each shape, in the\n"
    "shape's own vertex numbering (0-based, the scene's order): v3 = vertex 3, e2 = the edge from vertex\n"
    "2 to vertex 3 (the last edge wraps to vertex 0; of a run of collinear vertices, the edge that holds\n"
    "the witness point; a segment's e0 and e1 are its two sides, from 0 to 1 and back), - = none (the\n"
    "cores overlap).\n"
    "\n"
    "manifold columns: count = contact points (0..2) within the margin; (nx, ny) = unit normal A to B;\n"
    "reference = 1 if B holds the reference face; for each point i < count: (xi, yi) = the point in world\n"
    "frame, separationi = signed gap along the normal (radii included, negative = penetration), idi = its\n"
    "features on A and B, \"e1:v3\" = A's edge 1 against B's vertex 3 (same numbering as feature_a);\n"
    "points past count are empty.\n"
    "\n"
    "cast columns (shape cast, gjk2d_batch_cast): from frame f to f + 1, B moves by its motion relative to\n"
    "A's (rotations are not part of a cast); state = miss, hit or overlap (already at the start), fraction\n"
    "= of the translation at first contact (1 on a miss), (px, py) = contact point, (nx, ny) = normal A\n"
    "to B, iterations = support searches; one step per pair of frames, the frame column = f.\n"
    "toi columns (time of impact, gjk2d_batch_toi): from frame f to f + 1 each shape sweeps from its pose at\n"
    "f to its pose at f + 1, turning about its local origin; state = separated, hit, overlapped or failed,\n"
    "t = time of impact in [0, 1], separation = the rounded shapes' distance at t.\n"
    "ray and point (gjk2d_batch_ray, gjk2d_batch_point) run over the scene's 'rays' and 'points' sections,\n"
    "one row per item: a ray's first hit on its shape (state miss, hit or overlap: the origin is inside),\n"
    "fraction of its translation, point and outward normal there; a point's inside flag (0/1), distance to\n"
    "the shape, closest point (cx, cy) and normal from the shape toward the point.\n"
    "\n"
    "frames: a scene with frames ('gjk2d gen --frames') runs every frame in turn, the CSV holding each\n"
    "frame's rows in pair order with a last column, frame. Distance and overlap carry a cache entry per\n"
    "pair from frame to frame (gjk2d_batch_distance_cached, gjk2d_batch_overlap_cached), so a pair that\n"
    "moved a little starts from last frame's simplex. Per frame, stderr gets the pairs/s of the query\n"
    "alone and the mean GJK iterations.\n"
    "\n"
    "options:\n"
    "  --query Q     distance (default), overlap (GJK boolean) or sat (separating axis test)\n"
    "  --isa NAME    auto (the best this CPU runs), scalar, portable, sse41, avx2, avx512, neon; default:\n"
    "                the library's choice, i.e. auto unless the GJK2D_ISA environment variable names one\n"
    "  --frames N    run frames 0 .. N-1 only (default: every frame of the scene)\n"
    "  --cold        distance and overlap: start every pair of every frame cold (no cache), to compare\n"
    "  --max-distance D  distance: a cutoff; a pair proved farther apart than D >= 0 stops early with\n"
    "                status beyond, its distances the lower bound, points and features empty (nan, -)\n"
    "  --target T    toi: the separation aimed at (default -0.015; with --tolerance 0.00125, Box2D 2.4.1's)\n"
    "  --tolerance E toi: the band about the target, E > 0 (default 0.00125)\n"
    "  --margin M    manifold: the speculative margin, points within M >= 0 apart reported (default 0)\n"
    "  --threads T   worker threads, 1..4096 (default: one per CPU this process may run on, e.g. 1 under\n"
    "                'taskset -c 0'); they share the pair range\n"
    "  -o OUT        output file ('-' or none: stdout); written under a temporary name and renamed\n"
    "                when complete, so a failed run never leaves a partial file\n"
    "  --verbose     sizes, threads, pairs per status, timings (parse, run in Mpairs/s, write in\n"
    "                Mrows/s) and peak memory on stderr\n"
    "\n"
    "exit status: 0 done, 2 bad option, unsupported ISA, malformed scene (FILE:LINE: reason) or I/O error\n"
    "\n"
    "examples:\n"
    "  gjk2d run --query distance --threads 2 w1.scene -o w1-distance.csv\n"
    "  gjk2d run --max-distance 0.1 moving.scene -o moving.csv    # every frame, cache carried, cutoff 0.1\n"
    "  gjk2d run --query manifold --margin 0.05 w1.scene -o w1-manifold.csv\n";

/// Set the one ISA named by an --isa value; returns 0 or -1 after reporting.
static int select_isa(const char *name) {
    if (strchr(name, ',')) {
        cli_error("--isa takes one instruction set here, got '%s'", name);
        return -1;
    }
    const char *names[1];
    if (parse_isa_list(name, names, 1) != 1) return -1;
    if (gjk2d_set_isa(names[0]) != 0) {
        cli_error("cannot select instruction set '%s': %s", names[0], gjk2d_error_message(GJK2D_ERR_ISA));
        return -1;
    }
    return 0;
}

// --verbose: sizes, timings, statuses and peak memory on stderr.
static void report_run(const scene *sc, const results *res, int threads, int32_t frames, double parse_s, double run_s,
                       double write_s) {
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    int64_t counts[STATUS_KINDS];
    count_statuses(res, counts);
    double n = (double)sc->pair_count * frames;
    fprintf(stderr, "run: %lld pair%s, %d shape%s, %lld vert%s, isa %s, %d thread%s\n", (long long)sc->pair_count,
            plural(sc->pair_count), sc->shape_count, plural(sc->shape_count), (long long)sc->vertex_count,
            sc->vertex_count == 1 ? "ex" : "ices", gjk2d_isa(), threads, plural(threads));
    fprintf(stderr, "run: statuses%s:", frames > 1 ? " of the last frame" : "");
    for (int k = 0; k < STATUS_KINDS; k++)
        fprintf(stderr, "%s %s %lld", k ? "," : "", gjk2d_status_name((gjk2d_status)k), (long long)counts[k]);
    fprintf(stderr, "\n");
    fprintf(stderr, "run: parse %.3f s, run %.3f s (%.2f Mpairs/s), write %.3f s (%.2f Mrows/s), peak RSS %.1f MiB\n",
            parse_s, run_s, n / run_s * 1e-6, write_s, n / write_s * 1e-6, (double)ru.ru_maxrss / 1024.0);
}

typedef struct run_opts {
    common_opts common;
    int verbose, cold;
    int64_t frames;           ///< -1: every frame of the scene
    double max_distance;      ///< INFINITY: no cutoff
    double margin;            ///< -1: not given
    double target, tolerance; ///< the time of impact's; NAN: not given
} run_opts;

// A non-negative number option (--max-distance, --margin); returns 0 or -1 after reporting.
static int opt_nonnegative(int argc, char **argv, int *i, const char *name, double *out) {
    const char *v = opt_value(argc, argv, i, name);
    if (!v) return -1;
    if (parse_f64(v, out) || !(*out >= 0.0) || *out > 1e15) {
        cli_error("%s needs a number in [0, 1e15], got '%s'", name, v);
        return -1;
    }
    return 0;
}

// Parse the arguments; returns -1 on a bad one (reported), 1 after --help, else 0.
static int parse_run_args(int argc, char **argv, run_opts *o) {
    common_defaults(&o->common, "run", OPT_SCENE | OPT_ISA | OPT_QUERY | OPT_THREADS | OPT_OUTPUT);
    o->common.query = "distance";
    o->verbose = o->cold = 0;
    o->frames = -1;
    o->max_distance = INFINITY;
    o->margin = -1;
    o->target = o->tolerance = NAN;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        if (is_help(a)) {
            fputs(run_help, stdout);
            return 1;
        } else if (strcmp(a, "--verbose") == 0 || strcmp(a, "-v") == 0) {
            o->verbose = 1;
        } else if (strcmp(a, "--cold") == 0) {
            o->cold = 1;
        } else if (opt_is(a, "--frames")) {
            if (opt_count(argc, argv, &i, "--frames", 1, INT32_MAX, &o->frames)) return -1;
        } else if (opt_is(a, "--max-distance")) {
            if (opt_nonnegative(argc, argv, &i, "--max-distance", &o->max_distance)) return -1;
        } else if (opt_is(a, "--target") || opt_is(a, "--tolerance")) {
            int is_target = opt_is(a, "--target");
            const char *name = is_target ? "--target" : "--tolerance", *v = opt_value(argc, argv, &i, name);
            double x;
            if (!v) return -1;
            if (parse_f64(v, &x) || !isfinite(x) || fabs(x) > 1e15 || (!is_target && !(x > 0))) {
                cli_error("%s needs a %s number, got '%s'", name, is_target ? "finite" : "finite positive", v);
                return -1;
            }
            *(is_target ? &o->target : &o->tolerance) = x;
        } else if (opt_is(a, "--margin")) {
            if (opt_nonnegative(argc, argv, &i, "--margin", &o->margin)) return -1;
        } else if (common_option(argc, argv, &i, &o->common) < 0) {
            return -1;
        }
    }
    if (!o->common.scene) {
        cli_error("run: missing SCENE (see 'gjk2d run --help')");
        return -1;
    }
    return 0;
}

// The options that only some queries take, checked against the query.
static int check_query_options(const run_opts *o, int kind) {
    if (!isinf(o->max_distance) && kind != QUERY_DISTANCE) {
        cli_error("run: --max-distance is for --query distance, not %s", query_names[kind]);
        return -1;
    }
    if (o->cold && kind != QUERY_DISTANCE && kind != QUERY_OVERLAP) {
        cli_error("run: --cold is for --query distance or overlap (the queries with a cache), not %s",
                  query_names[kind]);
        return -1;
    }
    if ((!isnan(o->target) || !isnan(o->tolerance)) && kind != QUERY_TOI) {
        cli_error("run: --target and --tolerance are for --query toi, not %s", query_names[kind]);
        return -1;
    }
    if (o->margin >= 0 && kind != QUERY_MANIFOLD) {
        cli_error("run: --margin is for --query manifold, not %s", query_names[kind]);
        return -1;
    }
    return 0;
}

// Mean GJK iterations of the computed pairs (distance and overlap), or NAN.
static double mean_iterations(const results *r) {
    if (!r->iterations) return NAN;
    double sum = 0;
    int64_t n = 0;
    for (int64_t k = 0; k < r->n; k++)
        if (r->status[k] == GJK2D_STATUS_OK || r->status[k] == GJK2D_STATUS_MAXITER ||
            r->status[k] == GJK2D_STATUS_BEYOND) {
            sum += r->iterations[k];
            n++;
        }
    return n ? sum / (double)n : NAN;
}

// A frame's line on stderr: its rate (the batch calls alone), mean iterations, pairs beyond the cutoff.
static void report_frame(const results *r, int32_t f, const char *mode, double seconds) {
    int64_t counts[STATUS_KINDS];
    count_statuses(r, counts);
    fprintf(stderr, "run: frame %d: %lld %s, %s %.2f Mpairs/s", f, (long long)r->n,
            r->kind == QUERY_RAY     ? "rays"
            : r->kind == QUERY_POINT ? "points"
                                     : "pairs",
            mode, seconds > 0 ? (double)r->n / seconds * 1e-6 : 0.0);
    if (r->iterations) fprintf(stderr, ", mean iterations %.3f", mean_iterations(r));
    if (r->kind == QUERY_DISTANCE) fprintf(stderr, ", beyond %lld", (long long)counts[GJK2D_STATUS_BEYOND]);
    fputc('\n', stderr);
}

// A run's scene, the batch's inputs and the arrays they point into.
typedef struct run_state {
    scene sc;
    query_input q; ///< the batch's inputs (q.in), step by step
    results res;
    int32_t frames; ///< frames run
    int32_t steps;  ///< batch calls: one per frame, or per pair of consecutive frames (cast, toi)
} run_state;

static void run_state_free(run_state *r) {
    results_free(&r->res);
    query_input_free(&r->q);
    free(r->q.in.cache);
    scene_free(&r->sc);
}

// The loaded scene's frames and steps for the query, and the scene prepared. -1 (scene freed) after
// reporting a problem.
static int prepare_run(const run_opts *o, int kind, run_state *r) {
    const char *query = o->common.query, *scene_path = o->common.scene;
    scene *sc = &r->sc;
    int32_t frames = sc->frame_count > 1 ? sc->frame_count : 1;
    if (o->frames > frames) {
        cli_error("run: --frames %lld, but %s has %d frame%s", (long long)o->frames, scene_path, frames,
                  plural(frames));
        scene_free(sc);
        return -1;
    }
    if (o->frames > 0) frames = (int32_t)o->frames;
    int stepped = kind == QUERY_CAST || kind == QUERY_TOI;
    if (stepped && frames < 2) {
        cli_error("run: --query %s needs a scene with frames ('gjk2d gen --frames'): pair k moves as its shapes do "
                  "from one frame to the next",
                  query);
        scene_free(sc);
        return -1;
    }
    r->frames = frames;
    r->steps = query_steps((query_kind)kind, frames);
    if (scene_prepare(sc, scene_path) < 0) {
        scene_free(sc);
        return -1;
    }
    if ((kind == QUERY_RAY && !sc->ray_shape) || (kind == QUERY_POINT && !sc->point_shape)) {
        cli_error("run: --query %s needs a '%s' section in %s (see 'gjk2d run --help')", query,
                  kind == QUERY_RAY ? "rays" : "points", scene_path);
        scene_free(sc);
        return -1;
    }
    return 0;
}

// The batch's inputs over the prepared scene and the results' arrays. -1 (everything freed) when out of
// memory.
static int alloc_run(const run_opts *o, int kind, run_state *r) {
    scene *sc = &r->sc;
    batch_input *in = &r->q.in;
    if (query_input_init(&r->q, sc, (query_kind)kind) != 0) {
        cli_error("out of memory for the inputs of %lld pairs", (long long)sc->pair_count);
        run_state_free(r);
        return -1;
    }
    int64_t items = kind == QUERY_RAY ? sc->ray_count : kind == QUERY_POINT ? sc->point_count : sc->pair_count;
    in->max_distance = (float)o->max_distance;
    in->margin = o->margin > 0 ? (float)o->margin : 0.0f;
    // Distance and overlap go through the cached calls over frames or with a cutoff; --cold passes no cache.
    in->cached = (kind == QUERY_DISTANCE || kind == QUERY_OVERLAP) && (r->frames > 1 || !isinf(o->max_distance));
    if (in->cached && !o->cold)
        in->cache = calloc((size_t)(sc->pair_count > 0 ? sc->pair_count : 1), sizeof(gjk2d_cache));
    if (!isnan(o->target)) in->target = (float)o->target;
    if (!isnan(o->tolerance)) in->tolerance = (float)o->tolerance;
    if (results_alloc(&r->res, (query_kind)kind, items) != 0 || (in->cached && !o->cold && !in->cache)) {
        cli_error("out of memory for the results of %lld pairs", (long long)sc->pair_count);
        run_state_free(r);
        return -1;
    }
    r->res.with_frame = sc->frame_count > 1;
    return 0;
}

// Every step's batch call, its frame line and its CSV rows. Returns the exit status; *rc is the first
// failure (a frame's bad pose or a batch call's error code), *run_s the seconds in the batch calls.
static int run_steps(const run_opts *o, int kind, run_state *r, int *rc, double *run_s) {
    const char *query = o->common.query, *scene_path = o->common.scene;
    const int threads = (int)o->common.threads, steps = r->steps;
    scene *sc = &r->sc;
    results *res = &r->res;
    // How the frames start: from the cache carried (warm), from scratch (cold), or a query without a cache.
    const char *mode = r->q.in.cache ? "warm" : r->q.in.cached ? "cold" : query;
    outfile out;
    double frame_sum_rate = 0;
    if (out_open(&out, o->common.output) != 0) return EXIT_USAGE;
    out_puts(&out, csv_header((query_kind)kind, res->with_frame));
    for (int32_t f = 0; f < steps && *rc == 0; f++) {
        if (f > 0 && scene_check_frame(sc, f, scene_path) < 0) {
            *rc = -1;
            break;
        }
        query_input_step(&r->q, sc, (query_kind)kind, f);
        progress prog;
        progress_start(&prog, query);
        double ts = now_seconds();
        *rc = run_batch((query_kind)kind, &r->q.in, res, threads, steps > 1 ? NULL : &prog);
        double seconds = now_seconds() - ts;
        progress_end(&prog);
        *run_s += seconds;
        if (*rc != 0) {
            cli_error("%s batch failed: %s", query, gjk2d_error_message(*rc));
            break;
        }
        if (sc->frame_count > 1) {
            report_frame(res, f, mode, seconds);
            if (f > 0 && seconds > 0) frame_sum_rate += (double)res->n / seconds;
        }
        res->frame = f;
        progress_start(&prog, "write");
        write_csv(&out, res, threads, steps > 1 ? NULL : &prog);
        progress_end(&prog);
    }
    if (steps > 1 && *rc == 0)
        fprintf(stderr, "run: %d frame%s, %s: %.2f Mpairs/s over frames 1..%d (mean of the frames' rates)\n", steps,
                plural(steps), mode, frame_sum_rate / (steps - 1) * 1e-6, steps - 1);
    return out_close(&out, *rc == 0) == 0 && *rc == 0 ? EXIT_OK : EXIT_USAGE;
}

int cmd_run(int argc, char **argv) {
    run_opts o;
    int parsed = parse_run_args(argc, argv, &o);
    if (parsed != 0) return parsed > 0 ? EXIT_OK : EXIT_USAGE;
    const char *isa = o.common.isa;
    int kind = parse_query(o.common.query);
    // Without --isa the library's own choice stands (the best ISA, or GJK2D_ISA from the environment).
    if (kind < 0 || check_query_options(&o, kind) != 0 || (isa && select_isa(isa) != 0)) return EXIT_USAGE;

    run_state r;
    memset(&r, 0, sizeof r);
    double t0 = now_seconds();
    if (scene_load(o.common.scene, &r.sc) != 0) return EXIT_USAGE;
    double t1 = now_seconds();
    if (prepare_run(&o, kind, &r) != 0 || alloc_run(&o, kind, &r) != 0) return EXIT_USAGE;
    int rc = 0;
    double run_s = 0;
    int status = run_steps(&o, kind, &r, &rc, &run_s);
    double t4 = now_seconds();
    if (o.verbose && rc == 0)
        report_run(&r.sc, &r.res, (int)o.common.threads, r.steps, t1 - t0, run_s, t4 - t1 - run_s);
    run_state_free(&r);
    return status;
}
