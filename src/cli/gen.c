// Scene generator. Each pair gets two fresh random convex polygons; B is placed along a random
// direction from A at a distance chosen relative to the contact distance, so the fraction of
// overlapping pairs follows --overlap, and every pair is checked with gjk2d_distance.
#include "gen.h"

#include <stdio.h>

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "commands.h"

const char gen_options_help[] =
    "  --pairs M         number of pairs (required); each pair gets two shapes of its own\n"
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
        if (!(v = opt_value(argc, argv, i, "--pairs"))) return -1;
        if (parse_i64(v, &n) || n < 0) {
            cli_error("--pairs needs a count >= 0, got '%s'", v);
            return -1;
        }
        o->pairs = n;
    } else if (opt_is(a, "--min-verts") || opt_is(a, "--max-verts")) {
        int is_min = opt_is(a, "--min-verts");
        const char *name = is_min ? "--min-verts" : "--max-verts";
        if (!(v = opt_value(argc, argv, i, name))) return -1;
        if (parse_i64(v, &n) || n < 1 || n > GJK2D_MAX_VERTICES) {
            cli_error("%s needs a count in [1, %d], got '%s'", name, GJK2D_MAX_VERTICES, v);
            return -1;
        }
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
    if (o->pairs > INT32_MAX / 2) {
        cli_error("--pairs %lld is too many: two shapes per pair must stay below %d shapes", (long long)o->pairs,
                  INT32_MAX);
        return -1;
    }
    return 0;
}

// A random convex shape around its local origin: n points on an ellipse at sorted random angles
// (every gap below pi keeps the origin inside), rounded to float. Returns its bounding radius.
static float random_shape(rng *r, int n, float *vx, float *vy) {
    if (n == 1) {
        vx[0] = vy[0] = 0.0f;
        return 0.0f;
    }
    double size = rng_range(r, 0.3, 1.5), aspect = rng_range(r, 0.4, 1.0), tilt = rng_range(r, 0.0, 2.0 * PI);
    if (n == 2) {
        double h = 0.5 * size * (1.0 + aspect);
        vx[0] = (float)(-h * cos(tilt));
        vy[0] = (float)(-h * sin(tilt));
        vx[1] = (float)(h * cos(tilt));
        vy[1] = (float)(h * sin(tilt));
        return (float)h;
    }
    // Gaps between consecutive angles, each at least a third of the mean, so no turn is nearly
    // straight and no edge nearly zero: the polygon stays strictly convex after rounding.
    double gap[GJK2D_MAX_VERTICES], total = 0.0;
    for (int k = 0; k < n; k++) total += gap[k] = rng_range(r, 1.0, 3.0);
    double theta = rng_range(r, 0.0, 2.0 * PI), ct = cos(tilt), st = sin(tilt), bound = 0.0;
    for (int k = 0; k < n; k++) {
        double ex = size * cos(theta), ey = size * aspect * sin(theta);
        vx[k] = (float)(ct * ex - st * ey);
        vy[k] = (float)(st * ex + ct * ey);
        double d = hypot(vx[k], vy[k]);
        if (d > bound) bound = d;
        theta += 2.0 * PI * gap[k] / total;
    }
    return (float)bound;
}

static int shape_ok(const scene *sc, int32_t i) {
    gjk2d_vec2 v[GJK2D_MAX_VERTICES];
    gjk2d_shape shape = scene_shape(sc, i, v);
    gjk2d_pose pose = scene_pose(sc, i);
    return gjk2d_validate_shape(&shape, &pose, NULL) == GJK2D_PROBLEM_NONE;
}

static void add_shape(const gen_opts *o, rng *r, scene *sc, int32_t i, float *bound) {
    int n = rng_int(r, o->min_verts, o->max_verts);
    int64_t first = sc->vertex_count;
    sc->first[i] = (int32_t)first;
    sc->count[i] = n;
    sc->radius[i] = (float)o->radius;
    sc->px[i] = sc->py[i] = 0.0f;
    sc->c[i] = 1.0f;
    sc->s[i] = 0.0f;
    sc->angle[i] = 0.0f;
    for (int attempt = 0;; attempt++) {
        *bound = random_shape(r, n, sc->vx + first, sc->vy + first);
        if (shape_ok(sc, i) || attempt == 100) break;
    }
    sc->vertex_count = first + n;
}

static void set_pose(scene *sc, int32_t i, float px, float py, float angle) {
    gjk2d_pose pose = gjk2d_pose_from_angle(px, py, angle);
    sc->px[i] = pose.px;
    sc->py[i] = pose.py;
    sc->c[i] = pose.c;
    sc->s[i] = pose.s;
    sc->angle[i] = angle;
}

static float pair_distance(const scene *sc, int32_t a, int32_t b, int *overlap) {
    gjk2d_vec2 va[GJK2D_MAX_VERTICES], vb[GJK2D_MAX_VERTICES];
    gjk2d_shape sa = scene_shape(sc, a, va), sb = scene_shape(sc, b, vb);
    gjk2d_pose pa = scene_pose(sc, a), pb = scene_pose(sc, b);
    gjk2d_distance_result res;
    gjk2d_distance(&sa, &pa, &sb, &pb, &res, NULL);
    *overlap = res.core_distance <= sa.radius + sb.radius;
    return res.distance;
}

// Place B at A + t * u with both positions inside the box: the pair is centred at a random spot.
static void place(scene *sc, int32_t a, int32_t b, double cx, double cy, double t, double ux, double uy) {
    double dx = t * ux, dy = t * uy;
    set_pose(sc, a, (float)(cx - 0.5 * dx), (float)(cy - 0.5 * dy), sc->angle[a]);
    set_pose(sc, b, (float)(cx + 0.5 * dx), (float)(cy + 0.5 * dy), sc->angle[b]);
}

int gen_scene(const gen_opts *o, rng *r, int64_t pairs, scene *sc, int64_t *overlapping, progress *prog) {
    if (scene_alloc(sc, (int32_t)(2 * pairs), 2 * pairs * o->max_verts, pairs, 1) != 0) return -1;
    sc->shape_count = (int32_t)(2 * pairs);
    sc->pair_count = pairs;
    int64_t hits = 0;
    for (int64_t k = 0; k < pairs; k++) {
        int32_t a = (int32_t)(2 * k), b = a + 1;
        float bound_a, bound_b;
        add_shape(o, r, sc, a, &bound_a);
        add_shape(o, r, sc, b, &bound_b);
        sc->pa[k] = a;
        sc->pb[k] = b;
        sc->angle[a] = (float)rng_range(r, -PI, PI);
        sc->angle[b] = (float)rng_range(r, -PI, PI);
        double phi = rng_range(r, 0.0, 2.0 * PI), ux = cos(phi), uy = sin(phi);
        double reach = (double)bound_a + bound_b + 2.0 * o->radius; // beyond this the pair is apart
        double margin = 0.5 * reach + 2.0, cx = rng_range(r, -BOX + margin, BOX - margin);
        double cy = rng_range(r, -BOX + margin, BOX - margin);

        // Contact offset t* along u: march in from `reach`; the distance is 1-Lipschitz in t, so
        // t - d(t) never passes t* (sphere tracing).
        double t = reach + 1e-3;
        int ov;
        for (int step = 0; step < 12; step++) {
            place(sc, a, b, cx, cy, t, ux, uy);
            float d = pair_distance(sc, a, b, &ov);
            if (ov || d < 1e-4f * (float)reach) break;
            t -= d;
        }
        double contact = t > 0.0 ? t : 0.0;
        int want = rng_unit(r) < o->overlap;
        double scale = reach > 0.0 ? reach : 1.0;
        for (int attempt = 0; attempt < 16; attempt++) {
            double off;
            if (want) // anywhere from concentric to just touching
                off = contact * rng_range(r, 0.0, 0.98) * (attempt < 8 ? 1.0 : 0.5);
            else      // gaps from a hair to about the pair's size, skewed small to exercise near contact
                off = contact + scale * (0.002 + 0.8 * pow(rng_unit(r), 2.0)) * (attempt < 8 ? 1.0 : 2.0);
            place(sc, a, b, cx, cy, off, ux, uy);
            pair_distance(sc, a, b, &ov);
            if (ov == want) break;
        }
        hits += ov;
        if ((k & 0x3fff) == 0 && prog) progress_update(prog, k, pairs);
    }
    *overlapping = hits;
    return 0;
}

static const char gen_help[] =
    "usage: gjk2d gen --pairs M [options] [-o FILE]\n"
    "\n"
    "Write a random valid scene: M pairs, each of two fresh random convex shapes, positions in the\n"
    "20 x 20 box [-10, 10]^2, B placed from A along a random direction so that about the fraction F\n"
    "of the pairs overlap. The fraction achieved (by gjk2d_distance) is printed on stderr.\n"
    "\n"
    "options:\n"
    "%s"
    "  -o FILE           output file ('-' or none: stdout); written under a temporary name, then renamed\n"
    "\n"
    "examples:\n"
    "  gjk2d gen --pairs 1000000 --seed 1 -o w1.scene                 # W1: 3..8-gons, half overlapping\n"
    "  gjk2d gen --pairs 1000000 --min-verts 8 --max-verts 8 -o w2.scene  # W2: all 8-gons\n";

int cmd_gen(int argc, char **argv) {
    gen_opts o;
    gen_defaults(&o);
    const char *out_path = NULL;
    for (int i = 1; i < argc; i++) {
        if (is_help(argv[i])) {
            printf(gen_help, gen_options_help);
            return EXIT_OK;
        }
        int g = gen_option(argc, argv, &i, &o);
        if (g < 0) return EXIT_USAGE;
        if (g > 0) continue;
        if (opt_is(argv[i], "-o") || opt_is(argv[i], "--output")) {
            if (!(out_path = opt_value(argc, argv, &i, "-o"))) return EXIT_USAGE;
        } else {
            return unknown_option("gen", argv[i]);
        }
    }
    if (gen_check(&o) != 0) return EXIT_USAGE;

    rng r;
    rng_seed(&r, o.seed);
    scene sc;
    int64_t overlapping = 0;
    progress prog;
    progress_start(&prog, "gen");
    if (gen_scene(&o, &r, o.pairs, &sc, &overlapping, &prog) != 0) {
        progress_end(&prog);
        cli_error("out of memory for %lld pairs", (long long)o.pairs);
        return EXIT_USAGE;
    }
    progress_end(&prog);
    outfile out;
    if (out_open(&out, out_path) != 0) {
        scene_free(&sc);
        return EXIT_USAGE;
    }
    scene_write(&sc, &out);
    int rc = out_close(&out, 1);
    fprintf(stderr, "gen: %lld pairs, %d shapes, %lld vertices; overlapping %lld = %.4f (target %.4f)\n",
            (long long)sc.pair_count, sc.shape_count, (long long)sc.vertex_count, (long long)overlapping,
            sc.pair_count ? (double)overlapping / (double)sc.pair_count : 0.0, o.overlap);
    scene_free(&sc);
    return rc == 0 ? EXIT_OK : EXIT_USAGE;
}
